"""Scoring: the rulebook's five worked examples (seed 000) and the FFT rulings."""

from __future__ import annotations

import pytest

from rules_fr.contracts import Camp, Contract
from rules_fr.poignee import PoigneeLevel
from rules_fr.scoring import LineCode, difference, score, target_for

SIMPLE = PoigneeLevel.SIMPLE


@pytest.mark.parametrize("bouts,target", [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_score_targets(bouts: int, target: int) -> None:
    assert target_for(bouts) == target


def test_counting_half_point_goes_to_winning_camp() -> None:
    assert difference(81, 41) == (False, 1)  # 40.5 with two bouts fails by 1
    assert difference(83, 41) == (True, 1)  # 41.5 makes it by 1
    assert difference(82, 41) == (True, 0)  # exactly: made by 0 ("juste fait")


def test_score_contract_made_by_zero_is_won() -> None:
    s = score(players=4, contract=Contract.PETITE, bouts=1, points_half=102)
    assert s.won and s.difference == 0 and s.total == 25 and s.taker == 75


def test_score_failed_contract_is_minus_25_plus_gap() -> None:
    # other engines scored (25 - gap) for a failed contract
    s = score(players=4, contract=Contract.GARDE, bouts=0, points_half=100)
    assert not s.won and s.difference == 6 and s.total == -62 and s.defender == 62


@pytest.mark.parametrize("players,taker,partner,defender", [
    (3, 212, 0, -106), (4, 318, 0, -106), (5, 212, 106, -106),
])
def test_example_1_garde_poignee_petit_au_bout(players: int, taker: int, partner: int,
                                               defender: int) -> None:
    s = score(players=players, contract=Contract.GARDE, bouts=2, points_half=98,
              petit_au_bout=Camp.TAKER, poignees=[(Camp.TAKER, SIMPLE)])
    assert (s.total, s.taker, s.partner, s.defender) == (106, taker, partner, defender)
    assert [line.points for line in s.lines[2:6]] == [66, 20, 20, 106]


@pytest.mark.parametrize("players,taker,partner", [(4, 228, 0), (5, 152, 76)])
def test_example_2_garde_sans_petit_au_bout_lost(players: int, taker: int, partner: int) -> None:
    # won by 4 points: with 1 bout, 55 points
    s = score(players=players, contract=Contract.GARDE_SANS, bouts=1, points_half=110,
              petit_au_bout=Camp.DEFENSE)
    assert (s.total, s.taker, s.partner, s.defender) == (76, taker, partner, -76)


@pytest.mark.parametrize("players,taker,partner", [(4, -126, 0), (5, -84, -42)])
def test_example_3_prise_failed_poignee_petit_au_bout(players: int, taker: int,
                                                      partner: int) -> None:
    # failed by 7 points: with 0 bouts, 49 points
    s = score(players=players, contract=Contract.PETITE, bouts=0, points_half=98,
              petit_au_bout=Camp.TAKER, poignees=[(Camp.TAKER, SIMPLE)])
    assert (s.total, s.taker, s.partner, s.defender) == (-42, taker, partner, 42)


@pytest.mark.parametrize("players,taker,partner", [(4, 276, 0), (5, 184, 92)])
def test_example_4_defence_poignee_to_winning_taker(players: int, taker: int,
                                                    partner: int) -> None:
    # other engines charged a defender's poignée to a winning taker
    s = score(players=players, contract=Contract.GARDE, bouts=3, points_half=94,
              poignees=[(Camp.DEFENSE, SIMPLE)])
    assert (s.total, s.taker, s.partner, s.defender) == (92, taker, partner, -92)


@pytest.mark.parametrize("players,taker,partner", [(4, 1746, 0), (5, 1164, 582)])
def test_example_5_chelem_announced_and_made(players: int, taker: int, partner: int) -> None:
    s = score(players=players, contract=Contract.GARDE, bouts=2, points_half=174,
              petit_au_bout=Camp.TAKER, poignees=[(Camp.TAKER, SIMPLE)],
              chelem_announced=True, chelem=Camp.TAKER)
    assert (s.total, s.taker, s.partner, s.defender) == (582, taker, partner, -582)


def test_score_chelem_unannounced_and_failed() -> None:
    made = score(players=4, contract=Contract.PETITE, bouts=3, points_half=182,
                 chelem=Camp.TAKER)
    assert made.total == 25 + 55 + 200
    failed = score(players=4, contract=Contract.PETITE, bouts=3, points_half=150,
                   chelem_announced=True)
    assert failed.total == 25 + 39 - 200


def test_score_defence_chelem() -> None:
    s = score(players=4, contract=Contract.GARDE, bouts=0, points_half=0, chelem=Camp.DEFENSE)
    assert s.total == -(25 + 56) * 2 - 200 and s.defender == 362


def test_score_poignee_shown_by_losing_defender_goes_to_taker() -> None:
    s = score(players=4, contract=Contract.PETITE, bouts=2, points_half=100,
              poignees=[(Camp.DEFENSE, PoigneeLevel.DOUBLE)])
    assert s.total == 25 + 9 + 30


def test_score_poignee_not_multiplied() -> None:
    s = score(players=4, contract=Contract.GARDE_CONTRE, bouts=2, points_half=82,
              poignees=[(Camp.TAKER, PoigneeLevel.TRIPLE)])
    assert s.total == 25 * 6 + 40


def test_score_petit_au_bout_multiplied_whatever_the_result() -> None:
    s = score(players=4, contract=Contract.GARDE_CONTRE, bouts=1, points_half=80,
              petit_au_bout=Camp.TAKER)
    assert not s.won and s.total == -(25 + 11) * 6 + 60


def test_score_five_players_alone() -> None:
    s = score(players=5, contract=Contract.GARDE, bouts=2, points_half=98, alone=True)
    assert (s.taker, s.partner, s.defender, s.defenders) == (4 * 66, 0, -66, 4)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("alone", [False, True])
def test_score_zero_sum(players: int, alone: bool) -> None:
    s = score(players=players, contract=Contract.GARDE, bouts=1, points_half=77,
              petit_au_bout=Camp.DEFENSE, poignees=[(Camp.DEFENSE, SIMPLE)], alone=alone)
    assert s.taker + s.partner + s.defenders * s.defender == 0


def test_score_three_players_half_points() -> None:
    fail = score(players=3, contract=Contract.GARDE, bouts=2, points_half=81)
    made = score(players=3, contract=Contract.GARDE, bouts=2, points_half=83)
    assert (fail.won, fail.total, fail.taker) == (False, -52, -104)
    assert (made.won, made.total, made.taker) == (True, 52, 104)


def test_derivation_lines_in_order() -> None:
    s = score(players=4, contract=Contract.GARDE, bouts=2, points_half=98,
              petit_au_bout=Camp.TAKER, poignees=[(Camp.TAKER, SIMPLE)])
    assert [line.code for line in s.lines] == [
        LineCode.TARGET, LineCode.DIFFERENCE, LineCode.CONTRACT, LineCode.PETIT_AU_BOUT,
        LineCode.POIGNEE, LineCode.TOTAL, LineCode.TAKER, LineCode.DEFENDER,
    ]
    assert s.lines[1].params == {"points_half": 98, "target": 41, "difference": 8, "won": True}


def test_score_input_chelem_bounds_follow_the_chien() -> None:
    from rules_fr.scoring import check_score_input

    # garde contre: the taker's chelem leaves the chien (bouts included) to the defence
    assert check_score_input(players=4, bouts=1, points_half=140, chelem=Camp.TAKER,
                             contract=Contract.GARDE_CONTRE) == []
    # a garde: the chelem camp has every card but the defence's excuse
    assert check_score_input(players=4, bouts=1, points_half=140, chelem=Camp.TAKER,
                             contract=Contract.GARDE) != []
    assert check_score_input(players=4, bouts=2, points_half=174, chelem=Camp.TAKER,
                             contract=Contract.GARDE) == []
    # a defence chelem under a garde sans: the chien (maybe bouts) still counts for the taker
    assert check_score_input(players=4, bouts=2, points_half=40, chelem=Camp.DEFENSE,
                             contract=Contract.GARDE_SANS) == []
    assert check_score_input(players=4, bouts=2, points_half=40, chelem=Camp.DEFENSE,
                             contract=Contract.GARDE) != []
