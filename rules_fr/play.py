"""Card play: which cards may be played to a trick, why a card may not, and who wins a trick.

The rules, in the rulebook's order (seed 000, FFT 2012):

1. One plays a card of one's own hand (``play.own-cards``).
2. The excuse may be played at any moment, whatever one holds (``play.excuse-anytime``).
3. After an excuse lead, the next card sets the suit (``play.excuse-lead``).
4. A plain suit led: follow it, with no obligation to go higher (``play.follow-suit``).
5. Void in it: trump (``play.must-trump``); when a trump is already in the trick, overtrump
   it if one can, otherwise play any trump (undertrump, "pisser") (``play.overtrump``).
6. Trumps led: play a higher trump than the highest in the trick, even a partner's, when one
   can; otherwise any trump (``play.overtrump``).
7. With neither the suit nor a trump, discard any card (``play.discard``).
8. At five players, the first lead may not be in the called card's suit, unless it is the
   called card itself (``play.called-suit-first-lead``).

:func:`legal_cards` and :func:`check_play` share one function, :func:`_obligation`, that
computes the legal set together with the rule that narrowed it: the set and the check cannot
disagree (as python-chess's ``legal_moves`` and ``is_legal``).

>>> hand = CardSet.parse(["7H", "KH", "T3", "EX", "2S"])
>>> legal_cards(hand, parse_cards(["5H"])).codes()
['7H', 'KH', 'EX']
>>> [v.code for v in check_play(hand, parse_cards(["5H"]), parse_card("T3"), players=4)]
['must-follow-suit']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rules_fr.cards import (
    EXCUSE,
    EXCUSE_MASK,
    PETIT,
    TRUMP_MASK,
    TRUMPS_ABOVE,
    Card,
    CardSet,
)
from rules_fr.verdicts import Code, Violation, lazy_violation, violation

__all__ = [
    "check_play",
    "is_legal_play",
    "led_card",
    "legal_cards",
    "legal_mask",
    "play_warnings",
    "trick_winner",
    "why_allowed",
]

# Why the legal set was narrowed (the rule that bit), as small ints for speed.
_FREE: Final = 0
_FOLLOW: Final = 1
_TRUMP: Final = 2
_OVERTRUMP: Final = 3
_CALLED_SUIT: Final = 4


def led_card(trick: Sequence[Card]) -> Card | None:
    """The card that sets the suit of the trick: the first that is not the excuse.

    >>> led_card(parse_cards(["EX", "7D"]))
    Card('7D')
    """
    for card in trick:
        if not card.is_excuse:
            return card
    return None


def _obligation(
    hand_mask: int, trick: Sequence[Card], called: Card | None
) -> tuple[int, int, Card | None, int]:
    """(legal mask, reason, led card, highest trump rank in the trick) for the next card.

    ``called`` is the called card when this is the first lead of a five-player deal.
    """
    led: Card | None = None
    top_trump = 0
    for card in trick:
        if card.is_trump:
            if card.rank > top_trump:
                top_trump = card.rank
            if led is None:
                led = card
        elif led is None and not card.is_excuse:
            led = card
    excuse = hand_mask & EXCUSE_MASK

    if led is None:  # leading, or only the excuse was led: any card
        if called is not None and not trick:
            # play.called-suit-first-lead: not the called suit, but for the called card itself
            allowed = hand_mask & ~(called.suit_bits & ~called.mask)
            if allowed != hand_mask and allowed:
                return allowed, _CALLED_SUIT, None, 0
        return hand_mask, _FREE, None, 0

    if not led.is_trump:
        # play.follow-suit: follow the led suit, no obligation to go higher
        following = hand_mask & led.suit_bits
        if following:
            return following | excuse, _FOLLOW, led, top_trump
    trumps = hand_mask & TRUMP_MASK
    if trumps:
        # play.overtrump / play.must-trump: a higher trump when one can, else any trump
        higher = trumps & TRUMPS_ABOVE[top_trump]
        if higher and top_trump:
            return higher | excuse, _OVERTRUMP, led, top_trump
        return trumps | excuse, _TRUMP, led, top_trump
    # play.discard: neither the suit nor a trump
    return hand_mask, _FREE, led, top_trump


def legal_cards(
    hand: CardSet,
    trick: Sequence[Card] = (),
    *,
    called_card: Card | None = None,
    first_trick: bool = False,
    players: int | None = None,
) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` (the cards already played to it).

    ``called_card`` and ``first_trick`` matter only for the first lead of a five-player deal.
    Given ``players``, a trick that already holds a card per player takes none (play.turn, as
    :func:`check_play` says with ``trick-complete``).

    >>> legal_cards(CardSet.parse(["T5", "T12", "2S"]), parse_cards(["KH", "T8"])).codes()
    ['T12']
    >>> legal_cards(CardSet.parse(["T5", "2S", "EX"]), parse_cards(["T8"])).codes()
    ['T5', 'EX']
    >>> legal_cards(CardSet.parse(["T5", "EX"]), parse_cards(["2H", "3H", "T8"]),
    ...             players=3).codes()
    []
    """
    if players is not None and len(trick) >= players:
        return CardSet()
    called = called_card if first_trick else None
    return CardSet(_obligation(hand.mask, trick, called)[0])


def legal_mask(hand_mask: int, trick: Sequence[Card], called_card: Card | None = None) -> int:
    """The cards of ``hand_mask`` that may be played to ``trick``, as a mask: the hot path of
    :func:`legal_cards` for the simulator, which keeps hands as masks. ``called_card`` only at
    the first trick of a five-player deal."""
    return _obligation(hand_mask, trick, called_card)[0]


def is_legal_play(
    hand: CardSet,
    trick: Sequence[Card],
    card: Card,
    *,
    called_card: Card | None = None,
    first_trick: bool = False,
) -> bool:
    """Whether ``card`` may be played (a fast boolean form of :func:`check_play`)."""
    if not hand.mask & card.mask:
        return False
    called = called_card if first_trick else None
    return bool(_obligation(hand.mask, trick, called)[0] & card.mask)


def check_play(
    hand: CardSet,
    trick: Sequence[Card],
    card: Card,
    *,
    players: int,
    called_card: Card | None = None,
    first_trick: bool = False,
) -> list[Violation]:
    """The rules that playing ``card`` from ``hand`` to ``trick`` breaks (empty when legal).

    >>> hand = CardSet.parse(["T5", "T12", "2S"])
    >>> v = check_play(hand, parse_cards(["KH", "T8"]), parse_card("T5"), players=4)[0]
    >>> v.code, v.params["highest"], v.params["cards"]
    ('must-overtrump', 'T8', ['T12'])
    >>> check_play(hand, parse_cards(["KH", "T8"]), parse_card("EX"), players=4)[0].code
    'card-not-in-hand'
    """
    # play.own-cards: a card of one's own hand
    if not hand.mask & card.mask:
        return [violation(Code.CARD_NOT_IN_HAND, card=card)]
    # play.turn: the trick is not already complete
    if len(trick) >= players:
        return [violation(Code.TRICK_COMPLETE, card=card, players=players)]
    called = called_card if first_trick else None
    legal, reason, led, top_trump = _obligation(hand.mask, trick, called)
    if legal & card.mask:
        return []
    # The verdict's params are built when read (lazy_violation): a refused card costs about
    # what a legal one does.
    if reason == _CALLED_SUIT:
        assert called is not None
        return [lazy_violation(_CALLED, _called_params, (card, called, legal))]
    assert led is not None
    if reason == _OVERTRUMP and card.is_trump:
        return [lazy_violation(_MUST_OVERTRUMP, _overtrump_params, (card, led, top_trump,
                                                                    legal))]
    # The cards named are the ones the player may play instead (a higher trump when he must
    # overtrump), not every trump he holds; trumps led and the card no trump: trumps are the
    # suit to follow.
    excuse_led = trick[0] is EXCUSE
    if led.is_trump:  # play.trump-lead: trumps asked for, a trump is owed
        return [lazy_violation(_MUST_FOLLOW, _suit_params, (card, led, legal, excuse_led),
                               rule=_TRUMP_LEAD)]
    if reason == _FOLLOW:
        return [lazy_violation(_MUST_FOLLOW, _suit_params, (card, led, legal, excuse_led))]
    return [lazy_violation(_MUST_TRUMP, _suit_params, (card, led, legal, excuse_led))]


def _called_params(card: Card, called: Card, legal: int) -> dict[str, Any]:
    return {"card": card, "called": called, "suit": called.suit,
            "cards": CardSet(legal & ~EXCUSE_MASK)}


def _suit_params(card: Card, led: Card, legal: int, excuse_led: bool) -> dict[str, Any]:
    """``suit``: the led suit (trumps when trumps were led). ``excuse_led``: the excuse was
    led, and ``led`` is the card after it that set the suit (play.excuse-lead) — present only
    then, so that the sentence does not call ``led`` the lead."""
    params: dict[str, Any] = {"card": card, "led": led, "suit": led.suit,
                              "cards": CardSet(legal & ~EXCUSE_MASK)}
    if excuse_led:
        params["excuse_led"] = True
    return params


def _overtrump_params(card: Card, led: Card, top_trump: int, legal: int) -> dict[str, Any]:
    return {"card": card, "led": led, "highest": f"T{top_trump}",
            "cards": CardSet(legal & ~EXCUSE_MASK)}


_CALLED: Final = Code.CALLED_SUIT_FIRST_LEAD
_MUST_FOLLOW: Final = Code.MUST_FOLLOW_SUIT
_MUST_OVERTRUMP: Final = Code.MUST_OVERTRUMP
_MUST_TRUMP: Final = Code.MUST_TRUMP
_TRUMP_LEAD: Final = "play.trump-lead"


def play_warnings(
    hand: CardSet, trick: Sequence[Card], card: Card, *, players: int
) -> list[Violation]:
    """Advice on a legal play: what the player may lose by it.

    - ``excuse-last-trick``: the excuse played at the last trick goes to that trick's winner
      (except in a chelem, where it wins the trick).
    - ``petit-exposed``: the petit played while a higher trump is in the trick, or while
      players still to play may overtrump it, when another card was allowed.

    >>> [w.code for w in play_warnings(CardSet.parse(["EX"]), [], EXCUSE, players=4)]
    ['excuse-last-trick']
    """
    warnings: list[Violation] = []
    if card is EXCUSE and len(hand) == 1:
        warnings.append(violation(Code.EXCUSE_LAST_TRICK, card=card))
    if card is PETIT:
        legal = _obligation(hand.mask, trick, None)[0]
        if legal & ~PETIT.mask:
            top = max((c.rank for c in trick if c.is_trump), default=0)
            players_after = players - len(trick) - 1
            if top > 1 or players_after > 0:
                warnings.append(violation(
                    Code.PETIT_EXPOSED, card=card,
                    beaten_by=f"T{top}" if top > 1 else None, players_after=players_after,
                ))
    return warnings


_ESCAPED: Final = {_FOLLOW: "follow", _TRUMP: "trump", _OVERTRUMP: "overtrump"}
"""The obligation the excuse escapes, by the rule that narrowed the legal set."""


# The signature of check_play by nature: why a card is allowed is asked of the same position.
def why_allowed(
    hand: CardSet,
    trick: Sequence[Card],
    card: Card,
    *,
    players: int,
    called_card: Card | None = None,
    first_trick: bool = False,
) -> list[Violation]:
    """Why a legal ``card`` is allowed, when the play would surprise a beginner (empty for a
    plain play, and for an illegal card — :func:`check_play` says why not):

    - ``petit-under-trump`` / ``undertrump-allowed`` (play.overtrump): a trump under the
      highest in the trick, because the player holds none above it — still a trump is owed;
    - ``discard-allowed`` (play.discard): another suit, with neither the suit led nor a trump;
    - ``excuse-anytime`` (play.excuse-anytime): the excuse, whatever the obligation it escapes
      (``escapes``: follow, trump, overtrump, or none), and ``excuse-exchange``
      (excuse.exchange) before the last trick: it stays with its side, a half-point card given
      in exchange — at the last trick the warning ``excuse-last-trick`` says what becomes of it;
    - ``called-suit-lead-allowed`` (play.called-suit-first-lead): at five players, a card of
      the called suit on the first trick — the called card itself, a hand with nothing else,
      or after an excuse lead (the rule binds only the deal's first card).

    >>> [v.code for v in why_allowed(CardSet.parse(["T5", "2S"]), parse_cards(["KH", "T9"]),
    ...                              parse_card("T5"), players=4)]
    ['undertrump-allowed']
    >>> v = why_allowed(CardSet.parse(["7H", "EX"]), parse_cards(["5H"]), EXCUSE, players=4)
    >>> [(x.code, x.params.get("escapes")) for x in v]
    [('excuse-anytime', 'follow'), ('excuse-exchange', None)]
    """
    if not hand.mask & card.mask or len(trick) >= players:
        return []
    called = called_card if first_trick else None
    legal, reason, led, top_trump = _obligation(hand.mask, trick, called)
    if not legal & card.mask:
        return []
    found: list[Violation] = []
    if card is EXCUSE:
        found.append(violation(Code.EXCUSE_ANYTIME, card=card, escapes=_ESCAPED.get(reason),
                               suit=led.suit if led is not None else None,
                               leads=not trick, last_trick=len(hand) == 1))
        if len(hand) > 1:
            found.append(violation(Code.EXCUSE_EXCHANGE, card=card))
        return found
    if led is None:
        if (players == 5 and first_trick and called_card is not None and not card.is_trump
                and card.mask & called_card.suit_bits):
            why = ("called-card" if card is called_card else
                   "excuse-led" if trick else "only-suit")
            found.append(violation(Code.CALLED_SUIT_LEAD_ALLOWED, card=card,
                                   called=called_card, suit=called_card.suit, why=why))
        return found
    if card.is_trump and top_trump > card.rank:
        code = Code.PETIT_UNDER_TRUMP if card is PETIT else Code.UNDERTRUMP_ALLOWED
        found.append(violation(code, card=card, led=led, suit=led.suit,
                               highest=f"T{top_trump}"))
    elif not card.is_trump and not card.mask & led.suit_bits:
        found.append(violation(Code.DISCARD_ALLOWED, card=card, led=led, suit=led.suit))
    return found


def trick_winner(trick: Sequence[Card]) -> int:
    """Position in ``trick`` of the card that wins it: the highest trump, else the highest card
    of the led suit. The excuse never wins a trick here (the chelem exception is settled when
    counting, see :mod:`rules_fr.counting`).

    >>> trick_winner(parse_cards(["EX", "7D", "KD", "2C"]))
    2
    >>> trick_winner(parse_cards(["7D", "KD", "T1", "T2"]))
    3
    """
    best = -1
    best_key = -1
    led_bits = 0
    for position, card in enumerate(trick):
        if card.is_excuse:
            continue
        if not led_bits:
            led_bits = card.suit_bits
        if card.is_trump:
            key = 100 + card.rank
        elif card.mask & led_bits:
            key = card.rank
        else:
            continue
        if key > best_key:
            best, best_key = position, key
    if best < 0:
        raise ValueError("a trick of the excuse alone has no winner")
    return best


# Doctest helpers.
from rules_fr.cards import parse_card, parse_cards  # noqa: E402,F401
