"""Differential tests of card play: rules_fr.play against the naive oracle written from the
rule texts (tests/oracle/reference.py): legal cards, the violation code of each illegal card,
and the trick winner, at 3, 4 and 5 players."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import reference as ref

from rules_fr.cards import CardSet, parse_card, parse_cards
from rules_fr.counting import PlayedTrick
from rules_fr.play import check_play, is_legal_play, legal_cards, trick_winner
from rules_fr.verdicts import RULE_OF_CODE

KINDS = ("led-suit", "other-suit", "trump", "excuse")


def _take(order: list[str], used: set[str], wanted) -> str | None:
    for card in order:
        if card not in used and wanted(card):
            used.add(card)
            return card
    return None


@st.composite
def tricks_in_play(draw, *, complete: bool = False):
    """A trick (partial or complete) built from kinds of cards — the suit led, another suit,
    a trump, the excuse — so that excuse leads, trumps led, suits trumped and overtrumped
    come up often; and the deck order the rest is drawn from."""
    players = draw(st.sampled_from([3, 4, 5]))
    order = draw(st.permutations(ref.ALL_CARDS))
    led_suit = draw(st.sampled_from(["S", "H", "D", "C", "T"]))
    size = players if complete else draw(st.integers(0, players - 1))
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=size, max_size=size))
    used: set[str] = set()
    trick: list[str] = []
    for kind in kinds:
        if kind == "excuse" or (kind == "led-suit" and not [c for c in trick if c != "EX"]):
            # the first card that is not the excuse sets the suit
            if kind == "excuse" and "EX" not in used:
                used.add("EX")
                trick.append("EX")
                continue
            card = _take(order, used, lambda c: ref.suit_of(c) == led_suit)
        elif kind == "led-suit":
            card = _take(order, used, lambda c: ref.suit_of(c) == led_suit)
        elif kind == "trump":
            card = _take(order, used, ref.is_trump)
        else:
            card = _take(order, used,
                         lambda c: ref.suit_of(c) not in (led_suit, "T", "EX"))
        if card is None:
            card = _take(order, used, lambda c: c != "EX")
        trick.append(card)
    if complete and all(c == "EX" for c in trick):
        trick[-1] = _take(order, used, lambda c: c != "EX")
    return players, order, used, trick


@st.composite
def play_situations(draw):
    """A hand and a partial trick: the hand holds the suit led or not, trumps or not (higher
    than the trick's or not, by chance), the excuse or not."""
    players, order, used, trick = draw(tricks_in_play())
    led = ref.led_card(trick)
    suit = ref.suit_of(led) if led else None
    has_suit = draw(st.booleans())
    has_trumps = draw(st.booleans())
    has_excuse = draw(st.booleans())
    size = draw(st.integers(1, 18))

    def allowed(card: str) -> bool:
        if card == "EX":
            return has_excuse
        if ref.is_trump(card) and suit != "T":
            return has_trumps
        if ref.suit_of(card) == suit:
            return has_suit
        return True

    hand = [c for c in order if c not in used and allowed(c)][:size]
    if not hand:
        hand = [c for c in order if c not in used][:1]
    return players, hand, trick


@st.composite
def first_leads(draw):
    """The first lead of a five-player deal: a full hand of 15, a called king (or dame), the
    trick empty or holding only an excuse; the hand often long in the called suit."""
    order = draw(st.permutations(ref.ALL_CARDS))
    called = draw(st.sampled_from([r + s for r in ("K", "Q") for s in ref.PLAIN_SUITS]))
    excuse_led = draw(st.booleans())
    trick = ["EX"] if excuse_led else []
    long_called_suit = draw(st.integers(0, 10))
    suit = ref.suit_of(called)
    pool = [c for c in order if c not in trick]
    in_suit = [c for c in pool if ref.suit_of(c) == suit][:long_called_suit]
    rest = [c for c in pool if c not in in_suit]
    hand = (in_suit + rest)[:15]
    if draw(st.booleans()) and called not in hand:
        hand[-1] = called
    return hand, trick, called


def _compare(players, hand, trick, *, called=None, first_trick=False) -> None:
    core_hand = CardSet.parse(hand)
    core_trick = parse_cards(trick)
    called_card = parse_card(called) if called else None
    expected = ref.legal_plays(hand, trick, players=players, called_card=called,
                               first_trick=first_trick)
    got = set(legal_cards(core_hand, core_trick, called_card=called_card,
                          first_trick=first_trick).codes())
    assert got == expected, (players, hand, trick, called)
    outside = [c for c in ref.ALL_CARDS if c not in hand and c not in trick][:2]
    for card in hand + outside:
        broken = ref.broken_rules(hand, trick, card, players=players, called_card=called,
                                  first_trick=first_trick)
        verdict = check_play(core_hand, core_trick, parse_card(card), players=players,
                             called_card=called_card, first_trick=first_trick)
        codes = [v.code.value for v in verdict]
        assert bool(codes) == bool(broken), (card, hand, trick, codes, broken)
        if broken:
            assert codes[0] in broken, (card, hand, trick, codes, broken)
            assert len(codes) == 1, (card, codes)
            # a plain card on a trump lead breaks the trump-lead rule, not follow-suit
            trumps_led = bool(trick) and ref.led_card(trick) is not None \
                and ref.is_trump(ref.led_card(trick))
            expected_rule = ("play.trump-lead" if trumps_led and codes[0] == "must-follow-suit"
                             else RULE_OF_CODE[verdict[0].code])
            assert verdict[0].rule == expected_rule, (card, hand, trick, verdict)
        if card in hand:
            assert is_legal_play(core_hand, core_trick, parse_card(card),
                                 called_card=called_card, first_trick=first_trick) \
                == (not broken)


@settings(max_examples=400, deadline=None)
@given(play_situations())
def test_oracle_legal_cards_and_violation_codes(situation) -> None:
    """Follow suit, trump, overtrump (even over a partner), undertrump, discard, the excuse
    at any moment and the excuse lead: the core's legal set and each illegal card's code
    agree with the rule texts."""
    players, hand, trick = situation
    _compare(players, hand, trick)


@settings(max_examples=150, deadline=None)
@given(first_leads())
def test_oracle_called_suit_first_lead(situation) -> None:
    """Five players: "L'entame ne peut pas être faite dans la couleur choisie par le preneur
    sauf si cette entame est faite du roi appelé"."""
    hand, trick, called = situation
    _compare(5, hand, trick, called=called, first_trick=True)
    # later tricks are free of it
    _compare(5, hand, trick, called=called, first_trick=False)


def test_oracle_trick_of_only_the_excuse_leaves_the_next_card_free() -> None:
    for players in (3, 4, 5):
        hand = ["2S", "KH", "T4", "T20", "7C"]
        _compare(players, hand, ["EX"])
        assert ref.legal_plays(hand, ["EX"], players=players) == set(hand)


def test_oracle_trick_complete() -> None:
    for players in (3, 4, 5):
        trick = ["2S", "3S", "4S", "5S", "6S"][:players]
        codes = [v.code.value for v in check_play(CardSet.parse(["7S"]), parse_cards(trick),
                                                  parse_card("7S"), players=players)]
        assert codes and codes[0] in ref.broken_rules(["7S"], trick, "7S", players=players)


@settings(max_examples=400, deadline=None)
@given(tricks_in_play(complete=True), st.integers(0, 4))
def test_oracle_trick_winner(situation, leader) -> None:
    """The highest trump, else the highest card of the suit led; the excuse never, wherever
    it stands (first, only before the card that sets the suit, last)."""
    players, _order, _used, trick = situation
    leader %= players
    position = ref.trick_winner(trick)
    assert trick_winner(parse_cards(trick)) == position, trick
    played = PlayedTrick(leader, tuple(parse_cards(trick)))
    assert played.winner_seat(players) == (leader + position) % players
