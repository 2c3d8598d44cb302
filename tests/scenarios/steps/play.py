"""Card play (``POST /check/play``): the verdict, the legal cards, violations, warnings and the
explanation."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from pytest_bdd import parsers, then, when

from scenarios.steps.vocabulary import API, Scene, card_list, flat, post


@when(parsers.parse('I play "{card}"'))
@when(parsers.parse('je joue "{card}"'))
def _play(client: FlaskClient, scene: Scene, card: str) -> None:
    payload: dict[str, Any] = {"players": scene.players, "hand": scene.hand,
                               "trick": scene.trick, "card": card}
    if scene.called_card is not None:
        payload.update(called_card=scene.called_card, first_trick=scene.first_trick)
    post(client, scene, "/check/play", payload)


@then(parsers.re(r"^the play is (?P<verdict>allowed|refused)$"))
@then(parsers.re(r"^(?:le coup|l'écart|l'annonce|l'appel|la poignée) est "
                 r"(?P<verdict>permise?|interdite?)$"))
def _verdict(scene: Scene, verdict: str) -> None:
    body = scene.body()
    assert body["legal"] is verdict.startswith(("permis", "allowed")), body
    if body["legal"]:
        assert body["violations"] == [], body


@then(parsers.parse('la carte jouée est "{code}"'))
def _card_played(scene: Scene, code: str) -> None:
    assert scene.body()["card"] == code


@then(parsers.parse('the legal cards are "{cards}"'))
@then(parsers.parse('les cartes permises sont "{cards}"'))
def _legal_cards(scene: Scene, cards: str) -> None:
    assert sorted(scene.body()["legal_cards"]) == sorted(card_list(cards))


# The violations and the warnings are two members of the answer, each with its own phrases in
# the features: their steps read alike by nature (a code among a list, or the list empty).
@then(parsers.parse('the violation "{code}" is reported'))
@then(parsers.parse('la violation "{code}" est signalée'))
def _violation(scene: Scene, code: str) -> None:
    codes = [v["code"] for v in scene.body()["violations"]]
    assert code in codes, codes


@then("aucune violation n'est signalée")
def _no_violation(scene: Scene) -> None:
    assert scene.body()["violations"] == []


@then(parsers.parse('l\'avertissement "{code}" est donné'))
def _warning(scene: Scene, code: str) -> None:
    codes = [w["code"] for w in scene.body()["warnings"]]
    assert code in codes, codes


@then("aucun avertissement n'est donné")
def _no_warning(scene: Scene) -> None:
    assert scene.body()["warnings"] == []


@then(parsers.re(r'^(?:la violation|l\'avertissement) "(?P<code>[^"]+)" cite la règle '
                 r'"(?P<rule>[^"]+)"$'))
def _violation_rule(client: FlaskClient, scene: Scene, code: str, rule: str) -> None:
    body = scene.body()
    found = [v for v in body.get("violations", []) + body.get("warnings", [])
             if v["code"] == code]
    assert found, body
    assert {v["rule"] for v in found} == {rule}
    # the rule it cites is served by the catalog, and its sentence names the rule's title
    reply = client.get(f"{API}/rules/{rule}?lang={scene.lang}")
    assert reply.status_code == 200, reply.get_json()
    title = reply.get_json()["title"]
    assert all(title in v["message"] for v in found), (title, found)


@then(parsers.parse('the explanation contains "{text}"'))
@then(parsers.parse('l\'explication contient "{text}"'))
def _explanation(scene: Scene, text: str) -> None:
    explanation = scene.body()["explanation"]
    assert flat(text) in flat(explanation), explanation


@then("la requête est refusée")
def _refused(scene: Scene) -> None:
    assert scene.status == 422, (scene.status, scene.response)
    assert scene.response is not None and scene.response["status"] == 422
    assert scene.response["errors"], scene.response
