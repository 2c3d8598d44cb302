"""The poignée: a show of trumps, just before one's first card, for a bonus.

"Un joueur possédant une poignée peut, s'il le désire, l'annoncer et la présenter les atouts
classés dans l'ordre décroissant, complète et en une seule fois, juste avant de jouer sa
première carte." The guards of :func:`check_poignee` follow the rulebook:

1. the cards shown are the player's own (``poignee.shown``);
2. they are trumps, the excuse standing for a missing one (``poignee.thresholds``);
3. there are exactly as many as a threshold — a player with more trumps hides the extra ones
   ("La poignée doit comprendre effectivement dix, treize ou quinze atouts");
4. "L'Excuse peut remplacer un Atout manquant mais la présentation de l'Excuse dans la Poignée
   implique que l'annonceur n'a pas d'autre Atout" (``poignee.excuse``): the excuse may be shown
   only when every trump of the hand is shown too. The excuse never hides a trump.

The thresholds come from :attr:`rules_fr.table.TableRules.poignee_thresholds` — 13/15/18 at
three players, 10/13/15 at four, 8/10/13 at five — and the bonus is 20, 30 or 40 whatever the
contract, never multiplied, credited to the camp that wins the deal even when the other camp
showed it (:mod:`rules_fr.scoring` applies it).

>>> trumps = [f"T{r}" for r in range(1, 9)]
>>> poignee_level(5, 8), poignee_level(3, 10), poignee_level(4, 11)
(<PoigneeLevel.SIMPLE: 'simple'>, None, None)
>>> check_poignee(5, CardSet.parse(trumps + ["KS"]), CardSet.parse(trumps))
[]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum

from rules_fr.cards import EXCUSE, TRUMP_MASK, Card, CardSet, sort_given
from rules_fr.contracts import Camp
from rules_fr.table import rules_for
from rules_fr.verdicts import Code, IllegalActionError, Violation, violation

__all__ = [
    "PoigneeLevel",
    "poignee_level",
    "poignee_size",
    "poignees_allowed",
    "check_poignee",
    "verify_poignee",
    "check_poignee_timing",
    "legal_poignee",
    "shown_levels",
]


class PoigneeLevel(StrEnum):
    """Simple, double or triple poignée, by the number of trumps shown."""

    SIMPLE = "simple"
    DOUBLE = "double"
    TRIPLE = "triple"

    @property
    def bonus(self) -> int:
        """The bonus in points: 20, 30, 40, whatever the contract and never multiplied.

        >>> [level.bonus for level in PoigneeLevel]
        [20, 30, 40]
        """
        return _BONUS[self]

    @property
    def code(self) -> str:
        """The API's name, ``simple``, ``double`` or ``triple``."""
        return self.value


_BONUS = {PoigneeLevel.SIMPLE: 20, PoigneeLevel.DOUBLE: 30, PoigneeLevel.TRIPLE: 40}
_LEVELS = (PoigneeLevel.SIMPLE, PoigneeLevel.DOUBLE, PoigneeLevel.TRIPLE)


def poignee_size(players: int, level: PoigneeLevel) -> int:
    """How many cards a poignée of ``level`` shows at this table.

    >>> [poignee_size(n, PoigneeLevel.SIMPLE) for n in (3, 4, 5)]
    [13, 10, 8]
    """
    return rules_for(players).poignee_thresholds[_LEVELS.index(level)]


def poignee_level(players: int, size: int) -> PoigneeLevel | None:
    """The poignée that shows exactly ``size`` cards, or ``None`` when no threshold is met
    exactly (a player with more trumps hides the extra ones).

    >>> poignee_level(3, 15), poignee_level(5, 13), poignee_level(4, 12)
    (<PoigneeLevel.DOUBLE: 'double'>, <PoigneeLevel.TRIPLE: 'triple'>, None)
    """
    thresholds = rules_for(players).poignee_thresholds
    for level, threshold in zip(_LEVELS, thresholds, strict=True):
        if size == threshold:
            return level
    return None


def _showable(hand: CardSet) -> int:
    """Trumps of the hand, plus one for the excuse (which may stand for a missing trump)."""
    return (hand.mask & TRUMP_MASK).bit_count() + (1 if EXCUSE in hand else 0)


def poignees_allowed(players: int, hand: CardSet) -> list[PoigneeLevel]:
    """The poignées ``hand`` can show, lowest first.

    A threshold up to the number of trumps is shown with trumps only; one more is reached with
    the excuse, which is then shown with every trump of the hand.

    >>> nine = CardSet.parse([f"T{r}" for r in range(1, 10)])
    >>> poignees_allowed(4, nine), poignees_allowed(4, nine.add(EXCUSE))
    ([], [<PoigneeLevel.SIMPLE: 'simple'>])
    """
    count = _showable(hand)
    thresholds = rules_for(players).poignee_thresholds
    return [level for level, size in zip(_LEVELS, thresholds, strict=True) if size <= count]


def legal_poignee(players: int, hand: CardSet, level: PoigneeLevel) -> CardSet | None:
    """One legal show of ``level`` from ``hand`` (its highest trumps, the lowest ones hidden;
    the excuse only when every trump is needed), or ``None`` when the hand cannot show it.

    >>> hand = CardSet.parse([f"T{r}" for r in range(1, 10)] + ["EX", "KS"])
    >>> legal_poignee(4, hand, PoigneeLevel.SIMPLE).codes()[-2:]
    ['T9', 'EX']
    >>> len(legal_poignee(5, hand, PoigneeLevel.SIMPLE))
    8
    >>> legal_poignee(5, hand, PoigneeLevel.TRIPLE) is None
    True
    """
    size = poignee_size(players, level)
    trumps = sorted(hand.trumps(), reverse=True)
    if size <= len(trumps):
        return CardSet.of(trumps[:size])
    if size == len(trumps) + 1 and EXCUSE in hand:
        return CardSet.of(trumps).add(EXCUSE)
    return None


def check_poignee(players: int, hand: CardSet, shown: Iterable[Card]) -> list[Violation]:
    """What is wrong with a poignée shown from ``hand``; empty when it is legal.

    ``shown`` is taken as a sequence so that a card shown twice can be reported; its length is
    the size of the poignée. A card not in the hand is reported once, as such, and left out of
    the later guards.

    >>> hand = CardSet.parse([f"T{r}" for r in range(1, 12)] + ["EX"])
    >>> shown = CardSet.parse([f"T{r}" for r in range(1, 10)] + ["EX"])
    >>> v = check_poignee(4, hand, shown)
    >>> [x.code.value for x in v], v[0].params["hidden"]
    (['poignee-excuse-hides-trump'], ['T10', 'T11'])
    """
    given = list(shown)
    thresholds = rules_for(players).poignee_thresholds

    held, not_in_hand, duplicates = sort_given(given, hand)

    violations: list[Violation] = []

    # poignee.shown: one shows one's own cards, each once.
    if not_in_hand or duplicates:
        violations.append(violation(
            Code.POIGNEE_CARD_NOT_IN_HAND, cards=not_in_hand, duplicates=duplicates))

    # poignee.thresholds: trumps only, the excuse standing for a missing one.
    plain = [card for card in held if not (card.is_trump or card.is_excuse)]
    if plain:
        violations.append(violation(Code.POIGNEE_NOT_TRUMP, cards=plain))

    # poignee.thresholds: exactly a threshold; a player with more trumps hides the extra ones.
    size = len(given)
    if size not in thresholds:
        lower = [t for t in thresholds if t < size]
        violations.append(violation(
            Code.POIGNEE_SIZE, size=size, thresholds=list(thresholds),
            lower=lower[-1] if lower else None))

    # poignee.excuse: showing the excuse means "l'annonceur n'a pas d'autre atout".
    if EXCUSE in held:
        hidden = hand.trumps() - held
        if hidden:
            violations.append(violation(Code.POIGNEE_EXCUSE_HIDES_TRUMP, hidden=hidden))

    return violations


def verify_poignee(players: int, hand: CardSet, shown: Iterable[Card]) -> None:
    """Raise :class:`~rules_fr.verdicts.IllegalActionError` when the poignée is not legal.

    >>> verify_poignee(5, CardSet.parse(["T1", "T2"]), CardSet.parse(["T1", "T2"]))
    Traceback (most recent call last):
    ...
    rules_fr.verdicts.IllegalActionError: poignee-size
    """
    violations = check_poignee(players, hand, shown)
    if violations:
        raise IllegalActionError(violations)


def check_poignee_timing(cards_played_by_player: int) -> list[Violation]:
    """A poignée is shown "juste avant de jouer sa première carte": too late once the player
    has played a card.

    >>> check_poignee_timing(0), check_poignee_timing(1)[0].code.value
    ([], 'poignee-too-late')
    """
    # poignee.shown: just before one's first card.
    if cards_played_by_player > 0:
        return [violation(Code.POIGNEE_TOO_LATE, cards_played=cards_played_by_player)]
    return []


def shown_levels(
    players: int, shown: Mapping[int, Sequence[Card]], camp_of_seat: Callable[[int], Camp]
) -> list[tuple[Camp, PoigneeLevel]]:
    """The poignées shown at a deal (seat -> cards), as (camp that showed it, level) pairs for
    the score; a show of no threshold's size counts for nothing."""
    found = []
    for seat, cards in shown.items():
        level = poignee_level(players, len(cards))
        if level is not None:
            found.append((camp_of_seat(seat), level))
    return found
