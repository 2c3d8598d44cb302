"""Scoring from the figures (``POST /score``): won or lost, by how much, each line of the
derivation, each seat's score."""

from __future__ import annotations

from flask.testing import FlaskClient
from pytest_bdd import given, parsers, then, when

from scenarios.steps.vocabulary import CAMPS, CONTRACTS, Scene, number, post, signed


@given(parsers.parse('a deal at {players:d} players in "{contract}"'))
@given(parsers.parse('une donne à {players:d} joueurs en "{contract}"'))
def _score_deal(scene: Scene, players: int, contract: str) -> None:
    scene.players, scene.contract = players, CONTRACTS[contract]


@given(parsers.re(r"^the taker makes (?P<points>\d+(?:[,.]5)?) points with (?P<bouts>\d) bouts?$"))
@given(parsers.re(r"^le preneur réalise (?P<points>\d+(?:[,.]5)?) points avec "
                  r"(?P<bouts>\d) bouts?$"))
def _taker_points(scene: Scene, points: str, bouts: str) -> None:
    scene.points, scene.bouts = number(points), int(bouts)


@given(parsers.re(r"^the petit au bout is won by (?P<camp>the taker|the defence)$"))
@given(parsers.re(r"^le petit au bout est (?:mené|pris) par (?P<camp>le preneur|la défense)$"))
def _petit_au_bout(scene: Scene, camp: str) -> None:
    scene.petit_au_bout = CAMPS[camp]


@given(parsers.re(r"^(?P<who>the taker|a defender) shows a (?P<level>simple|double|triple) "
                  r"poignée$"))
@given(parsers.re(r"^(?P<who>le preneur|un défenseur) montre une poignée "
                  r"(?P<level>simple|double|triple)$"))
def _camp_poignee(scene: Scene, who: str, level: str) -> None:
    scene.poignees.append({"camp": CAMPS[who], "level": level})


@given("le preneur a annoncé le chelem")
def _chelem_announced(scene: Scene) -> None:
    scene.chelem_announced = True


@given("le chelem n'a pas été annoncé")
def _chelem_not_announced(scene: Scene) -> None:
    scene.chelem_announced = False


@given(parsers.re(r"^(?P<camp>le preneur|la défense) remporte tous les plis$"))
def _chelem_by(scene: Scene, camp: str) -> None:
    scene.chelem_by = CAMPS[camp]


@given("le preneur joue seul")
def _taker_alone(scene: Scene) -> None:
    scene.alone = True


@when("I score the deal")
@when("je calcule la marque")
def _score(client: FlaskClient, scene: Scene) -> None:
    post(client, scene, "/score", {
        "players": scene.players, "contract": scene.contract, "bouts": scene.bouts,
        "points": scene.points, "petit_au_bout": scene.petit_au_bout,
        "poignees": scene.poignees,
        "chelem": {"announced": scene.chelem_announced, "by": scene.chelem_by},
        "alone": scene.alone})


@then(parsers.re(r"^le contrat est (?P<result>gagné|chuté)$"))
def _won(scene: Scene, result: str) -> None:
    assert scene.body()["won"] is (result == "gagné")


@then(parsers.re(r"^the contract is (?P<result>made|lost) by (?P<gap>\d+) points?$"))
@then(parsers.re(r"^le contrat est (?P<result>gagné|chuté) de (?P<gap>\d+) points?$"))
def _won_by(scene: Scene, result: str, gap: str) -> None:
    body = scene.body()
    assert (body["won"], body["difference"]) == (result in ("gagné", "made"), int(gap)), body


@then("le contrat est juste fait")
def _just_made(scene: Scene) -> None:
    body = scene.body()
    assert (body["won"], body["difference"]) == (True, 0), body


@then(parsers.parse("les points à réaliser sont {target:d}"))
def _target(scene: Scene, target: int) -> None:
    assert scene.body()["target"] == target


@then(parsers.parse("le coefficient du contrat est {multiplier:d}"))
def _multiplier(scene: Scene, multiplier: int) -> None:
    assert scene.body()["multiplier"] == multiplier


LINES = {"le contrat": "contract", "la poignée": "poignee", "le petit au bout": "petit-au-bout",
         "le chelem": "chelem", "the contract": "contract", "the poignée": "poignee",
         "the petit au bout": "petit-au-bout", "the chelem": "chelem"}


@then(parsers.re(r"^(?P<what>the contract|the poignée|the petit au bout|the chelem) brings "
                 r"(?P<points>[+\-−]?\d+)$"))
@then(parsers.re(r"^(?P<what>le contrat|la poignée|le petit au bout|le chelem) rapporte "
                 r"(?P<points>[+\-−]?\d+)$"))
def _line_points(scene: Scene, what: str, points: str) -> None:
    lines = [line for line in scene.body()["derivation"] if line["code"] == LINES[what]]
    assert lines, scene.body()["derivation"]
    assert sum(line["points"] for line in lines) == signed(points), lines
    assert all(line["text"] for line in lines)


@then(parsers.re(r"^the deal's score is (?P<total>[+\-−]?\d+)$"))
@then(parsers.re(r"^la marque de la donne est (?P<total>[+\-−]?\d+)$"))
def _total(scene: Scene, total: str) -> None:
    body = scene.body()
    lines = [line for line in body["derivation"] if line["code"] == "total"]
    assert [line["points"] for line in lines] == [signed(total)], lines
    assert body["scores"]["defender"] == -signed(total)


ROLES = {"preneur": "taker", "partenaire": "partner", "défenseurs": "defender",
         "chaque défenseur": "defender", "taker": "taker", "partner": "partner",
         "defenders": "defender", "each defender": "defender"}


@then(parsers.parse('the scores are "{marks}"'))
@then(parsers.parse('les marques sont "{marks}"'))
def _marks(scene: Scene, marks: str) -> None:
    expected: dict[str, int] = {}
    for part in marks.split(","):
        role, _, value = part.strip().rpartition(" ")
        expected[ROLES[role]] = signed(value)
    # a partner scores only where there is one (five players, a king called)
    assert {"partner": 0, **scene.body()["scores"]} == {"partner": 0, **expected}


@then("the scores sum to zero")
@then("la somme des marques est nulle")
def _zero_sum(scene: Scene) -> None:
    body = scene.body()
    scores = body["scores"]
    played = scene.taker is not None  # a deal played card by card names its partner
    with_partner = scene.players == 5 and not scene.alone and (
        scene.partner is not None if played else True)
    defenders = scene.players - (2 if with_partner else 1)
    lines = [line for line in body["derivation"] if line["code"] == "defender-score"]
    assert [line["params"]["defenders"] for line in lines] == [defenders], lines
    assert scores["taker"] + scores.get("partner", 0) + defenders * scores["defender"] == 0
