"""Issue 28, through the Flask test client: answers that carry tokens or hands are never
cached, HSTS over TLS only, control characters refused in text fields, tokens withdrawn.
The same defects against the real server: tests/test_hardening_server.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from tutor import create_app

API = "/api/v1/tables"


@pytest.fixture()
def client(tmp_path: Path) -> FlaskClient:
    return create_app({"TESTING": True,
                       "DATABASE_URL": f"sqlite:///{tmp_path}/t.sqlite"}).test_client()


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _practice(client: FlaskClient) -> dict[str, Any]:
    made = client.post(API, json={"players": 4, "bots": [1, 2, 3]})
    assert made.status_code == 201
    assert made.headers["Cache-Control"] == "no-store"
    return dict(made.get_json())


def test_every_answer_with_a_token_or_a_hand_is_not_stored(client: FlaskClient) -> None:
    made = _practice(client)
    table, seat = made["id"], made["seat_tokens"][0]["token"]
    view = client.get(f"{API}/{table}", headers=_bearer(seat))
    assert view.status_code == 200 and "hand" in view.get_json()["deal"]
    bid = view.get_json()["you"]["legal"]["bids"][0]
    answers = [
        view,
        client.get(f"{API}/{table}", headers=_bearer(made["referee_token"])),
        client.get(f"{API}/{table}/events", headers=_bearer(seat)),
        client.post(f"{API}/{table}/stream-tickets", headers=_bearer(seat)),
        client.post(f"{API}/{table}/actions", headers=_bearer(seat),
                    json={"type": "bid", "bid": bid, "seat": 0,
                          "seq": view.get_json()["seq"]}),
        client.post(f"{API}/{table}/undo", headers=_bearer(seat)),
        client.get(f"{API}/{table}", headers=_bearer("x" * 43)),  # a 401 too
    ]
    assert [a.status_code for a in answers] == [200, 200, 200, 201, 201, 201, 401]
    for answer in answers:
        assert answer.headers["Cache-Control"] == "no-store", answer.request.path


def test_hsts_over_tls_only(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/t.sqlite",
                      "TRUSTED_PROXIES": 1})
    client = app.test_client()
    body = {"players": 4, "contract": "garde", "bouts": 2, "points": 49}
    for _ in range(2):  # the second answer of a kind takes the remembered headers
        plain = client.post("/api/v1/score", json=body)
        assert plain.status_code == 200 and "Strict-Transport-Security" not in plain.headers
        tls = client.post("/api/v1/score", json=body, headers={"X-Forwarded-Proto": "https"})
        assert tls.status_code == 200
        assert tls.headers["Strict-Transport-Security"].startswith("max-age=31536000")
    untrusted = create_app({"TESTING": True,
                            "DATABASE_URL": f"sqlite:///{tmp_path}/u.sqlite"}).test_client()
    forged = untrusted.post("/api/v1/score", json=body, headers={"X-Forwarded-Proto": "https"})
    assert "Strict-Transport-Security" not in forged.headers  # no proxy trusted: clear text


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("bad", ["Bob\x00", "\x1b[31mBob", "Bo\nb", "Bob\x85"])
def test_a_name_with_a_control_character_is_a_422_naming_it(client: FlaskClient, bad: str,
                                                            lang: str) -> None:
    """Issue 28: a NUL in a name was a 500 on PostgreSQL (SQLite stored it); now every
    database gets the same 422, for the tables and the partie's scoresheet alike."""
    import json

    names = ["Alice", bad, "Chloé", "Dan"]
    for path, body in ((API, {"names": names}), ("/api/v1/partie", {"names": names,
                                                                   "deals": []})):
        answer = client.post(path, data=json.dumps(body), content_type="application/json",
                             headers={"Accept-Language": lang})
        assert answer.status_code == 422, path
        problem = answer.get_json()
        error = problem["errors"][0]
        assert error["pointer"] == "/names/1" and error["code"] == "control-character"
        assert ("Chloé" in error["detail"]) and ("U+" in error["detail"])
        assert ("contrôle" if lang == "fr" else "control character") in error["detail"]
    assert client.post(API, json={"names": ["Zoë", "李", "O'Neil", "Ana-María"]}
                       ).status_code == 201


def test_a_lone_surrogate_in_a_name_is_refused_before_any_database(client: FlaskClient) -> None:
    body = '{"names": ["Alice", "Bo\\ud800b", "Chloé", "Dan"]}'  # JSON's escape of U+D800
    answer = client.post(API, data=body, content_type="application/json")
    assert answer.status_code in (400, 422) and answer.mimetype == "application/problem+json"


def test_names_say_their_constraints_in_the_schema(client: FlaskClient) -> None:
    spec = client.get("/api/v1/openapi.json").get_json()
    names = spec["components"]["schemas"]["CreateTableRequest"]["properties"]["names"]
    assert names["items"]["pattern"].startswith("^[^") and names["items"]["maxLength"] == 40
