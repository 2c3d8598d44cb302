"""Part ``smart``: schema-valid bodies made of real card codes, so that they reach the core."""

from __future__ import annotations

import random
import re
import time
from typing import Any

from fuzz.findings import API, FOUND, check_response
from fuzz.invariants import answer_problems
from fuzz.requests import validate


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
            validate(schema, path, "post", response, repro)
            if response.status_code == 200:
                for problem in answer_problems(path.removeprefix(API), body,
                                               response.get_json()):
                    FOUND.add("odd", f"POST {path}", problem, repro)
        tally = FOUND.statuses.get(f"POST {path} (smart)", {})
        print(f"smart POST {path}: {dict(sorted(tally.items()))} in "
              f"{time.monotonic() - started:.0f}s", flush=True)
