"""The écart (``POST /check/ecart``): its verdict and the trumps to show."""

from __future__ import annotations

from flask.testing import FlaskClient
from pytest_bdd import parsers, then, when

from scenarios.steps.vocabulary import Scene, card_list, post


@when(parsers.parse('le preneur écarte "{cards}"'))
def _discard(client: FlaskClient, scene: Scene, cards: str) -> None:
    post(client, scene, "/check/ecart", {
        "players": scene.players, "contract": scene.contract, "hand": scene.hand,
        "chien": scene.chien or [], "ecart": card_list(cards)})


@then(parsers.parse('les atouts à montrer sont "{cards}"'))
def _trumps_to_show(scene: Scene, cards: str) -> None:
    assert sorted(scene.body()["trumps_to_show"]) == sorted(card_list(cards))


@then("aucun atout n'est à montrer")
def _no_trump_to_show(scene: Scene) -> None:
    assert scene.body()["trumps_to_show"] == []
