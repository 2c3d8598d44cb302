"""What the referee pages need from the tables API: the first dealer chosen at creation (a
physical table's referee enters who deals), and the referee pages served."""

from __future__ import annotations

from typing import Any

import pytest
from tables_driver import API, TestClientHttp

from tutor import create_app


@pytest.fixture
def http(tmp_path: Any) -> TestClientHttp:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/tables.db"})
    return TestClientHttp(app.test_client())


@pytest.mark.parametrize(("players", "dealer"), [(4, 2), (5, 4), (3, 0), (6, 5)])
def test_first_dealer_chosen_at_creation(http: TestClientHttp, players: int,
                                         dealer: int) -> None:
    """The chosen seat deals the first deal; the player on his right speaks first; the deal
    then passes to the right (deal.dealer-rotation)."""
    status, table = http.post(API, {"players": players, "deals": 3, "mode": "physical",
                                    "dealer": dealer})
    assert status == 201, table
    deal = table["table"]["deal"]
    assert table["table"]["dealer"] == dealer
    assert deal["dealer"] == dealer or players > 5
    expected = table["table"]["you"]["expected"]
    people = deal["people"]
    assert expected["seat"] == people[(people.index(dealer) + 1) % len(people)] \
        if dealer in people else expected["seat"] in people
    token = table["referee_token"]
    seq = table["table"]["seq"]
    for _ in range(len(people)):  # everybody passes: the next dealer deals
        status, answer = http.post(f"{API}/{table['id']}/actions", {
            "type": "bid", "bid": "passe", "seat": expected["seat"], "seq": seq}, token)
        assert status == 201, answer
        seq = answer["seq"]
        expected = answer["table"]["you"]["expected"]
    assert answer["table"]["dealer"] == (dealer + 1) % players


def test_first_dealer_out_of_range_is_a_422(http: TestClientHttp) -> None:
    status, problem = http.post(API, {"players": 4, "dealer": 4})
    assert status == 422
    assert problem["errors"][0]["pointer"] == "/dealer"


def test_a_bot_table_deals_from_the_first_dealer(http: TestClientHttp) -> None:
    status, table = http.post(API, {"players": 4, "deals": 3, "dealer": 3,
                                    "bots": [0, 1, 2, 3]})
    assert status == 201, table
    sheet_dealers = [e for e in table["table"]["scoresheet"]["entries"]]
    assert len(sheet_dealers) == 3
    status, events = http.get(f"{API}/{table['id']}/events?since=0", table["referee_token"])
    deals = [e for e in events["events"] if e["type"] == "deal"]
    assert deals[0]["dealer"] == 3


@pytest.mark.parametrize("path", ["/referee", "/referee/physical", "/referee/evening",
                                  "/referee/new", "/referee/table/abcdefgh12"])
def test_referee_pages_are_served(http: TestClientHttp, path: str) -> None:
    response = http.client.get(path + "?lang=en")
    assert response.status_code == 200
    assert response.headers["Content-Language"] == "en"


def _live(http: TestClientHttp, **extra: Any) -> dict[str, Any]:
    status, table = http.post(API, {"players": 4, "deals": 3, **extra})
    assert status == 201, table
    return table


def test_referee_hands_an_idle_seat_to_a_robot_and_back(http: TestClientHttp) -> None:
    """The robot plays at once when it is that seat's turn; the seat's token then sees no legal
    action; given back, the seat's person plays again. A ``seat`` event records each change."""
    table = _live(http, bots=[1, 2, 3])
    tid, referee = table["id"], table["referee_token"]
    seat0 = table["seat_tokens"][0]["token"]
    status, view = http.get(f"{API}/{tid}", seat0)
    assert view["to_move"] == 0 and view["you"]["legal"]["bids"]  # seat 0 must bid
    status, answer = http.post(f"{API}/{tid}/actions",
                               {"type": "robot", "seat": 0, "seq": view["seq"]}, referee)
    assert status == 201, answer
    kinds = [e["type"] for e in answer["events"]]
    assert kinds[0] == "seat" and answer["events"][0] == {
        "seq": view["seq"] + 1, "type": "seat", "seat": 0, "robot": True}
    assert "action" in kinds  # the robot bid at once (and the robots played on)
    assert answer["table"]["bots"] == [0, 1, 2, 3]
    # a whole table of robots plays the partie to its end
    assert answer["table"]["over"] is True
    status, view = http.get(f"{API}/{tid}", seat0)
    assert status == 401  # the seat's token went with the seat (issue 28)


def test_seat_given_back_to_its_person(http: TestClientHttp) -> None:
    table = _live(http)
    tid, referee = table["id"], table["referee_token"]
    seq = table["table"]["seq"]
    status, answer = http.post(f"{API}/{tid}/actions", {"type": "robot", "seat": 2, "seq": seq},
                               referee)
    assert status == 201 and answer["table"]["bots"] == [2]
    seq = answer["seq"]
    status, answer = http.post(f"{API}/{tid}/actions", {"type": "person", "seat": 2,
                                                        "seq": seq}, referee)
    assert status == 201 and answer["table"]["bots"] == []
    assert answer["events"][-1]["robot"] is False
    assert [t["seat"] for t in answer["seat_tokens"]] == [2]  # a new invite link
    assert http.get(f"{API}/{tid}", answer["seat_tokens"][0]["token"])[0] == 200
    assert http.get(f"{API}/{tid}", table["seat_tokens"][2]["token"])[0] == 401
    # asking again changes nothing and logs nothing
    status, again = http.post(f"{API}/{tid}/actions", {"type": "person", "seat": 2,
                                                       "seq": answer["seq"]}, referee)
    assert status == 201 and again["events"] == [] and again["seq"] == answer["seq"]


def test_only_the_referee_hands_seats_and_never_at_a_physical_table(
        http: TestClientHttp) -> None:
    table = _live(http)
    tid = table["id"]
    seat1 = table["seat_tokens"][1]["token"]
    seq = table["table"]["seq"]
    status, problem = http.post(f"{API}/{tid}/actions", {"type": "robot", "seat": 0,
                                                         "seq": seq}, seat1)
    assert status == 403, problem
    status, problem = http.post(f"{API}/{tid}/actions", {"type": "robot", "seq": seq},
                                table["referee_token"])
    assert status == 422 and problem["errors"][0]["pointer"] == "/seat"
    status, physical = http.post(API, {"players": 4, "mode": "physical"})
    status, problem = http.post(f"{API}/{physical['id']}/actions", {
        "type": "robot", "seat": 0, "seq": physical["table"]["seq"]},
        physical["referee_token"])
    assert status == 422 and problem["errors"][0]["code"] == "physical-no-robot"
    status, after = http.get(f"{API}/{tid}/events?since={seq}", table["referee_token"])
    assert after["events"] == []  # nothing recorded by the refusals


def test_presence_shows_which_seats_are_connected(http: TestClientHttp) -> None:
    """A seat whose token asked for the table is connected; the others are not; the
    referee's own requests make no seat connected."""
    table = _live(http, bots=[3])
    tid, referee = table["id"], table["referee_token"]
    status, view = http.get(f"{API}/{tid}", referee)
    assert [p["connected"] for p in view["presence"]] == [False] * 4
    assert [p["robot"] for p in view["presence"]] == [False, False, False, True]
    http.get(f"{API}/{tid}", table["seat_tokens"][0]["token"])
    http.get(f"{API}/{tid}/events?since=0", table["seat_tokens"][2]["token"])
    status, view = http.get(f"{API}/{tid}", referee)
    assert [p["connected"] for p in view["presence"]] == [True, False, True, False]


def test_presence_expires(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """On the presence's own clock, stopped: a seat seen is connected, and idle once the
    window has passed (on the wall clock, a loaded machine could let the 0.4 s go by between
    the seat's request and the referee's, and the first check failed)."""
    from datetime import UTC, datetime, timedelta

    from tutor.tables import presence as presence_module

    class Clock(datetime):
        at = datetime.now(UTC)

        @classmethod
        def now(cls, tz: Any = None) -> datetime:  # type: ignore[override]
            return cls.at

    monkeypatch.setattr(presence_module, "datetime", Clock)
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/p.db",
                      "TABLES_PRESENCE_SECONDS": 0.4})
    http = TestClientHttp(app.test_client())
    table = _live(http)
    http.get(f"{API}/{table['id']}", table["seat_tokens"][1]["token"])
    status, view = http.get(f"{API}/{table['id']}", table["referee_token"])
    assert view["presence"][1]["connected"] is True
    Clock.at += timedelta(seconds=0.39)  # still within the window
    status, view = http.get(f"{API}/{table['id']}", table["referee_token"])
    assert view["presence"][1]["connected"] is True
    Clock.at += timedelta(seconds=0.11)
    status, view = http.get(f"{API}/{table['id']}", table["referee_token"])
    assert view["presence"][1]["connected"] is False
