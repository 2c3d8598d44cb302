"""Input the API used to take silently: a JSON member given twice (the last one won), and the
same bot seat listed twice. Both are refused now, naming what is wrong, in the reader's
language; nothing is recorded."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient
from sqlalchemy import func, select

from tutor import create_app
from tutor.errors import PROBLEM_JSON
from tutor.tables.models import TableRow
from tutor.tables.resources import get_store


@pytest.fixture
def client(tmp_path: Path) -> FlaskClient:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/t.sqlite"})
    return app.test_client()


def _post(client: FlaskClient, path: str, raw: str, lang: str = "en"):
    return client.post(path, data=raw.encode(), content_type="application/json",
                       headers={"Accept-Language": lang})


@pytest.mark.parametrize("raw, member", [
    ('{"players": 4, "hand": ["KH"], "trick": [], "card": "KH", "card": "T21"}', "card"),
    ('{"players": 4, "players": 4, "hand": ["KH"], "trick": [], "card": "KH"}', "players"),
    ('{"players": 4, "hand": ["KH"], "trick": [], "card": "KH", "x": {"a": 1, "a": 1}}', "a"),
])
def test_a_member_given_twice_is_a_400_naming_it(client: FlaskClient, raw: str,
                                                 member: str) -> None:
    response = _post(client, "/api/v1/check/play", raw)
    assert response.status_code == 400 and response.mimetype == PROBLEM_JSON
    body = response.get_json()
    assert body["type"].endswith(":duplicate-key")
    assert body["detail"] == (f"The member “{member}” is given twice in one JSON object: give "
                              "it once.")
    french = _post(client, "/api/v1/check/play", raw, "fr").get_json()
    assert french["detail"].startswith(f"Le membre « {member} » est donné deux fois")


def test_the_same_member_in_different_objects_is_fine(client: FlaskClient) -> None:
    raw = ('{"players": 4, "duplicate": {"taker": 0, "dealer": 0, "hands": [], "chien": []},'
           ' "names": ["a", "b", "c", "d"]}')  # "dealer" in the inner object only: no 400
    response = _post(client, "/api/v1/tables", raw)
    assert response.status_code == 422  # the empty hands, not a member twice
    assert response.get_json()["type"].endswith(":validation-failed")


def test_a_table_member_given_twice_creates_nothing(client: FlaskClient) -> None:
    response = _post(client, "/api/v1/tables", '{"players": 4, "bots": [1], "bots": [1, 2, 3]}')
    assert response.status_code == 400
    assert response.get_json()["type"].endswith(":duplicate-key")
    with client.application.app_context(), get_store().engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(TableRow.__table__)).scalar() == 0


def test_a_bot_seat_given_twice_is_refused(client: FlaskClient) -> None:
    response = client.post("/api/v1/tables", json={"players": 4, "bots": [1, 1, 1]},
                           headers={"Accept-Language": "en"})
    assert response.status_code == 422
    [error] = response.get_json()["errors"]
    assert error == {"pointer": "/bots/1", "code": "duplicate-seat", "params": {"seat": 1},
                     "detail": "Seat 1 is given twice among the bots."}
    french = client.post("/api/v1/tables", json={"players": 4, "bots": [2, 0, 2]})
    assert french.get_json()["errors"][0]["pointer"] == "/bots/2"
    assert french.get_json()["errors"][0]["detail"] == (
        "Le siège 2 est donné deux fois parmi les robots.")
    assert client.post("/api/v1/tables", json={"players": 4, "bots": [3, 1, 2]}).status_code \
        == 201
