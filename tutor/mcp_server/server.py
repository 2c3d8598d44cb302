"""The MCP server: the tools of :mod:`tutor.mcp_server.tools` and the rule catalog as
resources, on the official ``mcp`` SDK's :class:`~mcp.server.mcpserver.MCPServer`.

Resources:

* ``rule://{rule_id}{?lang}`` — one rule with its worked examples, as JSON (French unless
  ``?lang=en``), the same as ``GET /api/v1/rules/{rule_id}``;
* ``example://{+example_id}{?lang}`` — one worked example (a Gherkin scenario of
  ``scenarios/``), as JSON;
* ``rule://index`` — every rule's id, topic and title, to browse.

The server holds one Flask app (:func:`tutor.create_app`) and answers every call inside one
of its request contexts: the tools say exactly what the endpoints say.
"""

from __future__ import annotations

import json
from typing import Any, Final

from flask import Flask
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ResourceError
from mcp.server.mcpserver.tools.base import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import ConfigDict

from rules_fr.catalog import RULES
from tutor.i18n import rule_title
from tutor.i18n.language import primary_language, supported_languages
from tutor.mcp_server.tools import (
    TOOLS,
    ToolError,
    ToolSpec,
    call_tool,
    input_schema,
    listed_schema,
)
from tutor.services import UnknownRule
from tutor.services import rules as rules_service

__all__ = ["INSTRUCTIONS", "build_server"]

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
what is expected (a member no schema lists and a card given twice in a list are refused;
leave an optional argument out rather than send null). Read a cited rule with `read_rule`
(or the resource `rule://<id>`).
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


def _tool(app: Flask, spec: ToolSpec, document: dict[str, Any]) -> Tool:
    schema = input_schema(spec, document)

    def run(arguments: dict[str, Any]) -> CallToolResult:
        try:
            payload, text = call_tool(app, spec, schema, arguments)
        except ToolError as error:
            return CallToolResult(content=[TextContent(type="text", text=str(error))],
                                  is_error=True)
        return CallToolResult(content=[TextContent(type="text", text=text)],
                              structured_content=payload)

    return Tool(fn=run, name=spec.name, title=spec.title, description=spec.description,
                parameters=listed_schema(schema), fn_metadata=FuncMetadata(arg_model=_Arguments),
                is_async=False, context_kwarg=None,
                annotations=_READ_ONLY)


def _check_language(lang: str) -> None:
    """Inside the app's context: a language the service does not speak is refused."""
    if primary_language(lang) not in supported_languages():
        raise ResourceError(f"lang {lang[:40]!r} is not served: ask for one of "
                            f"{', '.join(supported_languages())}")


def build_server(app: Flask | None = None) -> MCPServer:
    """The MCP server over ``app`` (a new :func:`tutor.create_app` by default)."""
    if app is None:
        from tutor import create_app

        app = create_app()
    with app.test_client() as client:
        document = client.get("/api/v1/openapi.json").get_json()
    server: MCPServer = MCPServer(
        name="tarot-tutor", title="Tarot tutor (FFT rules)", version=str(
            document["info"]["version"]),
        instructions=INSTRUCTIONS,
        tools=[_tool(app, spec, document) for spec in TOOLS],
    )

    @server.resource("rule://index", name="rules", title="Every rule of the catalog",
                     mime_type="application/json")
    def rule_index() -> str:
        with app.test_request_context("/api/v1/rules"):
            return json.dumps([{"id": r.id, "topic": r.topic, "title": rule_title(r.id),
                                "uri": f"rule://{r.id}"} for r in RULES.values()],
                              ensure_ascii=False)

    @server.resource("rule://{rule_id}{?lang}", name="rule",
                     title="A rule with its worked examples", mime_type="application/json")
    def rule_resource(rule_id: str, lang: str = "fr") -> str:
        with app.test_request_context("/api/v1/rules/x", query_string={"lang": lang}):
            _check_language(lang)
            try:
                return json.dumps(rules_service.read_rule(rule_id), ensure_ascii=False)
            except UnknownRule as unknown:
                raise ResourceError(f"no rule {rule_id!r}; closest: "
                                    f"{', '.join(unknown.closest)}") from None

    @server.resource("example://{+example_id}{?lang}", name="example",
                     title="A worked example (a Gherkin scenario)",
                     mime_type="application/json")
    def example_resource(example_id: str, lang: str = "fr") -> str:
        from tutor.examples import example

        with app.test_request_context("/api/v1/rules", query_string={"lang": lang}):
            _check_language(lang)
            entry = example(example_id)
            if entry is None:
                raise ResourceError(f"no worked example {example_id!r}")
            return json.dumps(rules_service.example_payload(entry), ensure_ascii=False)

    return server
