"""Poignées and hands (``POST /check/poignee``, ``POST /check/hand``): the level, the bonus, petit
sec, and when a poignée may be shown."""

from __future__ import annotations

from flask.testing import FlaskClient
from pytest_bdd import given, parsers, then, when

from scenarios.steps.vocabulary import Scene, card_list, post


@when(parsers.parse('le joueur montre la poignée "{cards}"'))
def _show_poignee(client: FlaskClient, scene: Scene, cards: str) -> None:
    post(client, scene, "/check/poignee", {"players": scene.players, "hand": scene.hand,
                                           "shown": card_list(cards)})


@then(parsers.parse("c'est une poignée {level} qui rapporte {bonus:d} points"))
def _poignee_level(scene: Scene, level: str, bonus: int) -> None:
    body = scene.body()
    assert (body["level"], body["bonus"]) == (level, bonus), body


@when("je vérifie la main")
def _check_hand(client: FlaskClient, scene: Scene) -> None:
    post(client, scene, "/check/hand", {"players": scene.players, "hand": scene.hand})


@then(parsers.re(r"^la main (?P<has>a|n'a pas) le petit sec$"))
def _petit_sec(scene: Scene, has: str) -> None:
    assert scene.body()["petit_sec"] is (has == "a")


@then(parsers.parse('la main permet les poignées "{levels}"'))
def _poignees_allowed(scene: Scene, levels: str) -> None:
    expected = [] if levels.strip() == "aucune" else [x.strip() for x in levels.split(",")]
    assert [p["level"] for p in scene.body()["poignees"]] == expected




@given(parsers.parse("un joueur qui a déjà joué {cards:d} cartes"))
def _cards_played(scene: Scene, cards: int) -> None:
    scene.cards_played = cards


@when("il montre sa poignée")
def _poignee_timing(client: FlaskClient, scene: Scene) -> None:
    """A simple poignée at four players (ten trumps), the rest of the hand plain cards: the
    only thing that may be wrong is the moment."""
    assert scene.cards_played is not None
    trumps = card_list("T1..T10")
    plain = card_list("2S 3S 4S 5S 6S 7S 8S 9S")[scene.cards_played:]
    post(client, scene, "/check/poignee", {"players": 4, "hand": trumps + plain,
                                           "shown": trumps,
                                           "cards_played": scene.cards_played})
    codes = [v["code"] for v in scene.body()["violations"]]
    assert codes == ([] if scene.cards_played == 0 else ["poignee-too-late"]), codes
