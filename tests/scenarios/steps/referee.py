"""Refereeing a table (``POST /tables``, ``POST /tables/<id>/actions``, ``GET /rules/<id>``):
a physical table whose referee records what happens with real cards — a misdeal ruled, a
garde sans whose chien is never shown, a chien turned over, a revoke a later card proves — and
an écart that is fixed once the first card is played at a table the server deals."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from pytest_bdd import given, parsers, then, when

from scenarios.steps.vocabulary import API, CONTRACTS, Scene, card_list, flat

_BIDS = {"passe": "passe", **CONTRACTS}


def _act(client: FlaskClient, scene: Scene, action: dict[str, Any],
         token: str | None = None) -> dict[str, Any]:
    """One action at the scene's table, with the last sequence number seen."""
    assert scene.table_id is not None and scene.table is not None
    reply = client.post(f"{API}/tables/{scene.table_id}/actions?lang={scene.lang}",
                        json={**action, "seq": scene.table["seq"]},
                        headers={"Authorization": f"Bearer {token or scene.referee}"})
    scene.status, scene.answer = reply.status_code, reply.get_json()
    if reply.status_code == 201:
        scene.table = scene.answer["table"]
    return scene.answer


def _view(client: FlaskClient, scene: Scene, token: str) -> dict[str, Any]:
    reply = client.get(f"{API}/tables/{scene.table_id}?lang={scene.lang}",
                       headers={"Authorization": f"Bearer {token}"})
    assert reply.status_code == 200, reply.get_json()
    view: dict[str, Any] = reply.get_json()
    return view


def _refused(scene: Scene, code: str) -> None:
    assert scene.status == 422, (scene.status, scene.answer)
    assert scene.answer is not None
    assert code in [v["code"] for v in scene.answer["violations"]], scene.answer


# --- a physical table -------------------------------------------------------------------------


@given(parsers.parse("une table physique de {players:d} joueurs où le joueur {dealer:d} donne"))
def _physical_table(client: FlaskClient, scene: Scene, players: int, dealer: int) -> None:
    reply = client.post(f"{API}/tables?lang={scene.lang}", json={
        "players": players, "deals": 3, "mode": "physical", "dealer": dealer})
    assert reply.status_code == 201, reply.get_json()
    created = reply.get_json()
    scene.players, scene.dealer = players, dealer
    scene.table, scene.table_id = created["table"], created["id"]
    scene.referee = created["referee_token"]
    assert scene.table["deal"]["dealer"] == dealer


@when("l'arbitre constate une fausse donne")
def _misdeal(client: FlaskClient, scene: Scene) -> None:
    _act(client, scene, {"type": "misdeal"})


@then(parsers.parse("le joueur {seat:d} redonne la donne"))
def _dealt_again(scene: Scene, seat: int) -> None:
    assert scene.status == 201 and scene.answer is not None, scene.answer
    events = scene.answer["events"]
    assert [e["type"] for e in events] == ["redeal", "deal"], events
    assert events[0]["reason"] == "misdeal" and events[1]["dealer"] == seat


@then("la fausse donne ne peut plus être constatée")
def _misdeal_too_late(scene: Scene) -> None:
    assert scene.status == 409 and scene.answer is not None, scene.answer
    assert scene.answer["type"].endswith(":misdeal-too-late")
    assert scene.answer["detail"]


@when(parsers.re(r'^les enchères enregistrées sont "(?P<bids>[^"]*)"$'))
def _bids(client: FlaskClient, scene: Scene, bids: str) -> None:
    for bid in [b.strip() for b in bids.split(",") if b.strip()]:
        assert scene.table is not None
        seat = scene.table["deal"]["to_move"]
        _act(client, scene, {"type": "bid", "seat": seat, "bid": _BIDS[bid]})
        assert scene.status == 201, scene.answer


@when(parsers.parse('le joueur {seat:d} annonce "{bid}" à la table'))
def _bid_at_table(client: FlaskClient, scene: Scene, seat: int, bid: str) -> None:
    _act(client, scene, {"type": "bid", "seat": seat, "bid": _BIDS[bid]})


@then(parsers.parse('l\'enregistrement est refusé pour "{code}"'))
def _record_refused(scene: Scene, code: str) -> None:
    _refused(scene, code)


@then(parsers.parse('l\'arbitre doit enregistrer « {word} » du joueur {seat:d}'))
def _expected(scene: Scene, word: str, seat: int) -> None:
    assert scene.table is not None
    expected = scene.table["you"]["expected"]
    assert expected["seat"] == seat and {"Jeu": "jeu"}[word] in expected["types"], expected
    assert "chien" not in expected["types"]


@when(parsers.parse('l\'arbitre enregistre le chien "{cards}"'))
def _chien(client: FlaskClient, scene: Scene, cards: str) -> None:
    _act(client, scene, {"type": "chien", "cards": card_list(cards)})


@when(parsers.re(r'^les cartes jouées sont "(?P<plays>[^"]+)"$'))
def _plays(client: FlaskClient, scene: Scene, plays: str) -> None:
    """``1:5H 2:2S …``: each card with its seat, in the order played."""
    for item in plays.split():
        seat, card = item.split(":")
        assert scene.table is not None and not scene.table["paused"], scene.table
        _act(client, scene, {"type": "play", "seat": int(seat), "card": card})
        assert scene.status == 201, scene.answer


@then(parsers.parse('une renonce du joueur {seat:d} au pli {trick:d} est établie au pli '
                    '{revealed:d} pour "{code}"'))
def _revoke(scene: Scene, seat: int, trick: int, revealed: int, code: str) -> None:
    assert scene.answer is not None
    revoke = scene.answer["events"][-1]
    assert revoke["type"] == "revoke", scene.answer["events"]
    assert (revoke["seat"], revoke["trick"]) == (seat, revealed)
    (violation,) = revoke["violations"]
    assert violation["code"] == code and violation["params"]["trick"] == trick, violation


@then(parsers.parse('le jeu est arrêté et l\'arbitre peut "{choices}"'))
def _stopped(scene: Scene, choices: str) -> None:
    assert scene.table is not None
    assert scene.table["paused"] and scene.table["you"]["ruling_needed"]
    words = {"reprendre le jeu": "resume", "annuler la donne": "annul",
             "marquer la donne jouée": "as-played"}
    assert scene.table["you"]["rulings"] == [words[c.strip()] for c in choices.split(",")]


@then("aucune carte n'est plus enregistrée avant sa décision")
def _nothing_recorded(client: FlaskClient, scene: Scene) -> None:
    assert scene.table is not None
    seat = scene.table["deal"]["to_move"]
    _act(client, scene, {"type": "play", "seat": seat, "card": "KS"})
    assert scene.status == 409 and scene.answer is not None
    assert scene.answer["type"].endswith(":table-paused")


# --- the écart at a table the server deals ------------------------------------------------------


@when("le preneur fait son écart et dit « Jeu »")
def _ecart_and_jeu(client: FlaskClient, scene: Scene) -> None:
    assert scene.table is not None
    taker = scene.table["deal"]["taker"]
    view = _view(client, scene, scene.tokens[taker])
    assert view["you"]["legal"]["ecart"], view["you"]
    plain = [c for c in view["deal"]["hand"] if not c.startswith("T") and c != "EX"
             and not c.startswith("K")]
    size = {3: 6, 4: 6, 5: 3}[scene.players]
    scene.ecart = plain[:size]
    _act(client, scene, {"type": "ecart", "seat": taker, "cards": scene.ecart},
         scene.tokens[taker])
    assert scene.status == 201, scene.answer
    _act(client, scene, {"type": "jeu", "seat": taker}, scene.tokens[taker])
    assert scene.status == 201, scene.answer


# Steps alike by nature: each reads a seat's view, then records one action.
@when("la première carte est jouée")
def _first_card(client: FlaskClient, scene: Scene) -> None:
    assert scene.table is not None
    seat = scene.table["deal"]["to_move"]
    view = _view(client, scene, scene.tokens[seat])
    card = view["you"]["legal"]["cards"][0]
    _act(client, scene, {"type": "play", "seat": seat, "card": card}, scene.tokens[seat])
    assert scene.status == 201, scene.answer


@then("le preneur ne peut plus modifier son écart")
def _ecart_fixed(client: FlaskClient, scene: Scene) -> None:
    assert scene.table is not None
    taker = scene.table["deal"]["taker"]
    view = _view(client, scene, scene.tokens[taker])
    assert view["you"]["legal"]["ecart"] is False
    other = [c for c in view["deal"]["hand"] if c not in scene.ecart][:len(scene.ecart)]
    _act(client, scene, {"type": "ecart", "seat": taker, "cards": other}, scene.tokens[taker])
    _refused(scene, "wrong-phase")


# --- the chelem at a table the server deals ---------------------------------------------------


@when("le preneur annonce le chelem à la table")
def _chelem_at_table(client: FlaskClient, scene: Scene) -> None:
    assert scene.table is not None
    taker = scene.table["deal"]["taker"]
    _act(client, scene, {"type": "chelem", "seat": taker}, scene.tokens[taker])


@then(parsers.re(r"^l'annonce est (?P<verdict>acceptée|refusée)$"))
def _announcement_verdict(scene: Scene, verdict: str) -> None:
    if verdict == "acceptée":
        assert scene.status == 201, scene.answer
    else:
        _refused(scene, "wrong-phase")


@then("le preneur entame la première levée")
def _taker_leads(scene: Scene) -> None:
    assert scene.table is not None
    deal = scene.table["deal"]
    assert deal["to_move"] == deal["taker"], deal


# --- the rule catalog ---------------------------------------------------------------------


def _rule(client: FlaskClient, scene: Scene, rule_id: str) -> dict[str, Any]:
    reply = client.get(f"{API}/rules/{rule_id}?lang={scene.lang}")
    assert reply.status_code == 200, reply.get_json()
    body: dict[str, Any] = reply.get_json()
    return body


@then(parsers.re(r'^la règle "(?P<rule_id>[^"]+)" dit « (?P<text>[^»]+) »$'))
def _rule_says(client: FlaskClient, scene: Scene, rule_id: str, text: str) -> None:
    assert flat(text) in flat(_rule(client, scene, rule_id)["text"])


@then(parsers.re(r'^le refus cite la règle "(?P<rule_id>[^"]+)"$'))
def _refusal_cites(client: FlaskClient, scene: Scene, rule_id: str) -> None:
    """The last refused action's verdicts cite ``rule_id``, its title in their sentences."""
    assert scene.status == 422 and scene.answer is not None, (scene.status, scene.answer)
    found = scene.answer["violations"]
    assert found and {v["rule"] for v in found} == {rule_id}, found
    title = _rule(client, scene, rule_id)["title"]
    assert all(title in v["message"] for v in found), (title, found)


@then(parsers.re(r'^la note de la règle "(?P<rule_id>[^"]+)" dit « (?P<text>[^»]+) »$'))
def _note_says(client: FlaskClient, scene: Scene, rule_id: str, text: str) -> None:
    note = _rule(client, scene, rule_id)["note"]
    assert note is not None and flat(text) in flat(note), note


@then(parsers.re(r'^la règle "(?P<rule_id>[^"]+)" cite « (?P<title>[^»]+) »$'))
def _rule_cites(client: FlaskClient, scene: Scene, rule_id: str, title: str) -> None:
    assert title in _rule(client, scene, rule_id)["sources"]


# --- a whole deal with a revoke, and the referee's ruling at its end ---------------------------


@when("l'arbitre enregistre « Jeu » du preneur")
def _jeu(client: FlaskClient, scene: Scene) -> None:
    assert scene.table is not None
    _act(client, scene, {"type": "jeu", "seat": scene.table["deal"]["taker"]})
    assert scene.status == 201, scene.answer


@when("les plis sont joués à la table, l'arbitre reprenant le jeu à chaque renonce :")
def _tricks_at_table(client: FlaskClient, scene: Scene, datatable: list[list[str]]) -> None:
    """Each row: the trick's number, its leader and its cards in the order played."""
    header, *rows = datatable
    assert header == ["pli", "entame", "cartes"], header
    scene.tricks = []
    for number, leader, cards in rows:
        assert scene.table is not None
        assert scene.table["deal"]["trick_number"] == int(number), scene.table["deal"]
        for position, card in enumerate(card_list(cards)):
            seat = (int(leader) + position) % scene.players
            _act(client, scene, {"type": "play", "seat": seat, "card": card})
            assert scene.status == 201, scene.answer
            assert scene.answer is not None
            if scene.answer["events"][-1]["type"] == "revoke":
                scene.tricks.append(scene.answer["events"][-1])
                _act(client, scene, {"type": "resume"})
                assert scene.status == 201, scene.answer


@then(parsers.re(r'^les renonces établies sont "(?P<codes>[^"]+)", toutes du joueur '
                 r'(?P<seat>\d) au pli (?P<trick>\d+)$'))
def _revokes_seen(scene: Scene, codes: str, seat: str, trick: str) -> None:
    """The revokes the deal's cards proved, in the order they were revealed."""
    found = [(revoke["seat"], v["params"]["trick"], v["code"])
             for revoke in scene.tricks for v in revoke["violations"]]
    assert found == [(int(seat), int(trick), c.strip()) for c in codes.split(",")], found


@then("la donne finie n'est pas marquée")
def _not_scored(scene: Scene) -> None:
    assert scene.table is not None and scene.answer is not None
    assert scene.table["deal"]["phase"] == "finished"
    assert "scored" not in [e["type"] for e in scene.answer["events"]]
    assert not scene.table["scoresheet"]["entries"] and not scene.table["paused"]


@then(parsers.parse('l\'arbitre peut maintenant "{choices}"'))
def _rulings_now(scene: Scene, choices: str) -> None:
    assert scene.table is not None and scene.table["you"]["ruling_needed"]
    words = {"annuler la donne": "annul", "marquer la donne jouée": "as-played"}
    assert scene.table["you"]["rulings"] == [words[c.strip()] for c in choices.split(",")]


@when(parsers.re(r"^l'arbitre décide de (?P<choice>marquer la donne jouée|annuler la donne)$"))
def _referee_rules(client: FlaskClient, scene: Scene, choice: str) -> None:
    _act(client, scene, {"type": {"marquer la donne jouée": "as-played",
                                  "annuler la donne": "annul"}[choice]})
    assert scene.status == 201, scene.answer


@then(parsers.re(r"^la donne est marquée : le joueur (?P<taker>\d) marque (?P<score>[-+−]?\d+) "
                 r"et chaque défenseur (?P<defender>[-+−]?\d+)$"))
def _scored_as_ruled(scene: Scene, taker: str, score: str, defender: str) -> None:
    assert scene.answer is not None
    kinds = [e["type"] for e in scene.answer["events"]]
    assert kinds[:2] == ["ruled", "scored"], kinds
    scored = scene.answer["events"][1]
    expected = [int(defender.replace("−", "-"))] * scene.players
    expected[int(taker)] = int(score.replace("−", "-"))
    assert scored["scores"] == expected, scored["scores"]
    assert scored["ruling"] == "as-played" and scored["revokes"], scored


@then(parsers.parse("la donne est annulée sans marque et le joueur {seat:d} redonne"))
def _annulled(scene: Scene, seat: int) -> None:
    assert scene.answer is not None and scene.table is not None
    events = scene.answer["events"]
    assert [e["type"] for e in events] == ["redeal", "deal"], events
    assert events[0]["reason"] == "referee" and events[1]["dealer"] == seat
    assert not scene.table["scoresheet"]["entries"]
