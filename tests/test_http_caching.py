"""HTTP caching of what only changes with a deploy: strong ETags and 304 on the rules, the
worked examples, the OpenAPI document and the static files; Cache-Control on them; JSON over
1 KiB compressed; CORS preflights cached; an unsupported ``?lang=`` refused, Accept-Language
still falling back quietly."""

from __future__ import annotations

import gzip

import brotli
import pytest
from flask.testing import FlaskClient

CACHED = ["/api/v1/rules", "/api/v1/rules/play.overtrump", "/api/v1/rules?q=excuse",
          "/api/v1/openapi.json", "/examples/marque/une-garde-contre-chutee"]


@pytest.mark.parametrize("path", CACHED)
def test_strong_etag_and_304(client: FlaskClient, path: str) -> None:
    first = client.get(path)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert etag.startswith('"') and not etag.startswith("W/")
    assert "public" in first.headers["Cache-Control"] and "max-age=" in first.headers[
        "Cache-Control"]
    again = client.get(path, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == etag
    assert client.get(path, headers={"If-None-Match": '"other"'}).status_code == 200


def test_etag_differs_per_language(client: FlaskClient) -> None:
    french = client.get("/api/v1/rules/play.overtrump?lang=fr")
    english = client.get("/api/v1/rules/play.overtrump?lang=en")
    assert french.headers["ETag"] != english.headers["ETag"]
    assert "Accept-Language" in english.headers["Vary"]
    stale = client.get("/api/v1/rules/play.overtrump?lang=en",
                       headers={"If-None-Match": french.headers["ETag"]})
    assert stale.status_code == 200


def test_static_files_are_conditional(client: FlaskClient) -> None:
    first = client.get("/static/web/tutor.css")
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert not etag.startswith("W/")
    assert "max-age=" in first.headers["Cache-Control"]
    assert client.get("/static/web/tutor.css",
                      headers={"If-None-Match": etag}).status_code == 304


def test_answers_to_actions_are_not_marked_cacheable(client: FlaskClient) -> None:
    body = {"players": 4, "hand": ["7H", "KH", "T3", "EX", "2S"], "trick": ["5H"],
            "card": "T3"}
    response = client.post("/api/v1/check/play", json=body)
    assert "ETag" not in response.headers and "public" not in response.headers.get(
        "Cache-Control", "")


@pytest.mark.parametrize(("coding", "decode"), [("gzip", gzip.decompress),
                                                 ("br", brotli.decompress)])
def test_large_json_is_compressed(client: FlaskClient, coding: str, decode) -> None:
    plain = client.get("/api/v1/rules?lang=en")
    packed = client.get("/api/v1/rules?lang=en", headers={"Accept-Encoding": coding})
    assert packed.headers["Content-Encoding"] == coding
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert decode(packed.data) == plain.data
    assert len(packed.data) < len(plain.data) / 4
    # the coded body has its own strong tag, and revalidates
    assert packed.headers["ETag"] == plain.headers["ETag"][:-1] + f':{coding}"'
    assert client.get("/api/v1/rules?lang=en", headers={
        "Accept-Encoding": coding, "If-None-Match": packed.headers["ETag"]}).status_code == 304


def test_gzip_bytes_do_not_depend_on_the_clock(client: FlaskClient,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A strong ETag promises the same bytes: gzip's header time stamp is left empty, so two
    workers, or the same one a minute later, send the same compressed body under it."""
    import time

    headers = {"Accept-Encoding": "gzip"}
    first = client.get("/api/v1/openapi.json", headers=headers)
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + 60)  # gzip reads the clock here
    later = client.get("/api/v1/openapi.json", headers=headers)
    assert first.headers["Content-Encoding"] == later.headers["Content-Encoding"] == "gzip"
    assert first.headers["ETag"] == later.headers["ETag"]
    assert first.data == later.data and first.data[4:8] == bytes(4)
    assert gzip.decompress(first.data) == client.get("/api/v1/openapi.json").data


def test_small_json_is_not_compressed(client: FlaskClient) -> None:
    response = client.get("/api/v1/ping", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in response.headers


def test_preflight_is_cached(client: FlaskClient) -> None:
    response = client.options("/api/v1/check/play", headers={
        "Origin": "https://app.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "Content-Type"})
    assert response.status_code == 200
    assert int(response.headers["Access-Control-Max-Age"]) >= 3600


@pytest.mark.parametrize("lang", ["de", "xx-YY", "e"])
def test_unsupported_lang_is_a_400_naming_the_languages(client: FlaskClient, lang: str) -> None:
    response = client.get(f"/api/v1/rules/play.overtrump?lang={lang}",
                          headers={"Accept-Language": "en"})
    assert response.status_code == 400
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert problem["type"].endswith(":unsupported-language")
    assert problem["supported"] == ["en", "fr"]
    assert "“en”" not in problem["detail"] and "en, fr" in problem["detail"]
    assert response.headers["Content-Language"] == "en"  # the error in the reader's language
    posted = client.post(f"/api/v1/check/bid?lang={lang}",
                         json={"players": 4, "bids": [], "bid": "garde"})
    assert posted.status_code == 400


def test_accept_language_still_falls_back_quietly(client: FlaskClient) -> None:
    response = client.get("/api/v1/rules/play.overtrump", headers={"Accept-Language": "de-AT"})
    assert response.status_code == 200 and response.headers["Content-Language"] == "fr"
    regional = client.get("/api/v1/rules/play.overtrump?lang=en-GB")
    assert regional.status_code == 200 and regional.headers["Content-Language"] == "en"
