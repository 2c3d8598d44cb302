"""Which language a response speaks: ``?lang=``, else the best Accept-Language, else French;
a region gives its language; every response says its language in Content-Language."""

from __future__ import annotations

import pytest
from flask import Flask
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from tutor.i18n import current_language, explain_bid, init_babel
from tutor.i18n.language import pick_language


@pytest.fixture(scope="module")
def app() -> Flask:
    app = Flask("i18n-language")
    init_babel(app)

    @app.get("/lang")
    def lang() -> dict[str, str]:
        return {"lang": current_language(), "text": explain_bid(None, [])}

    @app.get("/boom")
    def boom() -> None:
        raise RuntimeError("boom")

    return app


@pytest.mark.parametrize(("query", "header", "expected"), [
    ("", "", "fr"),                                  # nothing asked: French, the rules' language
    ("", "en", "en"),
    ("", "fr-CA", "fr"),                             # a region gives its language
    ("", "en-GB,en;q=0.8", "en"),
    ("", "en-US,fr;q=0.9", "en"),                    # quality wins over an exact tag
    ("", "de-DE,de;q=0.9", "fr"),                    # unsupported: French
    ("", "de, en-GB;q=0.5", "en"),                   # the best supported one
    ("", "fr;q=0.2, en;q=0.7", "en"),
    ("", "*", "fr"),
    ("", "en;q=0, fr;q=0.1", "fr"),                  # q=0 means "not this one"
    ("?lang=en", "fr", "en"),                        # ?lang beats the header
    ("?lang=FR", "en", "fr"),
    ("?lang=en-GB", "", "en"),
    ("?lang=de", "en-US", "en"),                     # unsupported ?lang: the header decides
    ("?lang=xx", "", "fr"),
])
def test_language_selection(app, query, header, expected):
    headers = {"Accept-Language": header} if header else {}
    response = app.test_client().get(f"/lang{query}", headers=headers)
    assert response.get_json()["lang"] == expected
    assert response.headers["Content-Language"] == expected
    assert "Accept-Language" in response.headers.get("Vary", "")


def test_sentences_follow_the_language(app):
    client = app.test_client()
    assert client.get("/lang?lang=en").get_json()["text"] == "You pass."
    assert client.get("/lang", headers={"Accept-Language": "fr-BE"}).get_json()["text"] == \
        "Vous passez."


def test_content_language_on_errors_too(app):
    client = app.test_client()
    missing = client.get("/nowhere", headers={"Accept-Language": "en-AU"})
    assert missing.status_code == 404
    assert missing.headers["Content-Language"] == "en"
    app.config["PROPAGATE_EXCEPTIONS"] = False
    failed = client.get("/boom?lang=en")
    assert failed.status_code == 500
    assert failed.headers["Content-Language"] == "en"


def test_current_language_outside_a_request_is_french():
    assert current_language() == "fr"


def test_pick_language_without_header():
    assert pick_language(None, None, ("en", "fr")) == "fr"
    accept = parse_accept_header("en-NZ", LanguageAccept)
    assert pick_language("", accept, ("en", "fr")) == "en"


def test_the_real_app_sets_content_language():
    """The API's own app factory wires init_babel (tutor.create_app)."""
    tutor = pytest.importorskip("tutor")
    if not hasattr(tutor, "create_app"):
        pytest.skip("no app factory yet")
    app = tutor.create_app({"TESTING": True})
    client = app.test_client()
    english = client.get("/api/v1/rules/play.follow-suit", headers={"Accept-Language": "en-GB"})
    assert english.headers["Content-Language"] == "en"
    assert english.get_json()["title"] == "Following suit"
    french = client.get("/api/v1/rules/play.follow-suit", headers={"Accept-Language": "es"})
    assert french.headers["Content-Language"] == "fr"
    assert french.get_json()["title"] == "Fournir la couleur"


@pytest.mark.parametrize(("query", "cookie", "header", "expected"), [
    ("", "en", "fr", "en"),                          # the remembered choice beats the header
    ("", "fr", "en-US", "fr"),
    ("?lang=fr", "en", "en", "fr"),                  # ?lang beats the cookie
    ("", "de", "en", "en"),                          # an unsupported cookie: the header decides
    ("", "xx", "", "fr"),
    ("", "en-GB", "", "en"),                         # a region gives its language
])
def test_language_cookie(app, query, cookie, header, expected):
    client = app.test_client()
    client.set_cookie("lang", cookie)
    headers = {"Accept-Language": header} if header else {}
    response = client.get(f"/lang{query}", headers=headers)
    assert response.get_json()["lang"] == expected
    assert response.headers["Content-Language"] == expected
    assert "Cookie" in response.headers.get("Vary", "")


def test_pages_remember_the_language_switch():
    """A page asked for with ?lang= sets the cookie; the next page, without ?lang, keeps it."""
    tutor = pytest.importorskip("tutor")
    client = tutor.create_app({"TESTING": True}).test_client()
    switched = client.get("/rules?lang=en", headers={"Accept-Language": "fr"})
    assert switched.headers["Content-Language"] == "en"
    assert "lang=en" in switched.headers.get("Set-Cookie", "")
    later = client.get("/score", headers={"Accept-Language": "fr"})
    assert later.headers["Content-Language"] == "en"
    assert '<html lang="en">' in later.get_data(as_text=True)
    assert "Set-Cookie" not in later.headers  # only the switch writes the cookie
