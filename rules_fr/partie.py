"""A partie: a scoresheet of several deals with running totals.

A partie lasts 3 to 10 deals (5 by default, seed 002) and the highest total wins. Each deal
is played by 3, 4 or 5 people; a table of six or seven plays five-player deals with one or two
people sitting out in turn, who score 0 (seed 000); the FFT's other five-player form has the
dealer sit out ("le mort") and four play. Deals where everyone passed are redealt by the
same people and do not count.

>>> from rules_fr.contracts import Contract
>>> from rules_fr.scoring import score
>>> p = Partie(["Ana", "Ben", "Chloé", "Dan", "Eve", "Fred"], deals=3)
>>> p.players_for_deal(0)
(1, 2, 3, 4, 5)
>>> s = score(players=5, contract=Contract.GARDE, bouts=2, points_half=98)
>>> p.record(s, taker=1, partner=2).scores
(0, 132, 66, -66, -66, -66)
>>> p.totals()
(0, 132, 66, -66, -66, -66)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_fr.scoring import Score

__all__ = ["DealEntry", "Partie", "MIN_DEALS", "MAX_DEALS", "DEFAULT_DEALS"]

MIN_DEALS, MAX_DEALS, DEFAULT_DEALS = 3, 10, 5


@dataclass(frozen=True, slots=True)
class DealEntry:
    """One line of the scoresheet: each person's score for the deal (0 when sitting out)."""

    number: int
    players: tuple[int, ...]
    """The people who played the deal, in seat order."""
    taker: int
    partner: int | None
    scores: tuple[int, ...]
    """Indexed by person."""


@dataclass
class Partie:
    """The scoresheet of a partie between ``names`` (3 to 7 people).

    ``mort``: with five people, play four-player deals with the dealer sitting out in turn
    (the FFT's other five-player form) instead of five-player deals with a called king.
    """

    names: Sequence[str]
    deals: int = DEFAULT_DEALS
    mort: bool = False
    entries: list[DealEntry] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not 3 <= len(self.names) <= 7:
            raise ValueError(f"a partie is for 3 to 7 people, not {len(self.names)}")
        if not MIN_DEALS <= self.deals <= MAX_DEALS:
            raise ValueError(f"a partie lasts {MIN_DEALS} to {MAX_DEALS} deals, not {self.deals}")
        if self.mort and len(self.names) != 5:
            raise ValueError("the 'mort' form is for five people")

    @property
    def people(self) -> int:
        return len(self.names)

    @property
    def sitting_out_per_deal(self) -> int:
        """0 at 3-5 people; 1 at 6, 2 at 7 (five play); 1 in the 'mort' form."""
        if self.mort:
            return 1
        return max(0, self.people - 5)

    def dealer_for_deal(self, number: int) -> int:
        """The deal passes to the right: person ``number`` mod the table deals deal ``number``."""
        return number % self.people

    def players_for_deal(self, number: int) -> tuple[int, ...]:
        """Who plays deal ``number`` (0-based), in seat order; the others sit out in turn.

        >>> Partie(["A", "B", "C", "D", "E", "F", "G"]).players_for_deal(1)
        (0, 1, 4, 5, 6)
        >>> Partie(["A", "B", "C", "D", "E"], mort=True).players_for_deal(2)
        (0, 1, 3, 4)
        """
        out_count = self.sitting_out_per_deal
        if self.mort:
            out = {self.dealer_for_deal(number)}
        else:
            out = {(number * out_count + k) % self.people for k in range(out_count)}
        return tuple(person for person in range(self.people) if person not in out)

    def seats_for_deal(self, number: int, dealer: int) -> tuple[tuple[int, ...], int]:
        """Who plays deal ``number`` (0-based) dealt by person ``dealer``, and the deal seat
        of the dealer among them: the first speaker is the first playing person after the
        dealer, who may sit out (six or seven people, or the 'mort').

        >>> Partie(["A", "B", "C", "D", "E", "F"]).seats_for_deal(0, 0)
        ((1, 2, 3, 4, 5), 4)
        >>> Partie(["A", "B", "C", "D"]).seats_for_deal(1, 1)
        ((0, 1, 2, 3), 1)
        """
        people = self.players_for_deal(number)
        first = next(p for k in range(1, self.people + 1)
                     if (p := (dealer + k) % self.people) in people)
        return people, (people.index(first) - 1) % len(people)

    @property
    def is_over(self) -> bool:
        return len(self.entries) >= self.deals

    def record(self, score: Score, *, taker: int, partner: int | None = None) -> DealEntry:
        """Write the next deal's score; ``taker`` and ``partner`` are people (indexes into
        ``names``), who must be among that deal's players."""
        if self.is_over:
            raise ValueError("the partie is over")
        number = len(self.entries)
        players = self.players_for_deal(number)
        if len(players) != score.players:
            raise ValueError(f"deal {number + 1} is played by {len(players)}, "
                             f"not {score.players}")
        if taker not in players or (partner is not None and partner not in players):
            raise ValueError("the taker and partner must play this deal")
        if partner == taker:
            partner = None
        scores = [0] * self.people
        for person in players:
            if person == taker:
                scores[person] = score.taker
            elif person == partner:
                scores[person] = score.partner
            else:
                scores[person] = score.defender
        if sum(scores) != 0:
            raise ValueError("a deal's scores must sum to zero: partner missing or alone?")
        entry = DealEntry(number, players, taker, partner, tuple(scores))
        self.entries.append(entry)
        return entry

    def totals(self) -> tuple[int, ...]:
        """Each person's running total."""
        return tuple(sum(e.scores[p] for e in self.entries) for p in range(self.people))

    def running_totals(self) -> list[tuple[int, ...]]:
        """The totals after each deal, as a scoresheet shows them."""
        totals = [0] * self.people
        rows = []
        for entry in self.entries:
            totals = [t + s for t, s in zip(totals, entry.scores, strict=True)]
            rows.append(tuple(totals))
        return rows

    def to_dict(self) -> dict[str, Any]:
        """The scoresheet as plain JSON data (:meth:`from_dict` reads it back).

        >>> from rules_fr.contracts import Contract
        >>> from rules_fr.scoring import score
        >>> p = Partie(["A", "B", "C"], deals=3)
        >>> _ = p.record(score(players=3, contract=Contract.GARDE, bouts=1, points_half=103),
        ...              taker=1)
        >>> Partie.from_dict(p.to_dict()) == p
        True
        """
        return {"names": list(self.names), "deals": self.deals, "mort": self.mort,
                "entries": [{"players": list(e.players), "taker": e.taker,
                             "partner": e.partner, "scores": list(e.scores)}
                            for e in self.entries]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Partie:
        """A scoresheet from :meth:`to_dict`'s data, each line checked as :meth:`record`
        checks it: who plays that deal, a taker and partner among them, scores summing to
        zero and nothing for the people sitting out."""
        partie = cls([str(name) for name in data["names"]], deals=int(data["deals"]),
                     mort=bool(data["mort"]))
        for raw in data["entries"]:
            number = len(partie.entries)
            if partie.is_over:
                raise ValueError("more deals than the partie lasts")
            players = partie.players_for_deal(number)
            taker = int(raw["taker"])
            partner = None if raw["partner"] is None else int(raw["partner"])
            scores = tuple(int(s) for s in raw["scores"])
            if (tuple(raw["players"]) != players or taker not in players
                    or (partner is not None and partner not in players)
                    or len(scores) != partie.people or sum(scores) != 0
                    or any(scores[p] for p in range(partie.people) if p not in players)):
                raise ValueError(f"deal {number + 1} of a stored scoresheet is not one the "
                                 "rules give")
            partie.entries.append(DealEntry(number, players, taker, partner, scores))
        return partie

    def leaders(self) -> list[int]:
        """The people with the highest total (the winners once the partie is over)."""
        totals = self.totals()
        best = max(totals)
        return [p for p, total in enumerate(totals) if total == best]
