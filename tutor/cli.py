"""``tarot``: the rules from a terminal — checks, count, score, the rule catalog — and the
server itself.

The commands call the JSON API in-process (the app's test client), so a terminal gets exactly
the web's answers: the same validation, the same verdicts, the same sentences::

    tarot check-play --players 4 --hand 7H,KH,T3,EX,2S --trick 5H --card T3
    tarot check-ecart --players 4 --contract garde --hand "..." --chien "..." --ecart "..."
    tarot check-bid --players 4 --bids passe,garde --bid petite
    tarot check-king-call --hand "KS KH KD KC QS 2H T4" --card QH
    tarot check-poignee --players 4 --hand "..." --shown "T1 T2 ..."
    tarot count --cards "T21 2C KH QD JS"
    tarot score --players 4 --contract garde --bouts 2 --points 49 \\
        --petit-au-bout taker --poignee taker:simple
    tarot rules "can I discard a king"      tarot rule ecart.no-king-no-bout
    tarot --lang en score ... --json
    tarot serve --port 8000                  (the production server: gunicorn)

Cards are separated by commas (``--hand "7H, roi de cœur, EX"``) or, when all are codes, by
spaces (``--hand "7H KH T3"``): see :data:`CARD_HELP`. The explanation is printed by default,
the API's JSON with ``--json``. Exit status: 0 for a legal action, a count, a score or a rule;
1 for an illegal one; 2 when the request is refused (the problem's detail and each error go to
standard error).
"""

from __future__ import annotations

import json
import math
import os
import sys
from typing import Any, Final

import click

from rules_fr.cards import BY_CODE

__all__ = ["CARD_HELP", "main", "split_cards"]

CARD_HELP: Final = (
    "Cards as codes, rank then suit: 1H..10H, JH (valet), CH (cavalier), QH (dame), KH (roi) "
    "in each suit S (spades, pique), H (hearts, cœur), D (diamonds, carreau), C (clubs, "
    "trèfle); T1..T21 the trumps (T1 the petit); EX the excuse. Any case; N for the cavalier "
    "and suit symbols (K♥) too; or names in French or English (\"roi de cœur\", \"trump 7\"). "
    "Separate cards with commas, or with spaces when all are codes: --hand \"7H KH T3 EX\".")
"""The card format, said in the group's help and in each cards option's (the grammar of
:func:`rules_fr.cards.parse_card`)."""


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


def _call(ctx: click.Context, path: str, body: dict[str, Any] | None = None,
          query: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
    """The API's answer to a POST of ``body`` (a GET with ``query`` when no body)."""
    from tutor import create_app

    app = create_app()
    params = {**(query or {}), "lang": ctx.obj["lang"]}
    with app.test_client() as client:
        if body is None:
            response = client.get(f"/api/v1{path}", query_string=params)
        else:
            response = client.post(f"/api/v1{path}", json=body, query_string=params)
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


@click.group(epilog=CARD_HELP)
@click.option("--lang", type=click.Choice(["fr", "en"]), default=None,
              help="Language of the answers (default: from LANG, else French).")
@click.pass_context
def main(ctx: click.Context, lang: str | None) -> None:
    """French tarot rules (FFT): check a play, an écart, a bid, a king call or a poignée;
    count cards; score a deal; search and read the rules; serve the API."""
    ctx.ensure_object(dict)
    ctx.obj["lang"] = lang or _default_language()


@main.command("check-play", epilog=CARD_HELP)
@click.option("--players", type=int, required=True, help="3, 4 or 5.")
@click.option("--hand", multiple=True, required=True,
              help="The player's cards, e.g. \"7H KH T3 EX\" (codes: see tarot --help).")
@click.option("--trick", multiple=True, help="Cards already in the trick, in play order.")
@click.option("--card", required=True, help="The card to play, e.g. T3.")
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
    _verdict(ctx, "/check/play", body, as_json)


def _verdict(ctx: click.Context, path: str, body: dict[str, Any], as_json: bool) -> None:
    """A check's answer printed; exit 0 when legal, 1 when not, 2 when refused."""
    status, payload = _call(ctx, path, body)
    _answer(status, payload, as_json)
    sys.exit(0 if payload["legal"] else 1)


_JSON_OPTION: Final = click.option("--json", "as_json", is_flag=True,
                                   help="Print the API's JSON answer.")
_PLAYERS_OPTION: Final = click.option("--players", type=int, required=True, help="3, 4 or 5.")
_CONTRACT_HELP: Final = "petite (prise), garde, garde_sans or garde_contre."


@main.command("check-ecart", epilog=CARD_HELP)
@_PLAYERS_OPTION
@click.option("--contract", required=True, help=_CONTRACT_HELP)
@click.option("--hand", multiple=True, required=True,
              help="The taker's hand as dealt, before taking the chien.")
@click.option("--chien", multiple=True, required=True, help="The chien as dealt.")
@click.option("--ecart", multiple=True, required=True, help="The cards put aside.")
@_JSON_OPTION
@click.pass_context
def check_ecart(ctx: click.Context, players: int, contract: str, hand: tuple[str, ...],
                chien: tuple[str, ...], ecart: tuple[str, ...], as_json: bool) -> None:
    """Is this écart legal? Which trumps must be shown? (POST /api/v1/check/ecart)"""
    _verdict(ctx, "/check/ecart", {"players": players, "contract": contract,
                                   "hand": _cards(hand), "chien": _cards(chien),
                                   "ecart": _cards(ecart)}, as_json)


def _words(values: tuple[str, ...]) -> list[str]:
    return [word for value in values for word in value.replace(",", " ").split()]


@main.command("check-bid")
@_PLAYERS_OPTION
@click.option("--bids", multiple=True,
              help="The earlier bids in speaking order, e.g. \"passe, garde\".")
@click.option("--bid", required=True, help="The bid to check: passe or a contract.")
@click.option("--dealer-misdealt", is_flag=True,
              help="The deal is dealt again after the dealer's misdeal.")
@_JSON_OPTION
@click.pass_context
def check_bid(ctx: click.Context, players: int, bids: tuple[str, ...], bid: str,
              dealer_misdealt: bool, as_json: bool) -> None:
    """May this bid be made after the earlier ones? (POST /api/v1/check/bid)"""
    _verdict(ctx, "/check/bid", {"players": players, "bids": _words(bids), "bid": bid,
                                 "dealer_misdealt": dealer_misdealt}, as_json)


@main.command("check-king-call", epilog=CARD_HELP)
@click.option("--players", type=int, default=5, show_default=True,
              help="Players at the table (the king call is a five-player rule).")
@click.option("--hand", multiple=True, required=True, help="The taker's hand.")
@click.option("--card", required=True, help="The card called, e.g. KH.")
@click.option("--chien", multiple=True, help="The chien once turned over, if known.")
@_JSON_OPTION
@click.pass_context
def check_king_call(ctx: click.Context, players: int, hand: tuple[str, ...], card: str,
                    chien: tuple[str, ...], as_json: bool) -> None:
    """May the taker call this card? (POST /api/v1/check/king-call)"""
    body: dict[str, Any] = {"players": players, "hand": _cards(hand), "card": card}
    if chien:
        body["chien"] = _cards(chien)
    _verdict(ctx, "/check/king-call", body, as_json)


@main.command("check-poignee", epilog=CARD_HELP)
@_PLAYERS_OPTION
@click.option("--hand", multiple=True, required=True, help="The player's cards.")
@click.option("--shown", multiple=True, required=True, help="The trumps shown.")
@click.option("--cards-played", type=int, default=None,
              help="Cards the player has already played in this deal.")
@_JSON_OPTION
@click.pass_context
def check_poignee(ctx: click.Context, players: int, hand: tuple[str, ...],
                  shown: tuple[str, ...], cards_played: int | None, as_json: bool) -> None:
    """May this poignée be shown, and which is it? (POST /api/v1/check/poignee)"""
    body: dict[str, Any] = {"players": players, "hand": _cards(hand), "shown": _cards(shown)}
    if cards_played is not None:
        body["cards_played"] = cards_played
    _verdict(ctx, "/check/poignee", body, as_json)


@main.command("count", epilog=CARD_HELP)
@click.option("--cards", multiple=True, required=True,
              help="The cards to count: a trick, a pile, the chien.")
@_JSON_OPTION
@click.pass_context
def count(ctx: click.Context, cards: tuple[str, ...], as_json: bool) -> None:
    """What are these cards worth? Points, half-points, bouts. (POST /api/v1/count)"""
    status, payload = _call(ctx, "/count", {"cards": _cards(cards)})
    _answer(status, payload, as_json)


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


@main.command("rules")
@click.argument("query", required=False)
@click.option("--topic", default=None, help="Only this topic (cards, deal, bidding, play…).")
@click.option("--limit", type=int, default=5, show_default=True, help="Rules to list.")
@_JSON_OPTION
@click.pass_context
def rules(ctx: click.Context, query: str | None, topic: str | None, limit: int,
          as_json: bool) -> None:
    """Search the rules (a question in French or English), best match first; without a
    query, list them. (GET /api/v1/rules)"""
    params: dict[str, Any] = {"view": "summary", "limit": limit}
    if query:
        params["q"] = query
    if topic:
        params["topic"] = topic
    status, payload = _call(ctx, "/rules", query=params)
    if status != 200:
        _refused(payload, as_json)
    if as_json:
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    for found in payload["rules"]:
        click.echo(f"{found['id']} — {found['title']}")
        click.echo(f"    {found['snippet'] or found['summary']}")


@main.command("rule")
@click.argument("rule_id")
@_JSON_OPTION
@click.pass_context
def rule(ctx: click.Context, rule_id: str, as_json: bool) -> None:
    """Read one rule by id, e.g. play.overtrump. (GET /api/v1/rules/{rule_id})"""
    status, payload = _call(ctx, f"/rules/{rule_id}", query={"examples": "brief"})
    if status != 200:
        _refused(payload, as_json)
    if as_json:
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    click.echo(f"{payload['id']} — {payload['title']}\n\n{payload['text']}")
    if payload.get("note"):
        click.echo(f"\n{payload['note']}")


@main.command("serve")
@click.option("--host", default=None, help="Address to listen on (default 127.0.0.1, or HOST).")
@click.option("--port", type=int, default=None, help="Port (default 8000, or PORT).")
def serve(host: str | None, port: int | None) -> None:
    """Serve the API and the pages: gunicorn with gevent workers (tutor/serve_conf.py), as
    `make serve` does. Reads PORT, HOST, DATABASE_URL (default: a SQLite file in the
    instance folder, <prefix>/var/tutor-instance/tarot.sqlite3 for an installed package),
    REDIS_URL, WEB_CONCURRENCY, ACCESS_LOG and the TAROT_* settings."""
    if host:
        os.environ["HOST"] = host
    if port is not None:
        os.environ["PORT"] = str(port)
    command = [sys.executable, "-m", "gunicorn", "-c", "python:tutor.serve_conf"]
    os.execv(sys.executable, command)  # noqa: S606 - the server replaces this process


if __name__ == "__main__":  # pragma: no cover
    main()
