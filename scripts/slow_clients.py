"""What slow clients cost ``make serve``: one worker with ``WORKER_CONNECTIONS`` slots, 100
clients sending a request body a byte every 2 s, and how long a normal request waits
meanwhile (the README's *Connections per worker* figures come from this script).

    .venv/bin/python scripts/slow_clients.py [--deadline 10] [--connections 100 1000]
"""

from __future__ import annotations

import argparse
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from live_server import LiveServer  # noqa: E402

SCORE = b'{"players": 4, "contract": "garde", "bouts": 2, "points": 49}'
POST = (b"POST /api/v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Connection: close\r\nContent-Length: %d\r\n\r\n" % len(SCORE))
SLOW_CLIENTS = 100


def _slow(port: int, answers: list[bytes]) -> None:
    """A body a byte every 2 s, until the server answers (its status line) or drops us."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
            sock.sendall(POST + SCORE[:1])
            sock.settimeout(2)
            for i in range(1, len(SCORE)):
                try:
                    answers.append(sock.recv(100)[:12])
                    return
                except TimeoutError:
                    sock.sendall(SCORE[i:i + 1])
    except OSError as error:
        answers.append(repr(error)[:30].encode())


def _normal(port: int) -> float:
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
        sock.sendall(POST + SCORE)
        while sock.recv(65536):
            pass
    return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deadline", type=float, default=10.0)
    parser.add_argument("--connections", type=int, nargs="+", default=[100, 1000])
    args = parser.parse_args()
    for connections in args.connections:
        database = Path(tempfile.mkdtemp()) / "tables.sqlite"
        server = LiveServer(f"sqlite:///{database}", prefix="slow", workers=1, extra_env={
            "WORKER_CONNECTIONS": str(connections), "REQUEST_DEADLINE": str(args.deadline),
            "TAROT_RATELIMIT_ENABLED": "0"}).start()
        try:
            answers: list[bytes] = []
            threads = [threading.Thread(target=_slow, args=(server.port, answers))
                       for _ in range(SLOW_CLIENTS)]
            start = time.monotonic()
            for thread in threads:
                thread.start()
            time.sleep(1.5)
            waits = [_normal(server.port) for _ in range(5)]
            for thread in threads:
                thread.join(args.deadline + 60)
            print(f"WORKER_CONNECTIONS={connections} REQUEST_DEADLINE={args.deadline:g}: "
                  f"{SLOW_CLIENTS} slow bodies; 5 normal requests took "
                  f"{', '.join(f'{w:.2f}' for w in waits)} s; the slow ones got "
                  f"{sorted({a.decode('latin-1') for a in answers})} "
                  f"after {time.monotonic() - start:.1f} s")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
