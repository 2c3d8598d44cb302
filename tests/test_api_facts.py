"""The facts endpoints: POST /count, /check/trick, /check/cut, /check/auction, /check/chelem,
/deal/draw, GET /deal/plan, /check/poignee's ``cards_played``, POST /partie and
/duplicate/notes — each answers the core's fact, explained in French and English, and refuses
what means nothing with problem+json (400, 415, 422)."""

from __future__ import annotations

import doctest
from fractions import Fraction
from typing import Any

import pytest
from api_client import post_in
from flask.testing import FlaskClient

import tutor.i18n.facts
from rules_fr.cards import DECK
from rules_fr.deal import deal

API = "/api/v1"
DECK_CODES = DECK.codes()
SIX = ["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred"]

POSTS: dict[str, dict[str, Any]] = {
    "/count": {"cards": ["KH", "T21"]},
    "/check/trick": {"players": 4, "cards": ["7D", "KD", "T1", "2D"], "leader": 3},
    "/check/cut": {"at": 39},
    "/check/auction": {"players": 4, "dealer": 3, "bids": ["passe", "garde"]},
    "/check/chelem": {"players": 4, "dealer": 0, "taker": 2},
    "/deal/draw": {"draws": ["KC", "T3", "KS", "T5"]},
    "/partie": {"names": ["Ana", "Ben", "Chloé", "Dan"]},
    "/duplicate/notes": {"taker_scores": [120, 60, -30]},
}


def post(client: FlaskClient, path: str, body: Any, lang: str = "fr") -> Any:
    return post_in(client, f"{API}{path}", body, lang)


def ok(client: FlaskClient, path: str, body: Any, lang: str = "fr") -> dict[str, Any]:
    response = post(client, path, body, lang)
    assert response.status_code == 200, response.get_json()
    assert response.mimetype == "application/json"
    payload = response.get_json()
    assert payload["explanation"], payload
    return payload  # type: ignore[no-any-return]


def problem(response: Any, status: int = 422) -> dict[str, Any]:
    assert response.status_code == status, response.get_json()
    assert response.mimetype == "application/problem+json"
    payload = response.get_json()
    assert payload["status"] == status and payload["detail"]
    return payload  # type: ignore[no-any-return]


def errors(response: Any) -> list[tuple[str, str]]:
    return [(e["pointer"], e["code"]) for e in problem(response)["errors"]]


def plan(client: FlaskClient, query: str, lang: str = "fr") -> Any:
    response = client.get(f"{API}/deal/plan?{query}&lang={lang}")
    assert response.headers["Content-Language"] == lang
    return response


# --- every endpoint: both languages, 400, 415 ------------------------------------------------


@pytest.mark.parametrize("path", sorted(POSTS))
def test_every_fact_is_explained_in_french_and_english(client: FlaskClient, path: str) -> None:
    french = ok(client, path, POSTS[path], "fr")
    english = ok(client, path, POSTS[path], "en")
    assert {k: v for k, v in french.items() if k != "explanation"} == \
        {k: v for k, v in english.items() if k != "explanation"}
    assert french["explanation"] != english["explanation"]


@pytest.mark.parametrize("path", sorted(POSTS))
def test_every_fact_refuses_malformed_json_and_other_media(client: FlaskClient,
                                                           path: str) -> None:
    response = client.post(f"{API}{path}", data='{"cards": [', content_type="application/json")
    assert problem(response, 400)["type"].endswith("malformed-json")
    response = client.post(f"{API}{path}", data="cards=KH", content_type="text/plain")
    assert problem(response, 415)["type"].endswith("unsupported-media-type")


@pytest.mark.parametrize("path", sorted(POSTS))
def test_every_fact_refuses_unknown_members(client: FlaskClient, path: str) -> None:
    response = post(client, path, {**POSTS[path], "colour": "red"}, "en")
    assert ("/colour", "unknown-field") in errors(response)


def test_the_plan_in_both_languages(client: FlaskClient) -> None:
    french = plan(client, "players=4&dealer=1", "fr").get_json()
    english = plan(client, "players=4&dealer=1", "en").get_json()
    assert french["explanation"] != english["explanation"]
    assert "siège 2" in french["explanation"] and "seat 2" in english["explanation"]


def test_the_new_operations_are_documented(client: FlaskClient) -> None:
    spec = client.get(f"{API}/openapi.json").get_json()
    for path in POSTS:
        operation = spec["paths"][f"{API}{path}"]["post"]
        assert {"200", "400", "413", "415", "422"} <= set(operation["responses"]), path
        content = operation["responses"]["200"]["content"]["application/json"]
        assert "$ref" in content["schema"], path
        assert "example" in operation["requestBody"]["content"]["application/json"], path
    get = spec["paths"][f"{API}/deal/plan"]["get"]
    named = {p["name"] for p in get["parameters"] if "name" in p}  # ($ref: lang, Accept-Language)
    assert named == {"players", "dealer"}
    assert {"200", "422"} <= set(get["responses"])
    poignee = spec["components"]["schemas"]["PoigneeRequest"]["properties"]
    assert "cards_played" in poignee


def test_module_doctests() -> None:
    failed, attempted = doctest.testmod(tutor.i18n.facts)
    assert attempted and not failed


# --- POST /count: cards.points ---------------------------------------------------------------


@pytest.mark.parametrize(("card", "points"), [
    ("T1", 4.5), ("T21", 4.5), ("EX", 4.5), ("KS", 4.5), ("QD", 3.5), ("CC", 2.5),
    ("JS", 1.5), ("10H", 0.5), ("T2", 0.5)])
def test_cards_points_of_each_card(client: FlaskClient, card: str, points: float) -> None:
    payload = ok(client, "/count", {"cards": [card]})
    assert payload["points"] == points and payload["half_points"] == int(2 * points)
    assert payload["cards"] == 1


def test_cards_points_whole_deck_is_91(client: FlaskClient) -> None:
    payload = ok(client, "/count", {"cards": DECK_CODES}, "en")
    assert (payload["points"], payload["half_points"], payload["bouts"]) == (91, 182, 3)
    assert payload["explanation"] == "These 78 cards are worth 91 points in all. " \
                                     "Oudlers among them: 3."


def test_cards_points_explanation_names_the_card(client: FlaskClient) -> None:
    assert ok(client, "/count", {"cards": ["roi de cœur"]}, "en")["explanation"] == \
        "The king of hearts is worth 4.5 points."
    french = ok(client, "/count", {"cards": ["T21"]}, "fr")["explanation"]
    assert french == "Le 21 vaut 4,5 points. C'est l'un des trois bouts."
    assert ok(client, "/count", {"cards": ["2S"]}, "en")["explanation"] == \
        "The 2 of spades is worth 0.5 points."
    assert ok(client, "/count", {"cards": ["2S"]}, "fr")["explanation"] == \
        "Le 2 de pique vaut 0,5 point."


def test_count_refuses_no_card_a_card_twice_an_unknown_card(client: FlaskClient) -> None:
    assert errors(post(client, "/count", {"cards": []})) == [("/cards", "list-too-short")]
    assert errors(post(client, "/count", {"cards": ["KH", "kh"]})) == \
        [("/cards/1", "duplicate-card")]
    assert errors(post(client, "/count", {"cards": ["ZZ"]})) == [("/cards/0", "unknown-card")]
    assert errors(post(client, "/count", {})) == [("/cards", "field-required")]


# --- POST /check/trick: trick.winner, play.lead ----------------------------------------------


@pytest.mark.parametrize(("cards", "winner"), [
    (["QS", "KS", "CS", "JS"], "KS"), (["1H", "2H", "3C", "4D"], "2H"),
    (["KH", "QH", "T1", "JH"], "T1"), (["T2", "T1", "T21", "EX"], "T21"),
    (["EX", "T1", "T21", "T2"], "T21"), (["7D", "KD", "2C", "EX"], "KD")])
def test_trick_winner_highest_trump_else_highest_of_suit_led(client: FlaskClient,
                                                             cards: list[str],
                                                             winner: str) -> None:
    payload = ok(client, "/check/trick", {"players": 4, "cards": cards})
    assert payload["complete"] is True
    assert payload["winner"]["card"] == winner
    assert payload["winner"]["seat"] is None and payload["next_leader"] is None


def test_trick_winner_leads_the_next_trick(client: FlaskClient) -> None:
    payload = ok(client, "/check/trick",
                 {"players": 4, "cards": ["7D", "KD", "T1", "2D"], "leader": 3}, "en")
    assert payload["winner"] == {"position": 2, "card": "T1", "seat": 1}
    assert payload["next_leader"] == 1
    assert (payload["led_suit"], payload["points"], payload["half_points"], payload["bouts"]) \
        == ("D", 10, 20, 1)
    assert payload["explanation"] == (
        "The petit wins the trick: it is the highest trump played. Seat 1 played it and leads "
        "the next trick. The trick holds 10 points.")


def test_trick_under_way_and_the_excuse(client: FlaskClient) -> None:
    payload = ok(client, "/check/trick", {"players": 5, "cards": ["EX", "7D", "KD"],
                                          "leader": 4}, "fr")
    assert payload["complete"] is False and payload["next_leader"] is None
    assert payload["winner"] == {"position": 2, "card": "KD", "seat": 1}
    assert payload["led_suit"] == "D" and payload["points"] == 9.5
    assert "Pour l'instant, le roi de carreau tient le pli" in payload["explanation"]
    assert "L'excuse ne remporte jamais le pli" in payload["explanation"]
    alone = ok(client, "/check/trick", {"players": 3, "cards": ["EX"]}, "en")
    assert alone["winner"] is None and alone["led_suit"] is None
    assert alone["explanation"].startswith("The excuse sets no suit")


def test_trick_refuses_more_cards_than_players_and_a_seat_off_the_table(
        client: FlaskClient) -> None:
    response = post(client, "/check/trick", {"players": 3, "cards": ["1S", "2S", "3S", "4S"]})
    assert errors(response) == [("/cards", "trick-too-long")]
    response = post(client, "/check/trick", {"players": 3, "cards": ["1S"], "leader": 3})
    assert errors(response) == [("/leader", "seat-range")]
    response = post(client, "/check/trick", {"players": 6, "cards": ["1S"]})
    assert errors(response) == [("/players", "players-range")]


# --- POST /deal/draw: deal.dealer-draw -------------------------------------------------------


@pytest.mark.parametrize(("draws", "dealer"), [
    (["KC", "T3", "KS", "T5"], 0), (["1S", "1C", "1H"], 1), (["5H", "5D", "5S", "6C"], 1),
    (["T1", "KS", "QH"], 2), (["T2", "T1", "T3"], 1)])
def test_dealer_draw_lowest_card_deals(client: FlaskClient, draws: list[str],
                                       dealer: int) -> None:
    payload = ok(client, "/deal/draw", {"draws": draws})
    assert (payload["dealer"], payload["card"], payload["redraw"]) == \
        (dealer, draws[dealer], [])


def test_dealer_draw_excuse_draws_again(client: FlaskClient) -> None:
    payload = ok(client, "/deal/draw", {"draws": ["3H", "EX", "T4"]}, "en")
    assert (payload["dealer"], payload["card"], payload["redraw"]) == (None, None, [1])
    assert payload["explanation"] == \
        "The excuse does not count in the draw: player 1 draws another card."


def test_dealer_draw_refuses_too_few_too_many_and_twice(client: FlaskClient) -> None:
    assert errors(post(client, "/deal/draw", {"draws": ["KC", "KS"]})) == \
        [("/draws", "list-too-short")]
    assert errors(post(client, "/deal/draw", {"draws": DECK_CODES[:8]})) == \
        [("/draws", "list-too-long")]
    assert errors(post(client, "/deal/draw", {"draws": ["KC", "KS", "KC"]})) == \
        [("/draws/2", "duplicate-card")]


# --- GET /deal/plan: deal.distribution, deal.chien, bid.order, deal.next-dealer ---------------


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("dealer", [0, 2])
def test_deal_distribution_plan_is_the_deal(client: FlaskClient, players: int,
                                           dealer: int) -> None:
    """The pack's order as the plan says matches the core's deal of an unshuffled pack."""
    response = plan(client, f"players={players}&dealer={dealer}")
    assert response.status_code == 200, response.get_json()
    payload = response.get_json()
    dealt = deal(players, dealer, deck=list(DECK))
    for card, seat in zip(DECK, payload["pack"], strict=True):
        assert card in (dealt.chien if seat is None else dealt.hands[seat])
    first = (dealer + 1) % players
    assert payload["seats"] == [(first + k) % players for k in range(players)]
    assert (payload["first_speaker"], payload["last_speaker"]) == (first, dealer)
    assert payload["cutter"] == (dealer - 1) % players
    assert payload["next_dealer"] == first
    sizes = {3: (4, 24, 6), 4: (3, 18, 6), 5: (3, 15, 3)}[players]
    assert (payload["packet_size"], payload["hand_size"], payload["chien_size"]) == sizes
    assert payload["packets"] * payload["packet_size"] == players * payload["hand_size"]
    chien = payload["chien_positions"]
    assert chien == [i for i, seat in enumerate(payload["pack"]) if seat is None]
    assert 0 not in chien and 77 not in chien


def test_deal_plan_redeals(client: FlaskClient) -> None:
    payload = plan(client, "players=4&dealer=2").get_json()
    assert payload["redeal"] == {
        "all_passed": {"dealer": 3, "dealer_may_bid": True},
        "misdeal": {"dealer": 2, "dealer_may_bid": False},
        "petit_sec": {"dealer": 2, "dealer_may_bid": True}}


def test_deal_plan_leaves_other_query_parameters_alone(client: FlaskClient) -> None:
    """``lang`` is a query parameter of every address; others are ignored the same way."""
    assert plan(client, "players=4&colour=red").status_code == 200


def test_deal_plan_default_dealer_and_explanation(client: FlaskClient) -> None:
    payload = plan(client, "players=5", "en").get_json()
    assert payload["dealer"] == 0 and payload["first_speaker"] == 1
    assert payload["explanation"].startswith("Seat 0 deals; seat 4, on the dealer's left, cuts.")


@pytest.mark.parametrize(("query", "expected"), [
    ("players=4&dealer=4", [("/query/dealer", "seat-range")]),
    ("players=6", [("/query/players", "players-range")]),
    ("players=four", [("/query/players", "field-invalid")]),
    ("players=-4", [("/query/players", "field-invalid")]),
    ("dealer=1", [("/query/players", "field-required")]),
])
def test_deal_plan_refuses_what_means_nothing(client: FlaskClient, query: str,
                                              expected: list[tuple[str, str]]) -> None:
    assert errors(plan(client, query)) == expected


# --- POST /check/cut: deal.shuffle-cut -------------------------------------------------------


@pytest.mark.parametrize(("at", "legal"), [(3, False), (4, True), (39, True), (74, True),
                                           (75, False), (0, False), (78, False)])
def test_deal_shuffle_cut_more_than_three_cards(client: FlaskClient, at: int,
                                                legal: bool) -> None:
    payload = ok(client, "/check/cut", {"at": at})
    assert payload["legal"] is legal
    assert (payload["taken"], payload["left"]) == (at, 78 - at)
    assert [v["code"] for v in payload["violations"]] == ([] if legal else ["cut-size"])
    if not legal:
        assert payload["violations"][0]["rule"] == "deal.shuffle-cut"
        assert payload["explanation"] == payload["violations"][0]["message"]


def test_cut_explained(client: FlaskClient) -> None:
    assert ok(client, "/check/cut", {"at": 75}, "en")["explanation"].startswith(
        "A cut must take more than three cards and leave more than three: this one takes 75 "
        "and leaves 3.")
    assert ok(client, "/check/cut", {"at": 10}, "fr")["explanation"] == (
        "Cette coupe prend 10 cartes et en laisse 68 : plus de trois de chaque côté, elle est "
        "régulière.")


def test_cut_refuses_more_than_the_pack(client: FlaskClient) -> None:
    assert errors(post(client, "/check/cut", {"pack": 20, "at": 21})) == [("/at", "value-range")]
    assert errors(post(client, "/check/cut", {"at": 79})) == [("/at", "value-range")]
    assert ok(client, "/check/cut", {"pack": 20, "at": 16})["legal"] is True


# --- POST /check/auction: bid.once, bid.higher, bid.all-pass ----------------------------------


def test_auction_highest_contract_takes(client: FlaskClient) -> None:
    payload = ok(client, "/check/auction", {"players": 4, "dealer": 3,
                                            "bids": ["passe", "petite", "garde_sans", "passe"]},
                 "en")
    assert payload["legal"] is True and payload["illegal_bid"] is None
    assert (payload["complete"], payload["all_passed"], payload["taker"],
            payload["contract"], payload["next_speaker"], payload["redeal"]) == \
        (True, False, 2, "garde_sans", None, None)
    assert payload["explanation"] == \
        "Everyone has spoken: seat 2 takes with a garde sans, the highest bid."


def test_auction_all_passed_right_of_dealer_redeals(client: FlaskClient) -> None:
    payload = ok(client, "/check/auction", {"players": 4, "dealer": 1, "bids": ["passe"] * 4})
    assert payload["all_passed"] is True and payload["taker"] is None
    assert payload["redeal"] == {"dealer": 2, "dealer_may_bid": True}
    assert "redistribuée, par le siège 2" in payload["explanation"]


def test_auction_under_way_names_the_next_speaker(client: FlaskClient) -> None:
    payload = ok(client, "/check/auction", {"players": 5, "dealer": 4, "bids": ["prise"]}, "en")
    assert (payload["complete"], payload["taker"], payload["contract"],
            payload["next_speaker"]) == (False, 0, "petite", 1)
    empty = ok(client, "/check/auction", {"players": 3, "dealer": 0, "bids": []})
    assert (empty["next_speaker"], empty["taker"]) == (1, None)


def test_auction_judged_up_to_the_first_illegal_bid(client: FlaskClient) -> None:
    payload = ok(client, "/check/auction", {"players": 4, "dealer": 3,
                                            "bids": ["passe", "garde", "petite", "passe"]})
    assert payload["legal"] is False and payload["illegal_bid"] == 2
    assert [v["code"] for v in payload["violations"]] == ["bid-too-low"]
    assert (payload["taker"], payload["contract"], payload["next_speaker"]) == (1, "garde", 2)
    closed = ok(client, "/check/auction", {"players": 3, "dealer": 0,
                                           "bids": ["passe", "passe", "garde", "garde_contre"]})
    assert closed["illegal_bid"] == 3 and closed["complete"] is True
    assert [v["code"] for v in closed["violations"]] == ["bid-auction-closed"]


def test_auction_dealer_who_misdealt_may_only_pass(client: FlaskClient) -> None:
    body = {"players": 4, "dealer": 0, "bids": ["passe", "passe", "passe", "garde"],
            "dealer_misdealt": True}
    payload = ok(client, "/check/auction", body)
    assert payload["illegal_bid"] == 3
    assert [v["code"] for v in payload["violations"]] == ["bid-dealer-after-misdeal"]


def test_auction_refuses_a_dealer_off_the_table_and_too_many_bids(client: FlaskClient) -> None:
    assert errors(post(client, "/check/auction", {"players": 3, "dealer": 3, "bids": []})) == \
        [("/dealer", "seat-range")]
    assert errors(post(client, "/check/auction", {"players": 4, "dealer": 0,
                                                  "bids": ["passe"] * 6})) == \
        [("/bids", "list-too-long")]
    assert errors(post(client, "/check/auction", {"players": 4, "dealer": 0,
                                                  "bids": ["contre"]})) == \
        [("/bids/0", "unknown-bid")]


# --- POST /check/chelem: chelem.announce, play.lead -------------------------------------------


def test_chelem_announced_taker_leads_whoever_dealt(client: FlaskClient) -> None:
    payload = ok(client, "/check/chelem", {"players": 4, "dealer": 0, "taker": 2}, "en")
    assert (payload["legal"], payload["violations"], payload["leader"]) == (True, [], 2)
    assert payload["explanation"] == \
        "Seat 2 announces a slam: he leads the first trick, whoever dealt."
    assert ok(client, "/check/chelem", {"players": 4, "dealer": 3, "taker": 3})["leader"] == 3


def test_chelem_only_the_taker_before_the_first_card(client: FlaskClient) -> None:
    payload = ok(client, "/check/chelem", {"players": 5, "dealer": 0, "taker": 2, "seat": 3,
                                           "cards_played": 1})
    assert payload["legal"] is False and payload["leader"] == 1
    assert [v["code"] for v in payload["violations"]] == ["chelem-not-taker",
                                                          "chelem-too-late"]
    assert payload["explanation"].endswith(
        "Le siège 1, à droite du donneur, entame la première levée.")


def test_chelem_refuses_seats_off_the_table(client: FlaskClient) -> None:
    response = post(client, "/check/chelem", {"players": 3, "dealer": 3, "taker": 4, "seat": 3})
    assert errors(response) == [("/dealer", "seat-range"), ("/taker", "seat-range"),
                                ("/seat", "seat-range")]


# --- POST /check/poignee with cards_played: poignee.shown -------------------------------------

TEN_TRUMPS = [f"T{n}" for n in range(1, 11)]


@pytest.mark.parametrize(("played", "codes"), [(None, []), (0, []), (1, ["poignee-too-late"]),
                                                (5, ["poignee-too-late"])])
def test_poignee_shown_before_the_first_card(client: FlaskClient, played: int | None,
                                             codes: list[str]) -> None:
    body: dict[str, Any] = {"players": 4, "hand": TEN_TRUMPS + ["2S", "3S"],
                            "shown": TEN_TRUMPS}
    if played is not None:
        body["cards_played"] = played
    payload = ok(client, "/check/poignee", body)
    assert [v["code"] for v in payload["violations"]] == codes
    assert payload["legal"] is not codes
    assert (payload["level"], payload["bonus"]) == ((None, None) if codes else ("simple", 20))


def test_poignee_cards_played_must_be_a_count(client: FlaskClient) -> None:
    body = {"players": 4, "hand": TEN_TRUMPS, "shown": TEN_TRUMPS}
    assert errors(post(client, "/check/poignee", {**body, "cards_played": 25})) == \
        [("/cards_played", "value-range")]
    assert errors(post(client, "/check/poignee", {**body, "cards_played": "1"})) == \
        [("/cards_played", "field-invalid")]


# --- POST /partie: partie.length, partie.sit-out, partie.mort, score.zero-sum ------------------

BEN_GARDE = {"taker": 1, "partner": 2, "contract": "garde", "bouts": 2, "points": 49}
ANA_PETITE = {"taker": 0, "partner": 3, "contract": "petite", "bouts": 1, "points": 40}
EVE_GARDE_SANS = {"taker": 4, "contract": "garde_sans", "bouts": 2, "points": 60}


def test_partie_six_people_one_sits_out_each_deal(client: FlaskClient) -> None:
    payload = ok(client, "/partie", {"names": SIX, "deals": 6})
    assert [d["sitting_out"] for d in payload["schedule"]] == [[0], [1], [2], [3], [4], [5]]
    assert payload["schedule"][0]["players"] == [1, 2, 3, 4, 5]
    assert (payload["entries"], payload["over"], payload["next_deal"]) == ([], False, 1)
    assert payload["totals"] == [0] * 6


def test_partie_seven_people_two_sit_out(client: FlaskClient) -> None:
    payload = ok(client, "/partie", {"names": SIX + ["Gil"], "deals": 4})
    assert [d["sitting_out"] for d in payload["schedule"]] == [[0, 1], [2, 3], [4, 5], [0, 6]]


def test_partie_mort_the_dealer_sits_out(client: FlaskClient) -> None:
    payload = ok(client, "/partie", {"names": SIX[:5], "mort": True})
    assert payload["deals"] == 5
    assert [d["sitting_out"] for d in payload["schedule"]] == [[0], [1], [2], [3], [4]]
    entry = {"taker": 1, "contract": "garde", "bouts": 2, "points": 49}
    scored = ok(client, "/partie", {"names": SIX[:5], "mort": True, "entries": [entry]})
    # a four-player deal: the taker marks three times the defenders' loss, the mort 0
    assert scored["entries"][0]["scores"] == [0, 198, -66, -66, -66]


def test_partie_running_totals_and_the_winner(client: FlaskClient) -> None:
    payload = ok(client, "/partie", {"names": SIX, "deals": 3,
                                     "entries": [BEN_GARDE, ANA_PETITE, EVE_GARDE_SANS]}, "en")
    first, second, third = payload["entries"]
    assert first["scores"] == [0, 132, 66, -66, -66, -66]
    assert first["totals"] == first["scores"] and first["won"] is True
    assert sum(second["scores"]) == 0 and second["scores"][1] == 0
    assert third["partner"] is None and third["scores"][2] == 0
    assert payload["totals"] == [-248, -44, 102, -278, 674, -206]
    assert third["totals"] == payload["totals"]
    assert (payload["over"], payload["next_deal"], payload["leaders"]) == (True, None, [4])
    assert payload["explanation"] == "The partie is over. Eve wins with +674."


def test_partie_under_way_says_who_leads_and_who_sits_out(client: FlaskClient) -> None:
    payload = ok(client, "/partie", {"names": SIX, "deals": 3, "entries": [BEN_GARDE]}, "fr")
    assert payload["explanation"] == \
        "Donnes marquées : 1 sur 3. Ben mène avec +132. Donne suivante : Ben ne joue pas."


@pytest.mark.parametrize(("body", "expected"), [
    ({"names": SIX[:4], "deals": 2}, [("/deals", "value-range")]),
    ({"names": SIX[:4], "deals": 11}, [("/deals", "value-range")]),
    ({"names": SIX[:2]}, [("/names", "list-too-short")]),
    ({"names": SIX + ["Gil", "Hugo"]}, [("/names", "list-too-long")]),
    ({"names": ["Ana", "Ben", "Ana"]}, [("/names/2", "name-twice")]),
    ({"names": ["Ana", "", "Chloé"]}, [("/names/1", "name-length")]),
    ({"names": SIX[:4], "mort": True}, [("/mort", "mort-five")]),
    ({"names": SIX, "entries": [{**BEN_GARDE, "taker": 0}]},
     [("/entries/0/taker", "person-sitting-out")]),
    ({"names": SIX[:4], "entries": [{**BEN_GARDE, "taker": 5, "partner": None}]},
     [("/entries/0/taker", "person-range")]),
    ({"names": SIX[:4], "entries": [BEN_GARDE]}, [("/entries/0/partner", "partner-not-five")]),
    ({"names": SIX, "entries": [{**BEN_GARDE, "partner": 1}]},
     [("/entries/0/partner", "partner-is-taker")]),
    ({"names": SIX[:4], "entries": [{**BEN_GARDE, "partner": None, "bouts": 3, "points": 5}]},
     [("/entries/0/points", "impossible-score")]),
    ({"names": SIX[:4], "deals": 3, "entries": [{**BEN_GARDE, "partner": None}] * 4},
     [("/entries/3", "partie-over")]),
])
def test_partie_refuses_what_means_nothing(client: FlaskClient, body: dict[str, Any],
                                           expected: list[tuple[str, str]]) -> None:
    assert errors(post(client, "/partie", body, "en")) == expected


def test_partie_alone_at_five(client: FlaskClient) -> None:
    """Five playing, no partner: the taker plays alone, one against four."""
    payload = ok(client, "/partie", {"names": SIX[:5], "entries": [
        {"taker": 0, "contract": "garde", "bouts": 2, "points": 49}]})
    assert payload["entries"][0]["scores"] == [264, -66, -66, -66, -66]


# --- POST /duplicate/notes: duplicate.notes, duplicate.quadrettes -----------------------------


def test_duplicate_notes_from_100_to_0_ties_share(client: FlaskClient) -> None:
    payload = ok(client, "/duplicate/notes", {"taker_scores": [120, 60, 60, -30, -90]}, "en")
    notes = payload["notes"]
    assert [n["taker"]["exact"] for n in notes] == ["100", "125/2", "125/2", "25", "0"]
    assert [n["taker"]["percent"] for n in notes] == [100, 62.5, 62.5, 25, 0]
    assert [n["defender"]["exact"] for n in notes] == ["0", "75/2", "75/2", "75", "100"]
    assert [n["rank"] for n in notes] == [1, 2, 2, 4, 5]
    assert payload["explanation"].startswith("The 5 takers are ranked by score")


def test_duplicate_notes_exact_thirds(client: FlaskClient) -> None:
    notes = ok(client, "/duplicate/notes", {"taker_scores": [30, 10, 20, 0]})["notes"]
    assert [Fraction(n["taker"]["exact"]) for n in notes] == \
        [Fraction(100), Fraction(100, 3), Fraction(200, 3), Fraction(0)]
    assert [n["taker"]["percent"] for n in notes] == [100, 33.33, 66.67, 0]


def test_duplicate_one_play_gets_the_middle_note(client: FlaskClient) -> None:
    payload = ok(client, "/duplicate/notes", {"taker_scores": [80]}, "en")
    assert payload["notes"][0]["taker"]["exact"] == "50"
    assert "50 % and each defender 50 %" in payload["explanation"]


def test_duplicate_defender_notes_and_global_percentage(client: FlaskClient) -> None:
    payload = ok(client, "/duplicate/notes", {"taker_notes": [75, "62.5", "200/3"],
                                              "attack_notes": [100],
                                              "defence_notes": ["50", 30]})
    assert [n["exact"] for n in payload["defender_notes"]] == ["25", "75/2", "100/3"]
    assert payload["global_percentage"] == {"exact": "55", "percent": 55.0}
    assert payload["notes"] == [] and payload["match_points"] == []


@pytest.mark.parametrize(("gap", "points"), [(16, 4.0), (144, 12.0), (-144, -12.0),
                                             (10, 3.162), (0, 0.0)])
def test_duplicate_quadrettes_match_points(client: FlaskClient, gap: int,
                                           points: float) -> None:
    payload = ok(client, "/duplicate/notes", {"gaps": [gap]})
    assert payload["match_points"] == [{"gap": gap, "match_points": points}]
    assert payload["global_percentage"] is None


@pytest.mark.parametrize(("body", "expected"), [
    ({}, [("", "nothing-to-compute")]),
    ({"taker_scores": [], "gaps": []}, [("", "nothing-to-compute")]),
    ({"taker_notes": [101]}, [("/taker_notes/0", "value-range")]),
    ({"taker_notes": ["1/0"]}, [("/taker_notes/0", "field-invalid")]),
    ({"taker_notes": [" 50"]}, [("/taker_notes/0", "field-invalid")]),
    ({"attack_notes": ["0.0/1"]}, [("/attack_notes/0", "field-invalid")]),
    ({"attack_notes": [True]}, [("/attack_notes/0", "field-invalid")]),
    ({"gaps": [10**6]}, [("/gaps/0", "value-range")]),
    ({"taker_scores": list(range(65))}, [("/taker_scores", "list-too-long")]),
])
def test_duplicate_notes_refuse_what_means_nothing(client: FlaskClient, body: dict[str, Any],
                                                   expected: list[tuple[str, str]]) -> None:
    assert errors(post(client, "/duplicate/notes", body, "en")) == expected
