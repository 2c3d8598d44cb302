"""The tarot tutor as an MCP server (Model Context Protocol), for chatbots.

Console script ``tarot-mcp``: stdio by default (what a desktop MCP client launches), or
streamable HTTP with ``--http HOST:PORT`` (the endpoint is ``/mcp``). :func:`asgi_app` serves
the MCP endpoint and the whole Flask app (API, pages) from one ASGI server::

    uvicorn --factory tutor.mcp_server:asgi_app --port 8000   # /mcp, /api/v1/…, /

The tools and resources are in :mod:`tutor.mcp_server.tools` and
:mod:`tutor.mcp_server.server`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

__all__ = ["asgi_app", "build_server", "main"]


def build_server(app: Any = None, language: str | None = None) -> Any:
    """The :class:`~mcp.server.mcpserver.MCPServer` (see :mod:`tutor.mcp_server.server`)."""
    from tutor.mcp_server.server import build_server as build

    return build(app, language)


def asgi_app(app: Any = None, path: str = "/mcp", language: str | None = None) -> Any:
    """One ASGI app: the MCP streamable-HTTP endpoint at ``path`` and the Flask ``app``
    (a new :func:`tutor.create_app` by default; any WSGI app works) at every other path."""
    from a2wsgi import WSGIMiddleware
    from starlette.routing import Mount

    if app is None:
        from tutor import create_app

        app = create_app()
    starlette = build_server(app, language).streamable_http_app(streamable_http_path=path)
    flask_app: Any = WSGIMiddleware(app)  # (a2wsgi types its ASGI callable its own way)
    starlette.router.routes.append(Mount("/", app=flask_app))
    return starlette


def _host_port(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(f"expected HOST:PORT such as 127.0.0.1:8765, not "
                                         f"{text!r}")
    return host.strip("[]"), int(port)


def main(argv: Sequence[str] | None = None) -> int:
    """``tarot-mcp [--http HOST:PORT] [--with-api] [--lang fr|en]``."""
    parser = argparse.ArgumentParser(
        prog="tarot-mcp", description="The French tarot rules (FFT) as an MCP server: stdio "
                                      "by default, streamable HTTP with --http.")
    parser.add_argument("--http", type=_host_port, metavar="HOST:PORT",
                        help="serve streamable HTTP at http://HOST:PORT/mcp instead of stdio")
    parser.add_argument("--with-api", action="store_true",
                        help="with --http: also serve the JSON API and the pages")
    parser.add_argument("--lang", metavar="fr|en",
                        help="the sessions' language until a client calls set_language (default: "
                             "TAROT_LANG, else fr); a call's lang still wins")
    args = parser.parse_args(argv)
    from tutor import create_app
    from tutor.mcp_server.server import default_language

    app = create_app()
    try:
        language = default_language(app, args.lang)
    except ValueError as error:
        parser.error(str(error))
    if args.http is None:
        build_server(app, language).run("stdio")
        return 0
    import uvicorn

    host, port = args.http
    if args.with_api:
        uvicorn.run(asgi_app(app, language=language), host=host, port=port,
                    log_level="warning")
    else:
        server = build_server(app, language)
        uvicorn.run(server.streamable_http_app(host=host), host=host, port=port,
                    log_level="warning")
    return 0


if __name__ == "__main__":
    sys.exit(main())
