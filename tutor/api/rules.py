"""GET /api/v1/rules and /api/v1/rules/{rule_id}: the rule catalog, in the reader's language.

Every violation the API returns names a rule by id; these endpoints serve it: title, text,
sources, an optional note on how the sources were reconciled, and the worked examples that
illustrate it (:func:`examples_for`, from the scenario library).
"""

from __future__ import annotations

from typing import Any

from flask import Response
from marshmallow import INCLUDE, Schema, fields
from werkzeug.exceptions import NotFound

from rules_fr.catalog import RULES, TOPICS, Rule
from tutor.api.base import ApiBlueprint, reply
from tutor.errors import problem_response
from tutor.examples import examples_for_rule
from tutor.i18n import rule_payload

__all__ = ["blp", "examples_for"]

blp = ApiBlueprint(
    "rules", __name__, url_prefix="/api/v1/rules",
    description="The rule catalog: every rule a verdict may cite, with its sources.",
)


def examples_for(rule: Rule) -> list[dict[str, Any]]:
    """The worked examples that illustrate ``rule``: the Gherkin scenarios of ``scenarios/``
    tagged with its id (:func:`tutor.examples.examples_for_rule`), the rulebook's own examples
    first among them."""
    return examples_for_rule(rule.id)


class ExampleSchema(Schema):
    id = fields.String(required=True, metadata={"description": "Stable id of the scenario."})
    title = fields.String(required=True, metadata={"description": "Its title (French)."})
    url = fields.String(required=True, metadata={"description": "Its page in the tutor."})
    feature = fields.String(metadata={"description": "The feature file's title."})
    note = fields.String(allow_none=True, metadata={
        "description": "The rulebook's words the scenario mirrors, if quoted."})
    rules = fields.List(fields.String(), metadata={"description": "Every rule it illustrates."})
    sources = fields.List(fields.String(), metadata={"description": "The seed texts it "
                                                                    "mirrors."})
    steps = fields.List(fields.Dict(), metadata={
        "description": "The Gherkin steps: keyword, text, table (rows, or null)."})
    examples = fields.List(fields.Dict(), metadata={
        "description": "A scenario outline's example blocks: name, tags, header, rows."})
    file = fields.String(metadata={"description": "The feature file."})
    line = fields.Integer(metadata={"description": "The scenario's line in it."})
    language = fields.String(metadata={"description": "The Gherkin language (fr)."})
    tags = fields.List(fields.String())
    derived = fields.Boolean(metadata={"description": "A case the sources imply without "
                                                     "spelling it out."})
    fft = fields.Boolean(metadata={"description": "A ruling of the FFT's rulebook."})

    class Meta:
        unknown = INCLUDE  # the scenario library may add members


class RuleSchema(Schema):
    id = fields.String(required=True, metadata={"example": "play.overtrump"})
    topic = fields.String(required=True, metadata={"enum": list(TOPICS)})
    title = fields.String(required=True)
    text = fields.String(required=True)
    source = fields.String(required=True, metadata={
        "description": "Where the rule comes from, as one line of text."})
    sources = fields.List(fields.String(), required=True, metadata={
        "description": "Each source: a seed text's name and/or \"FFT 2012\" (the FFT's "
                       "official rulebook)."})
    note = fields.String(required=True, allow_none=True, metadata={
        "description": "Where the sources disagree: which one was followed, and why."})
    examples = fields.List(fields.Nested(ExampleSchema), required=True, metadata={
        "description": "Worked examples illustrating the rule (scenarios; may be empty)."})


class RuleListSchema(Schema):
    rules = fields.List(fields.Nested(RuleSchema), required=True)


def _payload(rule: Rule) -> dict[str, Any]:
    return {**rule_payload(rule), "examples": examples_for(rule)}


@blp.route("", methods=["GET"])
@blp.response(200, RuleListSchema())
def list_rules() -> Response:
    """Every rule, in the rulebook's order."""
    return reply({"rules": [_payload(rule) for rule in RULES.values()]})


@blp.route("/<string(maxlength=80):rule_id>", methods=["GET"])
@blp.response(200, RuleSchema())
@blp.alt_response(404, response="NOT_FOUND")
def get_rule(rule_id: str) -> Response:
    """One rule by id (404 for an id not in the catalog)."""
    rule = RULES.get(rule_id)
    if rule is None:
        return problem_response(404, "unknown-rule", params={"id": rule_id},
                                headers=dict(NotFound().get_headers()))
    return reply(_payload(rule))
