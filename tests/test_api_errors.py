"""Every HTTP error of the API is problem+json (RFC 9457) in the reader's language: 400, 404,
405, 413, 415, 422, and even an unexpected exception (500); CORS, Content-Language, the OpenAPI
document and the offline docs page."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tutor import create_app
from tutor.errors import ERROR_KEYS
from tutor.i18n import error_text

PLAY = {"players": 4, "hand": ["7H", "KH"], "trick": [], "card": "7H"}


@pytest.fixture(scope="module")
def app() -> Flask:
    return create_app({"TESTING": True})


@pytest.fixture(scope="module")
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def assert_problem(response: Any, status: int, key: str) -> dict[str, Any]:
    assert response.status_code == status
    assert response.mimetype == "application/problem+json"
    payload = response.get_json()
    assert payload["status"] == status
    assert payload["type"] == f"urn:tarot-tutor:problem:{key}"
    assert isinstance(payload["title"], str) and payload["title"]
    assert isinstance(payload["detail"], str) and payload["detail"]
    assert "Content-Language" in response.headers
    if response.request.path.startswith("/api/v1/tables"):  # only the configured origins
        assert "Access-Control-Allow-Origin" not in response.headers
    elif response.request.path.startswith("/api/v1/"):
        assert response.headers["Access-Control-Allow-Origin"] == "*"
    return payload


def test_malformed_json_is_400(client: FlaskClient) -> None:
    for body in ['{"players": 4,', "", "NaN", '{"points": Infinity}', "\xff",
                 '{"players": ' + "9" * 5000 + "}", "[" * 100_00 + "]" * 100_00]:
        response = client.post("/api/v1/check/play", data=body,
                               content_type="application/json")
        assert_problem(response, 400, "malformed-json")


def test_body_over_64_kib_is_413(client: FlaskClient) -> None:
    body = '{"players": 4, "hand": [' + ", ".join(['"7H"'] * 20000) + "]}"
    assert len(body) > 64 * 1024
    response = client.post("/api/v1/check/play", data=body, content_type="application/json")
    payload = assert_problem(response, 413, "body-too-large")
    assert "errors" not in payload


def test_body_just_under_the_limit_is_read(client: FlaskClient) -> None:
    body = '{"players": 4, "hand": [' + ", ".join(['"7H"'] * 10000) + "]}"
    assert len(body) < 64 * 1024
    response = client.post("/api/v1/check/play", data=body, content_type="application/json")
    assert response.status_code == 422


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded",
                                          None])
def test_wrong_content_type_is_415(client: FlaskClient, content_type: str | None) -> None:
    response = client.post("/api/v1/check/play", data='{"players": 4}',
                           content_type=content_type)
    assert_problem(response, 415, "unsupported-media-type")


def test_compressed_body_is_415_with_accept_encoding(client: FlaskClient) -> None:
    """A gzipped body was read as is and refused as malformed JSON (400), and a plain body
    labelled gzip was read as plain: the API reads uncompressed JSON only, so any content
    coding but the identity is a 415 naming it, with ``Accept-Encoding: identity`` (RFC 7694)."""
    import gzip
    import json

    raw = json.dumps(PLAY).encode()
    for data, coding in ((gzip.compress(raw), "gzip"), (raw, "gzip"), (raw, "br")):
        response = client.post("/api/v1/check/play?lang=en", data=data,
                               content_type="application/json",
                               headers={"Content-Encoding": coding})
        payload = assert_problem(response, 415, "unsupported-media-type")
        assert response.headers["Accept-Encoding"] == "identity"
        assert f"Content-Encoding: {coding}" in payload["detail"]
    response = client.post("/api/v1/check/play", data=raw, content_type="application/json",
                           headers={"Content-Encoding": "identity"})
    assert response.status_code == 200


def test_json_suffix_content_type_accepted(client: FlaskClient) -> None:
    response = client.post("/api/v1/check/play", json=PLAY,
                           content_type="application/vnd.api+json")
    assert response.status_code == 200


def test_unknown_path_is_404(client: FlaskClient) -> None:
    for path in ("/api/v1/nothing", "/api/v2/check/play", "/api/v1/check/play/extra"):
        assert_problem(client.get(path), 404, "not-found")


def test_wrong_method_is_405_with_allow(client: FlaskClient) -> None:
    response = client.get("/api/v1/check/play?lang=en")
    assert_problem(response, 405, "method-not-allowed")
    assert "POST" in response.headers["Allow"]
    response = client.delete("/api/v1/rules")
    assert_problem(response, 405, "method-not-allowed")
    assert "GET" in response.headers["Allow"]


def test_422_has_per_field_errors_in_both_languages(client: FlaskClient) -> None:
    french = client.post("/api/v1/check/play?lang=fr", json={**PLAY, "card": "ZZ"})
    english = client.post("/api/v1/check/play?lang=en", json={**PLAY, "card": "ZZ"})
    for response, lang in ((french, "fr"), (english, "en")):
        payload = assert_problem(response, 422, "validation-failed")
        assert response.headers["Content-Language"] == lang
        error, = payload["errors"]
        assert (error["pointer"], error["code"], error["params"]) == (
            "/card", "unknown-card", {"text": "ZZ"})
        assert "ZZ" in error["detail"]
    assert french.get_json()["title"] != english.get_json()["title"]
    assert french.get_json()["detail"] != english.get_json()["detail"]


def test_unexpected_exception_is_500_problem() -> None:
    app = create_app({"PROPAGATE_EXCEPTIONS": False})

    @app.route("/api/v1/boom")
    def boom() -> str:
        raise RuntimeError("boom")

    response = app.test_client().get("/api/v1/boom?lang=en")
    payload = assert_problem(response, 500, "internal-error")
    assert "boom" not in payload["detail"]


def test_every_error_key_has_a_sentence_in_both_languages(app: Flask) -> None:
    params = {"text": "ZZ", "card": "KH", "size": 7, "players": 4, "max": 6, "min": 1,
              "value": 9, "count": 2, "expected": 18, "field": "colour", "choices": "a, b",
              "seat": 2, "trick": 3, "level": "simple", "id": "x.y", "path": "/x",
              "method": "PUT", "allowed": "GET", "max_bytes": 65536, "content_type": "text/x",
              "reason": "bouts-points", "bouts": 3, "points_half": 10, "name": "Ana",
              "deal": 2,
              # the tables' keys, rendered by the same handler since it is the only one
              "action": "play", "cards": ["KH"], "table": "AAAAAAAA", "first": "BBBBBBBB",
              "asked": 1, "seq": 5, "sent": 4, "member": "card", "date": "2026-12-01",
              "lang": "de", "supported": "en, fr",
              "number": 2, "code": "U+0000", "position": 3}
    for lang in ("fr", "en"):
        with app.test_request_context(f"/?lang={lang}"):
            for key in sorted(ERROR_KEYS):
                assert error_text(key, **params), key


def test_cors_preflight_and_headers(client: FlaskClient) -> None:
    response = client.options("/api/v1/check/play", headers={
        "Origin": "https://app.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "Content-Type"})
    assert response.status_code == 200
    allowed = ("*", "https://app.example")
    assert response.headers["Access-Control-Allow-Origin"] in allowed
    assert "POST" in response.headers["Access-Control-Allow-Methods"]
    response = client.post("/api/v1/check/play", json=PLAY,
                           headers={"Origin": "https://app.example"})
    assert response.headers["Access-Control-Allow-Origin"] in allowed
    exposed = response.headers["Access-Control-Expose-Headers"]
    assert "Content-Language" in exposed
    assert "ETag" in exposed  # a browser app revalidates the rules itself (If-None-Match)


def test_openapi_document(client: FlaskClient) -> None:
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    spec = response.get_json()
    assert spec["openapi"].startswith("3.")
    paths = set(spec["paths"])
    assert paths >= {"/api/v1/check/play", "/api/v1/check/ecart", "/api/v1/check/bid",
                     "/api/v1/check/king-call", "/api/v1/check/poignee",
                     "/api/v1/check/hand", "/api/v1/check/deal", "/api/v1/score",
                     "/api/v1/score/deal", "/api/v1/rules", "/api/v1/rules/{rule_id}"}
    play = spec["paths"]["/api/v1/check/play"]["post"]
    assert "application/json" in play["requestBody"]["content"]
    assert {"200", "400", "413", "415", "422", "default"} <= set(play["responses"])
    assert "404" in spec["paths"]["/api/v1/rules/{rule_id}"]["get"]["responses"]
    errors = spec["components"]["responses"]["UNPROCESSABLE_ENTITY"]["content"]
    assert "application/problem+json" in errors
    schemas = spec["components"]["schemas"]
    hand = schemas["PlayRequest"]["properties"]["hand"]
    assert hand["type"] == "array" and hand["items"]["type"] == "string"
    points = schemas["ScoreRequest"]["properties"]["points"]
    assert (points["multipleOf"], points["minimum"], points["maximum"]) == (0.5, 0, 91)


def test_docs_page_served_offline(client: FlaskClient) -> None:
    page = client.get("/api/v1/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert "http://" not in html and "https://" not in html
    assert "/api/v1/openapi.json" in html
    for asset in ("swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js"):
        assert f"/api/v1/docs/assets/{asset}" in html
        response = client.get(f"/api/v1/docs/assets/{asset}")
        assert response.status_code == 200 and len(response.data) > 1000
    assert client.get("/api/v1/docs/assets/../../etc/passwd").status_code == 404
    # the package's demo page would load a petstore from the web: not served
    assert client.get("/api/v1/docs/assets/index.html").status_code == 404


def test_ping(client: FlaskClient) -> None:
    assert client.get("/api/v1/ping").get_json() == {"status": "ok"}
    assert client.post("/api/v1/ping", data="anything").get_json() == {"status": "ok"}


def test_api_module_doctests() -> None:
    """The doctests of the API's modules (pytest collects doctests from rules_fr only)."""
    import doctest

    import tutor.cli
    import tutor.errors
    import tutor.fields

    for module in (tutor.errors, tutor.fields, tutor.cli):
        failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert attempted > 0 and failed == 0, module.__name__


def test_other_statuses_keep_the_shape(client: FlaskClient) -> None:
    response = client.get("/api/v1/docs/assets/swagger-ui.css",
                          headers={"Range": "bytes=99999999-"})
    payload = assert_problem(response, 416, "title-400")
    assert payload["detail"] == payload["title"]


def test_lone_surrogate_escape_is_malformed_json_400(client: FlaskClient) -> None:
    """JSON's ``\\udfff`` escape spells half a UTF-16 pair: Python keeps it, and the answer
    naming it (an unknown card, an unknown field) could not be encoded — it was a 500. The body
    is not text: 400, on every endpoint's parser (a key, a card, a table's name)."""
    for path, body in [
        ("/api/v1/check/play", '{"players": 4, "hand": ["\\udfff"], "card": "KH"}'),
        ("/api/v1/check/hand", '{"players": 4, "hand": ["KH"], "\\ud800": 1}'),
        ("/api/v1/score", '{"players": 4, "contract": "\\udc00garde", "bouts": 1, '
                          '"points": 50}'),
        ("/api/v1/tables", '{"names": ["A", "B", "C\\ud83d"]}'),
    ]:
        response = client.post(path, data=body, content_type="application/json")
        assert_problem(response, 400, "malformed-json")
    utf16 = '{"players": 4, "hand": ["\\udfff"], "card": "KH"}'.encode("utf-16")
    response = client.post("/api/v1/check/play", data=utf16, content_type="application/json")
    assert_problem(response, 400, "malformed-json")
    # a whole pair is one character (an emoji): read, and refused as an unknown card
    response = client.post("/api/v1/check/play", content_type="application/json",
                           data='{"players": 4, "hand": ["\\ud83d\\ude00"], "card": "KH"}')
    payload = assert_problem(response, 422, "validation-failed")
    assert payload["errors"][0]["params"] == {"text": "\U0001F600"}


def test_docs_asset_failed_precondition_is_412_problem(client: FlaskClient) -> None:
    """werkzeug answers a failed If-Match with a bare 412 in the asset's own content type;
    the docs assets are under /api/v1, so it is problem+json like their 404 and 416."""
    response = client.get("/api/v1/docs/assets/swagger-ui.css", headers={"If-Match": '"x"'})
    payload = assert_problem(response, 412, "title-400")
    assert payload["detail"] == payload["title"]
