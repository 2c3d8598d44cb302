"""Part ``tables``: stateful sessions at live, duplicate and physical tables (3 to 7 people)
mixing legal and junk actions; a 4xx must leave the log as it was."""

from __future__ import annotations

import random
import re
from typing import Any

from fuzz.app import last_seq, strict_replay
from fuzz.findings import API, FOUND, check_response
from fuzz.requests import validate


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
        validate(schema, template, method, response, {"path": path, "body": body})
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
