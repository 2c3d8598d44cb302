"""Issue 24, a teacher's read: sentences that said something false or used a term two ways,
each now true, asked through the API in French and English."""

from __future__ import annotations

import pytest
from api_client import ask
from flask.testing import FlaskClient

HAND = ["T2", "T3", "T5", "T7", "T9", "T12", "T15", "KS", "QS", "2S", "3S", "KH", "4H", "5H",
        "6D", "7D", "8C", "9C"]


def test_trumps_counted_without_an_excuse_say_no_excuse(client: FlaskClient) -> None:
    """"7 trumps, the excuse counted" was said of a hand without the excuse."""
    said = {lang: [r["text"] for r in ask(client, "/advice/bid", {"players": 4, "hand": HAND,
                                                                  "bids": []}, lang)["reasons"]
                   if r["code"] == "hand-trumps"] for lang in ("fr", "en")}
    assert said == {"fr": ["7 atouts, 2 points chacun : 14 points."],
                    "en": ["7 trumps, 2 points each: 14 points."]}
    with_excuse = [*HAND[:-1], "EX"]
    for lang, word in (("fr", "l'excuse comprise"), ("en", "the excuse counted")):
        reasons = ask(client, "/advice/bid", {"players": 4, "hand": with_excuse, "bids": []},
                      lang)["reasons"]
        assert any(word in r["text"] for r in reasons if r["code"] == "hand-trumps")


def test_a_refused_king_call_makes_no_one_alone(client: FlaskClient) -> None:
    body = {"players": 5, "hand": HAND[:15], "card": "QS"}
    for lang in ("fr", "en"):
        answer = ask(client, "/check/king-call", body, lang)
        assert answer["legal"] is False and answer["alone"] is False
    allowed = ask(client, "/check/king-call", {**body, "card": "KS"}, "en")
    assert allowed["legal"] and allowed["alone"]  # his own king: alone


@pytest.mark.parametrize("trick", [["5H"], ["T5"]])
def test_discarding_is_not_called_pisser(client: FlaskClient, trick: list[str]) -> None:
    """The FFT's « pisser » is undertrumping, as the glossary says; a discard is « se
    défausser »."""
    body = {"players": 4, "hand": ["2S", "3C"], "trick": trick, "card": "2S"}
    fr = ask(client, "/check/play", body, "fr")
    en = ask(client, "/check/play", body, "en")
    said_fr = " ".join(w["message"] for w in fr["why_allowed"])
    assert "défaussez" in said_fr and "piss" not in said_fr
    assert "discard" in " ".join(w["message"] for w in en["why_allowed"])


def test_undertrumping_is_still_pisser(client: FlaskClient) -> None:
    body = {"players": 4, "hand": ["T3", "2C"], "trick": ["5H", "T9"], "card": "T3"}
    fr = ask(client, "/check/play", body, "fr")
    assert "sous-coupez" in " ".join(w["message"] for w in fr["why_allowed"])


def test_advice_to_pass_is_said_to_the_reader(client: FlaskClient) -> None:
    """« Conseil : passe. » read as a noun; the advice speaks to the reader: « passez »."""
    weak = ["2S", "3S", "4S", "5S", "6S", "2H", "3H", "4H", "5H", "6H", "2D", "3D", "4D", "5D",
            "2C", "3C", "4C", "T2"]
    fr = ask(client, "/advice/bid", {"players": 4, "hand": weak, "bids": []}, "fr")
    en = ask(client, "/advice/bid", {"players": 4, "hand": weak, "bids": []}, "en")
    assert fr["bid"] == "passe"
    assert fr["explanation"].startswith("Conseil : passez.")
    assert en["explanation"].startswith("Advice: pass.")
