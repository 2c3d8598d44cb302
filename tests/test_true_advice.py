"""Issue 12, the advice slips: each piece of advice that stated a false fact, asked through
``POST /advice/play`` and ``/advice/ecart`` in French and English, now says what holds.

- "last to play" with two players still to play: they are partners, so "no opponent plays after
  you";
- "give it to your partner" when one's own card takes the trick: one's side holds it, and one's
  card takes it;
- "your lowest trump" naming the 16 while holding the petit: the lowest but the petit, and do not
  play the petit under the 20; "your lowest trump" when one must overtrump: the lowest one may
  play;
- "a shorter suit" in the écart for the longest suit: what is kept of it, no claim of shortness.
"""

from __future__ import annotations

from typing import Any

from api_client import post_in
from flask.testing import FlaskClient


def advise(client: FlaskClient, what: str, body: Any, lang: str) -> dict[str, Any]:
    response = post_in(client, f"/api/v1/advice/{what}", body, lang)
    assert response.status_code == 200, response.get_json()
    payload: dict[str, Any] = response.get_json()
    return payload


def both(client: FlaskClient, what: str, body: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    return advise(client, what, body, "fr"), advise(client, what, body, "en")


# Five players: the taker (seat 0) won the first trick, where seat 1 showed the called king of
# diamonds; seat 2 defends, and seats 3 and 4, still to play, are its partners.
TWO_PARTNERS_AFTER = {
    "players": 5, "hand": ["KH", "2H", "8S"], "trick": ["8H", "9H"], "seat": 2, "taker": 0,
    "called_card": "KD", "history": [{"leader": 0, "cards": ["KC", "KD", "3C", "4C", "5C"]}],
}


def test_two_partners_still_to_play_is_not_last_to_play(client: FlaskClient) -> None:
    fr, en = both(client, "play", TWO_PARTNERS_AFTER)
    assert fr["card"] == "KH"
    assert fr["reasons"][0]["code"] == "play-win-last"
    assert fr["reasons"][0]["params"]["why"] == "partners-after"
    assert fr["explanation"] == ("Aucun adversaire ne joue après vous : prenez le pli avec le "
                                 "roi de cœur.")
    assert en["explanation"] == ("No opponent plays after you: take the trick with the king of "
                                 "hearts.")
    assert "Dernier" not in fr["explanation"] and "Last" not in en["explanation"]


def test_last_to_play_is_still_said_when_true(client: FlaskClient) -> None:
    body = {**TWO_PARTNERS_AFTER, "trick": ["6H", "9H", "8H", "7H"], "seat": 4}
    body["hand"] = ["KH", "2H", "8S"]
    fr, en = both(client, "play", body)
    assert fr["reasons"][0]["params"] == {"card": "KH", "why": "last"}
    assert fr["explanation"] == "Dernier à jouer : prenez le pli avec le roi de cœur."
    assert en["explanation"] == "Last to play: take the trick with the king of hearts."


def test_a_card_that_overtakes_the_partner_is_not_given_to_him(client: FlaskClient) -> None:
    """Four players: seat 1's queen of hearts holds the trick; seat 2 (its partner) plays the
    king, which takes the trick itself."""
    body = {"players": 4, "hand": ["KH", "3H", "4S"], "trick": ["QH"], "seat": 2, "taker": 0}
    fr, en = both(client, "play", body)
    assert fr["card"] == "KH"
    assert fr["reasons"][0]["params"] == {"card": "KH", "winner": 2, "takes": True}
    assert fr["explanation"] == (
        "Votre camp tient le pli : jouez le roi de cœur, qui le prend au-dessus de la carte de "
        "votre partenaire et que personne après vous ne devrait battre.")
    assert en["explanation"] == (
        "Your side holds this trick: play the king of hearts, which takes it over your "
        "partner's card and which nobody after you is expected to beat.")
    assert "chargez-le" not in fr["explanation"]


def test_points_under_the_partners_card_are_given_to_him(client: FlaskClient) -> None:
    """Four players, the taker at seat 2 led; seat 3's king holds the trick, seat 1 (its
    partner, last) gives the queen, which does not overtake it."""
    body = {"players": 4, "hand": ["QH", "3H", "4S"], "trick": ["6H", "KH", "5H"], "seat": 1,
            "taker": 2}
    fr, en = both(client, "play", body)
    assert fr["card"] == "QH"
    assert fr["reasons"][0]["params"] == {"card": "QH", "winner": 3}
    assert fr["explanation"] == ("La carte de votre partenaire tient le pli et personne après "
                                 "vous ne devrait la battre : chargez le pli avec la dame de "
                                 "cœur.")
    assert en["explanation"] == ("Your partner's card holds this trick and nobody after you is "
                                 "expected to beat it: give it the queen of hearts.")


def test_the_lowest_trump_but_the_petit_and_the_petit_kept(client: FlaskClient) -> None:
    """The taker's 20 holds the trick; the defender after him cannot overtrump: he plays the
    16, his lowest trump but the petit, and is told not to play the petit under the 20."""
    body = {"players": 4, "hand": ["T1", "T16", "T18", "4S"], "trick": ["5H", "T20"],
            "seat": 1, "taker": 0}
    fr, en = both(client, "play", body)
    assert fr["card"] == "T16"
    assert [(r["code"], r["params"]) for r in fr["reasons"]] == [
        ("play-trump-low", {"card": "T16", "lowest": "but-petit", "higher": 1}),
        ("play-keep-petit", {"card": "T1", "over": "T20"})]
    assert fr["explanation"] == (
        "Jouez le 16 d'atout, votre plus petit atout après le petit : gardez les gros pour plus "
        "tard. Ne jouez pas le petit sous le 20 d'atout : il ne peut pas y gagner, et serait "
        "perdu si votre camp ne remporte pas le pli.")
    assert en["reasons"][0]["text"] == ("Play the 16 of trumps, your lowest trump but the "
                                        "petit: keep the high ones for later.")
    assert en["reasons"][1]["text"] == (
        "Do not play the petit under the 20 of trumps: it cannot win there, and would be lost "
        "unless your side takes the trick.")


def test_the_lowest_trump_one_may_play_when_one_must_overtrump(client: FlaskClient) -> None:
    """The partner's 15 holds the trick; holding the 3, the defender must still overtrump."""
    body = {"players": 4, "hand": ["T3", "T16", "T18", "4S"], "trick": ["5H", "T15", "6H"],
            "seat": 3, "taker": 0}
    fr, en = both(client, "play", body)
    assert fr["card"] == "T16"
    assert fr["reasons"][0]["params"] == {"card": "T16", "lowest": "legal", "higher": 1}
    assert fr["explanation"] == ("Jouez le 16 d'atout, le plus petit atout que vous puissiez "
                                 "jouer ici : gardez les gros pour plus tard.")
    assert en["explanation"] == ("Play the 16 of trumps, the lowest trump you may play here: "
                                 "keep the high ones for later.")


def test_the_lowest_trump_is_said_when_it_is(client: FlaskClient) -> None:
    body = {"players": 4, "hand": ["T3", "T16", "4S"], "trick": ["5H", "T20"], "seat": 1,
            "taker": 0}
    fr, en = both(client, "play", body)
    assert fr["reasons"] == [{"code": "play-trump-low", "params": {"card": "T3",
                                                                    "lowest": "hand",
                                                                    "higher": 1},
                              "text": "Jouez le 3 d'atout, votre plus petit atout : gardez les "
                                      "gros pour plus tard."}]
    assert en["explanation"] == ("Play the 3 of trumps, your lowest trump: keep the high ones "
                                 "for later.")


# Seed 714 of rules_fr.deal.deal(4), seat 1: after the voids, the last card to go is the 3 of
# hearts, the longest suit (8 hearts kept).
LONG_SUIT_ECART = {
    "players": 4,
    "hand": ["KS", "4H", "5H", "9H", "10H", "JH", "CH", "QH", "5D", "6D", "9D", "QD", "T1",
             "T6", "T10", "T14", "T16", "T17"],
    "chien": ["3H", "KH", "6C", "T5", "T7", "T11"],
}


def test_an_ecart_card_of_the_longest_suit_is_not_called_short(client: FlaskClient) -> None:
    fr, en = both(client, "ecart", LONG_SUIT_ECART)
    shorten = [r for r in fr["reasons"] if r["code"] == "ecart-shorten"]
    assert [r["params"] for r in shorten] == [
        {"suit": "H", "cards": ["3H"], "left": 8, "shortest": False}]
    assert shorten[0]["text"] == ("Écartez le 3 de cœur pour compléter l'écart ; vous gardez 8 "
                                  "cartes de cœur.")
    assert ("Put aside the 3 of hearts to fill the écart; you keep 8 cards of hearts."
            in en["explanation"])
    assert "court" not in fr["explanation"] and "short" not in en["explanation"]


def test_a_suit_beside_a_void_is_not_called_the_shortest(client: FlaskClient) -> None:
    """Issue 24: spades go whole (a void); hearts keep 2 cards. The advice once said "your
    shortest suit is then hearts, with 2 cards left, soon a void" — spades, voided, are
    shorter. It says the hearts kept, and calls no suit the shortest."""
    body = {"players": 4,
            "hand": ["KH", "2H", "3H", "4H", "KD", "2D", "3D", "4D", "KC", "2C", "3C", "4C",
                     "5S", "6S", "T2", "T3", "T4", "T5"],
            "chien": ["7S", "5H", "5D", "5C", "T6", "T7"]}
    fr, en = both(client, "ecart", body)
    assert [r["code"] for r in fr["reasons"]][-2:] == ["ecart-void", "ecart-shorten"]
    assert fr["reasons"][-1]["params"] == {"suit": "H", "cards": ["2H", "3H", "4H"],
                                           "left": 2, "shortest": False}
    assert fr["reasons"][-1]["text"] == ("Écartez le 2, le 3 et le 4 de cœur pour compléter "
                                         "l'écart ; vous gardez 2 cartes de cœur.")
    assert en["reasons"][-1]["text"] == ("Put aside the 2, the 3, and the 4 of hearts to fill "
                                         "the écart; you keep 2 cards of hearts.")
    for text in (fr["explanation"], en["explanation"]):
        assert "court" not in text and "shortest" not in text and "bientôt" not in text
        assert "soon a void" not in text


def test_soon_a_void_only_for_one_or_two_cards(client: FlaskClient) -> None:
    """Issue 24: "soon a void" was said of a suit of 3 to 5 cards kept; it is said of one or
    two, and a suit of more is only called the shortest."""
    from rules_fr.advice.reasons import ReasonCode, reason
    from tutor.i18n.advice import reason_payload

    for lang, soon, plain in (("en", "soon a void to trump", "with 3 cards left."),
                              ("fr", "bientôt une coupe", "avec 3 cartes.")):
        with client.application.test_request_context("/", query_string={"lang": lang}):
            two = reason_payload(reason(ReasonCode.ECART_SHORTEN, suit="H", cards=["2H"],
                                        left=2, shortest=True))["text"]
            three = reason_payload(reason(ReasonCode.ECART_SHORTEN, suit="H", cards=["2H"],
                                          left=3, shortest=True))["text"]
        assert soon in two and soon not in three and three.endswith(plain)


def test_keep_the_high_ones_only_when_some_are_held(client: FlaskClient) -> None:
    """Issue 24: "keep the high ones for later" when the hand held no higher trump."""
    body = {"players": 4, "hand": ["T3", "4S", "EX"], "trick": ["5H", "T20"], "seat": 1,
            "taker": 0}
    fr, en = both(client, "play", body)
    assert fr["reasons"][0]["params"] == {"card": "T3", "lowest": "hand", "higher": 0}
    assert fr["explanation"] == "Jouez le 3 d'atout, votre seul atout."
    assert en["explanation"] == "Play the 3 of trumps, your only trump."


def test_the_excuse_kept_to_the_end_is_lost_only_if_the_other_side_wins(
        client: FlaskClient) -> None:
    """The excuse at the last trick goes to the side that wins it: to the other side only if
    it wins that trick, not always."""
    body = {"players": 4, "hand": ["EX", "2S"], "trick": ["5H"], "seat": 1, "taker": 0}
    fr, en = both(client, "play", body)
    assert fr["card"] == "EX"
    assert fr["reasons"][0]["code"] == "play-excuse-before-last"
    assert fr["explanation"] == ("Jouez l'excuse maintenant : gardée pour le dernier pli, elle "
                                 "irait au camp qui remporte ce pli, et serait perdue si ce "
                                 "n'est pas le vôtre.")
    assert en["explanation"] == ("Play the excuse now: kept for the last trick, it would go to "
                                 "the side that wins that trick, and would be lost if that is "
                                 "not yours.")


def test_make_the_other_cards_good_only_when_one_is_not(client: FlaskClient) -> None:
    """Issue 24: "low in your longest suit, to make its other cards good" was said when the
    only other card was the master king; the core now says whether one of them is still
    beaten (``establish``, property-tested in test_advice_facts) and the sentence follows."""
    from rules_fr.advice.reasons import ReasonCode, reason
    from rules_fr.cards import parse_card
    from tutor.i18n.advice import reason_payload

    two = parse_card("2S")
    for lang, kept, plain in (
            ("en", "Lead the 2 of spades, low in your longest suit, to make its other cards good.",
             "Lead the 2 of spades, low in your longest suit."),
            ("fr", "Entamez le 2 de pique, petite carte de votre plus longue couleur, pour "
                   "affranchir les autres.",
             "Entamez le 2 de pique, petite carte de votre plus longue couleur.")):
        with client.application.test_request_context("/", query_string={"lang": lang}):
            beaten = reason_payload(reason(ReasonCode.PLAY_LEAD_LONG_SUIT, card=two, suit="S",
                                           establish=True))["text"]
            good = reason_payload(reason(ReasonCode.PLAY_LEAD_LONG_SUIT, card=two, suit="S",
                                         establish=False))["text"]
        assert (beaten, good) == (kept, plain)


def test_the_glossary_promises_no_revoke_penalty() -> None:
    """Issue 24: the glossary said the revoke was "penalised once established" and that the
    referee "applies the penalties" — the service applies none (no FFT text read gives one)."""
    from tutor.i18n.glossary import term

    for lang in ("fr", "en"):
        revoke, referee = term("renonce", lang), term("arbitre", lang)
        assert revoke is not None and referee is not None
        text = revoke["definition"] + " " + referee["definition"]
        assert "pénalis" not in text and "penalis" not in text and "applique" not in text
        assert "applies the penalties" not in text
    assert "laisse l'arbitre décider" in term("renonce", "fr")["definition"]  # type: ignore[index]
    assert "lets the referee rule" in term("renonce", "en")["definition"]  # type: ignore[index]
