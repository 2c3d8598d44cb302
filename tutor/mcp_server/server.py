"""The MCP server: the tools of :mod:`tutor.mcp_server.tools` and the rule catalog as
resources, on the official ``mcp`` SDK's :class:`~mcp.server.mcpserver.MCPServer`.

Resources:

* ``rule://{rule_id}{?lang}`` — one rule with its worked examples in full, as JSON (in the
  session's language unless ``?lang=``), the same as ``GET /api/v1/rules/{rule_id}``;
* ``example://{+example_id}{?lang}`` — one worked example (a Gherkin scenario of
  ``scenarios/``), as JSON;
* ``rule://index`` — every rule's id, topic and title, to browse (``rule://index?lang=en``
  in English).

Each session has a language (:class:`SessionLanguages`): the server's default
(``tarot-mcp --lang``, ``TAROT_LANG``, else French) until its client calls ``set_language``;
a call's ``lang`` wins for that call.

The server holds one Flask app (:func:`tutor.create_app`) and answers every call inside one
of its request contexts: the tools say exactly what the endpoints say.
"""

from __future__ import annotations

import json
import os
import weakref
from collections.abc import Callable
from importlib import metadata
from typing import Any, Final

from flask import Flask
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceError
from mcp.server.mcpserver.tools.base import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import ConfigDict

from rules_fr.catalog import RULES
from tutor.i18n import error_text, rule_title
from tutor.i18n.language import supported_languages
from tutor.i18n.tools import prompt_text, session_language
from tutor.mcp_server.facts import FACTS_DESCRIPTION, FACTS_SCHEMA, facts_call
from tutor.mcp_server.table import TABLE_DESCRIPTION, TABLE_SCHEMA, TableError, table_call
from tutor.mcp_server.tools import (
    TOOLS,
    ToolError,
    ToolSpec,
    call_tool,
    input_schema,
    language_error,
    listed_schema,
    served_language,
)
from tutor.services import UnknownRule
from tutor.services import rules as rules_service

__all__ = ["INSTRUCTIONS", "SessionLanguages", "build_server", "default_language",
           "package_version"]


def package_version() -> str:
    """The installed package's version (``pyproject.toml``'s), as the server names itself."""
    try:
        return metadata.version("tarot-tutor")
    except metadata.PackageNotFoundError:  # a checkout never installed
        return "0+unknown"

INSTRUCTIONS: Final = """\
French tarot rules (FFT), as a referee and a tutor. Every tool answers in French or English,
with structured content and a text that names the cards and cites the rules by id. Every
tool also takes `lang` (`fr` or `en`) for that answer only; without it, the session's
language (set with `set_language`, else the server's default) is used.
Cards are codes (the `card` schema of every tool): rank then suit, suits S (spades/pique)
H (hearts/cœur) D (diamonds/carreau) C (clubs/trèfle), ranks 1-10, J (jack/valet),
C (knight/cavalier, also N), Q (queen/dame), K (king/roi): `KH`, `CS`, `10D`, `1C`; trumps
`T1` (the petit) to `T21`; the excuse `EX`. Any case and suit symbols ♠♥♦♣ are accepted, and
names in French or English ("roi de cœur", "king of hearts", "trump 7"); answers always use
codes. Seats are numbers from 0 to players − 1, in playing order. Players: 3, 4 or 5.
Contracts, lowest first: `petite` (alias `prise`), `garde`, `garde_sans` (without the chien),
`garde_contre` (against the chien); a bid is `passe` or a contract. Camps: `taker` (with his
partner at five) or `defense`. Poignées: `simple`, `double`, `triple` (bonus 20, 30, 40). Points are
multiples of 0.5 (the 78 cards make 91). An illegal move is an answer (`legal: false`, the
rule broken), not an error; a tool error means the arguments are wrong, and says which and
what is expected (a member no schema lists, a card given twice in a list and a list longer
than a deal allows are refused;
leave an optional argument out rather than send null). Read a cited rule with `read_rule`
(or the resource `rule://<id>`).
`facts` answers the smaller questions (`what`: auction, chelem, cut, plan, partie,
score_check, notes; `request`: its figures, and a wrong one is answered with a right
example). `table` plays a live game against robots: `open` answers a token per human seat (pass
it back with `table_id` to `view`, `act` with the view's legal moves, `events` since a `seq`);
robots play their turns at once. Prompts: teach_me_tarot, quiz_me, referee_our_game,
analyse_my_deal.
"""


class _Arguments(ArgModelBase):
    """The arguments as sent: the API's request schema parses them, so its messages (and
    not pydantic's) tell the caller what is wrong."""

    model_config = ConfigDict(extra="allow", arbitrary_types_allowed=True)

    def model_dump_one_level(self) -> dict[str, Any]:
        return {"arguments": dict(self.model_extra or {})}


_READ_ONLY: Final = ToolAnnotations(read_only_hint=True, open_world_hint=False)
"""Every tool reads and computes: nothing is stored, nothing outside is reached (so a call
may be repeated at will)."""


class SessionLanguages:
    """The language of each MCP session: the server's default (``tarot-mcp --lang``,
    ``TAROT_LANG``) until the session's client calls ``set_language``. Sessions are held
    weakly: a closed session's choice goes with it."""

    def __init__(self, default: str) -> None:
        self.default = default
        self._chosen: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()

    @staticmethod
    def _session(ctx: Context[Any, Any] | None) -> Any:
        """What lasts as long as the client's session: the SDK builds a ``ServerSession`` per
        request, over the one connection (SDK 2.3 keeps it private; ``None`` outside a
        request, or where a transport keeps no connection)."""
        try:
            session = None if ctx is None else ctx.session
        except (LookupError, ValueError, AttributeError):  # no request under way
            return None
        return getattr(session, "_connection", None)

    def of(self, ctx: Context[Any, Any] | None) -> str:
        session = self._session(ctx)
        return self._chosen.get(session, self.default) if session is not None else \
            self.default

    def choose(self, ctx: Context[Any, Any] | None, language: str) -> None:
        session = self._session(ctx)
        if session is not None:
            self._chosen[session] = language


def _tool(app: Flask, spec: ToolSpec, document: dict[str, Any],
          languages: SessionLanguages) -> Tool:
    schema = input_schema(spec, document)

    def run(arguments: dict[str, Any], ctx: Context[Any, Any] | None = None) -> CallToolResult:
        try:
            payload, text = call_tool(app, spec, schema, arguments, languages.of(ctx))
        except ToolError as error:
            return _error(str(error))
        return CallToolResult(content=[TextContent(type="text", text=text)],
                              structured_content=payload)

    # no title listed (ToolSpec.title is not sent): the name and the description are what a
    # chatbot reads, and tools/list has a budget of characters (tests/test_mcp.py)
    return Tool(fn=run, name=spec.name, title=None, description=spec.description,
                parameters=listed_schema(schema), fn_metadata=FuncMetadata(arg_model=_Arguments),
                is_async=False, context_kwarg="ctx", annotations=_READ_ONLY)


def _error(text: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=True)


_SET_LANGUAGE_SCHEMA: Final = {
    "type": "object",
    "properties": {"lang": {"enum": ["fr", "en"], "description": "`fr` or `en`."}},
    "required": ["lang"],
}


def _set_language_tool(app: Flask, languages: SessionLanguages) -> Tool:
    """``set_language``: the session's language from now on (a call's ``lang`` still wins)."""

    def run(arguments: dict[str, Any], ctx: Context[Any, Any] | None = None) -> CallToolResult:
        lang = arguments.get("lang")
        unknown = sorted(set(arguments) - {"lang"})
        served = served_language(app, lang)
        if served is None or unknown:
            with app.test_request_context("/", query_string={"lang": languages.of(ctx)}):
                if unknown:
                    return _error(f"{unknown[0]}: " + error_text(
                        "unknown-field", field=unknown[0][:40], allowed="lang"))
            return _error(str(language_error(app, lang, languages.of(ctx))))
        languages.choose(ctx, served)
        with app.test_request_context("/", query_string={"lang": served}):
            return CallToolResult(content=[TextContent(type="text", text=session_language())],
                                  structured_content={"lang": served})

    return Tool(fn=run, name="set_language", title=None,
                description="This session's language from now on.",
                parameters=dict(_SET_LANGUAGE_SCHEMA),
                fn_metadata=FuncMetadata(arg_model=_Arguments), is_async=False,
                context_kwarg="ctx",
                annotations=ToolAnnotations(idempotent_hint=True, open_world_hint=False))


def _grouped_tool(app: Flask, languages: SessionLanguages, name: str, description: str,
                  parameters: dict[str, Any], call: Callable[..., tuple[dict[str, Any], str]],
                  annotations: ToolAnnotations) -> Tool:
    """A tool over several endpoints, called in-process: ``table`` (a live table with robots,
    :mod:`tutor.mcp_server.table`) and ``facts`` (:mod:`tutor.mcp_server.facts`)."""

    def run(arguments: dict[str, Any], ctx: Context[Any, Any] | None = None) -> CallToolResult:
        arguments = dict(arguments)
        language = languages.of(ctx)
        lang = arguments.pop("lang", None)
        if lang is not None:
            served = served_language(app, lang)
            if served is None:
                return _error(str(language_error(app, lang, language)))
            language = served
        try:
            payload, text = call(app, arguments, language)
        except TableError as error:
            return _error(str(error))
        return CallToolResult(content=[TextContent(type="text", text=text)],
                              structured_content=payload)

    return Tool(fn=run, name=name, title=None, description=description,
                parameters=dict(parameters), fn_metadata=FuncMetadata(arg_model=_Arguments),
                is_async=False, context_kwarg="ctx", annotations=annotations)


PROMPTS: Final = {"teach_me_tarot": ("teach", "Teach me tarot"),
                  "quiz_me": ("quiz", "Quiz me"),
                  "referee_our_game": ("referee", "Referee our game"),
                  "analyse_my_deal": ("analyse", "Analyse my deal")}
"""The prompts: name → (the message's key in :func:`prompt_text`, title)."""


def _add_prompts(server: MCPServer, app: Flask, languages: SessionLanguages) -> None:
    """Each prompt a user message naming the tools to use, in the prompt's ``lang``, else
    the session's language."""
    for name, (key, title) in PROMPTS.items():
        def render(lang: str | None = None, ctx: Context[Any, Any] | None = None,
                   key: str = key) -> str:
            language = served_language(app, lang) or languages.of(ctx)
            with app.test_request_context("/", query_string={"lang": language}):
                return prompt_text(key)

        server.prompt(name=name, title=title, description=title + " (lang: fr or en).")(
            _prompt_function(render))


def _prompt_function(render: Any) -> Any:
    def prompt(lang: str | None = None, ctx: Context[Any, Any] | None = None) -> str:
        return str(render(lang, ctx))

    return prompt


def _resource_language(app: Flask, lang: str | None, languages: SessionLanguages,
                       ctx: Context[Any, Any] | None) -> str:
    """A resource's ``?lang=`` as served, else the session's language; a language the service
    does not speak is refused in the session's."""
    if lang is None:
        return languages.of(ctx)
    served = served_language(app, lang)
    if served is None:
        raise ResourceError(str(language_error(app, lang, languages.of(ctx))))
    return served


def default_language(app: Flask, language: str | None = None) -> str:
    """The server's language: ``language`` (``tarot-mcp --lang``), else ``TAROT_LANG``, else
    French; :class:`ValueError` for a language the service does not speak."""
    wanted = language or os.environ.get("TAROT_LANG") or "fr"
    served = served_language(app, wanted)
    if served is None:
        with app.app_context():
            raise ValueError(f"language {wanted[:40]!r} is not served: use one of "
                             f"{', '.join(sorted(supported_languages()))}")
    return served


def build_server(app: Flask | None = None, language: str | None = None) -> MCPServer:
    """The MCP server over ``app`` (a new :func:`tutor.create_app` by default), answering in
    ``language`` (:func:`default_language`) unless a session or a call asks otherwise."""
    if app is None:
        from tutor import create_app

        app = create_app()
    languages = SessionLanguages(default_language(app, language))
    with app.test_client() as client:
        document = client.get("/api/v1/openapi.json").get_json()
    server: MCPServer = MCPServer(
        name="tarot-tutor", title="Tarot tutor (FFT rules)", version=package_version(),
        instructions=INSTRUCTIONS,
        tools=[_set_language_tool(app, languages),
               *(_tool(app, spec, document, languages) for spec in TOOLS),
               _grouped_tool(app, languages, "facts", FACTS_DESCRIPTION, FACTS_SCHEMA,
                             facts_call, _READ_ONLY),
               _grouped_tool(app, languages, "table", TABLE_DESCRIPTION, TABLE_SCHEMA,
                             table_call, ToolAnnotations(read_only_hint=False,
                                                         open_world_hint=False))],
    )
    _add_prompts(server, app, languages)

    def index(language: str) -> str:
        with app.test_request_context("/api/v1/rules", query_string={"lang": language}):
            return json.dumps([{"id": r.id, "topic": r.topic, "title": rule_title(r.id),
                                "uri": f"rule://{r.id}"} for r in RULES.values()],
                              ensure_ascii=False)

    @server.resource("rule://index", name="rules", title="Every rule of the catalog",
                     description="Every rule's id, topic, title and URI, in the server's "
                                 "language (`rule://index?lang=en` for English).",
                     mime_type="application/json")
    def rule_index() -> str:
        return index(languages.default)

    @server.resource("rule://{rule_id}{?lang}", name="rule",
                     title="A rule with its worked examples",
                     description="One rule by id (`rule://play.overtrump?lang=en`) with its "
                                 "worked examples in full: steps, rows and stories. "
                                 "`rule://index{?lang}` lists them all.",
                     mime_type="application/json")
    def rule_resource(rule_id: str, lang: str | None = None,
                      ctx: Context[Any, Any] | None = None) -> str:
        language = _resource_language(app, lang, languages, ctx)
        if rule_id == "index":
            return index(language)
        with app.test_request_context("/api/v1/rules/x", query_string={"lang": language}):
            try:
                return json.dumps(rules_service.read_rule(rule_id), ensure_ascii=False)
            except UnknownRule as unknown:
                raise ResourceError(error_text(
                    "unknown-rule", id=unknown.rule_id,
                    closest=", ".join(unknown.closest))) from None

    @server.resource("example://{+example_id}{?lang}", name="example",
                     title="A worked example (a Gherkin scenario)",
                     description="One worked example by id (as `read_rule` lists them): its "
                                 "title, topic (`feature`) and story told in the language "
                                 "asked, every figure computed by the rules core; its "
                                 "Gherkin steps and rows as written, untranslated, in "
                                 "`steps_language` (French), and its sources.",
                     mime_type="application/json")
    def example_resource(example_id: str, lang: str | None = None,
                         ctx: Context[Any, Any] | None = None) -> str:
        from tutor.examples import example

        language = _resource_language(app, lang, languages, ctx)
        with app.test_request_context("/api/v1/rules", query_string={"lang": language}):
            entry = example(example_id)
            if entry is None:
                raise ResourceError(f"example_id: {example_id[:80]!r}")
            return json.dumps(rules_service.example_payload(entry), ensure_ascii=False)

    return server
