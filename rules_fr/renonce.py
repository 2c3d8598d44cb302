"""Refereeing a physical table, where nobody knows the hidden hands: infer what each play
proves a player does not hold, and report a revoke (*renonce*) as soon as a later card
contradicts it.

A player who does not follow the led suit has none of it; one who discards instead of
trumping has no trump; one who plays a trump below the highest in the trick has no higher
trump. The excuse proves nothing. When that player later shows a card he was proved not to
hold, the earlier play was a revoke: the verdict names the trick where it happened and the
rule it broke (catalog ``play.revoke``).

What follows a revoke is the referee's (``play.revoke-ruling``): no FFT text read states a
penalty, so the core invents none. A deal with an established revoke is not scored until the
referee rules (:class:`RevokeRuling`): the deal scored as played, or annulled and dealt again
by the same dealer (:data:`rules_fr.deal.RedealReason.REFEREE`).

>>> from rules_fr.cards import parse_cards, parse_card
>>> t = RevokeTracker(players=4)
>>> t.observe(1, parse_cards(["5H"]), parse_card("2S"), trick=1)  # discards on a heart
[]
>>> [(v.code, v.params["trick"]) for v in t.observe(1, [], parse_card("7H"), trick=2)]
[('revoke-follow-suit', 1)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from rules_fr.cards import TRUMP_MASK, TRUMPS_ABOVE, Card
from rules_fr.play import led_card
from rules_fr.verdicts import Code, Violation, violation

__all__ = ["Inference", "RevokeRuling", "RevokeTracker"]


class RevokeRuling(StrEnum):
    """The referee's decision on a deal where a revoke was established (play.revoke-ruling).

    The sources read say the play stops, the referee is called and decides; none states a
    penalty. These are the two decisions the service can carry out itself; any other sanction
    is the referee's, outside the service.
    """

    AS_PLAYED = "as-played"
    """Score the deal from the tricks as they were played."""
    ANNUL = "annul"
    """Annul the deal: the same dealer deals again, and may bid."""


@dataclass(frozen=True, slots=True)
class Inference:
    """Cards ``seat`` was proved not to hold by its play at trick ``trick`` (1-based)."""

    seat: int
    absent_mask: int
    trick: int
    card: Card
    led: Card
    code: Code


@dataclass
class RevokeTracker:
    """What the plays of a deal prove about the hidden hands."""

    players: int
    inferences: list[Inference] = field(default_factory=list)
    played_mask: int = 0

    def absent_mask(self, seat: int) -> int:
        """Every card ``seat`` is proved not to hold."""
        mask = 0
        for inference in self.inferences:
            if inference.seat == seat:
                mask |= inference.absent_mask
        return mask

    def observe(self, seat: int, cards_before: Sequence[Card], card: Card,
                *, trick: int = 0) -> list[Violation]:
        """Record ``seat`` playing ``card`` after ``cards_before`` in trick number ``trick``
        (1-based); return the revokes this card reveals."""
        found: list[Violation] = []
        if self.played_mask & card.mask:
            found.append(violation(Code.CARD_ALREADY_PLAYED, card=card, seat=seat))
        for inference in self.inferences:
            if inference.seat == seat and inference.absent_mask & card.mask:
                found.append(violation(
                    inference.code, seat=seat, card=card, trick=inference.trick,
                    played=inference.card, led=inference.led, revealed_at=trick,
                ))
                break
        self.played_mask |= card.mask
        self._infer(seat, cards_before, card, trick)
        return found

    def _infer(self, seat: int, trick: Sequence[Card], card: Card, number: int) -> None:
        led = led_card(trick)
        if led is None or card.is_excuse:
            return
        top = max((c.rank for c in trick if c.is_trump), default=0)
        if not led.is_trump and not card.mask & led.suit_bits:
            # play.follow-suit: not following proves a void in the led suit
            self._add(seat, led.suit_bits, number, card, led, Code.REVOKE_FOLLOW_SUIT)
        if not card.is_trump and (led.is_trump or not card.mask & led.suit_bits):
            # play.must-trump: discarding proves no trump at all
            self._add(seat, TRUMP_MASK, number, card, led, Code.REVOKE_TRUMP)
        elif card.is_trump and card.rank < top:
            # play.overtrump: a trump under the highest proves none higher
            self._add(seat, TRUMPS_ABOVE[top], number, card, led, Code.REVOKE_OVERTRUMP)

    def _add(self, seat: int, mask: int, number: int, card: Card, led: Card,
             code: Code) -> None:
        self.inferences.append(Inference(seat, mask, number, card, led, code))
