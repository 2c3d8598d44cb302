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


def _live(client: FlaskClient) -> dict[str, Any]:
    made = client.post(API, json={"players": 4, "names": ["Ana", "Bob", "Chloé", "Dan"]})
    assert made.status_code == 201
    return dict(made.get_json())


def _handover(client: FlaskClient, made: dict[str, Any], kind: str, seat: int):
    table, referee = made["id"], made["referee_token"]
    seq = client.get(f"{API}/{table}", headers=_bearer(referee)).get_json()["seq"]
    return client.post(f"{API}/{table}/actions", headers=_bearer(referee),
                       json={"type": kind, "seat": seat, "seq": seq})


def test_a_seat_handed_to_a_robot_loses_its_token(client: FlaskClient) -> None:
    """Issue 28: the seat's old token still read its hand after the referee gave it to a
    robot. Now it is withdrawn; giving the seat back issues a new one (a new invite link)."""
    made = _live(client)
    table, old = made["id"], made["seat_tokens"][1]["token"]
    assert client.get(f"{API}/{table}", headers=_bearer(old)).status_code == 200
    ticket = client.post(f"{API}/{table}/stream-tickets", headers=_bearer(old)).get_json()
    handed = _handover(client, made, "robot", 1)
    assert handed.status_code == 201 and "seat_tokens" not in handed.get_json()
    refused = client.get(f"{API}/{table}", headers=_bearer(old))
    assert refused.status_code == 401
    assert client.get(f"{API}/{table}/stream?ticket={ticket['ticket']}").status_code == 401
    back = _handover(client, made, "person", 1)
    assert back.status_code == 201
    issued = back.get_json()["seat_tokens"]
    assert [(t["seat"], t["name"]) for t in issued] == [(1, "Bob")]
    new = issued[0]["token"]
    assert client.get(f"{API}/{table}", headers=_bearer(new)).get_json()["you"]["seat"] == 1
    assert client.get(f"{API}/{table}", headers=_bearer(old)).status_code == 401
    # the other seats and the referee are untouched
    assert client.get(f"{API}/{table}", headers=_bearer(made["seat_tokens"][2]["token"])
                      ).status_code == 200


def test_the_referee_rotates_a_seats_token_and_its_own(client: FlaskClient) -> None:
    made = _live(client)
    table, referee, seat = made["id"], made["referee_token"], made["seat_tokens"][0]["token"]
    url = f"{API}/{table}/tokens"
    assert client.post(url, headers=_bearer(seat), json={"seat": 0}).status_code == 403
    assert client.post(url, json={"seat": 0}).status_code == 401
    bad = client.post(url, headers={**_bearer(referee), "Accept-Language": "en"},
                      json={"seat": 4})
    assert bad.status_code == 422 and bad.get_json()["errors"][0]["pointer"] == "/seat"
    rotated = client.post(url, headers=_bearer(referee), json={"seat": 0})
    assert rotated.status_code == 201 and rotated.headers["Cache-Control"] == "no-store"
    new = rotated.get_json()
    assert (new["seat"], new["name"]) == (0, "Ana") and new["token"] != seat
    assert client.get(f"{API}/{table}", headers=_bearer(seat)).status_code == 401
    assert client.get(f"{API}/{table}", headers=_bearer(new["token"])).status_code == 200
    own = client.post(url, headers=_bearer(referee), json={"seat": None}).get_json()
    assert own["seat"] is None and own["token"] != referee
    assert client.get(f"{API}/{table}", headers=_bearer(referee)).status_code == 401
    view = client.get(f"{API}/{table}", headers=_bearer(own["token"])).get_json()
    assert view["you"]["role"] == "referee"


def test_a_token_withdrawn_in_one_worker_is_refused_by_another(tmp_path: Path) -> None:
    """Two apps on one database (two workers): each caches a table's facts, yet a token
    rotated by one is refused by the other at once."""
    url = f"sqlite:///{tmp_path}/shared.sqlite"
    one = create_app({"TESTING": True, "DATABASE_URL": url}).test_client()
    two = create_app({"TESTING": True, "DATABASE_URL": url}).test_client()
    made = _live(one)
    table, seat = made["id"], made["seat_tokens"][2]["token"]
    assert two.get(f"{API}/{table}", headers=_bearer(seat)).status_code == 200  # cached there
    assert one.post(f"{API}/{table}/tokens", headers=_bearer(made["referee_token"]),
                    json={"seat": 2}).status_code == 201
    assert two.get(f"{API}/{table}", headers=_bearer(seat)).status_code == 401


def test_the_same_action_sent_again_gets_its_first_answer(client: FlaskClient) -> None:
    """Issue 28 item 2: a client that lost the answer of a committed action (a 503, a cut
    connection) sends it again; that retry (same seat, seq and body) is answered with the
    first answer and applied once. Another action at the same seq stays a 409."""
    made = client.post(API, json={"players": 4, "deals": 3}).get_json()
    table = made["id"]
    tokens = {t["seat"]: t["token"] for t in made["seat_tokens"]}
    view = client.get(f"{API}/{table}", headers=_bearer(tokens[0])).get_json()
    mover, seq = view["to_move"], view["seq"]
    bid = {"seat": mover, "type": "bid", "bid": "passe", "seq": seq}
    first = client.post(f"{API}/{table}/actions", json=bid, headers=_bearer(tokens[mover]))
    again = client.post(f"{API}/{table}/actions", json=bid, headers=_bearer(tokens[mover]))
    assert first.status_code == again.status_code == 201
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["seq"] == first.get_json()["seq"]
    assert again.get_json()["events"] == first.get_json()["events"]
    events = client.get(f"{API}/{table}/events", headers=_bearer(tokens[mover])).get_json()
    assert [e["seq"] for e in events["events"] if e["type"] == "action"] == [seq + 1]
    other = client.post(f"{API}/{table}/actions", json={**bid, "bid": "garde"},
                        headers=_bearer(tokens[mover]))
    assert other.status_code == 409 and other.get_json()["seq"] == seq + 1
    nxt = (mover + 1) % 4  # another seat sending the same words is not the same request
    assert client.post(f"{API}/{table}/actions", json={**bid, "seat": nxt},
                       headers=_bearer(tokens[nxt])).status_code == 409


def test_the_schema_says_the_constraints_it_cannot_bound(client: FlaskClient) -> None:
    """Issue 28: schemathesis sent bodies the schema allowed and the service refused (dealer
    4 at a 4-player table, a card both in the hand and the trick). Every seat member bounds
    the seat (0..4) and says the bound the player count sets; every card array whose
    duplicates are a 422 says uniqueItems; the play requests say hand and trick are apart."""
    spec = client.get("/api/v1/openapi.json").get_json()
    schemas = spec["components"]["schemas"]
    seats = 0
    for name, schema in schemas.items():
        for member, field in schema.get("properties", {}).items():
            if member in ("dealer", "taker", "seat", "leader", "partner") and \
                    "integer" in str(field.get("type")) and field.get("maximum") == 4:
                seats += 1
                assert "players − 1" in field.get("description", ""), (name, member)
    assert seats >= 10
    for name in ("PlayRequest", "PlayAdviceRequest"):
        play = schemas[name]["properties"]
        assert play["hand"]["uniqueItems"] is True and play["trick"]["uniqueItems"] is True
        assert "none of them in the hand" in play["trick"]["description"]


def test_a_handover_to_a_robot_sent_again_gets_its_first_answer(client: FlaskClient) -> None:
    """The referee's handover to a robot is replayed like a seat's action; a seat given back
    to a person is not (its first answer carried a new token, kept hashed only): 409."""
    made = _live(client)
    table, referee = made["id"], made["referee_token"]
    seq = client.get(f"{API}/{table}", headers=_bearer(referee)).get_json()["seq"]
    body = {"type": "robot", "seat": 1, "seq": seq}
    first = client.post(f"{API}/{table}/actions", headers=_bearer(referee), json=body)
    again = client.post(f"{API}/{table}/actions", headers=_bearer(referee), json=body)
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["events"] == first.get_json()["events"]
    seq = again.get_json()["table"]["seq"]
    back = {"type": "person", "seat": 1, "seq": seq}
    assert client.post(f"{API}/{table}/actions", headers=_bearer(referee),
                       json=back).status_code == 201
    assert client.post(f"{API}/{table}/actions", headers=_bearer(referee),
                       json=back).status_code == 409
