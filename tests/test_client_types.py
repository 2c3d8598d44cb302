"""Clients generated from the served OpenAPI document compile and work (issue 26, item 5).

* **TypeScript**: openapi-typescript (pinned with TypeScript in ``tests/ts/package.json`` and
  its lockfile, installed by ``npm ci`` into ``tests/ts/node_modules`` with npm's cache in
  ``.venv/npm-cache``) writes the types of the document; the README's own ``/check/play`` and
  ``/score`` requests, and a few typed answers (a score without a partner, a nullable camp, a
  quiz position), compile under ``tsc --strict``. A request member with a ``default`` would
  be required there: that is what this catches.
* **Python**: openapi-python-client (pinned in pyproject's ``test`` extra) writes a client
  package, and five operations are called through it against the real server (gunicorn, as
  ``make serve`` runs it): the answers parse into the generated models.

Nothing is skipped: without npm, or when ``npm ci`` cannot install the pinned tools, the test
fails and says so.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tutor import create_app

sys.path.insert(0, str(Path(__file__).resolve().parent))
from live_server import LiveServer  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TS = ROOT / "tests" / "ts"
BIN = Path(sys.executable).parent

_README_REQUEST = re.compile(
    r"curl -s localhost:5000/api/v1/(?P<path>[\w/-]+) -H 'Content-Type: application/json' "
    r"\\\n\s*-d '(?P<body>[^']*)'")


def readme_requests() -> dict[str, Any]:
    """``{path: body}`` of the README's curl examples (``check/play``, ``score``)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return {m["path"]: json.loads(m["body"]) for m in _README_REQUEST.finditer(text)}


@pytest.fixture(scope="module")
def document_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    app = create_app({"TESTING": True})
    document = app.test_client().get("/api/v1/openapi.json").get_json()
    path = tmp_path_factory.mktemp("openapi") / "tarot-openapi.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def _npm_ci() -> None:
    """``npm ci`` in tests/ts, unless its node_modules already holds the locked versions."""
    npm = shutil.which("npm")
    assert npm, "npm is not installed: the TypeScript client test needs node 20 and npm"
    installed = TS / "node_modules" / ".package-lock.json"
    lock = TS / "package-lock.json"
    if installed.exists() and installed.stat().st_mtime >= lock.stat().st_mtime and all(
            (TS / "node_modules" / ".bin" / tool).exists()
            for tool in ("openapi-typescript", "tsc")):
        return
    done = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--cache", str(ROOT / ".venv" / "npm-cache")],
        cwd=TS, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, ("npm ci could not install openapi-typescript and typescript "
                                  f"(tests/ts/package-lock.json):\n{done.stderr[-3000:]}")


_CHECKS = """\
import type { components, paths } from "./api";

type Body<P extends keyof paths> = paths[P] extends {
  post: { requestBody?: { content: { "application/json": infer B } } };
} ? B : never;
type Schemas = components["schemas"];

// The README's own requests, as written there.
export const play: Body<"/api/v1/check/play"> = %(play)s;
export const score: Body<"/api/v1/score"> = %(score)s;

// Answers typed as the service gives them.
export const fourPlayers: Schemas["Scores"] = { taker: 318, defender: -106 };
export const noPetit: Schemas["ScoreRequest"]["petit_au_bout"] = null;
export const camp: Schemas["Camp"] = "defense";
export const position: Schemas["QuizResponse"]["position"] = { players: 4, cards: ["KH"] };
export const lang: Schemas["Lang"] = "en";
export const version: Schemas["Version"] = {
  version: "0.1.0", api_version: "1", rules_date: "2012-07-01",
};
"""


def test_typescript_client_compiles_the_readme_requests(document_file: Path,
                                                        tmp_path: Path) -> None:
    requests = readme_requests()
    assert set(requests) >= {"check/play", "score"}, requests
    _npm_ci()
    tools = TS / "node_modules" / ".bin"
    generated = subprocess.run(
        [str(tools / "openapi-typescript"), str(document_file), "-o", str(tmp_path / "api.ts")],
        capture_output=True, text=True, timeout=60)
    assert generated.returncode == 0, generated.stderr[-3000:]
    (tmp_path / "checks.ts").write_text(_CHECKS % {
        "play": json.dumps(requests["check/play"]), "score": json.dumps(requests["score"])},
        encoding="utf-8")
    compiled = subprocess.run(
        [str(tools / "tsc"), "--strict", "--noEmit", "--target", "es2020", "--module",
         "esnext", "--moduleResolution", "bundler", str(tmp_path / "checks.ts")],
        capture_output=True, text=True, timeout=120)
    assert compiled.returncode == 0, compiled.stdout[-3000:] + compiled.stderr[-1000:]


def test_python_client_calls_five_operations(document_file: Path, tmp_path: Path) -> None:
    generator = BIN / "openapi-python-client"
    assert generator.exists(), "openapi-python-client is pinned in pyproject's test extra"
    out = tmp_path / "tarot_client"
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    generated = subprocess.run(
        [str(generator), "generate", "--path", str(document_file), "--output-path", str(out),
         "--meta", "none"], capture_output=True, text=True, timeout=120, env=env)
    assert generated.returncode == 0, generated.stdout[-3000:] + generated.stderr[-3000:]
    sys.path.insert(0, str(tmp_path))
    try:
        _call_five(tmp_path)
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m.split(".")[0] == "tarot_client"]:
            del sys.modules[name]


def _call_five(tmp_path: Path) -> None:
    from tarot_client import Client
    from tarot_client.api.check import check_play
    from tarot_client.api.count import count
    from tarot_client.api.meta import get_version
    from tarot_client.api.rules import get_rule
    from tarot_client.api.score import score
    from tarot_client.models import (
        CountRequest,
        Lang,
        PlayRequest,
        PlayResponse,
        Rule,
        ScoreRequest,
        ScoreResponse,
        Version,
    )
    from tarot_client.types import UNSET

    requests = readme_requests()
    with LiveServer(f"sqlite:///{tmp_path}/tables.db", prefix="client-types",
                    workers=1) as server:
        client = Client(base_url=server.base, raise_on_unexpected_status=True)
        played = check_play.sync(client=client, body=PlayRequest.from_dict(
            requests["check/play"]), lang=Lang.EN)
        assert isinstance(played, PlayResponse) and played.legal is False
        assert played.legal_cards == ["7H", "KH", "EX"]
        scored = score.sync(client=client, body=ScoreRequest.from_dict(requests["score"]))
        assert isinstance(scored, ScoreResponse)
        assert (scored.scores.taker, scored.scores.defender) == (258, -86)
        assert scored.scores.partner is UNSET  # four players: no partner
        counted = count.sync(client=client, body=CountRequest.from_dict(
            {"cards": ["KH", "T21", "EX"]}))
        assert counted is not None and counted.to_dict()["points"] == 13.5
        rule = get_rule.sync("play.overtrump", client=client, lang=Lang.EN)
        assert isinstance(rule, Rule) and rule.id == "play.overtrump"
        version = get_version.sync(client=client)
        assert isinstance(version, Version) and version.api_version == "1"
