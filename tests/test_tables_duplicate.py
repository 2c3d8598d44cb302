"""Duplicate: tables created from one prepared deal with an imposed garde and taker, played to
the end, then compared with POST /api/v1/duplicate/compare (FFT 2012 duplicate: topage notes
of the takers, defenders' notes, quadrettes' match points)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from tables_driver import API, TestClientHttp, choose

from rules_fr.deal import deal
from rules_fr.duplicate import defender_note, match_points, topage_notes
from tutor import create_app

COMPARE = "/api/v1/duplicate/compare"


@pytest.fixture(scope="module")
def http(tmp_path_factory: Any) -> TestClientHttp:
    path = tmp_path_factory.mktemp("duplicate")
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{path}/tables.db"})
    return TestClientHttp(app.test_client())


DEALT = deal(4, 0, seed=31)
PRESET = {"hands": [h.codes() for h in DEALT.hands], "chien": DEALT.chien.codes(),
          "dealer": 0, "taker": 2, "contract": "garde"}


def _duplicate(http: TestClientHttp, preset: dict[str, Any], taker_plays: bool) -> dict[str, Any]:
    """A duplicate table: bots everywhere but the taker's seat when ``taker_plays``."""
    bots = [s for s in range(4) if not (taker_plays and s == preset["taker"])]
    status, table = http.post(API, {"players": 4, "deals": 3, "bots": bots,
                                    "duplicate": preset})
    assert status == 201, table
    return table


def _play_taker(http: TestClientHttp, table: dict[str, Any], rng: random.Random) -> None:
    """The taker's seat plays legal cards of its own choosing until the partie is over."""
    tid, token = table["id"], table["seat_tokens"][PRESET["taker"]]["token"]
    for _ in range(200):
        _, view = http.get(f"{API}/{tid}", token)
        if view["over"]:
            return
        status, body = http.post(f"{API}/{tid}/actions", choose(view, rng), token)
        assert status == 201, body
    raise AssertionError("the partie did not end")


@pytest.fixture(scope="module")
def tables(http: TestClientHttp) -> list[dict[str, Any]]:
    """Four tables on the same deal: three where the taker's seat is played (differently at
    each, so the results differ) against the advice bots, one all bots."""
    made = []
    for k in range(3):
        table = _duplicate(http, PRESET, taker_plays=True)
        _play_taker(http, table, random.Random(100 + k))
        made.append(table)
    made.append(_duplicate(http, PRESET, taker_plays=False))
    return made


def _refs(tables: list[dict[str, Any]], key: str = "referee_token") -> list[dict[str, str]]:
    return [{"id": t["id"], "token": t[key] if key == "referee_token"
             else t["seat_tokens"][0]["token"]} for t in tables]


def test_duplicate_tables_play_the_given_deal_with_the_imposed_garde(
        http: TestClientHttp, tables: list[dict[str, Any]]) -> None:
    """Every deal of every table is the prepared deal, taken by the imposed taker at the
    imposed garde, with no bid; the tables share one deal key."""
    keys = set()
    for table in tables:
        _, view = http.get(f"{API}/{table['id']}", table["referee_token"])
        assert view["mode"] == "duplicate" and view["over"]
        keys.add(view["duplicate"]["deal_key"])
        assert view["duplicate"]["taker"] == 2 and view["duplicate"]["contract"] == "garde"
        assert [e["taker"] for e in view["scoresheet"]["entries"]] == [2, 2, 2]
        _, events = http.get(f"{API}/{table['id']}/events?since=0", table["referee_token"])
        deals = [e for e in events["events"] if e["type"] == "deal"]
        assert len(deals) == 3
        assert all(e["contract"] == "garde" and e["taker"] == 2 for e in deals)
        assert not [e for e in events["events"] if e.get("action") == "bid"]
        seat = table["seat_tokens"][1]["token"]  # a seat sees its hand of the prepared deal
        _, seen = http.get(f"{API}/{table['id']}/events?since=0", seat)
        assert next(e for e in seen["events"] if e["type"] == "deal")["hand"] == \
            DEALT.hands[1].codes()
    assert len(keys) == 1


def test_duplicate_compare_topage_notes_and_match_points(
        http: TestClientHttp, tables: list[dict[str, Any]]) -> None:
    """On each deal number the takers are ranked into topage notes (rules_fr.duplicate), each
    defender's note is 100 minus his taker's, and each pair of tables has the match points of
    its takers' score gap; a seat's token serves as well as the referee's."""
    status, result = http.post(COMPARE, {"tables": _refs(tables)})
    assert status == 200, result
    assert result["players"] == 4 and result["taker"] == 2 and result["contract"] == "garde"
    assert [t["plays"] for t in result["tables"]] == [3, 3, 3, 3]
    assert [d["number"] for d in result["deals"]] == [1, 2, 3]
    sheets = []
    for table in tables:
        _, view = http.get(f"{API}/{table['id']}", table["referee_token"])
        sheets.append(view["scoresheet"]["entries"])
    distinct = set()
    for board in result["deals"]:
        n = board["number"]
        plays = board["plays"]
        assert [p["table"] for p in plays] == [t["id"] for t in tables]
        scores = [sheet[n - 1]["scores"][2] for sheet in sheets]
        assert [p["taker_score"] for p in plays] == scores
        distinct |= set(scores)
        notes = topage_notes(scores)
        for play, note, score in zip(plays, notes, scores, strict=True):
            assert play["taker_note"] == round(float(note), 2)
            assert play["defender_note"] == round(float(defender_note(note)), 2)
            assert play["rank"] == 1 + sum(s > score for s in scores)
            assert play["taker"] == 2 and play["taker_name"] == tables[0]["seat_tokens"][2][
                "name"]
        # the served notes are rounded to 2 decimals (83.33 for 250/3): their sum is the
        # exact notes' sum within the rounding
        assert abs(sum(Fraction(str(p["taker_note"])) for p in plays) - sum(notes)) <= \
            Fraction(len(plays), 200)
        assert len(board["pairs"]) == 6  # 4 tables: every pair once
        for pair in board["pairs"]:
            a, b = (scores[[t["id"] for t in tables].index(x)] for x in pair["tables"])
            assert pair["gap"] == a - b
            assert pair["match_points"] == float(match_points(a - b))
    assert len(distinct) > 1  # the tables' results differ: the comparison means something
    status, again = http.post(COMPARE, {"tables": _refs(tables, key="seat")})
    assert status == 200 and again == result


def test_duplicate_compare_refusals(http: TestClientHttp, tables: list[dict[str, Any]]) -> None:
    """A wrong token: 401; an unknown table: 404; a table given twice, a table that is not a
    duplicate, or a duplicate of another deal: 422 naming the table; too few tables: 422."""
    refs = _refs(tables[:2])
    bad = [refs[0], {"id": refs[1]["id"], "token": tables[2]["referee_token"]}]
    status, problem = http.post(COMPARE, {"tables": bad})
    assert status == 401 and problem["type"].endswith("token-invalid")
    assert http.post(COMPARE, {"tables": [refs[0], {"id": "nosuchtable0",
                                                   "token": "x"}]})[0] == 404
    status, problem = http.post(COMPARE, {"tables": [refs[0], refs[0]]})
    assert status == 422 and problem["errors"][0]["code"] == "table-twice"
    status, live = http.post(API, {"players": 4, "bots": [0, 1, 2, 3], "deals": 3})
    status, problem = http.post(COMPARE, {"tables": [
        refs[0], {"id": live["id"], "token": live["referee_token"]}]})
    assert status == 422 and problem["errors"][0]["code"] == "not-a-duplicate-table"
    other = _duplicate(http, {**PRESET, "taker": 1}, taker_plays=False)
    status, problem = http.post(COMPARE, {"tables": [
        refs[0], {"id": other["id"], "token": other["referee_token"]}]})
    assert status == 422 and problem["errors"][0]["code"] == "not-the-same-deal"
    assert tables[0]["id"] in problem["errors"][0]["detail"]
    assert http.post(COMPARE, {"tables": refs[:1]})[0] == 422


def test_duplicate_deal_key_ignores_card_order(http: TestClientHttp,
                                               tables: list[dict[str, Any]]) -> None:
    """The same deal given with its cards in another order is the same deal: comparable, and
    the advice bots, deterministic, play it the same way (equal scores share the notes)."""
    shuffled = {**PRESET, "hands": [list(reversed(h)) for h in PRESET["hands"]],
                "chien": list(reversed(PRESET["chien"]))}
    table = _duplicate(http, shuffled, taker_plays=False)
    status, result = http.post(COMPARE, {"tables": [
        {"id": tables[3]["id"], "token": tables[3]["referee_token"]},
        {"id": table["id"], "token": table["referee_token"]}]})
    assert status == 200, result
    for board in result["deals"]:
        first, second = board["plays"]
        assert first["taker_score"] == second["taker_score"]
        assert first["taker_note"] == second["taker_note"] == 50
        assert board["pairs"][0]["gap"] == 0 and board["pairs"][0]["match_points"] == 0
