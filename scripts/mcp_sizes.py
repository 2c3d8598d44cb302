"""How much a chatbot's context pays for the MCP server: ``tools/list`` and the answers of the
rule tools, measured through the SDK's own client over stdio (``tarot-mcp``), as characters of
JSON (what a client puts in the model's context).

    .venv/bin/python scripts/mcp_sizes.py

The README's figures come from this script.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

BIN = Path(sys.executable).parent

CALLS: list[tuple[str, str, dict[str, Any]]] = [
    ("search_rules (two oudlers)", "search_rules",
     {"q": "how many points do I need with two oudlers", "lang": "en"}),
    ("search_rules (no q)", "search_rules", {"lang": "en"}),
    ("search_rules (topic play)", "search_rules", {"topic": "play", "lang": "en"}),
    ("read_rule play.overtrump", "read_rule", {"rule_id": "play.overtrump", "lang": "en"}),
    ("read_rule score.targets", "read_rule", {"rule_id": "score.targets", "lang": "en"}),
]


def _size(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False))


async def measure() -> list[tuple[str, int, int]]:
    script = BIN / "tarot-mcp"
    params = StdioServerParameters(command=str(script), args=[], env={"PYTHONUNBUFFERED": "1"})
    rows: list[tuple[str, int, int]] = []
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        listed = await session.list_tools()
        rows.append(("tools/list", _size(listed.model_dump(mode="json", by_alias=True,
                                                          exclude_none=True)), 0))
        for label, name, arguments in CALLS:
            result = await session.call_tool(name, arguments)
            text = sum(len(c.text) for c in result.content if hasattr(c, "text"))
            rows.append((label, text, _size(result.structured_content)))
    return rows


def main() -> None:
    rows = anyio.run(measure)
    print(f"{'what':32} {'text':>10} {'structured':>12}")
    for label, text, structured in rows:
        print(f"{label:32} {text:>10,} {structured:>12,}")


if __name__ == "__main__":
    main()
