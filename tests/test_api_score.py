"""POST /api/v1/score and /api/v1/score/deal: the core's score with its derivation, totals no
deal can produce refused, complete deals checked, counted and scored."""

from __future__ import annotations

import random
from typing import Any

import pytest
from api_client import post_in, problem
from flask.testing import FlaskClient

from rules_fr.contracts import Camp
from rules_fr.simulate import SimulatedDeal, play_random_deal


def post(client: FlaskClient, path: str, body: Any, lang: str = "fr") -> Any:
    return post_in(client, f"/api/v1/score{path}", body, lang)


GARDE = {"players": 4, "contract": "garde", "bouts": 2, "points": 49,
         "petit_au_bout": "taker", "poignees": [{"camp": "taker", "level": "simple"}],
         "chelem": {"announced": False, "by": None}, "alone": False}


def zero_sum(payload: dict[str, Any], players: int, alone: bool = False) -> None:
    scores = payload["scores"]
    defenders = players - 1 if players < 5 or alone else 3
    assert ("partner" in scores) == (players == 5 and not alone)  # none where there is none
    assert scores["taker"] + scores.get("partner", 0) + scores["defender"] * defenders == 0


def test_score_rulebook_example_garde(client: FlaskClient) -> None:
    """49 − 41 = 8; (25 + 8) × 2 = 66; petit au bout 20; poignée 20: 106 each."""
    payload = post(client, "", GARDE).get_json()
    assert (payload["won"], payload["target"], payload["difference"],
            payload["multiplier"]) == (True, 41, 8, 2)
    assert payload["scores"] == {"taker": 318, "defender": -106}  # no partner at four
    assert [line["code"] for line in payload["derivation"]] == [
        "target", "difference", "contract", "petit-au-bout", "poignee", "total",
        "taker-score", "defender-score"]
    assert all(line["text"] for line in payload["derivation"])
    assert payload["explanation"]
    zero_sum(payload, 4)


def test_score_in_both_languages(client: FlaskClient) -> None:
    french = post(client, "", GARDE, "fr").get_json()
    english = post(client, "", GARDE, "en").get_json()
    assert french["scores"] == english["scores"]
    assert french["explanation"] != english["explanation"]


def test_score_half_point_goes_to_the_winner(client: FlaskClient) -> None:
    """With 2 bouts, 40.5 fails by 1 and 41.5 makes it by 1."""
    base = {"players": 4, "contract": "petite", "bouts": 2}
    failed = post(client, "", {**base, "points": 40.5}).get_json()
    made = post(client, "", {**base, "points": 41.5}).get_json()
    assert (failed["won"], failed["difference"]) == (False, 1)
    assert (made["won"], made["difference"]) == (True, 1)
    assert failed["scores"]["defender"] == 26 and made["scores"]["defender"] == -26


def test_score_five_players_partner_and_alone(client: FlaskClient) -> None:
    body = {"players": 5, "contract": "garde_sans", "bouts": 1, "points": 55,
            "petit_au_bout": "defense"}
    payload = post(client, "", body).get_json()
    assert payload["scores"] == {"taker": 152, "partner": 76, "defender": -76}
    zero_sum(payload, 5)
    alone = post(client, "", {**body, "alone": True}).get_json()
    assert alone["scores"] == {"taker": 304, "defender": -76}  # alone: no partner
    zero_sum(alone, 5, alone=True)


def test_score_alone_ignored_below_five(client: FlaskClient) -> None:
    assert (post(client, "", {**GARDE, "alone": True}).get_json()["scores"]
            == post(client, "", GARDE).get_json()["scores"])


def test_score_chelem_announced_and_made(client: FlaskClient) -> None:
    body = {"players": 3, "contract": "garde_contre", "bouts": 3, "points": 91,
            "chelem": {"announced": True, "by": "taker"}}
    payload = post(client, "", body).get_json()
    assert [line["code"] for line in payload["derivation"]].count("chelem") == 1
    chelem = next(line for line in payload["derivation"] if line["code"] == "chelem")
    assert chelem["points"] == 400
    zero_sum(payload, 3)


@pytest.mark.parametrize(("points", "code"), [
    (41.25, "not-a-half-point"), (91.5, "points-range"), (-0.5, "points-range"),
    (-8.98846567431158e307, "points-range"), (1e308, "points-range"), (10**40, "points-range"),
    ("49", "field-invalid"), (None, "field-null"), (True, "field-invalid"),
])
def test_score_points_must_be_half_points(client: FlaskClient, points: Any,
                                          code: str) -> None:
    payload = problem(post(client, "", {**GARDE, "points": points}))
    assert [(e["pointer"], e["code"]) for e in payload["errors"]] == [("/points", code)]


def test_score_three_bouts_five_points_impossible(client: FlaskClient) -> None:
    payload = problem(post(client, "", {**GARDE, "bouts": 3, "points": 5}, "en"))
    error, = payload["errors"]
    assert (error["pointer"], error["code"]) == ("/points", "impossible-score")
    assert error["params"]["reason"] == "bouts-points"
    assert error["detail"]


def test_score_taker_chelem_with_thirty_points_impossible(client: FlaskClient) -> None:
    body = {**GARDE, "bouts": 2, "points": 30, "chelem": {"announced": False, "by": "taker"}}
    payload = problem(post(client, "", body))
    assert [(e["pointer"], e["params"]["reason"]) for e in payload["errors"]] == [
        ("/chelem/by", "chelem-points")]


@pytest.mark.parametrize(("change", "pointer", "code"), [
    ({"bouts": 4}, "/bouts", "value-range"),
    ({"players": 6}, "/players", "players-range"),
    ({"contract": "misère"}, "/contract", "unknown-contract"),
    ({"petit_au_bout": "north"}, "/petit_au_bout", "unknown-choice"),
    ({"poignees": [{"camp": "taker", "level": "quadruple"}]}, "/poignees/0/level",
     "unknown-choice"),
    ({"poignees": [{"camp": "taker"}]}, "/poignees/0/level", "field-required"),
    ({"chelem": {"announced": "yes"}}, "/chelem/announced", "field-invalid"),
    ({"chelem": {"by": "taker", "when": 1}}, "/chelem/when", "unknown-field"),
    ({"poignees": [{"camp": "taker", "level": "simple"}] * 6}, "/poignees", "list-too-long"),
])
def test_score_field_errors(client: FlaskClient, change: dict[str, Any], pointer: str,
                            code: str) -> None:
    payload = problem(post(client, "", {**GARDE, **change}))
    assert [(e["pointer"], e["code"]) for e in payload["errors"]] == [(pointer, code)]


# --- /score/deal ---------------------------------------------------------------------------


def deal_body(d: SimulatedDeal) -> dict[str, Any]:
    return {
        "players": d.players,
        "contract": d.contract.code,
        "taker": d.taker,
        "partner": d.partner,
        "called_card": d.called_card.code if d.called_card else None,
        "chien": d.chien.codes(),
        "ecart": d.ecart.codes() if d.ecart is not None else [],
        "tricks": [{"leader": t.leader, "cards": [c.code for c in t.cards]} for t in d.tricks],
    }


def random_deal(players: int, seed: int) -> SimulatedDeal:
    return play_random_deal(players, random.Random(seed))


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (4, 5), (5, 3), (5, 8)])
def test_score_deal_counts_and_scores_like_the_core(client: FlaskClient, players: int,
                                                    seed: int) -> None:
    d = random_deal(players, seed)
    payload = post(client, "/deal", deal_body(d)).get_json()
    count = payload["count"]
    assert count["taker"]["points"] * 2 == d.count.points_half[Camp.TAKER]
    assert count["taker"]["points"] + count["defense"]["points"] == 91
    assert count["taker"]["bouts"] == d.count.bouts[Camp.TAKER]
    assert count["taker"]["tricks"] + count["defense"]["tricks"] == len(d.tricks)
    assert count["petit_au_bout"] == (d.count.petit_au_bout and d.count.petit_au_bout.value)
    assert count["excuse"]["camp"] in ("taker", "defense")
    expected = {"taker": d.score.taker, "partner": d.score.partner,
                "defender": d.score.defender}
    if d.partner is None:
        del expected["partner"]
    assert payload["scores"] == expected
    assert payload["derivation"] and payload["explanation"]


def test_score_deal_garde_sans_keeps_the_chien(client: FlaskClient) -> None:
    for seed in range(40):
        d = random_deal(4, seed)
        if not d.contract.taker_takes_chien:
            break
    else:
        pytest.skip("no garde sans or contre among the seeds")
    body = deal_body(d)
    assert body["ecart"] == []
    assert post(client, "/deal", body).get_json()["scores"]["taker"] == d.score.taker


def test_score_deal_illegal_card_names_the_rule(client: FlaskClient) -> None:
    d = random_deal(4, 2)
    body = deal_body(d)
    # find a trick where the second player followed suit while holding it, and swap in a
    # card of his that breaks a rule: simplest, make two players swap a card across tricks
    tricks = body["tricks"]
    for index in range(1, len(tricks)):
        first, second = tricks[index - 1]["cards"], tricks[index]["cards"]
        first[1], second[1] = second[1], first[1]
        response = post(client, "/deal", body, "en")
        if response.status_code == 422:
            error = response.get_json()["errors"][0]
            if error["code"] == "illegal-play":
                assert error["pointer"].startswith("/tricks/")
                assert error["violation"]["rule"] and error["violation"]["message"]
                assert set(error["params"]) == {"trick", "seat", "card"}
                return
        first[1], second[1] = second[1], first[1]
    pytest.fail("no swap produced an illegal play")


def test_score_deal_wrong_leader(client: FlaskClient) -> None:
    d = random_deal(4, 5)
    body = deal_body(d)
    trick = body["tricks"][3]
    trick["leader"] = (trick["leader"] + 1) % 4
    trick["cards"] = trick["cards"][-1:] + trick["cards"][:-1]  # same seats, other leader
    payload = problem(post(client, "/deal", body))
    error = payload["errors"][0]
    assert error["code"] == "illegal-play"
    assert error["violation"]["code"] == "not-your-turn"


def test_score_deal_card_twice_is_an_illegal_deal(client: FlaskClient) -> None:
    d = random_deal(3, 4)
    body = deal_body(d)
    body["tricks"][5]["cards"][0] = body["tricks"][0]["cards"][0]
    payload = problem(post(client, "/deal", body))
    assert {e["code"] for e in payload["errors"]} <= {"illegal-deal", "duplicate-card"}
    assert any(e.get("violation", {}).get("code") == "deal-duplicate-card"
               for e in payload["errors"])


def test_score_deal_wrong_trick_count_and_size(client: FlaskClient) -> None:
    body = deal_body(random_deal(4, 2))
    body["tricks"] = body["tricks"][:-1]
    body["tricks"][0]["cards"] = body["tricks"][0]["cards"][:3]
    payload = problem(post(client, "/deal", body))
    assert [(e["pointer"], e["code"]) for e in payload["errors"]] == [
        ("/tricks", "trick-count"), ("/tricks/0/cards", "trick-size")]


def test_score_deal_seats_and_partner(client: FlaskClient) -> None:
    body = deal_body(random_deal(4, 2))
    payload = problem(post(client, "/deal", {**body, "taker": 4, "partner": 1}))
    assert [(e["pointer"], e["code"]) for e in payload["errors"]] == [
        ("/taker", "seat-range"), ("/partner", "partner-not-five")]


def test_score_deal_partner_must_hold_the_called_card(client: FlaskClient) -> None:
    for seed in range(30):
        d = random_deal(5, seed)
        if d.partner is not None:
            break
    body = deal_body(d)
    wrong = next(s for s in range(5) if s not in (d.taker, d.partner))
    payload = problem(post(client, "/deal", {**body, "partner": wrong}))
    assert payload["errors"][0]["code"] == "partner-mismatch"


def test_score_deal_illegal_ecart(client: FlaskClient) -> None:
    for seed in range(40):
        d = random_deal(4, seed)
        if d.contract.taker_takes_chien:
            break
    body = deal_body(d)
    payload = problem(post(client, "/deal", {**body, "ecart": body["ecart"][:-1]}))
    assert payload["errors"][0]["code"] in ("illegal-deal", "illegal-ecart")


def test_score_deal_poignee_must_be_held(client: FlaskClient) -> None:
    d = random_deal(4, 2)
    held = [seat for seat in range(4)
            if sum(1 for t in d.tricks for i, c in enumerate(t.cards)
                   if t.seat_of(i, 4) == seat and (c.is_trump or c.is_excuse)) >= 10]
    seat = next(s for s in range(4) if s not in held)
    body = {**deal_body(d), "announcements": {"poignees": [{"seat": seat, "level": "simple"}],
                                              "chelem_announced": False}}
    payload = problem(post(client, "/deal", body))
    assert [(e["pointer"], e["code"]) for e in payload["errors"]] == [
        ("/announcements/poignees/0", "poignee-not-held")]


def test_score_deal_matches_score_endpoint(client: FlaskClient) -> None:
    """/score/deal is /score fed with the counted figures."""
    d = random_deal(5, 8)
    by_deal = post(client, "/deal", deal_body(d)).get_json()
    count = by_deal["count"]
    by_figures = post(client, "", {
        "players": 5, "contract": d.contract.code, "bouts": count["taker"]["bouts"],
        "points": count["taker"]["points"], "petit_au_bout": count["petit_au_bout"],
        "chelem": {"announced": False, "by": count["chelem"]},
        "alone": d.partner is None}).get_json()
    assert by_figures["scores"] == by_deal["scores"]
    assert by_figures["derivation"] == by_deal["derivation"]

