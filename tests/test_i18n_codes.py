"""Every code the core can emit has a sentence in both languages — walked from the enums, not
from a list kept by hand — and every API error key has one too.

The violations are produced by the core's own checks (so their params are the params the
code really emits); a code a new check adds without a sentence, or a sentence that leaves a
``%(name)s`` unfilled, fails here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

import tutor
from rules_fr.bidding import check_bid, check_chelem_announcement, check_speaker
from rules_fr.cards import CardSet, parse_card, parse_cards
from rules_fr.catalog import RULES
from rules_fr.contracts import Camp, Contract
from rules_fr.deal import check_cut, check_deal, check_hand_for_misdeal, deal
from rules_fr.donne import Bid, Donne, PlayCard
from rules_fr.ecart import check_ecart
from rules_fr.kingcall import check_king_call
from rules_fr.play import check_play, play_warnings, why_allowed
from rules_fr.poignee import PoigneeLevel, check_poignee, check_poignee_timing
from rules_fr.renonce import RevokeTracker
from rules_fr.scoring import LineCode, check_score_input, score, why_scored
from rules_fr.verdicts import RULE_OF_CODE, Code, Violation, violation
from tutor.i18n import error_text, init_babel, line_text, violation_message, violation_payload
from tutor.i18n.errors import ERRORS
from tutor.i18n.violations import MESSAGES

LANGUAGES = ("fr", "en")
LEFTOVER = re.compile(r"%\(|%[sd]\b|\{[^}]*\}|\bNone\b")


@pytest.fixture(scope="module")
def app() -> Flask:
    app = Flask("i18n-codes")
    init_babel(app)
    return app


def _trumps(*ranks: int) -> list[str]:
    return [f"T{r}" for r in ranks]


def emitted_violations() -> Iterator[Violation]:
    """Violations and warnings from the core's checks, each code at least once."""
    h = CardSet.parse
    c = parse_card
    # card play
    hand = h(["7H", "KH", "T3", "EX", "2S"])
    yield from check_play(hand, parse_cards(["5H"]), c("T3"), players=4)
    yield from check_play(hand, parse_cards(["5H"]), c("QC"), players=4)
    yield from check_play(h(["T5", "T12", "2S"]), parse_cards(["KH", "T8"]), c("T5"), players=4)
    yield from check_play(h(["T5", "2S"]), parse_cards(["KH"]), c("2S"), players=4)
    yield from check_play(h(["T5", "2S"]), parse_cards(["T9"]), c("2S"), players=4)
    yield from check_play(h(["2S", "4H"]), parse_cards(["KH", "2H", "3H", "5H"]), c("4H"),
                          players=4)
    yield from check_play(h(["2S", "4S", "3H"]), [], c("2S"), players=5, called_card=c("KS"),
                          first_trick=True)
    # why a surprising legal play is allowed
    yield from why_allowed(h(["T5", "2S"]), parse_cards(["KH", "T9"]), c("T5"), players=4)
    yield from why_allowed(h(["T1", "T5"]), parse_cards(["T9"]), c("T1"), players=4)
    yield from why_allowed(h(["3C", "2S"]), parse_cards(["KH"]), c("2S"), players=4)
    yield from why_allowed(h(["7H", "EX"]), parse_cards(["5H"]), c("EX"), players=4)
    yield from why_allowed(h(["KS", "2S", "3H"]), [], c("KS"), players=5, called_card=c("KS"),
                           first_trick=True)
    yield from why_scored(score(players=4, contract=Contract.GARDE, bouts=2, points_half=98,
                                poignees=[(Camp.DEFENSE, PoigneeLevel.SIMPLE)],
                                chelem_announced=True))
    yield from play_warnings(h(["EX"]), [], c("EX"), players=4)
    yield from play_warnings(h(["T1", "T9"]), parse_cards(["T4"]), c("T1"), players=4)
    yield from play_warnings(h(["T1", "T9"]), parse_cards(["2S"]), c("T1"), players=4)
    # écart
    yield from check_ecart(5, Contract.GARDE, h(["KS", "T1", "2S", "3S", "4S"]),
                           h(["T2", "T3", "EX"]), h(["KS", "EX", "T2"]))
    yield from check_ecart(5, Contract.GARDE, h(["KS", "T1", "2S", "3S", "4S"]),
                           h(["T2", "T3", "EX"]), parse_cards(["2S", "2S", "QD", "3S"]))
    yield from check_ecart(5, Contract.GARDE_SANS, h(["2S"]), h([]), [])
    # poignée
    hand = h(_trumps(*range(1, 12)) + ["EX", "KS"])
    yield from check_poignee(4, hand, h(_trumps(*range(1, 10)) + ["EX"]))
    yield from check_poignee(4, hand, parse_cards(_trumps(*range(1, 10)) + ["KS", "QH"]))
    yield from check_poignee(4, hand, parse_cards(_trumps(*range(1, 12))))
    yield from check_poignee_timing(2)
    # bidding and chelem
    yield from check_bid(4, [Contract.GARDE], Contract.PETITE)
    yield from check_bid(4, [None, None, None, None], None)
    yield from check_bid(4, [None, None, None], Contract.GARDE, dealer_misdealt=True)
    yield from check_speaker(0, 4, 0, 3)
    yield from check_chelem_announcement(False, 3)
    # king call
    yield from check_king_call(h(["KS", "QH"]), c("T21"))
    yield from check_king_call(h(["KS", "KH", "QH"]), c("QD"))
    yield from check_king_call(h(["KS", "KH", "KD", "KC", "QS"]), c("CH"))
    yield from check_king_call(h(["KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC"]), c("JS"))
    yield from check_king_call(h(["KS"]), c("KH"), players=4)
    # deal and hands
    dealt = deal(4, seed=3)
    hands = [list(hand) for hand in dealt.hands]
    hands[1].append(hands[0][0])
    hands[2].pop()
    yield from check_deal(4, hands[:3] + [hands[3]], list(dealt.chien)[:5])
    yield from check_deal(4, hands[:3], list(dealt.chien))
    yield from check_hand_for_misdeal(h(["T1", "KS", "2H"]))
    yield from check_cut(78, 75)
    # order of play (the deal's state machine)
    donne = Donne(deal(4, seed=11))
    yield from donne.check(Bid(seat=9, contract=None))
    yield from donne.check(PlayCard(seat=0, card=c("2S")))
    # revokes at a physical table
    tracker = RevokeTracker(players=4)
    tracker.observe(1, parse_cards(["5H"]), c("2S"), trick=1)
    tracker.observe(2, parse_cards(["5D"]), c("3C"), trick=1)
    tracker.observe(3, parse_cards(["T9"]), c("T4"), trick=2)
    yield from tracker.observe(1, [], c("7H"), trick=3)
    yield from tracker.observe(2, [], c("T7"), trick=3)
    yield from tracker.observe(3, [], c("T15"), trick=3)
    yield from tracker.observe(0, [], c("2S"), trick=4)
    # scoring input, every reason
    yield from check_score_input(players=4, bouts=1, points_half=200)
    yield from check_score_input(players=4, bouts=5, points_half=100)
    yield from check_score_input(players=4, bouts=3, points_half=10)
    yield from check_score_input(players=4, bouts=1, points_half=150, chelem=Camp.TAKER,
                                 contract=Contract.GARDE)


VIOLATIONS = list(emitted_violations())


def test_every_code_is_emitted_by_the_walk():
    """The walk above reaches every code of the core (so the next test covers them all)."""
    assert {v.code for v in VIOLATIONS} == set(Code)


def test_every_code_has_a_message_builder_and_a_rule_in_the_catalog():
    assert set(MESSAGES) == set(Code)
    for code in Code:
        assert RULE_OF_CODE[code] in RULES


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_emitted_violation_renders(app, language):
    with app.test_request_context(f"/?lang={language}"):
        for v in VIOLATIONS:
            payload = violation_payload(v)
            message = payload["message"]
            assert payload["code"] == v.code and payload["rule"] == v.rule
            assert not LEFTOVER.search(message), message
            assert f"({v.rule})." in message, message
            title = RULES[v.rule].title
            if language == "fr":
                assert f"Règle : {title} ({v.rule})." in message
            else:
                assert "Rule: " in message and title not in message


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_code_renders_with_no_params_at_all(app, language):
    """A sentence never fails on params it does not get (an older or newer core)."""
    with app.test_request_context(f"/?lang={language}"):
        for code in Code:
            message = violation_payload(Violation(code, RULE_OF_CODE[code], {}))["message"]
            assert message and not LEFTOVER.search(message), (code, message)


def test_messages_differ_between_languages(app):
    for v in VIOLATIONS:
        with app.test_request_context("/?lang=fr"):
            french = violation_payload(v)["message"]
        with app.test_request_context("/?lang=en"):
            english = violation_payload(v)["message"]
        assert french != english


def test_an_unknown_code_still_gets_a_sentence(app):
    stray = Violation("brand-new-code", "play.turn", {})  # type: ignore[arg-type]
    with app.test_request_context("/?lang=en"):
        assert "(brand-new-code)" in violation_message(stray)


def _all_line_scores():
    yield score(players=4, contract=Contract.GARDE, bouts=2, points_half=98,
                petit_au_bout=Camp.TAKER, poignees=[(Camp.TAKER, PoigneeLevel.SIMPLE)])
    yield score(players=5, contract=Contract.GARDE_SANS, bouts=1, points_half=110,
                petit_au_bout=Camp.DEFENSE, poignees=[(Camp.DEFENSE, PoigneeLevel.DOUBLE)])
    yield score(players=3, contract=Contract.PETITE, bouts=0, points_half=81,
                poignees=[(Camp.TAKER, PoigneeLevel.TRIPLE)], chelem_announced=True)
    yield score(players=5, contract=Contract.GARDE_CONTRE, bouts=0, points_half=2,
                chelem=Camp.DEFENSE, alone=True, petit_au_bout=Camp.DEFENSE)
    yield score(players=4, contract=Contract.GARDE, bouts=3, points_half=182,
                chelem=Camp.TAKER)
    yield score(players=4, contract=Contract.GARDE, bouts=3, points_half=182,
                chelem=Camp.TAKER, chelem_announced=True)
    yield score(players=4, contract=Contract.GARDE, bouts=2, points_half=83,
                chelem_announced=True)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_line_code_renders(app, language):
    seen: set[LineCode] = set()
    kinds: set[str] = set()
    with app.test_request_context(f"/?lang={language}"):
        for s in _all_line_scores():
            for line in s.lines:
                text = line_text(line, s)
                assert text and not LEFTOVER.search(text), text
                seen.add(LineCode(line.code))
                if line.code == LineCode.CHELEM:
                    kinds.add(line.params["kind"])
    assert seen == set(LineCode)
    assert kinds == {"announced", "unannounced", "failed", "defence"}


# --- API error keys ---------------------------------------------------------------------------

ERROR_PARAMS = {
    "body-too-large": {"max_bytes": 65536},
    "unsupported-media-type": {"content_type": "text/plain"},
    "validation-failed": {"count": 3},
    "not-found": {"path": "/api/v1/nope"},
    "method-not-allowed": {"method": "DELETE", "allowed": "GET, HEAD, OPTIONS"},
    "unknown-card": {"text": "ZZ"},
    "duplicate-card": {"card": "KH"},
    "card-in-hand-and-trick": {"card": "T21"},
    "card-not-in-hand": {"card": "EX"},
    "card-not-in-trick": {"card": "KH"},
    "trick-too-long": {"size": 5, "players": 4},
    "hand-too-large": {"size": 19, "max": 18},
    "players-range": {"value": 6},
    "unknown-contract": {"text": "garde sans lui"},
    "unknown-bid": {"text": "maybe"},
    "not-a-half-point": {"value": 40.25},
    "points-range": {"value": 92},
    "impossible-score": {"reason": "bouts-points", "points_half": 10, "bouts": 3},
    "unknown-field": {"field": "colour"},
    "value-range": {"value": 4, "min": 0, "max": 3},
    "unknown-choice": {"value": "attack", "choices": "taker, defense"},
    "list-too-long": {"size": 30, "max": 24},
    "list-too-short": {"size": 1, "min": 2},
    "chien-too-large": {"size": 7, "max": 6},
    "seat-range": {"seat": 5, "players": 4},
    "partner-not-five": {"players": 4},
    "partner-is-taker": {"seat": 2},
    "partner-mismatch": {"card": "KH", "seat": 1, "expected": 3},
    "trick-count": {"count": 17, "expected": 18},
    "trick-size": {"trick": 3, "size": 3, "expected": 4},
    "missing-cards": {"cards": ["KH", "T21"]},
    "illegal-play": {"trick": 2, "seat": 1, "card": "T5"},
    "chien-in-play": {"card": "QD"},
    "poignee-not-held": {"seat": 2, "level": "double"},
    "poignee-twice": {"seat": 2},
    "unknown-rule": {"id": "play.nope"},
    "unsupported-language": {"lang": "de", "supported": "en, fr"},
    "language-not-served": {"lang": "de", "supported": "en, fr"},
    "seat-forbidden": {"seat": 1, "asked": 2},
    "referee-only": {"action": "annul"},
    "no-ruling-pending": {"action": "as-played"},
    "stale-seq": {"seq": 12, "sent": 10},
    "action-field-missing": {"action": "play", "field": "card"},
    "duplicate-deal": {"reason": "petit sec"},
    "not-a-duplicate-table": {"table": "Xq3vT9aa"},
    "not-the-same-deal": {"table": "Xq3vT9aa", "first": "Bw7kP2cc"},
    "table-twice": {"table": "Xq3vT9aa"},
    "person-range": {"value": 7, "max": 5},
    "person-sitting-out": {"name": "Ana", "deal": 1},
    "name-twice": {"name": "Ana"},
    "mort-five": {"players": 6},
    "nothing-to-compute": {"choices": "taker_scores, gaps"},
    "duplicate-key": {"member": "card"},
    "duplicate-seat": {"seat": 1},
    "table-closed": {"reason": "idle", "hours": 24},
    "table-archived": {"date": "2026-12-01"},
    "rate-limited": {"amount": 20, "seconds": 60},
    "service-unavailable": {"what": "database", "seconds": 5},
    "deal-not-scored": {"number": 2},
    "name-length": {"max": 40},
    "control-character": {"position": 2, "code": "U+0000"},
    "position-invalid": {"reason": "hand-size", "seat": 1, "expected": 3, "found": 4},
    "puzzle-unknown": {"id": "4-1-0-1-2"},
    "puzzle-none": {"number": 7},
    "card-not-legal": {"card": "KH"},
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_error_key_renders(app, language):
    with app.test_request_context(f"/?lang={language}"):
        for key in ERRORS:
            text = error_text(key, **ERROR_PARAMS.get(key, {}))
            assert text and not LEFTOVER.search(text), (key, text)


# where the code names an error key: the argument of each constructor
_KEY_ARGUMENT = {"ErrorKey": 0, "FieldProblem": 1, "Problem": 1, "problem_response": 1}


def error_keys_named_in(source: str) -> set[str]:
    """The error keys a module names as literals: ``ErrorKey("k")``, ``FieldProblem(p, "k")``,
    ``Problem(status, "k")``, ``problem_response(status, "k")``."""
    import ast

    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        index = _KEY_ARGUMENT.get(name or "")
        if index is None or len(node.args) <= index:
            continue
        argument = node.args[index]
        literals = [argument] if isinstance(argument, ast.Constant) else \
            [n for n in ast.walk(argument) if isinstance(n, ast.Constant)]  # a conditional
        found |= {n.value for n in literals if isinstance(n.value, str)}
    return found


def test_error_keys_cover_the_api():
    """Every error key the code of the API names has its sentence: keys are declared once, in
    the catalog of sentences (``tutor.errors.ERROR_KEYS`` is that catalog's keys)."""
    from tutor.errors import ERROR_KEYS

    assert set(ERRORS) == ERROR_KEYS
    named = {key for path in Path(tutor.__file__).parent.rglob("*.py")
             for key in error_keys_named_in(path.read_text("utf-8"))}
    assert len(named) > 40, sorted(named)
    assert named <= set(ERRORS), sorted(named - set(ERRORS))


def test_a_key_named_in_the_code_is_found():
    assert error_keys_named_in('raise Problem(409, "stale-seq", seq=1)\n'
                               'FieldProblem("/a", "x" if y else "z")\n') == {"stale-seq", "x", "z"}


def test_interface_keys_are_all_there():
    listed = {
        "malformed-json", "body-too-large", "unsupported-media-type", "validation-failed",
        "not-found", "method-not-allowed", "unknown-card", "duplicate-card",
        "card-in-hand-and-trick", "card-not-in-hand", "trick-too-long", "hand-too-large",
        "players-range", "unknown-contract", "unknown-bid", "not-a-half-point", "points-range",
        "field-required", "field-invalid", "internal-error", "impossible-score",
        "title-400", "title-404", "title-405", "title-413", "title-415", "title-422",
        "title-500", "unknown-field", "field-null", "value-range", "unknown-choice",
        "list-too-long", "list-too-short", "chien-too-large", "seat-range", "partner-not-five",
        "partner-is-taker", "trick-count", "trick-size", "missing-cards", "illegal-ecart",
        "illegal-play", "chien-in-play", "unknown-rule",
    }
    assert listed <= set(ERRORS)


def test_unknown_error_key_raises_key_error(app):
    with app.test_request_context("/?lang=en"), pytest.raises(KeyError):
        error_text("no-such-key")


def test_missing_required_param_raises_key_error(app):
    with app.test_request_context("/?lang=en"), pytest.raises(KeyError):
        error_text("unknown-card")


@pytest.mark.parametrize(("language", "key", "params", "expected"), [
    ("en", "unknown-card", {"text": "ZZ"}, "“ZZ” is not a card: write it as a code such as KH, "
                                           "10D, CS, T21 or EX, or by its name."),
    ("fr", "unknown-card", {"text": "ZZ"}, "« ZZ » n'est pas une carte : écrivez-la avec un "
                                           "code comme KH, 10D, CS, T21 ou EX, ou par son nom."),
    ("en", "duplicate-card", {"card": "KH"}, "The same card is given twice: the king of hearts."),
    ("fr", "card-not-in-hand", {"card": "T7"}, "Vous n'avez pas le 7 d'atout."),
    ("fr", "not-a-half-point", {"value": 40.25},
     "Les points se comptent par demi-points : 40,25 n'est pas un multiple de 0,5."),
    ("en", "not-a-half-point", {"value": 40.25},
     "Points are counted in half points: 40.25 is not a multiple of 0.5."),
    ("en", "validation-failed", {"count": 1},
     "1 field of the request is missing or invalid: see the details."),
    ("fr", "validation-failed", {"count": 3},
     "3 champs de la requête manquent ou sont invalides : voyez le détail."),
    ("fr", "missing-cards", {"cards": ["KH", "QH"]},
     "Ces 2 cartes ne se trouvent nulle part dans la donne : la dame et le roi de cœur."),
    ("en", "impossible-score", {"reason": "points-range", "points_half": 190},
     "The taker's points must be between 0 and 91, not 95."),
    ("fr", "impossible-score", {"reason": "chelem-points", "points_half": 150, "bouts": 1},
     "Faire le chelem, c'est remporter tous les plis : 75 points avec 1 bout ne peuvent pas en "
     "être un."),
    ("en", "seat-range", {"seat": 5, "players": 4},
     "There is no seat 5 at a table of 4 players: seats go from 0 to 3."),
    ("fr", "title-422", {}, "Requête non traitable"),
    ("en", "title-404", {}, "Not found"),
])
def test_error_sentences(app, language, key, params, expected):
    with app.test_request_context(f"/?lang={language}"):
        assert error_text(key, **params) == expected


def test_violation_helper_makes_json_ready_params():
    v = violation(Code.CARD_NOT_IN_HAND, card=parse_card("KH"))
    assert v.params == {"card": "KH"}
