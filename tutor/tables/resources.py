"""Live tables under ``/api/v1/tables``: create, view, act, and read the events (the live
stream and its tickets: :mod:`tutor.tables.streams`).

Every request but creation carries ``Authorization: Bearer <token>``: the referee's token or a
seat's (shown once, at creation; the server keeps their SHA-256 only). No token: 401; a token
that is not this table's: 401; a seat's token acting for another seat, or the referee's
playing: 403. An action carries ``seq``, the last sequence number its client saw: if anything
happened since, 409 with the current one, and the client looks again. An illegal action is a
422 with the core's violations, rendered as the check endpoints render them, and nothing is
recorded. Bot seats act by themselves after each action, until a person's turn.

A physical table (``"mode": "physical"``) is played with real cards: only the referee's token
records (bids, the king called, the chien turned over, « Jeu » or a chelem, poignées, each card
in turn — the first card implies « Jeu » when it was not recorded);
seat tokens only look. A card that reveals a revoke is recorded (it is on the table) and
followed by a ``revoke`` event naming the trick and the rule, which pauses the table until the
referee rules: ``resume`` plays on (the deal will be scored from the tricks as played),
``annul`` has the same dealer deal again. A deal where a revoke was established waits at its
end for the referee's ruling (no FFT text read states a penalty, play.revoke-ruling):
``as-played`` scores it as played, ``annul`` deals again. Before the first bid the referee may
rule a misdeal (``misdeal``, deal.misdeal). The end of the deal may log an ``irregularity``
(an illegal écart, a king called without the ladder, a poignée its seat did not hold, the first
lead in the called suit, a petit sec) the same way, before the score.
"""

from __future__ import annotations

import json as jsonlib
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, Final, NoReturn

from flask import Flask, Response, current_app, g, request
from werkzeug.exceptions import NotFound

from rules_fr.actions import (
    ACTION_KINDS,
    Action,
    Bid,
    CallCard,
    DeclareJeu,
    Discard,
    PlayCard,
    ShowPoignee,
    make_action,
)
from rules_fr.contracts import Contract
from rules_fr.ecart import trumps_to_show
from rules_fr.kingcall import is_alone
from rules_fr.machine import Phase
from rules_fr.physical import PhysicalDonne
from rules_fr.poignee import poignee_level
from rules_fr.table import rules_for
from rules_fr.verdicts import Code, Violation
from tutor.api.base import ApiBlueprint
from tutor.errors import PROBLEM_JSON, FieldProblem, Problem, ProblemSchema, Unprocessable
from tutor.health import OUTAGES
from tutor.i18n import (
    explain_bid,
    explain_ecart,
    explain_king_call,
    explain_play,
    explain_poignee,
    violation_payload,
)
from tutor.i18n.tables import explain_announcing, explain_jeu_when, seat_label
from tutor.limits import quota_headers, spend
from tutor.tables import lifecycle
from tutor.tables.game import (
    ACTION_TYPES,
    PHYSICAL_ACTION_TYPES,
    Event,
    TableMeta,
    TableState,
    action_to_data,
)
from tutor.tables.presence import WINDOW_SECONDS, Presence
from tutor.tables.schemas import (
    MAX_SEQ,
    ActionRequest,
    ActionResponse,
    CreateTableRequest,
    CreateTableResponse,
    EventsResponse,
    RotatedToken,
    RotateTokenRequest,
    TableProblem,
    TableView,
)
from tutor.tables.store import (
    Conflict,
    Planned,
    Store,
    TableAuth,
    default_sqlite_url,
    is_outage,
    make_engine,
    retry_read,
    upgrade,
)
from tutor.tables.views import render_events, render_view

__all__ = ["blp", "document_tokens", "get_store", "init_tables", "private"]

log = logging.getLogger(__name__)

blp = ApiBlueprint("tables", __name__, url_prefix="/api/v1/tables",
                   description="Live tables: a referee that deals, hides each hand from the "
                               "others, refuses illegal actions, scores and keeps the "
                               "scoresheet.")

def private(response: Response) -> Response:
    """Every answer of the tables' endpoints is for one token's eyes (the tokens themselves at
    creation, a seat's hand, the referee's view): no cache, shared or private, may keep it."""
    response.headers["Cache-Control"] = "no-store"
    return quota_headers(response)


blp.after_request(private)

_CREATE: Final = CreateTableRequest()
_ACTION: Final = ActionRequest()
_ROTATE: Final = RotateTokenRequest()
TABLE_PATH: Final = "/<string(minlength=8,maxlength=32):table_id>"



TOKEN_SCHEME: Final = "tableToken"

Preset = tuple[tuple[tuple[str, ...], ...], tuple[str, ...], int]
"""A duplicate table's prepared deal: the hands and the chien as codes, the dealer's seat."""


def document_tokens(api: Any) -> None:
    """Declare the tables' bearer tokens in the OpenAPI document (``api``: the app's Api)."""
    api.spec.components.security_scheme(TOKEN_SCHEME, {
        "type": "http", "scheme": "bearer",
        "description": "A table's referee token or one of its seat tokens, as the table's "
                       "creation returned them."})


# --- the store of the app -------------------------------------------------------------------


def get_store() -> Store:
    store: Store = current_app.extensions["tarot_tables"]
    return store


def get_presence() -> Presence:
    presence: Presence = current_app.extensions["tarot_presence"]
    return presence


def _seen(auth: TableAuth) -> None:
    """A seat's token asked for its table: it is connected (the referee's is not a seat)."""
    if auth.seat is None:
        return
    try:
        get_presence().seen(auth.table_id, auth.seat)
    except Exception as error:  # who is connected is a hint: the request goes on without it
        if not is_outage(error):
            raise
        log.warning("presence not written: %s",
                    str(error).splitlines()[0][:200] if str(error) else type(error))


def _view(table_id: str, state: TableState, viewer: int | None, *,
          presence: bool = True) -> dict[str, Any]:
    """The table's view for ``viewer``, with who is at the table (not at a physical table,
    where nobody's device is a seat; nor without ``presence``, the database out of reach)."""
    out = render_view(table_id, state, viewer)
    if presence and not state.physical:
        out["presence"] = get_presence().view(table_id, state.meta.people, state.robots)
    return out


def init_tables(app: Flask) -> None:
    """Open the database (``DATABASE_URL`` in the config or environment, else a SQLite file
    in the instance folder) and migrate it to the latest schema."""
    import os

    url = app.config.get("DATABASE_URL") or os.environ.get("DATABASE_URL") or \
        default_sqlite_url(app.instance_path)
    engine = make_engine(url)
    app.extensions["tarot_tables"] = Store(engine)
    app.extensions["tarot_presence"] = Presence(
        engine, window=float(app.config.get("TABLES_PRESENCE_SECONDS", WINDOW_SECONDS)))
    try:
        upgrade(engine)
    except OUTAGES as error:  # the rules still serve; tables migrate once it is back
        log.warning("database unreachable at start, tables answer 503 until it is back: %s",
                    str(error).splitlines()[0][:300])


@blp.record_once
def _on_register(state: Any) -> None:
    init_tables(state.app)


blp.cli.add_command(lifecycle.retention)  # flask --app tutor tables retention


# --- auth -----------------------------------------------------------------------------------


def _standing(table_id: str) -> lifecycle.Standing | None:
    return lifecycle.standing(get_store().engine, table_id,
                              current_app.config["TABLE_IDLE_HOURS"])


def _auth(table_id: str, *, writing: bool = False) -> TableAuth:
    """Who the bearer token is (:func:`_check_auth`), read again on a fresh connection if
    the first one broke under the request."""
    return retry_read(_check_auth)(table_id, writing=writing)


def _check_auth(table_id: str, *, writing: bool = False) -> TableAuth:
    """Who the bearer token is; 410 for an archived table, and for a closed one when the
    request would change it (:mod:`tutor.tables.lifecycle`)."""
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip() or len(token) > 200:
        raise Problem(401, "token-required", headers={"WWW-Authenticate": 'Bearer realm="tables"'})
    standing = _standing(table_id)
    if standing is None:
        raise NotFound()
    lifecycle.refuse_closed(standing, writing=writing,
                            idle_hours=current_app.config["TABLE_IDLE_HOURS"])
    g.table_standing = standing
    found = get_store().authenticate(table_id, token.strip())
    if found is False:
        raise NotFound()
    if found is None:
        raise Problem(401, "token-invalid", headers={
            "WWW-Authenticate": 'Bearer realm="tables", error="invalid_token"'})
    assert isinstance(found, TableAuth)
    return found


def _problems(*statuses: int) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Document the problem+json answers of these statuses (each is also the default)."""
    described = {401: "No token, or not one of this table's.",
                 403: "The token may not do this.",
                 409: "Stale `seq`, a lost race, a paused table or a partie over.",
                 422: "The body is malformed, or the action breaks a rule (`violations`).",
                 410: "The table is closed (read-only: its partie is over, or it was idle) or "
                      "archived; `detail` says which.",
                 429: "Too many requests from this address, or at this table "
                      "(`Retry-After` says when to try again; see the README's limits).",
                 503: "The database cannot be reached (`Retry-After`)."}

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        for status in (410, 503) if 401 in statuses else (503,):
            view = blp.alt_response(status, schema=ProblemSchema, content_type=PROBLEM_JSON,
                                    description=described[status])(view)
        if 401 in statuses:
            view = blp.doc(security=[{TOKEN_SCHEME: []}])(view)
        for status in statuses:
            schema = TableProblem if status in (409, 422) else ProblemSchema
            view = blp.alt_response(status, schema=schema, content_type=PROBLEM_JSON,
                                    description=described[status])(view)
        return view

    return decorate


def _json(payload: Any, status: int = 200) -> Response:
    return current_app.response_class(jsonlib.dumps(payload, ensure_ascii=False), status=status,
                                      mimetype="application/json")


# --- create ---------------------------------------------------------------------------------


@blp.route("", methods=["POST"])
@blp.arguments(_CREATE)
@blp.response(201, CreateTableResponse, description="The table id and its tokens (shown "
                                                    "only now).")
@_problems(429)
def create_table(body: dict[str, Any]) -> Response:
    """Create a table: 3-5 players (6-7 with sit-outs), names, deals, bot seats; a prepared
    deal (duplicate) or real cards (physical)."""
    meta, options = parse_table(body)
    spend(("RATE_LIMIT_CREATE", "address"))
    store = get_store()
    table_id, referee, tokens = store.create(meta, options)
    return render_created(store, table_id, meta, referee, tokens)


def parse_table(body: Mapping[str, Any]) -> tuple[TableMeta, dict[str, Any]]:
    """The table the body asks for, and the options its first event records (the prepared
    deal of a duplicate table, a first dealer other than seat 0); 422 for a body the schema
    accepts but which means no table."""
    names, players = _names(body)
    bots = _bot_seats(body.get("bots", []), players)
    first_dealer: int = body["dealer"]
    if first_dealer >= players:
        raise Unprocessable([FieldProblem("/dealer", "seat-range",
                                          {"seat": first_dealer, "players": players})])
    mode: str = body["mode"]
    dup: dict[str, Any] | None = body.get("duplicate")
    if mode == "physical":
        if any(bots):
            raise Unprocessable([FieldProblem("/bots", "physical-no-bots")])
        if dup is not None:
            raise Unprocessable([FieldProblem("/duplicate", "physical-no-duplicate")])
    fixed: tuple[int, Contract] | None = None
    preset: Preset | None = None
    options: dict[str, Any] = {}
    if dup is not None:
        mode = "duplicate"
        fixed, preset, options = _prepared(players, dup)
    if first_dealer:
        options["dealer"] = first_dealer
    return TableMeta(people=players, names=names, deals=body["deals"], bots=bots, mode=mode,
                     fixed=fixed, preset=preset, first_dealer=first_dealer), options


def _names(body: Mapping[str, Any]) -> tuple[tuple[str, ...], int]:
    """The seats' names and their number: ``players``, or as many as the names given; the
    seats' default labels when no name is."""
    names: list[str] | None = body.get("names")
    players: int | None = body.get("players") or (len(names) if names else None)
    if players is None:
        raise Unprocessable([FieldProblem("/players", "field-required")])
    if names is None:
        names = [seat_label(i + 1) for i in range(players)]
    if len(names) != players:
        raise Unprocessable([FieldProblem("/names", "list-too-long" if len(names) > players
                                          else "list-too-short", {"size": len(names),
                                                                  "max": players,
                                                                  "min": players})])
    return tuple(names), players


def _bot_seats(seats: list[int], players: int) -> tuple[bool, ...]:
    """Which seats a bot holds, from the list of their numbers (each a seat, once)."""
    bots = [False] * players
    for i, seat in enumerate(seats):
        if seat >= players:
            raise Unprocessable([FieldProblem(f"/bots/{i}", "seat-range",
                                              {"seat": seat, "players": players})])
        if bots[seat]:
            raise Unprocessable([FieldProblem(f"/bots/{i}", "duplicate-seat", {"seat": seat})])
        bots[seat] = True
    return tuple(bots)


def _prepared(players: int, dup: dict[str, Any]
              ) -> tuple[tuple[int, Contract], Preset, dict[str, Any]]:
    """A duplicate table's fixed taker and contract, its prepared deal, and the options that
    record both; 422 for a deal the core finds invalid."""
    problem = _duplicate_problem(players, dup)
    if problem is not None:
        raise Unprocessable([problem])
    fixed = (dup["taker"], dup["contract"])
    preset: Preset = (tuple(tuple(c.code for c in h) for h in dup["hands"]),
                      tuple(c.code for c in dup["chien"]), dup["dealer"])
    options = {"fixed": [dup["taker"], dup["contract"].code],
               "preset": {"hands": [list(h) for h in preset[0]],
                          "chien": list(preset[1]), "dealer": dup["dealer"]}}
    return fixed, preset, options


def render_created(store: Store, table_id: str, meta: TableMeta, referee: str,
                   tokens: list[str]) -> Response:
    """201: the id, the tokens (shown this once) and the referee's view of the table — over
    already when every seat is a bot, since they play the whole partie at once."""
    with store.reading(table_id) as state:
        view = render_view(table_id, state, None)
        if state.over:
            lifecycle.close(store.engine, table_id, "over")
            view["closed"] = {"reason": "over"}
    return _json({"id": table_id, "referee_token": referee,
                  "seat_tokens": [{"seat": i, "name": meta.names[i], "token": t,
                                   "bot": meta.bots[i]} for i, t in enumerate(tokens)],
                  "table": view}, 201)


def _duplicate_problem(players: int, dup: dict[str, Any]) -> FieldProblem | None:
    from rules_fr.deal import check_deal

    rules = rules_for(players) if players <= 5 else None
    if rules is None:
        return FieldProblem("/duplicate", "field-invalid", {"reason": "players"})
    if len(dup["hands"]) != players or dup["dealer"] >= players or dup["taker"] >= players:
        return FieldProblem("/duplicate", "field-invalid", {"reason": "seats"})
    found = check_deal(players, [list(h) for h in dup["hands"]], list(dup["chien"]))
    if found:
        return FieldProblem("/duplicate", "field-invalid", {"reason": found[0].code},
                            violation=violation_payload(found[0]))
    return None


# --- view -----------------------------------------------------------------------------------


@blp.route(TABLE_PATH, methods=["GET"])
@blp.response(200, TableView, description="What the token may see of the table.")
@_problems(401)
def view_table(table_id: str) -> Response:
    """The table as the token's holder may see it (a seat sees its own hand only)."""
    auth = _auth(table_id)
    _seen(auth)
    with get_store().reading(table_id) as state:
        return _json(_with_standing(_view(table_id, state, auth.seat)))


def _with_standing(view: dict[str, Any], over_now: bool = False) -> dict[str, Any]:
    """The view with ``closed`` once the table is read-only (when and why)."""
    standing: lifecycle.Standing | None = g.get("table_standing")
    if over_now and (standing is None or standing.closed is None):
        view["closed"] = {"reason": "over"}
    elif standing is not None and standing.closed is not None:
        view["closed"] = {"reason": standing.reason, "at": standing.closed.isoformat()}
    return view


# --- actions --------------------------------------------------------------------------------


def _need(body: Mapping[str, Any], name: str) -> Any:
    if name not in body:
        raise Unprocessable([FieldProblem(f"/{name}", "field-required")])
    return body[name]


_PAYLOAD_FIELD: Final = {"contract": "bid", "card": "card", "cards": "cards"}
"""The request field that carries each kind of payload (:data:`ACTION_KINDS`)."""


def _to_action(body: Mapping[str, Any], seat: int) -> Action:
    kind = body["type"]
    payload = ACTION_KINDS[kind].payload
    if payload == "none":
        return make_action(kind, seat)
    return make_action(kind, seat, _need(body, _PAYLOAD_FIELD[payload]))


def _explain(state: TableState, action: Action, found: list[Violation]) -> str:
    donne = state.donne
    assert donne is not None
    if any(v.code is Code.WRONG_PHASE for v in found):
        if isinstance(action, DeclareJeu):
            return explain_jeu_when()
        if (donne.phase is Phase.ANNOUNCING and not donne.implied_jeu
                and isinstance(action, PlayCard | ShowPoignee)):
            return explain_announcing()  # ecart.jeu: they come after the taker's « Jeu »
        # any other action out of its moment: its sentence cites the rule that sets the
        # moment (a chien on a garde sans, an écart once play has begun, a second bid...)
        return " ".join(violation_payload(v)["message"] for v in found)
    if isinstance(donne, PhysicalDonne):  # no hand: the rules' own sentences
        match action:
            case Bid():
                return explain_bid(action.contract, found)
            case ShowPoignee():
                return explain_poignee(poignee_level(donne.players, len(action.cards)), found)
        return " ".join(violation_payload(v)["message"] for v in found)
    match action:
        case Bid():
            return explain_bid(action.contract, found)
        case CallCard():
            hand = donne.hands[action.seat]
            return explain_king_call(action.card, found, is_alone(hand, action.card,
                                                                  donne.chien),
                                     in_chien=action.card in donne.chien)
        case Discard():
            return explain_ecart(found, trumps_to_show(action.cards))
        case ShowPoignee():
            return explain_poignee(poignee_level(donne.players, len(action.cards)), found)
        case PlayCard():
            return explain_play(action.card, found, [], donne.legal_cards(action.seat))
    message: str = violation_payload(found[0])["message"]
    return message


def _refuse_illegal(state: TableState, action: Action,
                    found: list[Violation]) -> NoReturn:
    raise Problem(422, "illegal-action", extra={
        "violations": [violation_payload(v) for v in found],
        "explanation": _explain(state, action, found), "seq": state.seq})


# The three kinds of request to /actions, each parsed, decided and refused on its own.
_HANDOVERS: Final = frozenset({"robot", "person"})
"""The referee hands a seat to a robot, or back to its person."""
_RULINGS: Final = frozenset({"pause", "resume", "annul", "as-played", "misdeal", "take-back"})
"""The referee's rulings; ``as-played``, ``misdeal`` and ``take-back`` (his last record, a
mis-tap) only where the cards are real."""
_DEALT_RULINGS: Final = "pause, resume, annul"
"""The rulings of a table whose cards the server dealt (the choices its 422 names)."""


@dataclass(frozen=True, slots=True)
class Intent:
    """An action request that who asks may make at a table of this shape, before the state
    is read: its ``kind``, the person it names (``None``: the referee's ruling, or the chien of
    a physical table, the taker's), the body (for the action's payload) and the table's mode.
    Whether it is legal now is the core's to say, under the table's lock (:func:`decide`)."""

    kind: str
    person: int | None
    body: Mapping[str, Any]
    physical: bool


def parse_intent(auth: TableAuth, body: Mapping[str, Any], meta: TableMeta) -> Intent:
    """The request's :class:`Intent`, or the 403/422 that refuses it whatever the state."""
    kind: str = body["type"]
    physical = meta.mode == "physical"
    if kind in _HANDOVERS:
        return _parse_handover(auth, body, meta.people, physical)
    if kind in _RULINGS:
        return _parse_ruling(auth, kind, body, physical)
    if kind == "name":
        return _parse_rename(auth, body, meta.people, physical)
    return _parse_seat_action(auth, body, meta.people, physical)


def _parse_rename(auth: TableAuth, body: Mapping[str, Any], people: int,
                  physical: bool) -> Intent:
    """A seat writes its own name (an invitee: the organiser's guess, or « Player 2 », was
    not theirs); the referee may name any seat."""
    if "name" not in body:
        raise Unprocessable([FieldProblem("/name", "field-required")])
    seat: int | None = body.get("seat", auth.seat)
    if seat is None:
        raise Unprocessable([FieldProblem("/seat", "field-required")])
    _check_seat(seat, people)
    if not auth.is_referee and auth.seat != seat:
        raise Problem(403, "seat-forbidden", seat=auth.seat, asked=seat)
    return Intent("name", seat, body, physical)


def _parse_handover(auth: TableAuth, body: Mapping[str, Any], people: int,
                    physical: bool) -> Intent:
    """The referee (the table's creator) hands a seat to a robot (``robot``: an idle seat,
    a player who left) or gives it back to its person (``person``); not at a physical table,
    where nobody's device plays."""
    kind: str = body["type"]
    if not auth.is_referee:
        raise Problem(403, "referee-only", action=kind)
    if physical:
        raise Unprocessable([FieldProblem("/type", "physical-no-robot")])
    seat: int = _need(body, "seat")
    _check_seat(seat, people)
    return Intent(kind, seat, body, physical)


def _parse_ruling(auth: TableAuth, kind: str, body: Mapping[str, Any],
                  physical: bool) -> Intent:
    """A ruling is the referee's; ``as-played`` and ``misdeal`` rule on real cards only."""
    if not auth.is_referee:
        raise Problem(403, "referee-only", action=kind)
    if kind in ("as-played", "misdeal", "take-back") and not physical:  # the server dealt the cards
        raise Unprocessable([FieldProblem("/type", "unknown-choice", {
            "value": kind, "choices": _DEALT_RULINGS})])
    return Intent(kind, None, body, physical)


def _parse_seat_action(auth: TableAuth, body: Mapping[str, Any], people: int,
                       physical: bool) -> Intent:
    """A seat's action: its own seat's at a table dealt by the server; the referee's, for the
    seat named, at a physical table (where the chien needs no seat: it is the taker's)."""
    kind: str = body["type"]
    allowed = PHYSICAL_ACTION_TYPES if physical else ACTION_TYPES
    if kind not in allowed:
        raise Unprocessable([FieldProblem("/type", "unknown-choice", {
            "value": kind, "choices": ", ".join(allowed)})])
    if "seat" not in body and not (physical and kind == "chien"):
        raise Unprocessable([FieldProblem("/seat", "field-required")])
    asked: int | None = body.get("seat")
    if asked is not None:
        _check_seat(asked, people)
    if physical:
        if not auth.is_referee:
            raise Problem(403, "referee-only", action=kind)
    elif auth.is_referee:
        raise Problem(403, "referee-cannot-play")
    elif auth.seat != asked:
        raise Problem(403, "seat-forbidden", seat=auth.seat, asked=asked)
    return Intent(kind, asked, body, physical)


def _check_seat(seat: int, people: int) -> None:
    if seat >= people:
        raise Unprocessable([FieldProblem("/seat", "seat-range",
                                          {"seat": seat, "players": people})])


def decide(intent: Intent, state: TableState) -> Planned:
    """The events ``intent`` appends to ``state`` (under the table's lock), or the 409/422
    that refuses it now: a partie over, a paused table, a ruling with nothing to rule on, an
    action the core finds illegal."""
    if state.over:
        raise Problem(409, "partie-over", extra={"seq": state.seq})
    if intent.kind in _HANDOVERS:
        return _decide_handover(intent, state)
    if intent.kind in _RULINGS:
        return _decide_ruling(intent.kind, state)
    if intent.kind == "name":
        assert intent.person is not None
        name = str(intent.body["name"]).strip() or state.names[intent.person]
        if name == state.names[intent.person]:
            return []
        return [("renamed", {"person": intent.person, "name": name})]
    return _decide_seat_action(intent, state)


def _decide_handover(intent: Intent, state: TableState) -> Planned:
    """The seat changes hands, unless it is already held so; a robot whose turn it is plays
    at once (the store's automatic events)."""
    assert intent.person is not None
    robot = intent.kind == "robot"
    if state.is_robot(intent.person) == robot:
        return []
    return [("seat", {"person": intent.person, "robot": robot, "by": "referee"})]


def _decide_ruling(kind: str, state: TableState) -> Planned:
    """A ruling: ``as-played`` scores a deal with an established revoke as it was played
    (play.revoke-ruling), ``misdeal`` has the same dealer deal again before any bid
    (deal.misdeal), ``pause`` and ``resume`` are no-ops when already so, ``annul`` deals the
    current deal again (nothing between deals)."""
    if kind == "as-played":
        if not state.revoke_ruling_needed:
            raise Problem(409, "no-ruling-pending", action=kind, extra={"seq": state.seq})
        return [("ruled", {"ruling": "as-played", "by": "referee"})]
    if kind == "misdeal":
        if not state.misdeal_possible:
            raise Problem(409, "misdeal-too-late", extra={"seq": state.seq})
        return [("redeal", {"reason": "misdeal", "person": state.dealer_person})]
    if kind == "take-back":
        # a mis-tap at the console: the record stays in the log, a ``taken-back`` event
        # follows it and the deal is replayed without it (TableState)
        last = state.take_back_possible
        if last is None:
            raise Problem(409, "take-back-nothing", extra={"seq": state.seq})
        return [("taken-back", {"seq": last, "by": "referee"})]
    if kind == "pause":
        return [] if state.paused else [("paused", {"by": "referee"})]
    if kind == "resume":
        return [("resumed", {"by": "referee"})] if state.paused else []
    if state.donne is None or state.scored:
        return []
    return [("redeal", {"reason": "referee"})]


def _decide_seat_action(intent: Intent, state: TableState) -> Planned:
    """The action, as the core's :class:`Action` of the seat the person holds in this deal
    (-1 when sitting out, which the core refuses), if the core finds it legal."""
    if state.paused or state.donne is None or state.scored:  # between deals: only when paused
        raise Problem(409, "table-paused", extra={"seq": state.seq})
    person = intent.person
    if person is None:  # the chien of a physical table: the taker's
        taker = state.donne.taker
        person = -1 if taker is None else state.people_of_deal[taker]
    seat = state.seat_of(person)
    action = _to_action(intent.body, -1 if seat is None else seat)
    found = state.check(action)
    if found:
        _refuse_illegal(state, action, found)
    return [("action", {**action_to_data(action, person),
                        "by": "referee" if intent.physical else "seat"})]


def store_intent(store: Store, table_id: str, seq: int, intent: Intent,
                 issued: dict[int, str] | None = None) -> tuple[TableState, list[Event]]:
    """Append what :func:`decide` says under the table's lock, if ``seq`` is still the last
    sequence number (else 409 ``stale-seq`` with the current one; ``table-busy`` when another
    writer held the table); close the table once its partie is over. A handover changes
    the seat's token in the same transaction (:func:`_handover_tokens`); a new one is put in
    ``issued``."""
    issued = {} if issued is None else issued
    try:
        state, events = store.act(table_id, seq, partial(decide, intent),
                                  partial(_handover_tokens, store, table_id, intent, issued)
                                  if intent.kind in _HANDOVERS else None)
    except Conflict as conflict:
        if conflict.last_seq < 0:
            raise Problem(409, "table-busy") from None
        # The same request again (same seat, sequence number and body): its first answer.
        # Not a seat given to a person: its first answer carried a new token, which is
        # stored hashed only (the referee rotates it if that answer was lost).
        first = None if intent.kind == "person" else \
            store.first_answer(table_id, seq, partial(decide, intent))
        if first is None:
            raise Problem(409, "stale-seq", seq=conflict.last_seq, sent=seq,
                          extra={"seq": conflict.last_seq}) from None
        state, events = first
        g.first_answer_again = True
    if state.over:
        _close_over(store, table_id)
    return state, events


def _close_over(store: Store, table_id: str) -> None:
    """Mark a table whose partie just ended closed. The partie's end is committed already
    (its answer must say so): a database that fails now leaves the table open a while —
    every action is refused anyway (``partie-over``), and the retention command closes it."""
    try:
        retry_read(lifecycle.close)(store.engine, table_id, "over")
    except Exception as error:
        if not is_outage(error):
            raise
        log.warning("could not close the finished table %s now: %s", table_id,
                    str(error).splitlines()[0][:200] if str(error) else type(error))


def _handover_tokens(store: Store, table_id: str, intent: Intent, issued: dict[int, str],
                     conn: Any, appended: list[Event]) -> None:
    """The token of a seat handed over goes with it: handed to a robot, the seat's token is
    withdrawn (the person who left can no longer read its hand); given to a person, a new
    token is issued — a new invite link for whoever takes the seat, the old one still
    withdrawn. Nothing changes when the handover changed nothing."""
    assert intent.person is not None
    if not any(ev.type == "seat" for ev in appended):
        return
    token = store.replace_token(conn, table_id, intent.person, issue=intent.kind == "person")
    if token is not None:
        issued[intent.person] = token
    store.forget_info(table_id)


def render_acted(store: Store, table_id: str, auth: TableAuth, state: TableState,
                 events: list[Event], issued: Mapping[int, str] | None = None) -> Response:
    """201: the events appended, as the token may see them, and the table as it is now
    (with the seat token a handover to a person issued, for the referee's eyes only)."""
    try:
        with store.reading(table_id) as current:
            body: dict[str, Any] = {
                "seq": state.seq, "events": render_events(current, events, auth.seat),
                "table": _with_standing(_view(table_id, current, auth.seat), state.over)}
    except Exception as error:
        # Committed already: never a 503 for it. The table as the commit left it instead
        # of as it is now (the same unless another request followed in between).
        if not is_outage(error):
            raise
        with store.table_lock(table_id):
            current = state
            body = {"seq": state.seq, "events": render_events(state, events, auth.seat),
                    "table": _with_standing(_view(table_id, state, auth.seat, presence=False),
                                            state.over)}
    if issued:
        body["seat_tokens"] = [{"seat": seat, "name": current.names[seat], "token": token}
                               for seat, token in sorted(issued.items())]
    return _json(body, 201)


@blp.route(TABLE_PATH + "/actions", methods=["POST"])
@blp.arguments(_ACTION)
@blp.response(201, ActionResponse, description="The events the action caused (the action, "
                                               "then the bots' and the server's).")
@_problems(401, 403, 409, 422, 429)
def act(body: dict[str, Any], table_id: str) -> Response:
    """A seat's action (bid, call, ecart, jeu, chelem, poignee, play) or the referee's (pause,
    resume, annul). Once the contract is settled the taker says « Jeu » (`jeu`: the player
    right of the dealer leads) or announces a chelem (`chelem`: he leads) before any card. At a
    physical table the referee records every action (bid, call, chien, jeu, chelem, poignee,
    play) for the seat named; there a first card recorded while the taker is to speak
    implies « Jeu »."""
    auth = _auth(table_id, writing=True)
    spend(("RATE_LIMIT_ACTIONS", "address"), ("RATE_LIMIT_TABLE_ACTIONS", f"table:{table_id}"))
    store = get_store()
    intent = parse_intent(auth, body, _meta(store, table_id))
    issued: dict[int, str] = {}
    state, events = store_intent(store, table_id, body["seq"], intent, issued)
    answer = render_acted(store, table_id, auth, state, events, issued)
    if g.get("first_answer_again"):  # the convention of Stripe's and the IETF draft's keys
        answer.headers["Idempotent-Replayed"] = "true"
    return answer


@blp.route(TABLE_PATH + "/tokens", methods=["POST"])
@blp.arguments(_ROTATE)
@blp.response(201, RotatedToken, description="The new token (shown only now); the old one "
                                             "is refused from now on, by every worker.")
@_problems(401, 403, 422, 429)
def rotate_token(body: dict[str, Any], table_id: str) -> Response:
    """The referee replaces a seat's token (`seat`), or its own (`seat` null): the old one
    is withdrawn at once — its reads, its stream tickets and, within a keep-alive, its open
    streams — and the new one is answered, to hand out as a new invite link."""
    auth = _auth(table_id, writing=True)
    if not auth.is_referee:
        raise Problem(403, "referee-only", action="tokens")
    spend(("RATE_LIMIT_ACTIONS", "address"), ("RATE_LIMIT_TABLE_ACTIONS", f"table:{table_id}"))
    store = get_store()
    meta = _meta(store, table_id)
    seat: int | None = body.get("seat")
    if seat is not None:
        _check_seat(seat, meta.people)
    token = store.rotate(table_id, seat)
    return _json({"seat": seat, "name": None if seat is None else meta.names[seat],
                  "token": token}, 201)


def _meta(store: Store, table_id: str) -> TableMeta:
    info = store.info(None, table_id)
    if info is None:  # deleted since its token was read
        raise NotFound()
    return info.meta


# --- events and the stream -----------------------------------------------------------------


def _is_decimal(raw: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also says yes to "²" and "١٢", which ``int`` reads
    as a number ("١٢") or refuses with ValueError ("²")."""
    return raw.isascii() and raw.isdigit()


def _int_arg(name: str, default: int, low: int, high: int) -> int:
    raw = request.args.get(name)
    if raw is None:
        return default
    if not _is_decimal(raw) or len(raw) > 10 or not low <= int(raw) <= high:
        raise Unprocessable([FieldProblem(f"/{name}", "value-range",
                                          {"value": raw[:14], "min": low, "max": high})])
    return int(raw)


_SINCE: Final = {"in": "query", "name": "since", "required": False,
                 "description": "The last sequence number seen (0: from the start).",
                 "schema": {"type": "integer", "minimum": 0, "maximum": MAX_SEQ}}


MAX_EVENTS: Final = 500
"""The most events one answer holds."""

_LIMIT: Final = {"in": "query", "name": "limit", "required": False,
                 "description": f"The most events to answer (1 to {MAX_EVENTS}, {MAX_EVENTS} "
                                "by default). Paging: `since` is the cursor — while the "
                                "last event's `seq` is below the answer's `seq`, ask again "
                                "with `since` set to it.",
                 "schema": {"type": "integer", "minimum": 1, "maximum": MAX_EVENTS}}


@blp.route(TABLE_PATH + "/events", methods=["GET"])
@blp.doc(parameters=[_SINCE, _LIMIT])
@blp.response(200, EventsResponse, description="The events, as the token may see them.")
@_problems(401)
def list_events(table_id: str) -> Response:
    """The events after ``since`` (at most ``limit``, 500), as the token may see them."""
    auth = _auth(table_id)
    _seen(auth)
    since = _int_arg("since", 0, 0, MAX_SEQ)
    limit = _int_arg("limit", MAX_EVENTS, 1, MAX_EVENTS)
    store = get_store()
    events = store.events(table_id, since, limit)
    with store.reading(table_id) as state:
        return _json({"since": since, "seq": state.seq,
                      "events": render_events(state, events, auth.seat)})
