"""The ``tarot`` console script: check a play and score a deal from a terminal, with the API's
own answers."""

from __future__ import annotations

import json

from click.testing import CliRunner

from tutor.cli import main, split_cards


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_cli_check_play_illegal_exits_1_with_explanation() -> None:
    code, out, _ = run("--lang", "en", "check-play", "--players", "4",
                       "--hand", "7H KH T3 EX 2S", "--trick", "5H", "--card", "T3")
    assert code == 1
    assert "heart" in out


def test_cli_check_play_legal_json() -> None:
    code, out, _ = run("check-play", "--players", "4", "--hand", "7H, roi de cœur, T3",
                       "--trick", "5H", "--card", "KH", "--json")
    assert code == 0
    payload = json.loads(out)
    assert payload["legal"] is True and payload["legal_cards"] == ["7H", "KH"]


def test_cli_check_play_refused_exits_2() -> None:
    code, _, err = run("--lang", "en", "check-play", "--players", "4", "--hand", "7H",
                       "--card", "joker")
    assert code == 2
    assert "joker" in err


def test_cli_score_prints_the_derivation() -> None:
    code, out, _ = run("--lang", "en", "score", "--players", "4", "--contract", "garde",
                       "--bouts", "2", "--points", "49", "--petit-au-bout", "taker",
                       "--poignee", "taker:simple")
    assert code == 0
    assert "106" in out and "318" in out


def test_cli_score_json_and_half_points() -> None:
    code, out, _ = run("score", "--players", "4", "--contract", "petite", "--bouts", "2",
                       "--points", "40.5", "--json")
    assert code == 0
    payload = json.loads(out)
    assert (payload["won"], payload["difference"]) == (False, 1)


def test_cli_score_impossible_exits_2() -> None:
    code, _, err = run("score", "--players", "4", "--contract", "garde", "--bouts", "3",
                       "--points", "5")
    assert code == 2 and err.strip()


def test_split_cards_commas_and_codes() -> None:
    assert split_cards("roi de cœur, 7H") == ["roi de cœur", "7H"]
    assert split_cards("7H KH") == ["7H", "KH"]
    assert split_cards("roi de coeur") == ["roi de coeur"]
