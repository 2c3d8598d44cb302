"""Differential tests of scoring: rules_fr.scoring.score against the rulebook formula written
naively in tests/oracle/reference.py, over random inputs and the seed's worked examples."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import reference as ref

from rules_fr.contracts import Camp, Contract
from rules_fr.poignee import PoigneeLevel
from rules_fr.scoring import score

CAMPS = st.sampled_from([None, "taker", "defense"])
LEVELS = ["simple", "double", "triple"]


def both(*, players, contract, bouts, points_half, petit_au_bout=None, poignees=(),
         chelem_announced=False, chelem=None, alone=False):
    expected = ref.score(players=players, contract=contract, bouts=bouts,
                         taker_points=Fraction(points_half, 2), petit_au_bout=petit_au_bout,
                         poignees=list(poignees), chelem_announced=chelem_announced,
                         chelem=chelem, alone=alone)
    got = score(players=players, contract=Contract.parse(contract), bouts=bouts,
                points_half=points_half,
                petit_au_bout=None if petit_au_bout is None else Camp(petit_au_bout),
                poignees=[(Camp(c), PoigneeLevel(level)) for c, level in poignees],
                chelem_announced=chelem_announced,
                chelem=None if chelem is None else Camp(chelem), alone=alone)
    return expected, got


@settings(max_examples=600, deadline=None)
@given(st.sampled_from([3, 4, 5]), st.sampled_from(list(ref.MULTIPLIER)), st.integers(0, 3),
       st.integers(0, 182), CAMPS,
       st.lists(st.tuples(st.sampled_from(["taker", "defense"]), st.sampled_from(LEVELS)),
                max_size=3),
       st.booleans(), CAMPS, st.booleans())
def test_oracle_score(players, contract, bouts, points_half, petit, poignees, announced,
                      chelem, alone) -> None:
    """Half point to the winning camp, (25 + gap) × multiplier, petit au bout × multiplier to
    the camp that took it, poignées to the winner, chelem bonuses, the 3/4/5-player splits and
    the taker alone; the sum is zero."""
    alone = alone and players == 5
    expected, got = both(players=players, contract=contract, bouts=bouts,
                         points_half=points_half, petit_au_bout=petit, poignees=poignees,
                         chelem_announced=announced, chelem=chelem, alone=alone)
    assert got.won == expected["won"]
    assert (got.taker, got.partner, got.defender) == (
        expected["taker"], expected["partner"], expected["defender"])
    assert got.taker + got.partner + got.defender * got.defenders == 0


def test_oracle_score_seed_examples() -> None:
    """The seed's worked examples, at 3, 4 and 5 players."""
    # garde, poignée, petit au bout by the taker, 49 points with two bouts: 106
    for players, taker, partner in ((3, 212, 0), (4, 318, 0), (5, 212, 106)):
        e, g = both(players=players, contract="garde", bouts=2, points_half=98,
                    petit_au_bout="taker", poignees=[("taker", "simple")])
        assert (g.taker, g.partner, g.defender) == (taker, partner, -106)
        assert (e["taker"], e["partner"], e["defender"]) == (taker, partner, -106)
    # garde sans won by 4, petit au bout by the defence: (25 + 4) × 4 − 40 = 76
    for players, taker, partner in ((4, 228, 0), (5, 152, 76)):
        e, g = both(players=players, contract="garde_sans", bouts=1, points_half=110,
                    petit_au_bout="defense")
        assert (g.taker, g.partner, g.defender) == (taker, partner, -76)
        assert (e["taker"], e["partner"], e["defender"]) == (taker, partner, -76)
    # petite failed by 7, the taker's poignée, his petit au bout: each defender +42
    for players, taker, partner in ((4, -126, 0), (5, -84, -42)):
        e, g = both(players=players, contract="petite", bouts=1, points_half=88,
                    petit_au_bout="taker", poignees=[("taker", "simple")])
        assert (g.taker, g.partner, g.defender) == (taker, partner, 42)
        assert (e["taker"], e["partner"], e["defender"]) == (taker, partner, 42)
    # garde won by 11, a defender's poignée: 92
    for players, taker, partner in ((4, 276, 0), (5, 184, 92)):
        e, g = both(players=players, contract="garde", bouts=0, points_half=134,
                    poignees=[("defense", "simple")])
        assert (g.taker, g.partner, g.defender) == (taker, partner, -92)
        assert (e["taker"], e["partner"], e["defender"]) == (taker, partner, -92)
    # announced chelem, 87 points with two bouts, poignée, petit au bout: 582
    for players, taker, partner in ((4, 1746, 0), (5, 1164, 582)):
        e, g = both(players=players, contract="garde", bouts=2, points_half=174,
                    petit_au_bout="taker", poignees=[("taker", "simple")],
                    chelem_announced=True, chelem="taker")
        assert (g.taker, g.partner, g.defender) == (taker, partner, -582)
        assert (e["taker"], e["partner"], e["defender"]) == (taker, partner, -582)


def test_oracle_score_half_point_and_juste_fait() -> None:
    """FFT: 40.5 with two bouts fails by 1, 41.5 makes it by 1; 41 is "juste fait" (by 0)."""
    for half, won, total in ((81, False, -26), (83, True, 26), (82, True, 25)):
        e, g = both(players=4, contract="petite", bouts=2, points_half=half)
        assert (g.won, g.defender) == (won, -total)
        assert (e["won"], e["defender"]) == (won, -total)
