"""Heavy fuzzing of the API and the pages, in-process — a manual tool, not part of CI.

CI runs schemathesis with ~30 examples per operation (tests/test_schemathesis.py); this runs
hundreds per operation and generation mode, plus what schemathesis cannot generate:

- ``nasty``: hand-crafted bodies field by field (cards as numbers, objects, null, unicode
  look-alikes, huge integers), whole-body oddities (deep nesting, NaN, duplicate keys, lone
  surrogates, 64 KiB), content types, charsets and gzip, junk ``?lang=`` and Accept-Language,
  every route with every method (HEAD, OPTIONS preflight), junk path params, junk
  ``since``/``Last-Event-ID`` on the events and SSE stream, Range and conditional headers on
  the docs and static assets; real deals made pathological for ``/score/deal`` and
  ``/advice/play``; real and extreme hands whose advice must pass the check endpoints;
- ``web``: the pages with junk query strings, languages and cookies;
- ``tables``: stateful sessions at live, duplicate and physical tables (3 to 7 people) with
  real tokens and sequence numbers, mixing legal and junk actions;
- ``smart``: schema-valid bodies made of real card codes, so that they reach the core;
- ``schema``: schemathesis over every operation (table operations on real tables and tokens).

It reports:

- ``5xx``: any response with a status of 500 or more (issue 3: "No input may produce a 500");
- ``schema``: a response of a documented operation that does not conform to its OpenAPI
  description (status, content type, headers, body);
- ``recorded-4xx``: a table action refused with a 4xx that changed the table's event log;
- ``illegal-recorded``: an event in a table's log that the rules refuse when the log is
  replayed strictly (issue 6: "an illegal action … nothing is recorded");
- ``odd``: anything else that looks wrong: a problem+json without its members, a page that
  is not HTML, a 200 whose members disagree (legal and violations, advice the check endpoints
  refuse, scores that do not sum to zero), a table's scored deal that ``/score/deal`` scores
  differently.

Run it from the repository root (the whole run takes about ten minutes on two cores)::

    .venv/bin/python scripts/fuzz_api.py                      # every part, 500 examples
    .venv/bin/python scripts/fuzz_api.py --examples 1000 --parts schema --only check/
    .venv/bin/python scripts/fuzz_api.py --parts tables,nasty,web --seed 3

It exits 1 when it found anything, and prints one line per distinct finding with a request
that reproduces it (no shrinking: the shortest request seen). The tables' database is a
temporary SQLite file.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import random
import re
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

API = "/api/v1"


# --- findings --------------------------------------------------------------------------------


class Findings:
    """Distinct findings, keyed by kind, place and a short signature."""

    def __init__(self) -> None:
        self.items: dict[tuple[str, str, str], dict[str, Any]] = {}
        self.requests = 0
        self.statuses: dict[str, dict[int, int]] = {}
        self.compared = 0  # table deals scored again by /score/deal

    def add(self, kind: str, where: str, signature: str, repro: Any = None) -> None:
        key = (kind, where, signature[:200])
        found = self.items.get(key)
        if found is None:
            self.items[key] = {"count": 1, "repro": repro}
            print(f"  !! {kind} {where}: {signature[:300]}", flush=True)
        else:
            found["count"] += 1
            # keep the shortest reproduction
            if repro is not None and len(repr(repro)) < len(repr(found["repro"])):
                found["repro"] = repro

    def report(self) -> int:
        print("\nstatuses of the hand-made requests:")
        for where, tally in sorted(self.statuses.items()):
            if sum(tally.values()) >= 20:
                print(f"  {where}: {dict(sorted(tally.items()))}")
        print(f"\n{self.requests} requests, {self.compared} table deals compared with "
              f"/score/deal, {len(self.items)} distinct findings")
        for (kind, where, signature), info in sorted(self.items.items()):
            print(f"- [{kind}] {where} ×{info['count']}: {signature}")
            if info["repro"] is not None:
                print(f"    repro: {_short(info['repro'], 600)}")
        return 1 if self.items else 0


def _short(value: Any, limit: int = 300) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} chars)"


FOUND = Findings()


def check_response(where: str, response: Any, repro: Any, *, api: bool) -> None:
    """The checks every response gets, documented operation or not."""
    FOUND.requests += 1
    status = response.status_code
    tally = FOUND.statuses.setdefault(where, {})
    tally[status] = tally.get(status, 0) + 1
    if status >= 500:
        body = response.get_data(as_text=True)
        FOUND.add("5xx", where, f"{status} {body[:160]}", repro)
        return
    ctype = response.headers.get("Content-Type", "")
    if api and status >= 400:
        if not ctype.startswith("application/problem+json"):
            FOUND.add("odd", where, f"{status} error not problem+json: {ctype}", repro)
        elif response.method_was_head if hasattr(response, "method_was_head") else False:
            pass
        else:
            data = response.get_data()
            if data:
                try:
                    body = json.loads(data)
                except ValueError:
                    FOUND.add("odd", where, f"{status} problem+json not JSON", repro)
                    return
                missing = {"type", "title", "status", "detail"} - set(body)
                if missing or body.get("status") != status:
                    FOUND.add("odd", where, f"{status} problem members {sorted(missing)} "
                                            f"status={body.get('status')}", repro)
    if "Content-Language" not in response.headers and api and status != 204 and \
            ctype.startswith("application/"):
        FOUND.add("odd", where, f"{status} without Content-Language", repro)


# --- the app ---------------------------------------------------------------------------------


def make_app() -> Any:
    from tutor import create_app

    folder = tempfile.mkdtemp(prefix="fuzz-api-")
    return create_app({"TESTING": False, "DATABASE_URL": f"sqlite:///{folder}/tables.db"})


def store_of(app: Any) -> Any:
    return app.extensions["tarot_tables"]


def last_seq(app: Any, table_id: str) -> int:
    store = store_of(app)
    with store.engine.connect() as conn:
        return int(store.last_seq(conn, table_id))


def strict_replay(app: Any, table_id: str) -> None:
    """Replay the table's whole log, checking every logged action with the rules before
    applying it: an action the rules refuse was recorded although illegal."""
    from tutor.tables.game import Event, TableState, action_from_data

    store = store_of(app)
    info = store.info(None, table_id)
    state = TableState(info.meta)
    with store.engine.connect() as conn:
        rows = store.events(table_id, 0, limit=10**9) if conn is not None else []
    for row in rows:
        if row.type == "scored" and state.meta.mode != "physical":
            _compare_with_score_deal(app, state, info.meta)
        if row.type == "action":
            action = action_from_data(row.data)
            found = state.check(action)
            if found:
                FOUND.add("illegal-recorded", f"table {info.meta.mode} {info.meta.people}p",
                          f"event {row.seq} {dict(row.data)} breaks "
                          f"{[v.code for v in found]}", table_id)
        try:
            state.apply(Event(row.seq, row.type, row.data))
        except Exception as error:  # noqa: BLE001 — a log that cannot be replayed
            FOUND.add("illegal-recorded", f"table {info.meta.mode}",
                      f"event {row.seq} {row.type} does not replay: {error!r}", table_id)
            return
        if row.type == "action" and row.data.get("action") == "play":
            _independent_play_check(state, info.meta, dict(row.data), table_id)


def _independent_play_check(state: Any, meta: Any, data: dict[str, Any],
                            table_id: str) -> None:
    """Facts about a recorded card that do not go through the rules' own check: no card of
    the deal played twice, no card of a shown chien played, tricks of the table's size, and
    at a dealt table the card came from its seat's dealt cards (or the chien, for the taker)."""
    donne = state.donne
    where = f"table {meta.mode} {meta.people}p"
    played = [c for t in donne.tricks for c in t.cards] + list(donne.trick)
    if len(played) != len(set(played)):
        FOUND.add("illegal-recorded", where, f"a card played twice: {data}", table_id)
    if any(len(t.cards) != donne.players for t in donne.tricks) or \
            len(donne.trick) >= donne.players:
        FOUND.add("illegal-recorded", where, f"a trick of the wrong size: {data}", table_id)
    card = played[-1] if played else None
    if card is None or card.code != data["card"]:
        FOUND.add("illegal-recorded", where, f"the card played is not the last: {data}",
                  table_id)
        return
    if meta.mode == "physical":
        if donne.chien is not None and card in donne.chien:
            FOUND.add("illegal-recorded", where, f"a card of the chien played: {data}",
                      table_id)
        return
    seat = int(data["seat"])
    own = set(donne.dealt.hands[seat])
    if seat == donne.taker and donne.ecart is not None:
        own = (own | set(donne.dealt.chien)) - set(donne.ecart)
    if card not in own:
        FOUND.add("illegal-recorded", where, f"a card not from the seat's hand: {data}",
                  table_id)


def _compare_with_score_deal(app: Any, state: Any, meta: Any) -> None:
    """A table's scored deal must score as POST /score/deal scores the same tricks, chien,
    écart and announcements (a different path through the core: replay, not the Donne)."""
    from rules_fr.poignee import poignee_level

    donne = state.donne
    body = {
        "players": donne.players, "contract": donne.contract.code, "taker": donne.taker,
        "partner": donne.partner,
        "called_card": None if donne.called_card is None else donne.called_card.code,
        "chien": donne.chien.codes(),
        "ecart": [] if donne.ecart is None else donne.ecart.codes(),
        "tricks": [{"leader": t.leader, "cards": [c.code for c in t.cards]}
                   for t in donne.tricks],
        "announcements": {"poignees": [
            {"seat": s, "level": poignee_level(donne.players, len(c)).value}
            for s, c in donne.poignees.items()], "chelem_announced": donne.chelem_announced},
    }
    response = app.test_client().post(f"{API}/score/deal", json=body)
    FOUND.requests += 1
    FOUND.compared += 1
    answer = response.get_json()
    mine = donne.score().scores()
    if response.status_code != 200 or answer["scores"] != mine:
        FOUND.add("odd", f"table {meta.mode} {meta.people}p vs /score/deal",
                  f"{response.status_code} {_short(answer, 200)} != table {mine}", body)


# --- part 1: schemathesis over every operation ----------------------------------------------


def part_schema(app: Any, examples: int, seed: int, only: str | None) -> None:
    import schemathesis
    from schemathesis import GenerationMode
    from tables_driver import TestClientHttp

    schema = schemathesis.openapi.from_wsgi(f"{API}/openapi.json", app)
    http = TestClientHttp(app.test_client())
    tables = [http.post(f"{API}/tables", body)[1] for body in (
        {"players": 4, "deals": 3, "bots": [3]},
        {"players": 3, "deals": 3, "mode": "physical"},
        {"players": 5, "deals": 3, "bots": [1, 2, 3, 4]},
        {"players": 6, "deals": 3},
    )]
    positive_rejects: dict[str, int] = {}
    for result in schema.get_all_operations():
        op = result.ok()
        label = f"{op.method.upper()} {op.path}"
        if only and not re.search(only, label):
            continue
        if op.path.endswith("/stream"):
            continue  # an open event stream: fuzzed by hand in part_nasty
        started = time.monotonic()
        statuses: dict[int, int] = {}
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            _fuzz_operation(app, op, mode, examples, seed, tables, statuses, positive_rejects)
        print(f"{label}: {sum(statuses.values())} cases in {time.monotonic() - started:.0f}s "
              f"{dict(sorted(statuses.items()))}", flush=True)
    for table in tables:
        strict_replay(app, table["id"])
    if positive_rejects:
        print("(info) schema-valid bodies refused for their meaning:", positive_rejects)


def _fuzz_operation(app: Any, op: Any, mode: Any, examples: int, seed: int,
                    tables: list[dict[str, Any]], statuses: dict[int, int],
                    positive_rejects: dict[str, int]) -> None:
    """Run ``examples`` generated cases of one operation in one generation mode, recording
    every failed check instead of stopping at the first (so no shrinking: the shortest
    reproduction seen is kept)."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hseed
    from hypothesis.errors import Unsatisfiable
    from schemathesis import GenerationMode
    from schemathesis.specs.openapi.checks import (
        ignored_auth,
        missing_required_header,
        negative_data_rejection,
        positive_data_acceptance,
    )

    label = f"{op.method.upper()} {op.path}"
    is_table = "{table_id}" in op.path
    rng = random.Random(f"{seed}:{label}:{mode}")

    def tokens(table: dict[str, Any]) -> list[str]:
        return [table["referee_token"], *(t["token"] for t in table["seat_tokens"])]

    @given(case=op.as_strategy(generation_mode=mode))
    @settings(max_examples=examples, deadline=None, database=None,
              phases=[Phase.explicit, Phase.generate],
              suppress_health_check=list(HealthCheck))
    def run(case: Any) -> None:
        excluded = [positive_data_acceptance]
        table = None
        if is_table and rng.random() < 0.9:
            # a real table and one of its tokens, and mostly the current seq
            table = rng.choice(tables)
            case.path_parameters = {"table_id": table["id"]}
            case.headers = {**(case.headers or {}), "Authorization":
                            f"Bearer {rng.choice(tokens(table))}"}
            # the real id and token replace what the case generated, so the credentials
            # and the path are no longer the generated (maybe invalid) ones
            excluded += [ignored_auth, missing_required_header, negative_data_rejection]
            if op.path.endswith("/actions") and isinstance(case.body, dict) and \
                    rng.random() < 0.7:
                case.body = {**case.body, "seq": last_seq(app, table["id"])}
        before = last_seq(app, table["id"]) if table else None
        repro = {"method": case.method, "path": case.formatted_path, "query": case.query,
                 "headers": {k: _short(str(v), 80) for k, v in (case.headers or {}).items()},
                 "body": case.body if not callable(case.body) else "?"}
        try:
            response = case.call()
        except Exception as error:  # noqa: BLE001 — an exception out of the app: a 5xx
            signature = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", f"call raised {error!r}")
            FOUND.add("5xx", label, signature[:300], repro)
            return
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        FOUND.requests += 1
        if response.status_code >= 500:
            FOUND.add("5xx", label, f"{response.status_code} {response.text[:200]}", repro)
        try:
            case.validate_response(response, excluded_checks=excluded)
        except (Exception, BaseExceptionGroup) as error:  # noqa: BLE001 — recorded
            text = str(error).strip().splitlines()
            headline = " | ".join(line.strip() for line in text[:12] if line.strip())
            FOUND.add("schema", label, headline, repro)
        try:
            case.validate_response(response, checks=[positive_data_acceptance])
        except (Exception, BaseExceptionGroup):  # noqa: BLE001 — informational
            if mode is GenerationMode.POSITIVE:
                positive_rejects[label] = positive_rejects.get(label, 0) + 1
        if table is not None and 400 <= response.status_code < 500:
            after = last_seq(app, table["id"])
            if after != before:
                FOUND.add("recorded-4xx", label,
                          f"{response.status_code} changed seq {before}->{after}", repro)

    try:
        hseed(seed)(run)()
    except Unsatisfiable:
        return  # no negative case for this operation (nothing to break)


# --- part 2: stateful sessions at tables -----------------------------------------------------


def _junk_action(view: dict[str, Any], rng: random.Random, people: int) -> dict[str, Any]:
    """An action that is probably illegal: a wrong seat, type, card, cards, bid."""
    from rules_fr.cards import CARDS as ALL_CARDS

    codes = [c.code for c in ALL_CARDS]
    deal = view.get("deal") or {}
    hand = deal.get("hand") or []
    you = view["you"]
    seat = you.get("seat")
    body: dict[str, Any] = {"seq": view["seq"],
                            "type": rng.choice(["bid", "call", "ecart", "chien", "jeu",
                                                "chelem", "poignee", "play", "pause",
                                                "resume", "annul"])}
    roll = rng.random()
    body["seat"] = seat if (seat is not None and roll < 0.6) else rng.randrange(0, 7)
    if rng.random() < 0.05:
        body.pop("seat")
    kind = body["type"]
    if kind == "bid":
        body["bid"] = rng.choice(["passe", "petite", "prise", "garde", "garde_sans",
                                  "garde_contre", "garde sans le chien"])
    elif kind in ("call", "play"):
        pool = hand if hand and rng.random() < 0.5 else codes
        body["card"] = rng.choice(pool)
        if rng.random() < 0.05:
            body["card"] = rng.choice(["roi de cœur", "T21", "ex", "♥K", "excuse"])
    elif kind in ("ecart", "poignee", "chien"):
        size = rng.choice([0, 1, 3, 6, 8, 10, 13, 15, 18, rng.randrange(0, 25)])
        pool = list(dict.fromkeys(hand + (deal.get("chien") or []))) if rng.random() < 0.6 \
            else codes
        if rng.random() < 0.5:
            pool = [c for c in pool if c.startswith("T") or c == "EX"] or pool
        body["cards"] = rng.sample(pool, min(size, len(pool)))
    if rng.random() < 0.1:
        body["seq"] = max(0, view["seq"] + rng.choice([-1, 1, 5]))
    return body


def part_tables(app: Any, sessions: int, steps: int, seed: int) -> None:
    import schemathesis
    from tables_driver import choose

    from tutor.api.examples import DEAL

    schema = schemathesis.openapi.from_wsgi(f"{API}/openapi.json", app)
    client = app.test_client()
    rng = random.Random(seed)
    configs = [
        {"players": 3, "deals": 3}, {"players": 4, "deals": 3}, {"players": 5, "deals": 3},
        {"players": 4, "deals": 3, "bots": [1, 2, 3]}, {"players": 5, "deals": 3,
                                                        "bots": [0, 2]},
        {"players": 6, "deals": 3}, {"players": 7, "deals": 3, "bots": [1, 3, 5]},
        {"players": 3, "deals": 3, "mode": "physical"},
        {"players": 4, "deals": 3, "mode": "physical"},
        {"players": 5, "deals": 3, "mode": "physical"},
        {"players": 6, "deals": 3, "mode": "physical"},
        {"players": 4, "deals": 3, "bots": [0, 2], "duplicate": {
            "hands": DEAL["hands"], "chien": DEAL["chien"], "taker": 1,
            "contract": "garde_sans"}},
        {"players": 4, "deals": 3, "duplicate": {
            "hands": DEAL["hands"], "chien": DEAL["chien"], "taker": 3, "dealer": 2}},
    ]

    def call(method: str, path: str, token: str | None, body: Any = None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = client.open(path, method=method, json=body, headers=headers)
        template = re.sub(r"tables/[^/?]+", "tables/{table_id}", path).split("?")[0]
        check_response(f"{method} {template}", response, {"path": path, "body": body},
                       api=True)
        _validate(schema, template, method, response, {"path": path, "body": body})
        return response

    for n in range(sessions):
        config = dict(rng.choice(configs))
        response = call("POST", f"{API}/tables", None, config)
        if response.status_code != 201:
            FOUND.add("odd", "POST /tables", f"create {config} -> {response.status_code}")
            continue
        table = response.get_json()
        tid = table["id"]
        referee = table["referee_token"]
        seats = [t["token"] for t in table["seat_tokens"]]
        physical = config.get("mode") == "physical"
        accepted = refused = 0
        for _ in range(steps):
            # mostly the seat to move looks and acts; now and then another, or the referee
            to_move = call("GET", f"{API}/tables/{tid}", referee).get_json()["to_move"]
            who = to_move if to_move is not None and rng.random() < 0.8 else \
                rng.randrange(len(seats))
            token = referee if physical or rng.random() < 0.1 else seats[who]
            view = call("GET", f"{API}/tables/{tid}", token).get_json()
            if view is None or view.get("over"):
                break
            if physical:
                body = _physical_choice(view, rng) if rng.random() < 0.7 else \
                    _junk_action(view, rng, len(seats))
            elif view["you"]["role"] == "seat" and rng.random() < 0.8:
                body = choose(view, rng) or _junk_action(view, rng, len(seats))
            else:
                body = _junk_action(view, rng, len(seats))
            if view.get("paused") and rng.random() < 0.5:
                body = {"type": rng.choice(["resume", "annul"]), "seq": view["seq"]}
                token = referee
            before = last_seq(app, tid)
            response = call("POST", f"{API}/tables/{tid}/actions", token, body)
            after = last_seq(app, tid)
            if 400 <= response.status_code < 500:
                refused += 1
                if after != before:
                    FOUND.add("recorded-4xx", "POST /tables/{id}/actions",
                              f"{response.status_code} changed seq {before}->{after}",
                              {"config": config, "body": body})
            elif response.status_code == 201:
                accepted += 1
        strict_replay(app, tid)
        # the events and the stream, from the start, with every token
        for token in [referee, *seats]:
            call("GET", f"{API}/tables/{tid}/events?since=0", token)
        print(f"table {n} {config}: {accepted} accepted, {refused} refused, "
              f"seq {last_seq(app, tid)}", flush=True)


def _physical_choice(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """What the referee of a physical table records next, mostly plausible."""
    from rules_fr.cards import CARDS as ALL_CARDS

    expected = view["you"].get("expected")
    base: dict[str, Any] = {"seq": view["seq"]}
    if view.get("paused"):
        return {**base, "type": rng.choice(["resume", "annul"])}
    if not expected:
        return {**base, "type": "pause"}
    seat = expected["seat"]
    kind = rng.choice(expected["types"])
    deal = view.get("deal") or {}
    seen = {c for t in deal.get("tricks", []) for c in t["cards"]} | set(
        (deal.get("trick") or {}).get("cards", [])) | set(deal.get("chien") or [])
    unseen = [c.code for c in ALL_CARDS if c.code not in seen]
    if kind == "bid":
        return {**base, "type": "bid", "seat": seat, "bid": rng.choice(expected["bids"])}
    if kind == "call":
        return {**base, "type": "call", "seat": seat,
                "card": rng.choice(["KS", "KH", "KD", "KC", "QS"])}
    if kind == "chien":
        size = {3: 6, 4: 6, 5: 3}.get(len(deal.get("people", [])), 6)
        return {**base, "type": "chien", "cards": rng.sample(unseen, size)}
    if kind in ("jeu", "chelem"):
        return {**base, "type": kind, "seat": seat}
    if kind == "poignee":
        trumps = [c for c in unseen if c.startswith("T")]
        return {**base, "type": "poignee", "seat": seat,
                "cards": rng.sample(trumps, min(len(trumps), rng.choice([8, 10, 13])))}
    return {**base, "type": "play", "seat": seat, "card": rng.choice(unseen)}


# --- part 3: hand-crafted nasty inputs -------------------------------------------------------


VALID_BODIES: dict[str, dict[str, Any]] = {
    "/check/play": {"players": 4, "hand": ["7H", "KH", "T3"], "trick": ["2H"], "card": "7H"},
    "/check/ecart": {"players": 4, "contract": "garde",
                     "hand": ["1S", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS",
                              "CS", "QS", "1H", "2H", "3H", "4H", "5H"],
                     "chien": ["6H", "7H", "8H", "9H", "10H", "JH"],
                     "ecart": ["1S", "2S", "3S", "4S", "5S", "6S"]},
    "/check/bid": {"players": 4, "bids": ["passe"], "bid": "garde"},
    "/check/king-call": {"hand": ["KS", "KH", "1D"], "card": "KD"},
    "/check/poignee": {"players": 4, "hand": [f"T{i}" for i in range(1, 11)],
                       "shown": [f"T{i}" for i in range(1, 11)]},
    "/check/hand": {"players": 4, "hand": ["T1", "2H"]},
    "/check/deal": {"players": 4, "hands": [[], [], [], []], "chien": []},
    "/score": {"players": 4, "contract": "garde", "bouts": 2, "points": 49},
    "/advice/bid": {"players": 4, "hand": [f"T{i}" for i in range(1, 19)]},
    "/advice/play": {"players": 4, "hand": ["7H", "KH"], "trick": ["2H"]},
}

UNICODE_CARDS = [
    "ＫＨ", "K\u0301H", "roi de cœur", "roi de coe\u0301ur", "roi de c\u0153ur", "\u200fKH",
    "KH\u200e", "\u202eHK", "🂾", "K♥", "K♥️", "♥K", "Ｔ２１", "T２１", "T٢١", "T²¹", "T21\x00",
    "\ud800" if False else "T\u0000", "EX" * 20, "E" * 41, "", " ", "\t", "kh ", " KH",
    "10♦️", "１０D", "ⅩⅩⅠ", "21 d'atout", "21 d’atout", "vingt-et-un", "le petit", "PETIT",
    "Excuse", "excuse", "l'excuse", "ＥＸ", "İ", "ß", "ﬁ", "\U0001F600", "a" * 40, "T" + "9" * 30,
    "T-1", "T0", "T22", "T1e1", "T0x15", "11H", "0H", "1H", "T01", "T001", "+T1", "T+1",
]

CARD_VALUES: list[Any] = [None, 0, 1, 21, -1, 1.5, True, False, [], ["KH"], {}, {"code": "KH"},
                          10**30, -10**30, "KH" * 1000, *UNICODE_CARDS]


def _raw(client: Any, method: str, path: str, data: bytes | str | None = None,
         headers: dict[str, str] | None = None, content_type: str | None = "application/json",
         where: str | None = None, api: bool = True) -> Any:
    response = client.open(path, method=method, data=data, headers=headers or {},
                           content_type=content_type)
    check_response(where or f"{method} {path.split('?')[0]}", response,
                   {"method": method, "path": _short(path, 200),
                    "data": _short(data if isinstance(data, str) else repr(data), 400),
                    "headers": {k: _short(v, 60) for k, v in (headers or {}).items()},
                    "content_type": content_type}, api=api)
    return response


def _validate(schema: Any, path: str, method: str, response: Any, repro: Any) -> None:
    """Check a hand-crafted request's response against the operation's documentation."""
    try:
        op = schema[path.split("?")[0]][method.upper()]
    except Exception:  # noqa: BLE001 — not a documented operation
        return
    try:
        op.validate_response(response)
    except (Exception, BaseExceptionGroup) as error:  # noqa: BLE001
        text = " | ".join(str(error).strip().splitlines()[:3])
        FOUND.add("schema", f"{method.upper()} {path}", text, repro)


def part_nasty(app: Any, seed: int) -> None:
    import schemathesis

    schema = schemathesis.openapi.from_wsgi(f"{API}/openapi.json", app)
    client = app.test_client()
    rng = random.Random(seed)
    document = client.get(f"{API}/openapi.json").get_json()

    def post(path: str, body: Any, *, headers: dict[str, str] | None = None,
             raw: bytes | str | None = None, ctype: str | None = "application/json") -> Any:
        data = raw if raw is not None else json.dumps(body, ensure_ascii=False)
        response = _raw(client, "POST", API + path, data, headers, ctype)
        repro = {"path": path, "body": _short(data if isinstance(data, str) else repr(data),
                                              500), "headers": headers}
        _validate(schema, API + path, "post", response, repro)
        if response.status_code == 200:
            _invariants(path.split("?")[0], body, response.get_json(), repro)
        return response

    bodies: dict[str, Any] = {}
    for path, operations in document["paths"].items():
        body = operations.get("post", {}).get("requestBody", {}).get("content", {}).get(
            "application/json", {}).get("example")
        if body is not None:
            bodies[path.removeprefix(API)] = body
    for path, body in VALID_BODIES.items():
        bodies.setdefault(path, body)
    bodies["/advice/ecart"] = {k: v for k, v in bodies["/check/ecart"].items()
                               if k != "ecart"}
    bodies["/tables"] = {"players": 4, "deals": 3, "bots": [1, 2, 3]}
    bodies["/tables#names"] = {"names": ["A", "B", "C"], "mode": "physical"}
    deal_body = bodies["/check/deal"]
    bodies["/tables#dup"] = {"players": 4, "duplicate": {
        "hands": deal_body["hands"], "chien": deal_body["chien"], "taker": 1,
        "contract": "garde", "dealer": 0}}
    made = [json.loads(post("/tables", {"players": 4, "deals": 3, "duplicate": {
        "hands": deal_body["hands"], "chien": deal_body["chien"], "taker": 1}}).get_data())
        for _ in range(2)]
    bodies["/duplicate/compare"] = {"tables": [{"id": t["id"], "token": t["referee_token"]}
                                               for t in made]}
    print(f"nasty: {len(bodies)} JSON operations", flush=True)

    for key, valid in bodies.items():
        path = key.split("#")[0]
        if "{" in path:
            continue
        # the valid body itself, then field by field
        post(path, valid)
        for name in list(valid):
            for junk in CARD_VALUES + [10**400 if False else 10**300, 1e308, -0.0, 2**63,
                                       2**64 + 1, "3", "4.0", 4.0, 3.5, [None] * 5,
                                       [[]] * 3, [{}], ["KH"] * 30]:
                post(path, {**valid, name: junk})
            value = valid[name]
            if isinstance(value, list):
                for i in range(len(value)):
                    for junk in rng.sample(CARD_VALUES, 12):
                        items = list(value)
                        items[i] = junk
                        post(path, {**valid, name: items})
            post(path, {k: v for k, v in valid.items() if k != name})
        # whole-body oddities
        for raw in ["null", "[]", "0", "\"x\"", "true", "{}", "[{}]", "{\"players\": NaN}",
                    "{\"players\": Infinity}", "{\"players\": -Infinity}", "{\"a\": 1e999}",
                    "{\"players\": 1" + "0" * 5000 + "}", "{\"players\": 4" + ".0" + "}",
                    "[" * 5000 + "]" * 5000, "{\"a\":" * 3000 + "1" + "}" * 3000,
                    "{\"players\": 4, \"players\": 5}", "\ufeff" + json.dumps(valid),
                    json.dumps(valid) + "\x00", json.dumps(valid) + "garbage",
                    "{\"players\": \"\\ud800\"}", "{\"hand\": [\"\\udfff\"]}",
                    json.dumps({**valid, "zz" * 200: 1}),
                    json.dumps({**valid, "extra": {"a": [1] * 100}}),
                    ]:
            post(path, None, raw=raw)
        # duplicate keys that change the meaning
        text = json.dumps(valid)
        post(path, None, raw=text[:-1] + ", \"players\": 9}")
        post(path, None, raw=text[:-1] + ", \"players\": null}")
        # a body just under and just over 64 KiB
        filler = "x" * (64 * 1024 - len(text) - 40)
        post(path, None, raw=text[:-1] + f", \"pad\": \"{filler}\"}}")
        post(path, None, raw=text[:-1] + f", \"pad\": \"{filler + 'x' * 200}\"}}")
        post(path, {**valid, "hand": ["KH"] * 6000} if "hand" in valid else valid)
        # encodings and content types
        encoded = json.dumps(valid, ensure_ascii=False)
        post(path, None, raw=gzip.compress(encoded.encode()),
             headers={"Content-Encoding": "gzip"})
        post(path, None, raw=encoded.encode("utf-16"), ctype="application/json; charset=utf-16")
        post(path, None, raw=encoded.encode("latin-1", "replace"),
             ctype="application/json; charset=latin-1")
        post(path, None, raw=b"\xff\xfe\x00{", ctype="application/json")
        post(path, None, raw=encoded.encode("utf-8"), ctype="application/json; charset=junk")
        post(path, None, raw=encoded, ctype="application/vnd.api+json")
        post(path, None, raw=encoded, ctype="application/problem+json")
        post(path, None, raw=encoded, ctype="text/plain")
        post(path, None, raw=encoded, ctype="application/x-www-form-urlencoded")
        post(path, None, raw=encoded, ctype="multipart/form-data; boundary=x")
        post(path, None, raw=encoded, ctype=None)
        post(path, None, raw=encoded, ctype="application/json; charset")
        post(path, None, raw=encoded, ctype=";;;")
        post(path, None, raw="", ctype="application/json")
        post(path, None, raw=encoded, headers={"Content-Length": "10"})
        post(path, None, raw=encoded, headers={"Transfer-Encoding": "chunked"})
        # languages
        for query in ["?lang=en", "?lang=xx", "?lang=", "?lang=en&lang=fr", "?lang=%00",
                      "?lang=" + "e" * 5000, "?lang=en_US", "?lang=EN", "?lang=fr-CA",
                      "?lang=../../etc", "?lang[]=en", "?lang=%ff%fe", "?lang=zh-Hant-TW",
                      "?lang=i-klingon", "?lang=*", "?lang=en;q=0"]:
            post(path + query, valid)
        for value in ["*;q=abc", "en;q=", "en;q=1.5", "en;q=-1", "en;q=nan", "en;q=inf",
                      "x" * 10000, "en," * 3000, ";;;,,,", "fr-FR;q=0.9, en;q=0.9",
                      "\u00e9n", "zh-Hant-TW-x-private", "*", "en-", "-en", "en_US",
                      "i-klingon", "en;q=0.5;q=0.9", "en;level=1", ",", "=", "q=1"]:
            try:
                value.encode("latin-1")
            except UnicodeEncodeError:
                continue
            post(path, valid, headers={"Accept-Language": value})
        post(path, valid, headers={"Cookie": "lang=en"})
        post(path, valid, headers={"Cookie": "lang=" + "x" * 4000})
        post(path, valid, headers={"Cookie": "lang=\"en\""})

    _get_queries(client, schema)
    _score_deal_tricks(post, rng)
    _advice_play_histories(post, rng)
    _real_positions(post, rng)
    _routes_and_methods(app, client, schema, rng)
    _stream_and_events(app, client, rng)
    _docs_and_static(client)


def _invariants(path: str, body: Any, answer: dict[str, Any], repro: Any) -> None:
    """What a 200 answer must satisfy whatever the question: a play is legal exactly when its
    card is among the legal cards, advice is a legal card, scores sum to zero."""
    def fail(text: str) -> None:
        FOUND.add("odd", f"POST {API}{path}", text, repro)

    if path == "/check/play":
        if answer["legal"] != (answer["card"] in answer["legal_cards"]) or \
                answer["legal"] != (not answer["violations"]):
            fail("legal, legal_cards and violations disagree")
    elif path in ("/check/ecart", "/check/bid", "/check/king-call", "/check/poignee"):
        if answer["legal"] != (not answer["violations"]):
            fail("legal and violations disagree")
        if path == "/check/poignee" and (answer["level"] is None) == answer["legal"]:
            fail("a legal poignée without a level, or a level for an illegal one")
    elif path == "/check/deal":
        if answer["valid"] != (not answer["violations"]):
            fail("valid and violations disagree")
    elif path == "/advice/play":
        if answer["card"] not in answer["legal_cards"]:
            fail("advised card not legal")
    elif path in ("/score", "/score/deal") and isinstance(body, dict):
        players = body.get("players")
        scores = answer["scores"]
        if isinstance(players, int):
            alone = players != 5 or scores["partner"] == 0
            defenders = players - 1 - (0 if alone else 1)
            total = scores["taker"] + scores["partner"] + scores["defender"] * defenders
            if total != 0:
                fail(f"scores do not sum to 0: {scores} at {players}")


def _a_played_deal(players: int, rng: random.Random) -> dict[str, Any]:
    """A legal complete deal (the bots play it) as a /score/deal body."""
    from rules_fr.advice.bot import bot_action
    from rules_fr.deal import deal
    from rules_fr.donne import Donne

    for _ in range(100):
        dealt = deal(players, 0, seed=rng.randrange(10**9))
        donne = Donne(dealt)
        bot_rng = random.Random(rng.randrange(10**9))
        for _ in range(500):
            if donne.to_move is None:
                break
            action = bot_action(donne, donne.to_move, bot_rng)
            if action is None:
                break
            donne.apply(action)
        if donne.taker is None or donne.contract is None:
            continue
        tricks = [{"leader": t.leader, "cards": [c.code for c in t.cards]}
                  for t in donne.tricks]
        if len(tricks) != len(dealt.hands[0]):
            continue
        return {"players": players, "contract": donne.contract.code, "taker": donne.taker,
                "partner": donne.partner if players == 5 else None,
                "chien": dealt.chien.codes(),
                "ecart": [] if donne.ecart is None else [c.code for c in donne.ecart],
                "tricks": tricks}
    raise RuntimeError("no deal")


def _variant(variants: list[dict[str, Any]], good: dict[str, Any], **changes: Any) -> None:
    variants.append({**good, **changes})


def _score_deal_tricks(post: Callable[..., Any], rng: random.Random) -> None:
    """Pathological /score/deal bodies built from real deals."""
    for players in (3, 4, 5):
        try:
            good = _a_played_deal(players, rng)
        except Exception as error:  # noqa: BLE001
            FOUND.add("odd", "fuzz harness", f"could not build a {players}p deal: {error!r}")
            continue
        response = post("/score/deal", good)
        if response.status_code != 200:
            FOUND.add("odd", "POST /score/deal", f"a legal {players}p deal -> "
                      f"{response.status_code} {response.get_data(as_text=True)[:200]}", good)
        tricks = good["tricks"]
        variants: list[dict[str, Any]] = []
        v = functools.partial(_variant, variants, good)

        v(tricks=[{"leader": 0, "cards": []}] + tricks[1:])
        v(tricks=tricks + [{"leader": 0, "cards": []}])
        v(tricks=tricks * 5)
        v(tricks=(tricks * 10)[:100])
        v(tricks=[])
        v(tricks=[{**t, "leader": players} for t in tricks])
        v(tricks=[{**t, "leader": 4} for t in tricks])
        v(tricks=[{**t, "leader": -1} for t in tricks])
        v(tricks=[{**t, "leader": 10**20} for t in tricks])
        v(tricks=[tricks[0], tricks[0]] + tricks[2:])
        v(tricks=[{"leader": tricks[1]["leader"], "cards": tricks[0]["cards"]}] + tricks[1:])
        v(tricks=[{**tricks[0], "cards": tricks[0]["cards"][:-1] + tricks[1]["cards"][:1]}]
          + tricks[1:])
        v(tricks=[{**t, "cards": list(reversed(t["cards"]))} for t in tricks])
        v(tricks=[{**t, "cards": t["cards"] + t["cards"][:1]} for t in tricks])
        v(tricks=[{**t, "cards": t["cards"][:-1]} for t in tricks])
        v(tricks=[{**t, "cards": None} for t in tricks])
        v(tricks=[{**t, "extra": 1} for t in tricks])
        v(tricks=[{"cards": t["cards"]} for t in tricks])
        v(tricks=[t["cards"] for t in tricks])
        v(tricks=tricks[::-1])
        v(chien=tricks[0]["cards"][: len(good["chien"])])
        v(ecart=tricks[0]["cards"][: len(good["chien"])])
        v(ecart=good["chien"])
        v(chien=good["chien"], ecart=list(reversed(good["chien"])))
        v(ecart=good["ecart"][:-1])
        v(ecart=good["ecart"] + good["ecart"][:1])
        v(chien=good["chien"][:-1])
        v(chien=[])
        v(chien=good["chien"] + ["EX"])
        v(ecart=[])
        v(taker=(good["taker"] + 1) % players)
        v(taker=players)
        v(partner=good["taker"])
        v(partner=0 if players != 5 else None)
        v(partner=4)
        v(called_card="KS")
        v(called_card="T21")
        v(called_card="EX")
        v(called_card=None)
        v(contract="garde_sans")
        v(contract="garde_contre")
        v(contract="petite")
        v(contract="garde_contre", ecart=good["chien"])
        v(announcements={"poignees": [{"seat": 0, "level": "triple"}] * 2})
        v(announcements={"poignees": [{"seat": s, "level": lv} for s in range(players)
                                      for lv in ("simple",)]})
        v(announcements={"poignees": [{"seat": s % 5, "level": "simple"} for s in range(6)]})
        v(announcements={"chelem_announced": True})
        v(announcements={"chelem_announced": "yes"})
        v(announcements=None)
        v(players=3 if players != 3 else 4)
        for body in variants:
            post("/score/deal", body)
        # random mutations: swap two cards between tricks, replace a card, move the excuse
        flat = [(i, j) for i, t in enumerate(tricks) for j in range(len(t["cards"]))]
        for _ in range(300):
            body = json.loads(json.dumps(good))
            for _ in range(rng.randrange(1, 4)):
                (i1, j1), (i2, j2) = rng.sample(flat, 2)
                t = body["tricks"]
                t[i1]["cards"][j1], t[i2]["cards"][j2] = t[i2]["cards"][j2], t[i1]["cards"][j1]
                if rng.random() < 0.3:
                    t[i1]["leader"] = rng.randrange(players)
                if rng.random() < 0.2 and body["chien"]:
                    k = rng.randrange(len(body["chien"]))
                    body["chien"][k], t[i2]["cards"][j2] = t[i2]["cards"][j2], body["chien"][k]
                if rng.random() < 0.2 and body["ecart"]:
                    k = rng.randrange(len(body["ecart"]))
                    body["ecart"][k], t[i1]["cards"][j1] = t[i1]["cards"][j1], body["ecart"][k]
            post("/score/deal", body)


def _advice_play_histories(post: Callable[..., Any], rng: random.Random) -> None:
    """/advice/play at every moment of real deals, then with histories, chiens, écarts and
    seats that contradict each other."""
    for players in (3, 4, 5):
        good = _a_played_deal(players, rng)
        tricks = good["tricks"]
        for _ in range(150):
            k = rng.randrange(len(tricks))
            current = tricks[k]
            upto = rng.randrange(players)
            seat = (current["leader"] + upto) % players
            later = [t["cards"][(seat - t["leader"]) % players] for t in tricks[k:]]
            body: dict[str, Any] = {
                "players": players, "hand": later, "trick": current["cards"][:upto],
                "seat": seat, "taker": good["taker"], "contract": good["contract"],
                "history": tricks[:k], "chien": good["chien"] if rng.random() < 0.5 else None,
                "ecart": good["ecart"] if seat == good["taker"] and good["ecart"] else None}
            if players == 5:
                body["partner"] = good["partner"] if rng.random() < 0.5 else None
                body["called_card"] = rng.choice(["KS", "KH", "KD", "KC", None])
            post("/advice/play", body)
            bad = json.loads(json.dumps(body))
            for _ in range(rng.randrange(1, 4)):
                roll = rng.random()
                if roll < 0.2 and bad["history"]:
                    i = rng.randrange(len(bad["history"]))
                    bad["history"][i]["leader"] = rng.randrange(players)
                elif roll < 0.4 and bad["history"]:
                    i, j = rng.randrange(len(bad["history"])), rng.randrange(players)
                    bad["history"][i]["cards"][j] = rng.choice(bad["hand"])
                elif roll < 0.5:
                    bad["chien"] = rng.sample(bad["hand"], min(len(bad["hand"]),
                                                               len(good["chien"])))
                elif roll < 0.6:
                    bad["ecart"] = rng.sample(bad["hand"], min(len(bad["hand"]),
                                                               len(good["chien"])))
                elif roll < 0.7:
                    bad["seat"] = rng.randrange(players)
                    bad["taker"] = rng.choice([None, rng.randrange(players)])
                elif roll < 0.8:
                    bad["history"] = bad["history"][::-1]
                elif roll < 0.9:
                    bad["contract"] = rng.choice(["petite", "garde", "garde_sans",
                                                  "garde_contre", None])
                    bad["chelem_announced"] = rng.random() < 0.5
                    bad["first_trick"] = rng.choice([None, True, False])
                else:
                    bad["history"] = [{"leader": rng.randrange(players),
                                       "cards": t["cards"]} for t in tricks[k + 1:]]
            post("/advice/play", bad)


def _get_queries(client: Any, schema: Any) -> None:
    """The GET operations with junk query strings and languages."""
    junk = ["", "-1", "0", "3", "4", "5", "6", "²", "١", "４", "3.0", "1e1", "0x4", " 4",
            "4 ", "%00", "9" * 400, "true", "null", "[4]", "4&players=5", "4;5"]
    for path in (f"{API}/deal/plan", f"{API}/rules", f"{API}/rules/play.follow-suit"):
        for players in junk:
            for dealer in ("", "0", "4", "5", "-0", "²"):
                query = f"?players={players}" + (f"&dealer={dealer}" if dealer else "")
                for lang in ("", "&lang=en", "&lang=xx", "&lang="):
                    response = _raw(client, "GET", path + query + lang, None, None, None)
                    _validate(schema, path, "get", response, path + query + lang)


def _extreme_hands(players: int, rng: random.Random) -> tuple[list[str], list[str]]:
    """A taker's hand and chien full of what may not be discarded: kings, bouts, trumps."""
    from rules_fr.cards import CARDS
    from rules_fr.table import rules_for

    rules = rules_for(players)
    first = [c.code for c in CARDS if c.is_king or c.is_bout]
    trumps = [c.code for c in CARDS if c.is_trump and not c.is_bout]
    rest = [c.code for c in CARDS if c.code not in first and c.code not in trumps]
    rng.shuffle(trumps)
    rng.shuffle(rest)
    cut = rng.randrange(0, 12)  # sometimes a few cards that may go, first
    pool = rest[:cut] + first + trumps + rest[cut:]
    hand = pool[:rules.hand_size]
    chien = pool[rules.hand_size:rules.hand_size + rules.chien_size]
    if rng.random() < 0.5:
        hand, chien = (hand[:-len(chien)] + chien), hand[-len(chien):]
    return hand, chien


def _real_positions(post: Callable[..., Any], rng: random.Random) -> None:
    """Real hands (dealt, or made of kings, bouts and trumps): the advice must be legal by
    the check endpoints, and the checks must answer for any écart, poignée, call."""
    from rules_fr.deal import deal
    from rules_fr.table import rules_for

    for _ in range(400):
        players = rng.choice([3, 4, 5])
        rules = rules_for(players)
        if rng.random() < 0.5:
            dealt = deal(players, 0, seed=rng.randrange(10**9))
            hand, chien = dealt.hands[0].codes(), dealt.chien.codes()
        else:
            hand, chien = _extreme_hands(players, rng)
        contract = rng.choice(["petite", "garde", "garde_sans", "garde_contre", None])
        called = rng.choice(["KS", "KH", "KD", "KC", "QS", "QH", None]) if players == 5 \
            else None
        body = {"players": players, "hand": hand, "chien": chien, "contract": contract,
                "called_card": called}
        advice = post("/advice/ecart", body)
        if advice.status_code == 200 and advice.get_json()["ecart"] is not None:
            ecart = advice.get_json()["ecart"]
            checked = post("/check/ecart", {"players": players, "contract": contract or
                                            "garde", "hand": hand, "chien": chien,
                                            "ecart": ecart})
            if checked.status_code != 200 or not checked.get_json()["legal"]:
                FOUND.add("odd", "POST /advice/ecart", "advised écart refused by /check/ecart",
                          {"body": body, "ecart": ecart,
                           "check": _short(checked.get_json(), 300)})
        elif advice.status_code != 200:
            FOUND.add("odd", "POST /advice/ecart", f"{advice.status_code} on a real position",
                      body)
        # any écart of the right size from hand and chien; and random sizes
        pool = hand + chien
        size = rules.chien_size if rng.random() < 0.7 else rng.randrange(0, 9)
        post("/check/ecart", {"players": players, "contract": contract or "petite",
                              "hand": hand, "chien": chien,
                              "ecart": rng.sample(pool, min(size, len(pool)))})
        trumps = [c for c in hand if c.startswith("T") or c == "EX"]
        for level_size in rules.poignee_thresholds:
            shown = rng.sample(trumps, min(len(trumps), level_size))
            if rng.random() < 0.3 and "EX" not in shown:
                shown = shown[:-1] + ["EX"]
            post("/check/poignee", {"players": players, "hand": hand, "shown": shown})
        post("/check/hand", {"players": players, "hand": hand})
        bids = [rng.choice(["passe", "petite", "garde", "garde_sans", "garde_contre"])
                for _ in range(rng.randrange(0, players))]
        bid_advice = post("/advice/bid", {"players": players, "hand": hand, "bids": bids})
        if bid_advice.status_code == 200:
            bid = bid_advice.get_json()["bid"]
            checked = post("/check/bid", {"players": players, "bids": bids, "bid": bid})
            if checked.status_code == 200 and not checked.get_json()["legal"]:
                FOUND.add("odd", "POST /advice/bid", "advised bid refused by /check/bid",
                          {"hand": hand, "bids": bids, "bid": bid})
        if players == 5:
            post("/check/king-call", {"players": 5, "hand": hand, "chien": chien,
                                      "card": rng.choice(["KS", "QS", "CS", "JS", "KH",
                                                          "T21", "EX", "QH"])})


def _routes_and_methods(app: Any, client: Any, schema: Any, rng: random.Random) -> None:
    """Every route with every method, HEAD and OPTIONS (CORS preflight) included, and path
    params that overflow or traverse."""
    origin = {"Origin": "https://example.org", "Access-Control-Request-Method": "POST",
              "Access-Control-Request-Headers": "content-type, authorization"}
    paths = []
    for rule in app.url_map.iter_rules():
        path = re.sub(r"<[^>]*table_id>", "AAAAAAAAAAAAAAAA", rule.rule)
        path = re.sub(r"<[^>]*rule_id>", "play.follow-suit", path)
        path = re.sub(r"<path:example_id>", "x", path)
        path = re.sub(r"<path:filename>", "swagger-ui.css" if "docs" in path else "x.css", path)
        paths.append(path)
    methods = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE", "TRACE",
               "PROPFIND", "CONNECT", "FOO"]
    for path in paths:
        api = path.startswith("/api/")
        for method in methods:
            r = _raw(client, method, path, "{}", None, "application/json", api=api)
            if method == "HEAD" and r.get_data():
                FOUND.add("odd", f"HEAD {path}", "HEAD with a body")
        r = _raw(client, "OPTIONS", path, None, origin, None, api=api)
        if api and "Access-Control-Allow-Origin" not in r.headers:
            FOUND.add("odd", f"OPTIONS {path}", f"CORS preflight without ACAO ({r.status_code})")
    junk_segments = ["%2e%2e", "..%2f..%2fetc%2fpasswd", "../../etc/passwd", "%00", "%ff",
                     "9" * 40, "-1", "2147483648", "99999999999999999999999", "a" * 10000,
                     "%E2%80%AE", "ＡＡＡＡＡＡＡＡ", "AAAAAAAA%0d%0aSet-Cookie:x=1", ";", "'\"<>",
                     "AAAAAAAA/../../", "AAAAAAAA%2F..", "~", "%25", " ", "\\..\\.."]
    bases = [f"{API}/tables/", f"{API}/rules/", "/examples/", f"{API}/docs/assets/",
             "/static/web/", "/static/", f"{API}/check/", f"{API}/score/", "/"]
    for base in bases:
        api = base.startswith("/api/")
        for seg in junk_segments:
            for suffix in ("", "/actions", "/events", "/stream?timeout=1&limit=1"):
                if suffix and "tables" not in base:
                    continue
                method = "POST" if suffix == "/actions" else "GET"
                path = base + seg + suffix
                try:
                    _raw(client, method, path, "{}", {"Authorization": "Bearer x"}, api=api)
                except Exception as error:  # noqa: BLE001 — the test client refused it
                    FOUND.add("odd", f"{method} {base}…", f"client raised {error!r}"[:200],
                              path[:200])
    # tables with auth junk
    for header in ["Bearer", "Bearer ", "bearer x", "Basic abc", "Bearer " + "x" * 201,
                   "Bearer " + "x" * 199, "Bearer \u00e9", "Bearer\tx", "Bearer  x", "x" * 8000,
                   "Bearer %00", "Token x", "Bearer x y z"]:
        try:
            header.encode("latin-1")
        except UnicodeEncodeError:
            continue
        for path in (f"{API}/tables/AAAAAAAAAAAAAAAA", f"{API}/tables/AAAAAAAAAAAAAAAA/events"):
            _raw(client, "GET", path, None, {"Authorization": header}, None)


def _stream_and_events(app: Any, client: Any, rng: random.Random) -> None:
    from tables_driver import TestClientHttp

    http = TestClientHttp(client)
    table = http.post(f"{API}/tables", {"players": 4, "deals": 3, "bots": [1, 2, 3]})[1]
    tid, token = table["id"], table["seat_tokens"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    junk = ["", "-1", "abc", "1e3", "0x10", "99999999999", "2000000000", "2000000001",
            "１２", "٣", "²", "1.0", " 1", "1 ", "%00", "9" * 400, "+1", "00000000001",
            "0" * 50]
    for since in junk:
        _raw(client, "GET", f"{API}/tables/{tid}/events?since={since}", None, auth, None)
        r = _raw(client, "GET", f"{API}/tables/{tid}/stream?since={since}&timeout=1&limit=2",
                 None, auth, None)
        r.close()
    for last in junk + ["\u00b2"]:
        try:
            last.encode("latin-1")
        except UnicodeEncodeError:
            continue
        r = _raw(client, "GET", f"{API}/tables/{tid}/stream?timeout=1&limit=2", None,
                 {**auth, "Last-Event-ID": last}, None)
        r.get_data()
        r.close()
    for q in ["limit=0", "limit=-1", "limit=abc", "timeout=0", "timeout=301", "timeout=abc",
              "limit=1&limit=2", "timeout=1&since=5&since=abc"]:
        r = _raw(client, "GET", f"{API}/tables/{tid}/stream?{q}&timeout=1", None, auth, None)
        r.close()


def _docs_and_static(client: Any) -> None:
    assets = [f"{API}/docs/assets/swagger-ui.css", f"{API}/docs/assets/favicon-32x32.png",
              f"{API}/openapi.json", f"{API}/docs"]
    statics = ["/static/web/" + p.name for p in (ROOT / "tutor/static/web").iterdir()
               if p.is_file()][:5]
    for path in assets + statics:
        api = path.startswith("/api/")
        for rng_header in ["bytes=0-10", "bytes=-10", "bytes=10-", "bytes=10-0", "bytes=0-0,5-6",
                           "bytes=99999999-", "bytes=-0", "bytes=abc", "items=0-1", "bytes=",
                           "bytes=0-1," * 500, "bytes=-99999999999999999999",
                           "bytes=0-18446744073709551616"]:
            for extra in ({}, {"If-Range": "\"junk\""}, {"If-Range": "Wed, 21 Oct 2015"}):
                _raw(client, "GET", path, None, {"Range": rng_header, **extra}, None, api=api)
        for header in ({"If-None-Match": "*"}, {"If-Modified-Since": "junk"},
                       {"If-Modified-Since": "Wed, 21 Oct 2099 07:28:00 GMT"},
                       {"If-Match": "\"x\""}, {"Accept-Encoding": "gzip;q=abc"}):
            _raw(client, "GET", path, None, header, None, api=api)


# --- part 5: schema-valid bodies made of real cards ------------------------------------------


class _SmartBody:
    """A body generator driven by the OpenAPI request schema, with values that mean something:
    card fields get real card codes (mostly distinct across the body, as a deal's would be),
    integers stay near their bounds, half-points are halves. The bodies reach the rules core,
    which random text rarely does."""

    SIZES = (0, 1, 2, 3, 4, 5, 6, 6, 8, 10, 12, 13, 15, 15, 18, 18, 24, 24)

    def __init__(self, document: dict[str, Any], rng: random.Random) -> None:
        from rules_fr.cards import CARDS

        self.document = document
        self.rng = rng
        self.codes = [c.code for c in CARDS]
        self.deck: list[str] = []

    def resolve(self, node: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[-1]
            node = self.document["components"]["schemas"][name]
        return node

    @staticmethod
    def is_card(node: dict[str, Any]) -> bool:
        return node.get("type") == "string" and str(node.get("description", "")).startswith(
            "A card:") or node.get("example") == "KH"

    def card(self) -> str:
        if not self.deck or self.rng.random() < 0.05:
            self.deck = list(self.codes)
            self.rng.shuffle(self.deck)
        return self.deck.pop() if self.rng.random() < 0.9 else self.rng.choice(self.codes)

    def value(self, node: dict[str, Any], name: str = "") -> Any:
        node = self.resolve(node)
        rng = self.rng
        if node.get("nullable") and rng.random() < 0.15:
            return None
        if "enum" in node:
            return rng.choice(node["enum"])
        if "oneOf" in node:
            return self.value(rng.choice(node["oneOf"]), name)
        kind = node.get("type")
        if self.is_card(node):
            return self.card()
        if kind == "array":
            item = self.resolve(node.get("items", {}))
            top = node.get("maxItems", 24)
            size = min(rng.choice(self.SIZES), top) if rng.random() < 0.9 else \
                rng.randrange(0, top + 1)
            size = max(size, node.get("minItems", 0))
            return [self.value(item, name) for _ in range(size)]
        if kind == "object":
            out = {}
            required = set(node.get("required", []))
            for key, sub in node.get("properties", {}).items():
                if key in required or rng.random() < 0.7:
                    out[key] = self.value(sub, key)
            return out
        if kind == "integer":
            low, high = node.get("minimum", -100), node.get("maximum", 100)
            if high - low > 60:
                return rng.choice([low, high, rng.randint(low, high), rng.randint(-5, 130)])
            return rng.randint(low, high)
        if kind == "number":
            low, high = node.get("minimum", 0), node.get("maximum", 100)
            if node.get("multipleOf") == 0.5:
                return rng.randint(int(low * 2), int(high * 2)) / 2
            return rng.choice([low, high, round(rng.uniform(low, high), 2)])
        if kind == "boolean":
            return rng.random() < 0.5
        if kind == "string":
            if name in ("names", "name"):
                return rng.choice(["Ana", "Bé", "‮XY", "x" * 40])
            return rng.choice(["garde", "passe", "KH", "x", "62.5", "200/3"])
        return None

    def body(self, schema: dict[str, Any]) -> Any:
        self.deck = []
        return self.value(schema)


def part_smart(app: Any, examples: int, seed: int, only: str | None) -> None:
    import schemathesis

    schema = schemathesis.openapi.from_wsgi(f"{API}/openapi.json", app)
    client = app.test_client()
    document = client.get(f"{API}/openapi.json").get_json()
    rng = random.Random(seed)
    smart = _SmartBody(document, rng)
    for path, operations in document["paths"].items():
        operation = operations.get("post")
        if operation is None or "{" in path or path.endswith("/tables"):
            continue
        if only and not re.search(only, f"POST {path}"):
            continue
        request = operation.get("requestBody", {}).get("content", {}).get("application/json")
        if request is None:
            continue
        started = time.monotonic()
        for _ in range(examples):
            body = smart.body(request["schema"])
            if isinstance(body, dict):
                if "players" in body and rng.random() < 0.7:
                    body["players"] = rng.choice([3, 4, 5])
                players = body.get("players") if type(body.get("players")) is int else 4
                if isinstance(body.get("trick"), list) and rng.random() < 0.8:
                    body["trick"] = body["trick"][:rng.randrange(max(1, players))]
                if isinstance(body.get("hand"), list) and body["hand"] and "card" in body \
                        and rng.random() < 0.8:
                    body["card"] = rng.choice(body["hand"])
            response = client.post(path, json=body)
            repro = {"path": path, "body": body}
            check_response(f"POST {path} (smart)", response, repro, api=True)
            _validate(schema, path, "post", response, repro)
            if response.status_code == 200:
                _invariants(path.removeprefix(API), body, response.get_json(), repro)
        tally = FOUND.statuses.get(f"POST {path} (smart)", {})
        print(f"smart POST {path}: {dict(sorted(tally.items()))} in "
              f"{time.monotonic() - started:.0f}s", flush=True)


# --- part 4: the web pages ---------------------------------------------------------------------


def part_web(app: Any, seed: int) -> None:
    from tutor.examples import all_examples

    client = app.test_client()
    rng = random.Random(seed)
    pages = ["/", "/rules", "/trick", "/ecart", "/score", "/practice"]
    try:
        ids = [e["id"] for e in all_examples()][:5]
    except Exception:  # noqa: BLE001
        ids = []
    pages += [f"/examples/{i}" for i in ids] + ["/examples/nope", "/examples/../../etc/passwd",
                                                "/examples/" + "a" * 5000, "/examples/%00",
                                                "/examples/%ff"]
    keys = ["lang", "players", "seed", "hand", "trick", "called_card", "first_trick",
            "contract", "q", "topic", ""]
    values = ["", "en", "fr", "xx", "3", "4", "5", "6", "-1", "0", "2" * 40, "9" * 400,
              str(2**63), str(2**63 - 1), str(-(2**63)), "1e9", "nan", "inf", "%00", "%ff%fe",
              "KH,7H", "KH KH KH", "roi%20de%20c%C5%93ur", "%EF%BC%AB%EF%BC%A8", "T21+" * 500,
              "<script>alert(1)</script>", "\"'><", "%E2%80%AE", "garde_sans", "petite", "1",
              "a" * 10000, "%D8%00", "K%CC%81H", "..%2F..%2F"]
    for page in pages:
        for _ in range(60):
            pairs = [(rng.choice(keys), rng.choice(values)) for _ in range(rng.randrange(1, 5))]
            query = "&".join(f"{k}={v}" for k, v in pairs)
            for headers in ({}, {"Accept-Language": rng.choice(["*;q=abc", "x" * 10000, "en",
                                                                ";;", "en;q=nan"])},
                            {"Cookie": "lang=" + rng.choice(["en", "xx", "%00", "\"\""])}):
                r = _raw(client, "GET", f"{page}?{query}", None, headers, None, api=False)
                ctype = r.headers.get("Content-Type", "")
                if r.status_code < 500 and not ctype.startswith("text/html") and \
                        r.status_code not in (301, 302, 304, 308):
                    FOUND.add("odd", f"GET {page}", f"{r.status_code} page not HTML: {ctype}",
                              query)
                if "<script>alert(1)</script>" in r.get_data(as_text=True):
                    FOUND.add("odd", f"GET {page}", "query echoed unescaped (XSS)", query)
        for query in ["?" + "&".join(f"k{i}=v" for i in range(5000)), "?players=4&players=x",
                      "?%zz=1", "?lang=%", "?=&=&", "?hand=" + "%" * 100, "?&&&&"]:
            _raw(client, "GET", page + query, None, None, None, api=False)


# --- main ----------------------------------------------------------------------------------------


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--examples", type=int, default=500,
                        help="hypothesis examples per operation and generation mode")
    parser.add_argument("--parts", default="nasty,web,tables,smart,schema")
    parser.add_argument("--only", default=None, help="regex on 'METHOD /path' (schema part)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--sessions", type=int, default=30, help="table sessions")
    parser.add_argument("--steps", type=int, default=400, help="requests per table session")
    args = parser.parse_args(list(argv) if argv is not None else None)
    parts = set(args.parts.split(","))
    import logging

    logging.disable(logging.CRITICAL)  # the 500s are reported here, not logged
    app = make_app()
    started = time.monotonic()
    try:
        if "nasty" in parts:
            part_nasty(app, args.seed)
        if "web" in parts:
            part_web(app, args.seed)
        if "tables" in parts:
            part_tables(app, args.sessions, args.steps, args.seed)
        if "smart" in parts:
            part_smart(app, args.examples * 4, args.seed, args.only)
        if "schema" in parts:
            part_schema(app, args.examples, args.seed, args.only)
    except Exception:  # noqa: BLE001 — the harness itself: report what was found so far
        traceback.print_exc()
        FOUND.add("odd", "fuzz harness", traceback.format_exc().splitlines()[-1])
    print(f"done in {time.monotonic() - started:.0f}s")
    return FOUND.report()


if __name__ == "__main__":
    sys.exit(main())
