"""gunicorn settings for serving the API::

    gunicorn -c python:tutor.gunicorn_conf -w 2 -b 127.0.0.1:8000 'tutor:create_app()'

Once a worker has loaded the app, every object it holds (the rule catalog, the Babel catalogs,
the scenarios, the OpenAPI document, the schemas) is moved out of the garbage collector's view
with :func:`gc.freeze`. Without it, each full collection walks those hundred thousand objects
again: a pause of about 50 ms every ten thousand requests or so, which every request queued
behind it waits out.
"""

from __future__ import annotations

import gc
from typing import Any


def post_worker_init(worker: Any) -> None:
    """After the app is loaded in a worker: collect once, then freeze what survived."""
    gc.collect()
    gc.freeze()
