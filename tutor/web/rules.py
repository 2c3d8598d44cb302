"""The rule catalog as the rules page shows it: by topic, each rule in the reader's language
with the scenarios that illustrate it."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from rules_fr.catalog import TOPICS, rules_by_topic

__all__ = ["catalog_view", "topic_title"]


def topic_title(topic: str) -> str:
    """The heading of a topic of the rulebook."""
    titles = {
        "cards": _("The cards"),
        "deal": _("The deal"),
        "bidding": _("Bidding"),
        "king-call": _("The king call"),
        "chien-ecart": _("The chien and the écart"),
        "poignee": _("Handfuls"),
        "chelem": _("Slam"),
        "play": _("Card play"),
        "excuse": _("The excuse"),
        "counting": _("Counting"),
        "scoring": _("Scoring"),
        "partie": _("The partie"),
        "duplicate": _("Duplicate"),
    }
    return titles.get(topic, topic)


def _examples(rule_id: str) -> list[dict[str, Any]]:
    from tutor.examples import examples_for_rule
    from tutor.web.examples import example_view

    return [example_view(entry) for entry in examples_for_rule(rule_id)]


def catalog_view() -> list[dict[str, Any]]:
    """``[{"id", "title", "rules": [rule_payload + "examples"]}]`` in the rulebook's order."""
    from tutor.i18n import rule_payload

    return [
        {
            "id": topic,
            "title": topic_title(topic),
            "rules": [{**rule_payload(rule), "examples": _examples(rule.id)}
                      for rule in rules_by_topic(topic)],
        }
        for topic in TOPICS
        if rules_by_topic(topic)
    ]
