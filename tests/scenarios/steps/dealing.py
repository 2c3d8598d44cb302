"""Dealing and speaking (``POST /deal/draw``, ``GET /deal/plan``, ``POST /check/cut``, ``POST
/check/auction``, ``POST /check/chelem``): who draws, cuts, deals, speaks, takes and leads."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from pytest_bdd import given, parsers, then, when

from scenarios.steps.vocabulary import API, CONTRACTS, Scene, card_list, post


def _plan(client: FlaskClient, scene: Scene) -> dict[str, Any]:
    """GET /deal/plan for the scene's table and dealer (asked once per scenario)."""
    if scene.plan is None:
        assert scene.dealer is not None, "no dealer was named"
        reply = client.get(f"{API}/deal/plan?players={scene.players}&dealer={scene.dealer}"
                           f"&lang={scene.lang}")
        assert reply.status_code == 200, reply.get_json()
        assert reply.headers.get("Content-Language") == scene.lang, reply.headers
        scene.plan = reply.get_json()
        assert scene.plan["explanation"]
    return scene.plan


@when(parsers.parse("le joueur {dealer:d} distribue un paquet non battu à {players:d} joueurs"))
def _deal_new_pack(client: FlaskClient, scene: Scene, dealer: int, players: int) -> None:
    scene.players, scene.dealer = players, dealer
    assert len(_plan(client, scene)["pack"]) == 78


@then(parsers.parse("le joueur {seat:d}, à droite du donneur, reçoit les {size:d} premières "
                    "cartes du paquet"))
def _first_packet(client: FlaskClient, scene: Scene, seat: int, size: int) -> None:
    plan = _plan(client, scene)
    assert scene.dealer is not None and seat == (scene.dealer + 1) % scene.players
    assert (plan["first_speaker"], plan["seats"][0], plan["packet_size"]) == (seat, seat, size)
    assert plan["pack"][:size] == [seat] * size and plan["pack"][size] != seat


@then(parsers.parse("le joueur suivant reçoit les {size:d} cartes d'après"))
def _second_packet(client: FlaskClient, scene: Scene, size: int) -> None:
    plan = _plan(client, scene)
    seat = (plan["first_speaker"] + 1) % scene.players  # counter-clockwise: seat i + 1 next
    assert plan["seats"][1] == seat
    assert plan["pack"][size:2 * size] == [seat] * size


@then(parsers.parse("chaque joueur reçoit {hand_size:d} cartes et le chien {chien_size:d} "
                    "cartes"))
def _dealt_sizes(client: FlaskClient, scene: Scene, hand_size: int, chien_size: int) -> None:
    plan = _plan(client, scene)
    assert (plan["hand_size"], plan["chien_size"]) == (hand_size, chien_size)
    pack = plan["pack"]
    assert [pack.count(seat) for seat in range(scene.players)] == [hand_size] * scene.players
    assert pack.count(None) == chien_size


@then("ni la première ni la dernière carte du paquet ne va au chien")
def _chien_not_ends(client: FlaskClient, scene: Scene) -> None:
    plan = _plan(client, scene)
    pack = plan["pack"]
    assert pack[0] is not None and pack[-1] is not None
    assert plan["chien_positions"] == [i for i, seat in enumerate(pack) if seat is None]


@then("le chien est constitué carte par carte")
def _chien_card_by_card(client: FlaskClient, scene: Scene) -> None:
    positions = _plan(client, scene)["chien_positions"]
    assert all(b - a > 1 for a, b in zip(positions, positions[1:], strict=False)), positions


@when(parsers.parse('les joueurs tirent "{cards}"'))
def _draw(client: FlaskClient, scene: Scene, cards: str) -> None:
    post(client, scene, "/deal/draw", {"draws": card_list(cards)})


@then(parsers.re(r"^le joueur (?P<seat>\d+) donne$"))
def _drawn_dealer(scene: Scene, seat: str) -> None:
    body = scene.body()
    assert (body["dealer"], body["redraw"]) == (int(seat), []), body


@then("personne n'est encore désigné")
def _nobody_drawn(scene: Scene) -> None:
    assert scene.body()["dealer"] is None


@then(parsers.parse("le joueur {seat:d} doit tirer une autre carte"))
def _redraw(scene: Scene, seat: int) -> None:
    assert scene.body()["redraw"] == [seat]


@given(parsers.parse("le joueur {dealer:d} donne à {players:d} joueurs"))
def _dealer(scene: Scene, dealer: int, players: int) -> None:
    scene.dealer, scene.players = dealer, players


@then(parsers.parse("le joueur {seat:d} coupe"))
def _cutter(client: FlaskClient, scene: Scene, seat: int) -> None:
    assert _plan(client, scene)["cutter"] == seat


@then(parsers.re(r"^une coupe de (?P<size>\d+) cartes est (?P<verdict>permise|refusée)$"))
def _cut(client: FlaskClient, scene: Scene, size: str, verdict: str) -> None:
    post(client, scene, "/check/cut", {"at": int(size)})
    body = scene.body()
    assert body["legal"] is (verdict == "permise"), body
    assert (body["taken"], body["left"]) == (int(size), 78 - int(size))
    assert [v["code"] for v in body["violations"]] == ([] if body["legal"] else ["cut-size"])


@when("la donne a été jouée")
def _deal_played(client: FlaskClient, scene: Scene) -> None:
    _plan(client, scene)


@then(parsers.parse("le joueur {seat:d} donne la suivante"))
def _next_dealer(client: FlaskClient, scene: Scene, seat: int) -> None:
    assert _plan(client, scene)["next_dealer"] == seat


@when("le donneur fait une fausse donne")
def _misdeal(client: FlaskClient, scene: Scene) -> None:
    scene.redeal = _plan(client, scene)["redeal"]["misdeal"]


@then(parsers.parse("le joueur {seat:d} redistribue"))
def _redealer(scene: Scene, seat: int) -> None:
    assert scene.redeal is not None and scene.redeal["dealer"] == seat, scene.redeal


@then("le donneur ne peut pas prendre sur la nouvelle donne")
def _redealer_may_not_bid(scene: Scene) -> None:
    assert scene.redeal is not None and scene.redeal["dealer_may_bid"] is False




@then(parsers.parse("le joueur {seat:d} parle le premier"))
def _first_speaker(client: FlaskClient, scene: Scene, seat: int) -> None:
    plan = _plan(client, scene)
    assert (plan["first_speaker"], plan["seats"][0]) == (seat, seat)


@then(parsers.parse("le joueur {seat:d} parle le dernier"))
def _last_speaker(client: FlaskClient, scene: Scene, seat: int) -> None:
    plan = _plan(client, scene)
    assert (plan["last_speaker"], plan["seats"][-1]) == (seat, seat)


@when(parsers.parse('les enchères sont "{bids}"'))
def _auction(client: FlaskClient, scene: Scene, bids: str) -> None:
    post(client, scene, "/check/auction", {
        "players": scene.players, "dealer": scene.dealer,
        "bids": [bid.strip() for bid in bids.split(",")]})
    body = scene.body()
    assert body["legal"] is True, body
    scene.redeal = body["redeal"]


@then("les enchères sont closes sans preneur")
def _all_passed(scene: Scene) -> None:
    body = scene.body()
    assert body["complete"] and body["all_passed"], body
    assert (body["taker"], body["contract"], body["next_speaker"]) == (None, None, None)


@then("les enchères sont closes")
def _auction_over(scene: Scene) -> None:
    body = scene.body()
    assert body["complete"] and body["next_speaker"] is None, body


@then(parsers.parse('le joueur {seat:d} est le preneur en "{contract}"'))
def _auction_taker(scene: Scene, seat: int, contract: str) -> None:
    body = scene.body()
    assert (body["taker"], body["contract"]) == (seat, CONTRACTS[contract]), body


@given(parsers.parse("le joueur {dealer:d} donne à {players:d} joueurs et le joueur {taker:d} "
                     "prend"))
def _dealer_and_taker(scene: Scene, dealer: int, players: int, taker: int) -> None:
    scene.dealer, scene.players, scene.taker = dealer, players, taker


@when(parsers.re(r"^le preneur (?P<announces>annonce|n'annonce pas) le chelem$"))
def _announce_chelem(client: FlaskClient, scene: Scene, announces: str) -> None:
    scene.chelem_announced = announces == "annonce"
    if scene.chelem_announced:
        post(client, scene, "/check/chelem", {"players": scene.players, "dealer": scene.dealer,
                                              "taker": scene.taker})
        assert scene.body()["legal"] is True


@then(parsers.parse("le joueur {seat:d} entame la première levée"))
def _first_leader(client: FlaskClient, scene: Scene, seat: int) -> None:
    if scene.chelem_announced:
        assert scene.body()["leader"] == seat
    else:  # no slam: the player right of the dealer leads
        assert _plan(client, scene)["first_speaker"] == seat
