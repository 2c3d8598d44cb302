"""Part ``schema``: schemathesis over every operation, table operations on real tables with
real tokens and sequence numbers."""

from __future__ import annotations

import random
import re
import time
from typing import Any

from fuzz.app import last_seq, strict_replay
from fuzz.findings import API, FOUND, short


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
        # in-process, schemathesis advertises its HTTP client's codings but reads the WSGI
        # body as it is: ask for it uncompressed (tests/test_http_caching.py checks codings)
        case.headers = {**(case.headers or {}), "Accept-Encoding": "identity"}
        table = None
        if is_table and rng.random() < 0.9:
            # a real table and one of its tokens, and mostly the current seq
            table = rng.choice(tables)
            case.path_parameters = {**(case.path_parameters or {}), "table_id": table["id"]}
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
                 "headers": {k: short(str(v), 80) for k, v in (case.headers or {}).items()},
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
