"""Card points and tricks (``POST /count``, ``POST /check/trick``)."""

from __future__ import annotations

from flask.testing import FlaskClient
from pytest_bdd import parsers, then, when

from scenarios.steps.vocabulary import DECK_CODES, Scene, card_list, number, post


@then(parsers.re(r'^la carte "(?P<card>[^"]+)" vaut (?P<points>\d+(?:,5)?) points$'))
def _card_points(client: FlaskClient, scene: Scene, card: str, points: str) -> None:
    post(client, scene, "/count", {"cards": [card]})
    body = scene.body()
    assert (body["points"], body["half_points"]) == (number(points), round(2 * number(points)))
    assert body["explanation"]


@then(parsers.re(r'^les cartes "(?P<cards>[^"]+)" valent (?P<points>\d+(?:,5)?) points$'))
def _cards_points(client: FlaskClient, scene: Scene, cards: str, points: str) -> None:
    post(client, scene, "/count", {"cards": card_list(cards)})
    body = scene.body()
    assert (body["points"], body["half_points"]) == (number(points), round(2 * number(points)))


@then("les 78 cartes valent 91 points")
def _deck_points(client: FlaskClient, scene: Scene) -> None:
    post(client, scene, "/count", {"cards": list(DECK_CODES)})
    body = scene.body()
    assert (body["cards"], body["points"], body["half_points"], body["bouts"]) == (78, 91, 182, 3)


@when(parsers.parse('le pli "{cards}" est complet'))
def _complete_trick(client: FlaskClient, scene: Scene, cards: str) -> None:
    played = card_list(cards)
    post(client, scene, "/check/trick", {"players": len(played), "cards": played})
    assert scene.body()["complete"] is True


@then(parsers.parse('la carte "{card}" remporte le pli'))
def _trick_winner(scene: Scene, card: str) -> None:
    winner = scene.body()["winner"]
    assert winner["card"] == card, winner
    assert winner["seat"] is None  # no leader given: no seat to name


@then(parsers.parse('quand le joueur {leader:d} entame le pli "{cards}", le joueur {seat:d} '
                    'entame le suivant'))
def _next_leader(client: FlaskClient, scene: Scene, leader: int, cards: str, seat: int) -> None:
    post(client, scene, "/check/trick", {"players": scene.players, "cards": card_list(cards),
                                         "leader": leader})
    body = scene.body()
    assert body["complete"] and body["winner"]["seat"] == seat, body
    assert body["next_leader"] == seat
