"""HTTP benchmark of the API under gunicorn; prints one line per figure, ``NAME: VALUE UNIT``.

Starts ``gunicorn -w 2`` (sync workers, with :mod:`tutor.gunicorn_conf`) on a free port of
127.0.0.1, then drives it with ``wrk`` (Debian's package, installed with apt-get when missing),
32 connections for a bounded time per endpoint, a Lua script for the POST bodies and the
latency percentiles:

- ``POST /api/v1/ping`` — a trivial Flask JSON endpoint of the same app: the baseline;
- ``POST /api/v1/check/play`` — an 18-card hand facing a trumped trick (the overtrump path);
- ``POST /api/v1/score`` — a garde with a poignée and petit au bout.

For each: requests/s and p99 latency; then each endpoint's throughput as a fraction of the
trivial one (target: check/play ≥ 0.6, p99 ≤ 20 ms). The endpoints take turns in several
rounds (``--duration`` seconds each in all, split across ``--rounds``), and each figure is the
median over the rounds, so a neighbour's burst of CPU skews one round rather than one
endpoint. Only 127.0.0.1 is ever contacted.

    .venv/bin/python scripts/bench_http.py [--duration 10] [--rounds 5] [--connections 32]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any, Final

ROOT: Final = Path(__file__).resolve().parents[1]
HOST: Final = "127.0.0.1"

PLAY_BODY: Final = {
    "players": 4,
    "hand": ["2S", "5S", "9S", "QS", "KS", "3D", "7D", "CD", "1C", "4C", "JC",
             "T2", "T6", "T9", "T13", "T17", "T20", "EX"],
    "trick": ["5H", "T11"],
    "card": "T13",
}
SCORE_BODY: Final = {
    "players": 4, "contract": "garde", "bouts": 2, "points": 49, "petit_au_bout": "taker",
    "poignees": [{"camp": "taker", "level": "simple"}],
    "chelem": {"announced": False, "by": None}, "alone": False,
}
ENDPOINTS: Final = (
    ("ping", "/api/v1/ping", {}),
    ("check_play", "/api/v1/check/play", PLAY_BODY),
    ("score", "/api/v1/score", SCORE_BODY),
)

LUA: Final = """
wrk.method = "POST"
wrk.body = %(body)s
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept-Language"] = "fr"
local bad = 0
response = function(status, headers, body)
  if status ~= 200 then bad = bad + 1 end
end
done = function(summary, latency, requests)
  io.write(string.format(
    "RESULT {\\"requests\\": %%d, \\"duration_us\\": %%d, \\"p50_us\\": %%d, \\"p99_us\\": %%d, "
    .. "\\"errors\\": %%d}\\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    summary.errors.connect + summary.errors.read + summary.errors.write
      + summary.errors.status + summary.errors.timeout))
end
"""


def ensure_wrk() -> str:
    """The path of wrk, installing Debian's package when it is missing."""
    found = shutil.which("wrk")
    if found:
        return found
    print("# wrk missing: apt-get install -y wrk", file=sys.stderr)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", "install", "-y", "-qq", "wrk"]
    if subprocess.run(install, env=env, capture_output=True).returncode != 0:
        subprocess.run(["apt-get", "update", "-qq"], env=env, capture_output=True)
        subprocess.run(install, env=env, capture_output=True)
    found = shutil.which("wrk")
    if not found:
        sys.exit("wrk is not installed and could not be installed (apt-get install wrk)")
    return found


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def wait_until_up(url: str, process: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"gunicorn exited with code {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    sys.exit(f"gunicorn did not answer {url} within {timeout:.0f} s")


def run_wrk(wrk: str, url: str, body: dict[str, Any], *, duration: float, connections: int,
            threads: int) -> dict[str, int]:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(LUA % {"body": json.dumps(json.dumps(body))})
    try:
        command = [wrk, f"-t{threads}", f"-c{connections}", f"-d{duration:g}s",
                   "--timeout", "5s", "-s", script.name, url]
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=duration + 30)
    finally:
        os.unlink(script.name)
    for line in done.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    sys.exit(f"wrk gave no result:\n{done.stdout}\n{done.stderr}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=10.0,
                        help="seconds per endpoint, over all rounds")
    parser.add_argument("--rounds", type=int, default=5, help="turns taken by the endpoints")
    parser.add_argument("--warmup", type=float, default=1.0, help="seconds of warm-up each")
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--threads", type=int, default=1, help="wrk threads")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn sync workers")
    parser.add_argument("--app", default=os.environ.get("TAROT_BENCH_APP", "tutor:create_app()"))
    args = parser.parse_args()

    wrk = ensure_wrk()
    port = free_port()
    base = f"http://{HOST}:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "python:tutor.gunicorn_conf",
         "-w", str(args.workers), "-k", "sync",
         "-b", f"{HOST}:{port}", "--log-level", "warning", "--backlog", "2048", args.app],
        cwd=ROOT, start_new_session=True,
    )
    runs: dict[str, list[dict[str, int]]] = {name: [] for name, _, _ in ENDPOINTS}
    slice_ = args.duration / max(args.rounds, 1)
    try:
        wait_until_up(base + "/api/v1/ping", server)
        for _name, path, body in ENDPOINTS:
            if args.warmup > 0:
                run_wrk(wrk, base + path, body, duration=args.warmup,
                        connections=args.connections, threads=args.threads)
        for _ in range(max(args.rounds, 1)):
            for name, path, body in ENDPOINTS:
                runs[name].append(run_wrk(wrk, base + path, body, duration=slice_,
                                          connections=args.connections,
                                          threads=args.threads))
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()

    rates = {name: [r["requests"] / (r["duration_us"] / 1e6) for r in results]
             for name, results in runs.items()}
    for name, _path, _body in ENDPOINTS:
        print(f"http_{name}_rps: {statistics.median(rates[name]):.0f} req/s")
        p99 = statistics.median(r["p99_us"] for r in runs[name]) / 1000
        print(f"http_{name}_p99: {p99:.2f} ms")
        errors = sum(r["errors"] for r in runs[name])
        if errors:
            print(f"http_{name}_errors: {errors} requests")
    for name in ("check_play", "score"):
        # the ratio of each round (the two endpoints ran seconds apart), then the median
        ratios = [mine / trivial for mine, trivial in zip(rates[name], rates["ping"],
                                                          strict=True)]
        print(f"http_{name}_vs_trivial: {statistics.median(ratios):.2f} ratio")


if __name__ == "__main__":
    main()
