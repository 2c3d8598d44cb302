"""The ``table`` tool: a live table with robots, played or refereed from the chat.

One tool, four actions, each the HTTP endpoint's own code run in-process (the Flask test
client of the server's app, so the same parsing, rules, robots, store and errors):

* ``open`` — ``POST /tables`` (``players``, ``robots``: the robots' seats); answers the table
  id, the referee's token and the human seats' tokens (a chat keeps them and passes one back),
  and the first human seat's view;
* ``view`` — ``GET /tables/{id}`` with a token: the seat's hand, whose turn, its legal moves;
* ``act`` — ``POST /tables/{id}/actions``: ``move`` is the action's body; its ``seat`` and
  ``seq`` default to the token's seat and the table's current sequence number;
* ``events`` — ``GET /tables/{id}/events?since=``.

A refused call (an illegal move, a bad token, a wrong argument) is a tool error whose text is
the endpoint's problem, in the session's language.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from flask import Flask

from tutor.i18n import error_text

__all__ = ["TABLE_DESCRIPTION", "TABLE_SCHEMA", "TableError", "table_call"]

TABLE_DESCRIPTION: Final = (
    "A live table with robots. open: a token per human seat. view: its hand, turn, legal "
    "moves. act: move {type: bid|call|ecart|poignee|chelem|play, bid|card|cards}.")

TABLE_SCHEMA: Final[dict[str, Any]] = {
    "type": "object",
    "properties": {
        "action": {"enum": ["open", "view", "act", "events"]},
        "players": {"type": "integer", "minimum": 3, "maximum": 5},
        "robots": {"type": "array", "items": {"type": "integer"}, "description": "Seats."},
        "table_id": {"type": "string", "description": "From open."},
        "token": {"type": "string", "description": "A seat's, from open."},
        "move": {"type": "object", "description": "For act."},
        "since": {"type": "integer", "minimum": 0, "description": "For events."},
    },
    "required": ["action"],
}

_ACTIONS: Final = ("open", "view", "act", "events")


class TableError(Exception):
    """A call the table refused: its text says why, in the session's language."""


def _problem(body: Any) -> str:
    """A problem's text: its detail, then each field's message."""
    if not isinstance(body, Mapping):
        return str(body)[:500]
    lines = [str(body.get("detail") or body.get("title") or "")]
    for problem in body.get("errors") or ():
        if isinstance(problem, Mapping):
            where = str(problem.get("pointer") or problem.get("field") or "").lstrip("/")
            lines.append(f"{where}: {problem.get('message') or problem.get('detail') or ''}")
    return "\n".join(line for line in lines if line.strip())


def _answer(response: Any, status: int) -> dict[str, Any]:
    body = response.get_json(silent=True)
    path = response.request.path
    if response.status_code == 404 and "/tables/" in path:  # no table: no path in the text
        table_id = path.split("/tables/", 1)[1].split("/")[0]
        raise TableError("table_id: " + _problem(body).replace(path, f"« {table_id} »"))
    if response.status_code != status or not isinstance(body, dict):
        raise TableError(_problem(body))
    return body


def _needs(arguments: Mapping[str, Any], *names: str) -> None:
    for name in names:
        if not isinstance(arguments.get(name), str) or not arguments[name]:
            raise TableError(f"{name}: " + error_text("field-required"))


def summary(view: Mapping[str, Any]) -> dict[str, Any]:
    """What a chat reads of a seat's view: turn, phase, hand, the trick, legal moves, score."""
    deal = view.get("deal") or {}
    you = view.get("you") or {}
    legal = {key: value for key, value in (you.get("legal") or {}).items()
             if value and key != "why_allowed"}
    return {"seq": view.get("seq"), "over": view.get("over"), "to_move": view.get("to_move"),
            "you": you.get("seat"), "phase": deal.get("phase"), "contract": deal.get("contract"),
            "taker": deal.get("taker"), "hand": deal.get("hand"), "trick": deal.get("trick"),
            "legal": legal, "totals": (view.get("scoresheet") or {}).get("totals")}


def table_call(app: Flask, arguments: Mapping[str, Any], language: str,
               ) -> tuple[dict[str, Any], str]:
    """Answer one ``table`` call: ``(structured content, text)``; :class:`TableError` when
    refused."""
    action = arguments.get("action")
    unknown = sorted(set(arguments) - set(TABLE_SCHEMA["properties"]))
    with app.test_request_context("/", query_string={"lang": language}):
        if unknown:
            raise TableError(f"{unknown[0][:40]}: " + error_text(
                "unknown-field", field=unknown[0][:40],
                allowed=", ".join(TABLE_SCHEMA["properties"])))
        if action not in _ACTIONS:
            raise TableError("action: " + error_text(
                "unknown-field", field=str(action)[:40], allowed=", ".join(_ACTIONS)))
        if action != "open":
            _needs(arguments, "table_id", "token")
    client = app.test_client()
    query = {"lang": language}
    if action == "open":
        body = {"players": arguments.get("players", 4), "bots": arguments.get("robots", [])}
        created = _answer(client.post("/api/v1/tables", json=body, query_string=query), 201)
        humans = [s for s in created["seat_tokens"] if not s["bot"]]
        payload = {"table_id": created["id"], "referee_token": created["referee_token"],
                   "seats": [{k: s[k] for k in ("seat", "name", "token")} for s in humans]}
        if humans:
            view = _answer(client.get(f"/api/v1/tables/{created['id']}", query_string=query,
                                      headers=_bearer(humans[0]["token"])), 200)
            payload["view"] = summary(view)
        return payload, json.dumps(payload, ensure_ascii=False)
    path = f"/api/v1/tables/{arguments['table_id']}"
    headers = _bearer(arguments["token"])
    if action == "view":
        view = _answer(client.get(path, query_string=query, headers=headers), 200)
        return view, json.dumps(summary(view), ensure_ascii=False)
    if action == "events":
        since = arguments.get("since", 0)
        events = _answer(client.get(path + "/events", headers=headers,
                                    query_string={**query, "since": since}), 200)
        return events, json.dumps(events["events"], ensure_ascii=False)[:4000]
    move = arguments.get("move")
    if not isinstance(move, Mapping):
        with app.test_request_context("/", query_string={"lang": language}):
            raise TableError("move: " + error_text("field-required"))
    move = dict(move)
    if "seat" not in move or "seq" not in move:
        view = _answer(client.get(path, query_string=query, headers=headers), 200)
        move.setdefault("seq", view["seq"])
        if (view.get("you") or {}).get("seat") is not None:
            move.setdefault("seat", view["you"]["seat"])
    acted = _answer(client.post(path + "/actions", json=move, query_string=query,
                                headers=headers), 201)
    view = _answer(client.get(path, query_string=query, headers=headers), 200)
    payload = {"seq": acted["seq"], "events": acted["events"], "view": summary(view)}
    return payload, json.dumps(payload["view"], ensure_ascii=False)


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
