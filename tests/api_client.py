"""Asking the JSON API through Flask's test client in tests: a POST in a language, checked to
answer in it, the body of a 200, and the problem+json body of a 422."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient


def post_in(client: FlaskClient, url: str, body: Any, lang: str) -> Any:
    """POST ``body`` to ``url?lang=…``; the answer must speak that language."""
    response = client.post(f"{url}?lang={lang}", json=body)
    assert response.headers["Content-Language"] == lang
    return response


def ask(client: FlaskClient, path: str, body: Any, lang: str) -> dict[str, Any]:
    """The 200 answer of ``POST /api/v1<path>`` in ``lang``."""
    response = post_in(client, f"/api/v1{path}", body, lang)
    assert response.status_code == 200, response.get_json()
    payload: dict[str, Any] = response.get_json()
    return payload


def problem(response: Any) -> dict[str, Any]:
    """The body of a 422, which must be problem+json."""
    assert response.status_code == 422, response.get_json()
    assert response.mimetype == "application/problem+json"
    body: dict[str, Any] = response.get_json()
    return body
