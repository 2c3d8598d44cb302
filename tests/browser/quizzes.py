"""The browser quizzes' tests' helpers: a question's expected answer as the API marks it,
and the request a page sends to mark the reader's answer."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable
from typing import Any

ANSWER = "/api/v1/quiz/answer"


def _json(request: urllib.request.Request | str) -> Any:
    with urllib.request.urlopen(request) as answer:  # noqa: S310 (the test's own server)
        return json.load(answer)


def expected(base: str, kind: str, players: int, seed: int, lang: str) -> dict[str, Any]:
    """The question ``(kind, players, seed)`` as the API marks it: a placeholder answer's
    mark, whose ``answer`` is the expected one (GET /quiz/{kind} never shows it)."""
    shown = _json(f"{base}/api/v1/quiz/{kind}?players={players}&seed={seed}&lang={lang}")
    assert "answer" not in shown and "explanation" not in shown
    placeholder = {"play": {"cards": []}, "ecart": {"legal": True}, "bid": {"legal": True},
                   "count": {"points": 0}, "score": {"score": 0},
                   "trick": {"card": shown["position"].get("cards", [""])[0]},
                   "advice": {"card": shown["position"].get("hand", [""])[0]},
                   "choice": {"choice": (shown.get("choices") or [{"value": ""}])[0]["value"]},
                   }["choice" if "choices" in shown else kind]
    body = json.dumps({"kind": kind, "players": players, "seed": seed, **placeholder})
    marked = _json(urllib.request.Request(
        f"{base}{ANSWER}?lang={lang}", data=body.encode(), method="POST",
        headers={"Content-Type": "application/json"}))
    assert {key: marked[key] for key in shown} == shown
    return marked


_CITED = re.compile(r" \(([a-z][a-z0-9]*(?:\.[a-z0-9-]+)+)\)")


def as_read(text: str) -> str:
    """An explanation as the page shows it: each rule it cites by title, a link to the rule,
    without its id (quiz.js)."""
    return _CITED.sub("", text)


def answered(page, act: Callable[[], None]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Do ``act`` (the reader's answer) and return the request the page sent to POST
    /quiz/answer with the answer it got: the page marks nothing itself."""
    with page.page.expect_response(lambda r: r.url.split("?")[0].endswith(ANSWER)) as info:
        act()
    response = info.value
    assert response.request.method == "POST" and response.status == 200
    return response.request.post_data_json, response.json()
