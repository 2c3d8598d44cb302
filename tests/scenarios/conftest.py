"""Step definitions of the Gherkin scenarios (``scenarios/*.feature``), run through the HTTP API.

Every scenario asks the JSON API (``/api/v1``, the Flask test client) what a referee would ask:
may I play this card, is this écart legal, what does this deal score. The steps assert on the
JSON and on the explanation, in the language of the feature (``# language: fr`` asks with
``?lang=fr``).

A few facts have no endpoint yet (card points, who wins a trick, the dealer draw, the cut, how
the cards are dealt, who deals and speaks first and next, the outcome of an auction, who leads
after a chelem announcement, when a poignée may be shown, the scoresheet of a partie, the
duplicate's notes and match points). Their steps call the rules core directly, are marked with
:func:`core_step`, and may only be used by scenarios tagged ``@core``
(``test_scenario_hygiene.py`` checks both ways).

Steps are written in French; the few English features reuse the same functions under English
wording (stacked decorators), and ask the API with ``?lang=en``.

pytest-bdd 9 finds step definitions only in the test module or a conftest (a plain import does
not register them), hence this conftest. A skipped or xfailed scenario is turned into a failure:
every scenario must run.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from types import SimpleNamespace
from typing import Any, TypeVar

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pytest_bdd import given, parsers, then, when

from tutor import create_app

API = "/api/v1"
F = TypeVar("F", bound=Callable[..., Any])

# --- the vocabulary of the features ----------------------------------------------------------

SUITS = ("S", "H", "D", "C")
RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K")
DECK_CODES: tuple[str, ...] = (
    *(rank + suit for suit in SUITS for rank in RANKS),
    *(f"T{n}" for n in range(1, 22)),
    "EX",
)
"""The 78 cards, in the order of a new pack (spades, hearts, diamonds, clubs, trumps, excuse)."""

SIZES = {3: (24, 6), 4: (18, 6), 5: (15, 3)}
"""Cards per hand and in the chien, the rulebook's table, to build regular deals."""

CONTRACTS = {
    "petite": "petite", "prise": "petite", "garde": "garde",
    "garde sans": "garde_sans", "garde_sans": "garde_sans",
    "garde contre": "garde_contre", "garde_contre": "garde_contre",
}
CAMPS = {"le preneur": "taker", "au preneur": "taker", "la défense": "defense",
         "à la défense": "defense", "un défenseur": "defense",
         "the taker": "taker", "the defence": "defense", "a defender": "defense"}
RANGE = re.compile(r"^T(\d{1,2})\.\.T(\d{1,2})$")


def card_list(text: str) -> list[str]:
    """Cards written in a step: codes separated by spaces or commas; ``T1..T10`` (or
    ``T10..T1``) stands for the trumps in between, in that order."""
    found: list[str] = []
    for token in text.replace(",", " ").split():
        match = RANGE.match(token)
        if match:
            first, last = int(match.group(1)), int(match.group(2))
            step = 1 if last >= first else -1
            found.extend(f"T{n}" for n in range(first, last + step, step))
        else:
            found.append(token)
    return found


def signed(text: str) -> int:
    """``+318``, ``-106``, ``−106`` (typographic minus), ``106``."""
    return int(text.strip().replace("−", "-").replace("+", ""))


def number(text: str) -> int | float:
    """Card points as the rulebook writes them: ``49``, ``40,5``, ``40.5``."""
    value = float(text.strip().replace(",", "."))
    return int(value) if value.is_integer() else value


def flat(text: str) -> str:
    """Text compared loosely: typographic minus and apostrophe as ASCII, any space as one."""
    text = text.replace("−", "-").replace("’", "'").replace("\u202f", " ").replace("\u00a0", " ")
    return " ".join(text.split())


# --- the scene: what a scenario has set up and what the API answered -------------------------


@dataclass
class Scene:
    lang: str = "fr"
    players: int = 4
    hand: list[str] = field(default_factory=list)
    trick: list[str] = field(default_factory=list)
    chien: list[str] | None = None
    ecart: list[str] = field(default_factory=list)
    contract: str = "garde"
    called_card: str | None = None
    first_trick: bool = False
    bids: list[str] = field(default_factory=list)
    dealer_misdealt: bool = False
    hands: list[list[str]] = field(default_factory=list)
    # scoring
    bouts: int = 0
    points: int | float = 0
    petit_au_bout: str | None = None
    poignees: list[dict[str, Any]] = field(default_factory=list)
    chelem_announced: bool = False
    chelem_by: str | None = None
    alone: bool = False
    # a played deal
    taker: int | None = None
    partner: int | None = None
    tricks: list[dict[str, Any]] = field(default_factory=list)
    seat_poignees: list[dict[str, Any]] = field(default_factory=list)
    # the answer
    status: int | None = None
    response: dict[str, Any] | None = None
    # core-only facts
    dealer: int | None = None
    core: dict[str, Any] = field(default_factory=dict)

    def body(self) -> dict[str, Any]:
        """The last answer, which must be a 200."""
        assert self.response is not None, "no request was made"
        assert self.status == 200, f"expected 200, got {self.status}: {self.response}"
        return self.response


@pytest.fixture(scope="session")
def tutor_app() -> Flask:
    return create_app({"TESTING": True})


@pytest.fixture
def client(tutor_app: Flask) -> FlaskClient:
    return tutor_app.test_client()


@pytest.fixture
def scene() -> Scene:
    return Scene()


def pytest_configure(config: pytest.Config) -> None:
    """Register every tag of the features as a marker (``pytest -m derived`` selects the
    derived cases; the dotted ``@source-…`` and ``@rule-…`` tags are registered so they do not
    warn)."""
    for tag in sorted(feature_tags()):
        config.addinivalue_line("markers", f"{tag}: a tag of the scenarios")


def feature_tags() -> set[str]:
    from pathlib import Path

    from gherkin.parser import Parser

    tags: set[str] = set()
    folder = Path(__file__).resolve().parents[2] / "scenarios"

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for tag in node.get("tags", []):
                tags.add(tag["name"].lstrip("@"))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in folder.glob("*.feature"):
        walk(Parser().parse(path.read_text("utf-8")))
    return tags


def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: Any,
                               scenario: Any) -> None:
    """Ask the API in the feature's language."""
    request.getfixturevalue("scene").lang = feature.language or "en"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A scenario must run: a skip (or an xfail) of a scenario is reported as a failure."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    # a pytest-bdd scenario is a test asking for the "_pytest_bdd_example" fixture
    if report.skipped and "_pytest_bdd_example" in getattr(item, "fixturenames", ()):
        report.outcome = "failed"
        report.longrepr = f"scenario skipped ({call.when}), but no scenario may be skipped: " \
                          f"{report.longrepr}"


def post(client: FlaskClient, scene: Scene, path: str, payload: dict[str, Any]) -> None:
    reply = client.post(f"{API}{path}?lang={scene.lang}", json=payload)
    scene.status = reply.status_code
    scene.response = reply.get_json()
    if reply.status_code == 200:
        assert reply.headers.get("Content-Language") == scene.lang, reply.headers


def core_step(func: F) -> F:
    """Marks a step that asks the rules core directly (a fact with no endpoint yet)."""
    func.core_step = True  # type: ignore[attr-defined]
    return func


# --- the table, the hand, the trick ----------------------------------------------------------


@given(parsers.parse("a table of {players:d} players"))
@given(parsers.parse("une table de {players:d} joueurs"))
def _table(scene: Scene, players: int) -> None:
    scene.players = players


@given(parsers.parse('the hand "{cards}"'))
@given(parsers.parse('la main "{cards}"'))
def _hand(scene: Scene, cards: str) -> None:
    scene.hand = card_list(cards)


@given(parsers.re(r'^the trick so far "(?P<cards>[^"]*)"$'))
@given(parsers.re(r'^le pli en cours "(?P<cards>[^"]*)"$'))
def _trick(scene: Scene, cards: str) -> None:
    scene.trick = card_list(cards)


@given(parsers.parse('c\'est la première levée et la carte appelée est "{card}"'))
def _first_trick_called(scene: Scene, card: str) -> None:
    scene.first_trick = True
    scene.called_card = card


@given(parsers.parse('la carte appelée est "{card}"'))
def _called_later(scene: Scene, card: str) -> None:
    scene.first_trick = False
    scene.called_card = card


@given(parsers.parse('le chien "{cards}"'))
def _chien(scene: Scene, cards: str) -> None:
    scene.chien = card_list(cards)


@given(parsers.parse('le contrat "{contract}"'))
def _contract(scene: Scene, contract: str) -> None:
    scene.contract = CONTRACTS[contract]


# --- card play -------------------------------------------------------------------------------


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


# --- écart -----------------------------------------------------------------------------------


@when(parsers.parse('le preneur écarte "{cards}"'))
def _discard(client: FlaskClient, scene: Scene, cards: str) -> None:
    post(client, scene, "/check/ecart", {
        "players": scene.players, "contract": scene.contract, "hand": scene.hand,
        "chien": scene.chien or [], "ecart": card_list(cards)})


@then(parsers.parse('les atouts à montrer sont "{cards}"'))
def _trumps_to_show(scene: Scene, cards: str) -> None:
    assert sorted(scene.body()["trumps_to_show"]) == sorted(card_list(cards))


@then("aucun atout n'est à montrer")
def _no_trump_to_show(scene: Scene) -> None:
    assert scene.body()["trumps_to_show"] == []


# --- bidding ---------------------------------------------------------------------------------


@given(parsers.parse('les annonces précédentes "{bids}"'))
def _earlier_bids(scene: Scene, bids: str) -> None:
    scene.bids = [bid.strip() for bid in bids.split(",") if bid.strip()]


@given("le donneur a fait une fausse donne")
def _misdealt(scene: Scene) -> None:
    scene.dealer_misdealt = True


@when(parsers.parse('le joueur annonce "{bid}"'))
def _bid(client: FlaskClient, scene: Scene, bid: str) -> None:
    post(client, scene, "/check/bid", {"players": scene.players, "bids": scene.bids,
                                       "bid": bid, "dealer_misdealt": scene.dealer_misdealt})


# --- king call -------------------------------------------------------------------------------


@when(parsers.parse('le preneur appelle "{card}"'))
def _call(client: FlaskClient, scene: Scene, card: str) -> None:
    payload: dict[str, Any] = {"players": scene.players, "hand": scene.hand, "card": card}
    if scene.chien is not None:
        payload["chien"] = scene.chien
    post(client, scene, "/check/king-call", payload)


@then(parsers.re(r"^le preneur (?P<who>jouera seul|aura un partenaire)$"))
def _alone(scene: Scene, who: str) -> None:
    assert scene.body()["alone"] is (who == "jouera seul")


# --- poignée and hand ------------------------------------------------------------------------


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


# --- a whole deal, dealt -----------------------------------------------------------------------


def _dealt(players: int, hand_size: int, chien_size: int, cards: list[str]) -> Scene:
    return Scene(players=players,
                 hands=[cards[i * hand_size:(i + 1) * hand_size] for i in range(players)],
                 chien=cards[players * hand_size:players * hand_size + chien_size])


def _shuffled() -> list[str]:
    cards = list(DECK_CODES)
    random.Random(78).shuffle(cards)
    return cards


@given(parsers.parse("une donne régulière à {players:d} joueurs"))
def _regular_deal(scene: Scene, players: int) -> None:
    hand_size, chien_size = SIZES[players]
    dealt = _dealt(players, hand_size, chien_size, _shuffled())
    scene.players, scene.hands, scene.chien = players, dealt.hands, dealt.chien


@given(parsers.parse("une donne à {players:d} joueurs de {hand_size:d} cartes par joueur "
                     "et {chien_size:d} cartes au chien"))
def _sized_deal(scene: Scene, players: int, hand_size: int, chien_size: int) -> None:
    assert players * hand_size + chien_size == 78, "the 78 cards, no more, no fewer"
    dealt = _dealt(players, hand_size, chien_size, _shuffled())
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


# --- scoring from the figures ----------------------------------------------------------------


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
    expected = {"partner": 0}
    for part in marks.split(","):
        role, _, value = part.strip().rpartition(" ")
        expected[ROLES[role]] = signed(value)
    assert scene.body()["scores"] == expected


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
    assert scores["taker"] + scores["partner"] + defenders * scores["defender"] == 0


# --- scoring a deal played card by card ------------------------------------------------------


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
    for number, (written, leader, cards) in enumerate(rows, start=1):
        assert int(written) == number, f"trick {written} out of order"
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


# --- facts with no endpoint yet: the rules core ----------------------------------------------
# (imported here, not at the top, so that the API steps above cannot use them by accident)

from rules_fr import bidding as core_bidding  # noqa: E402
from rules_fr import cards as core_cards  # noqa: E402
from rules_fr import deal as core_deal  # noqa: E402
from rules_fr import donne as core_donne  # noqa: E402
from rules_fr import duplicate as core_duplicate  # noqa: E402
from rules_fr import play as core_play  # noqa: E402
from rules_fr.counting import PlayedTrick  # noqa: E402
from rules_fr.partie import Partie  # noqa: E402
from rules_fr.poignee import check_poignee_timing  # noqa: E402


@then(parsers.re(r'^la carte "(?P<card>[^"]+)" vaut (?P<points>\d+(?:,5)?) points$'))
@core_step
def _card_points(card: str, points: str) -> None:
    half = core_cards.points_half([core_cards.parse_card(card)])
    assert half == round(2 * number(points))


@then(parsers.re(r'^les cartes "(?P<cards>[^"]+)" valent (?P<points>\d+(?:,5)?) points$'))
@core_step
def _cards_points(cards: str, points: str) -> None:
    half = core_cards.points_half(core_cards.parse_cards(card_list(cards)))
    assert half == round(2 * number(points))


@then("les 78 cartes valent 91 points")
@core_step
def _deck_points() -> None:
    deck = core_cards.parse_cards(DECK_CODES)
    assert len(set(deck)) == 78 and core_cards.points_half(deck) == 182


@when(parsers.parse('le pli "{cards}" est complet'))
@core_step
def _complete_trick(scene: Scene, cards: str) -> None:
    trick = core_cards.parse_cards(card_list(cards))
    scene.core["winner"] = trick[core_play.trick_winner(trick)].code


@then(parsers.parse('la carte "{card}" remporte le pli'))
@core_step
def _trick_winner(scene: Scene, card: str) -> None:
    assert scene.core["winner"] == card


@when(parsers.parse("le joueur {dealer:d} distribue un paquet non battu à {players:d} joueurs"))
@core_step
def _deal_new_pack(scene: Scene, dealer: int, players: int) -> None:
    pack = core_cards.parse_cards(DECK_CODES)
    scene.players, scene.dealer = players, dealer
    scene.core["pack"] = [card.code for card in pack]
    scene.core["deal"] = core_deal.deal(players, dealer, deck=pack)
    scene.core["chien_positions"] = core_deal.chien_positions(players)


def _hand_codes(scene: Scene, seat: int) -> set[str]:
    return set(scene.core["deal"].hands[seat].codes())


@then(parsers.parse("le joueur {seat:d}, à droite du donneur, reçoit les {size:d} premières "
                    "cartes du paquet"))
@core_step
def _first_packet(scene: Scene, seat: int, size: int) -> None:
    assert scene.dealer is not None and seat == (scene.dealer + 1) % scene.players
    assert set(scene.core["pack"][:size]) <= _hand_codes(scene, seat)
    assert scene.core["pack"][size] not in _hand_codes(scene, seat)
    scene.core["seat"] = seat


@then(parsers.parse("le joueur suivant reçoit les {size:d} cartes d'après"))
@core_step
def _second_packet(scene: Scene, size: int) -> None:
    seat = (scene.core["seat"] + 1) % scene.players
    assert set(scene.core["pack"][size:2 * size]) <= _hand_codes(scene, seat)


@then(parsers.parse("chaque joueur reçoit {hand_size:d} cartes et le chien {chien_size:d} "
                    "cartes"))
@core_step
def _dealt_sizes(scene: Scene, hand_size: int, chien_size: int) -> None:
    dealt = scene.core["deal"]
    assert [len(hand) for hand in dealt.hands] == [hand_size] * scene.players
    assert len(dealt.chien) == chien_size


@then("ni la première ni la dernière carte du paquet ne va au chien")
@core_step
def _chien_not_ends(scene: Scene) -> None:
    chien = set(scene.core["deal"].chien.codes())
    pack = scene.core["pack"]
    assert pack[0] not in chien and pack[-1] not in chien
    assert {pack[i] for i in scene.core["chien_positions"]} == chien


@then("le chien est constitué carte par carte")
@core_step
def _chien_card_by_card(scene: Scene) -> None:
    positions = scene.core["chien_positions"]
    assert all(b - a > 1 for a, b in zip(positions, positions[1:], strict=False)), positions


@when(parsers.parse('les joueurs tirent "{cards}"'))
@core_step
def _draw(scene: Scene, cards: str) -> None:
    draws = core_cards.parse_cards(card_list(cards))
    scene.core["dealer"] = core_deal.draw_dealer(draws)
    scene.core["redraw"] = core_deal.must_redraw(draws)


@then(parsers.re(r"^le joueur (?P<seat>\d+) donne$"))
@core_step
def _drawn_dealer(scene: Scene, seat: str) -> None:
    assert scene.core["dealer"] == int(seat)


@then("personne n'est encore désigné")
@core_step
def _nobody_drawn(scene: Scene) -> None:
    assert scene.core["dealer"] is None


@then(parsers.parse("le joueur {seat:d} doit tirer une autre carte"))
@core_step
def _redraw(scene: Scene, seat: int) -> None:
    assert scene.core["redraw"] == [seat]


@given(parsers.parse("le joueur {dealer:d} donne à {players:d} joueurs"))
@core_step
def _dealer(scene: Scene, dealer: int, players: int) -> None:
    scene.dealer, scene.players = dealer, players


@then(parsers.parse("le joueur {seat:d} coupe"))
@core_step
def _cutter(scene: Scene, seat: int) -> None:
    assert scene.dealer is not None
    assert core_deal.cutter_seat(scene.dealer, scene.players) == seat


@then(parsers.re(r"^une coupe de (?P<size>\d+) cartes est (?P<verdict>permise|refusée)$"))
@core_step
def _cut(size: str, verdict: str) -> None:
    pack = core_cards.parse_cards(DECK_CODES)
    if verdict == "permise":
        after = core_deal.cut(pack, int(size))
        assert after[0] == pack[int(size)] and len(after) == 78
    else:
        with pytest.raises(ValueError):
            core_deal.cut(pack, int(size))


@when("la donne a été jouée")
@core_step
def _deal_played(scene: Scene) -> None:
    assert scene.dealer is not None
    scene.core["next"] = core_deal.next_dealer(scene.dealer, scene.players)


@then(parsers.parse("le joueur {seat:d} donne la suivante"))
@core_step
def _next_dealer(scene: Scene, seat: int) -> None:
    assert scene.core["next"] == seat


@when("le donneur fait une fausse donne")
@core_step
def _misdeal(scene: Scene) -> None:
    assert scene.dealer is not None
    scene.core["redeal"] = core_deal.redeal(core_deal.RedealReason.MISDEAL, scene.dealer,
                                            scene.players)


@then(parsers.parse("le joueur {seat:d} redistribue"))
@core_step
def _redealer(scene: Scene, seat: int) -> None:
    assert scene.core["redeal"].dealer == seat


@then("le donneur ne peut pas prendre sur la nouvelle donne")
@core_step
def _redealer_may_not_bid(scene: Scene) -> None:
    assert scene.core["redeal"].dealer_may_bid is False


@then(parsers.parse("le joueur {seat:d} parle le premier"))
@core_step
def _first_speaker(scene: Scene, seat: int) -> None:
    assert scene.dealer is not None
    assert core_bidding.speaker_seat(scene.dealer, scene.players, 0) == seat


@then(parsers.parse("le joueur {seat:d} parle le dernier"))
@core_step
def _last_speaker(scene: Scene, seat: int) -> None:
    assert scene.dealer is not None
    assert core_bidding.speaker_seat(scene.dealer, scene.players, scene.players - 1) == seat


@when(parsers.parse('les enchères sont "{bids}"'))
@core_step
def _auction(scene: Scene, bids: str) -> None:
    assert scene.dealer is not None
    parsed = [core_bidding.parse_bid(bid.strip()) for bid in bids.split(",")]
    result = core_bidding.auction_result(scene.players, parsed)
    scene.core["auction"] = result
    if result.all_passed:
        scene.core["redeal"] = core_deal.redeal(core_deal.RedealReason.ALL_PASSED,
                                                scene.dealer, scene.players)


@then("les enchères sont closes sans preneur")
@core_step
def _all_passed(scene: Scene) -> None:
    result = scene.core["auction"]
    assert result.complete and result.all_passed and result.contract is None


@then("les enchères sont closes")
@core_step
def _auction_over(scene: Scene) -> None:
    assert scene.core["auction"].complete


@then(parsers.parse('le joueur {seat:d} est le preneur en "{contract}"'))
@core_step
def _auction_taker(scene: Scene, seat: int, contract: str) -> None:
    result = scene.core["auction"]
    assert scene.dealer is not None
    assert result.taker_seat(scene.dealer, scene.players) == seat
    assert result.contract.code == CONTRACTS[contract]


@given(parsers.parse("le joueur {dealer:d} donne à {players:d} joueurs et le joueur {taker:d} "
                     "prend"))
@core_step
def _dealer_and_taker(scene: Scene, dealer: int, players: int, taker: int) -> None:
    scene.dealer, scene.players, scene.taker = dealer, players, taker


@when(parsers.re(r"^le preneur (?P<announces>annonce|n'annonce pas) le chelem$"))
@core_step
def _announce_chelem(scene: Scene, announces: str) -> None:
    scene.chelem_announced = announces == "annonce"


@then(parsers.parse("le joueur {seat:d} entame la première levée"))
@core_step
def _first_leader(scene: Scene, seat: int) -> None:
    assert scene.dealer is not None
    taker = scene.taker if scene.taker is not None else scene.dealer
    leader = core_bidding.chelem_leader(taker, scene.dealer, scene.players,
                                        scene.chelem_announced)
    assert leader == seat


@then(parsers.parse('quand le joueur {leader:d} entame le pli "{cards}", le joueur {seat:d} '
                    'entame le suivant'))
@core_step
def _next_leader(scene: Scene, leader: int, cards: str, seat: int) -> None:
    trick = PlayedTrick(leader, tuple(core_cards.parse_cards(card_list(cards))))
    assert trick.winner_seat(scene.players) == seat


@given(parsers.parse("un joueur qui a déjà joué {cards:d} cartes"))
@core_step
def _cards_played(scene: Scene, cards: int) -> None:
    scene.core["cards_played"] = cards


@when("il montre sa poignée")
@core_step
def _poignee_timing(scene: Scene) -> None:
    found = check_poignee_timing(scene.core["cards_played"])
    scene.status = 200
    scene.response = {"legal": not found, "violations": [v.as_dict() for v in found]}


# --- a partie: the scoresheet (core), each deal scored by the API ----------------------------


def _names(text: str) -> list[str]:
    return text.split()


@when(parsers.parse('on ouvre une partie de {deals:d} donnes entre les joueurs "{names}"'))
@core_step
def _open_partie(scene: Scene, deals: int, names: str) -> None:
    try:
        scene.core["partie"] = Partie(_names(names), deals=deals)
    except ValueError as error:
        scene.core["partie"] = None
        scene.core["error"] = error


@when(parsers.parse('on ouvre une partie entre les joueurs "{names}"'))
@core_step
def _open_default_partie(scene: Scene, names: str) -> None:
    scene.core["partie"] = Partie(_names(names))


@then(parsers.re(r"^la partie est (?P<verdict>acceptée|refusée)$"))
@core_step
def _partie_verdict(scene: Scene, verdict: str) -> None:
    assert (scene.core["partie"] is not None) is (verdict == "acceptée")


@then(parsers.parse("la partie compte {deals:d} donnes"))
@core_step
def _partie_length(scene: Scene, deals: int) -> None:
    assert scene.core["partie"].deals == deals


@given(parsers.re(r'^une partie de (?P<deals>\d+) donnes (?P<mort>avec un mort )?entre les '
                  r'joueurs "(?P<names>[^"]+)"$'))
@core_step
def _partie(scene: Scene, deals: str, mort: str | None, names: str) -> None:
    scene.core["partie"] = Partie(_names(names), deals=int(deals), mort=bool(mort))


def _partie_of(scene: Scene) -> Partie:
    partie = scene.core["partie"]
    assert isinstance(partie, Partie)
    return partie


@then(parsers.parse('la donne {deal:d} est jouée par "{names}"'))
@core_step
def _deal_players(scene: Scene, deal: int, names: str) -> None:
    partie = _partie_of(scene)
    playing = [partie.names[p] for p in partie.players_for_deal(deal - 1)]
    assert playing == _names(names)


@then(parsers.parse('"{name}" ne joue pas la donne {deal:d}'))
@core_step
def _sits_out(scene: Scene, name: str, deal: int) -> None:
    partie = _partie_of(scene)
    assert partie.names.index(name) not in partie.players_for_deal(deal - 1)


@when(parsers.re(r'^"(?P<taker>[^"]+)" prend une (?P<contract>petite|prise|garde sans|'
                 r'garde contre|garde)(?: avec "(?P<partner>[^"]+)" pour partenaire)? et '
                 r'réalise (?P<points>\d+(?:,5)?) points avec (?P<bouts>\d) bouts?$'))
@core_step
def _partie_deal(client: FlaskClient, scene: Scene, taker: str, contract: str,
                 partner: str | None, points: str, bouts: str) -> None:
    partie = _partie_of(scene)
    playing = partie.players_for_deal(len(partie.entries))
    # the deal's score comes from the API ...
    post(client, scene, "/score", {
        "players": len(playing), "contract": CONTRACTS[contract], "bouts": int(bouts),
        "points": number(points), "alone": len(playing) == 5 and partner is None})
    body = scene.body()
    # ... and goes on the core's scoresheet
    scored = SimpleNamespace(players=len(playing), **body["scores"])
    scene.core["entry"] = partie.record(
        scored, taker=partie.names.index(taker),  # type: ignore[arg-type]
        partner=partie.names.index(partner) if partner else None)


@then(parsers.parse('"{name}" marque {score} sur cette donne'))
@core_step
def _deal_score(scene: Scene, name: str, score: str) -> None:
    partie = _partie_of(scene)
    assert scene.core["entry"].scores[partie.names.index(name)] == signed(score)


@then("la somme des marques de la donne est nulle")
@core_step
def _deal_zero_sum(scene: Scene) -> None:
    assert sum(scene.core["entry"].scores) == 0


@when("tout le monde passe")
@core_step
def _everyone_passes(scene: Scene) -> None:
    """Nothing goes on the scoresheet: the same players deal again."""
    assert core_bidding.auction_result(5, [None] * 5).all_passed


@then("aucune donne n'est encore marquée")
@core_step
def _no_entry(scene: Scene) -> None:
    assert _partie_of(scene).entries == []


@then(parsers.parse('les totaux sont "{totals}"'))
@core_step
def _totals(scene: Scene, totals: str) -> None:
    partie = _partie_of(scene)
    expected = {}
    for part in totals.split(","):
        name, value = part.split()
        expected[name] = signed(value)
    assert dict(zip(partie.names, partie.totals(), strict=True)) == expected


@then("la somme des totaux est nulle")
@core_step
def _totals_zero(scene: Scene) -> None:
    assert sum(_partie_of(scene).totals()) == 0


@then("la partie est finie")
@core_step
def _partie_over(scene: Scene) -> None:
    assert _partie_of(scene).is_over


@then(parsers.parse('"{name}" l\'emporte'))
@core_step
def _partie_winner(scene: Scene, name: str) -> None:
    partie = _partie_of(scene)
    assert [partie.names[p] for p in partie.leaders()] == [name]


# --- duplicate tournaments (core) ------------------------------------------------------------


def _fractions(text: str) -> list[Fraction]:
    """Figures separated by semicolons, decimals with a comma: ``100 ; 62,5``."""
    return [Fraction(part.strip().replace(",", ".")) for part in text.split(";")]


@when(parsers.parse("l'écart entre les deux preneurs est de {gap} points"))
@core_step
def _gap(scene: Scene, gap: str) -> None:
    scene.core["match_points"] = core_duplicate.match_points(signed(gap))


@then(parsers.parse("il vaut {points} points de match"))
@core_step
def _match_points(scene: Scene, points: str) -> None:
    assert scene.core["match_points"] == Decimal(points.replace(",", "."))


@when(parsers.parse('les preneurs d\'une donne marquent "{scores}"'))
@core_step
def _topage(scene: Scene, scores: str) -> None:
    scene.core["notes"] = core_duplicate.topage_notes([int(f) for f in _fractions(scores)])


@then(parsers.parse('leurs notes sont "{notes}"'))
@core_step
def _notes(scene: Scene, notes: str) -> None:
    assert scene.core["notes"] == _fractions(notes)


@when(parsers.parse("le preneur de la table a la note de {note} %"))
@core_step
def _taker_note(scene: Scene, note: str) -> None:
    scene.core["defender_note"] = core_duplicate.defender_note(_fractions(note)[0])


@then(parsers.parse("chaque défenseur de la table a la note de {note} %"))
@core_step
def _defender_note(scene: Scene, note: str) -> None:
    assert scene.core["defender_note"] == _fractions(note)[0]


@when(parsers.parse('un joueur a les notes d\'attaque "{attack}" et les notes de défense '
                    '"{defence}"'))
@core_step
def _global_notes(scene: Scene, attack: str, defence: str) -> None:
    scene.core["global"] = core_duplicate.global_percentage(_fractions(attack),
                                                            _fractions(defence))


@then(parsers.parse("son pourcentage global est de {percent} %"))
@core_step
def _global_percentage(scene: Scene, percent: str) -> None:
    assert scene.core["global"] == _fractions(percent)[0]


@given(parsers.parse("une donne duplicate à {players:d} joueurs où la garde est imposée au "
                     "joueur {taker:d}"))
@core_step
def _duplicate_deal(scene: Scene, players: int, taker: int) -> None:
    from rules_fr.contracts import Contract

    dealt = core_deal.deal(players, dealer=0, seed=7)
    assert not any(core_deal.is_petit_sec(hand) for hand in dealt.hands)
    scene.core["donne"] = core_donne.Donne(dealt, fixed_contract=(taker, Contract.GARDE))


@then(parsers.parse("le joueur {taker:d} est le preneur en garde, sans que personne n'ait "
                    "parlé"))
@core_step
def _imposed_garde(scene: Scene, taker: int) -> None:
    donne = scene.core["donne"]
    assert (donne.taker, donne.contract.code, donne.bids) == (taker, "garde", [])
    assert donne.phase is not core_donne.Phase.BIDDING
