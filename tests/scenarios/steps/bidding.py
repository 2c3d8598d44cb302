"""Bidding (``POST /check/bid``) and the king call (``POST /check/king-call``)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from pytest_bdd import given, parsers, then, when

from scenarios.steps.vocabulary import Scene, post


@given(parsers.parse('les annonces précédentes "{bids}"'))
def _earlier_bids(scene: Scene, bids: str) -> None:
    scene.bids = [bid.strip() for bid in bids.split(",") if bid.strip()]


@given("le donneur a fait une fausse donne")
def _misdealt(scene: Scene) -> None:
    scene.dealer_misdealt = True


@when(parsers.parse('le joueur annonce "{bid}"'))
def _bid(client: FlaskClient, scene: Scene, bid: str) -> None:
    post(client, scene, "/check/bid", {"players": scene.players, "bids": scene.bids,
                                       "bid": bid, "dealer_misdealt": scene.dealer_misdealt})




@when(parsers.parse('le preneur appelle "{card}"'))
def _call(client: FlaskClient, scene: Scene, card: str) -> None:
    payload: dict[str, Any] = {"players": scene.players, "hand": scene.hand, "card": card}
    if scene.chien is not None:
        payload["chien"] = scene.chien
    post(client, scene, "/check/king-call", payload)


@then(parsers.re(r"^le preneur (?P<who>jouera seul|aura un partenaire)$"))
def _alone(scene: Scene, who: str) -> None:
    assert scene.body()["alone"] is (who == "jouera seul")
