"""Health checks for load balancers, and what an outage of a dependency answers.

* ``GET /health`` — liveness: the process answers (200, no dependency asked). A load balancer or
  an orchestrator restarts a process only when this fails.
* ``GET /ready`` — readiness: 200 when every required dependency answers; otherwise 503
  problem+json naming what is down (``checks``: ``{"database": "down", ...}``), so the host is
  taken out of rotation for the tables while its rule endpoints stay usable. Optional ones
  (the rate-limit counts in Redis, which fall back to memory) are reported without failing it.

A database that cannot be reached — down, restarting, refusing connections, over its pool —
makes every endpoint that needs it answer 503 problem+json with ``Retry-After``
(``RETRY_AFTER_SECONDS``), in the reader's language, instead of a 500: clients and load
balancers can tell "try again" from a bug. The endpoints that need no database (checks,
scores, rules, advice, the pages) never touch it and keep answering. The app starts even when
the database is down: the migrations run on the first tables request that can reach it.

Other modules may add a readiness check with :func:`add_check` (a broker, say).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Final

from flask import Flask, Response, current_app, jsonify, request
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError, PendingRollbackError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import InternalServerError

from tutor.config import API_PREFIX
from tutor.errors import Problem, handle_http_exception, problem_response
from tutor.tables.store import is_outage

__all__ = ["CHECKS", "OUTAGES", "add_check", "init_health", "unavailable"]

log = logging.getLogger(__name__)

CHECKS: Final = "tutor.readiness"
"""``app.extensions`` key: ``{name: (check() -> bool, required)}``."""

OUTAGES: Final = (OperationalError, InterfaceError, PendingRollbackError, PoolTimeout)
"""What SQLAlchemy raises when the database cannot be reached or used right now (a
connection killed under a transaction leaves it pending rollback); any other
``DBAPIError`` is one too when the driver reports its connection broken
(:func:`~tutor.tables.store.is_outage`)."""

_NEEDS_DATABASE: Final = (f"{API_PREFIX}/tables", f"{API_PREFIX}/duplicate/compare")
_DATABASE_BLUEPRINTS: Final = ("tables", "table-review", "duplicate")
"""The blueprints whose paths include those of :data:`_NEEDS_DATABASE`."""


def add_check(app: Flask, name: str, check: Callable[[], bool], *, required: bool) -> None:
    """Report ``name`` in ``/ready``; a required one that fails makes it 503."""
    app.extensions.setdefault(CHECKS, {})[name] = (check, required)


def unavailable(what: str) -> Problem:
    """The 503 of a dependency that cannot be reached, with ``Retry-After``."""
    seconds = int(current_app.config.get("RETRY_AFTER_SECONDS") or 5)
    return Problem(503, "service-unavailable", headers={"Retry-After": str(seconds)},
                   what=what, seconds=seconds)


def _database_outage(error: Exception) -> Response:
    log.warning("database unreachable: %s", str(error).splitlines()[0][:300]
                if str(error) else type(error).__name__)
    return handle_http_exception(unavailable("database"))


def _database_error(error: Exception) -> Response:
    """Any other error of the database: an outage when it is one (a connection the driver
    reports broken, :func:`~tutor.tables.store.is_outage`), else the bug it is (500)."""
    if is_outage(error):
        return _database_outage(error)
    failure = InternalServerError()
    failure.original_exception = error
    return handle_http_exception(failure)


def _database_up() -> bool:
    from tutor.tables.resources import get_store

    with get_store().engine.connect() as conn:
        conn.execute(text("SELECT 1"))
    return True


def _limits_storage_up() -> bool:
    from tutor.limits import QUOTAS

    quotas = current_app.extensions.get(QUOTAS)
    return quotas is None or quotas.redis_up()


def _run(check: Callable[[], bool]) -> bool:
    try:
        return bool(check())
    except Exception as error:  # noqa: BLE001 - any failure of a probe means "down"
        log.warning("readiness check failed: %s", str(error).splitlines()[0][:300]
                    if str(error) else type(error).__name__)
        return False


def health() -> Response:
    """Liveness: this process answers."""
    return jsonify(status="ok")


def ready() -> Response:
    """Readiness: every required dependency answers (else 503 naming those down)."""
    results = {name: _run(check) for name, (check, _) in
               current_app.extensions.get(CHECKS, {}).items()}
    checks = {name: "ok" if up else "down" for name, up in results.items()}
    down = [name for name, (_, required) in current_app.extensions.get(CHECKS, {}).items()
            if required and not results[name]]
    if not down:
        return jsonify(status="ready", checks=checks)
    seconds = int(current_app.config.get("RETRY_AFTER_SECONDS") or 5)
    return problem_response(
        503, "service-unavailable", params={"what": down[0], "seconds": seconds},
        headers={"Retry-After": str(seconds), "Cache-Control": "no-store"},
        extra={"checks": checks, "down": down})


def _migrate_when_reachable() -> None:
    """A tables request: bring the schema up first if the start could not (database down)."""
    if request.path.startswith(_NEEDS_DATABASE):
        from tutor.tables.resources import get_store
        from tutor.tables.store import upgrade

        upgrade(get_store().engine)


def init_health(app: Flask) -> None:
    """``/health``, ``/ready``, and 503 for every database outage."""
    app.add_url_rule("/health", "health", health)
    app.add_url_rule("/ready", "ready", ready)
    for outage in OUTAGES:
        app.register_error_handler(outage, _database_outage)
    app.register_error_handler(DBAPIError, _database_error)
    # only the blueprints that read tables (Flask keys a blueprint's hooks by its name)
    for blueprint in _DATABASE_BLUEPRINTS:
        app.before_request_funcs.setdefault(blueprint, []).append(_migrate_when_reachable)
    add_check(app, "database", _database_up, required=True)
    from tutor.limits import storage_uri

    if storage_uri(app.config) is not None:
        add_check(app, "redis", _limits_storage_up, required=False)
