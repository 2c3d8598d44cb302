"""``tarot``: check a play and score a deal from a terminal.

The commands call the JSON API in-process (the app's test client), so a terminal gets exactly
the web's answers: the same validation, the same verdicts, the same sentences::

    tarot check-play --players 4 --hand 7H,KH,T3,EX,2S --trick 5H --card T3
    tarot score --players 4 --contract garde --bouts 2 --points 49 \\
        --petit-au-bout taker --poignee taker:simple
    tarot --lang en score ... --json

Cards are separated by commas (``--hand "7H, roi de cœur, EX"``) or, when all are codes, by
spaces (``--hand "7H KH T3"``). The explanation is printed by default, the API's JSON with
``--json``. Exit status: 0 for a legal play or a score, 1 for an illegal play, 2 when the
request is refused (the problem's detail and each error go to standard error).
"""

from __future__ import annotations

import json
import math
import os
import sys
from typing import Any

import click

from rules_fr.cards import BY_CODE

__all__ = ["main", "split_cards"]


def split_cards(text: str) -> list[str]:
    """Card texts from one option value: comma-separated, or space-separated codes.

    >>> split_cards("7H, roi de cœur,EX"), split_cards("7h KH  t3"), split_cards("")
    (['7H', 'roi de cœur', 'EX'], ['7h', 'KH', 't3'], [])
    """
    cards: list[str] = []
    for piece in text.split(","):
        piece = piece.strip()
        if not piece:
            continue
        words = piece.split()
        if len(words) > 1 and all(word.upper() in BY_CODE for word in words):
            cards.extend(words)
        else:
            cards.append(piece)
    return cards


def _cards(values: tuple[str, ...]) -> list[str]:
    return [card for value in values for card in split_cards(value)]


def _default_language() -> str:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value[:2] in ("fr", "en"):
            return value[:2]
    return "fr"


def _call(ctx: click.Context, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    from tutor import create_app

    app = create_app()
    with app.test_client() as client:
        response = client.post(f"/api/v1{path}", json=body,
                               query_string={"lang": ctx.obj["lang"]})
    return response.status_code, response.get_json()


def _refused(payload: dict[str, Any], as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        click.echo(payload.get("detail", ""), err=True)
        errors = payload.get("errors") or []
        if len(errors) > 1:
            for error in errors:
                click.echo(f"  {error['pointer'] or '/'}: {error['detail']}", err=True)
    sys.exit(2)


def _answer(status: int, payload: dict[str, Any], as_json: bool) -> None:
    """Prints the API's answer: its JSON, or its explanation; a refusal exits with 2."""
    if status != 200:
        _refused(payload, as_json)
    if as_json:
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        click.echo(payload["explanation"])


@click.group()
@click.option("--lang", type=click.Choice(["fr", "en"]), default=None,
              help="Language of the answers (default: from LANG, else French).")
@click.pass_context
def main(ctx: click.Context, lang: str | None) -> None:
    """French tarot rules (FFT): check a play, score a deal."""
    ctx.ensure_object(dict)
    ctx.obj["lang"] = lang or _default_language()


@main.command("check-play")
@click.option("--players", type=int, required=True, help="3, 4 or 5.")
@click.option("--hand", multiple=True, required=True, help="The player's cards.")
@click.option("--trick", multiple=True, help="Cards already in the trick, in play order.")
@click.option("--card", required=True, help="The card to play.")
@click.option("--first-trick", is_flag=True, help="Five players: the deal's first trick.")
@click.option("--called-card", default=None, help="Five players: the called card.")
@click.option("--json", "as_json", is_flag=True, help="Print the API's JSON answer.")
@click.pass_context
def check_play(ctx: click.Context, players: int, hand: tuple[str, ...],
               trick: tuple[str, ...], card: str, first_trick: bool, called_card: str | None,
               as_json: bool) -> None:
    """May this card be played? (POST /api/v1/check/play)"""
    body: dict[str, Any] = {"players": players, "hand": _cards(hand), "trick": _cards(trick),
                            "card": card, "first_trick": first_trick}
    if called_card:
        body["called_card"] = called_card
    status, payload = _call(ctx, "/check/play", body)
    _answer(status, payload, as_json)
    sys.exit(0 if payload["legal"] else 1)


def _poignee(value: str) -> dict[str, str]:
    camp, _, level = value.partition(":")
    return {"camp": camp.strip(), "level": level.strip() or "simple"}


@main.command("score")
@click.option("--players", type=int, required=True, help="3, 4 or 5.")
@click.option("--contract", required=True,
              help="petite (prise), garde, garde_sans or garde_contre.")
@click.option("--bouts", type=int, required=True, help="Bouts of the taker's camp, 0 to 3.")
@click.option("--points", type=float, required=True,
              help="Card points of the taker's camp (a multiple of 0.5).")
@click.option("--petit-au-bout", type=click.Choice(["taker", "defense"]), default=None)
@click.option("--poignee", "poignees", multiple=True, metavar="CAMP:LEVEL",
              help="A poignée shown, e.g. taker:simple or defense:double (repeatable).")
@click.option("--chelem-announced", is_flag=True, help="The taker announced a chelem.")
@click.option("--chelem-by", type=click.Choice(["taker", "defense"]), default=None,
              help="The camp that won every trick.")
@click.option("--alone", is_flag=True, help="Five players: the taker plays alone.")
@click.option("--json", "as_json", is_flag=True, help="Print the API's JSON answer.")
@click.pass_context
def score(ctx: click.Context, players: int, contract: str, bouts: int, points: float,
          petit_au_bout: str | None, poignees: tuple[str, ...], chelem_announced: bool,
          chelem_by: str | None, alone: bool, as_json: bool) -> None:
    """What does this deal score? (POST /api/v1/score)"""
    body = {
        "players": players, "contract": contract, "bouts": bouts,
        "points": int(points) if math.isfinite(points) and points.is_integer() else points,
        "petit_au_bout": petit_au_bout, "poignees": [_poignee(p) for p in poignees],
        "chelem": {"announced": chelem_announced, "by": chelem_by}, "alone": alone,
    }
    status, payload = _call(ctx, "/score", body)
    _answer(status, payload, as_json)


if __name__ == "__main__":  # pragma: no cover
    main()
