"""gunicorn settings of ``make serve``, the production configuration::

    PORT=8000 DATABASE_URL=… REDIS_URL=… gunicorn -c python:tutor.serve_conf

gevent workers: each request, and each open event stream, is a greenlet, so a stream waiting
for the next event holds no worker and a process keeps answering the API beside thousands of
them (the README has the measurement that chose this over uvicorn + Starlette). The API is
CPU-bound, so there is one worker per core — except on the SQLite default without Redis, where
the streams are woken in-process only and one process serves everything (a second one would
never hear the first's commits).

Environment: ``PORT`` (8000), ``HOST`` (127.0.0.1: behind a reverse proxy on the same host;
``0.0.0.0`` to listen everywhere), ``DATABASE_URL`` (the SQLite file of the instance folder),
``REDIS_URL`` (none), ``WEB_CONCURRENCY`` (the number of workers, to override the rule above),
``ACCESS_LOG`` (a file, or ``-`` for stdout; none by default; stream tickets are blanked in it),
``REQUEST_TIMEOUT`` (10: seconds a request may leave the socket silent before its 408),
``REQUEST_DEADLINE`` (30: seconds a whole request, headers and body, may take to arrive from
its first byte before its 408), ``WORKER_CONNECTIONS`` (10,000 open connections a worker,
streams included; the README has the figures measured).
"""

from __future__ import annotations

import os

from tutor.gunicorn_conf import post_worker_init

__all__ = ["bind", "post_worker_init", "wsgi_app", "worker_class", "workers"]


def _workers() -> int:
    explicit = os.environ.get("WEB_CONCURRENCY")
    if explicit:
        return max(1, int(explicit))
    database = os.environ.get("DATABASE_URL") or "sqlite"
    if database.startswith("sqlite") and not os.environ.get("REDIS_URL"):
        return 1
    return max(1, os.cpu_count() or 1)


wsgi_app = "tutor:create_app()"
bind = f"{os.environ.get('HOST') or '127.0.0.1'}:{int(os.environ.get('PORT') or 8000)}"
worker_class = "tutor.serve_worker.ProblemGeventWorker"
"""gevent's worker, whose own error answers are problem+json and whose slow requests get a
408 after REQUEST_TIMEOUT seconds of silence (tutor/serve_worker.py)."""
workers = _workers()
worker_connections = int(os.environ.get("WORKER_CONNECTIONS") or 10_000)
"""Open connections per worker (streams included) before new ones wait."""
timeout = 30
"""A worker whose event loop is stuck this long is restarted (streams are not requests that
block it: they wait in their greenlets)."""
graceful_timeout = 5
"""At a restart, open streams are closed after this; their EventSource reconnects with
Last-Event-ID and loses nothing."""
keepalive = 5
accesslog = os.environ.get("ACCESS_LOG") or None


def post_request(worker: object, req: object, environ: object, resp: object) -> None:
    """Yield to the other greenlets after each request. Without it the greenlet of a
    keep-alive connection whose next request has already arrived serves it at once, and
    again, while the other connections wait: measured on ``make serve`` with wrk, p50 4 ms but
    p75 300 ms and p99 1.2 s."""
    import gevent

    gevent.sleep(0)
