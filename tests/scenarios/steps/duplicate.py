"""Duplicate tournaments (``POST /duplicate/notes``, ``POST /tables``): match points, notes,
percentages, an imposed garde."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from flask.testing import FlaskClient
from pytest_bdd import given, parsers, then, when

from scenarios.steps.vocabulary import API, SIZES, Scene, dealt_scene, post, shuffled_deck, signed


def _fractions(text: str) -> list[Fraction]:
    """Figures separated by semicolons, decimals with a comma: ``100 ; 62,5``."""
    return [Fraction(part.strip().replace(",", ".")) for part in text.split(";")]


def _exact(note: dict[str, Any]) -> Fraction:
    """A note of the API: its exact value, which its rounded percentage must agree with."""
    value = Fraction(note["exact"])
    assert abs(float(value) - note["percent"]) <= 0.005, note
    return value


@when(parsers.parse("l'écart entre les deux preneurs est de {gap} points"))
def _gap(client: FlaskClient, scene: Scene, gap: str) -> None:
    post(client, scene, "/duplicate/notes", {"gaps": [signed(gap)]})


@then(parsers.parse("il vaut {points} points de match"))
def _match_points(scene: Scene, points: str) -> None:
    [found] = scene.body()["match_points"]
    assert Decimal(str(found["match_points"])) == Decimal(points.replace(",", ".")), found


@when(parsers.parse('les preneurs d\'une donne marquent "{scores}"'))
def _topage(client: FlaskClient, scene: Scene, scores: str) -> None:
    post(client, scene, "/duplicate/notes",
         {"taker_scores": [int(f) for f in _fractions(scores)]})


@then(parsers.parse('leurs notes sont "{notes}"'))
def _notes(scene: Scene, notes: str) -> None:
    found = scene.body()["notes"]
    assert [_exact(n["taker"]) for n in found] == _fractions(notes)
    assert all(_exact(n["taker"]) + _exact(n["defender"]) == 100 for n in found)


@when(parsers.parse("le preneur de la table a la note de {note} %"))
def _taker_note(client: FlaskClient, scene: Scene, note: str) -> None:
    post(client, scene, "/duplicate/notes", {"taker_notes": [note.replace(",", ".")]})


@then(parsers.parse("chaque défenseur de la table a la note de {note} %"))
def _defender_note(scene: Scene, note: str) -> None:
    [found] = scene.body()["defender_notes"]
    assert _exact(found) == _fractions(note)[0]


@when(parsers.parse('un joueur a les notes d\'attaque "{attack}" et les notes de défense '
                    '"{defence}"'))
def _global_notes(client: FlaskClient, scene: Scene, attack: str, defence: str) -> None:
    post(client, scene, "/duplicate/notes", {
        "attack_notes": [str(f) for f in _fractions(attack)],
        "defence_notes": [str(f) for f in _fractions(defence)]})


@then(parsers.parse("son pourcentage global est de {percent} %"))
def _global_percentage(scene: Scene, percent: str) -> None:
    assert _exact(scene.body()["global_percentage"]) == _fractions(percent)[0]


@given(parsers.parse("une donne duplicate à {players:d} joueurs où la garde est imposée au "
                     "joueur {taker:d}"))
def _duplicate_deal(client: FlaskClient, scene: Scene, players: int, taker: int) -> None:
    """A live duplicate table (POST /tables) with a prepared regular deal and an imposed
    garde: the bidding is skipped."""
    hand_size, chien_size = SIZES[players]
    dealt = dealt_scene(players, hand_size, chien_size, shuffled_deck())
    reply = client.post(f"{API}/tables?lang={scene.lang}", json={
        "players": players, "deals": 3,
        "duplicate": {"hands": dealt.hands, "chien": dealt.chien, "taker": taker,
                      "contract": "garde"}})
    assert reply.status_code == 201, reply.get_json()
    created = reply.get_json()
    scene.table = created["table"]
    scene.table_id, scene.referee = created["id"], created["referee_token"]
    scene.tokens = [seat["token"] for seat in created["seat_tokens"]]


@then(parsers.parse("le joueur {taker:d} est le preneur en garde, sans que personne n'ait "
                    "parlé"))
def _imposed_garde(scene: Scene, taker: int) -> None:
    assert scene.table is not None
    deal = scene.table["deal"]
    assert (deal["taker"], deal["contract"], deal["bids"]) == (taker, "garde", []), deal
    assert deal["phase"] != "bidding"
    assert scene.table["duplicate"]["taker"] == taker
