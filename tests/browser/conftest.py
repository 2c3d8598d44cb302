"""Browser tests: the app served from a thread, driven by Playwright through Debian's Chromium.

Never a downloaded browser: ``/usr/bin/chromium`` (``apt-get install -y chromium``; the
Makefile's test target installs it). Every page collects console and page errors, and a test
fails on any of them. Screenshots land in ``artifacts/screenshots/`` (gitignored).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
    pytest.skip("Debian's chromium is missing: apt-get install -y chromium",
                allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api")


@contextlib.contextmanager
def serving(database: Path, config: dict[str, object] | None = None) -> Iterator[str]:
    """The whole app (API and pages) on 127.0.0.1, a free port, the SQLite file ``database``
    (``config``: settings over the defaults); yields its base URL."""
    from werkzeug.serving import make_server

    url = f"sqlite:///{database}"
    previous = os.environ.get("DATABASE_URL")
    os.environ["DATABASE_URL"] = url
    from tutor import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": url, **(config or {})})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        thread.join(5)
        if previous is None:
            os.environ.pop("DATABASE_URL", None)
        else:
            os.environ["DATABASE_URL"] = previous


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app for the browser tests, on a throw-away SQLite file."""
    with serving(tmp_path_factory.mktemp("db") / "tutor.sqlite") as base:
        yield base


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield chromium
        chromium.close()


class Page:
    """A Playwright page that remembers every console error and uncaught exception."""

    def __init__(self, page: object, base: str) -> None:
        self.page = page
        self.base = base
        self.errors: list[str] = []
        self.allowed: list[str] = []
        page.on("console", lambda m: self.errors.append(f"console: {m.text}")
                if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))

    def allow(self, text: str) -> None:
        """An error message the test expects (e.g. the browser's log line of a 422)."""
        self.allowed.append(text)

    def unexpected_errors(self) -> list[str]:
        return [e for e in self.errors if not any(a in e for a in self.allowed)]

    def goto(self, path: str) -> object:
        response = self.page.goto(self.base + path)
        assert response is not None and response.ok, f"{path}: {response and response.status}"
        return response

    def shot(self, name: str) -> None:
        """Screenshots of the page at desktop and phone size (full page)."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
            self.page.set_viewport_size(size)
            # A full-page shot of a long page (the rules) can outlast the 10 s action timeout on
            # a loaded machine; the shot is for review, not a timing, so give it room.
            self.page.screenshot(
                path=str(SCREENSHOTS / f"{name}-{label}.png"), full_page=True, timeout=60_000
            )
        self.page.set_viewport_size(DESKTOP)


@pytest.fixture
def page(browser: object, server: str) -> Iterator[Page]:
    context = browser.new_context(viewport=DESKTOP, locale="fr-FR")
    wrapped = Page(context.new_page(), server)
    wrapped.page.set_default_timeout(10_000)
    yield wrapped
    context.close()
    assert not wrapped.unexpected_errors(), wrapped.errors
