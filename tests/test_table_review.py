"""The review of a scored deal and undo at a practice table, through the Flask test client.

A review lays the finished deal open: the piles each camp won, counted by the core, always
make 91 points and three bouts; every card of the deal is in exactly one pile. Undo forks the
table just before the learner's last decision: same position, new table, the old one kept.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from rules_fr.cards import CARDS, parse_cards, points_half
from tutor import create_app

API = "/api/v1/tables"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> FlaskClient:
    url = f"sqlite:///{tmp_path_factory.mktemp('review') / 't.sqlite'}"
    return create_app({"TESTING": True, "DATABASE_URL": url}).test_client()


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _practice(client: FlaskClient, players: int = 4) -> tuple[str, str]:
    made = client.post(API, json={"players": players, "deals": 3,
                                  "bots": list(range(1, players))}).get_json()
    return made["id"], made["seat_tokens"][0]["token"]


def _move(client: FlaskClient, view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal action of seat 0 (the advised écart, so that it is legal)."""
    legal = view["you"]["legal"]
    if legal["bids"]:
        return {"type": "bid", "bid": rng.choice(legal["bids"])}
    if legal["calls"]:
        return {"type": "call", "card": rng.choice(legal["calls"])}
    if legal["ecart"]:
        deal = view["deal"]
        advice = client.post("/api/v1/advice/ecart", json={
            "players": view["players"], "contract": deal["contract"], "hand": deal["hand"],
            "chien": deal["chien"], "called_card": deal["called_card"]}).get_json()
        return {"type": "ecart", "cards": advice["ecart"]}
    if legal["jeu"]:
        return {"type": "jeu"}
    return {"type": "play", "card": rng.choice(legal["cards"])}


def _play_deal(client: FlaskClient, table: str, token: str, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        view = client.get(f"{API}/{table}", headers=_auth(token)).get_json()
        if view["scoresheet"]["entries"]:
            return
        body = {"seat": 0, "seq": view["seq"], **_move(client, view, rng)}
        response = client.post(f"{API}/{table}/actions", json=body, headers=_auth(token))
        assert response.status_code == 201, response.get_json()
    pytest.fail("the deal did not end")


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2), (5, 3), (5, 4)])
def test_review_piles_make_91_points_and_every_card_once(client, players: int,
                                                         seed: int) -> None:
    table, token = _practice(client, players)
    before = client.get(f"{API}/{table}/deals/1?lang=en", headers=_auth(token))
    assert before.status_code == 404  # nothing is laid open before the score
    assert before.mimetype == "application/problem+json"
    assert "has not been scored" in before.get_json()["detail"]
    _play_deal(client, table, token, seed)
    review = client.get(f"{API}/{table}/deals/1?lang=en", headers=_auth(token)).get_json()
    piles = review["piles"]
    assert piles["taker"]["half_points"] + piles["defense"]["half_points"] == 182
    assert piles["taker"]["points"] + piles["defense"]["points"] == 91
    assert piles["taker"]["bouts"] + piles["defense"]["bouts"] == 3
    cards = piles["taker"]["cards"] + piles["defense"]["cards"]
    assert sorted(cards) == sorted(c.code for c in CARDS)
    if review["excuse"]["exchange_owed"] is None:  # the cards shown add up to the points
        for camp in ("taker", "defense"):
            assert points_half(parse_cards(piles[camp]["cards"])) == piles[camp]["half_points"]
    assert len(review["tricks"]) == {3: 24, 4: 18, 5: 15}[players]
    assert piles["taker"]["tricks"] + piles["defense"]["tricks"] == len(review["tricks"])
    for trick in review["tricks"]:
        assert trick["winner"] in trick["seats"] and len(trick["cards"]) == players
    assert "points" in piles["taker"]["text"]
    sheet = client.get(f"{API}/{table}", headers=_auth(token)).get_json()["scoresheet"]
    assert review["scores"] == sheet["entries"][0]["scores"]
    assert review["score"]["derivation"]
    french = client.get(f"{API}/{table}/deals/1?lang=fr", headers=_auth(token)).get_json()
    assert "points" in french["piles"]["defense"]["text"]
    assert french["piles"]["defense"]["text"].startswith("La défense")


def test_review_needs_a_token_of_the_table(client) -> None:
    table, _ = _practice(client)
    assert client.get(f"{API}/{table}/deals/1").status_code == 401
    assert client.get(f"{API}/{table}/deals/1", headers=_auth("x" * 43)).status_code == 401


def test_undo_forks_the_table_before_the_last_decision(client) -> None:
    table, token = _practice(client)
    nothing = client.post(f"{API}/{table}/undo?lang=en", headers=_auth(token))
    assert nothing.status_code == 409
    assert "nothing to undo" in nothing.get_json()["detail"]
    rng = random.Random(5)
    views = []
    for _ in range(12):
        view = client.get(f"{API}/{table}", headers=_auth(token)).get_json()
        views.append(view)
        body = {"seat": 0, "seq": view["seq"], **_move(client, view, rng)}
        assert client.post(f"{API}/{table}/actions", json=body,
                           headers=_auth(token)).status_code == 201
    last_before = views[-1]
    after = client.get(f"{API}/{table}", headers=_auth(token)).get_json()
    undone = client.post(f"{API}/{table}/undo", headers=_auth(token))
    assert undone.status_code == 201
    fork = undone.get_json()
    assert fork["id"] != table and fork["seat"] == 0
    again = client.get(f"{API}/{fork['id']}", headers=_auth(fork["token"])).get_json()
    for key in ("seq", "deal", "to_move", "scoresheet"):
        assert again[key] == last_before[key], key
    assert again["you"]["legal"] == last_before["you"]["legal"]
    # The old table is as it was, and the old token does not open the fork.
    assert client.get(f"{API}/{table}", headers=_auth(token)).get_json()["seq"] == after["seq"]
    assert client.get(f"{API}/{fork['id']}", headers=_auth(token)).status_code == 401
    # Undo again: one decision further back.
    twice = client.post(f"{API}/{fork['id']}/undo", headers=_auth(fork["token"])).get_json()
    back = client.get(f"{API}/{twice['id']}", headers=_auth(twice["token"])).get_json()
    assert back["seq"] == views[-2]["seq"] and back["deal"] == views[-2]["deal"]


def test_undo_only_at_a_practice_table(client) -> None:
    made = client.post(API, json={"players": 4, "deals": 3, "bots": [3]}).get_json()
    seat = made["seat_tokens"][0]["token"]
    refused = client.post(f"{API}/{made['id']}/undo?lang=en", headers=_auth(seat))
    assert refused.status_code == 409 and "robot" in refused.get_json()["detail"]
    referee = client.post(f"{API}/{made['id']}/undo", headers=_auth(made["referee_token"]))
    assert referee.status_code == 409


def test_king_call_advice(client) -> None:
    hand = ["KS", "QH", "CH", "2H", "3D", "4D", "5D", "6D", "7D", "8D", "9D",
            "T1", "T2", "T3", "T4"]
    answer = client.post("/api/v1/advice/king-call?lang=en", json={"hand": hand}).get_json()
    assert answer["card"] in ("KH", "KD", "KC")
    assert answer["reasons"] and answer["explanation"]
    short = client.post("/api/v1/advice/king-call", json={"hand": ["KS"]})
    assert short.status_code == 422
