"""POST /api/v1/check/*: each endpoint answers the rules core's verdict, explained in French
and English, and refuses with 422 what is not a question about the rules."""

from __future__ import annotations

from typing import Any

import pytest
from api_client import post_in, problem
from flask.testing import FlaskClient

from rules_fr.cards import CardSet
from rules_fr.deal import deal
from tutor.api import examples

FOUR_KINGS = ["KS", "KH", "KD", "KC"]


def post(client: FlaskClient, path: str, body: Any, lang: str = "fr") -> Any:
    return post_in(client, f"/api/v1/check/{path}", body, lang)


def codes(payload: dict[str, Any], key: str = "violations") -> list[str]:
    return [v["code"] for v in payload[key]]


# --- /check/play ---------------------------------------------------------------------------

PLAY = {"players": 4, "hand": ["7H", "KH", "T3", "EX", "2S"], "trick": ["5H"], "card": "T3"}


def test_play_follow_suit_illegal_is_200_with_violation(client: FlaskClient) -> None:
    response = post(client, "play", PLAY)
    assert response.status_code == 200
    payload = response.get_json()
    assert payload["legal"] is False
    assert payload["card"] == "T3"
    assert payload["legal_cards"] == ["7H", "KH", "EX"]
    assert codes(payload) == ["must-follow-suit"]
    violation = payload["violations"][0]
    assert violation["rule"] == "play.follow-suit"
    assert violation["params"]["cards"] == ["7H", "KH"]
    assert violation["message"] and payload["explanation"]
    assert payload["warnings"] == []


def test_play_explanation_in_both_languages(client: FlaskClient) -> None:
    french = post(client, "play", PLAY, "fr").get_json()
    english = post(client, "play", PLAY, "en").get_json()
    assert french["violations"][0]["code"] == english["violations"][0]["code"]
    assert french["explanation"] != english["explanation"]
    assert "heart" in english["explanation"]
    assert "cœur" in french["explanation"]


def test_play_accept_language_and_region(client: FlaskClient) -> None:
    response = client.post("/api/v1/check/play", json=PLAY,
                           headers={"Accept-Language": "en-GB,fr;q=0.5"})
    assert response.headers["Content-Language"] == "en"
    response = client.post("/api/v1/check/play", json=PLAY,
                           headers={"Accept-Language": "de-DE"})
    assert response.headers["Content-Language"] == "fr"


def test_play_legal_card_names_accepted_codes_returned(client: FlaskClient) -> None:
    body = {"players": 4, "hand": ["sept de cœur", "king of hearts", "trump 3", "l'excuse"],
            "trick": ["5♥"], "card": "roi de cœur"}
    payload = post(client, "play", body).get_json()
    assert payload["legal"] is True
    assert payload["card"] == "KH"
    assert payload["legal_cards"] == ["7H", "KH", "EX"]


def test_play_must_overtrump(client: FlaskClient) -> None:
    body = {"players": 4, "hand": ["T5", "T12", "2S"], "trick": ["KH", "T8"], "card": "T5"}
    payload = post(client, "play", body, "en").get_json()
    assert codes(payload) == ["must-overtrump"]
    assert payload["legal_cards"] == ["T12"]


def test_play_must_trump_when_void(client: FlaskClient) -> None:
    body = {"players": 3, "hand": ["T5", "2S"], "trick": ["KH"], "card": "2S"}
    assert codes(post(client, "play", body).get_json()) == ["must-trump"]


def test_play_excuse_anytime_warns_at_last_trick(client: FlaskClient) -> None:
    body = {"players": 4, "hand": ["EX"], "trick": ["KH", "T8"], "card": "EX"}
    payload = post(client, "play", body, "en").get_json()
    assert payload["legal"] is True
    assert codes(payload, "warnings") == ["excuse-last-trick"]
    assert payload["warnings"][0]["message"]


def test_play_petit_exposed_warning(client: FlaskClient) -> None:
    body = {"players": 4, "hand": ["T1", "T20"], "trick": ["T5"], "card": "T1"}
    payload = post(client, "play", body).get_json()
    # T1 is not above T5: the overtrump rule forces T20
    assert codes(payload) == ["must-overtrump"]
    # void in hearts, two trumps: the petit may be played, but two players may overtrump it
    body = {"players": 4, "hand": ["T1", "T20"], "trick": ["KH"], "card": "T1"}
    payload = post(client, "play", body).get_json()
    assert payload["legal"] is True
    assert codes(payload, "warnings") == ["petit-exposed"]
    # the petit as the only trump: forced, no advice to give
    body = {"players": 4, "hand": ["T1", "2S"], "trick": ["KH"], "card": "T1"}
    payload = post(client, "play", body).get_json()
    assert payload["legal"] is True and payload["warnings"] == []


def test_play_called_suit_first_lead_five_players(client: FlaskClient) -> None:
    body = {"players": 5, "hand": ["2H", "5S", "T4"], "trick": [], "card": "2H",
            "first_trick": True, "called_card": "KH"}
    payload = post(client, "play", body).get_json()
    assert codes(payload) == ["called-suit-first-lead"]
    body["first_trick"] = False
    assert post(client, "play", body).get_json()["legal"] is True


def test_play_trick_complete_is_a_violation(client: FlaskClient) -> None:
    body = {"players": 3, "hand": ["2H"], "trick": ["3H", "4H", "5H"], "card": "2H"}
    payload = post(client, "play", body).get_json()
    assert codes(payload) == ["trick-complete"]


def test_play_trick_complete_no_card_legal(client: FlaskClient) -> None:
    """A complete trick takes no card: legal_cards is empty and the explanation offers none
    (it listed the hand's cards that would follow, beside the trick-complete violation)."""
    body = {"players": 4, "hand": ["4S", "10H", "EX"], "trick": ["8H", "CC", "T17", "2H"],
            "card": "EX"}
    for lang in ("fr", "en"):
        payload = post(client, "play", body, lang).get_json()
        assert payload["legal"] is False and codes(payload) == ["trick-complete"]
        assert payload["legal_cards"] == []
        assert payload["explanation"] == payload["violations"][0]["message"]


def test_play_card_not_in_hand_is_422(client: FlaskClient) -> None:
    payload = problem(post(client, "play", {**PLAY, "card": "QS"}))
    assert payload["errors"] == [{"pointer": "/card", "code": "card-not-in-hand",
                                  "params": {"card": "QS"},
                                  "detail": payload["errors"][0]["detail"]}]
    assert payload["detail"] == payload["errors"][0]["detail"]


def test_play_unknown_card_text_named(client: FlaskClient) -> None:
    payload = problem(post(client, "play", {**PLAY, "hand": ["7H", "joker", "T3"]}, "en"))
    error, = payload["errors"]
    assert error["pointer"] == "/hand/1"
    assert error["code"] == "unknown-card"
    assert error["params"] == {"text": "joker"}
    assert "joker" in error["detail"]


def test_play_card_twice_in_hand(client: FlaskClient) -> None:
    payload = problem(post(client, "play", {**PLAY, "hand": ["7H", "KH", "T3", "kh"]}))
    assert [(e["pointer"], e["code"], e["params"]) for e in payload["errors"]] == [
        ("/hand/3", "duplicate-card", {"card": "KH"})]


def test_play_card_in_hand_and_trick(client: FlaskClient) -> None:
    payload = problem(post(client, "play", {**PLAY, "trick": ["KH"]}))
    assert [(e["pointer"], e["code"]) for e in payload["errors"]] == [
        ("/trick/0", "card-in-hand-and-trick")]


def test_play_trick_longer_than_table(client: FlaskClient) -> None:
    body = {"players": 3, "hand": ["2H"], "trick": ["3H", "4H", "5H", "6H"], "card": "2H"}
    payload = problem(post(client, "play", body))
    assert [(e["pointer"], e["code"], e["params"]) for e in payload["errors"]] == [
        ("/trick", "trick-too-long", {"size": 4, "players": 3})]


def test_play_hand_larger_than_deal_allows(client: FlaskClient) -> None:
    hand = list(deal(4, seed=1).hands[0].codes()) + ["EX"]
    hand = list(dict.fromkeys(hand))
    body = {"players": 5, "hand": hand, "trick": [], "card": hand[0]}
    payload = problem(post(client, "play", body))
    assert payload["errors"][0]["code"] == "hand-too-large"
    assert payload["errors"][0]["params"]["max"] == 15


@pytest.mark.parametrize("players", [2, 6, 0, -1])
def test_play_players_outside_three_to_five(client: FlaskClient, players: int) -> None:
    payload = problem(post(client, "play", {**PLAY, "players": players}))
    assert [(e["pointer"], e["code"]) for e in payload["errors"]] == [
        ("/players", "players-range")]


def test_play_missing_and_unknown_fields(client: FlaskClient) -> None:
    payload = problem(post(client, "play", {"players": 4, "hand": ["7H"], "colour": "red"},
                           "en"))
    assert sorted((e["pointer"], e["code"]) for e in payload["errors"]) == [
        ("/card", "field-required"), ("/colour", "unknown-field")]
    assert len(payload["errors"]) == 2 and payload["detail"]


@pytest.mark.parametrize("body", [
    {**PLAY, "players": "4"}, {**PLAY, "players": 4.0}, {**PLAY, "players": True},
    {**PLAY, "hand": "7H"}, {**PLAY, "hand": [7]}, {**PLAY, "card": None},
    {**PLAY, "first_trick": "yes"}, [PLAY], "play",
])
def test_play_wrong_types_are_422(client: FlaskClient, body: Any) -> None:
    payload = problem(post(client, "play", body))
    assert payload["errors"]


# --- /check/ecart --------------------------------------------------------------------------

HAND_4P = ["KS", "KH", "KD", "KC", "T1", "T21", "EX"] + [f"T{r}" for r in range(2, 13)]
CHIEN_4P = ["2S", "3S", "4H", "5D", "T13", "T14"]


def test_ecart_trumps_only_when_unavoidable(client: FlaskClient) -> None:
    body = {"players": 4, "contract": "garde", "hand": HAND_4P, "chien": CHIEN_4P,
            "ecart": ["2S", "3S", "4H", "5D", "T2", "T3"]}
    payload = post(client, "ecart", body).get_json()
    assert payload["legal"] is True, payload
    assert payload["trumps_to_show"] == ["T2", "T3"]
    assert payload["explanation"]


def test_ecart_no_king_no_bout(client: FlaskClient) -> None:
    body = {"players": 4, "contract": "petite", "hand": HAND_4P, "chien": CHIEN_4P,
            "ecart": ["KS", "T1", "4H", "5D", "T2", "T3"]}
    payload = post(client, "ecart", body, "en").get_json()
    assert payload["legal"] is False
    assert {"ecart-king", "ecart-bout"} <= set(codes(payload))


def test_ecart_not_allowed_on_garde_sans(client: FlaskClient) -> None:
    body = {"players": 4, "contract": "garde sans le chien", "hand": HAND_4P,
            "chien": CHIEN_4P, "ecart": []}
    assert codes(post(client, "ecart", body).get_json()) == ["ecart-not-allowed"]


def test_ecart_card_given_twice_is_a_violation_not_an_error(client: FlaskClient) -> None:
    body = {"players": 4, "contract": "garde", "hand": HAND_4P, "chien": CHIEN_4P,
            "ecart": ["2S", "2S", "4H", "5D", "T2", "T3"]}
    payload = post(client, "ecart", body).get_json()
    assert "ecart-card-not-available" in codes(payload)


def test_ecart_chien_card_in_hand_is_422(client: FlaskClient) -> None:
    body = {"players": 4, "contract": "garde", "hand": HAND_4P,
            "chien": ["KS", "3S", "4H", "5D", "T13", "T14"], "ecart": []}
    payload = problem(post(client, "ecart", body))
    assert [(e["pointer"], e["code"]) for e in payload["errors"]] == [
        ("/chien/0", "duplicate-card")]


def test_ecart_unknown_contract_is_422(client: FlaskClient) -> None:
    body = {"players": 4, "contract": "chelem", "hand": [], "chien": [], "ecart": []}
    payload = problem(post(client, "ecart", body, "en"))
    assert [(e["pointer"], e["code"], e["params"]) for e in payload["errors"]] == [
        ("/contract", "unknown-contract", {"text": "chelem"})]


def test_ecart_chien_too_large(client: FlaskClient) -> None:
    body = {"players": 5, "contract": "garde", "hand": [], "chien": CHIEN_4P, "ecart": []}
    payload = problem(post(client, "ecart", body))
    assert payload["errors"][0]["code"] == "chien-too-large"


# --- /check/bid ----------------------------------------------------------------------------


def test_bid_higher_than_earlier(client: FlaskClient) -> None:
    body = {"players": 4, "bids": ["passe", "garde"], "bid": "petite"}
    payload = post(client, "bid", body).get_json()
    assert payload["legal"] is False
    assert codes(payload) == ["bid-too-low"]
    assert payload["violations"][0]["rule"] == "bid.higher"
    body["bid"] = "garde_contre"
    assert post(client, "bid", body, "en").get_json()["legal"] is True


def test_bid_prise_alias_and_pass_always_open(client: FlaskClient) -> None:
    assert post(client, "bid", {"players": 3, "bids": [], "bid": "prise"}).get_json()["legal"]
    assert post(client, "bid", {"players": 3, "bids": ["garde_contre"],
                                "bid": "passe"}).get_json()["legal"]


def test_bid_once_each(client: FlaskClient) -> None:
    body = {"players": 3, "bids": ["passe", "passe", "passe"], "bid": "garde"}
    assert codes(post(client, "bid", body).get_json()) == ["bid-auction-closed"]


def test_bid_dealer_after_misdeal(client: FlaskClient) -> None:
    body = {"players": 3, "bids": ["passe", "passe"], "bid": "garde", "dealer_misdealt": True}
    assert codes(post(client, "bid", body).get_json()) == ["bid-dealer-after-misdeal"]


def test_bid_unknown_is_422(client: FlaskClient) -> None:
    payload = problem(post(client, "bid", {"players": 4, "bids": ["passe", "contre"],
                                           "bid": "garde"}))
    assert [(e["pointer"], e["code"]) for e in payload["errors"]] == [("/bids/1",
                                                                       "unknown-bid")]


# --- /check/king-call ----------------------------------------------------------------------


def test_king_call_king_always(client: FlaskClient) -> None:
    payload = post(client, "king-call", {"hand": ["2S", "T4"], "card": "KH"}).get_json()
    assert payload == {**payload, "legal": True, "violations": [], "alone": False}


def test_king_call_queen_needs_four_kings(client: FlaskClient) -> None:
    payload = post(client, "king-call", {"hand": ["KS", "KH", "KD"], "card": "QH"},
                   "en").get_json()
    assert codes(payload) == ["call-queen-without-four-kings"]
    payload = post(client, "king-call", {"hand": FOUR_KINGS, "card": "QH"}).get_json()
    assert payload["legal"] is True


def test_king_call_own_card_plays_alone(client: FlaskClient) -> None:
    payload = post(client, "king-call", {"hand": FOUR_KINGS, "card": "KS"}).get_json()
    assert payload["legal"] is True and payload["alone"] is True
    payload = post(client, "king-call", {"hand": ["2S"], "card": "KS",
                                         "chien": ["KS", "3C", "T9"]}).get_json()
    assert payload["alone"] is True


def test_king_call_only_at_five(client: FlaskClient) -> None:
    payload = post(client, "king-call", {"players": 4, "hand": ["2S"], "card": "KS"}).get_json()
    assert codes(payload) == ["call-not-five-players"]


def test_king_call_not_a_face(client: FlaskClient) -> None:
    payload = post(client, "king-call", {"hand": ["2S"], "card": "T21"}).get_json()
    assert codes(payload) == ["call-not-a-face"]


# --- /check/poignee ------------------------------------------------------------------------

TEN_TRUMPS = [f"T{r}" for r in range(1, 11)]


def test_poignee_simple_at_four(client: FlaskClient) -> None:
    body = {"players": 4, "hand": TEN_TRUMPS + ["KS"], "shown": TEN_TRUMPS}
    payload = post(client, "poignee", body).get_json()
    assert (payload["legal"], payload["level"], payload["bonus"]) == (True, "simple", 20)


def test_poignee_wrong_size(client: FlaskClient) -> None:
    body = {"players": 4, "hand": TEN_TRUMPS + ["T11", "KS"], "shown": TEN_TRUMPS + ["T11"]}
    payload = post(client, "poignee", body, "en").get_json()
    assert payload["legal"] is False and payload["level"] is None and payload["bonus"] is None
    assert codes(payload) == ["poignee-size"]


def test_poignee_excuse_never_hides_a_trump(client: FlaskClient) -> None:
    hand = [f"T{r}" for r in range(1, 12)] + ["EX"]
    body = {"players": 4, "hand": hand, "shown": [f"T{r}" for r in range(1, 10)] + ["EX"]}
    assert codes(post(client, "poignee", body).get_json()) == ["poignee-excuse-hides-trump"]


# --- /check/hand ---------------------------------------------------------------------------


def test_hand_petit_sec(client: FlaskClient) -> None:
    body = {"players": 4, "hand": ["T1", "KS", "2H"]}
    payload = post(client, "hand", body).get_json()
    assert payload["petit_sec"] is True
    assert codes(payload) == ["petit-sec"]
    assert payload["poignees"] == []


def test_hand_poignees_allowed(client: FlaskClient) -> None:
    body = {"players": 5, "hand": TEN_TRUMPS + ["EX", "KS"]}
    payload = post(client, "hand", body, "en").get_json()
    assert payload["petit_sec"] is False
    assert payload["poignees"] == [{"level": "simple", "trumps": 8, "bonus": 20},
                                   {"level": "double", "trumps": 10, "bonus": 30}]
    assert payload["explanation"]


def test_hand_larger_than_deal_is_422(client: FlaskClient) -> None:
    hand = CardSet.parse([f"T{r}" for r in range(1, 22)] + ["KS", "KH", "KD", "KC"]).codes()
    payload = problem(post(client, "hand", {"players": 3, "hand": hand}))
    assert payload["errors"][0]["code"] == "hand-too-large"


# --- /check/deal ---------------------------------------------------------------------------


def test_deal_valid(client: FlaskClient) -> None:
    dealt = deal(5, seed=4)
    body = {"players": 5, "hands": [h.codes() for h in dealt.hands],
            "chien": dealt.chien.codes()}
    payload = post(client, "deal", body).get_json()
    assert payload["valid"] is True and payload["violations"] == []
    assert isinstance(payload["petit_sec"], list)


def test_deal_card_twice_and_missing(client: FlaskClient) -> None:
    dealt = deal(4, seed=2)
    hands = [h.codes() for h in dealt.hands]
    hands[1][0] = hands[0][0]
    body = {"players": 4, "hands": hands, "chien": dealt.chien.codes()}
    payload = post(client, "deal", body, "en").get_json()
    assert payload["valid"] is False
    assert {"deal-duplicate-card", "deal-missing-card"} <= set(codes(payload))


def test_deal_petit_sec_seat(client: FlaskClient) -> None:
    dealt = deal(3, seed=9)
    hands = [h.codes() for h in dealt.hands]
    payload = post(client, "deal", {"players": 3, "hands": hands,
                                    "chien": dealt.chien.codes()}).get_json()
    expected = [seat for seat, hand in enumerate(dealt.hands)
                if hand.trumps() == CardSet.parse(["T1"]) and "EX" not in hand.codes()]
    assert payload["petit_sec"] == expected


def test_deal_unknown_card_is_422(client: FlaskClient) -> None:
    payload = problem(post(client, "deal", {"players": 3, "hands": [["KS", "ZZ"]],
                                            "chien": []}))
    assert [(e["pointer"], e["code"]) for e in payload["errors"]] == [("/hands/0/1",
                                                                       "unknown-card")]


@pytest.mark.parametrize(("path", "body"), [
    ("play", examples.PLAY), ("ecart", examples.ECART), ("bid", examples.BID),
    ("king-call", examples.KING_CALL), ("poignee", examples.POIGNEE),
    ("hand", examples.HAND), ("deal", {**examples.DEAL, "chien": examples.DEAL["chien"][1:]}),
])
def test_every_check_speaks_french_and_english(client: FlaskClient, path: str,
                                               body: dict[str, Any]) -> None:
    french = post(client, path, body, "fr").get_json()
    english = post(client, path, body, "en").get_json()
    assert {k: v for k, v in french.items() if k not in ("explanation", "violations")} == {
        k: v for k, v in english.items() if k not in ("explanation", "violations")}
    assert [v["code"] for v in french["violations"]] == [v["code"] for v in english["violations"]]
    assert french["explanation"] != english["explanation"]
    for fr, en in zip(french["violations"], english["violations"], strict=True):
        assert fr["message"] != en["message"]
