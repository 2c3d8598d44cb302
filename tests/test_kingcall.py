"""The five-player king call (seed 000 "l'appel au roi", FFT 2012 ladder)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_fr.cards import DECK, CardSet, Suit, parse_card
from rules_fr.deal import deal
from rules_fr.kingcall import callable_cards, check_king_call, is_alone, partner_seat
from rules_fr.verdicts import Code

KINGS = CardSet.parse(["KS", "KH", "KD", "KC"])
DAMES = CardSet.parse(["QS", "QH", "QD", "QC"])
CAVALIERS = CardSet.parse(["CS", "CH", "CD", "CC"])
VALETS = CardSet.parse(["JS", "JH", "JD", "JC"])
FILLER = CardSet.parse(["2S", "5H", "T7", "T12"])


def codes(violations):
    return [v.code for v in violations]


def test_king_call_any_king():
    """"Le preneur appelle un roi de son choix"."""
    hand = CardSet.parse(["QS", "2H", "T5"])
    assert callable_cards(hand) == KINGS
    for king in KINGS:
        assert check_king_call(hand, king) == []


def test_king_call_own_king_allowed_plays_alone():
    """"Le preneur peut tout aussi bien appeler un roi qu'il possède déjà" — and plays alone."""
    hand = CardSet.parse(["KH", "2H", "T5"])
    king = parse_card("KH")
    assert check_king_call(hand, king) == []
    assert is_alone(hand, king)
    assert not is_alone(hand, parse_card("KS"))


def test_king_call_in_the_chien_plays_alone():
    """"Si le roi choisi est au chien, alors le jeu se joue à un contre quatre"."""
    hand = CardSet.parse(["QH", "2H", "T5"])
    king = parse_card("KD")
    assert not is_alone(hand, king)  # before the chien is seen
    assert is_alone(hand, king, chien=CardSet.parse(["KD", "3C", "T2"]))
    assert not is_alone(hand, king, chien=CardSet.parse(["KS", "3C", "T2"]))


@pytest.mark.parametrize("code", ["T1", "T21", "EX", "1S", "10H", "7D", "2C"])
def test_king_call_not_a_face_refused(code):
    """"Un roi" — never a trump, the excuse or a numeral card, whatever the hand holds."""
    card = parse_card(code)
    everything = KINGS | DAMES | CAVALIERS | VALETS | CardSet.of([card])
    found = check_king_call(everything, card)
    assert codes(found) == [Code.CALL_NOT_A_FACE]
    assert found[0].params == {"card": code} and found[0].rule == "call.king"
    assert card not in callable_cards(everything)


def test_king_call_queen_needs_four_kings():
    """"Lorsque le preneur a 4 Rois, il peut appeler une Dame"."""
    three_kings = CardSet.parse(["KS", "KH", "KD"]) | FILLER
    found = check_king_call(three_kings, parse_card("QS"))
    assert codes(found) == [Code.CALL_QUEEN_WITHOUT_FOUR_KINGS]
    assert found[0].params == {"card": "QS", "kings": ["KS", "KH", "KD"], "missing": ["KC"]}
    assert found[0].rule == "call.ladder"
    assert check_king_call(KINGS | FILLER, parse_card("QS")) == []
    assert callable_cards(KINGS | FILLER) == KINGS | DAMES


def test_king_call_queen_of_own_hand_with_four_kings():
    hand = KINGS | CardSet.parse(["QD"])
    assert check_king_call(hand, parse_card("QD")) == []
    assert is_alone(hand, parse_card("QD"))


def test_king_call_cavalier_refused_with_four_kings_only():
    """A cavalier needs the four kings AND the four dames (other engines accepted it with four
    kings only)."""
    for dames_held in ([], ["QS"], ["QS", "QH", "QD"]):
        hand = KINGS | CardSet.parse(dames_held) | FILLER
        found = check_king_call(hand, parse_card("CS"))
        assert codes(found) == [Code.CALL_CAVALIER_WITHOUT_KINGS_QUEENS]
        assert found[0].params["missing"] == (DAMES - hand).codes()
        assert not callable_cards(hand) & CAVALIERS


def test_king_call_cavalier_with_four_kings_and_four_dames():
    """"… voire même un Cavalier s'il a 4 Rois et 4 Dames"."""
    hand = KINGS | DAMES | FILLER
    for cavalier in CAVALIERS:
        assert check_king_call(hand, cavalier) == []
    assert callable_cards(hand) == KINGS | DAMES | CAVALIERS


def test_king_call_cavalier_lists_missing_kings_and_dames():
    hand = CardSet.parse(["KS", "KH", "KD", "QS", "QH", "QD", "QC"])
    found = check_king_call(hand, parse_card("CH"))
    assert found[0].params == {"card": "CH", "missing": ["KC"]}
    found = check_king_call(CardSet.parse(["KS"]), parse_card("CH"))
    assert found[0].params["missing"] == ["QS", "QH", "KH", "QD", "KD", "QC", "KC"]


def test_king_call_valet_needs_kings_dames_and_cavaliers():
    """"… ou un Valet s'il a 4 grands mariages": read as the next rung of the ladder."""
    for held in (KINGS, KINGS | DAMES, KINGS | DAMES | CardSet.parse(["CS", "CH", "CD"])):
        found = check_king_call(held, parse_card("JH"))
        assert codes(found) == [Code.CALL_VALET_WITHOUT_KINGS_QUEENS_CAVALIERS]
        assert found[0].params["missing"] == ((KINGS | DAMES | CAVALIERS) - held).codes()
    full = KINGS | DAMES | CAVALIERS
    assert check_king_call(full, parse_card("JH")) == []
    assert callable_cards(full) == full | VALETS


@pytest.mark.parametrize("players", [3, 4, 6])
def test_king_call_only_at_five_players(players):
    found = check_king_call(CardSet(), parse_card("KS"), players=players)
    assert codes(found) == [Code.CALL_NOT_FIVE_PLAYERS]
    assert found[0].params == {"players": players}
    assert check_king_call(CardSet(), parse_card("KS"), players=5) == []


def test_king_call_partner_is_the_holder():
    """"Le détenteur de ce roi devient son partenaire"; alone when the taker holds it or it is
    in the chien."""
    dealt = deal(5, seed=77)
    for king in KINGS:
        holder = next((s for s, h in enumerate(dealt.hands) if king in h), None)
        for taker in range(5):
            expected = None if holder in (None, taker) else holder
            assert partner_seat(dealt.hands, king, taker) == expected
            alone = is_alone(dealt.hands[taker], king, dealt.chien)
            assert alone is (expected is None)


def _ladder_oracle(hand: CardSet) -> CardSet:
    """The ladder written out independently: each rung needs every rung above it complete."""
    allowed = KINGS
    if not KINGS - hand:
        allowed |= DAMES
        if not DAMES - hand:
            allowed |= CAVALIERS
            if not CAVALIERS - hand:
                allowed |= VALETS
    return allowed


@st.composite
def taker_hands(draw):
    """Hands that often hold whole ranks of faces, so every rung of the ladder is reached."""
    whole = draw(st.integers(min_value=0, max_value=4))
    ranks = [KINGS, DAMES, CAVALIERS, VALETS]
    hand = CardSet()
    for rank_cards in ranks[:whole]:
        hand |= rank_cards
    faces = [card for cards in ranks[whole:] for card in cards]
    hand |= CardSet.of(draw(st.lists(st.sampled_from(faces), max_size=8)) if faces else [])
    others = [card for card in DECK if not card.is_face]
    hand |= CardSet.of(draw(st.lists(st.sampled_from(others), max_size=12)))
    return hand


@settings(max_examples=400, deadline=None)
@given(hand=taker_hands())
def test_king_call_check_accepts_exactly_callable_cards(hand):
    """Over random hands, check_king_call accepts a card exactly when callable_cards holds it,
    and both follow the ladder."""
    accepted = CardSet.of(card for card in DECK if check_king_call(hand, card) == [])
    assert accepted == callable_cards(hand) == _ladder_oracle(hand)
    for card in DECK:
        found = check_king_call(hand, card)
        assert len(found) <= 1
        if found and not card.is_face:
            assert found[0].code == Code.CALL_NOT_A_FACE


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), taker=st.integers(0, 4))
def test_king_call_dealt_hands_agree(seed, taker):
    hand = deal(5, seed=seed).hands[taker]
    accepted = CardSet.of(card for card in DECK if not check_king_call(hand, card))
    assert accepted == callable_cards(hand)
    assert all(card.suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
               for card in accepted)
