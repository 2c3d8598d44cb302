"""The sentences themselves, in French and English: cards named as players say them, each
violation of card play, écart, poignée, bidding and king call explained with its cards and its
rule, and the rulebook's five worked scoring examples (seed 000) derived as the rulebook does.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from rules_fr.bidding import check_bid, check_chelem_announcement, check_speaker
from rules_fr.cards import CardSet, parse_card, parse_cards
from rules_fr.contracts import Camp, Contract
from rules_fr.ecart import check_ecart
from rules_fr.kingcall import check_king_call
from rules_fr.play import check_play, legal_cards, play_warnings
from rules_fr.poignee import PoigneeLevel, check_poignee, check_poignee_timing
from rules_fr.scoring import score
from rules_fr.verdicts import Code, violation
from tutor.i18n import (
    card_list,
    card_name,
    explain_bid,
    explain_deal,
    explain_ecart,
    explain_hand,
    explain_king_call,
    explain_play,
    explain_poignee,
    explain_score,
    init_babel,
    score_payload,
    violation_message,
)
from tutor.i18n.words import points

H = CardSet.parse
C = parse_card


@pytest.fixture(scope="module")
def app() -> Flask:
    app = Flask("i18n-explanations")
    init_babel(app)
    return app


@pytest.fixture(params=["fr", "en"])
def lang(request, app):
    with app.test_request_context(f"/?lang={request.param}"):
        yield request.param


@pytest.fixture
def fr(app):
    with app.test_request_context("/?lang=fr"):
        yield


@pytest.fixture
def en(app):
    with app.test_request_context("/", headers={"Accept-Language": "en-GB"}):
        yield


def said(lang: str, fr: str, en: str) -> str:
    return fr if lang == "fr" else en


# --- cards, lists, numbers --------------------------------------------------------------------

@pytest.mark.parametrize(("code", "french", "english"), [
    ("KH", "le roi de cœur", "the king of hearts"),
    ("QS", "la dame de pique", "the queen of spades"),
    ("CD", "le cavalier de carreau", "the knight of diamonds"),
    ("JC", "le valet de trèfle", "the jack of clubs"),
    ("1C", "l'as de trèfle", "the ace of clubs"),
    ("5H", "le 5 de cœur", "the 5 of hearts"),
    ("T1", "le petit", "the petit"),
    ("T21", "le 21", "the 21"),
    ("EX", "l'excuse", "the excuse"),
    ("T7", "le 7 d'atout", "the 7 of trumps"),
])
def test_card_names(lang, code, french, english):
    assert card_name(C(code)) == said(lang, french, english)


def test_card_names_without_article(lang):
    assert card_name(C("KH"), article=False) == said(lang, "roi de cœur", "king of hearts")
    assert card_name(C("T7"), article=False) == said(lang, "7 d'atout", "7 of trumps")
    assert card_name(C("EX"), article=False) == "excuse"


def test_card_lists_share_the_suit(lang):
    assert card_list(["KH", "7H"]) == said(lang, "le 7 et le roi de cœur",
                                           "the 7 and the king of hearts")
    assert card_list(["T12", "T3", "T15"]) == said(lang, "le 3, le 12 et le 15 d'atout",
                                                   "the 3, the 12, and the 15 of trumps")
    assert card_list(["7H", "EX"]) == said(lang, "le 7 de cœur et l'excuse",
                                           "the 7 of hearts and the excuse")
    assert card_list(["2S", "5S", "KH"]) == said(
        lang, "le 2 et le 5 de pique ; le roi de cœur", "the 2 and the 5 of spades; the king of "
        "hearts")
    assert card_list(CardSet.parse(["7H", "KH"]), style="or") == said(
        lang, "le 7 ou le roi de cœur", "the 7 or the king of hearts")


def test_half_points_are_formatted_per_locale(lang):
    assert points(97) == said(lang, "48,5", "48.5")
    assert points(98) == "49"
    assert points(81) == said(lang, "40,5", "40.5")


@pytest.mark.parametrize(("gap", "french", "english"), [
    (0, "0 point de match", "0 match points"),
    (1, "+1 point de match", "+1 match point"),
    (-1, "−1 point de match", "−1 match point"),
    (2, "+1,414 point de match", "+1.414 match points"),  # below 2: singular in French
    (-3, "−1,732 point de match", "−1.732 match points"),
    (4, "+2 points de match", "+2 match points"),
    (10, "+3,162 points de match", "+3.162 match points"),
])
def test_match_points_plural_of_the_number_as_written(lang, gap, french, english):
    """Duplicate match points (a gap's signed square root, to three decimals): English says
    only a bare 1 in the singular (CLDR: one is i = 1 and v = 0), French anything below 2
    (i = 0,1: « 1,5 point »); the sign and the trailing zeros (1.000 is written 1) aside."""
    from rules_fr.duplicate import match_points
    from tutor.i18n.stories import match_points_sentence

    sentence = match_points_sentence(match_points(gap))
    assert sentence.endswith(said(lang, french, english) + "."), sentence


@pytest.mark.parametrize(("cards", "french", "english"), [
    (["2S"], "vaut 0,5 point.", "is worth 0.5 points."),
    (["JS"], "vaut 1,5 point.", "is worth 1.5 points."),
    (["CS"], "vaut 2,5 points.", "is worth 2.5 points."),
    (["2S", "3S"], "valent 1 point en tout.", "are worth 1 point in all."),
    (["2S", "3S", "4S"], "valent 1,5 point en tout.", "are worth 1.5 points in all."),
    (["JS", "2S"], "valent 2 points en tout.", "are worth 2 points in all."),
])
def test_half_points_plural_of_the_number_as_written(lang, cards, french, english):
    """A count of half points: "1.5 points" in English, « 1,5 point » in French (below 2)."""
    from rules_fr.cards import points_half
    from tutor.i18n.facts import explain_count

    sentence = explain_count(parse_cards(cards), points_half(parse_cards(cards)), 0)
    assert sentence.endswith(said(lang, french, english)), sentence


# --- card play --------------------------------------------------------------------------------

FOLLOW_HAND = H(["7H", "KH", "T3", "EX", "2S"])


def test_must_follow_suit_brief_example(lang):
    v, = check_play(FOLLOW_HAND, parse_cards(["5H"]), C("2S"), players=4)
    assert violation_message(v) == said(
        lang,
        "Vous devez fournir à cœur : le 5 de cœur est entamé et vous avez le 7 et le roi de "
        "cœur. Règle : Fournir la couleur (play.follow-suit).",
        "You must play a heart: the 5 of hearts was led and you hold the 7 and the king of "
        "hearts. Rule: Following suit (play.follow-suit).")


def test_a_long_list_of_playable_cards_is_cut_to_two(lang):
    """Issue 24: a lesson names a couple of cards, not a hand of eighteen."""
    hand = CardSet.parse(["3H", "4H", "5H", "6H", "7H", "8H", "KH", "2S", "EX"])
    trick = parse_cards(["2H"])
    violations = check_play(hand, trick, C("2S"), players=4)
    text = explain_play(C("2S"), violations, [], legal_cards(hand, trick))
    assert text.endswith(said(lang, "Vous pouvez jouer 7 cartes, par exemple le 3 et le 4 de "
                                    "cœur, ou l'excuse.",
                              "You may play 7 cards, such as the 3 and the 4 of hearts, or the "
                              "excuse."))


def test_explain_play_lists_the_playable_cards(lang):
    trick = parse_cards(["5H"])
    violations = check_play(FOLLOW_HAND, trick, C("T3"), players=4)
    text = explain_play(C("T3"), violations, [], legal_cards(FOLLOW_HAND, trick))
    assert text.endswith(said(lang, "Vous pouvez jouer le 7 ou le roi de cœur, ou l'excuse.",
                              "You may play the 7 or the king of hearts, or the excuse."))


def test_trumps_led_must_be_followed(lang):
    v, = check_play(H(["T5", "2S"]), parse_cards(["T9"]), C("2S"), players=4)
    assert violation_message(v).startswith(said(
        lang, "Vous devez jouer atout : le 9 d'atout est entamé et vous avez le 5 d'atout.",
        "You must play a trump: the 9 of trumps was led and you hold the 5 of trumps."))


def test_must_trump(lang):
    v, = check_play(H(["T5", "T12", "2S"]), parse_cards(["KH"]), C("2S"), players=4)
    assert violation_message(v) == said(
        lang,
        "Vous n'avez pas de cœur, vous devez couper : le roi de cœur est entamé et vous avez le "
        "5 et le 12 d'atout. Règle : Couper (play.must-trump).",
        "You have no hearts, so you must trump: the king of hearts was led and you hold the 5 "
        "and the 12 of trumps. Rule: Trumping (play.must-trump).")


def test_must_overtrump_names_the_trump_to_beat(lang):
    v, = check_play(H(["T5", "T12", "T15", "2S"]), parse_cards(["KH", "T8"]), C("T5"),
                    players=4)
    assert violation_message(v) == said(
        lang,
        "Vous devez monter sur le 8 d'atout, le plus fort atout du pli : vous avez le 12 et le "
        "15 d'atout. Règle : Monter à l'atout (play.overtrump).",
        "You must beat the 8 of trumps, the highest trump in the trick: you hold the 12 and "
        "the 15 of trumps. Rule: Overtrumping (play.overtrump).")


def test_card_not_in_hand(lang):
    v, = check_play(FOLLOW_HAND, [], C("T21"), players=4)
    assert violation_message(v) == said(
        lang, "Vous n'avez pas le 21. Règle : Jouer une carte de sa main (play.own-cards).",
        "You do not hold the 21. Rule: Playing a card of one's hand (play.own-cards).")


def test_called_suit_first_lead(lang):
    v, = check_play(H(["2S", "4S", "3H"]), [], C("2S"), players=5, called_card=C("KS"),
                    first_trick=True)
    assert violation_message(v).startswith(said(
        lang,
        "À la première entame, vous ne pouvez pas jouer à pique, la couleur de la carte appelée, "
        "sauf la carte appelée elle-même, le roi de pique.",
        "On the first lead you may not play spades, the suit of the called card, except the "
        "called card itself, the king of spades."))


def test_trick_complete(lang):
    v, = check_play(H(["2S"]), parse_cards(["KH", "2H", "3H", "5H"]), C("2S"), players=4)
    assert violation_message(v).startswith(said(
        lang, "Le pli est complet : il compte déjà 4 cartes, une par joueur.",
        "The trick is complete: it already holds 4 cards, one per player."))


def test_warnings_on_a_legal_play(lang):
    excuse, = play_warnings(H(["EX"]), [], C("EX"), players=4)
    text = explain_play(C("EX"), [], [excuse], H(["EX"]))
    assert text.startswith(said(lang, "Vous pouvez jouer l'excuse. Mais attention : l'excuse "
                                      "jouée au dernier pli va au camp qui remporte ce pli",
                                "You may play the excuse. But mind this: the excuse played to "
                                "the last trick goes to the side that wins that trick"))
    beaten, = play_warnings(H(["T1", "T9"]), parse_cards(["T4"]), C("T1"), players=4)
    assert violation_message(beaten).startswith(said(
        lang, "Le petit risque d’être perdu : le 4 d'atout, un atout plus fort, est déjà dans "
              "le pli.",
        "The petit may be lost: the 4 of trumps, a higher trump, is already in the trick."))
    exposed, = play_warnings(H(["T1", "T9"]), parse_cards(["2S"]), C("T1"), players=4)
    assert violation_message(exposed).startswith(said(
        lang, "Le petit est exposé : il reste 2 joueurs à jouer",
        "The petit is exposed: 2 players still have to play"))
    last = violation(Code.PETIT_EXPOSED, card="T1", beaten_by=None, players_after=1)
    assert violation_message(last).startswith(said(
        lang, "Le petit est exposé : il reste 1 joueur à jouer, qui peut le prendre",
        "The petit is exposed: 1 player still has to play and may take it"))


# --- écart ------------------------------------------------------------------------------------

ECART_HAND = H(["KS", "T1", "2S", "3S", "4S"])
ECART_CHIEN = H(["T2", "T3", "EX"])


def _ecart(*codes: str, contract: Contract = Contract.GARDE):
    return check_ecart(5, contract, ECART_HAND, ECART_CHIEN, parse_cards(list(codes)))


# Alike by nature: each test asserts its verdicts' sentences in French and in English.
def test_ecart_king_and_bout(lang):
    king, bout, _trump = _ecart("KS", "EX", "T2")
    assert violation_message(king) == said(
        lang, "Vous ne pouvez pas écarter de roi : le roi de pique. Règle : Ni roi ni bout à "
              "l'écart (ecart.no-king-no-bout).",
        "You may not put a king in the écart: the king of spades. Rule: No king and no oudler "
        "in the écart (ecart.no-king-no-bout).")
    assert violation_message(bout).startswith(said(
        lang, "Vous ne pouvez pas écarter de bout : l'excuse.",
        "You may not put an oudler in the écart: the excuse."))
    two = violation(Code.ECART_BOUT, cards=["T1", "T21"])
    assert violation_message(two).startswith(said(
        lang, "Vous ne pouvez pas écarter de bouts : le petit et le 21.",
        "You may not put oudlers in the écart: the petit and the 21."))


def test_ecart_trump_avoidable(lang):
    _king, _bout, trump = _ecart("KS", "EX", "T2")
    assert violation_message(trump).startswith(said(
        lang, "On n'écarte des atouts que si c'est indispensable : gardez le 2 d'atout et "
              "écartez d'autres cartes, comme le 2, le 3 et le 4 de pique.",
        "Trumps go to the écart only when unavoidable: keep the 2 of trumps and set aside other "
        "cards, such as the 2, the 3, and the 4 of spades."))
    some = violation(Code.ECART_TRUMP_AVOIDABLE, trumps=["T4", "T9"], allowed=1, available=[])
    assert violation_message(some).startswith(said(
        lang, "On n'écarte des atouts que si c'est indispensable, ici 1 atout, et vous écartez "
              "le 4 et le 9 d'atout.",
        "Trumps go to the écart only when unavoidable, here 1 trump, and you put the 4 "
        "and the 9 of trumps in it."))


def test_ecart_size_and_unavailable_cards(lang):
    unavailable, size = _ecart("2S", "2S", "QD", "3S")
    assert violation_message(size) == said(
        lang, "L'écart compte autant de cartes que le chien, 3 cartes, pas 4. Règle : L'écart "
              "(ecart.size).",
        "The écart holds as many cards as the chien, 3 cards, not 4. Rule: The écart (the cards "
        "set aside face down) (ecart.size).")
    assert violation_message(unavailable).startswith(said(
        lang, "On n'écarte que des cartes de sa main et du chien : vous n'avez pas la dame de "
              "carreau. Vous écartez deux fois le 2 de pique.",
        "Your écart can hold only cards of your hand and the chien: you have not got the queen of "
        "diamonds. You put the 2 of spades in the écart twice."))


def test_ecart_not_allowed_on_garde_sans_and_contre(lang):
    for contract, french, english in ((Contract.GARDE_SANS, "une garde sans", "a garde sans"),
                                      (Contract.GARDE_CONTRE, "une garde contre",
                                       "a garde contre")):
        v, = _ecart(contract=contract)
        assert violation_message(v).startswith(said(
            lang, f"Sur {french}, le chien reste face cachée : il n'y a pas d'écart.",
            f"On {english} the chien stays face down: there is no écart."))


def test_explain_ecart_legal_says_which_trumps_to_show(lang):
    assert explain_ecart([], CardSet()) == said(lang, "Votre écart est régulier.",
                                                "Your écart is legal.")
    assert explain_ecart([], H(["T4", "T9"])) == said(
        lang, "Votre écart est régulier. Montrez ces 2 atouts à la défense : le 4 et le 9 "
              "d'atout.",
        "Your écart is legal. Show these 2 trumps to the defence: the 4 and the 9 of trumps.")
    assert explain_ecart([], H(["T4"])) == said(
        lang, "Votre écart est régulier. Montrez cet atout à la défense : le 4 d'atout.",
        "Your écart is legal. Show this trump to the defence: the 4 of trumps.")


# --- poignée ----------------------------------------------------------------------------------

POIGNEE_HAND = H([f"T{r}" for r in range(1, 12)] + ["EX", "KS"])


def test_poignee_excuse_hides_trump(lang):
    v, = check_poignee(4, POIGNEE_HAND, H([f"T{r}" for r in range(1, 10)] + ["EX"]))
    assert violation_message(v) == said(
        lang, "Vous ne pouvez présenter l'excuse que si vous n'avez pas d'autre atout : vous "
              "cachez le 10 et le 11 d'atout. Règle : L'excuse dans la poignée (poignee.excuse).",
        "You may show the excuse only when you have no other trump: you keep the 10 and the "
        "11 of trumps hidden. Rule: The excuse in the handful (poignee.excuse).")


def test_poignee_size_says_how_many_to_show(lang):
    v, = check_poignee(4, POIGNEE_HAND, parse_cards([f"T{r}" for r in range(1, 12)]))
    assert violation_message(v).startswith(said(
        lang, "Une poignée compte exactement 10, 13 ou 15 atouts, pas 11 : présentez-en 10 et "
              "cachez les autres.",
        "A handful shows exactly 10, 13, or 15 trumps, not 11: show 10 and keep the others "
        "hidden."))
    few, = check_poignee(5, H(["T1", "T2"]), H(["T1", "T2"]))
    assert violation_message(few).startswith(said(
        lang, "Une poignée compte exactement 8, 10 ou 13 atouts : 2 cartes ne suffisent pas.",
        "A handful shows exactly 8, 10, or 13 trumps: 2 cards are too few."))


def test_poignee_not_trump_and_not_in_hand(lang):
    found = check_poignee(4, POIGNEE_HAND, parse_cards([f"T{r}" for r in range(1, 10)]
                                                       + ["KS", "QH"]))
    not_in_hand, not_trump, size = found
    assert size.code == Code.POIGNEE_SIZE
    assert violation_message(not_in_hand).startswith(said(
        lang, "On ne présente que des cartes de sa main : la dame de cœur n'y est pas.",
        "You can show only cards of your hand: the queen of hearts is not in it."))
    assert violation_message(not_trump).startswith(said(
        lang, "Une poignée ne montre que des atouts (l'excuse peut en remplacer un) : le roi de "
              "pique n'est pas un atout.",
        "A handful shows only trumps (the excuse may stand for one): the king of spades is not "
        "a trump."))


def test_poignee_too_late(lang):
    v, = check_poignee_timing(1)
    assert violation_message(v).startswith(said(
        lang, "La poignée se présente juste avant de jouer sa première carte, et vous avez déjà "
              "joué 1 carte.",
        "A handful is shown just before your first card, and you have already played 1 card."))


def test_explain_poignee_legal(lang):
    assert explain_poignee(PoigneeLevel.DOUBLE, []) == said(
        lang, "Vous présentez une double poignée : 30 points pour le camp qui gagne la donne.",
        "You show a double handful: 30 points go to the side that wins the deal.")


def test_explain_hand(lang):
    assert explain_hand(4, False, [PoigneeLevel.SIMPLE, PoigneeLevel.DOUBLE]) == said(
        lang, "Vous pouvez présenter une poignée simple (10 atouts) ou une double poignée "
              "(13 atouts), juste avant de jouer votre première carte.",
        "You may show a single handful (10 trumps) or a double handful (13 trumps), just before "
        "your first card.")
    assert explain_hand(4, True, []).startswith(said(lang, "Petit sec : le petit est votre seul "
                                                           "atout", "Petit sec: the petit is "
                                                                    "your only trump"))


# --- bidding, chelem, king call ---------------------------------------------------------------

def test_bid_too_low(lang):
    v, = check_bid(4, [Contract.GARDE], Contract.PETITE)
    assert violation_message(v) == said(
        lang, "Vous annoncez une petite, mais une garde a déjà été annoncée : chaque enchère "
              "doit être plus forte que les précédentes. Règle : Annoncer plus fort ou passer "
              "(bid.higher).",
        "You bid a petite, but a garde has already been bid: each bid must be higher than the "
        "ones before it. Rule: Bid higher or pass (bid.higher).")


def test_bid_auction_closed_out_of_turn_and_misdeal(lang):
    closed, = check_bid(4, [None] * 4, None)
    assert violation_message(closed).startswith(said(
        lang, "Les enchères sont closes : les 4 joueurs ont parlé, et chacun ne parle qu'une "
              "fois.",
        "The bidding is over: all 4 players have spoken, and each speaks only once."))
    turn, = check_speaker(0, 4, 0, 3)
    assert violation_message(turn).startswith(said(
        lang, "C'est au siège 1 de parler, pas au siège 3 :",
        "It is seat 1's turn to speak, not seat 3's:"))
    misdeal, = check_bid(4, [None] * 3, Contract.GARDE_SANS, dealer_misdealt=True)
    assert violation_message(misdeal) == said(
        lang, "Le donneur a fait une fausse donne, il a redistribué et ne peut pas prendre : "
              "vous ne pouvez que passer, pas annoncer une garde sans. Règle : La fausse donne "
              "(deal.misdeal).",
        "The dealer misdealt, dealt again and may not take: you may only pass, not bid a garde "
        "sans. Rule: The misdeal (deal.misdeal).")


def test_chelem_announcement(lang):
    not_taker, too_late = check_chelem_announcement(False, 1)
    assert violation_message(not_taker).startswith(said(
        lang, "Seul le preneur peut annoncer un chelem.", "Only the taker may announce a slam."))
    assert violation_message(too_late).startswith(said(
        lang, "Le chelem s'annonce avant que la première carte soit jouée, et 1 carte a déjà "
              "été jouée.",
        "A slam is announced before the first card is played, and 1 card has already been "
        "played."))


def test_explain_bid_legal(lang):
    assert explain_bid(Contract.GARDE_CONTRE, []) == said(
        lang, "Vous annoncez une garde contre.", "You bid a garde contre.")
    assert explain_bid(None, []) == said(lang, "Vous passez.", "You pass.")


def test_king_call_violations(lang):
    face, = check_king_call(H(["KS"]), C("T21"))
    assert violation_message(face).startswith(said(
        lang, "Vous ne pouvez pas appeler le 21 : le preneur appelle un roi",
        "You may not call the 21: the taker calls a king"))
    queen, = check_king_call(H(["KS", "KH", "QH"]), C("QD"))
    assert violation_message(queen) == said(
        lang, "Vous ne pouvez appeler une dame que si vous avez les quatre rois : il vous manque "
              "le roi de carreau et le roi de trèfle. Règle : Appeler une dame, un cavalier ou "
              "un valet (call.ladder).",
        "You may call a queen only when you hold the four kings: you lack the king of diamonds "
        "and the king of clubs. Rule: Calling a queen, a knight or a jack (call.ladder).")
    knight, = check_king_call(H(["KS", "KH", "KD", "KC", "QS"]), C("CH"))
    assert violation_message(knight).startswith(said(
        lang, "Vous ne pouvez appeler un cavalier que si vous avez les quatre rois et les quatre "
              "dames : il vous manque la dame de cœur, la dame de carreau et la dame de trèfle.",
        "You may call a knight only when you hold the four kings and the four queens: you lack "
        "the queen of hearts, the queen of diamonds, and the queen of clubs."))
    jack, = check_king_call(H(["KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC", "CS"]), C("JH"))
    assert violation_message(jack).startswith(said(
        lang, "Vous ne pouvez appeler un valet que si vous avez les quatre rois, les quatre "
              "dames et les quatre cavaliers : il vous manque le cavalier de cœur",
        "You may call a jack only when you hold the four kings, the four queens and the four "
        "knights: you lack the knight of hearts"))
    four, = check_king_call(H(["KS"]), C("KH"), players=4)
    assert violation_message(four).startswith(said(
        lang, "On n'appelle un roi qu'à 5 joueurs, pas à 4.",
        "A king is called only with five players, not with 4."))


def test_explain_king_call_legal(lang):
    assert explain_king_call(C("KH"), [], alone=False) == said(
        lang, "Vous appelez le roi de cœur : son détenteur est votre partenaire, inconnu de tous "
              "jusqu'à ce que la carte soit jouée.",
        "You call the king of hearts: its holder is your partner, unknown to all until the "
        "card is played.")
    assert explain_king_call(C("KS"), [], alone=True) == said(
        lang, "Vous appelez le roi de pique : personne d'autre ne l'a, vous jouez donc seul, à "
              "un contre quatre.",
        "You call the king of spades: nobody else holds it, so you play alone, one against "
        "four.")


def test_explain_deal_regular(lang):
    assert explain_deal([]).startswith(said(lang, "La donne est régulière", "The deal is "
                                                                          "regular"))


# --- the rulebook's worked scoring examples (seed 000) ----------------------------------------

EXAMPLES = {
    # garde, poignée of 10, petit au bout, 49 points with two bouts
    "garde-poignee-petit": dict(contract=Contract.GARDE, bouts=2, points_half=98,
                                petit_au_bout=Camp.TAKER,
                                poignees=[(Camp.TAKER, PoigneeLevel.SIMPLE)]),
    # garde sans made by 4, petit au bout taken by the defence
    "garde-sans-petit-defence": dict(contract=Contract.GARDE_SANS, bouts=1, points_half=110,
                                     petit_au_bout=Camp.DEFENSE),
    # petite failed by 7 after a poignée of 10, the taker's petit au bout
    "petite-failed": dict(contract=Contract.PETITE, bouts=2, points_half=68,
                          petit_au_bout=Camp.TAKER, poignees=[(Camp.TAKER, PoigneeLevel.SIMPLE)]),
    # garde made by 11, the defence showed a poignée
    "garde-defence-poignee": dict(contract=Contract.GARDE, bouts=1, points_half=124,
                                  poignees=[(Camp.DEFENSE, PoigneeLevel.SIMPLE)]),
    # garde, chelem announced and made, poignée, petit au bout, 87 points with 2 bouts
    "garde-chelem": dict(contract=Contract.GARDE, bouts=2, points_half=174,
                         petit_au_bout=Camp.TAKER, poignees=[(Camp.TAKER, PoigneeLevel.SIMPLE)],
                         chelem_announced=True, chelem=Camp.TAKER),
}

DERIVATIONS = {
    "garde-poignee-petit": (
        "49 − 41 = 8. 25 (contrat) + 8 = 33, × 2 (garde) = 66. Poignée : 20. Petit au bout : "
        "2 × 10 = 20. Total : 106.",
        "49 − 41 = 8. 25 (contract) + 8 = 33, × 2 (garde) = 66. Handful: 20. Petit au bout: "
        "2 × 10 = 20. Total: 106."),
    "garde-sans-petit-defence": (
        "55 − 51 = 4. 25 (contrat) + 4 = 29, × 4 (garde sans) = 116. Petit au bout pour la "
        "défense : 4 × 10 = 40, à retrancher. Total : 76.",
        "55 − 51 = 4. 25 (contract) + 4 = 29, × 4 (garde sans) = 116. Petit au bout for the "
        "defence: 4 × 10 = 40, subtracted. Total: 76."),
    "petite-failed": (
        "Il manque 7 points : 34 − 41 = −7. 25 (contrat) + 7 = 32, × 1 (petite) = 32. Poignée "
        "montrée par le preneur : 20. Petit au bout pour le preneur : 1 × 10 = 10, à "
        "retrancher. Total pour la défense : 42.",
        "The taker is 7 points short: 34 − 41 = −7. 25 (contract) + 7 = 32, × 1 (petite) = 32. "
        "Handful shown by the taker: 20. Petit au bout for the taker: 1 × 10 = 10, subtracted. "
        "Total for the defence: 42."),
    "garde-defence-poignee": (
        "62 − 51 = 11. 25 (contrat) + 11 = 36, × 2 (garde) = 72. Poignée montrée par la "
        "défense : 20. Total : 92.",
        "62 − 51 = 11. 25 (contract) + 11 = 36, × 2 (garde) = 72. Handful shown by the "
        "defence: 20. Total: 92."),
    "garde-chelem": (
        "87 − 41 = 46. 25 (contrat) + 46 = 71, × 2 (garde) = 142. Poignée : 20. Petit au bout : "
        "2 × 10 = 20. Chelem annoncé et réussi : 400. Total : 582.",
        "87 − 41 = 46. 25 (contract) + 46 = 71, × 2 (garde) = 142. Handful: 20. Petit au bout: "
        "2 × 10 = 20. Slam announced and made: 400. Total: 582."),
}

# (example, players) -> (defender, taker, partner) as the rulebook states them
SPLITS = {
    ("garde-poignee-petit", 3): ("−106", "+212", None),
    ("garde-poignee-petit", 4): ("−106", "+318", None),
    ("garde-poignee-petit", 5): ("−106", "+212", "+106"),
    ("garde-sans-petit-defence", 4): ("−76", "+228", None),
    ("garde-sans-petit-defence", 5): ("−76", "+152", "+76"),
    ("petite-failed", 4): ("+42", "−126", None),
    ("petite-failed", 5): ("+42", "−84", "−42"),
    ("garde-defence-poignee", 4): ("−92", "+276", None),
    ("garde-defence-poignee", 5): ("−92", "+184", "+92"),
    ("garde-chelem", 4): ("−582", "+1746", None),
    ("garde-chelem", 5): ("−582", "+1164", "+582"),
}


@pytest.mark.parametrize(("example", "players"), sorted(SPLITS))
def test_rulebook_worked_examples(lang, example, players):
    s = score(players=players, **EXAMPLES[example])
    defender, taker, partner = SPLITS[(example, players)]
    french, english = DERIVATIONS[example]
    if partner is None:
        summary = said(lang, f"Chaque défenseur marque {defender}, le preneur {taker}.",
                       f"Each defender scores {defender}, the taker {taker}.")
    else:
        summary = said(lang, f"Chaque défenseur marque {defender}, le preneur {taker} et le "
                             f"partenaire {partner}.",
                       f"Each defender scores {defender}, the taker {taker} and the partner "
                       f"{partner}.")
    assert explain_score(s) == f"{said(lang, french, english)} {summary}"


def test_brief_example_verbatim(fr):
    s = score(players=4, **EXAMPLES["garde-poignee-petit"])
    assert explain_score(s) == (
        "49 − 41 = 8. 25 (contrat) + 8 = 33, × 2 (garde) = 66. Poignée : 20. Petit au bout : "
        "2 × 10 = 20. Total : 106. Chaque défenseur marque −106, le preneur +318.")


def test_score_payload_has_one_sentence_per_line(en):
    s = score(players=4, **EXAMPLES["garde-poignee-petit"])
    payload = score_payload(s)
    assert (payload["won"], payload["target"], payload["difference"], payload["multiplier"]) \
        == (True, 41, 8, 2)
    assert payload["scores"] == {"taker": 318, "defender": -106}  # no partner at four
    texts = {step["code"]: step["text"] for step in payload["derivation"]}
    assert texts["target"] == "With 2 oudlers, the taker needs 41 points."
    assert texts["taker-score"] == "The taker scores 3 × 106 = +318."
    assert texts["defender-score"] == "Each of the 3 defenders scores −106."
    assert [step["points"] for step in payload["derivation"]] == [line.points for line in s.lines]
    assert payload["explanation"] == explain_score(s)


def test_a_score_is_worded_once_per_language_and_each_caller_gets_its_own_copy(
        app, monkeypatch):
    from tutor.i18n import scores as scores_module

    worded: list[Any] = []
    compose = scores_module._compose_payload
    monkeypatch.setattr(scores_module, "_compose_payload",
                        lambda s: worded.append(s) or compose(s))
    s = score(players=4, **EXAMPLES["garde-poignee-petit"], chelem_announced=True)
    with app.test_request_context("/?lang=en"):
        first = score_payload(s)
        taker = first["scores"]["taker"]
        first["derivation"][0]["params"]["bouts"] = 99  # a caller's change stays its own
        first["scores"]["taker"] = 0
        first["derivation"].clear()
        again = score_payload(score(players=4, **EXAMPLES["garde-poignee-petit"],
                                    chelem_announced=True))
        assert again == score_payload(s) and again is not first
        assert again["derivation"][0]["params"]["bouts"] == 2
        assert again["scores"]["taker"] == taker == s.taker
        english = again["explanation"]
    with app.test_request_context("/?lang=fr"):
        french = score_payload(s)
    assert french["explanation"] != english
    assert french["explanation"].startswith("49 − 41 = 8.")
    assert len(worded) == 2  # once in English, once in French
    assert {k: v for k, v in french.items() if k not in ("derivation", "explanation",
                                                         "why_allowed")} \
        == {k: v for k, v in again.items() if k not in ("derivation", "explanation",
                                                        "why_allowed")}


def test_half_points_and_their_rounding(lang):
    failed = score(players=3, contract=Contract.GARDE, bouts=2, points_half=81)
    assert explain_score(failed).startswith(said(
        lang, "Il manque 1 point : 40,5 − 41 = −0,5, compté −1 : le demi-point va au camp "
              "gagnant. 25 (contrat) + 1 = 26, × 2 (garde) = 52.",
        "The taker is 1 point short: 40.5 − 41 = −0.5, counted as −1: the half point goes to "
        "the side that wins. 25 (contract) + 1 = 26, × 2 (garde) = 52."))
    made = score(players=5, contract=Contract.PETITE, bouts=2, points_half=83)
    assert explain_score(made).startswith(said(
        lang, "41,5 − 41 = 0,5, compté 1 : le demi-point va au camp gagnant.",
        "41.5 − 41 = 0.5, counted as 1: the half point goes to the side that wins."))
    exact = score(players=4, contract=Contract.PETITE, bouts=2, points_half=82)
    assert explain_score(exact).startswith(said(
        lang, "41 − 41 = 0 : le contrat est juste fait.",
        "41 − 41 = 0: the contract is made exactly."))


def test_chelem_lines_and_playing_alone(lang):
    failed = score(players=4, contract=Contract.GARDE, bouts=2, points_half=120,
                   chelem_announced=True)
    assert said(lang, "Chelem annoncé mais chuté : 200, à retrancher. Total : −112.",
                "Slam announced but not made: 200, subtracted. Total: −112.") \
        in explain_score(failed)
    defence = score(players=5, contract=Contract.PETITE, bouts=0, points_half=0,
                    chelem=Camp.DEFENSE, alone=True)
    assert explain_score(defence).endswith(said(
        lang, "Chelem de la défense : 200. Total pour la défense : 281. Chaque défenseur marque "
              "+281, le preneur, seul contre quatre, −1124.",
        "Slam by the defence: 200. Total for the defence: 281. Each defender scores +281, the "
        "taker, alone against four, −1124."))
    unannounced = score(players=4, contract=Contract.GARDE, bouts=3, points_half=182,
                        chelem=Camp.TAKER)
    assert said(lang, "Chelem réussi sans annonce : 200.",
                "Slam made without being announced: 200.") in explain_score(unannounced)
