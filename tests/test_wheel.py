"""The wheel as a user installs it: built from the checkout's files, installed in a fresh
virtualenv outside the checkout (no access to the repository's folders, no editable paths),
then asked in English. An editable install hides missing package data; this does not: no
compiled catalog and the English answers come back in French, no scenarios and the rules lose
their worked examples.

The dependencies come from a wheelhouse kept in ``.venv/wheelhouse`` (filled from the package
index the first time), so later runs install offline in seconds.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
WHEELHOUSE = REPO / ".venv" / "wheelhouse"

FRENCH_WORDS = r"\b(le|la|les|de|du|des|et|est|roi|cœur|coeur|atout|pli|carte|jouer|vous)\b"

CHECKS = textwrap.dedent('''
    import json, re, sys
    from pathlib import Path
    import tutor
    from tutor import create_app

    here = Path(tutor.__file__).resolve()
    assert "site-packages" in here.parts, here
    client = create_app({"TESTING": True}).test_client()
    play = client.post("/api/v1/check/play?lang=en", json={
        "players": 4, "hand": ["7H", "KH", "T3", "EX", "2S"], "trick": ["5H"], "card": "T3"})
    rule = client.get("/api/v1/rules/play.follow-suit?lang=en")
    french_rule = client.get("/api/v1/rules/play.follow-suit?lang=fr")
    print(json.dumps({"play": play.get_json(), "play_language": play.headers["Content-Language"],
                      "rule": rule.get_json(), "french_title": french_rule.get_json()["title"],
                      "file": str(here)}))
''')


def _run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run([str(c) for c in command], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _checkout_copy(target: Path) -> Path:
    """The files a clone would hold (tracked, or new and not ignored): a wheel built from the
    working tree could pick up stale build output or compiled catalogs a clone lacks."""
    listed = _run("git", "ls-files", "--cached", "--others", "--exclude-standard", "-z",
                  cwd=REPO)
    for name in filter(None, listed.split("\0")):
        source = REPO / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "PYTHONDONTWRITEBYTECODE")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``bin/`` of a fresh virtualenv with the wheel installed."""
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("needs a git checkout to know its files")
    work = tmp_path_factory.mktemp("wheel")
    source = _checkout_copy(work / "src")
    _run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
         "-w", work / "dist", source, cwd=work)
    (wheel,) = (work / "dist").glob("tarot_tutor-*.whl")
    # A virtualenv without pip of its own (ensurepip is a third of this fixture's time): the
    # suite's pip installs into it (``--python``), the same install a user's pip makes.
    # ``--no-compile``: the tests import a small part of the dependencies, compiled as they
    # are imported (_clean_env lets Python write their bytecode), not all 60 packages first.
    _run(sys.executable, "-m", "venv", "--without-pip", work / "venv", cwd=work)
    pip = [sys.executable, "-m", "pip", "--python", work / "venv" / "bin" / "python",
           "install", "-q", "--no-compile"]
    WHEELHOUSE.mkdir(parents=True, exist_ok=True)
    offline = subprocess.run([*map(str, pip), "--no-index", "--find-links", str(WHEELHOUSE),
                              str(wheel)], cwd=work, env=_clean_env(), capture_output=True)
    if offline.returncode != 0:  # first run: fill the wheelhouse, then install from it
        _run(sys.executable, "-m", "pip", "download", "-q", "-d", WHEELHOUSE, wheel, cwd=work)
        for copy in WHEELHOUSE.glob("tarot_tutor-*.whl"):  # only the dependencies stay:
            copy.unlink()  # a stale copy of the project would hide its new requirements
        _run(*pip, "--no-index", "--find-links", WHEELHOUSE, wheel, cwd=work, env=_clean_env())
    return work / "venv" / "bin"


@pytest.fixture(scope="module")
def answers(installed: Path, tmp_path_factory: pytest.TempPathFactory) -> dict:
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    return json.loads(_run(installed / "python", "-c", CHECKS, cwd=elsewhere,
                           env=_clean_env()))


def test_wheel_runs_from_its_own_files(answers: dict) -> None:
    assert not answers["file"].startswith(str(REPO))


def test_installed_explanation_is_english(answers: dict) -> None:
    import re

    play = answers["play"]
    assert answers["play_language"] == "en"
    assert play["legal"] is False and play["violations"][0]["code"] == "must-follow-suit"
    explanation = play["explanation"] + " " + play["violations"][0]["message"]
    assert "hearts" in explanation
    assert not re.search(FRENCH_WORDS, explanation, re.IGNORECASE), explanation


def test_installed_rule_has_its_worked_examples(answers: dict) -> None:
    rule = answers["rule"]
    assert rule["title"] != answers["french_title"]  # translated: the catalogs are compiled
    assert rule["examples"] and rule["examples"][0]["steps"]
    assert "Tarotman" in rule["sources"]


def test_installed_tarot_mcp_answers_a_tool_call(installed: Path,
                                                  tmp_path_factory: pytest.TempPathFactory
                                                  ) -> None:
    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client
    from test_mcp import run_async

    elsewhere = tmp_path_factory.mktemp("mcp-elsewhere")

    async def call() -> tuple[bool, str, dict]:
        with anyio.fail_after(120):
            params = StdioServerParameters(command=str(installed / "tarot-mcp"),
                                           cwd=elsewhere, env=_clean_env())
            async with stdio_client(params) as (read, write), \
                    ClientSession(read, write) as session:
                await session.initialize()
                result = await session.call_tool("check_play", {
                    "players": 4, "hand": ["7H", "KH", "T3", "EX", "2S"], "trick": ["5H"],
                    "card": "T3", "lang": "en"})
                return bool(result.is_error), result.content[0].text, result.structured_content

    is_error, text, content = run_async(call)
    assert not is_error and content["legal"] is False
    assert "king of hearts" in text and "play.follow-suit" in text


def test_installed_server_serves_with_one_command(installed: Path,
                                                   tmp_path_factory: pytest.TempPathFactory
                                                   ) -> None:
    """``tarot serve`` from the wheel (the README's "Serving from an installed wheel"): the
    API answers, and the tables' SQLite file goes to the environment's instance folder,
    ``<prefix>/var/tutor-instance/tarot.sqlite3``, not the working directory."""
    import signal
    import time
    import urllib.request

    from live_server import free_port

    elsewhere = tmp_path_factory.mktemp("serve-elsewhere")
    port = free_port()
    env = {k: v for k, v in _clean_env().items()
           if k not in ("DATABASE_URL", "REDIS_URL", "PORT", "HOST", "WEB_CONCURRENCY")}
    server = subprocess.Popen([str(installed / "tarot"), "serve", "--port", str(port)],
                              cwd=elsewhere, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        version = None
        while version is None:
            assert server.poll() is None, server.stderr.read().decode()[-3000:]  # type: ignore[union-attr]
            assert time.monotonic() < deadline, "tarot serve did not answer in 60 s"
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/version",
                                            timeout=5) as answer:
                    version = json.load(answer)
            except OSError:
                time.sleep(0.2)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/ready", timeout=10) as answer:
            ready = json.load(answer)
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(10)
    metadata = _run(installed / "python", "-c", "from importlib import metadata; "
                    "print(metadata.version('tarot-tutor'))", cwd=elsewhere, env=_clean_env())
    assert version == {"version": metadata.strip(), "api_version": "1",
                       "rules_date": "2012-07-01"}
    assert ready["checks"] == {"database": "ok"}
    assert (installed.parent / "var" / "tutor-instance" / "tarot.sqlite3").is_file()
    assert not list(elsewhere.iterdir())  # nothing written where the command ran
