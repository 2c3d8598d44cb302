"""Run the fuzzer's parts: the heavy mode from the command line, the light one from the tests."""

from __future__ import annotations

import argparse
import logging
import time
import traceback
from collections.abc import Iterable
from dataclasses import dataclass

from fuzz.app import make_app
from fuzz.findings import FOUND, Findings
from fuzz.nasty import part_nasty
from fuzz.schema import part_schema
from fuzz.smart import part_smart
from fuzz.tables import part_tables
from fuzz.web import part_web

PARTS = ("nasty", "web", "tables", "smart", "schema")


@dataclass(frozen=True)
class Budget:
    """How much each part does: hypothesis examples per operation and generation mode (the
    smart part makes four times as many bodies), table sessions and requests per session."""

    examples: int = 500
    sessions: int = 30
    steps: int = 400
    share: float = 1.0
    """Of the hand-made cases (nasty, web): the share sent."""


HEAVY = Budget()
LIGHT = Budget(examples=2, sessions=3, steps=25, share=0.02)
"""A few seconds of every part, for CI: enough to reach every operation and table kind."""


def run(parts: Iterable[str] = PARTS, budget: Budget = HEAVY, *, seed: int = 0,
        only: str | None = None) -> Findings:
    """Run ``parts`` against a fresh app (its tables in a temporary SQLite file) and return
    what was found; an exception of the harness itself is a finding too."""
    chosen = set(parts)
    FOUND.reset()
    logging.disable(logging.CRITICAL)  # the 500s are reported here, not logged
    try:
        app = make_app()
        if "nasty" in chosen:
            part_nasty(app, seed, budget.share)
        if "web" in chosen:
            part_web(app, seed, budget.share)
        if "tables" in chosen:
            part_tables(app, budget.sessions, budget.steps, seed)
        if "smart" in chosen:
            part_smart(app, budget.examples * 4, seed, only)
        if "schema" in chosen:
            part_schema(app, budget.examples, seed, only)
    except Exception:  # noqa: BLE001 — the harness itself: report what was found so far
        traceback.print_exc()
        FOUND.add("odd", "fuzz harness", traceback.format_exc().splitlines()[-1])
    finally:
        logging.disable(logging.NOTSET)
    return FOUND


def main(argv: Iterable[str] | None = None) -> int:
    from fuzz import __doc__ as about

    parser = argparse.ArgumentParser(description=(about or "").split("\n")[0])
    parser.add_argument("--examples", type=int, default=HEAVY.examples,
                        help="hypothesis examples per operation and generation mode")
    parser.add_argument("--parts", default=",".join(PARTS))
    parser.add_argument("--only", default=None, help="regex on 'METHOD /path' (schema part)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--sessions", type=int, default=HEAVY.sessions, help="table sessions")
    parser.add_argument("--steps", type=int, default=HEAVY.steps,
                        help="requests per table session")
    parser.add_argument("--light", action="store_true", help="the CI budget")
    args = parser.parse_args(list(argv) if argv is not None else None)
    budget = LIGHT if args.light else Budget(args.examples, args.sessions, args.steps)
    started = time.monotonic()
    found = run(args.parts.split(","), budget, seed=args.seed, only=args.only)
    print(f"done in {time.monotonic() - started:.0f}s")
    return found.report()
