"""A partie's scoresheet (``POST /partie``): who plays each deal, scores, totals, the winner."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from pytest_bdd import given, parsers, then, when

from scenarios.steps.vocabulary import CONTRACTS, Scene, number, post, signed


def _names(text: str) -> list[str]:
    return text.split()


def _send_partie(client: FlaskClient, scene: Scene) -> None:
    """POST /partie with the partie set up and the deals entered so far."""
    payload: dict[str, Any] = {"names": scene.names, "entries": scene.entries}
    if scene.deals is not None:
        payload["deals"] = scene.deals
    if scene.mort:
        payload["mort"] = True
    post(client, scene, "/partie", payload)
    scene.partie = scene.response if scene.status == 200 else None


def _partie(scene: Scene) -> dict[str, Any]:
    assert scene.partie is not None, (scene.status, scene.response)
    return scene.partie


@when(parsers.parse('on ouvre une partie de {deals:d} donnes entre les joueurs "{names}"'))
def _open_partie(client: FlaskClient, scene: Scene, deals: int, names: str) -> None:
    scene.names, scene.deals = _names(names), deals
    _send_partie(client, scene)


@when(parsers.parse('on ouvre une partie entre les joueurs "{names}"'))
def _open_default_partie(client: FlaskClient, scene: Scene, names: str) -> None:
    scene.names, scene.deals = _names(names), None
    _send_partie(client, scene)


@then(parsers.re(r"^la partie est (?P<verdict>acceptée|refusée)$"))
def _partie_verdict(scene: Scene, verdict: str) -> None:
    if verdict == "acceptée":
        assert scene.status == 200 and scene.partie is not None, scene.response
        assert scene.partie["deals"] == scene.deals
    else:
        assert scene.status == 422 and scene.response is not None, scene.response
        assert [e["pointer"] for e in scene.response["errors"]] == ["/deals"]


@then(parsers.parse("la partie compte {deals:d} donnes"))
def _partie_length(scene: Scene, deals: int) -> None:
    partie = _partie(scene)
    assert partie["deals"] == deals and len(partie["schedule"]) == deals


@given(parsers.re(r'^une partie de (?P<deals>\d+) donnes (?P<mort>avec un mort )?entre les '
                  r'joueurs "(?P<names>[^"]+)"$'))
def _given_partie(client: FlaskClient, scene: Scene, deals: str, mort: str | None,
                  names: str) -> None:
    scene.names, scene.deals, scene.mort = _names(names), int(deals), bool(mort)
    _send_partie(client, scene)
    _partie(scene)


@then(parsers.parse('la donne {deal:d} est jouée par "{names}"'))
def _deal_players(scene: Scene, deal: int, names: str) -> None:
    partie = _partie(scene)
    line = partie["schedule"][deal - 1]
    assert line["number"] == deal
    assert [partie["names"][p] for p in line["players"]] == _names(names)


@then(parsers.parse('"{name}" ne joue pas la donne {deal:d}'))
def _sits_out(scene: Scene, name: str, deal: int) -> None:
    partie = _partie(scene)
    assert partie["names"].index(name) in partie["schedule"][deal - 1]["sitting_out"]


@when(parsers.re(r'^"(?P<taker>[^"]+)" prend une (?P<contract>petite|prise|garde sans|'
                 r'garde contre|garde)(?: avec "(?P<partner>[^"]+)" pour partenaire)? et '
                 r'réalise (?P<points>\d+(?:,5)?) points avec (?P<bouts>\d) bouts?$'))
def _partie_deal(client: FlaskClient, scene: Scene, taker: str, contract: str,
                 partner: str | None, points: str, bouts: str) -> None:
    scene.entries.append({
        "taker": scene.names.index(taker),
        "partner": scene.names.index(partner) if partner else None,
        "contract": CONTRACTS[contract], "bouts": int(bouts), "points": number(points)})
    _send_partie(client, scene)
    assert len(_partie(scene)["entries"]) == len(scene.entries)


def _last_line(scene: Scene) -> dict[str, Any]:
    entries = _partie(scene)["entries"]
    assert entries, "no deal was scored"
    return entries[-1]  # type: ignore[no-any-return]


@then(parsers.parse('"{name}" marque {score} sur cette donne'))
def _deal_score(scene: Scene, name: str, score: str) -> None:
    assert _last_line(scene)["scores"][scene.names.index(name)] == signed(score)


@then("la somme des marques de la donne est nulle")
def _deal_zero_sum(scene: Scene) -> None:
    assert sum(_last_line(scene)["scores"]) == 0


@when("tout le monde passe")
def _everyone_passes(client: FlaskClient, scene: Scene) -> None:
    """The players of the next deal all pass: the deal is dealt again and nothing goes on the
    scoresheet (the partie, asked again, is unchanged)."""
    before = _partie(scene)
    deal = before["schedule"][before["next_deal"] - 1]
    players = len(deal["players"])
    post(client, scene, "/check/auction", {"players": players, "dealer": 0,
                                           "bids": ["passe"] * players})
    assert scene.body()["all_passed"] is True
    _send_partie(client, scene)
    assert _partie(scene) == before


@then("aucune donne n'est encore marquée")
def _no_entry(scene: Scene) -> None:
    partie = _partie(scene)
    assert (partie["entries"], partie["next_deal"]) == ([], 1)


@then(parsers.parse('les totaux sont "{totals}"'))
def _totals(scene: Scene, totals: str) -> None:
    partie = _partie(scene)
    expected = {}
    for part in totals.split(","):
        name, value = part.split()
        expected[name] = signed(value)
    assert dict(zip(partie["names"], partie["totals"], strict=True)) == expected
    assert partie["entries"][-1]["totals"] == partie["totals"]


@then("la somme des totaux est nulle")
def _totals_zero(scene: Scene) -> None:
    assert sum(_partie(scene)["totals"]) == 0


@then("la partie est finie")
def _partie_over(scene: Scene) -> None:
    partie = _partie(scene)
    assert partie["over"] is True and partie["next_deal"] is None


@then(parsers.parse('"{name}" l\'emporte'))
def _partie_winner(scene: Scene, name: str) -> None:
    partie = _partie(scene)
    assert [partie["names"][p] for p in partie["leaders"]] == [name]
    assert name in partie["explanation"]
