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
import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from flask import Flask
from marshmallow import Schema, ValidationError

from rules_fr.catalog import TOPICS
from tutor.api import advice as advice_api
from tutor.api import check as check_api
from tutor.api import check_facts as facts_api
from tutor.api import count as count_api
from tutor.api import examples
from tutor.api import quiz as quiz_api
from tutor.api import score as score_api
from tutor.api.check_facts import TRICK_EXAMPLE
from tutor.api.count import EXAMPLE as COUNT_EXAMPLE
from tutor.errors import FieldProblem, Unprocessable, field_problems
from tutor.i18n import error_text, rule_title
from tutor.i18n.language import primary_language, supported_languages
from tutor.i18n.tools import found_rules, rules_cited
from tutor.services import UnknownRule
from tutor.services import advice as advice_service
from tutor.services import check as check_service
from tutor.services import count as count_service
from tutor.services import quiz as quiz_service
from tutor.services import rules as rules_service
from tutor.services import score as score_service

__all__ = ["TOOLS", "ToolError", "ToolSpec", "call_tool", "input_schema", "question_text"]


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


LANG_PROPERTY: Final[dict[str, Any]] = {
    "type": "string",
    "enum": ["fr", "en"],
    "default": "fr",
    "description": "The language of the answer's sentences: `fr` (French, the default) or "
                   "`en` (English). Card codes, rule ids and numbers are the same in both.",
    "examples": ["en"],
}


def _search(arguments: dict[str, Any]) -> dict[str, Any]:
    return rules_service.list_rules(arguments.get("q"), arguments.get("topic"))


def _read(arguments: dict[str, Any]) -> dict[str, Any]:
    return rules_service.read_rule(arguments["rule_id"])


def _ask(arguments: dict[str, Any]) -> dict[str, Any]:
    return quiz_service.ask(arguments["kind"], arguments["players"], arguments["seed"])


# A registry, table-driven: the rows are alike by nature (each names its tool, the operation
# it mirrors, the service that answers, its schema, example and rules), and what every tool
# does with its row is written once, in input_schema, call_tool and answer_text.
TOOLS: Final[tuple[ToolSpec, ...]] = (
    ToolSpec("check_play", "May this card be played?",
             "Whether a card may be played to the current trick (follow suit, trump, "
             "overtrump, the excuse at any time, the called suit at the five-player first "
             "lead): the verdict, every legal card, the rule broken, why a surprising legal "
             "play is allowed (undertrumping, discarding, the excuse and its exchange, the "
             "petit under a higher trump, the called suit) and warnings (the excuse at the last "
             "trick, the petit exposed). An illegal card is an answer (legal: false), not an "
             "error.",
             "/check/play", "POST", check_service.play, check_api.PlayRequest(),
             examples.PLAY, ("play.follow-suit", "play.must-trump", "play.overtrump",
                             "play.excuse-anytime")),
    ToolSpec("check_ecart", "Is this écart legal?",
             "Whether the taker's écart is legal: as many cards as the chien held, from the "
             "hand and the chien, no king, no bout, trumps only when unavoidable (and shown "
             "to the defence); no écart on a garde sans or contre.",
             "/check/ecart", "POST", check_service.ecart, check_api.EcartRequest(),
             examples.ECART, ("ecart.size", "ecart.no-king-no-bout", "ecart.trumps")),
    ToolSpec("check_bid", "Is this bid legal?",
             "Whether a bid is legal after the earlier ones: each player speaks once, the "
             "dealer last; a contract must be higher than every contract named before it.",
             "/check/bid", "POST", check_service.bid, check_api.BidRequest(), examples.BID,
             ("bid.contracts", "bid.higher", "bid.once")),
    ToolSpec("check_king_call", "May the taker call this card?",
             "Five players: whether the taker may call this card (a king; a queen with the "
             "four kings; a knight with the kings and queens; a jack with those and the "
             "knights) and whether he then plays alone.",
             "/check/king-call", "POST", check_service.king_call,
             check_api.KingCallRequest(), examples.KING_CALL,
             ("call.king", "call.ladder", "call.alone")),
    ToolSpec("check_poignee", "Is this poignée legal?",
             "Whether a poignée (a show of trumps) is legal and which one it is: exactly "
             "13/15/18 trumps at three players, 10/13/15 at four, 8/10/13 at five; the excuse "
             "stands for a trump only when no other trump is hidden; shown before one's "
             "first card.",
             "/check/poignee", "POST", check_service.poignee, check_api.PoigneeRequest(),
             examples.POIGNEE, ("poignee.thresholds", "poignee.excuse", "poignee.shown",
                                "poignee.bonus")),
    ToolSpec("check_hand", "What does this hand allow?",
             "What a dealt hand allows: petit sec (the deal is annulled) and the poignées "
             "it can show.",
             "/check/hand", "POST", check_service.hand, check_api.HandRequest(),
             examples.HAND, ("deal.petit-sec", "poignee.thresholds")),
    ToolSpec("count_cards", "What are these cards worth?",
             "Card points (kings and bouts 4.5, queens 3.5, knights 2.5, jacks 1.5, other "
             "cards 0.5; the 78 cards make 91), exact half-points, and the bouts among them.",
             "/count", "POST", count_service.count, count_api.CountRequest(),
             COUNT_EXAMPLE, ("cards.points", "cards.bouts", "counting.total")),
    ToolSpec("score", "Score a deal from its figures",
             "The score of a deal from the taker's points and bouts, the contract, petit au "
             "bout, poignées and chelem, step by step (derivation) and per seat, with why a "
             "surprising line is by the rules (a poignée's bonus to the winning side, a "
             "failed announced chelem). Totals no deal can produce are refused.",
             "/score", "POST", score_service.score_figures, score_api.ScoreRequest(),
             examples.SCORE, ("score.targets", "score.base", "score.multipliers",
                              "score.total")),
    ToolSpec("score_deal", "Count and score a whole played deal",
             "A complete deal (chien, écart, the tricks with their leaders, announcements) "
             "replayed card by card through the rules, counted, then scored.",
             "/score/deal", "POST", score_service.score_deal, score_api.ScoreDealRequest(),
             examples.SCORE_DEAL, ("counting.total", "counting.excuse", "score.total")),
    ToolSpec("trick_winner", "Who wins this trick?",
             "Who wins a trick (the highest trump, else the highest card of the suit led; "
             "the excuse never wins), its points and who leads next.",
             "/check/trick", "POST", check_service.trick, facts_api.TrickRequest(),
             TRICK_EXAMPLE, ("trick.winner", "play.excuse-anytime")),
    ToolSpec("search_rules", "Search the rules",
             "The rules of French tarot (FFT) that answer a question, in French or English, "
             "accents and case ignored, best first; or every rule of a topic. Each rule "
             "comes with its id, title, text, sources and worked examples.",
             "/rules", "GET", _search, None, {"q": "excuse dernier pli", "lang": "en"},
             arguments={
                 "q": {"type": "string", "maxLength": 200,
                       "description": "Words to search for, French or English "
                                      "(`overtrump`, `écart roi`).",
                       "examples": ["excuse last trick"]},
                 "topic": {"type": "string", "enum": list(TOPICS),
                           "description": "Only the rules of this topic of the rulebook.",
                           "examples": ["play"]}}),
    ToolSpec("read_rule", "Read one rule with its worked examples",
             "One rule by id (as cited by every verdict, e.g. `play.overtrump`): its title, "
             "text, sources, how the sources were reconciled, and the worked examples that "
             "illustrate it. An unknown id lists the closest ids.",
             "/rules/{rule_id}", "GET", _read, None,
             {"rule_id": "play.overtrump", "lang": "en"},
             arguments={"rule_id": {"type": "string", "maxLength": 80,
                                    "description": "A rule id: dotted kebab-case words.",
                                    "examples": ["play.overtrump"]}}),
    ToolSpec("quiz_question", "Ask a quiz question",
             "A quiz question drawn from a random deal of the rules engine: which cards may "
             "be played (play), is this écart legal (ecart), how many points are these cards "
             "worth (count), what does the taker score (score), which card wins this trick "
             "(trick), may this bid be made (bid), and questions answered by one of their "
             "choices: the taker's target (target), must the deal be annulled (hand), may the "
             "taker call this card (king), which handful may this hand show (poignee), what "
             "does the slam add (chelem), does this person play this deal (sitout), did this "
             "player revoke (revoke). It "
             "holds the question and the position "
             "only, never the answer: show them to the learner, then mark the learner's answer "
             "with quiz_answer (the same kind, players and seed), which gives the expected "
             "answer and why. The same kind, players and seed give the same question.",
             "/quiz/{kind}", "GET", _ask, quiz_api.QuizQuestionArguments(),
             {"kind": "play", "players": 4, "seed": 17, "lang": "en"}),
    ToolSpec("quiz_answer", "Mark an answer to a quiz question",
             "Marks the learner's answer to the question quiz_question drew (the same kind, "
             "players and seed) and explains it: right or not, the expected answer, for a "
             "play question each card the learner got wrong with why. The answer goes in the "
             "member of its kind: cards (play), legal (ecart, bid), points (count), score "
             "(score), card (trick), choice (the choice kinds: a choice's value).",
             "/quiz/answer", "POST", quiz_service.mark, quiz_api.QuizAnswerRequest(),
             quiz_api.ANSWER_EXAMPLE),
    ToolSpec("advise_bid", "What should this hand bid?",
             "The bid a good player would make with this hand after the earlier bids, with "
             "the hand's count (bouts, trumps, kings, long suits…) as reasons.",
             "/advice/bid", "POST", advice_service.bid, advice_api.BidAdviceRequest(),
             examples.ADVICE_BID, ("bid.contracts",)),
    ToolSpec("advise_ecart", "What should the taker put aside?",
             "A legal écart a good player would make (keep kings and bouts, make voids, "
             "trumps only when forced), with its reasons.",
             "/advice/ecart", "POST", advice_service.ecart, advice_api.EcartAdviceRequest(),
             examples.ADVICE_ECART, ("ecart.size", "ecart.no-king-no-bout", "ecart.trumps")),
    ToolSpec("advise_play", "Which card should be played?",
             "The legal card a good player would play from what this player knows (hand, "
             "trick, seats, contract, earlier tricks), with its reasons.",
             "/advice/play", "POST", advice_service.play, advice_api.PlayAdviceRequest(),
             examples.ADVICE_PLAY, ("play.follow-suit", "petit.hunt")),
    ToolSpec("advise_king_call", "Which card should the taker call?",
             "Five players: the card a good taker calls with these 15 cards (a king he "
             "lacks, in his longest suit; else the next rank down), with its reasons.",
             "/advice/king-call", "POST", advice_service.king_call,
             advice_api.KingCallAdviceRequest(), examples.ADVICE_KING_CALL,
             ("call.king", "call.ladder")),
)
"""Every tool, in the order a client lists them."""

_QUIZ_MIRRORS: Final = {"play": "check_play", "ecart": "check_ecart", "count": "count_cards",
                        "score": "score", "trick": "trick_winner", "bid": "check_bid",
                        "target": "score", "hand": "check_hand", "king": "check_king_call",
                        "poignee": "check_hand", "chelem": "score", "sitout": "score",
                        "revoke": "check_play"}
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
    """The tool's JSON Schema: the request body's schema of its operation in the OpenAPI
    document (descriptions and examples included), plus ``lang``."""
    path_item = document["paths"]["/api/v1" + spec.path]
    operation = path_item[spec.method.lower()]
    if spec.schema is None:
        schema: dict[str, Any] = {"type": "object", "properties": copy.deepcopy(
            dict(spec.arguments))}
        if spec.name == "read_rule":
            schema["required"] = ["rule_id"]
    else:
        if spec.method == "GET":  # the operation's path and query parameters, as one object
            schema = _parameters_schema([*path_item.get("parameters", []),
                                         *operation["parameters"]],
                                        document["components"]["schemas"])
        else:
            body = operation["requestBody"]["content"]["application/json"]["schema"]
            schema = _inline(body, document["components"]["schemas"])
        if operation.get("description"):
            schema.setdefault("description", operation["description"].strip())
    schema["properties"]["lang"] = dict(LANG_PROPERTY)
    schema["additionalProperties"] = False
    schema["examples"] = [dict(spec.example)]
    return schema


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
    if spec.schema is None:  # the rule tools: each rule by id, title and text
        rules = payload.get("rules", [payload])
        shown = [f"{r['id']} — {r['title']}: {r['text']} ({r['source']})" for r in rules[:10]]
        if "rules" not in payload:
            shown += [f"  · {e['title']} ({e['url']})" for e in payload["examples"]]
        more = len(rules) - len(shown) if "rules" in payload else 0
        head = found_rules(len(rules)) if "rules" in payload else ""
        return "\n".join([head, *shown, *(["…"] if more > 0 else [])]).strip()
    if spec.name == "quiz_question":
        return question_text(payload)
    cited = list(dict.fromkeys(_cited_rules(payload))) or list(spec.rules) or list(
        _SPECS[_QUIZ_MIRRORS[payload["kind"]]].rules if "kind" in payload else ())
    explanation = payload.get("explanation") or ""
    rules = "; ".join(f"{rule_id} ({rule_title(rule_id)})" for rule_id in cited)
    return f"{explanation}\n{rules_cited(rules)}".strip()


def call_tool(app: Flask, spec: ToolSpec, schema: Mapping[str, Any],
              arguments: Mapping[str, Any]) -> tuple[dict[str, Any], str]:
    """Answer one call: ``(structured content, text)``; :class:`ToolError` for arguments the
    tool cannot answer (its text names each argument at fault and its expected form)."""
    arguments = dict(arguments)
    lang = arguments.pop("lang", None)
    query = {} if not isinstance(lang, str) else {"lang": lang}
    path = "/api/v1" + re.sub(r"\{\w+\}", "x", spec.path)
    with app.test_request_context(path, method=spec.method, query_string=query):
        if lang is not None and (not isinstance(lang, str)
                                 or primary_language(lang) not in supported_languages()):
            raise ToolError("lang: " + error_text(
                "unsupported-language", lang=str(lang)[:40],
                supported=", ".join(supported_languages())))
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
    if spec.schema is not None:
        return spec.schema.load(arguments)  # type: ignore[no-any-return]
    from tutor.errors import ErrorKey

    errors: dict[str, list[Any]] = {}
    for name in arguments.keys() - spec.arguments.keys():
        errors[name] = [ErrorKey("unknown-field", field=name)]
    for name, value in arguments.items():
        if name in spec.arguments and value is not None and not isinstance(value, str):
            errors[name] = [ErrorKey("field-invalid")]
    topic = arguments.get("topic")
    if topic is not None and "topic" not in errors and topic not in TOPICS:
        errors["topic"] = [ErrorKey("unknown-choice", value=str(topic)[:40],
                                    choices=", ".join(TOPICS))]
    if spec.name == "read_rule" and not arguments.get("rule_id") and "rule_id" not in errors:
        errors["rule_id"] = [ErrorKey("field-required")]
    for name in ("q", "rule_id"):
        value = arguments.get(name)
        if isinstance(value, str) and len(value) > spec.arguments.get(name, {}).get(
                "maxLength", 10**6):
            errors[name] = [ErrorKey("field-invalid")]
    if errors:
        raise ValidationError(errors)
    return arguments
