"""The bots beat random-legal players, as taker and as defence, and random-legal players from
the same seat — over the same 300 deals at four players (a fixed seed; the margins measured,
about 180 and 100 points a deal, are three to five times the ones required, so the test does
not flake)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[1] / "scripts" / "simulate.py"
_spec = importlib.util.spec_from_file_location("advice_simulate", _PATH)
assert _spec is not None and _spec.loader is not None
simulate = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = simulate  # its dataclasses look their module up
_spec.loader.exec_module(simulate)

DEALS = 300
SEED = 20


@pytest.fixture(scope="module")
def runs():
    return {
        "bot-taker": simulate.run(4, DEALS, SEED, "bot", "random"),
        "bot-defence": simulate.run(4, DEALS, SEED, "random", "bot"),
        "random": simulate.run(4, DEALS, SEED, "random", "random"),
    }


def test_bots_as_taker_beat_random_defenders(runs):
    bots = runs["bot-taker"]
    assert bots.attack_per_deal - bots.defence_per_deal > 40
    assert bots.success > 0.6


def test_bots_as_taker_beat_random_takers_from_the_same_seat(runs):
    assert runs["bot-taker"].attack_per_deal - runs["random"].attack_per_deal > 30
    assert runs["bot-taker"].success > runs["random"].success + 0.1


def test_bots_as_defence_beat_a_random_taker(runs):
    bots = runs["bot-defence"]
    assert bots.defence_per_deal - bots.attack_per_deal > 40
    assert bots.success < 0.3


def test_bots_as_defence_beat_random_defenders_from_the_same_seats(runs):
    assert runs["bot-defence"].defence_per_deal - runs["random"].defence_per_deal > 30


def test_runs_play_the_same_deals(runs):
    """Takers and contracts come from the advised auction, never from the policies."""
    first = [(d.dealer, t, c) for d, t, c, _ in simulate.deals(4, 20, SEED, "auction")]
    again = [(d.dealer, t, c) for d, t, c, _ in simulate.deals(4, 20, SEED, "auction")]
    assert first == again


def test_bench_mode_prints_name_value_unit_lines(capsys):
    assert simulate.bench(4, 60, SEED) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines and all(len(line.split(": ")) == 2 for line in lines)
    names = [line.split(":")[0] for line in lines]
    assert "sim_bot_taker_margin_over_random_taker_4p" in names
    assert "sim_deals_per_second_4p" in names
