"""POST /api/v1/advice/bid, /ecart and /play through the test client: legal advice with its
reasons worded in French and English, every reason code worded in both languages, and 422 for
what is not a position of the game."""

from __future__ import annotations

import random
import re

import pytest
from flask import Flask

from rules_fr.advice.reasons import Reason, ReasonCode
from rules_fr.bidding import check_bid, parse_bid
from rules_fr.cards import CardSet
from rules_fr.contracts import Contract
from rules_fr.deal import deal
from rules_fr.ecart import check_ecart
from rules_fr.play import legal_cards
from tutor.i18n import init_babel
from tutor.i18n.advice import REASON_MESSAGES, reason_text

GARDE_60 = ["T21", "T19", "T12", "T6", "T1", "EX", "KH", "CH", "10H", "8H", "1H", "JD", "8D",
            "QC", "CC", "7C", "6S", "4S"]
LEFTOVER = re.compile(r"%\(|\{|\}")


def _post(client, path: str, body: dict, lang: str):
    response = client.post(f"/api/v1/advice/{path}?lang={lang}", json=body)
    assert response.status_code == 200, response.get_json()
    assert response.headers["Content-Language"] == lang
    return response.get_json()


def _well_worded(payload: dict) -> None:
    assert payload["explanation"] and not LEFTOVER.search(payload["explanation"])
    for item in payload["reasons"]:
        assert set(item) == {"code", "params", "text"}
        assert item["text"] and not LEFTOVER.search(item["text"]), item


def test_advice_bid_explained_in_french_and_english(client):
    fr = _post(client, "bid", {"players": 4, "hand": GARDE_60}, "fr")
    en = _post(client, "bid", {"players": 4, "hand": GARDE_60}, "en")
    for payload in (fr, en):
        _well_worded(payload)
        assert payload["bid"] == "garde" and payload["strength"] == 60
        assert payload["thresholds"] == {"petite": 40, "garde": 56, "garde_sans": 71,
                                         "garde_contre": 81}
    assert [r["code"] for r in fr["reasons"]] == [r["code"] for r in en["reasons"]]
    assert fr["explanation"] == ("Conseil : garde. 60 points : de 56 à 70 à 4 joueurs, la main "
                                 "vaut une garde.")
    assert en["explanation"] == ("Advice: garde. 60 points: from 56 to 70 with 4 players, the hand "
                                 "is worth a garde.")
    assert "Le 21 : 10 points." in [r["text"] for r in fr["reasons"]]
    assert "The petit with 6 trumps: 7 points." in [r["text"] for r in en["reasons"]]


def test_advice_bid_after_a_higher_bid_is_a_pass(client):
    payload = _post(client, "bid", {"players": 4, "hand": GARDE_60, "bids": ["garde_sans"]},
                    "fr")
    assert payload["bid"] == "passe" and payload["wanted"] == "garde"
    assert payload["explanation"].startswith("Conseil : passez. La main vaut une garde")


def test_advice_ecart_explained_and_legal(client):
    dealt = deal(4, 0, seed=21)
    body = {"players": 4, "hand": dealt.hands[1].codes(), "chien": dealt.chien.codes()}
    for lang in ("fr", "en"):
        payload = _post(client, "ecart", body, lang)
        _well_worded(payload)
        assert check_ecart(4, Contract.GARDE, dealt.hands[1], dealt.chien,
                           CardSet.parse(payload["ecart"])) == []
    assert payload["explanation"].startswith("Advice: put aside ")


def test_advice_ecart_none_on_a_garde_sans(client):
    dealt = deal(4, 0, seed=21)
    payload = _post(client, "ecart", {"players": 4, "contract": "garde_sans",
                                      "hand": dealt.hands[1].codes(),
                                      "chien": dealt.chien.codes()}, "fr")
    assert payload["ecart"] is None and payload["trumps_to_show"] == []
    assert payload["explanation"] == ("Sur une garde sans, pas d'écart : le chien reste face "
                                      "cachée.")


def test_advice_play_explained_in_both_languages(client):
    body = {"players": 4, "hand": ["KH", "2H", "T5", "EX"], "trick": ["7H"], "seat": 1,
            "taker": 3, "contract": "garde"}
    fr = _post(client, "play", body, "fr")
    en = _post(client, "play", body, "en")
    assert fr["card"] == en["card"] == "KH"
    assert fr["legal_cards"] == ["2H", "KH", "EX"]
    assert fr["explanation"] == ("Jouez le roi de cœur : au premier tour de la couleur, personne "
                                 "après vous ne devrait couper.")
    assert en["explanation"] == ("Play the king of hearts: on the suit's first round nobody after "
                                 "you is likely to trump it.")


def test_advice_play_is_legal_at_every_turn_of_random_deals(client):
    """Each position of a few random deals, sent with its history: the card is legal."""
    from rules_fr.simulate import play_random_deal

    rng = random.Random(3)
    for players in (3, 4, 5):
        d = play_random_deal(players, rng)
        hands = list(d.hands)
        if d.ecart is not None:
            hands[d.taker] = (hands[d.taker] | d.chien) - d.ecart
        history: list[dict] = []
        for number, trick in enumerate(d.tricks[:6]):
            for position, card in enumerate(trick.cards):
                seat = trick.seat_of(position, players)
                so_far = list(trick.cards[:position])
                body = {"players": players, "hand": hands[seat].codes(),
                        "trick": [c.code for c in so_far], "seat": seat, "taker": d.taker,
                        "contract": d.contract.code, "history": history}
                if d.called_card is not None:
                    body["called_card"] = d.called_card.code
                payload = _post(client, "play", body, "en")
                legal = legal_cards(hands[seat], so_far, called_card=d.called_card,
                                    first_trick=number == 0)
                assert payload["card"] in legal
                assert payload["legal_cards"] == legal.codes()
                hands[seat] = hands[seat].remove(card)
            history.append({"leader": trick.leader, "cards": [c.code for c in trick.cards]})


def test_advice_bid_is_legal_for_random_hands_through_the_api(client):
    rng = random.Random(4)
    for players in (3, 4, 5):
        dealt = deal(players, 0, seed=rng.getrandbits(32))
        bids: list[str] = []
        for spoken in range(players - 1):
            payload = _post(client, "bid", {"players": players,
                                            "hand": dealt.hands[spoken + 1].codes(),
                                            "bids": bids}, "fr")
            earlier = [parse_bid(b) for b in bids]
            assert check_bid(players, earlier, parse_bid(payload["bid"])) == []
            bids.append(payload["bid"])


@pytest.mark.parametrize(("path", "body", "pointer", "code"), [
    ("bid", {"players": 4, "hand": GARDE_60 + ["2C"]}, "/hand", "hand-too-large"),
    ("bid", {"players": 3, "hand": GARDE_60, "bids": ["passe"] * 3}, "/bids", "list-too-long"),
    ("ecart", {"players": 4, "hand": GARDE_60[:10], "chien": ["2C"] * 1}, "/hand",
     "list-too-short"),
    ("ecart", {"players": 5, "hand": GARDE_60[:15], "chien": ["T21", "2C", "3C"]}, "/chien/0",
     "duplicate-card"),
    ("play", {"players": 4, "hand": ["KH"], "trick": ["KH"]}, "/trick/0",
     "card-in-hand-and-trick"),
    ("play", {"players": 4, "hand": ["KH"], "taker": 4}, "/taker", "seat-range"),
    ("play", {"players": 4, "hand": ["KH"], "partner": 2}, "/partner", "partner-not-five"),
    ("play", {"players": 3, "hand": ["KH"], "trick": ["2H", "3H", "4H"]}, "/trick",
     "trick-too-long"),
    ("play", {"players": 3, "hand": ["KH"], "history": [{"leader": 0, "cards": ["2H"]}]},
     "/history/0/cards", "trick-size"),
    ("play", {"players": 4, "hand": []}, "/hand", "list-too-short"),
])
def test_advice_refuses_what_is_not_a_position(client, path, body, pointer, code):
    response = client.post(f"/api/v1/advice/{path}?lang=en", json=body)
    assert response.status_code == 422, response.get_json()
    errors = response.get_json()["errors"]
    assert any(e["pointer"] == pointer and e["code"] == code for e in errors), errors


# --- every reason code has a sentence in each language ------------------------------------

SAMPLE_PARAMS: dict[str, object] = {
    "points": 6, "trumps": 6, "count": 7, "cards": ["T19", "T20", "T21"], "suit": "H",
    "length": 5, "card": "QH", "strength": 60, "contract": "garde", "low": 56, "high": 70,
    "players": 4, "needed": 40, "wanted": "garde", "highest": "garde", "why": "last",
    "held": 9, "out": 5, "winner": 2,
}


@pytest.fixture(scope="module")
def babel_app() -> Flask:
    app = Flask("advice-reasons")
    init_babel(app)
    return app


def test_every_reason_code_has_a_message():
    assert set(REASON_MESSAGES) == set(ReasonCode)


@pytest.mark.parametrize("code", list(ReasonCode))
def test_every_reason_is_worded_in_french_and_english(babel_app, code):
    texts = {}
    for lang in ("fr", "en"):
        with babel_app.test_request_context(f"/?lang={lang}"):
            texts[lang] = reason_text(Reason(code, SAMPLE_PARAMS))
        assert texts[lang] and texts[lang] != code.value
        assert not LEFTOVER.search(texts[lang]), texts[lang]
    assert texts["fr"] != texts["en"], code
