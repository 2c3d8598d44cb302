"""Security headers, the strict CSP the templates must obey, and CORS per kind of endpoint.

The template scan covers every file under ``tutor/templates`` (pages added later included), and
the header check asks for every page route the app has, every static file and the docs, so a
new page or template that breaks the policy fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tutor import create_app
from tutor.security import CONTENT_SECURITY_POLICY, SECURITY_HEADERS

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "tutor" / "templates"
STATIC = ROOT / "tutor" / "static"

# An inline script: a <script> with no src (a JSON data block is data, not a script).
_SCRIPT = re.compile(r"<script\b(?P<attrs>[^>]*)>", re.I)
_STYLE_ELEMENT = re.compile(r"<style\b", re.I)
_STYLE_ATTR = re.compile(r"<[a-z][^>]*\sstyle\s*=", re.I | re.S)
_HANDLER = re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.I | re.S)
_JS_URL = re.compile(r"""(href|src|action)\s*=\s*["']?\s*javascript:""", re.I)
_OUTSIDE = re.compile(r"""(src|href)\s*=\s*["']?(https?:)?//""", re.I)


def inline_code(html: str) -> list[str]:
    """Every construct of ``html`` that a CSP without ``'unsafe-inline'`` would block, or that
    loads from another origin.

    >>> inline_code('<script src="/a.js"></script><script type="application/json">{}</script>')
    []
    >>> inline_code('<p onclick="x()" style="color: red"><script>alert(1)</script>')
    ['inline script: <script>', 'style attribute', 'event handler attribute']
    """
    found = []
    for match in _SCRIPT.finditer(html):
        attrs = match.group("attrs")
        if "src=" not in attrs and not re.search(r"type\s*=\s*[\"']application/json", attrs):
            found.append(f"inline script: {match.group(0)[:60]}")
    if _STYLE_ELEMENT.search(html):
        found.append("style element")
    if _STYLE_ATTR.search(html):
        found.append("style attribute")
    if _HANDLER.search(html):
        found.append("event handler attribute")
    if _JS_URL.search(html):
        found.append("javascript: URL")
    if _OUTSIDE.search(html):
        found.append("resource from another origin")
    return found


def test_inline_code_finds_what_the_policy_blocks() -> None:
    assert inline_code("<style>p{}</style>") == ["style element"]
    assert inline_code('<a href="javascript:void(0)">x</a>') == ["javascript: URL"]
    assert inline_code('<img src="https://cdn.example/x.png">') == [
        "resource from another origin"]
    assert inline_code('<button\n  type="button" onClick="go()">') == ["event handler attribute"]
    assert inline_code('<input data-onion="1" aria-label="x">') == []


def _templates() -> list[Path]:
    return sorted(p for p in TEMPLATES.rglob("*") if p.is_file())


def test_there_are_templates_to_check() -> None:
    assert len(_templates()) >= 5


@pytest.mark.parametrize("template", _templates(), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_no_template_holds_inline_script_style_or_handler(template: Path) -> None:
    assert inline_code(template.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("script", sorted(STATIC.rglob("*.js")),
                         ids=lambda p: str(p.relative_to(STATIC)))
def test_no_static_script_needs_what_the_policy_forbids(script: Path) -> None:
    """``eval``, ``new Function``, inline handlers or style attributes set from JavaScript,
    and HTML strings with handlers are all refused by the policy."""
    code = script.read_text(encoding="utf-8")
    assert not re.search(r"\beval\s*\(|new\s+Function\s*\(", code)
    assert not re.search(r"""setAttribute\(\s*["'](style|on[a-z]+)["']""", code, re.I)
    assert not re.search(r"""\.(innerHTML|outerHTML)\s*=.*\son[a-z]+=""", code, re.I)


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    database = tmp_path_factory.mktemp("security") / "tables.sqlite"
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{database}",
                       "TABLE_CORS_ORIGINS": "https://club.example, https://b.example"})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def _page_urls(app: Flask) -> list[str]:
    """Every GET route without arguments that is not the JSON API, and a page that needs one."""
    urls = sorted({rule.rule for rule in app.url_map.iter_rules()
                   if "GET" in (rule.methods or ()) and not rule.arguments
                   and not rule.rule.startswith("/api/v1/") or rule.rule == "/api/v1/docs"})
    return [*urls, "/no-such-page", "/examples/no-such-example"]


def _assert_headers(response, url: str) -> None:
    for name, value in SECURITY_HEADERS.items():
        assert response.headers.get(name) == value, (url, name)
    policy = response.headers["Content-Security-Policy"]
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "frame-ancestors 'none'" in policy
    assert not re.search(r"https?:|\*", policy)  # no outside origin


def test_every_page_has_the_headers_and_no_inline_code(client: FlaskClient, app: Flask) -> None:
    urls = _page_urls(app)
    assert "/" in urls and "/rules" in urls and "/api/v1/docs" in urls
    for url in urls:
        response = client.get(url)
        assert response.status_code in (200, 404), url
        _assert_headers(response, url)
        if response.mimetype == "text/html":
            assert inline_code(response.get_data(as_text=True)) == [], url


def test_every_static_file_and_docs_asset_has_the_headers(client: FlaskClient) -> None:
    files = sorted(p for p in (STATIC / "web").rglob("*") if p.is_file())
    assert files
    for path in files:
        url = "/static/web/" + path.relative_to(STATIC / "web").as_posix()
        response = client.get(url)
        assert response.status_code == 200, url
        _assert_headers(response, url)
        response.close()
    for name in ("swagger-ui.css", "swagger-ui-bundle.js"):
        response = client.get(f"/api/v1/docs/assets/{name}")
        assert response.status_code == 200
        _assert_headers(response, name)
        response.close()


def test_the_api_answers_carry_the_headers_too(client: FlaskClient) -> None:
    for response in (client.get("/api/v1/rules"), client.get("/api/v1/nothing-here"),
                     client.post("/api/v1/check/play", data="{", content_type="application/json")):
        _assert_headers(response, response.request.path)


def test_a_header_a_view_sets_itself_is_kept_once(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/t.db"})

    @app.get("/framed")
    def framed() -> tuple[str, dict[str, str]]:
        return "ok", {"x-frame-options": "SAMEORIGIN"}

    response = app.test_client().get("/framed")
    assert response.headers.getlist("X-Frame-Options") == ["SAMEORIGIN"]
    for name, value in SECURITY_HEADERS.items():
        if name != "X-Frame-Options":
            assert response.headers.getlist(name) == [value]


def test_policy_is_strict() -> None:
    directives = dict(d.split(" ", 1) for d in CONTENT_SECURITY_POLICY.split("; "))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'"


def _preflight(client: FlaskClient, path: str, origin: str):
    return client.options(path, headers={"Origin": origin,
                                         "Access-Control-Request-Method": "POST",
                                         "Access-Control-Request-Headers": "Content-Type"})


def test_table_endpoints_answer_only_the_configured_origins(client: FlaskClient) -> None:
    for path in ("/api/v1/tables", "/api/v1/tables/abcdefgh12/actions",
                 "/api/v1/duplicate/compare"):
        refused = _preflight(client, path, "https://evil.example")
        assert "Access-Control-Allow-Origin" not in refused.headers, path
        allowed = _preflight(client, path, "https://club.example")
        assert allowed.headers["Access-Control-Allow-Origin"] == "https://club.example"
        methods = {m.strip() for m in allowed.headers["Access-Control-Allow-Methods"].split(",")}
        assert methods <= {"GET", "POST", "OPTIONS"}
    got = client.get("/api/v1/tables/abcdefgh12", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in got.headers


def test_rule_endpoints_stay_open_to_any_origin(client: FlaskClient) -> None:
    response = client.post("/api/v1/check/play", headers={"Origin": "https://anyone.example"},
                           json={"players": 4, "hand": ["KH"], "trick": [], "card": "KH"})
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] in ("*", "https://anyone.example")
    assert _preflight(client, "/api/v1/rules", "https://anyone.example").headers[
        "Access-Control-Allow-Origin"] in ("*", "https://anyone.example")


def test_by_default_no_origin_may_call_the_tables(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/t.sqlite"})
    response = _preflight(app.test_client(), "/api/v1/tables", "https://club.example")
    assert "Access-Control-Allow-Origin" not in response.headers


def _library_hooks(app: Flask) -> None:
    """Put flask-cors's and flask-compress's own hooks back where the app's shortcuts run,
    each on its own (the app runs them fused, their additions remembered)."""
    after = app.after_request_funcs[None] = list(
        reversed(app.after_request_funcs[None][0].hooks))  # unfused: tutor.response_headers
    for i, hook in enumerate(after):
        after[i] = getattr(hook, "uncached", None) or getattr(hook, "library_hook", None) or hook


@pytest.mark.parametrize("origin", [None, "https://club.example", "https://other.example"])
def test_shortcut_hooks_answer_as_the_libraries_do(tmp_path: Path, origin: str | None) -> None:
    """The remembered CORS headers (no Origin), the skipped compression hook (no
    Accept-Encoding) and the fused hooks' remembered additions (tutor.response_headers) give
    every response the very headers flask-cors, flask-compress and the app's hooks give it
    one by one: pages, rules, checks in two languages, a 422, tables, a 404, a 405, twice
    each (the second one remembered)."""
    config = {"DATABASE_URL": f"sqlite:///{tmp_path / 'tutor.sqlite'}",
              "TABLE_CORS_ORIGINS": "https://club.example"}
    fast, plain = create_app(config), create_app(config)
    _library_hooks(plain)
    headers = {"Origin": origin} if origin else {}
    asks = [("GET", "/", None), ("GET", "/api/v1/rules/play.follow-suit", None),
            ("POST", "/api/v1/ping", {}), ("POST", "/api/v1/check/play", {
                "players": 4, "hand": ["KH", "T2"], "trick": ["5H"], "card": "KH"}),
            ("POST", "/api/v1/check/play?lang=en", {  # the same rule, in another language
                "players": 4, "hand": ["KH", "T2"], "trick": ["5H"], "card": "KH"}),
            ("POST", "/api/v1/check/play", {"players": 4}),  # the same rule, a 422
            ("GET", "/api/v1/tables/nothere", None), ("POST", "/api/v1/tables", {"players": 9}),
            ("GET", "/api/v1/nothing", None), ("DELETE", "/api/v1/ping", None),
            ("GET", "/static/web/tutor.css", None)]
    for _ in range(2):
        for method, path, body in asks:
            got = [sorted(app.test_client().open(path, method=method, json=body,
                                                 headers=headers).headers.items())
                   for app in (fast, plain)]
            assert got[0] == got[1], (method, path)
