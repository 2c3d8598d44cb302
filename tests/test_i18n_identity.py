"""The sentences stay byte for byte what they were: a broad set of payloads rendered in French
and English is compared with ``tests/i18n_golden.json``, recorded before :mod:`tutor.i18n`
was made fast (numbers without Babel's parser, translations resolved once per call, card names
cached). A change of wording is a change of this file, made on purpose:

    .venv/bin/python tests/test_i18n_identity.py --write

The set: every card named (with and without article), lists of cards, numbers and half-points
(both signs), the words of the game, the rulebook's five worked scoring examples at 3, 4 and 5
players and the derivation lines of every kind, a seeded sweep of scores, every violation the
core emits (the walk of ``test_i18n_codes``) and every code without params, each ``explain_*``
sentence, every card of seeded hands explained by ``explain_play``, every rule, every error
key.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from rules_fr.cards import CARDS, CardSet, Suit, parse_card, parse_cards
from rules_fr.catalog import RULES
from rules_fr.contracts import Camp, Contract
from rules_fr.deal import deal
from rules_fr.play import check_play, legal_cards, play_warnings
from rules_fr.poignee import PoigneeLevel
from rules_fr.scoring import score
from rules_fr.verdicts import RULE_OF_CODE, Code, Violation
from tutor.i18n import (
    error_text,
    explain_bid,
    explain_deal,
    explain_ecart,
    explain_hand,
    explain_king_call,
    explain_play,
    explain_poignee,
    explain_score,
    init_babel,
    line_text,
    rule_payload,
    rule_title,
    score_payload,
    violation_message,
    violation_payload,
    words,
)
from tutor.i18n.errors import ERRORS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_i18n_codes import ERROR_PARAMS, VIOLATIONS, _all_line_scores  # noqa: E402
from test_i18n_explanations import EXAMPLES  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "i18n_golden.json"
LANGUAGES = ("fr", "en")


def _card_samples() -> Iterator[Any]:
    yield []
    yield ["KH"]
    yield ["KH", "7H"]
    yield ["T12", "T3", "T15"]
    yield ["7H", "EX"]
    yield ["2S", "5S", "KH"]
    yield ["T1", "T21", "EX"]
    yield ["T1", "T2", "T21", "EX", "1S", "QC", "CD", "JH", "10D"]
    yield ["XX", "KH", "KH"]  # an unknown code and a repeat are dropped
    yield CardSet.parse(["KS", "KH", "KD", "KC"])
    yield parse_card("T7")
    yield "QD"
    for seed in range(4):
        yield deal(4, seed=seed).chien
        yield deal(5, seed=seed).hands[seed % 5]


def _examples() -> Iterator[Any]:
    for example in EXAMPLES.values():
        for players in (3, 4, 5):
            yield score(players=players, **example)


def _sweep() -> Iterator[Any]:
    rng = random.Random(2024)
    for _ in range(40):
        players = rng.choice((3, 4, 5))
        bouts = rng.randrange(4)
        chelem = rng.choice((None, None, None, Camp.TAKER, Camp.DEFENSE))
        yield score(
            players=players, contract=rng.choice(list(Contract)), bouts=bouts,
            points_half=rng.randrange(0, 183),
            petit_au_bout=rng.choice((None, Camp.TAKER, Camp.DEFENSE)),
            poignees=[(rng.choice(list(Camp)), rng.choice(list(PoigneeLevel)))
                      for _ in range(rng.randrange(3))],
            chelem_announced=rng.random() < 0.2, chelem=chelem,
            alone=players == 5 and rng.random() < 0.3)


def _plays() -> Iterator[tuple[str, str]]:
    """Every card of seeded hands, explained, before tricks of 0 to 3 cards."""
    for players, seed in ((4, 1), (5, 3), (3, 4)):
        dealt = deal(players, seed=seed)
        hand = dealt.hands[0]
        others = [list(h) for h in dealt.hands[1:]]
        for size in range(3):
            trick = [others[i][(seed + 5 * size + i) % len(others[i])] for i in range(size)]
            for first in (False, True) if players == 5 else (False,):
                called = parse_card("KH") if players == 5 else None
                for card in hand:
                    found = check_play(hand, trick, card, players=players, called_card=called,
                                       first_trick=first)
                    warnings = [] if found else play_warnings(hand, trick, card,
                                                              players=players)
                    legal = legal_cards(hand, trick, called_card=called, first_trick=first)
                    key = f"{players}/{seed}/{'.'.join(c.code for c in trick)}/{first}/{card.code}"
                    yield key, explain_play(card, found, warnings, legal)


def _key(v: Violation) -> str:
    return json.dumps([v.code, v.rule, v.params], sort_keys=True, ensure_ascii=False)


def _needs_params(key: str) -> bool:
    try:
        error_text(key)
    except KeyError:
        return True
    return False


def render() -> dict[str, Any]:
    """Everything, in the current request's language."""
    out: dict[str, Any] = {}
    out["card_name"] = [[words.card_name(card), words.card_name(card.code, article=False)]
                        for card in CARDS]
    out["card_list"] = [[words.card_list(sample), words.card_list(sample, style="or"),
                         words.count_cards(sample)] for sample in _card_samples()]
    out["number"] = [words.number(n) for n in range(-30, 31)] + [
        words.number(n) for n in (1746, -1124, 10**6, 40.25, 0.5, -0.5, Decimal("48.5"),
                                  Decimal("-2.125"), Decimal("49"), 3.0)]
    out["points"] = [words.points(h) for h in range(-203, 204)]
    out["signed"] = [words.signed(n) for n in (-1746, -106, -1, 0, 1, 42, 318, 1746, 40.5)]
    out["format_list"] = [words.format_list(items, style) for style in ("standard", "or")
                          for items in ([], ["a"], ["a", "b"], ["a", "b", "c"],
                                        ["a", "b", "c", "d"])]
    out["suits"] = [[words.suit_name(s), words.suit_to_follow(s)] for s in Suit
                    if s is not Suit.EXCUSE]
    out["contracts"] = [[words.contract_name(c), words.contract_name(c, article=True),
                         words.contract_name(c.code), words.contract_name(c.code, article=True)]
                        for c in Contract] + [words.contract_name("nope")]
    out["handfuls"] = [words.handful_name(level) for level in (*PoigneeLevel, "other")]
    out["camps"] = [words.camp_name(camp) for camp in (*Camp, "taker", "defense")]
    out["counts"] = [[words.bouts_phrase(n), words.trumps_phrase(n), words.players_phrase(n),
                      words.cards_phrase(n)] for n in range(6)]
    out["scores"] = [score_payload(s) for s in _examples()]
    out["score_texts"] = [[step["text"] for step in payload["derivation"]]
                          + [payload["explanation"]]
                          for payload in map(score_payload, _sweep())]
    out["score_lines"] = [[line_text(line, s) for line in s.lines] + [explain_score(s)]
                          for s in _all_line_scores()]
    out["violations"] = {_key(v): violation_payload(v)["message"] for v in VIOLATIONS}
    out["violations_bare"] = {code.value: violation_message(Violation(code, RULE_OF_CODE[code],
                                                                      {}))
                              for code in Code}
    out["violation_unknown"] = violation_message(
        Violation("brand-new-code", "play.turn", {}))  # type: ignore[arg-type]
    out["explain_play"] = dict(_plays())
    out["explain_other"] = [
        explain_deal([]), explain_deal(VIOLATIONS[:4]),
        explain_ecart([], CardSet.parse([])), explain_ecart([], CardSet.parse(["T4"])),
        explain_ecart([], CardSet.parse(["T4", "T9", "EX"])), explain_ecart(VIOLATIONS[-3:], ()),
        explain_bid(None, []), *(explain_bid(c, []) for c in Contract),
        explain_bid(Contract.GARDE, VIOLATIONS[5:7]),
        *(explain_king_call(parse_card(code), [], alone)
          for code in ("KS", "QH", "CD", "JC") for alone in (False, True)),
        explain_king_call(parse_card("QD"), VIOLATIONS[:1], False),
        explain_poignee(None, []), *(explain_poignee(level, []) for level in PoigneeLevel),
        explain_poignee(PoigneeLevel.SIMPLE, VIOLATIONS[2:3]),
        explain_hand(4, True, []), explain_hand(4, False, []),
        *(explain_hand(n, False, list(PoigneeLevel)[:k]) for n in (3, 4, 5) for k in (1, 3)),
    ]
    out["rules"] = {rule_id: rule_title(rule_id) for rule_id in RULES}
    out["rule_payloads"] = [rule_payload(rule) for rule in list(RULES.values())[::8]]
    out["rule_unknown"] = rule_title("no.such-rule")
    out["errors"] = {key: error_text(key, **ERROR_PARAMS.get(key, {})) for key in ERRORS
                     if key in ERROR_PARAMS or not _needs_params(key)}
    out["played_cards"] = [violation_message(v) for v in check_play(
        CardSet.parse(["7H", "KH", "T3", "EX", "2S"]), parse_cards(["5H"]), parse_card("2S"),
        players=4)]
    return out


def render_all(app: Flask) -> dict[str, Any]:
    everything: dict[str, Any] = {}
    for language in LANGUAGES:
        with app.test_request_context(f"/?lang={language}"):
            everything[language] = render()
    return json.loads(json.dumps(everything, ensure_ascii=False))


@pytest.fixture(scope="module")
def app() -> Flask:
    app = Flask("i18n-identity")
    init_babel(app)
    return app


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def rendered(app) -> dict[str, Any]:
    return render_all(app)


HOW = f"a wording changed on purpose? re-record: python {Path(__file__).name} --write"


@pytest.mark.parametrize("language", LANGUAGES)
def test_sentences_are_byte_identical_to_the_recorded_ones(rendered, golden, language):
    """Every recorded sentence; the keyed parts (rules, error keys, violations, plays) may have
    grown since the record, and only what was recorded is compared."""
    assert set(rendered[language]) == set(golden[language])
    for part, expected in golden[language].items():
        now = rendered[language][part]
        if isinstance(expected, dict):
            assert set(expected) <= set(now), (part, HOW)
            now = {key: now[key] for key in expected}
            for key, sentence in expected.items():
                assert now[key] == sentence, (part, key, HOW)
        assert now == expected, (part, HOW)


def test_the_record_is_broad(golden):
    """Every code, every card, both languages, the five examples at 3-5 players and more."""
    for language in LANGUAGES:
        record = golden[language]
        assert len(record["card_name"]) == 78
        assert {json.loads(key)[0] for key in record["violations"]} == {c.value for c in Code}
        assert set(record["violations_bare"]) == {code.value for code in Code}
        assert len(record["scores"]) == 15 and len(record["score_texts"]) == 40
        assert len(record["explain_play"]) > 150
    assert golden["fr"] != golden["en"]


def test_a_second_rendering_is_the_same(app, rendered):
    """The caches (card names, decimal marks, translations) give what the first call gave."""
    assert render_all(app) == rendered


def test_outside_a_request_the_words_are_the_code_language(app):
    """No request: the code's msgids (English), French numbers — as Flask-Babel gives them."""
    assert words.card_name(parse_card("KH")) == "the king of hearts"
    assert words.points(97) == "48,5"
    with app.app_context():
        assert words.card_name(parse_card("KH")) == "le roi de cœur"
    assert words.card_name(parse_card("KH")) == "the king of hearts"


def test_force_locale_is_followed_and_the_memo_is_per_language(app):
    """The language is Flask-Babel's at each call: ``force_locale`` switches it, and a violation
    already worded in French is worded again in English, then the French comes back."""
    from flask_babel import force_locale

    v = VIOLATIONS[0]
    with app.test_request_context("/?lang=fr"):
        french = violation_message(v)
        assert words.card_name(parse_card("KH")) == "le roi de cœur"
        with force_locale("en"):
            english = violation_message(v)
            assert words.card_name(parse_card("KH")) == "the king of hearts"
            assert words.points(97) == "48.5"
        assert violation_message(v) == french != english
        assert words.points(97) == "48,5"
    with app.test_request_context("/?lang=en"):
        assert violation_message(v) == english


def test_a_violation_is_worded_once_per_request(app, monkeypatch):
    """Its payload, then the explanation: the second asks the memo, not the catalogs."""
    from tutor.i18n import violations

    calls: list[str] = []
    code = VIOLATIONS[0].code
    build = violations.MESSAGES[code]
    monkeypatch.setitem(violations.MESSAGES, code, lambda p: calls.append("x") or build(p))
    v = Violation(VIOLATIONS[0].code, VIOLATIONS[0].rule, dict(VIOLATIONS[0].params))
    twin = Violation(v.code, v.rule, dict(v.params))
    with app.test_request_context("/?lang=en"):
        first = violation_payload(v)["message"]
        assert explain_deal([v]) == first and len(calls) == 1
        assert violation_message(twin) == first and len(calls) == 2  # another object
    with app.test_request_context("/?lang=en"):
        assert violation_message(v) == first and len(calls) == 3  # another request


def test_languages_do_not_leak_between_apps(app, tmp_path):
    """Two apps, two catalogs: the per-language caches belong to the catalog, not the code."""
    import shutil

    from tutor.i18n.catalogs import TRANSLATIONS_DIR

    target = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS_DIR, target, ignore=shutil.ignore_patterns("*.mo"))
    po = target / "en" / "LC_MESSAGES" / "messages.po"
    text = po.read_text(encoding="utf-8")
    marker = 'msgctxt "rank with article"\nmsgid "the king"\nmsgstr "the king"'
    assert marker in text
    po.write_text(text.replace(marker, marker[:-len('"the king"')] + '"the monarch"'),
                  encoding="utf-8")
    other = Flask("i18n-identity-other")
    other.config["BABEL_TRANSLATION_DIRECTORIES"] = str(target)
    init_babel(other)
    with other.test_request_context("/?lang=en"):
        assert words.card_name(parse_card("KH")) == "the monarch of hearts"
    with app.test_request_context("/?lang=en"):
        assert words.card_name(parse_card("KH")) == "the king of hearts"


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(f"usage: {sys.argv[0]} --write   (records {GOLDEN.name} from the current code)")
    fresh = Flask("i18n-identity")
    init_babel(fresh)
    GOLDEN.write_text(json.dumps(render_all(fresh), ensure_ascii=False, indent=0) + "\n",
                      encoding="utf-8")
    print(f"wrote {GOLDEN}")
