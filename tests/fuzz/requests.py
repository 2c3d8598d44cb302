"""Hand-made requests: sent through the test client with the checks every response gets, and
checked against the operation's OpenAPI description when it is a documented one."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, TypeVar

from fuzz.findings import FOUND, check_response, short

T = TypeVar("T")


class Thin:
    """The share of the hand-made cases a run sends: every one in the heavy mode, a random
    few of each list in the light one (so each kind of case is still tried)."""

    def __init__(self, share: float, seed: int) -> None:
        self.share = share
        self.rng = random.Random(f"thin:{seed}")  # apart from the parts' own draws

    def __call__(self, items: Iterable[T]) -> list[T]:
        found = list(items)
        if self.share >= 1 or not found:
            return found
        return self.rng.sample(found, max(1, round(len(found) * self.share)))

    def count(self, n: int) -> int:
        return n if self.share >= 1 else max(1, round(n * self.share))

    def keep(self) -> bool:
        return self.share >= 1 or self.rng.random() < self.share


def send(client: Any, method: str, path: str, data: bytes | str | None = None,
         headers: dict[str, str] | None = None, content_type: str | None = "application/json",
         where: str | None = None, api: bool = True) -> Any:
    response = client.open(path, method=method, data=data, headers=headers or {},
                           content_type=content_type)
    check_response(where or f"{method} {path.split('?')[0]}", response,
                   {"method": method, "path": short(path, 200),
                    "data": short(data if isinstance(data, str) else repr(data), 400),
                    "headers": {k: short(v, 60) for k, v in (headers or {}).items()},
                    "content_type": content_type}, api=api)
    return response


def validate(schema: Any, path: str, method: str, response: Any, repro: Any) -> None:
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
