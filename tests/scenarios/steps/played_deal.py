"""A deal played card by card (``POST /score/deal``): refused at a trick, counted, the excuse and
the petit au bout."""

from __future__ import annotations

from flask.testing import FlaskClient
from pytest_bdd import given, parsers, then, when

from scenarios.steps.vocabulary import CAMPS, CONTRACTS, Scene, card_list, number, post


@given(parsers.parse('une donne jouée à {players:d} joueurs en "{contract}", le preneur '
                     'étant le joueur {taker:d}'))
def _played_deal(scene: Scene, players: int, contract: str, taker: int) -> None:
    scene.players, scene.contract, scene.taker = players, CONTRACTS[contract], taker


@given(parsers.parse('la carte appelée est "{card}", détenue par le joueur {seat:d}'))
def _called_partner(scene: Scene, card: str, seat: int) -> None:
    scene.called_card, scene.partner = card, seat


@given(parsers.parse('la carte appelée est "{card}", qui est au chien'))
def _called_in_chien(scene: Scene, card: str) -> None:
    scene.called_card, scene.partner = card, None


@given(parsers.parse('l\'écart "{cards}"'))
def _ecart(scene: Scene, cards: str) -> None:
    scene.ecart = card_list(cards)


@given(parsers.parse("le joueur {seat:d} montre une poignée {level}"))
def _seat_poignee(scene: Scene, seat: int, level: str) -> None:
    scene.seat_poignees.append({"seat": seat, "level": level})


@given("les plis joués sont :")
def _tricks(scene: Scene, datatable: list[list[str]]) -> None:
    header, *rows = datatable
    assert header == ["pli", "entame", "cartes"], header
    for position, (written, leader, cards) in enumerate(rows, start=1):
        assert int(written) == position, f"trick {written} out of order"
        scene.tricks.append({"leader": int(leader), "cards": card_list(cards)})


@when("je calcule la marque de la donne jouée")
def _score_played_deal(client: FlaskClient, scene: Scene) -> None:
    post(client, scene, "/score/deal", {
        "players": scene.players, "contract": scene.contract, "taker": scene.taker,
        "partner": scene.partner, "called_card": scene.called_card,
        "chien": scene.chien or [], "ecart": scene.ecart, "tricks": scene.tricks,
        "announcements": {"poignees": scene.seat_poignees,
                          "chelem_announced": scene.chelem_announced}})


@then(parsers.parse('la donne jouée est refusée au pli {trick:d} pour "{code}"'))
def _deal_refused(scene: Scene, trick: int, code: str) -> None:
    assert scene.status == 422, (scene.status, scene.response)
    assert scene.response is not None
    faults = [e for e in scene.response["errors"] if e["code"] == "illegal-play"]
    assert len(faults) == 1, scene.response
    assert faults[0]["params"]["trick"] == trick, faults
    assert faults[0]["violation"]["code"] == code, faults
    assert faults[0]["detail"], faults


COUNT_CAMPS = {"le camp du preneur": "taker", "la défense": "defense"}


@then(parsers.re(r"^(?P<camp>le camp du preneur|la défense) compte "
                 r"(?P<points>\d+(?:[,.]5)?) points et (?P<bouts>\d) bouts?$"))
def _counted(scene: Scene, camp: str, points: str, bouts: str) -> None:
    counted = scene.body()["count"][COUNT_CAMPS[camp]]
    assert (counted["points"], counted["bouts"]) == (number(points), int(bouts)), counted


@then(parsers.parse("le camp du preneur remporte {tricks:d} plis"))
def _tricks_won(scene: Scene, tricks: int) -> None:
    assert scene.body()["count"]["taker"]["tricks"] == tricks


@then("les deux camps totalisent 91 points")
def _ninety_one(scene: Scene) -> None:
    count = scene.body()["count"]
    assert count["taker"]["points"] + count["defense"]["points"] == 91
    assert count["taker"]["bouts"] + count["defense"]["bouts"] == 3
    assert count["taker"]["tricks"] + count["defense"]["tricks"] == len(scene.tricks)


@then(parsers.re(r"^le chelem est réalisé par (?P<camp>le preneur|la défense)$"))
def _chelem_made(scene: Scene, camp: str) -> None:
    assert scene.body()["count"]["chelem"] == CAMPS[camp]


@then(parsers.re(r"^l'Excuse compte pour (?P<camp>le preneur|la défense)$"))
def _excuse_camp(scene: Scene, camp: str) -> None:
    assert scene.body()["count"]["excuse"]["camp"] == CAMPS[camp]


@then("l'Excuse a été échangée contre une carte basse")
def _excuse_exchanged(scene: Scene) -> None:
    excuse = scene.body()["count"]["excuse"]
    assert excuse["exchanged"] is True and excuse["lost_last_trick"] is False, excuse


@then("l'Excuse, jouée au dernier pli, a changé de camp")
def _excuse_lost(scene: Scene) -> None:
    excuse = scene.body()["count"]["excuse"]
    assert excuse["lost_last_trick"] is True and excuse["exchanged"] is False, excuse


@then(parsers.re(r"^le petit au bout revient (?P<camp>au preneur|à la défense)$"))
def _petit_au_bout_camp(scene: Scene, camp: str) -> None:
    assert scene.body()["count"]["petit_au_bout"] == CAMPS[camp]
