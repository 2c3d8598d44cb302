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


# --- every check, count, rules (issue 26, item 6) ---------------------------------------------

ECART = ("--players", "4", "--contract", "garde",
         "--hand", "KS KH KD KC T1 T21 EX T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12",
         "--chien", "2S 3S 4H 5D T13 T14")


def test_cli_help_gives_the_card_format() -> None:
    code, out, _ = run("--help")
    assert code == 0
    for command in ("check-play", "check-ecart", "check-bid", "check-king-call",
                    "check-poignee", "count", "score", "rules", "rule", "serve"):
        assert command in out
    assert "T1..T21" in out and "EX the excuse" in out and "1H..10H" in out
    code, out, _ = run("check-play", "--help")
    assert "T1..T21" in out


def test_cli_check_ecart_legal_and_illegal() -> None:
    code, _, _ = run("--lang", "en", "check-ecart", *ECART, "--ecart", "2S 3S 4H 5D T2 T3")
    assert code == 0
    code, out, _ = run("--lang", "en", "check-ecart", *ECART, "--ecart", "KS 3S 4H 5D T2 T3")
    assert code == 1 and "king" in out


def test_cli_check_bid() -> None:
    code, out, _ = run("--lang", "en", "check-bid", "--players", "4", "--bids", "passe, garde",
                       "--bid", "petite")
    assert code == 1 and "bid.higher" in out
    code, _, _ = run("check-bid", "--players", "4", "--bids", "passe", "--bid", "garde")
    assert code == 0


def test_cli_check_king_call() -> None:
    code, out, _ = run("--lang", "en", "check-king-call", "--hand", "KS KH KD KC QS 2H T4",
                       "--card", "QH", "--json")
    assert code == 0 and json.loads(out)["legal"] is True
    code, _, _ = run("check-king-call", "--hand", "KS 2H T4", "--card", "QH")
    assert code == 1  # a queen while kings are missing


def test_cli_check_poignee() -> None:
    code, out, _ = run("--lang", "en", "check-poignee", "--players", "4",
                       "--hand", "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 KS 2H",
                       "--shown", "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10", "--json")
    assert code == 0 and json.loads(out)["level"] == "simple"
    code, _, _ = run("check-poignee", "--players", "4", "--hand", "T1 T2 T3 KS",
                     "--shown", "T1 T2 T3")
    assert code == 1


def test_cli_count() -> None:
    code, out, _ = run("--lang", "en", "count", "--cards", "T21 2C KH QD JS", "--json")
    assert code == 0 and json.loads(out)["points"] == 14.5
    code, out, _ = run("--lang", "en", "count", "--cards", "T21, roi de cœur")
    assert code == 0 and "9" in out


def test_cli_rules_search_and_read() -> None:
    code, out, _ = run("--lang", "en", "rules", "overtrump", "--limit", "2")
    assert code == 0 and out.startswith("play.") and len(out.strip().splitlines()) == 4
    code, out, _ = run("--lang", "en", "rule", "play.overtrump")
    assert code == 0 and out.startswith("play.overtrump — ")
    code, _, err = run("--lang", "en", "rule", "play.nowhere")
    assert code == 2 and "play.nowhere" in err
