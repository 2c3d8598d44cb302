"""The MCP server through the SDK's own client (``ClientSession``), over stdio (the console
script ``tarot-mcp``, as a desktop client launches it) and over streamable HTTP (``tarot-mcp
--http HOST:PORT``, and mounted beside the Flask app): the tools are listed with their input
schemas, each one answers its example exactly as its HTTP endpoint does, an illegal play is
explained in French and in English with its rule, and bad arguments are tool errors naming
the argument and its expected form — never a crash or a hang (every exchange has a deadline).
"""

from __future__ import annotations

import functools
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

from tutor import create_app
from tutor.mcp_server.facts import FACTS
from tutor.mcp_server.tools import TOOLS

BIN = Path(sys.executable).parent
DEADLINE = 120  # seconds for a whole exchange: a hang fails, it never blocks the suite
ILLEGAL_PLAY = {"players": 4, "hand": ["7H", "KH", "T3", "EX", "2S"], "trick": ["5H"],
                "card": "T3"}
FRENCH_WORDS = re.compile(r"\b(le|la|les|de|du|des|et|roi|cœur|atout|vous)\b", re.IGNORECASE)

Scenario = Callable[[ClientSession], Awaitable[None]]


def run_async(main: Callable[[], Awaitable[Any]]) -> Any:
    """``anyio.run(main)`` on a thread of its own: the browser tests' Playwright leaves an
    event loop running on the main thread, and a loop cannot run inside another."""
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["value"] = anyio.run(main)
        except BaseException as error:  # re-raised on the test's thread
            outcome["error"] = error

    thread = threading.Thread(target=target, name="mcp-client")
    thread.start()
    thread.join(DEADLINE + 30)
    assert not thread.is_alive(), "the MCP exchange hung"
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def _script() -> list[str]:
    script = BIN / "tarot-mcp"
    return [str(script)] if script.exists() else [sys.executable, "-m", "tutor.mcp_server"]


def _over_stdio(scenario: Scenario, *extra: str, env: dict[str, str] | None = None) -> None:
    command, *args = _script()

    async def run() -> None:
        with anyio.fail_after(DEADLINE):
            params = StdioServerParameters(command=command, args=[*args, *extra],
                                           env={"PYTHONUNBUFFERED": "1", **(env or {})})
            async with stdio_client(params) as (read, write), \
                    ClientSession(read, write) as session:
                await session.initialize()
                await scenario(session)

    run_async(run)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _over_http(scenario: Scenario, *extra: str, check_api: bool = False) -> None:
    port = _free_port()
    server = subprocess.Popen([*_script(), "--http", f"127.0.0.1:{port}", *extra],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _wait_listening(port, server)
        if check_api:
            import urllib.request

            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/ping",
                                        timeout=10) as reply:
                assert json.load(reply) == {"status": "ok"}

        async def run() -> None:
            with anyio.fail_after(DEADLINE):
                async with streamable_http_client(f"http://127.0.0.1:{port}/mcp") as (
                        read, write), ClientSession(read, write) as session:
                    await session.initialize()
                    await scenario(session)

        run_async(run)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _wait_listening(port: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(server.stderr.read().decode() if server.stderr else "exited")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("tarot-mcp --http never listened")


# --- what every transport must show ---------------------------------------------------------


LISTED_BUDGET = 24_000
"""The characters ``tools/list`` may take (as JSON, spaced as ``json.dumps`` writes it): about
6,000 tokens of a chatbot's context, every tool included."""
HTTP_WORDING = re.compile(r"\b(?:GET|POST|PUT|DELETE) /|\b[2-5]\d\d\b(?! ?(?:points|cards))|"
                          r"\?lang=|\bHTTP\b")


def _descriptions(node: Any) -> list[str]:
    if isinstance(node, dict):
        return [text for key, value in node.items() for text in (
            [value] if key == "description" and isinstance(value, str)
            else _descriptions(value))]
    if isinstance(node, list):
        return [text for value in node for text in _descriptions(value)]
    return []


async def _lists_tools_with_schemas(session: ClientSession) -> None:
    result = await session.list_tools()
    listed = {tool.name: tool for tool in result.tools}
    assert set(listed) == {spec.name for spec in TOOLS} | {"set_language", "table", "facts"}
    size = len(json.dumps(result.model_dump(mode="json", by_alias=True, exclude_none=True),
                          ensure_ascii=False))
    assert size <= LISTED_BUDGET, size
    for tool in listed.values():
        schema = tool.input_schema
        assert tool.description and schema["type"] == "object", tool.name
        assert not HTTP_WORDING.search(tool.description), (tool.name, tool.description)
        assert tool.name == "set_language" or "lang" not in schema["properties"], tool.name
        text = json.dumps(schema, ensure_ascii=False)
        # the card grammar is said once: each card is the tool's one card schema
        assert "canonical code" not in text and "roi de cœur" not in text, tool.name
        assert ("$ref" in text) == ("$defs" in schema), tool.name
        for description in _descriptions(schema):
            assert not HTTP_WORDING.search(description), (tool.name, description)
        for name, prop in schema["properties"].items():
            # described, or a shared kind the instructions describe: a card, players, a
            # seat, a contract, a bid, a camp, a poignée
            assert prop.get("description") or prop.get("$ref") or "enum" in prop or (
                prop.get("type") == "integer" and "maximum" in prop), (tool.name, name)
    instructions = session.initialize_result.instructions or ""
    assert "`KH`" in instructions and "`lang`" in instructions


def _endpoint_answers() -> dict[str, Any]:
    """What the HTTP endpoints answer to each tool's example, in English."""
    client = create_app({"TESTING": True}).test_client()
    answers = {}
    for spec in TOOLS:
        example = {k: v for k, v in spec.example.items() if k != "lang"}
        if spec.method == "POST":
            response = client.post(f"/api/v1{spec.path}?lang=en", json=example)
        elif spec.name == "read_rule":
            response = client.get(f"/api/v1/rules/{example['rule_id']}?lang=en&examples=brief")
        elif spec.name == "puzzle":
            response = client.get("/api/v1/puzzles", query_string={**example, "lang": "en"})
        elif spec.name == "quiz_question":
            query = {k: v for k, v in example.items() if k != "kind"}
            response = client.get(f"/api/v1/quiz/{example['kind']}",
                                  query_string={**query, "lang": "en"})
        else:  # search_rules: a page of summaries
            response = client.get("/api/v1/rules", query_string={
                **example, "lang": "en", "view": "summary", "limit": 5, "examples": "none"})
        assert response.status_code == 200, (spec.name, response.get_json())
        answers[spec.name] = response.get_json()
    return answers


def _calls_each_tool(answers: dict[str, Any]) -> Scenario:
    async def scenario(session: ClientSession) -> None:
        for spec in TOOLS:
            result = await session.call_tool(spec.name, {**spec.example, "lang": "en"})
            assert not result.is_error, (spec.name, result.content)
            # one service layer: the tool says exactly what the endpoint says
            assert result.structured_content == answers[spec.name], spec.name
            text = result.content[0].text
            assert text.strip(), spec.name
            if spec.name not in ("quiz_question", "search_rules", "read_rule", "puzzle"):
                # (a question hints no answer, the rule tools are the rules)
                assert "Rules: " in text and re.search(r"\b[a-z-]+\.[a-z0-9-]+\b", text)
    return scenario


ANSWER_BUDGET = 16_000
"""The characters one answer may take (its text and its structured content, as JSON)."""


def _answer_size(result: Any) -> int:
    return sum(len(c.text) for c in result.content) + len(json.dumps(
        result.structured_content, ensure_ascii=False))


async def _answers_fit_a_context(session: ClientSession) -> None:
    """Rule search and reading answer in a few thousand characters, whatever is asked: a
    page of summaries (5 by default), the examples only on request, every rule readable."""
    from rules_fr.catalog import RULES, TOPICS

    for arguments in [{}, {"q": "how many points do I need with two oudlers"},
                      {"q": "excuse", "examples": "brief"}, {"limit": 10, "examples": "brief"},
                      *({"topic": topic} for topic in TOPICS)]:
        result = await session.call_tool("search_rules", {**arguments, "lang": "en"})
        assert not result.is_error, (arguments, result.content)
        assert _answer_size(result) <= ANSWER_BUDGET, (arguments, _answer_size(result))
        assert len(result.structured_content["rules"]) <= arguments.get("limit", 5)
    first = await session.call_tool("search_rules", {"limit": 5})
    second = await session.call_tool("search_rules", {
        "limit": 5, "cursor": first.structured_content["next_cursor"]})
    assert [r["id"] for r in first.structured_content["rules"] + second.structured_content[
        "rules"]] == list(RULES)[:10]
    for rule_id in RULES:
        for examples in ("brief", "told"):
            result = await session.call_tool("read_rule", {"rule_id": rule_id,
                                                           "examples": examples})
            assert not result.is_error and _answer_size(result) <= ANSWER_BUDGET, (
                rule_id, examples, _answer_size(result))


async def _illegal_play_in_both_languages(session: ClientSession) -> None:
    english = await session.call_tool("check_play", {**ILLEGAL_PLAY, "lang": "en"})
    french = await session.call_tool("check_play", {**ILLEGAL_PLAY, "lang": "fr"})
    default = await session.call_tool("check_play", ILLEGAL_PLAY)
    assert not english.is_error and not french.is_error
    assert english.structured_content["legal"] is False
    assert english.structured_content["violations"][0]["rule"] == "play.follow-suit"
    english_text, french_text = english.content[0].text, french.content[0].text
    assert "king of hearts" in english_text and "play.follow-suit" in english_text
    assert not FRENCH_WORDS.search(english_text.replace("play.follow-suit", "")), english_text
    assert "roi de cœur" in french_text and "play.follow-suit" in french_text
    assert "Règles : play.follow-suit" in french_text
    assert default.content[0].text == french_text  # French unless asked


async def _bad_arguments_are_tool_errors(session: ClientSession) -> None:
    cases: list[tuple[str, dict[str, Any], list[str]]] = [
        ("check_play", {**ILLEGAL_PLAY, "hand": ["7H", "XX"], "lang": "en"},
         ["hand[1]", "“XX”", "KH"]),
        ("check_play", {**ILLEGAL_PLAY, "players": "four", "lang": "en"},
         ["players", "integer", "e.g. 4"]),
        ("check_play", {**ILLEGAL_PLAY, "card": "QS", "lang": "en"},
         ["card", "queen of spades"]),
        ("check_play", {**ILLEGAL_PLAY, "colour": "red", "lang": "en"},
         ["colour", "players, hand, trick, card"]),
        ("check_play", {**ILLEGAL_PLAY, "lang": "de"}, ["lang", "en, fr"]),
        ("score", {"players": 4, "contract": "garde", "bouts": 3, "points": 5, "lang": "en"},
         ["points"]),
        ("read_rule", {"rule_id": "excuse", "lang": "en"}, ["rule_id", "excuse.exchange"]),
        ("search_rules", {"topic": "nope", "lang": "en"}, ["topic", "play"]),
        ("check_hand", {"lang": "en"}, ["players", "hand"]),
    ]
    for name, arguments, expected in cases:
        result = await session.call_tool(name, arguments)
        assert result.is_error, (name, arguments)
        text = result.content[0].text
        for fragment in expected:
            assert fragment in text, (name, fragment, text)
    # every tool refuses an argument it does not know, naming it
    for spec in TOOLS:
        result = await session.call_tool(spec.name, {**spec.example, "bogus": [1]})
        assert result.is_error and "bogus" in result.content[0].text, spec.name
    # the server is still there after all this
    assert not (await session.call_tool("count_cards", {"cards": ["KH"]})).is_error


def _marker(kind: str, players: int, seed: int, lang: str) -> dict[str, Any]:
    """The marker's copy of a question (the service's, with its answer and explanation):
    what quiz_question must never show."""
    from tutor.services.quiz import question

    with _marker_app().test_request_context(f"/?lang={lang}"):
        return question(kind, players, seed)


@functools.cache
def _marker_app() -> Any:
    return create_app({"TESTING": True})


def _no_answer_in(text: str, marker: dict[str, Any]) -> None:
    """The text of quiz_question holds the question and the position, and nothing of the
    answer: neither its explanation (nor any sentence of it), nor a rule it cites, nor an
    answer member but the position's own cards."""
    question, _newline, rest = text.partition("\n")
    assert question == marker["question"]
    assert json.loads(rest) == {key: marker[key] for key in (
        "kind", "players", "seed", "position")}
    sentences = [part.strip(" .") for part in re.split(r"(?<=[.:!?])\s+",
                                                        marker["explanation"])]
    assert sentences and all(sentences)
    for sentence in sentences:
        assert sentence not in text, (marker["kind"], sentence)
    for cited in re.findall(r"\b[a-z]+\.[a-z0-9-]+\b", json.dumps(marker["answer"])):
        assert cited not in text, (marker["kind"], cited)
    assert "answer" not in rest and "explanation" not in rest


def _right_answer(question: dict[str, Any]) -> dict[str, Any]:
    """The member a right answer to ``question`` sends, read off its expected answer (the
    marker's copy)."""
    expected = question["answer"]
    return {"play": {"cards": expected.get("legal_cards")},
            "ecart": {"legal": expected.get("legal")}, "bid": {"legal": expected.get("legal")},
            "count": {"points": expected.get("points")},
            "score": {"score": expected.get("scores", {}).get("taker")},
            "trick": {"card": expected.get("card")}}[question["kind"]]


def _wrong_answer(question: dict[str, Any]) -> dict[str, Any]:
    right = _right_answer(question)
    name, value = next(iter(right.items()))
    if name == "cards":
        return {name: question["position"]["hand"] if len(value) < len(
            question["position"]["hand"]) else []}
    if name == "card":
        return {name: next(c for c in question["position"]["cards"] if c != value)}
    return {name: (not value) if name == "legal" else value + 1}


async def _quiz(session: ClientSession) -> None:
    """Ask each kind of question, answer it right and wrong: the question holds no answer
    (its text says the question and the position only, in French and English), and each
    answer is marked and explained exactly as GET /quiz/{kind} and POST /quiz/answer say."""
    client = create_app({"TESTING": True}).test_client()
    for kind in ("play", "ecart", "count", "score", "trick", "bid"):
        for players, seed in ((4, 3), (5, 11)):
            for lang in ("fr", "en"):
                asked = await session.call_tool("quiz_question", {
                    "kind": kind, "players": players, "seed": seed, "lang": lang})
                assert not asked.is_error, asked.content
                endpoint = client.get(f"/api/v1/quiz/{kind}?players={players}&seed={seed}"
                                      f"&lang={lang}").get_json()
                assert asked.structured_content == endpoint
                assert "answer" not in endpoint and "explanation" not in endpoint
                _no_answer_in(asked.content[0].text, _marker(kind, players, seed, lang))
            question = _marker(kind, players, seed, "en")
            for given, right in ((_right_answer(question), True),
                                 (_wrong_answer(question), False)):
                body = {"kind": kind, "players": players, "seed": seed, **given}
                for lang, mark in (("en", "Right. " if right else "Not quite. "),
                                   ("fr", "Exact. " if right else "Pas tout à fait. ")):
                    marked = await session.call_tool("quiz_answer", {**body, "lang": lang})
                    assert not marked.is_error, (body, marked.content)
                    answer = marked.structured_content
                    # one service layer: the tool marks exactly as the endpoint does
                    assert answer == client.post(f"/api/v1/quiz/answer?lang={lang}",
                                                 json=body).get_json()
                    assert answer["right"] is right, (body, answer)
                    assert answer["position"] == question["position"]
                    assert lang == "fr" or answer["answer"] == question["answer"]
                    assert answer["explanation"].startswith(mark)
                    assert marked.content[0].text.startswith(answer["explanation"])
                if kind == "play" and not right:
                    assert answer["mistakes"] and all(
                        m["explanation"] for m in answer["mistakes"])
    drawn = await session.call_tool("quiz_question", {"kind": "count"})
    seed = drawn.structured_content["seed"]
    assert 0 <= seed < 1_000_000 and drawn.structured_content == client.get(
        f"/api/v1/quiz/count?seed={seed}&lang=fr").get_json()
    cases: list[tuple[str, dict[str, Any], list[str]]] = [
        ("quiz_question", {"kind": "renonce", "lang": "en"}, ["kind", "play, ecart"]),
        ("quiz_question", {"kind": "play", "players": 9, "lang": "en"},
         ["players", "3, 4 or 5"]),
        ("quiz_question", {"kind": "play", "seed": "x", "lang": "en"}, ["seed", "integer"]),
        ("quiz_question", {"lang": "en"}, ["kind", "required"]),
        ("quiz_answer", {"kind": "count", "seed": 3, "lang": "en"}, ["points", "required"]),
        ("quiz_answer", {"kind": "count", "seed": 3, "legal": True, "points": 2,
                         "lang": "en"}, ["legal", "kind, players, seed, points"]),
        ("quiz_answer", {"kind": "count", "seed": 3, "points": 2.25, "lang": "en"},
         ["points"]),
        ("quiz_answer", {"kind": "play", "seed": 10**7, "cards": [], "lang": "en"},
         ["seed", "999999"]),
        ("quiz_answer", {"kind": "play", "seed": 3, "cards": ["ZZ"], "lang": "en"},
         ["cards[0]", "“ZZ”"]),
        ("quiz_answer", {"kind": "trick", "seed": 3, "card": "KH", "lang": "en"},
         ["card", "The trick does not hold the king of hearts"]),
    ]
    for name, arguments, expected in cases:
        result = await session.call_tool(name, arguments)
        assert result.is_error, (name, arguments)
        for fragment in expected:
            assert fragment in result.content[0].text, (name, fragment, result.content)


async def _resources(session: ClientSession) -> None:
    templates = {t.uri_template for t in (await session.list_resource_templates())
                 .resource_templates}
    assert {"rule://{rule_id}{?lang}", "example://{+example_id}{?lang}"} <= templates
    rule = json.loads((await session.read_resource("rule://play.overtrump?lang=en"))
                      .contents[0].text)
    assert rule["id"] == "play.overtrump" and rule["title"] == "Overtrumping"
    assert rule["examples"]
    example_id = rule["examples"][0]["id"]
    example = json.loads((await session.read_resource(f"example://{example_id}"))
                         .contents[0].text)
    assert example["id"] == example_id and example["steps"]
    # the worked example told in the reader's language, its figures the core's
    told = json.loads((await session.read_resource(f"example://{example_id}?lang=en"))
                      .contents[0].text)["story"]
    assert told and told[0]["text"].startswith("With 4 players, you hold")
    assert told[0]["figures"]["legal"] in (True, False)
    assert json.loads((await session.read_resource(f"example://{example_id}?lang=fr"))
                      .contents[0].text)["story"][0]["text"].startswith("À 4 joueurs")
    # its title and topic in the language asked, its steps as written and labelled French
    # (issues 24 and 26)
    follow = "example://jeu_de_la_carte/on-doit-fournir-la-couleur-demandee"
    english = json.loads((await session.read_resource(f"{follow}?lang=en")).contents[0].text)
    french = json.loads((await session.read_resource(f"{follow}?lang=fr")).contents[0].text)
    assert (english["title"], english["feature"]) == ("You must follow the suit led",
                                                      "Playing the cards")
    assert (french["title"], french["feature"]) == ("On doit fournir la couleur demandée",
                                                    "Le jeu de la carte")
    assert english["steps_language"] == french["steps_language"] == "fr"
    assert english["steps"] == french["steps"]
    assert rule["examples"][0]["title"] == ("If a trump is already in the trick, you must "
                                            "overtrump when you can")
    assert example["title"] == "Si un atout est déjà posé, on doit surcouper quand on le peut"
    index = json.loads((await session.read_resource("rule://index")).contents[0].text)
    assert {"id": "play.overtrump", "topic": "play"}.items() <= index[
        [r["id"] for r in index].index("play.overtrump")].items()


# --- the transports -------------------------------------------------------------------------


def _whole_session(*, resources: bool) -> Scenario:
    """What a client does over either transport: list and call every tool, be refused, ask a
    quiz; and, with ``resources``, read the resources."""
    answers = _endpoint_answers()

    async def scenario(session: ClientSession) -> None:
        await _lists_tools_with_schemas(session)
        await _calls_each_tool(answers)(session)
        if resources:
            await _answers_fit_a_context(session)
        await _illegal_play_in_both_languages(session)
        await _bad_arguments_are_tool_errors(session)
        await _quiz(session)
        if resources:
            await _resources(session)

    return scenario


def test_stdio_lists_calls_and_refuses() -> None:
    _over_stdio(_whole_session(resources=True))


async def _session_language(session: ClientSession) -> None:
    """Started with ``--lang en``: English until ``set_language`` says French; a call's
    ``lang`` wins over both; a language not served is refused in the session's language,
    naming those served and nothing of HTTP; ``rule://index`` in either language."""
    english = await session.call_tool("check_play", ILLEGAL_PLAY)
    assert "king of hearts" in english.content[0].text
    refused = await session.call_tool("check_play", {**ILLEGAL_PLAY, "lang": "de"})
    assert refused.is_error and "is not served" in refused.content[0].text
    assert "en, fr" in refused.content[0].text and "?lang" not in refused.content[0].text
    index = json.loads((await session.read_resource("rule://index")).contents[0].text)
    assert index[[r["id"] for r in index].index("play.overtrump")]["title"] == "Overtrumping"
    chosen = await session.call_tool("set_language", {"lang": "fr"})
    assert not chosen.is_error and chosen.structured_content == {"lang": "fr"}
    assert "français" in chosen.content[0].text
    french = await session.call_tool("check_play", ILLEGAL_PLAY)
    assert "roi de cœur" in french.content[0].text
    asked = await session.call_tool("check_play", {**ILLEGAL_PLAY, "lang": "en"})
    assert "king of hearts" in asked.content[0].text  # the call's lang wins
    refused = await session.call_tool("read_rule", {"rule_id": "play.overtrump", "lang": "xx"})
    assert refused.is_error and "n'est pas servie" in refused.content[0].text
    assert "en, fr" in refused.content[0].text
    wrong = await session.call_tool("set_language", {"lang": "de"})
    assert wrong.is_error and "en, fr" in wrong.content[0].text
    assert json.loads((await session.read_resource("rule://index?lang=en")).contents[0].text)[
        0]["title"] != json.loads((await session.read_resource("rule://index?lang=fr"))
                                  .contents[0].text)[0]["title"]
    rule = json.loads((await session.read_resource("rule://play.overtrump")).contents[0].text)
    assert rule["title"] == "La surcoupe" or rule["title"] != "Overtrumping"
    resources = {r.uri: r for r in (await session.list_resources()).resources}
    templates = (await session.list_resource_templates()).resource_templates
    assert resources["rule://index"].description and all(t.description for t in templates)
    version = session.initialize_result.server_info.version  # type: ignore[union-attr]
    from tutor.mcp_server.server import package_version

    assert version == package_version() != "1"


def test_session_language() -> None:
    _over_stdio(_session_language, "--lang", "en")


def test_language_from_the_environment() -> None:
    async def scenario(session: ClientSession) -> None:
        answer = await session.call_tool("check_play", ILLEGAL_PLAY)
        assert "king of hearts" in answer.content[0].text

    _over_stdio(scenario, env={"TAROT_LANG": "en"})


def test_bad_language_is_a_usage_error() -> None:
    done = subprocess.run([*_script(), "--lang", "de"], capture_output=True, text=True,
                          timeout=60, env={**os.environ})
    assert done.returncode == 2 and "en, fr" in done.stderr


def test_streamable_http() -> None:
    _over_http(_whole_session(resources=False))


def test_mounted_beside_the_api() -> None:
    """``--with-api``: the MCP endpoint and the plain Flask app (API, pages) on one port."""

    async def scenario(session: ClientSession) -> None:
        await _illegal_play_in_both_languages(session)

    _over_http(scenario, "--with-api", check_api=True)


def test_bad_http_address_is_a_usage_error() -> None:
    done = subprocess.run([*_script(), "--http", "nowhere"], capture_output=True, text=True,
                          timeout=60, env={**os.environ})
    assert done.returncode == 2 and "HOST:PORT" in done.stderr


def test_session_language_over_streamable_http() -> None:
    _over_http(_session_language, "--lang", "en")


# --- the live table and the prompts ----------------------------------------------------------


async def _table_played(session: ClientSession) -> None:
    """A table of three robots and one human seat, opened and played from the chat: the human
    seat passes and plays the first of its legal cards until a deal is scored; its events are
    read; a card that is no card and an unknown action are tool errors in the session's
    language (French), never a crash."""
    opened = await session.call_tool("table", {"action": "open", "players": 4,
                                               "robots": [1, 2, 3]})
    assert not opened.is_error, opened.content[0].text
    table = opened.structured_content
    assert [s["seat"] for s in table["seats"]] == [0] and "view" in table
    seat = {"table_id": table["table_id"], "token": table["seats"][0]["token"]}
    for _ in range(200):
        viewed = await session.call_tool("table", {"action": "view", **seat})
        assert not viewed.is_error, viewed.content[0].text
        view = viewed.structured_content
        if view["scoresheet"]["entries"]:
            break
        legal = view["you"]["legal"]
        move = ({"type": "play", "card": legal["cards"][0]} if legal["cards"]
                else {"type": "bid", "bid": "passe"})
        assert legal["cards"] or legal["bids"], view
        acted = await session.call_tool("table", {"action": "act", "move": move, **seat})
        assert not acted.is_error, acted.content[0].text
        assert acted.structured_content["events"]
    else:
        raise AssertionError("no deal was scored")
    entry = view["scoresheet"]["entries"][0]
    assert sum(entry["scores"]) == 0 and len(entry["scores"]) == 4
    events = await session.call_tool("table", {"action": "events", "since": 0, **seat})
    assert not events.is_error
    assert {"deal", "action", "scored"} <= {e["type"] for e in events.structured_content["events"]}
    wrong = await session.call_tool("table", {"action": "act", **seat,
                                              "move": {"type": "play", "card": "ZZ"}})
    assert wrong.is_error and "n'est pas une carte" in wrong.content[0].text
    gone = await session.call_tool("table", {**seat, "action": "view",
                                             "table_id": "nosuchtable"})
    assert gone.is_error and "« nosuchtable »" in gone.content[0].text
    assert not HTTP_WORDING.search(gone.content[0].text) and "/api" not in gone.content[0].text
    unknown = await session.call_tool("table", {"action": "fly"})
    assert unknown.is_error and "open, view, act, events" in unknown.content[0].text
    bad_players = await session.call_tool("table", {"action": "open", "players": "x"})
    assert bad_players.is_error and "entier" in bad_players.content[0].text


async def _prompts(session: ClientSession) -> None:
    """The four prompts, listed, and rendered in the session's language (French) and in
    English when asked, each naming the tools to use."""
    listed = {p.name for p in (await session.list_prompts()).prompts}
    assert listed == {"teach_me_tarot", "quiz_me", "referee_our_game", "analyse_my_deal"}
    tools = {"teach_me_tarot": "search_rules", "quiz_me": "quiz_question",
             "referee_our_game": "check_play", "analyse_my_deal": "find_mistakes"}
    for name, tool in tools.items():
        french = (await session.get_prompt(name)).messages[0].content
        english = (await session.get_prompt(name, {"lang": "en"})).messages[0].content
        assert french.type == english.type == "text"
        assert tool in french.text and tool in english.text
        assert FRENCH_WORDS.search(french.text) and "tarot" in english.text
        assert french.text != english.text


async def _facts(session: ClientSession) -> None:
    """Each question of ``facts`` answers as its endpoint does; a wrong request is a tool
    error in French naming the fields at fault, with an example of a right one."""
    client = create_app({"TESTING": True}).test_client()
    requests = {
        "auction": {"players": 4, "dealer": 3, "bids": ["passe", "petite", "garde", "passe"]},
        "chelem": {"players": 4, "dealer": 0, "taker": 2},
        "cut": {"at": 39},
        "plan": {"players": 5, "dealer": 0},
        "partie": {"names": ["Ana", "Ben", "Chloé", "Dan"], "deals": 3,
                   "entries": [{"taker": 1, "contract": "garde", "bouts": 2, "points": 49}]},
        "score_check": {"players": 4, "contract": "garde", "bouts": 3, "points": 10},
        "notes": {"taker_scores": [120, 60, -30], "gaps": [144, -10],
                  "attack_notes": [100], "defence_notes": [50, 30]},
    }
    for what, request in requests.items():
        answer = await session.call_tool("facts", {"what": what, "request": request,
                                                   "lang": "en"})
        assert not answer.is_error, (what, answer.content[0].text)
        method, path = FACTS[what]
        expected = (client.get(f"/api/v1{path}", query_string={**request, "lang": "en"})
                    if method == "GET" else client.post(f"/api/v1{path}?lang=en",
                                                        json=request))
        assert answer.structured_content == expected.get_json(), what
    wrong = await session.call_tool("facts", {"what": "auction", "request": {"players": 9}})
    assert wrong.is_error and "pas à 9" in wrong.content[0].text
    assert '"bids": ["passe"' in wrong.content[0].text  # an example of a right request
    unknown = await session.call_tool("facts", {"what": "weather", "request": {}})
    assert unknown.is_error and "auction, chelem" in unknown.content[0].text


async def _advice_lists_the_legal_cards(session: ClientSession) -> None:
    """advise_play's text lists every legal card, the advised one first, and says the others
    are not ranked (solve_position values them when every hand is known)."""
    from tutor.api.examples import ADVICE_PLAY

    for lang, said in (("en", "the advised one first"), ("fr", "la conseillée d'abord")):
        advice = await session.call_tool("advise_play", {**ADVICE_PLAY, "lang": lang})
        assert not advice.is_error
        answer = advice.structured_content
        line = next(t for t in advice.content[0].text.splitlines() if said in t)
        listed = line.rsplit(": ", 1)[1].rstrip(".").split(", ")
        assert listed[0] == answer["card"] and sorted(listed) == sorted(answer["legal_cards"])
        assert "solve_position" in line


def test_table_and_prompts() -> None:
    async def scenario(session: ClientSession) -> None:
        await _advice_lists_the_legal_cards(session)
        await _facts(session)
        await _table_played(session)
        await _prompts(session)

    _over_stdio(scenario, "--lang", "fr")
