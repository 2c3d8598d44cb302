"""Step definitions of the Gherkin scenarios (``scenarios/*.feature``), run through the HTTP API.

Every scenario asks the JSON API (``/api/v1``, the Flask test client) what a referee would ask:
may I play this card, is this écart legal, what does this deal score. The steps assert on the
JSON and on the explanation, in the language of the feature (``# language: fr`` asks with
``?lang=fr``).

Every fact goes through an endpoint — card points (``/count``), who wins a trick
(``/check/trick``), the dealer draw and how a deal is cut, dealt and spoken (``/deal/draw``,
``/deal/plan``, ``/check/cut``), the auction and the slam's lead (``/check/auction``,
``/check/chelem``), a partie's scoresheet (``/partie``), a duplicate's notes (``/duplicate/notes``,
``/tables``): this module never imports the rules core (``test_scenario_hygiene.py`` checks it).

Steps are written in French; the few English features reuse the same functions under English
wording (stacked decorators), and ask the API with ``?lang=en``.

pytest-bdd 9 finds step definitions only in the test module or a conftest (a plain import does
not register them), hence this conftest. A skipped or xfailed scenario is turned into a failure:
every scenario must run.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pytest_bdd import given, parsers, then, when

from tutor import create_app

API = "/api/v1"

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
    # dealing and speaking
    dealer: int | None = None
    plan: dict[str, Any] | None = None
    redeal: dict[str, Any] | None = None
    cards_played: int | None = None
    # a partie
    names: list[str] = field(default_factory=list)
    deals: int | None = None
    mort: bool = False
    entries: list[dict[str, Any]] = field(default_factory=list)
    partie: dict[str, Any] | None = None
    # a live duplicate table
    table: dict[str, Any] | None = None

    def body(self) -> dict[str, Any]:
        """The last answer, which must be a 200."""
        assert self.response is not None, "no request was made"
        assert self.status == 200, f"expected 200, got {self.status}: {self.response}"
        return self.response


@pytest.fixture(scope="session")
def tutor_app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    """The app, its live tables in a database of this run (not the instance folder's)."""
    folder = tmp_path_factory.mktemp("tables")
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder}/tables.db"})


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


# --- card points and tricks (POST /count, POST /check/trick) ---------------------------------


@then(parsers.re(r'^la carte "(?P<card>[^"]+)" vaut (?P<points>\d+(?:,5)?) points$'))
def _card_points(client: FlaskClient, scene: Scene, card: str, points: str) -> None:
    post(client, scene, "/count", {"cards": [card]})
    body = scene.body()
    assert (body["points"], body["half_points"]) == (number(points), round(2 * number(points)))
    assert body["explanation"]


@then(parsers.re(r'^les cartes "(?P<cards>[^"]+)" valent (?P<points>\d+(?:,5)?) points$'))
def _cards_points(client: FlaskClient, scene: Scene, cards: str, points: str) -> None:
    post(client, scene, "/count", {"cards": card_list(cards)})
    body = scene.body()
    assert (body["points"], body["half_points"]) == (number(points), round(2 * number(points)))


@then("les 78 cartes valent 91 points")
def _deck_points(client: FlaskClient, scene: Scene) -> None:
    post(client, scene, "/count", {"cards": list(DECK_CODES)})
    body = scene.body()
    assert (body["cards"], body["points"], body["half_points"], body["bouts"]) == (78, 91, 182, 3)


@when(parsers.parse('le pli "{cards}" est complet'))
def _complete_trick(client: FlaskClient, scene: Scene, cards: str) -> None:
    played = card_list(cards)
    post(client, scene, "/check/trick", {"players": len(played), "cards": played})
    assert scene.body()["complete"] is True


@then(parsers.parse('la carte "{card}" remporte le pli'))
def _trick_winner(scene: Scene, card: str) -> None:
    winner = scene.body()["winner"]
    assert winner["card"] == card, winner
    assert winner["seat"] is None  # no leader given: no seat to name


@then(parsers.parse('quand le joueur {leader:d} entame le pli "{cards}", le joueur {seat:d} '
                    'entame le suivant'))
def _next_leader(client: FlaskClient, scene: Scene, leader: int, cards: str, seat: int) -> None:
    post(client, scene, "/check/trick", {"players": scene.players, "cards": card_list(cards),
                                         "leader": leader})
    body = scene.body()
    assert body["complete"] and body["winner"]["seat"] == seat, body
    assert body["next_leader"] == seat


# --- dealing (POST /deal/draw, GET /deal/plan, POST /check/cut) ------------------------------


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


# --- who speaks, the auction, the slam's lead (GET /deal/plan, POST /check/auction, chelem) ---


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


# --- when a poignée is shown (POST /check/poignee with cards_played) -------------------------


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


# --- a partie (POST /partie) -------------------------------------------------------------------


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


# --- duplicate tournaments (POST /duplicate/notes, POST /tables) -----------------------------


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
    dealt = _dealt(players, hand_size, chien_size, _shuffled())
    reply = client.post(f"{API}/tables?lang={scene.lang}", json={
        "players": players, "deals": 3,
        "duplicate": {"hands": dealt.hands, "chien": dealt.chien, "taker": taker,
                      "contract": "garde"}})
    assert reply.status_code == 201, reply.get_json()
    scene.table = reply.get_json()["table"]


@then(parsers.parse("le joueur {taker:d} est le preneur en garde, sans que personne n'ait "
                    "parlé"))
def _imposed_garde(scene: Scene, taker: int) -> None:
    assert scene.table is not None
    deal = scene.table["deal"]
    assert (deal["taker"], deal["contract"], deal["bids"]) == (taker, "garde", []), deal
    assert deal["phase"] != "bidding"
    assert scene.table["duplicate"]["taker"] == taker
