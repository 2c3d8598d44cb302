"""What the fuzzer found: distinct findings with the shortest reproduction seen, and the
checks every response gets (no 5xx, problem+json with its members, Content-Language)."""

from __future__ import annotations

import json
from typing import Any

API = "/api/v1"


class Findings:
    """Distinct findings, keyed by kind, place and a short signature."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Forget everything: a new run."""
        self.items: dict[tuple[str, str, str], dict[str, Any]] = {}
        self.requests = 0
        self.statuses: dict[str, dict[int, int]] = {}
        self.compared = 0  # table deals scored again by /score/deal

    def summary(self) -> str:
        """One line per distinct finding, with its shortest reproduction."""
        lines = []
        for (kind, where, signature), info in sorted(self.items.items()):
            lines.append(f"- [{kind}] {where} ×{info['count']}: {signature}")
            if info["repro"] is not None:
                lines.append(f"    repro: {short(info['repro'], 600)}")
        return "\n".join(lines)

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
        if self.items:
            print(self.summary())
        return 1 if self.items else 0


def short(value: Any, limit: int = 300) -> str:
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
