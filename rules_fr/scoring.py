"""Scoring a deal, as a derivation a player can follow line by line.

The rulebook's computation (seed 000, FFT 2012):

1. The target depends on the bouts in the taker's tricks: 56, 51, 41, 36 for 0..3 bouts.
2. The difference is the taker's points minus the target. A half point goes to the winning
   camp (FFT): with 2 bouts, 40.5 fails by 1 and 41.5 makes it by 1; exactly the target is
   made ("juste fait"), by 0.
3. (25 + difference) × the contract's multiplier (1, 2, 4, 6).
4. Petit au bout: 10 × the multiplier to the camp that took it, whatever the result.
5. Each poignée: 20, 30 or 40 to the camp that wins the deal, whoever showed it.
6. Chelem: +400 announced and made, +200 made unannounced, −200 announced and failed;
   a chelem by the defence earns each defender 200 more.
7. Each defender marks the same score; the taker marks it × (defenders) with the opposite
   sign: ×2 at 3 players, ×3 at 4; at 5 the taker ×2 and the partner ×1, or alone ×4.
   The sum is always zero.

Everything is an integer: card points are half-points and the difference is rounded once.

>>> s = score(players=4, contract=Contract.GARDE, bouts=2, points_half=98,
...           petit_au_bout=Camp.TAKER, poignees=[(Camp.TAKER, PoigneeLevel.SIMPLE)])
>>> s.total, s.taker, s.defender
(106, 318, -106)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final, NamedTuple, Protocol

from rules_fr.cards import CardSet
from rules_fr.contracts import Camp, Contract
from rules_fr.counting import PlayedTrick, count_deal
from rules_fr.poignee import PoigneeLevel
from rules_fr.verdicts import Code, Violation, violation

__all__ = [
    "LineCode",
    "Score",
    "ScoreLine",
    "TARGETS",
    "check_score_input",
    "difference",
    "score",
    "score_count",
    "score_from_dict",
    "score_deal",
    "target_for",
    "why_scored",
]

TARGETS: Final = (56, 51, 41, 36)
"""Points the taker needs with 0, 1, 2 or 3 bouts."""
CONTRACT_BASE: Final = 25
PETIT_AU_BOUT_BONUS: Final = 10
CHELEM_ANNOUNCED: Final = 400
CHELEM_UNANNOUNCED: Final = 200
CHELEM_FAILED: Final = -200
CHELEM_DEFENCE: Final = 200


class LineCode(StrEnum):
    """The steps of a derivation (stable codes; the catalogs word them)."""

    TARGET = "target"
    DIFFERENCE = "difference"
    CONTRACT = "contract"
    PETIT_AU_BOUT = "petit-au-bout"
    POIGNEE = "poignee"
    CHELEM = "chelem"
    TOTAL = "total"
    TAKER = "taker-score"
    PARTNER = "partner-score"
    DEFENDER = "defender-score"

    def __repr__(self) -> str:
        return repr(self.value)


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One step: a code, the figures it uses, and the points it adds (from the attack's side,
    for the lines before the total; the seat's score for the per-seat lines)."""

    code: LineCode
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)
    points: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code.value, "params": dict(self.params), "points": self.points}


_Facts = tuple[int, int, Camp | None, tuple[tuple[Camp, PoigneeLevel], ...], bool,
               Camp | None, bool]


@dataclass(slots=True)
class Score:
    """The result of a deal: whether the contract was made and what each seat marks.

    Scoring settles whether the contract was made, the difference and the total; what each
    seat marks is the total times its factor, read as a property. The derivation
    (:attr:`lines`, the steps the explanations word) is built from the same facts the first
    time it is asked for, so that scoring many deals (the bots, the simulator, a table's
    scoresheet) does not pay for sentences nobody reads. Treat a Score as immutable: it is a
    verdict.
    """

    players: int
    contract: Contract
    won: bool
    difference: int
    """Points above (made) or below (failed) the target, rounded: always ≥ 0."""
    total: int
    """What each defender pays (positive: the attack won) — the rulebook's 'total'."""
    facts: _Facts = field(repr=False)
    """What the score was computed from (the taker camp's bouts and half-points, the petit
    au bout, the poignées, the chelem, whether the taker played alone): the derivation's
    source."""
    _lines: tuple[ScoreLine, ...] | None = field(default=None, compare=False, repr=False)

    @property
    def target(self) -> int:
        return TARGETS[self.facts[0]]

    @property
    def multiplier(self) -> int:
        return _MULTIPLIER[self.contract]

    @property
    def _with_partner(self) -> bool:
        """Five players and a partner: the taker marks twice the total, the partner once."""
        return self.players == 5 and not self.facts[6]

    @property
    def taker(self) -> int:
        players = self.players
        return self.total * (2 if players == 5 and not self.facts[6] else players - 1)

    @property
    def partner(self) -> int:
        """The partner's score at five players (0 when there is none)."""
        return self.total if self._with_partner else 0

    @property
    def defender(self) -> int:
        """Each defender's score."""
        return -self.total

    @property
    def defenders(self) -> int:
        return 3 if self._with_partner else self.players - 1

    @property
    def lines(self) -> tuple[ScoreLine, ...]:
        """The derivation, step by step: target, difference, contract, petit au bout,
        poignées, chelem, total, then what the taker, the partner and each defender mark."""
        if self._lines is None:
            self._lines = _derivation(self)
        return self._lines

    def scores(self) -> dict[str, int]:
        return {"taker": self.taker, "partner": self.partner, "defender": self.defender}

    def to_dict(self) -> dict[str, Any]:
        """The score as plain JSON data: the facts it was computed from and the verdict
        (:func:`score_from_dict` reads it back). The derivation is not stored: it is a
        function of the facts, rebuilt when asked for, so a stored score never holds a
        stale or unserialisable cache.

        >>> s = score(players=5, contract=Contract.GARDE, bouts=2, points_half=98,
        ...           poignees=[(Camp.DEFENSE, PoigneeLevel.SIMPLE)], alone=True)
        >>> score_from_dict(s.to_dict()) == s
        True
        """
        bouts, points_half, petit_au_bout, poignees, announced, chelem, alone = self.facts
        return {
            "players": self.players, "contract": self.contract.code, "won": self.won,
            "difference": self.difference, "total": self.total,
            "facts": {
                "bouts": bouts, "points_half": points_half,
                "petit_au_bout": None if petit_au_bout is None else petit_au_bout.value,
                "poignees": [[Camp(camp).value, level.value] for camp, level in poignees],
                "chelem_announced": announced,
                "chelem": None if chelem is None else chelem.value,
                "alone": alone,
            },
        }


def target_for(bouts: int) -> int:
    """The taker's target with ``bouts`` bouts.

    >>> [target_for(b) for b in range(4)]
    [56, 51, 41, 36]
    """
    if not 0 <= bouts <= 3:
        raise ValueError(f"bouts must be 0 to 3, not {bouts}")
    return TARGETS[bouts]


def difference(points_half: int, target: int) -> tuple[bool, int]:
    """(made, difference) with the half point given to the winning camp.

    >>> difference(81, 41), difference(83, 41), difference(82, 41)
    ((False, 1), (True, 1), (True, 0))
    """
    gap_half = points_half - 2 * target
    if gap_half >= 0:
        return True, (gap_half + 1) // 2
    return False, (-gap_half + 1) // 2


def score(
    *,
    players: int,
    contract: Contract,
    bouts: int,
    points_half: int,
    petit_au_bout: Camp | None = None,
    poignees: Sequence[tuple[Camp, PoigneeLevel]] = (),
    chelem_announced: bool = False,
    chelem: Camp | None = None,
    alone: bool = False,
) -> Score:
    """Score a deal from the taker camp's points (in half-points) and bouts.

    ``poignees`` lists each poignée shown, with the camp that showed it; ``chelem`` is the camp
    that won every trick, if any; ``alone`` is a five-player taker without a partner (called
    his own card, or a card in the chien).

    >>> s = score(players=5, contract=Contract.GARDE_SANS, bouts=1, points_half=110,
    ...           petit_au_bout=Camp.DEFENSE)
    >>> s.total, s.taker, s.partner, s.defender
    (76, 152, 76, -76)
    """
    if players not in (3, 4, 5):
        raise ValueError(f"a deal is played by 3, 4 or 5 players, not {players}")
    if not 0 <= bouts <= 3:
        raise ValueError(f"bouts must be 0 to 3, not {bouts}")
    return score_count(_Figures(bouts, points_half, petit_au_bout, chelem), players=players,
                       contract=contract, poignees=poignees,
                       chelem_announced=chelem_announced, alone=alone)


class Counted(Protocol):
    """What a score needs of a count (:class:`~rules_fr.counting.Count` has it)."""

    @property
    def taker_bouts(self) -> int: ...
    @property
    def taker_points_half(self) -> int: ...
    @property
    def petit_au_bout(self) -> Camp | None: ...
    @property
    def chelem(self) -> Camp | None: ...


class _Figures(NamedTuple):
    """The figures :func:`score` is given, in the shape of a count."""

    taker_bouts: int
    taker_points_half: int
    petit_au_bout: Camp | None
    chelem: Camp | None


def score_count(
    count: Counted,
    *,
    players: int,
    contract: Contract,
    poignees: Sequence[tuple[Camp, PoigneeLevel]] = (),
    chelem_announced: bool = False,
    alone: bool = False,
) -> Score:
    """Score a counted deal: the taker camp's points and bouts, the petit au bout and the
    chelem come from ``count`` (one place maps a count to a score, for the deal state
    machines, the simulator, ``/score`` and ``/score/deal`` alike)."""
    if players not in (3, 4, 5):
        raise ValueError(f"a deal is played by 3, 4 or 5 players, not {players}")
    bouts, points_half = count.taker_bouts, count.taker_points_half
    petit_au_bout, chelem = count.petit_au_bout, count.chelem
    poignees = tuple(poignees)
    target = TARGETS[bouts]
    gap_half = points_half - 2 * target
    won = gap_half >= 0
    gap = (gap_half + 1) // 2 if won else (1 - gap_half) // 2
    multiplier = _MULTIPLIER[contract]
    sign = 1 if won else -1
    total = sign * (CONTRACT_BASE + gap) * multiplier
    if petit_au_bout is not None:
        total += (PETIT_AU_BOUT_BONUS if petit_au_bout is _TAKER
                  else -PETIT_AU_BOUT_BONUS) * multiplier
    for _, level in poignees:
        total += sign * level.bonus
    if chelem_announced or chelem is not None:
        total += sum(points for _, points in _chelem_lines(chelem_announced, chelem))
    return Score(players, contract, won, gap, total,
                 (bouts, points_half, petit_au_bout, poignees, chelem_announced, chelem, alone))


def score_from_dict(data: Mapping[str, Any]) -> Score:
    """A score from :meth:`Score.to_dict`'s data, scored again from its facts by
    :func:`score_count`; the stored verdict must be the one the facts give (a stored score
    is never trusted over the rules).

    >>> bad = score(players=4, contract=Contract.PETITE, bouts=1, points_half=100).to_dict()
    >>> bad["total"] += 1
    >>> score_from_dict(bad)
    Traceback (most recent call last):
    ...
    ValueError: a stored score disagrees with its facts
    """
    facts = data["facts"]
    petit_au_bout = facts["petit_au_bout"]
    chelem = facts["chelem"]
    found = score_count(
        _Figures(int(facts["bouts"]), int(facts["points_half"]),
                 None if petit_au_bout is None else Camp(petit_au_bout),
                 None if chelem is None else Camp(chelem)),
        players=int(data["players"]), contract=Contract.parse(data["contract"]),
        poignees=[(Camp(camp), PoigneeLevel(level)) for camp, level in facts["poignees"]],
        chelem_announced=bool(facts["chelem_announced"]), alone=bool(facts["alone"]))
    if (found.won, found.difference, found.total) != (
            data["won"], data["difference"], data["total"]):
        raise ValueError("a stored score disagrees with its facts")
    return found


def _factors(players: int, alone: bool) -> tuple[int, int, int]:
    """(taker's factor, partner's factor, number of defenders): at five players with a
    partner the taker marks twice the total and the partner once; otherwise the taker marks
    it once per defender."""
    if players == 5 and not alone:
        return 2, 1, 3
    return players - 1, 0, players - 1


_MULTIPLIER: Final = {contract: contract.multiplier for contract in Contract}
_TAKER: Final = Camp.TAKER  # an enum member read once, not at every score


def _derivation(s: Score) -> tuple[ScoreLine, ...]:
    """The score's steps, from the facts it was computed from (see :func:`score`)."""
    won, gap, multiplier, target = s.won, s.difference, s.multiplier, s.target
    bouts, points_half, petit_au_bout, poignees, announced, chelem, alone = s.facts
    sign = 1 if won else -1
    lines = [
        ScoreLine(LineCode.TARGET, {"bouts": bouts, "target": target}),
        ScoreLine(LineCode.DIFFERENCE, {"points_half": points_half, "target": target,
                                        "difference": gap, "won": won}),
    ]
    base = sign * (CONTRACT_BASE + gap) * multiplier
    lines.append(ScoreLine(LineCode.CONTRACT, {
        "base": CONTRACT_BASE, "difference": gap, "subtotal": CONTRACT_BASE + gap,
        "contract": s.contract.code, "multiplier": multiplier, "won": won,
    }, base))
    if petit_au_bout is not None:
        points = PETIT_AU_BOUT_BONUS * multiplier * (1 if petit_au_bout is Camp.TAKER else -1)
        lines.append(ScoreLine(LineCode.PETIT_AU_BOUT, {
            "camp": petit_au_bout.value, "bonus": PETIT_AU_BOUT_BONUS,
            "multiplier": multiplier,
        }, points))
    for shown_by, level in poignees:
        lines.append(ScoreLine(LineCode.POIGNEE, {
            "camp": Camp(shown_by).value, "level": level.value, "bonus": level.bonus,
            "to": (Camp.TAKER if won else Camp.DEFENSE).value,
        }, sign * level.bonus))
    for kind, points in _chelem_lines(announced, chelem):
        lines.append(ScoreLine(LineCode.CHELEM, {"kind": kind, "bonus": abs(points)}, points))
    total = s.total
    lines.append(ScoreLine(LineCode.TOTAL, {"won": won}, total))
    taker_factor, partner_factor, defenders = _factors(s.players, alone)
    lines.append(ScoreLine(LineCode.TAKER, {"factor": taker_factor, "total": total},
                           s.taker))
    if partner_factor:
        lines.append(ScoreLine(LineCode.PARTNER, {"factor": partner_factor, "total": total},
                               s.partner))
    lines.append(ScoreLine(LineCode.DEFENDER, {"defenders": defenders, "total": total},
                           -total))
    return tuple(lines)


def why_scored(s: Score) -> list[Violation]:
    """Why a score line that surprises a beginner is by the rules (the shape of
    :func:`rules_fr.play.why_allowed`):

    - ``poignee-to-winner`` (score.poignee): a poignée shown by the side that lost the deal —
      its bonus goes to the winner, whoever showed it;
    - ``chelem-failed`` (score.chelem): a chelem announced and not made costs the taker's side
      200 points, whether the contract was made or not.

    >>> from rules_fr.poignee import PoigneeLevel
    >>> s = score(players=4, contract=Contract.GARDE, bouts=2, points_half=98,
    ...           poignees=[(Camp.DEFENSE, PoigneeLevel.SIMPLE)], chelem_announced=True)
    >>> [(v.code, v.params["to"] if "to" in v.params else v.params["won"]) for v in why_scored(s)]
    [('poignee-to-winner', 'taker'), ('chelem-failed', True)]
    """
    found: list[Violation] = []
    winner = Camp.TAKER if s.won else Camp.DEFENSE
    _, _, _, poignees, announced, chelem, _ = s.facts
    for shown_by, level in poignees:
        if Camp(shown_by) is not winner:
            found.append(violation(Code.POIGNEE_TO_WINNER, camp=Camp(shown_by).value,
                                   to=winner.value, level=level.value, bonus=level.bonus))
    if announced and chelem is not Camp.TAKER:
        found.append(violation(Code.CHELEM_FAILED, bonus=-CHELEM_FAILED, won=s.won,
                               defence_chelem=chelem is Camp.DEFENSE))
    return found


# The signature of counting.count_deal by nature: it counts the deal it is given, then scores it.
def score_deal(
    *,
    players: int,
    contract: Contract,
    taker: int,
    partner: int | None,
    tricks: Sequence[PlayedTrick],
    chien: CardSet,
    ecart: CardSet | None,
    poignees: Sequence[tuple[Camp, PoigneeLevel]] = (),
    chelem_announced: bool = False,
) -> Score:
    """Score a complete deal from its facts: the tricks as played, the chien and the écart
    (``None``: none made), the poignées shown (camp, level) and the chelem announcement. Pure:
    the same facts give the same score, whichever machine (dealt or physical) gathered them.
    At five players a taker without a partner (he called his own card, or one in the chien
    or the écart) plays alone."""
    count = count_deal(players=players, contract=contract, taker=taker, partner=partner,
                       tricks=tricks, chien=chien, ecart=ecart)
    return score_count(count, players=players, contract=contract, poignees=poignees,
                       chelem_announced=chelem_announced,
                       alone=players == 5 and partner is None)


def _chelem_lines(announced: bool, chelem: Camp | None) -> list[tuple[str, int]]:
    """score.chelem and score.defence-chelem: the bonus lines, from the attack's side.

    An announced chelem that the defence turns into its own chelem costs both penalties:
    the announcement failed, and the defence made a chelem.
    """
    lines: list[tuple[str, int]] = []
    if chelem is Camp.TAKER:
        lines.append(("announced" if announced else "unannounced",
                      CHELEM_ANNOUNCED if announced else CHELEM_UNANNOUNCED))
    elif announced:
        lines.append(("failed", CHELEM_FAILED))
    if chelem is Camp.DEFENSE:
        lines.append(("defence", -CHELEM_DEFENCE))
    return lines


def check_score_input(
    *,
    players: int,
    bouts: int,
    points_half: int,
    chelem: Camp | None = None,
    contract: Contract | None = None,
) -> list[Violation]:
    """Totals no deal can produce: points outside 0..91, fewer points than the bouts alone
    are worth (or more than the cards the other camp's bouts leave), a chelem camp without
    nearly every card.

    A chelem camp holds every card but the other camp's excuse (4 points) and the chien when
    it counts for the other camp: under a garde contre the taker's chelem leaves the chien,
    bouts included, to the defence; a defence chelem leaves the taker his écart (petite,
    garde) or the chien (garde sans). ``contract`` unknown: the loosest bounds.

    >>> [v.code for v in check_score_input(players=4, bouts=3, points_half=10)]
    ['score-impossible']
    >>> check_score_input(players=4, bouts=0, points_half=130, chelem=Camp.TAKER,
    ...                   contract=Contract.GARDE_CONTRE)
    []
    """
    problems: list[Violation] = []
    if not 0 <= points_half <= 182:
        problems.append(violation(Code.SCORE_IMPOSSIBLE, reason="points-range",
                                  points_half=points_half))
        return problems
    if not 0 <= bouts <= 3:
        problems.append(violation(Code.SCORE_IMPOSSIBLE, reason="bouts-range", bouts=bouts))
        return problems
    # Each bout is 4.5 points; the excuse exchange moves at most half a point.
    low = 9 * bouts - 1
    high = 182 - 9 * (3 - bouts) + 1
    if not max(low, 0) <= points_half <= min(high, 182):
        problems.append(violation(Code.SCORE_IMPOSSIBLE, reason="bouts-points", bouts=bouts,
                                  points_half=points_half))
    if chelem is None:
        return problems
    chien_size = 3 if players == 5 else 6
    excuse = 8  # the other camp's excuse, kept for 4 points
    if chelem is Camp.TAKER:
        chien_to_defence = contract is None or contract is Contract.GARDE_CONTRE
        slack = excuse + (9 * chien_size if chien_to_defence else 0)
        fewest_bouts = 0 if chien_to_defence else 2
        if points_half < 182 - slack or bouts < fewest_bouts:
            problems.append(violation(Code.SCORE_IMPOSSIBLE, reason="chelem-points",
                                      points_half=points_half, bouts=bouts))
    else:
        chien_to_taker = contract is not Contract.GARDE_CONTRE
        slack = excuse + (9 * chien_size if chien_to_taker else 0)
        most_bouts = 3 if contract is None or contract is Contract.GARDE_SANS else 1
        if points_half > slack or bouts > most_bouts:
            problems.append(violation(Code.SCORE_IMPOSSIBLE, reason="chelem-points",
                                      points_half=points_half, bouts=bouts))
    return problems
