"""Table rules as data: what changes with the number of players.

One frozen :class:`TableRules` per player count, as pokerkit keeps variants: hand and chien
sizes, the size of the packets dealt, the poignée thresholds, and how the attack's share is
split. Six or seven people play five-player deals with one or two sitting out (see
:mod:`rules_fr.partie`).

>>> rules_for(4).hand_size, rules_for(4).chien_size, rules_for(4).poignee_thresholds
(18, 6, (10, 13, 15))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["TableRules", "rules_for", "PLAYER_COUNTS"]

PLAYER_COUNTS: Final = (3, 4, 5)


@dataclass(frozen=True, slots=True)
class TableRules:
    """The rules that depend on how many players hold cards in a deal."""

    players: int
    hand_size: int
    chien_size: int
    packet_size: int
    """Cards dealt at a time to each player (the chien is built card by card)."""
    poignee_thresholds: tuple[int, int, int]
    """Trumps (the excuse may stand for one) of a simple, double and triple poignée."""
    king_call: bool
    """At five players the taker calls a king; its holder is his secret partner."""

    def __post_init__(self) -> None:
        if self.players * self.hand_size + self.chien_size != 78:
            raise ValueError("hands and chien must hold the 78 cards")
        if self.hand_size % self.packet_size:
            raise ValueError("hands must be dealt in whole packets")

    @property
    def tricks(self) -> int:
        """Tricks in a deal: one per card in a hand."""
        return self.hand_size


_RULES: Final = {
    3: TableRules(3, 24, 6, 4, (13, 15, 18), False),
    4: TableRules(4, 18, 6, 3, (10, 13, 15), False),
    5: TableRules(5, 15, 3, 3, (8, 10, 13), True),
}


def rules_for(players: int) -> TableRules:
    """The rules of a deal with ``players`` players holding cards (3, 4 or 5).

    >>> rules_for(5).poignee_thresholds
    (8, 10, 13)
    >>> rules_for(6)
    Traceback (most recent call last):
    ...
    ValueError: a deal is played by 3, 4 or 5 players, not 6
    """
    try:
        return _RULES[players]
    except (KeyError, TypeError):
        raise ValueError(f"a deal is played by 3, 4 or 5 players, not {players}") from None
