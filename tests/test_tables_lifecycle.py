"""Tables end (tutor.tables.lifecycle): a partie over or idle closes its table (read-only: every
action 410 Gone with the reason, the log still readable), and the retention command archives
or deletes what was closed long ago (its tokens then get 410 too). Also: per-process caches
stay bounded whatever the number of tables seen, and each deal records the seed it was
shuffled from."""

from __future__ import annotations

import gc
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select, update

from rules_fr.deal import deal
from tutor import create_app
from tutor.errors import PROBLEM_JSON
from tutor.tables import store as store_module
from tutor.tables.models import EventRow, SeatRow, TableRow
from tutor.tables.resources import get_store

_events, _tables, _seats = EventRow.__table__, TableRow.__table__, SeatRow.__table__


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/t.sqlite",
                       "TABLE_IDLE_HOURS": 6, "TABLE_RETENTION_DAYS": 10})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def _create(client: FlaskClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/v1/tables", json={"players": 4, **body})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def _bearer(token: str, lang: str = "en") -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", "Accept-Language": lang}


def _age(app: Flask, table_id: str, hours: float) -> None:
    """Make every event of the table (and its creation) ``hours`` older."""
    then = datetime.now(UTC) - timedelta(hours=hours)
    with app.app_context(), get_store().engine.begin() as conn:
        conn.execute(update(_events).where(_events.c.table_id == table_id).values(created=then))
        conn.execute(update(_tables).where(_tables.c.id == table_id).values(created=then))


def _age_closing(app: Flask, table_id: str, days: float) -> None:
    then = datetime.now(UTC) - timedelta(days=days)
    with app.app_context(), get_store().engine.begin() as conn:
        conn.execute(update(_tables).where(_tables.c.id == table_id).values(closed=then))


def _gone(response, kind: str) -> dict[str, Any]:
    assert response.status_code == 410, response.get_json()
    assert response.mimetype == PROBLEM_JSON
    body = response.get_json()
    assert body["type"].endswith(f":{kind}") and body["title"] == "Gone"
    return body


def test_a_partie_over_closes_its_table_read_only(client: FlaskClient) -> None:
    created = _create(client, bots=[0, 1, 2, 3], deals=3)  # bots play the whole partie
    assert created["table"]["over"] and created["table"]["closed"] == {"reason": "over"}
    table, referee = created["id"], created["referee_token"]
    seat = created["seat_tokens"][0]["token"]
    for token in (referee, seat):
        view = client.get(f"/api/v1/tables/{table}", headers=_bearer(token))
        assert view.status_code == 200 and view.get_json()["closed"]["reason"] == "over"
        events = client.get(f"/api/v1/tables/{table}/events", headers=_bearer(token))
        assert events.status_code == 200 and events.get_json()["events"]  # the log: review
    before = client.get(f"/api/v1/tables/{table}/events", headers=_bearer(referee)).get_json()
    for body in ({"type": "pause", "seq": before["seq"]}, {"type": "annul", "seq": 1}):
        detail = _gone(client.post(f"/api/v1/tables/{table}/actions", json=body,
                                   headers=_bearer(referee)), "table-closed")["detail"]
        assert "partie is over" in detail
    french = client.post(f"/api/v1/tables/{table}/actions", json={"type": "pause", "seq": 1},
                         headers=_bearer(referee, "fr")).get_json()
    assert french["title"] == "Plus disponible" and "partie est finie" in french["detail"]
    after = client.get(f"/api/v1/tables/{table}/events", headers=_bearer(referee)).get_json()
    assert after == before  # nothing recorded


def test_the_stream_of_a_closed_table_sends_what_is_left_then_204(client: FlaskClient) -> None:
    created = _create(client, bots=[0, 1, 2, 3], deals=3)
    table, token = created["id"], created["referee_token"]
    seq = created["table"]["seq"]
    rest = client.get(f"/api/v1/tables/{table}/stream?since={seq - 2}", headers=_bearer(token))
    assert rest.status_code == 200
    assert rest.get_data(as_text=True).count("\nevent: ") == 2
    done = client.get(f"/api/v1/tables/{table}/stream?since={seq}", headers=_bearer(token))
    assert done.status_code == 204  # an EventSource stops reconnecting


def test_an_idle_table_closes(client: FlaskClient, app: Flask) -> None:
    created = _create(client, bots=[1, 2, 3])
    table, seat = created["id"], created["seat_tokens"][0]["token"]
    view = client.get(f"/api/v1/tables/{table}", headers=_bearer(seat)).get_json()
    assert "closed" not in view and view["to_move"] == 0
    _age(app, table, 5)  # not yet
    assert "closed" not in client.get(f"/api/v1/tables/{table}",
                                      headers=_bearer(seat)).get_json()
    _age(app, table, 7)
    bid = {"type": "bid", "seat": 0, "bid": "passe", "seq": view["seq"]}
    body = _gone(client.post(f"/api/v1/tables/{table}/actions", json=bid,
                             headers=_bearer(seat)), "table-closed")
    assert "nothing happened at it for 6 hours" in body["detail"]
    view = client.get(f"/api/v1/tables/{table}", headers=_bearer(seat)).get_json()
    assert view["closed"]["reason"] == "idle" and view["seq"] == bid["seq"]


def test_an_open_table_plays_on(client: FlaskClient) -> None:
    created = _create(client, bots=[1, 2, 3])
    seat = created["seat_tokens"][0]["token"]
    view = created["table"]
    response = client.post(f"/api/v1/tables/{created['id']}/actions", headers=_bearer(seat),
                           json={"type": "bid", "seat": 0, "bid": "passe", "seq": view["seq"]})
    assert response.status_code == 201
    assert "closed" not in response.get_json()["table"]


def _retention(app: Flask, *args: str) -> str:
    result = app.test_cli_runner().invoke(args=["tables", "retention", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_retention_archives_then_deletes_and_tokens_get_410(client: FlaskClient, app: Flask,
                                                            tmp_path: Path) -> None:
    old = _create(client, bots=[0, 1, 2, 3], deals=3)
    recent = _create(client, bots=[0, 1, 2, 3], deals=3)
    idle = _create(client, bots=[1, 2, 3])
    open_table = _create(client, bots=[1, 2, 3])
    _age_closing(app, old["id"], 11)
    _age(app, idle["id"], 7)
    out = _retention(app, "--archive-dir", str(tmp_path / "archive"))
    assert "closed idle: 1; archived: 1" in out
    [archive] = list((tmp_path / "archive").glob("tables-*.jsonl"))
    [record] = [json.loads(line) for line in archive.read_text(encoding="utf-8").splitlines()]
    assert record["id"] == old["id"] and record["closed_reason"] == "over"
    assert record["events"][0]["type"] == "deal" and "seed" in record["events"][0]["data"]
    assert len(record["events"]) == old["table"]["seq"]
    with app.app_context(), get_store().engine.connect() as conn:
        for table in (_events, _seats):
            left = conn.execute(select(func.count()).select_from(table)
                                .where(table.c.table_id == old["id"])).scalar_one()
            assert left == 0
        tombstone = conn.execute(select(_tables).where(_tables.c.id == old["id"])).one()
        assert tombstone.archived is not None and tombstone.names == []
        assert tombstone.referee_hash == ""
    for token in (old["referee_token"], old["seat_tokens"][1]["token"]):
        body = _gone(client.get(f"/api/v1/tables/{old['id']}", headers=_bearer(token)),
                     "table-archived")
        assert datetime.now(UTC).date().isoformat() in body["detail"]
    for kept in (recent, idle, open_table):
        assert client.get(f"/api/v1/tables/{kept['id']}",
                          headers=_bearer(kept["referee_token"])).status_code == 200
    view = client.get(f"/api/v1/tables/{idle['id']}", headers=_bearer(idle["referee_token"]))
    assert view.get_json()["closed"]["reason"] == "idle"
    # --delete writes nothing; --days chooses the age
    out = _retention(app, "--delete", "--days", "0")
    assert "deleted: 2" in out
    assert len(list((tmp_path / "archive").glob("*"))) == 1
    _gone(client.get(f"/api/v1/tables/{idle['id']}", headers=_bearer(idle["referee_token"])),
          "table-archived")
    assert client.get(f"/api/v1/tables/{open_table['id']}",
                      headers=_bearer(open_table["referee_token"])).status_code == 200


def test_retention_needs_to_be_told_archive_or_delete(app: Flask) -> None:
    result = app.test_cli_runner().invoke(args=["tables", "retention"])
    assert result.exit_code != 0 and "--archive-dir" in result.output


def test_per_process_caches_stay_bounded(client: FlaskClient, app: Flask,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "CACHE_SIZE", 3)
    monkeypatch.setattr(store_module, "INFO_CACHE_SIZE", 4)
    created = [_create(client, bots=[1, 2, 3]) for _ in range(10)]
    for table in created:
        assert client.get(f"/api/v1/tables/{table['id']}",
                          headers=_bearer(table["referee_token"])).status_code == 200
    gc.collect()
    with app.app_context():
        store = get_store()
        assert len(store._states) <= 3
        assert len(store._infos) <= 4
        assert len(store._table_locks) == 0  # no lock is held: none is kept


def test_each_deal_is_dealt_again_exactly_from_its_seed(client: FlaskClient,
                                                         app: Flask) -> None:
    for players in (3, 4, 5, 6):
        created = _create(client, players=players, bots=list(range(players)), deals=3)
        with app.app_context():
            events = get_store().events(created["id"], 0, limit=100_000)
        deals = [e for e in events if e.type == "deal"]
        assert len(deals) >= 3
        seeds = {e.data["seed"] for e in deals}
        assert len(seeds) == len(deals) and all(0 <= s < 2**128 for s in seeds)
        for event in deals:
            again = deal(len(event.data["people"]), event.data["dealer_seat"],
                         seed=event.data["seed"])
            assert [h.codes() for h in again.hands] == event.data["hands"]
            assert again.chien.codes() == event.data["chien"]
        # no token sees the seed: it would tell every hand
        for token in (created["referee_token"], created["seat_tokens"][0]["token"]):
            text = client.get(f"/api/v1/tables/{created['id']}/events",
                              headers=_bearer(token)).get_data(as_text=True)
            assert "seed" not in text
            text = client.get(f"/api/v1/tables/{created['id']}",
                              headers=_bearer(token)).get_data(as_text=True)
            assert "seed" not in text
