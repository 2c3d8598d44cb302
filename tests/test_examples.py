"""tutor.examples: the scenarios served as worked examples, linked to the rules they illustrate."""

from __future__ import annotations

import doctest
from pathlib import Path

import tutor.examples
from rules_fr.catalog import RULES
from tutor.examples import all_examples, example, examples_for_rule, parse_feature


def test_examples_doctests() -> None:
    failures, tried = doctest.testmod(tutor.examples)
    assert tried > 0 and failures == 0


def test_examples_every_scenario_is_listed_under_each_of_its_rules() -> None:
    entries = all_examples()
    assert len(entries) >= 100
    for entry in entries:
        assert entry["rules"], entry["id"]
        for rule_id in entry["rules"]:
            assert rule_id in RULES, (entry["id"], rule_id)
            assert entry["id"] in [e["id"] for e in examples_for_rule(rule_id)]


def test_examples_ids_are_unique_and_urls_name_them() -> None:
    ids = [entry["id"] for entry in all_examples()]
    assert len(ids) == len(set(ids))
    for entry in all_examples():
        assert entry["url"] == "/examples/" + entry["id"]
        assert example(entry["id"]) == entry


def test_examples_the_worked_scoring_example_carries_its_figures() -> None:
    found = [e for e in examples_for_rule("score.total") if "106" in e["title"]]
    assert sorted(e["language"] for e in found) == ["en", "fr"]
    found = [e for e in found if e["language"] == "fr"]
    worked = found[0]
    assert worked["language"] == "fr" and worked["sources"] == ["000_79ccdf50a49e58e5"]
    assert "49 - 41 = 8" in worked["note"]
    rows = worked["examples"][0]["rows"]
    assert [row[0] for row in rows] == ["3", "4", "5"]
    assert any("+318" in cell for row in rows for cell in row)
    assert worked["steps"][0] == {"keyword": "Soit", "text": 'une donne à <joueurs> joueurs en '
                                  '"garde"', "table": None}


def test_examples_derived_rows_keep_their_tag() -> None:
    worked = next(e for e in examples_for_rule("score.total") if "76" in e["title"])
    assert [block["tags"] for block in worked["examples"]] == [["source-000_79ccdf50a49e58e5"],
                                                              ["derived"]]
    assert worked["derived"] is True


def test_examples_a_played_deal_keeps_its_table_of_tricks() -> None:
    chelem = next(e for e in examples_for_rule("excuse.chelem") if "dernier pli" in e["title"])
    table = next(step["table"] for step in chelem["steps"] if step["table"])
    assert table[0] == ["pli", "entame", "cartes"]
    assert table[-1] == ["18", "0", "EX KS KH KC"]


def test_examples_unknown_rule_and_id() -> None:
    assert examples_for_rule("nothing.here") == []
    assert example("nowhere/nothing") is None


def test_examples_copies_cannot_change_the_cache() -> None:
    first = examples_for_rule("play.follow-suit")
    first[0]["title"] = "changed"
    assert examples_for_rule("play.follow-suit")[0]["title"] != "changed"


def test_examples_rule_blocks_and_examples_tags(tmp_path: Path) -> None:
    text = """# language: fr
@rule-cards.deck
Fonctionnalité: Essai
  @derived
  Règle: Un bloc de règle
    @rule-cards.points
    Plan du Scénario: Une valeur
      Alors la carte "<carte>" vaut <points> points

      @source-002_42b61915e8d93b37 @rule-score.targets
      Exemples: tirés de la règle
        | carte | points |
        | KH    | 4,5    |
"""
    (tmp_path / "essai.feature").write_text(text, encoding="utf-8")
    [entry] = all_examples(tmp_path)
    assert entry["rules"] == ["cards.deck", "cards.points", "score.targets"]
    assert entry["sources"] == ["002_42b61915e8d93b37"] and entry["derived"] is True
    assert entry["examples"][0]["name"] == "tirés de la règle"
    assert [e["id"] for e in examples_for_rule("score.targets", tmp_path)] == ["essai/une-valeur"]
    assert parse_feature("") == []
