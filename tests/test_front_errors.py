"""Every 4xx/5xx of the production server (``make serve``) is problem+json — the answers gunicorn
writes before Flask sees the request too — and a request that stops arriving gets a 408 within
``REQUEST_TIMEOUT``, never a connection held until the client gives up.

Requests are written on raw sockets: no HTTP client would send them.
"""

from __future__ import annotations

import json
import socket
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_server import LiveServer

from tutor.errors import PROBLEM_JSON
from tutor.security import SECURITY_HEADERS


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    database = tmp_path_factory.mktemp("front") / "tables.sqlite"
    live = LiveServer(f"sqlite:///{database}", prefix=f"front{uuid.uuid4().hex[:8]}",
                      extra_env={"REQUEST_TIMEOUT": "1", "TAROT_RATELIMIT_ENABLED": "0"})
    live.start()
    try:
        yield live
    finally:
        live.stop()


def _raw(server: LiveServer, data: bytes, *, wait: float = 20) -> tuple[int, dict[str, str],
                                                                        bytes]:
    with socket.create_connection(("127.0.0.1", server.port), timeout=wait) as sock:
        sock.sendall(data)
        received = b""
        while True:
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                pytest.fail(f"no answer within {wait} s: {received[:200]!r}")
            if not chunk:
                break
            received += chunk
            head, _, body = received.partition(b"\r\n\r\n")
            length = [int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length:")]
            if length and len(body) >= length[0]:
                break
    head, _, body = received.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, v in
               (line.split(":", 1) for line in lines[1:] if ":" in line)}
    return status, headers, body


def _assert_problem(answer: tuple[int, dict[str, str], bytes], status: int,
                    lang: str = "fr") -> dict[str, object]:
    got, headers, body = answer
    assert got == status, body[:300]
    assert headers["content-type"].startswith(PROBLEM_JSON)
    assert headers["content-language"] == lang
    for name, value in SECURITY_HEADERS.items():
        assert headers[name.lower()] == value
    problem = json.loads(body)
    assert problem["status"] == status and problem["title"] and problem["detail"]
    return problem


def test_a_malformed_request_line_is_problem_json(server: LiveServer) -> None:
    _assert_problem(_raw(server, b"THIS IS NOT HTTP\r\n\r\n"), 400)


def test_a_malformed_header_is_problem_json_in_the_readers_language(server: LiveServer) -> None:
    answer = _raw(server, b"GET /api/v1/rules HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n"
                          b"Bad Header Name: 1\r\n\r\n")
    problem = _assert_problem(answer, 400, "en")
    assert problem["title"] == "Bad request"


def test_too_many_headers_is_a_431_problem(server: LiveServer) -> None:
    headers = b"".join(b"X-Filler-%d: %s\r\n" % (i, b"y" * 50) for i in range(150))
    answer = _raw(server, b"GET /api/v1/rules HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n"
                  + headers + b"\r\n")
    problem = _assert_problem(answer, 431, "en")
    assert problem["type"].endswith(":headers-too-large")


def test_a_uri_too_long_is_problem_json(server: LiveServer) -> None:
    answer = _raw(server, b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    assert answer[0] == 414
    _assert_problem(answer, 414)


def test_a_body_shorter_than_its_length_gets_408(server: LiveServer) -> None:
    body = b'{"players": 4, "hand": ["KH"]'
    answer = _raw(server, b"POST /api/v1/check/play HTTP/1.1\r\nHost: x\r\n"
                          b"Content-Type: application/json\r\nAccept-Language: en\r\n"
                          b"Content-Length: 200\r\n\r\n" + body, wait=8)
    problem = _assert_problem(answer, 408, "en")
    assert problem["type"].endswith(":request-timeout")


def test_headers_that_stop_arriving_get_408(server: LiveServer) -> None:
    answer = _raw(server, b"GET /api/v1/rules HTTP/1.1\r\nHost: x\r\nX-Slow: ", wait=8)
    _assert_problem(answer, 408)


def test_the_server_still_answers_afterwards(server: LiveServer) -> None:
    status, headers, body = _raw(server, b"GET /api/v1/rules/play.follow-suit HTTP/1.1\r\n"
                                         b"Host: x\r\nConnection: close\r\n\r\n")
    assert status == 200 and json.loads(body)["id"] == "play.follow-suit"


def test_every_error_of_the_app_under_the_server_is_problem_json(server: LiveServer) -> None:
    for request in (b"GET /api/v1/nothing HTTP/1.1\r\nHost: x\r\n\r\n",
                    b"PUT /api/v1/rules HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
                    b"POST /api/v1/check/play HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain"
                    b"\r\nContent-Length: 2\r\n\r\nhi",
                    b"POST /api/v1/check/play HTTP/1.1\r\nHost: x\r\nContent-Type: "
                    b"application/json\r\nContent-Length: 1\r\n\r\n{",
                    b"GET /api/v1/tables/abcdefgh12 HTTP/1.1\r\nHost: x\r\n\r\n"):
        status, headers, body = _raw(server, request)
        assert 400 <= status < 600
        assert headers["content-type"].startswith(PROBLEM_JSON), request
        assert json.loads(body)["status"] == status


def test_a_worker_is_not_held_by_a_stalled_client(server: LiveServer) -> None:
    """Ten clients stall mid-body at once; the rules keep answering meanwhile."""
    stalled = []
    try:
        for _ in range(10):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            sock.sendall(b"POST /api/v1/check/play HTTP/1.1\r\nHost: x\r\nContent-Type: "
                         b"application/json\r\nContent-Length: 500\r\n\r\n{")
            stalled.append(sock)
        status, _, _ = _raw(server, b"GET /api/v1/rules/play.follow-suit HTTP/1.1\r\n"
                                    b"Host: x\r\nConnection: close\r\n\r\n", wait=5)
        assert status == 200
    finally:
        for sock in stalled:
            sock.close()


def test_the_readme_says_what_to_put_in_front() -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "## Operating it" in readme and "REQUEST_TIMEOUT" in readme
