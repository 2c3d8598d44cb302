"""Drive live tables through HTTP in tests: a client over Flask's test client or a real server
(urllib), and a player choosing legal actions from its own view only (it never sees more than
its token shows)."""

from __future__ import annotations

import json
import random
import urllib.error
import urllib.request
from collections.abc import Iterable
from typing import Any

from rules_fr.cards import BY_CODE, CardSet
from rules_fr.donne import Donne
from rules_fr.ecart import random_legal_ecart
from rules_fr.poignee import PoigneeLevel, legal_poignee, poignee_level

API = "/api/v1/tables"


class TestClientHttp:
    """(status, json) over Flask's test client."""

    __test__ = False

    def __init__(self, client: Any) -> None:
        self.client = client

    def get(self, path: str, token: str | None = None) -> tuple[int, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = self.client.get(path, headers=headers)
        return r.status_code, r.get_json(silent=True)

    def post(self, path: str, body: Any, token: str | None = None) -> tuple[int, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = self.client.post(path, json=body, headers=headers)
        return r.status_code, r.get_json(silent=True)


class UrllibHttp:
    """(status, json) against a running server."""

    def __init__(self, base: str) -> None:
        self.base = base

    def _open(self, req: urllib.request.Request) -> tuple[int, Any]:
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return r.status, json.loads(r.read() or b"null")
        except urllib.error.HTTPError as e:
            raw = e.read()
            return e.code, json.loads(raw) if raw else None

    def get(self, path: str, token: str | None = None) -> tuple[int, Any]:
        req = urllib.request.Request(self.base + path)
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        return self._open(req)

    def post(self, path: str, body: Any, token: str | None = None) -> tuple[int, Any]:
        req = urllib.request.Request(self.base + path, data=json.dumps(body).encode(),
                                     method="POST")
        req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        return self._open(req)


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A legal action for the viewing seat, from what its view shows, or None."""
    you, deal = view["you"], view["deal"]
    legal = you["legal"]
    seat = you["seat"]
    base = {"seat": seat, "seq": view["seq"]}
    if legal["bids"]:
        takes = [b for b in legal["bids"] if b != "passe"]
        bid = rng.choice(takes) if takes and rng.random() < 0.5 else "passe"
        return {**base, "type": "bid", "bid": bid}
    if legal["calls"]:
        return {**base, "type": "call", "card": rng.choice(legal["calls"])}
    if legal["ecart"]:
        hand, chien = CardSet.parse(deal["hand"]), CardSet.parse(deal["chien"])
        ecart = random_legal_ecart(len(deal["people"]),
                                   hand, chien, rng)
        assert ecart is not None
        return {**base, "type": "ecart", "cards": ecart.codes()}
    if legal.get("jeu"):  # the taker: « Jeu », now and then a (hopeless) chelem
        kind = "chelem" if legal["chelem"] and rng.random() < 0.15 else "jeu"
        return {**base, "type": kind}
    if legal["poignees"] and rng.random() < 0.7:
        level = PoigneeLevel(legal["poignees"][0])
        shown = legal_poignee(len(deal["people"]), CardSet.parse(deal["hand"]), level)
        assert shown is not None
        return {**base, "type": "poignee", "cards": shown.codes()}
    if legal["cards"]:
        return {**base, "type": "play", "card": rng.choice(legal["cards"])}
    return None


def card_codes(payload: Any) -> set[str]:
    """Every string of a JSON payload that is a card code — but the names of the cards the
    taker may call (``you.legal.calls``: the kings, and faces by the ladder), which name
    cards without saying who holds them."""
    found: set[str] = set()
    if isinstance(payload, dict) and isinstance(payload.get("you"), dict) and \
            "legal" in payload["you"]:
        payload = {**payload, "you": {**payload["you"],
                                      "legal": {**payload["you"]["legal"], "calls": []}}}
    stack = [payload]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and item in BY_CODE:
            found.add(item)
    return found


def codes(cards: Iterable[Any]) -> set[str]:
    return {c.code for c in cards}


def score_deal_body(donne: Donne) -> dict[str, Any]:
    """The ``POST /score/deal`` question for a deal played to its end: the same tricks, chien,
    écart and announcements, so a table's score can be checked against another path through
    the core (a replay from the cards, not the table's own deal state)."""
    assert donne.contract is not None, "a deal scored has a contract"
    return {
        "players": donne.players, "contract": donne.contract.code,
        "taker": donne.taker, "partner": donne.partner,
        "called_card": None if donne.called_card is None else donne.called_card.code,
        "chien": donne.chien.codes(), "ecart": [] if donne.ecart is None else donne.ecart.codes(),
        "tricks": [{"leader": t.leader, "cards": [c.code for c in t.cards]}
                   for t in donne.tricks],
        "announcements": {"poignees": [
            {"seat": s, "level": poignee_level(donne.players, len(c)).value}
            for s, c in donne.poignees.items()], "chelem_announced": donne.chelem_announced},
    }
