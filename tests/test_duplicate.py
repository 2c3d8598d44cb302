"""Duplicate scoring (FFT 2012 rulings in ../shared/FFT-NOTES.md)."""

from fractions import Fraction

from rules_fr.duplicate import defender_note, global_percentage, match_points, topage_notes


def test_duplicate_notes_five_plays_run_evenly() -> None:
    assert topage_notes([300, 200, 100, 0, -100]) == [100, 75, 50, 25, 0]


def test_duplicate_notes_ties_share() -> None:
    assert topage_notes([50, 50, 10]) == [75, 75, 0]


def test_duplicate_defender_gets_complement() -> None:
    assert defender_note(Fraction(75)) == 25


def test_duplicate_global_quarter_attack_three_quarters_defence() -> None:
    assert global_percentage([Fraction(80)], [Fraction(40)]) == 50


def test_duplicate_quadrettes_square_root_match_points() -> None:
    assert str(match_points(16)) == "4.000"
    assert str(match_points(144)) == "12.000"
    assert str(match_points(-10)) == "-3.162"
