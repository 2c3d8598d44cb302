"""GET /api/v1/rules and /api/v1/rules/{rule_id}: the rule catalog, in the reader's language.

Every violation the API returns names a rule by id; these endpoints serve it: title, text,
sources (by title), an optional note on how the sources were reconciled, and the worked
examples that illustrate it (:func:`examples_for`, from the scenario library). ``?q=`` searches
the catalog in French and English, ``?topic=`` keeps one topic; an unknown id is a 404 that
lists the closest ids. The answers come from :mod:`tutor.services.rules` (as the MCP tools').
"""

from __future__ import annotations

from typing import Any, Final

from flask import Response
from marshmallow import INCLUDE, Schema, ValidationError, fields, validate
from werkzeug.exceptions import NotFound

from rules_fr.catalog import TOPICS, Rule
from tutor.api.base import ApiBlueprint, reply
from tutor.api.deal import QueryInt
from tutor.errors import ErrorKey, problem_response
from tutor.fields import BoundedInt
from tutor.services import rules as service
from tutor.services.stories import STORY_KINDS

__all__ = ["RuleReadArguments", "RuleSearchArguments", "blp", "document_summaries",
           "examples_for"]

blp = ApiBlueprint(
    "rules", __name__, url_prefix="/api/v1/rules",
    description="The rule catalog: every rule a verdict may cite, with its sources.",
)


def examples_for(rule: Rule) -> list[dict[str, Any]]:
    """The worked examples that illustrate ``rule``: the Gherkin scenarios of ``scenarios/``
    tagged with its id (:func:`tutor.examples.examples_for_rule`), the rulebook's own examples
    first among them."""
    examples: list[dict[str, Any]] = service.read_rule(rule.id)["examples"]
    return examples


class StoryLineSchema(Schema):
    part = fields.String(required=True, metadata={
        "enum": ["deal", "count", "score", "play", "verdict"],
        "description": "What the sentence tells: the deal, the counting, a score line, the "
                       "card played (or the écart), the referee's verdict."})
    text = fields.String(required=True, metadata={"description": "The sentence, in the "
                                                                 "response's language."})
    points = fields.Integer(metadata={"description": "A score line's points (the core's)."})


class StorySchema(Schema):
    """A worked example told; with ``examples=told``, its ``case`` and ``text`` only."""

    case = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The row of the outline's examples it tells (1 for the first row of "
                       "the first block), null for a plain scenario."})
    kind = fields.String(metadata={
        "enum": list(STORY_KINDS),
        "description": "What the story tells: " + "; ".join(
            f"`{kind}`, {what}" for kind, what in STORY_KINDS.items()) + "."})
    text = fields.String(required=True, metadata={
        "description": "The whole story in the response's language: the deal, the play or "
                       "the counting, each score line."})
    lines = fields.List(fields.Nested(StoryLineSchema))
    figures = fields.Dict(metadata={
        "description": "The core's answer the story tells: for a score, `won`, `target`, "
                       "`difference`, `total`, `scores`; for a play, `legal` and "
                       "`legal_cards`; for an écart, `legal` and `trumps_to_show`; for a "
                       "deal played card by card, the score's and `count` (each side's "
                       "points, oudlers and tricks); for a call, `legal` and `alone`; for a "
                       "poignée, `legal`, `level`, `bonus`; for a hand, `petit_sec` and "
                       "`poignees`; for a bid, `legal`; for a trick, `winner` and "
                       "`half_points`; for the draw, `dealer` and `redraw`."})


class ExampleSchema(Schema):
    """A worked example, its title in the response's language. With ``examples=full`` (the
    default) every member; with ``examples=told`` its id, title, url and ``story`` (each
    case's ``case`` and ``text``); with ``examples=brief`` its id, title and url."""

    id = fields.String(required=True, metadata={"description": "Stable id of the scenario."})
    title = fields.String(required=True, metadata={
        "description": "Its title, in the response's language (the scenario's own title, "
                       "translated like every sentence of the service)."})
    url = fields.String(required=True, metadata={"description": "Its page in the tutor."})
    feature = fields.String(metadata={
        "description": "The topic its feature file covers (the feature's name), in the "
                       "response's language."})
    note = fields.String(allow_none=True, metadata={
        "description": "The rulebook's words the scenario mirrors, if quoted, as written "
                       "(in `steps_language`)."})
    rules = fields.List(fields.String(), metadata={"description": "Every rule it illustrates."})
    sources = fields.List(fields.String(), metadata={
        "description": "The titles of the source texts it mirrors (e.g. `Tarotman`)."})
    steps = fields.List(fields.Dict(), metadata={
        "description": "The Gherkin steps: keyword, text, table (rows, or null), as the test "
                       "suite runs them: never translated, in `steps_language` (French, "
                       "whatever the response's language; `story` tells the example in the "
                       "response's language)."})
    examples = fields.List(fields.Dict(), metadata={
        "description": "A scenario outline's example blocks: name, tags, header, rows, as "
                       "written (in `steps_language`)."})
    file = fields.String(metadata={"description": "The feature file."})
    line = fields.Integer(metadata={"description": "The scenario's line in it."})
    language = fields.String(metadata={
        "description": "The Gherkin language of the feature file (`fr`; `en` for the few "
                       "scenarios written in English): the same as `steps_language`."})
    steps_language = fields.String(metadata={
        "enum": ["fr", "en"],
        "description": "The language `steps`, `examples` and `note` are written in (`fr`, "
                       "the rulebook's language): they are not translated, unlike `title`, "
                       "`feature` and `story`.",
        "example": "fr"})
    tags = fields.List(fields.String())
    derived = fields.Boolean(metadata={"description": "A case the sources imply without "
                                                     "spelling it out."})
    fft = fields.Boolean(metadata={"description": "A ruling of the FFT's rulebook."})
    story = fields.List(fields.Nested(StorySchema), metadata={
        "description": "The example told as a short story in the response's language, one per "
                       "case (each row of an outline), every figure computed by the rules "
                       "core: the deal, the play or the counting, each score line. Empty for "
                       "an example the tutor does not tell yet (its steps stay in `steps`, "
                       "in `steps_language`). Left out with `examples=brief`; with "
                       "`examples=told`, each story's `case` and `text` only (the examples "
                       "past 8,000 characters of stories come brief)."})

    class Meta:
        unknown = INCLUDE  # the scenario library may add members


class RuleSchema(Schema):
    id = fields.String(required=True, metadata={"example": "play.overtrump"})
    topic = fields.String(required=True, metadata={"enum": list(TOPICS)})
    title = fields.String(required=True)
    text = fields.String(required=True)
    source = fields.String(required=True, metadata={
        "description": "Where the rule comes from, as one line of text (the titles joined).",
        "example": "Tarotman, FFT rulebook 2012"})
    sources = fields.List(fields.String(), required=True, metadata={
        "description": "The title of each source, in the response's language: `Tarotman`, "
                       "`FFT rulebook 2012` (the FFT's official rulebook)…",
        "example": ["Tarotman", "FFT rulebook 2012"]})
    note = fields.String(required=True, allow_none=True, metadata={
        "description": "Where the sources disagree: which one was followed, and why."})
    examples = fields.List(fields.Nested(ExampleSchema), metadata={
        "description": "Worked examples illustrating the rule (scenarios; may be empty), as "
                       "much of each as `examples` asks; left out with `examples=none`."})


class RuleSummarySchema(Schema):
    """A rule in a list with ``view=summary``: enough to choose which one to read."""

    id = fields.String(required=True, metadata={"example": "play.overtrump"})
    topic = fields.String(required=True, metadata={"enum": list(TOPICS)})
    title = fields.String(required=True)
    summary = fields.String(required=True, metadata={
        "description": "The rule's first sentence (clipped at 160 characters)."})
    snippet = fields.String(required=True, allow_none=True, metadata={
        "description": "With `q`: the sentence of the rule's text or note that holds the most "
                       "words of the query, when it is not the first one; else null."})
    examples = fields.List(fields.Nested(ExampleSchema), metadata={
        "description": "Only when `examples` is asked for: the worked examples."})


class RuleListSchema(Schema):
    rules = fields.List(fields.Raw(metadata={"oneOf": [
        {"$ref": "#/components/schemas/Rule"}, {"$ref": "#/components/schemas/RuleSummary"}]}),
        required=True, metadata={
            "description": "The rules, in the rulebook's order; with `q`, best match first: "
                           "each a `Rule` (`view=full`, the default) or a `RuleSummary` "
                           "(`view=summary`)."})
    total = fields.Integer(required=True, metadata={
        "description": "How many rules answer, over every page."})
    next_cursor = fields.String(required=True, allow_none=True, metadata={
        "description": "The `cursor` of the next page; null on the last one."})


def document_summaries(api: Any) -> None:
    """Declare ``RuleSummary`` (the list's items with ``view=summary``) in the document."""
    api.spec.components.schema("RuleSummary", schema=RuleSummarySchema)


def _known_topic(topic: str) -> None:
    if topic not in TOPICS:
        raise ValidationError(ErrorKey("unknown-choice", value=topic[:40],
                                       choices=", ".join(TOPICS)))


def _cursor(cursor: str) -> None:
    if not (cursor.isascii() and cursor.isdigit()):
        raise ValidationError(ErrorKey("field-invalid"))


def _one_of(choices: tuple[str, ...]) -> Any:
    def check(value: str) -> None:
        if value not in choices:
            raise ValidationError(ErrorKey("unknown-choice", value=value[:40],
                                           choices=", ".join(choices)))
    return check


class RuleQuerySchema(Schema):
    q = fields.String(load_default=None, validate=validate.Length(max=200), metadata={
        "description": "Words to search for, French or English, accents and case ignored "
                       "(`excuse dernier pli`, `overtrump`). The rules matching every word "
                       "come first, ranked by where they match (id, title, text).",
        "example": "excuse"})
    topic = fields.String(load_default=None, validate=_known_topic, metadata={
        "description": "Only the rules of this topic of the rulebook.", "example": "play",
        "enum": list(TOPICS)})
    limit = QueryInt(1, 100, load_default=None, metadata={
        "description": "At most this many rules (1 to 100); every rule when left out."})
    cursor = fields.String(load_default=None, validate=[validate.Length(max=6), _cursor],
                           metadata={
        "description": "Where the page starts: the previous answer's `next_cursor`."})
    view = fields.String(load_default="full", validate=_one_of(service.VIEWS), metadata={
        "description": "`full` (the default): each rule's title, text, sources and note; "
                       "`summary`: its id, topic, title, first sentence and the sentence that "
                       "matches `q` best.", "enum": list(service.VIEWS)})
    examples = fields.String(load_default=None, validate=_one_of(
        service.EXAMPLE_LEVELS), metadata={
        "description": "How much of each worked example: `full` (the default with "
                       "`view=full`: steps, rows and story), `told` (id, title, page, "
                       "story), `brief` (id, title, page) or `none` (the default with "
                       "`view=summary`).", "enum": list(service.EXAMPLE_LEVELS)})


_TOOL_LEVELS: Final = ("none", "brief", "told")
"""The levels of worked examples the MCP tool ``read_rule`` gives (``full`` is for the
resource ``rule://{rule_id}``: a rule's full examples may pass 25,000 characters); a search
gives ``none`` or ``brief`` (five rules told would pass 16,000)."""


class RuleSearchArguments(Schema):
    """The MCP tool ``search_rules``'s arguments: a short page of summaries by default (a
    chatbot's context is small; ``GET /rules`` gives every rule in full by default)."""

    q = fields.String(load_default=None, validate=validate.Length(max=200))
    topic = fields.String(load_default=None, validate=_known_topic)
    limit = BoundedInt(1, 10, load_default=5)
    cursor = fields.String(load_default=None, validate=[validate.Length(max=6), _cursor])
    examples = fields.String(load_default="none", validate=_one_of(("none", "brief")))


class RuleReadArguments(Schema):
    """The MCP tool ``read_rule``'s arguments: the examples by id and title unless asked."""

    rule_id = fields.String(required=True, validate=validate.Length(max=80))
    examples = fields.String(load_default="brief", validate=_one_of(_TOOL_LEVELS))


class RuleReadSchema(Schema):
    examples = fields.String(load_default="full", validate=_one_of(
        service.EXAMPLE_LEVELS), metadata={
        "description": "How much of each worked example: `full` (the default), `told`, "
                       "`brief` or `none`.", "enum": list(service.EXAMPLE_LEVELS)})


@blp.route("", methods=["GET"])
@blp.arguments(RuleQuerySchema(), location="query", as_kwargs=True)
@blp.response(200, RuleListSchema())
@blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
def list_rules(q: str | None, topic: str | None, limit: int | None, cursor: str | None,
               view: str, examples: str | None) -> Response:
    """Every rule in the rulebook's order, or the rules that answer `q` (of `topic`): all of
    them in full with their worked examples unless `limit`, `view` or `examples` say less;
    `next_cursor` pages on."""
    return reply(service.list_rules(q, topic, limit=limit, cursor=cursor, view=view,
                                    examples=examples))


@blp.route("/<string(maxlength=80):rule_id>", methods=["GET"])
@blp.arguments(RuleReadSchema(), location="query", as_kwargs=True)
@blp.response(200, RuleSchema())
@blp.alt_response(404, response="NOT_FOUND")
@blp.alt_response(422, response="UNPROCESSABLE_ENTITY")
def get_rule(rule_id: str, examples: str) -> Response:
    """One rule by id, with its worked examples (404 for an id not in the catalog: the
    problem's `closest` lists the nearest ids)."""
    try:
        return reply(service.read_rule(rule_id, examples))
    except service.UnknownRule as unknown:
        return problem_response(404, "unknown-rule",
                                params={"id": rule_id, "closest": ", ".join(unknown.closest)},
                                headers=dict(NotFound().get_headers()),
                                extra={"closest": unknown.closest})
