"""A whole deal, dealt (``POST /check/deal``): regular and irregular deals, petit sec."""

from __future__ import annotations

import random

from flask.testing import FlaskClient
from pytest_bdd import given, parsers, then, when

from scenarios.steps.vocabulary import DECK_CODES, SIZES, Scene, dealt_scene, post, shuffled_deck


@given(parsers.parse("une donne régulière à {players:d} joueurs"))
def _regular_deal(scene: Scene, players: int) -> None:
    hand_size, chien_size = SIZES[players]
    dealt = dealt_scene(players, hand_size, chien_size, shuffled_deck())
    scene.players, scene.hands, scene.chien = players, dealt.hands, dealt.chien


@given(parsers.parse("une donne à {players:d} joueurs de {hand_size:d} cartes par joueur "
                     "et {chien_size:d} cartes au chien"))
def _sized_deal(scene: Scene, players: int, hand_size: int, chien_size: int) -> None:
    assert players * hand_size + chien_size == 78, "the 78 cards, no more, no fewer"
    dealt = dealt_scene(players, hand_size, chien_size, shuffled_deck())
    scene.players, scene.hands, scene.chien = players, dealt.hands, dealt.chien


@given(parsers.parse("une donne à {players:d} joueurs où le joueur {seat:d} a le petit sec"))
def _petit_sec_deal(scene: Scene, players: int, seat: int) -> None:
    hand_size, chien_size = SIZES[players]
    plain = [c for c in DECK_CODES if not c.startswith("T") and c != "EX"]
    others = [c for c in DECK_CODES if c not in plain and c != "T1"]
    rest = plain[hand_size - 1:] + others
    random.Random(1).shuffle(rest)
    hands: list[list[str]] = []
    for s in range(players):
        if s == seat:
            hands.append(["T1", *plain[:hand_size - 1]])
        else:
            hands.append(rest[:hand_size])
            rest = rest[hand_size:]
    scene.players, scene.hands, scene.chien = players, hands, rest
    assert len(rest) == chien_size


@given(parsers.parse('la carte "{old}" est remplacée par "{new}"'))
def _replace_card(scene: Scene, old: str, new: str) -> None:
    places = [*scene.hands, scene.chien or []]
    holder = next(cards for cards in places if old in cards)
    holder[holder.index(old)] = new


@when("je vérifie la donne")
def _check_deal(client: FlaskClient, scene: Scene) -> None:
    post(client, scene, "/check/deal", {"players": scene.players, "hands": scene.hands,
                                        "chien": scene.chien or []})


@then(parsers.re(r"^la donne (?P<valid>est|n'est pas) valide$"))
def _deal_valid(scene: Scene, valid: str) -> None:
    body = scene.body()
    assert body["valid"] is (valid == "est"), body
    assert (body["violations"] == []) is body["valid"]


@then(parsers.parse("le joueur {seat:d} a le petit sec"))
def _seat_petit_sec(scene: Scene, seat: int) -> None:
    assert scene.body()["petit_sec"] == [seat]
