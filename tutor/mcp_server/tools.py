"""The MCP tools: one per question the JSON API answers, computed by the same service layer.

Each tool is described by a :class:`ToolSpec`: the API operation it mirrors (its path), the
marshmallow request schema that parses its arguments (the API's own, so a tool and an
endpoint accept exactly the same input and refuse it with the same reasons), the service
function that answers (:mod:`tutor.services`), and the rules it applies.

A call runs inside a Flask request context of the app (``?lang=`` set from the ``lang``
argument), exactly as the endpoint would run: the answer is the endpoint's JSON, returned as
the tool's structured content, with a text that is the answer's explanation (it names the
cards) followed by the rules it rests on, by id and title — but for ``quiz_question``, whose
text is the question and the position only (:func:`question_text`: its answer is
``quiz_answer``'s to give). A bad argument is a tool error
(``is_error``) that names the argument, says what is wrong in the requested language and
shows the expected form with an example; it never crashes the server.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from flask import Flask
from marshmallow import Schema, ValidationError

from rules_fr.catalog import TOPICS
from tutor.api import advice as advice_api
from tutor.api import analysis as analysis_api
from tutor.api import check as check_api
from tutor.api import check_facts as facts_api
from tutor.api import count as count_api
from tutor.api import examples
from tutor.api import quiz as quiz_api
from tutor.api import rules as rules_api
from tutor.api import score as score_api
from tutor.api.check_facts import TRICK_EXAMPLE
from tutor.api.count import EXAMPLE as COUNT_EXAMPLE
from tutor.errors import FieldProblem, Unprocessable, field_problems
from tutor.fields import (
    CARD_DESCRIPTION,
    MAX_CARD_TEXT,
    BidField,
    CampField,
    ContractField,
    PlayersField,
    PoigneeLevelField,
    seat_field,
)
from tutor.i18n import error_text, rule_title
from tutor.i18n.language import primary_language, supported_languages
from tutor.i18n.tools import found_rules, legal_cards_advised_first, next_page, rules_cited
from tutor.services import UnknownRule
from tutor.services import advice as advice_service
from tutor.services import analysis as analysis_service
from tutor.services import check as check_service
from tutor.services import count as count_service
from tutor.services import quiz as quiz_service
from tutor.services import rules as rules_service
from tutor.services import score as score_service

__all__ = ["CARD_SCHEMA", "TOOLS", "ToolError", "ToolSpec", "call_tool", "input_schema",
           "language_error", "listed_schema", "no_http", "question_text",
           "served_language"]


class ToolError(Exception):
    """A call the tool cannot answer: its text says why, in the caller's language."""


@dataclass(frozen=True)
class ToolSpec:
    """One MCP tool and the API operation it mirrors."""

    name: str
    title: str
    description: str
    path: str
    """The operation's path under ``/api/v1`` (its OpenAPI entry gives the input schema)."""
    method: str
    answer: Callable[[dict[str, Any]], dict[str, Any]]
    """The service function: a parsed request in, the JSON answer out."""
    schema: Schema | None
    """The API's request schema (``None`` for the rule tools, which take query words); for
    ``quiz_question``, a schema of the operation's parameters as one object."""
    example: Mapping[str, Any]
    rules: tuple[str, ...] = ()
    """The rules the tool applies, cited when the answer breaks none."""
    arguments: Mapping[str, Any] = field(default_factory=dict)
    """The input schema's properties, for the tools with no request schema."""
    required: tuple[str, ...] = ()
    """The required arguments, for the tools with ``arguments``."""


LANG_PROPERTY: Final[dict[str, Any]] = {
    "enum": ["fr", "en"],
    "description": "The answer's language (by default the session's).",
}


def _search(arguments: dict[str, Any]) -> dict[str, Any]:
    return rules_service.list_rules(arguments["q"], arguments["topic"],
                                    limit=arguments["limit"], cursor=arguments["cursor"],
                                    view="summary", examples=arguments["examples"])


def _read(arguments: dict[str, Any]) -> dict[str, Any]:
    return rules_service.read_rule(arguments["rule_id"], arguments["examples"])


def _ask(arguments: dict[str, Any]) -> dict[str, Any]:
    return quiz_service.ask(arguments["kind"], arguments["players"], arguments["seed"])


def _puzzle(arguments: dict[str, Any]) -> dict[str, Any]:
    return analysis_service.puzzle(arguments["players"], arguments["seed"])


_ANALYSIS_RULES: Final = ("excuse.exchange", "excuse.last-trick", "petit.au-bout",
                          "score.total")

# The analysis tools take a whole position or deal: listed with these compact schemas (the
# request schemas of the API parse them, and a tool error gives their full descriptions)
_CARDS: Final[dict[str, Any]] = {"type": "array", "items": {"$ref": "#/$defs/card"}}
_SEAT: Final[dict[str, Any]] = {"type": "integer", "minimum": 0, "maximum": 4}
_CONTRACT: Final[dict[str, Any]] = {"enum": ["petite", "garde", "garde_sans", "garde_contre"]}
_POSITION_ARGUMENTS: Final[dict[str, Any]] = {
    "players": {"type": "integer", "minimum": 3, "maximum": 5},
    "hands": {"type": "array", "items": _CARDS, "description": "By seat."},
    "leader": {**_SEAT, "description": "Led the current trick."},
    "trick": {**_CARDS, "description": "The current trick."},
    "taker": _SEAT, "partner": _SEAT, "contract": _CONTRACT,
    "won": {"type": "object", "description": "By the taker's side: {points, bouts, "
                                             "tricks: [its, defence's]}."},
    "poignees": {"type": "array", "description": "Shown: [{camp, level}]."},
    "objective": {"enum": ["score", "points"]},
    "first_trick": {"type": "boolean", "description": "Five players."},
    "called_card": {"$ref": "#/$defs/card"},
}
_DEAL_ARGUMENTS: Final[dict[str, Any]] = {
    "players": {"type": "integer", "minimum": 3, "maximum": 5},
    "contract": _CONTRACT, "taker": _SEAT, "partner": _SEAT,
    "called_card": {"$ref": "#/$defs/card"},
    "chien": {**_CARDS, "description": "As dealt."},
    "ecart": {**_CARDS, "description": "Its écart."},
    "tricks": {"type": "array", "description": "Every trick: {leader, cards}."},
    "announcements": {"type": "object", "description": "{poignees: [{seat, level}], "
                                                       "chelem_announced}."},
}


# A registry, table-driven: the rows are alike by nature (each names its tool, the operation
# it mirrors, the service that answers, its schema, example and rules), and what every tool
# does with its row is written once, in input_schema, call_tool and answer_text.
TOOLS: Final[tuple[ToolSpec, ...]] = (
    ToolSpec("check_play", "May this card be played?",
             "May this card be played: verdict, legal cards, rule broken or why allowed.",
             "/check/play", "POST", check_service.play, check_api.PlayRequest(),
             examples.PLAY, ("play.follow-suit", "play.must-trump", "play.overtrump",
                             "play.excuse-anytime")),
    ToolSpec("check_ecart", "Is this écart legal?",
             "Whether the taker's écart is legal.",
             "/check/ecart", "POST", check_service.ecart, check_api.EcartRequest(),
             examples.ECART, ("ecart.size", "ecart.no-king-no-bout", "ecart.trumps")),
    ToolSpec("check_bid", "Is this bid legal?",
             "Whether a bid is legal after the earlier ones.",
             "/check/bid", "POST", check_service.bid, check_api.BidRequest(), examples.BID,
             ("bid.contracts", "bid.higher", "bid.once")),
    ToolSpec("check_king_call", "May the taker call this card?",
             "Five players: whether the taker may call this card, and whether he then plays "
             "alone.",
             "/check/king-call", "POST", check_service.king_call,
             check_api.KingCallRequest(), examples.KING_CALL,
             ("call.king", "call.ladder", "call.alone")),
    ToolSpec("check_poignee", "Is this poignée legal?",
             "Whether a poignée is legal, and which.",
             "/check/poignee", "POST", check_service.poignee, check_api.PoigneeRequest(),
             examples.POIGNEE, ("poignee.thresholds", "poignee.excuse", "poignee.shown",
                                "poignee.bonus")),
    ToolSpec("check_hand", "What does this hand allow?",
             "What a dealt hand allows: petit sec, poignées.",
             "/check/hand", "POST", check_service.hand, check_api.HandRequest(),
             examples.HAND, ("deal.petit-sec", "poignee.thresholds")),
    ToolSpec("count_cards", "What are these cards worth?",
             "Card points (91 in all) and the bouts among them.",
             "/count", "POST", count_service.count, count_api.CountRequest(),
             COUNT_EXAMPLE, ("cards.points", "cards.bouts", "counting.total")),
    ToolSpec("score", "Score a deal from its figures",
             "A deal's score from its figures, line by line, per seat.",
             "/score", "POST", score_service.score_figures, score_api.ScoreRequest(),
             examples.SCORE, ("score.targets", "score.base", "score.multipliers",
                              "score.total")),
    ToolSpec("score_deal", "Count and score a whole played deal",
             "A whole played deal replayed through the rules, counted, scored.",
             "/score/deal", "POST", score_service.score_deal, score_api.ScoreDealRequest(),
             examples.SCORE_DEAL, ("counting.total", "counting.excuse", "score.total")),
    ToolSpec("trick_winner", "Who wins this trick?",
             "Who wins a trick, its points and who leads next.",
             "/check/trick", "POST", check_service.trick, facts_api.TrickRequest(),
             TRICK_EXAMPLE, ("trick.winner", "play.excuse-anytime")),
    ToolSpec("search_rules", "Search the rules",
             "Rules answering a question (French or English) or a topic's.",
             "/rules", "GET", _search, rules_api.RuleSearchArguments(),
             {"q": "excuse dernier pli", "lang": "en"},
             arguments={
                 "q": {"type": "string", "maxLength": 200,
                       "description": "A question or words, French or English."},
                 "topic": {"type": "string", "enum": list(TOPICS),
                           "description": "Only the rules of this topic of the rulebook."},
                 "limit": {"type": "integer", "minimum": 1, "maximum": 10, "default": 5,
                           "description": "At most this many rules."},
                 "cursor": {"type": "string", "maxLength": 6,
                            "description": "The previous answer's `next_cursor`."},
                 "examples": {"type": "string", "enum": ["none", "brief"],
                              "default": "none",
                              "description": "Worked examples of each rule: `none`, `brief` "
                                             "(id and title)."}}),
    ToolSpec("read_rule", "Read one rule",
             "One rule by id: title, text, sources, worked examples.",
             "/rules/{rule_id}", "GET", _read, rules_api.RuleReadArguments(),
             {"rule_id": "play.overtrump", "lang": "en"},
             arguments={"rule_id": {"type": "string", "maxLength": 80,
                                    "description": "A rule id: dotted kebab-case words."},
                        "examples": {"type": "string", "enum": ["none", "brief", "told"],
                                     "default": "brief",
                                     "description": "Worked examples: `none`, `brief` (id "
                                                    "and title), `told` (with their "
                                                    "stories)."}}),
    ToolSpec("quiz_question", "Ask a quiz question",
             "A quiz question of a `kind`, never its answer (mark it with quiz_answer).",
             "/quiz/{kind}", "GET", _ask, quiz_api.QuizQuestionArguments(),
             {"kind": "play", "players": 4, "seed": 17, "lang": "en"}),
    ToolSpec("quiz_answer", "Mark an answer to a quiz question",
             "Marks and explains an answer to a quiz_question (same kind, players, seed).",
             "/quiz/answer", "POST", quiz_service.mark, quiz_api.QuizAnswerRequest(),
             quiz_api.ANSWER_EXAMPLE),
    ToolSpec("advise_bid", "What should this hand bid?",
             "The bid a good player makes with this hand after the earlier bids, and why.",
             "/advice/bid", "POST", advice_service.bid, advice_api.BidAdviceRequest(),
             examples.ADVICE_BID, ("bid.contracts",)),
    ToolSpec("advise_ecart", "What should the taker put aside?",
             "A legal écart a good player makes, and why.",
             "/advice/ecart", "POST", advice_service.ecart, advice_api.EcartAdviceRequest(),
             examples.ADVICE_ECART, ("ecart.size", "ecart.no-king-no-bout", "ecart.trumps")),
    ToolSpec("advise_play", "Which card should be played?",
             "The legal card a good player plays from what he knows, and why.",
             "/advice/play", "POST", advice_service.play, advice_api.PlayAdviceRequest(),
             examples.ADVICE_PLAY, ("play.follow-suit", "petit.hunt")),
    ToolSpec("advise_king_call", "Which card should the taker call?",
             "Five players: the card a good taker calls, and why.",
             "/advice/king-call", "POST", advice_service.king_call,
             advice_api.KingCallAdviceRequest(), examples.ADVICE_KING_CALL,
             ("call.king", "call.ladder")),
    ToolSpec("solve_position", "Each card's value, all hands visible",
             "Double dummy: each legal card's points and score with best play.",
             "/analysis/solve", "POST", analysis_service.solve_position,
             analysis_api.SolveRequest(), analysis_api.SOLVE_EXAMPLE, _ANALYSIS_RULES,
             arguments=_POSITION_ARGUMENTS,
             required=("players", "hands", "leader", "taker", "contract")),
    ToolSpec("find_mistakes", "A played deal's mistakes",
             "score_deal's deal, all hands visible: each card that cost its side.",
             "/analysis/deal", "POST", analysis_service.find_mistakes,
             score_api.ScoreDealRequest(), examples.SCORE_DEAL, _ANALYSIS_RULES,
             arguments=_DEAL_ARGUMENTS,
             required=("players", "contract", "taker", "chien", "tricks")),
    ToolSpec("puzzle", "An endgame puzzle",
             "3 to 5 tricks, all hands shown, one best card. Mark it with puzzle_answer.",
             "/puzzles", "GET", _puzzle, analysis_api.PuzzleQuery(),
             {"players": 4, "seed": 1, "lang": "en"}),
    ToolSpec("puzzle_answer", "Mark a puzzle's card",
             "Right or not, each card's score, why; a wrong card's refuting line.",
             "/puzzles/answer", "POST", analysis_service.puzzle_answer,
             analysis_api.PuzzleAnswerRequest(), analysis_api.PUZZLE_ANSWER_EXAMPLE,
             _ANALYSIS_RULES),
)
"""Every tool, in the order a client lists them."""

_QUIZ_MIRRORS: Final = {"play": "check_play", "ecart": "check_ecart", "count": "count_cards",
                        "score": "score", "trick": "trick_winner", "bid": "check_bid",
                        "target": "score", "hand": "check_hand", "king": "check_king_call",
                        "poignee": "check_hand", "chelem": "score", "sitout": "score",
                        "revoke": "check_play", "void": "advise_ecart", "advice": "advise_play"}
"""The tool that answers each kind of quiz question: its rules are the question's."""


_SPECS: Final = {spec.name: spec for spec in TOOLS}


# --- input schemas ---------------------------------------------------------------------------


def _inline(node: Any, components: Mapping[str, Any]) -> Any:
    """An OpenAPI 3.0 schema as plain JSON Schema: ``$ref`` inlined, ``nullable`` as a
    ``null`` type, ``example`` as ``examples``."""
    if isinstance(node, list):
        return [_inline(item, components) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        return _inline(components[node["$ref"].rsplit("/", 1)[-1]], components)
    out = {key: _inline(value, components) for key, value in node.items()
           if key not in ("nullable", "example")}
    if "example" in node:
        out["examples"] = [node["example"]]
    if node.get("nullable") and "type" in out:
        out["type"] = [out["type"], "null"]
        if "enum" in out and None not in out["enum"]:
            out["enum"] = [*out["enum"], None]
    return out


def input_schema(spec: ToolSpec, document: Mapping[str, Any]) -> dict[str, Any]:
    """The tool's JSON Schema in full: the request body's schema of its operation in the
    OpenAPI document (descriptions and examples included), plus ``lang`` (what a tool error
    reads to say what an argument should be; :func:`listed_schema` is what a client lists)."""
    path_item = document["paths"]["/api/v1" + spec.path]
    operation = path_item[spec.method.lower()]
    if spec.arguments:
        schema: dict[str, Any] = {"type": "object", "properties": copy.deepcopy(
            dict(spec.arguments))}
        if spec.name == "read_rule":
            schema["required"] = ["rule_id"]
        elif spec.required:
            schema["required"] = list(spec.required)
    else:
        if spec.method == "GET":  # the operation's path and query parameters, as one object
            schema = _parameters_schema([*path_item.get("parameters", []),
                                         *operation["parameters"]],
                                        document["components"]["schemas"])
        else:
            body = operation["requestBody"]["content"]["application/json"]["schema"]
            schema = _inline(body, document["components"]["schemas"])
    schema["properties"]["lang"] = dict(LANG_PROPERTY)
    schema["additionalProperties"] = False
    schema["examples"] = [dict(spec.example)]
    return schema


CARD_SCHEMA: Final[dict[str, Any]] = {"type": "string"}
"""The one card schema of a listed tool (``$defs/card``): the card-code grammar is said once,
in the server's instructions (which name this schema), not in every tool nor every array's
items."""

_CARD_REF: Final = "#/$defs/card"
_LISTED_EXAMPLE: Final = 100
"""A tool's example is listed when it is this short (a whole played deal's is not: the tool's
description says its shape)."""


def _is_card(node: Mapping[str, Any]) -> bool:
    kind = node.get("type")
    return (kind in ("string", ["string", "null"]) and node.get("maxLength") == MAX_CARD_TEXT
            and node.get("minLength") == 1 and "enum" not in node)


_HTTP_ASIDE: Final = re.compile(
    r"\s*\((?:[^()]*\b[1-5]\d\d\b|[^()]*\b(?:GET|POST|PUT|DELETE) /)[^()]*\)")


def no_http(text: str) -> str:
    """``text`` without its asides about HTTP (a status, a method and path): a tool is no
    endpoint.

    >>> no_http("The card must be one of them (422 otherwise).")
    'The card must be one of them.'
    >>> no_http("The seed (as `GET /quiz/{kind}` named it).")
    'The seed.'
    """
    return _HTTP_ASIDE.sub("", text)


_SENTENCE_END: Final = re.compile(r"(?<=\.)\s+(?=[A-Z])")


def _first_sentence(text: str) -> str:
    """A listed argument's description: its first sentence (a tool error, which names the
    argument at fault, gives the whole).

    >>> _first_sentence("The card called. When given, the first lead may not be in its suit.")
    'The card called.'
    """
    return _SENTENCE_END.split(text, 1)[0]


@functools.cache
def _said_once() -> frozenset[str]:
    """The descriptions of the shared fields (cards, players, seats, contracts, bids, camps,
    poignées), which the server's instructions say once: a listed schema leaves them out."""
    shared = (PlayersField(), seat_field(), ContractField(), BidField(), CampField(),
              PoigneeLevelField())
    return frozenset({CARD_DESCRIPTION, quiz_api.KIND_DESCRIPTION,
                      *(f.metadata["description"] for f in shared)})


def _lean(node: Any) -> Any:
    """A listed schema's node: a card as ``$ref`` to the one card schema (its own description
    kept when it says more than "a card"); the shared fields' descriptions left out (the
    server's instructions say them); no per-property examples (the tool's example shows them
    all), no ``default: null``, no ``additionalProperties: false`` nor ``uniqueItems: true``
    (the instructions say once that an unknown member and a card given twice are refused), no
    ``maxItems`` on a list of cards (no more cards than a deal holds, they say); a lone
    ``allOf`` (how OpenAPI 3.0 describes a nested object)
    unwrapped."""
    if isinstance(node, list):
        return [_lean(item) for item in node]
    if not isinstance(node, dict):
        return node
    if _is_card(node):
        ref: dict[str, Any] = {"$ref": _CARD_REF}
        if node["type"] != "string":
            ref = {"anyOf": [ref, {"type": "null"}]}
        if node.get("description") not in (None, *_said_once()):
            ref["description"] = node["description"]
        return ref
    if isinstance(node.get("description"), str):
        node = {**node, "description": _first_sentence(no_http(node["description"]))}
    if isinstance(node.get("allOf"), list) and len(node["allOf"]) == 1:
        node = {**node["allOf"][0], **{k: v for k, v in node.items() if k != "allOf"}}
    items = node.get("items")
    if isinstance(items, dict) and _is_card(items):  # a list of cards: the deal bounds it
        node = {k: v for k, v in node.items() if k != "maxItems"}
    return {key: _lean(value) for key, value in node.items()
            if not (key == "examples" and isinstance(value, list))
            and not (key == "additionalProperties" and value is False)
            and not (key == "uniqueItems" and value is True)
            and not (key == "default" and value is None)
            and not (key == "description" and value in _said_once())}


def _optional(node: dict[str, Any]) -> dict[str, Any]:
    """An optional argument as a client lists it: left out rather than null (the instructions
    say so), so no ``null`` in its type, enum or ``anyOf``."""
    out = dict(node)
    kind = out.get("type")
    if isinstance(kind, list) and "null" in kind:
        rest = [k for k in kind if k != "null"]
        out["type"] = rest[0] if len(rest) == 1 else rest
    if isinstance(out.get("enum"), list):
        out["enum"] = [v for v in out["enum"] if v is not None]
    any_of = out.get("anyOf")
    if isinstance(any_of, list) and {"type": "null"} in any_of and len(any_of) == 2:
        del out["anyOf"]
        out = {**next(a for a in any_of if a != {"type": "null"}), **out}
    return out


def _optional_not_null(node: Any) -> Any:
    if isinstance(node, list):
        return [_optional_not_null(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _optional_not_null(value) for key, value in node.items()}
    if isinstance(out.get("properties"), dict):
        required = set(out.get("required", ()))
        out["properties"] = {name: prop if name in required else _optional(prop)
                             for name, prop in out["properties"].items()}
    return out


def listed_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """The input schema a client lists (``tools/list``): :func:`input_schema` made lean
    (:func:`_lean`; an optional argument never null; ``lang``, which every tool takes, said
    once in the server's instructions), with ``$defs/card`` when a card is among its
    arguments."""
    lean: dict[str, Any] = _optional_not_null(_lean(schema))
    lean["properties"].pop("lang", None)  # every tool takes it: the instructions say so once
    example = schema["examples"][0]
    if len(json.dumps(example)) <= _LISTED_EXAMPLE:
        lean["examples"] = [copy.deepcopy(example)]
    if _CARD_REF in json.dumps(lean):
        lean["$defs"] = {"card": dict(CARD_SCHEMA)}
    return lean


def _parameters_schema(parameters: list[Mapping[str, Any]],
                       components: Mapping[str, Any]) -> dict[str, Any]:
    """The path and query ``parameters`` of a GET operation (``lang``, a ``$ref``, aside: the
    caller adds it) as the properties of one object."""
    properties: dict[str, Any] = {}
    required: list[str] = []
    for parameter in parameters:
        if "$ref" in parameter or parameter["in"] not in ("path", "query"):
            continue
        prop = _inline(parameter["schema"], components)
        prop.setdefault("description", parameter.get("description", ""))
        if "example" in parameter:
            prop.setdefault("examples", [parameter["example"]])
        properties[parameter["name"]] = prop
        if parameter.get("required"):
            required.append(parameter["name"])
    return {"type": "object", "properties": properties, "required": required}


# --- calls -----------------------------------------------------------------------------------


def _argument(pointer: str) -> str:
    """``/hand/3`` → ``hand[3]``; ``/tricks/2/leader`` → ``tricks[2].leader``."""
    parts = [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]
    text = ""
    for part in parts:
        text += f"[{part}]" if part.isdigit() else (f".{part}" if text else part)
    return text or "arguments"


def _expected(spec: ToolSpec, schema: Mapping[str, Any], pointer: str) -> str:
    """What the argument at ``pointer`` should be: its description and an example."""
    parts = [p for p in pointer.split("/")[1:] if not p.isdigit()]
    node: Any = schema
    for part in parts:
        props = node.get("properties") if isinstance(node, dict) else None
        if not props or part not in props:
            items = node.get("items") if isinstance(node, dict) else None
            props = items.get("properties") if isinstance(items, dict) else None
            if not props or part not in props:
                node = None
                break
        node = props[part]
    if not isinstance(node, dict):
        allowed = ", ".join(schema["properties"])
        return f"arguments: {allowed}"
    description = node.get("description") or (node.get("items") or {}).get("description", "")
    example = spec.example.get(parts[0]) if parts and len(parts) == 1 else None
    if example is None:
        example = (node.get("examples") or (node.get("items") or {}).get("examples")
                   or [None])[0]
    shown = f" e.g. {_json(example)}" if example is not None else ""
    kind = node.get("type", "")
    kind = "/".join(kind) if isinstance(kind, list) else kind
    return f"{kind}{': ' if kind and description else ''}{description}{shown}".strip()


def _json(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False)


def _problems_text(spec: ToolSpec, schema: Mapping[str, Any],
                   problems: list[FieldProblem]) -> str:
    lines = []
    for problem in problems[:10]:
        name = _argument(problem.pointer)
        detail = error_text(problem.key, **problem.params)
        if problem.key == "unknown-field":
            allowed = ", ".join(schema["properties"])
            lines.append(f"{name}: {detail} ({allowed})")
        else:
            lines.append(f"{name}: {detail} [{_expected(spec, schema, problem.pointer)}]")
    return "\n".join(lines)


def _cited_rules(payload: Any) -> Iterator[str]:
    if isinstance(payload, dict):
        rule = payload.get("rule")
        if isinstance(rule, str) and "code" in payload:
            yield rule
        for value in payload.values():
            yield from _cited_rules(value)
    elif isinstance(payload, list):
        for value in payload:
            yield from _cited_rules(value)


def question_text(payload: Mapping[str, Any]) -> str:
    """The text of a quiz question: the question, then the position as JSON (card codes and
    figures, the same in every language) — nothing of its answer, not even the rules it
    rests on (a chatbot reads this text to the learner; ``quiz_answer`` explains)."""
    shown = {key: payload[key] for key in ("kind", "players", "seed", "position", "choices")
             if key in payload}
    return f"{payload['question']}\n{json.dumps(shown, ensure_ascii=False)}"


def answer_text(spec: ToolSpec, payload: Mapping[str, Any]) -> str:
    """The text of an answer: its explanation (naming the cards), then the rules it rests on
    — those its verdicts cite, else those the tool applies — by id and title."""
    if spec.name == "search_rules":  # each rule by id, title and summary
        rules = payload["rules"]
        shown = [f"{r['id']} — {r['title']}: {r['summary']}"
                 + (f" … {r['snippet']}" if r["snippet"] else "") for r in rules]
        more = [next_page(payload["next_cursor"])] if payload["next_cursor"] else []
        return "\n".join([found_rules(payload["total"]), *shown, *more]).strip()
    if spec.name == "read_rule":
        shown = [f"{payload['id']} — {payload['title']}: {payload['text']} "
                 f"({payload['source']})"]
        if payload.get("note"):
            shown.append(payload["note"])
        shown += [f"  · {e['id']}: {e['title']}" for e in payload.get("examples", [])]
        return "\n".join(shown)
    if spec.name == "quiz_question":
        return question_text(payload)
    if spec.name == "puzzle":  # the question and the position: its answer is puzzle_answer's
        position = {key: value for key, value in payload.items() if key != "question"}
        return f"{payload['question']}\n{json.dumps(position, ensure_ascii=False)}"
    cited = list(dict.fromkeys(_cited_rules(payload))) or list(spec.rules) or list(
        _SPECS[_QUIZ_MIRRORS[payload["kind"]]].rules if "kind" in payload else ())
    explanation = payload.get("explanation") or ""
    rules = "; ".join(f"{rule_id} ({rule_title(rule_id)})" for rule_id in cited)
    if spec.name == "advise_play":  # the engine ranks one card: the others follow it, unranked
        order = [payload["card"], *(c for c in payload["legal_cards"] if c != payload["card"])]
        explanation = f"{explanation}\n{legal_cards_advised_first(', '.join(order))}"
    return f"{explanation}\n{rules_cited(rules)}".strip()


def served_language(app: Flask, lang: Any) -> str | None:
    """``lang`` as the app serves it (``en-GB`` → ``en``), None for a language it does not
    speak (or no text at all)."""
    if not isinstance(lang, str):
        return None
    with app.app_context():
        primary = primary_language(lang)
        return primary if primary in supported_languages() else None


def language_error(app: Flask, lang: Any, session_language: str) -> ToolError:
    """A ``lang`` the service does not speak, said in the session's language: the languages
    it does speak, and no HTTP wording (no ``?lang=``)."""
    with app.test_request_context("/", query_string={"lang": session_language}):
        return ToolError("lang: " + error_text(
            "language-not-served", lang=str(lang)[:40],
            supported=", ".join(sorted(supported_languages()))))


def call_tool(app: Flask, spec: ToolSpec, schema: Mapping[str, Any],
              arguments: Mapping[str, Any], session_language: str = "fr",
              ) -> tuple[dict[str, Any], str]:
    """Answer one call: ``(structured content, text)`` in the call's ``lang``, else the
    session's language; :class:`ToolError` for arguments the tool cannot answer (its text
    names each argument at fault and its expected form, in that language)."""
    arguments = dict(arguments)
    lang = arguments.pop("lang", None)
    language = session_language
    if lang is not None:
        served = served_language(app, lang)
        if served is None:
            raise language_error(app, lang, session_language)
        language = served
    path = "/api/v1" + re.sub(r"\{\w+\}", "x", spec.path)
    with app.test_request_context(path, method=spec.method, query_string={"lang": language}):
        try:
            body = _parse(spec, arguments)
            payload = spec.answer(body)
        except ValidationError as error:
            raise ToolError(_problems_text(spec, schema, field_problems(
                {"json": error.messages}))) from None
        except Unprocessable as error:
            raise ToolError(_problems_text(spec, schema, error.problems)) from None
        except UnknownRule as unknown:
            raise ToolError("rule_id: " + error_text(
                "unknown-rule", id=unknown.rule_id, closest=", ".join(unknown.closest))) from None
        return payload, answer_text(spec, payload)


def _parse(spec: ToolSpec, arguments: dict[str, Any]) -> dict[str, Any]:
    assert spec.schema is not None, spec.name
    return spec.schema.load(arguments)  # type: ignore[no-any-return]
