"""Issue 12, the explanation slips: each sentence that stated something false in the position,
asked through the API in French and English, now says what holds.

- ``/check/trick`` with the excuse: the trick holds 10 points, its winner nets 6 (the excuse
  goes back to its owner's side, a half-point card comes in exchange) — the figure is the
  core's count (:func:`rules_fr.counting.count_deal`), not a sum of the cards.
- a king called in the chien: "it is in the chien: you play alone", not "nobody else holds it".
- after an excuse lead: the next card set the suit; it was not "led".
- a plain card on a trump lead: the trump-lead rule is cited, not follow-suit.
"""

from __future__ import annotations

import pytest
from api_client import ask
from flask.testing import FlaskClient

from rules_fr.cards import CardSet, parse_cards
from rules_fr.contracts import Camp, Contract
from rules_fr.counting import PlayedTrick, count_deal, trick_won_half


def test_trick_with_the_excuse_says_what_its_winner_nets(client: FlaskClient) -> None:
    body = {"players": 4, "cards": ["KD", "EX", "7D", "2D"], "leader": 0}
    fr = ask(client, "/check/trick", body, "fr")
    en = ask(client, "/check/trick", body, "en")
    assert fr["points"] == en["points"] == 10
    assert "Le pli contient 10 points." in fr["explanation"]
    assert ("elle retourne au camp de son propriétaire, qui donne en échange une carte d'un "
            "demi-point ; le camp qui gagne le pli en garde 6 points") in fr["explanation"]
    assert "The trick holds 10 points." in en["explanation"]
    assert ("it goes back to its owner's side, which gives a card worth half a point in "
            "exchange, so the winner's side nets 6 points") in en["explanation"]
    assert "camp" not in en["explanation"]


def test_the_six_points_are_the_cores_count() -> None:
    """The figure the explanation gives is what :func:`count_deal` credits the winner's side
    with: a defender's excuse in a trick the taker wins, before the last trick."""
    first = PlayedTrick(0, tuple(parse_cards(["KD", "EX", "7D", "2D"])))  # seat 0 wins
    last = PlayedTrick(0, tuple(parse_cards(["KS", "2S", "3S", "4S"])))
    chien = CardSet.parse(["T2", "T3", "T4", "T5", "T6", "T7"])
    count = count_deal(players=4, contract=Contract.GARDE, taker=0, partner=None,
                       tricks=[first, last], chien=chien)
    taker_from_tricks = count.points_half[Camp.TAKER] - chien.points_half()
    assert trick_won_half(first.cards) == 12  # 6 points
    assert taker_from_tricks == trick_won_half(first.cards) + trick_won_half(last.cards)


def test_trick_without_the_excuse_says_nothing_of_an_exchange(client: FlaskClient) -> None:
    body = {"players": 4, "cards": ["7D", "KD", "T1", "2D"]}
    for lang in ("fr", "en"):
        text = ask(client, "/check/trick", body, lang)["explanation"]
        assert "excuse" not in text


def test_king_called_in_the_chien_plays_alone_because_it_is_there(client: FlaskClient) -> None:
    body = {"players": 5, "hand": ["T5", "T12", "2S"], "chien": ["KH", "2C", "3C"],
            "card": "KH"}
    fr = ask(client, "/check/king-call", body, "fr")
    en = ask(client, "/check/king-call", body, "en")
    assert fr["alone"] is en["alone"] is True
    assert fr["explanation"] == ("Vous appelez le roi de cœur : cette carte est dans le chien, "
                                 "vous jouez donc seul, à un contre quatre.")
    assert en["explanation"] == ("You call the king of hearts: it is in the chien, so you play "
                                 "alone, one against four.")
    own = ask(client, "/check/king-call", {**body, "hand": ["KH", "T5"], "chien": None}, "en")
    assert "nobody else holds it" in own["explanation"]


def test_after_an_excuse_lead_the_next_card_set_the_suit(client: FlaskClient) -> None:
    body = {"players": 4, "hand": ["KD", "2S", "T4"], "trick": ["EX", "7D"], "card": "2S"}
    fr = ask(client, "/check/play", body, "fr")
    en = ask(client, "/check/play", body, "en")
    assert fr["violations"][0]["params"]["excuse_led"] is True
    assert fr["explanation"].startswith(
        "Vous devez fournir à carreau : l'excuse a été entamée, c'est le 7 de carreau qui donne "
        "la couleur, et vous avez le roi de carreau.")
    assert en["explanation"].startswith(
        "You must play a diamond: the excuse was led, the 7 of diamonds set the suit, and you "
        "hold the king of diamonds.")
    assert "entamé" not in fr["explanation"].replace("l'excuse a été entamée", "")
    assert "was led" not in en["explanation"].replace("the excuse was led", "")


def test_after_an_excuse_lead_a_void_must_trump(client: FlaskClient) -> None:
    body = {"players": 4, "hand": ["2S", "T4"], "trick": ["EX", "7D"], "card": "2S"}
    fr = ask(client, "/check/play", body, "fr")["explanation"]
    en = ask(client, "/check/play", body, "en")["explanation"]
    assert fr.startswith("Vous n'avez pas de carreau, vous devez couper : l'excuse a été "
                         "entamée, c'est le 7 de carreau qui donne la couleur")
    assert en.startswith("You have no diamonds, so you must trump: the excuse was led, the 7 "
                         "of diamonds set the suit")


def test_a_plain_lead_still_says_led(client: FlaskClient) -> None:
    body = {"players": 4, "hand": ["KD", "2S"], "trick": ["7D"], "card": "2S"}
    assert "le 7 de carreau est entamé" in ask(client, "/check/play", body, "fr")["explanation"]
    payload = ask(client, "/check/play", body, "en")
    assert "excuse_led" not in payload["violations"][0]["params"]


@pytest.mark.parametrize("trick", [["T15"], ["EX", "T15"], ["T15", "KH"]])
def test_a_plain_card_on_a_trump_lead_cites_the_trump_lead_rule(client: FlaskClient,
                                                                 trick: list[str]) -> None:
    body = {"players": 4, "hand": ["T5", "T12", "2S"], "trick": trick, "card": "2S"}
    fr = ask(client, "/check/play", body, "fr")
    en = ask(client, "/check/play", body, "en")
    assert [v["rule"] for v in fr["violations"]] == ["play.trump-lead"]
    assert "Règle : L'atout demandé (play.trump-lead)." in fr["explanation"]
    assert "(play.trump-lead)." in en["explanation"]
    assert "play.follow-suit" not in fr["explanation"] + en["explanation"]


def test_a_plain_suit_led_still_cites_follow_suit(client: FlaskClient) -> None:
    body = {"players": 4, "hand": ["KD", "2S"], "trick": ["7D"], "card": "2S"}
    assert ask(client, "/check/play", body, "en")["violations"][0]["rule"] == "play.follow-suit"
