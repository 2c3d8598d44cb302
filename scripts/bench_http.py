"""HTTP benchmark of the API under gunicorn; prints one line per figure, ``NAME: VALUE UNIT``.

Starts two gunicorn servers the same way (``-w 2`` sync workers, :mod:`tutor.gunicorn_conf`,
free ports of 127.0.0.1): the tutor, and a trivial Flask + marshmallow app
(``scripts/bench_trivial_app.py``) as the floor the framework allows on this machine. Then
``wrk`` (Debian's package, installed with apt-get when missing) drives them with 32
connections, a Lua script for the POST bodies and the latency percentiles:

- ``POST /trivial`` — the trivial app: the same body as check/play, loaded by marshmallow;
- ``POST /api/v1/ping`` — the tutor's own trivial endpoint (what the app's hooks cost);
- ``POST /api/v1/check/play`` — an 18-card hand facing a trumped trick (the overtrump path);
- ``POST /api/v1/score`` — a garde with a poignée and petit au bout.

For each: requests/s and p99 latency; then check/play's and score's throughput as a fraction
of the trivial app's (targets: ≥ 0.8, p99 ≤ 20 ms). The endpoints take turns in several rounds
(``--duration`` seconds each in all, split across ``--rounds``), and each figure is the median
over the rounds, so a neighbour's burst of CPU skews one round rather than one endpoint.

Start-up is the time from spawning gunicorn to the first 200 of a real request (the trivial
app's POST, the tutor's check/play: whatever it loads lazily is paid inside that time), on an
empty database and again on a restart; each is the median of ``--starts`` tries, the two apps
started one after the other with nothing else running. Memory is each worker's resident set
(RSS) and proportional set (PSS, its share of pages shared with the master and the other
worker) after the load. Only 127.0.0.1 is ever contacted.

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
TRIVIAL_APP: Final = "bench_trivial_app:create_app()"
TUTOR_APP: Final = "tutor:create_app()"
ENDPOINTS: Final = (
    # (name, server, path, body): "trivial" is the other app, the rest the tutor
    ("trivial", "trivial", "/trivial", PLAY_BODY),
    ("ping", "tutor", "/api/v1/ping", {}),
    ("check_play", "tutor", "/api/v1/check/play", PLAY_BODY),
    ("score", "tutor", "/api/v1/score", SCORE_BODY),
)
FIRST_REQUEST: Final = {"trivial": ("/trivial", PLAY_BODY),
                        "tutor": ("/api/v1/check/play", PLAY_BODY)}
"""The request whose first 200 ends a start-up: a real one, so lazy loading is paid in it."""

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


def post_json(url: str, body: dict[str, Any]) -> int:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as response:
        return int(response.status)


def wait_until_up(url: str, body: dict[str, Any], process: subprocess.Popen[bytes],
                  timeout: float = 60.0) -> None:
    """Poll ``url`` with ``body`` until it answers 200."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"gunicorn exited with code {process.returncode}")
        try:
            if post_json(url, body) == 200:
                return
        except OSError:
            time.sleep(0.02)
    sys.exit(f"gunicorn did not answer {url} within {timeout:.0f} s")


def start_server(app: str, port: int, workers: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """gunicorn with sync workers and the tutor's config, whichever app it serves."""
    return subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "python:tutor.gunicorn_conf",
         "-w", str(workers), "-k", "sync", "--pythonpath", str(ROOT / "scripts"),
         "-b", f"{HOST}:{port}", "--log-level", "warning", "--backlog", "2048", app],
        cwd=ROOT, start_new_session=True, env=env,
    )


def stop_server(server: subprocess.Popen[bytes]) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def start_up_seconds(name: str, app: str, workers: int, env: dict[str, str]) -> float:
    """Seconds from spawning gunicorn to the first 200 of the app's real request."""
    port = free_port()
    path, body = FIRST_REQUEST[name]
    began = time.perf_counter()
    server = start_server(app, port, workers, env)
    try:
        wait_until_up(f"http://{HOST}:{port}{path}", body, server)
        return time.perf_counter() - began
    finally:
        stop_server(server)


def worker_memory_mib(server: subprocess.Popen[bytes]) -> list[tuple[float, float]]:
    """(RSS, PSS) in MiB of each worker of a gunicorn master (Linux /proc)."""
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
    found = []
    for pid in children:
        fields = {}
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
            key, _, rest = line.partition(":")
            fields[key] = int(rest.split()[0])
        found.append((fields["Rss"] / 1024, fields["Pss"] / 1024))
    return found


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
    parser.add_argument("--starts", type=int, default=3, help="start-ups timed per app")
    args = parser.parse_args()

    wrk = ensure_wrk()
    folder = tempfile.mkdtemp(prefix="bench-http-")
    apps = {"trivial": TRIVIAL_APP, "tutor": TUTOR_APP}

    def env_with(database: str) -> dict[str, str]:
        return {**os.environ, "DATABASE_URL": f"sqlite:///{folder}/{database}.db"}

    # start-ups first, each app alone on the machine: empty database, then a restart
    starts: dict[str, list[float]] = {"trivial": [], "tutor_first_boot": [], "tutor": []}
    for attempt in range(max(args.starts, 1)):
        starts["trivial"].append(
            start_up_seconds("trivial", TRIVIAL_APP, args.workers, env_with("trivial")))
        starts["tutor_first_boot"].append(
            start_up_seconds("tutor", TUTOR_APP, args.workers, env_with(f"boot{attempt}")))
        starts["tutor"].append(
            start_up_seconds("tutor", TUTOR_APP, args.workers, env_with(f"boot{attempt}")))

    ports = {name: free_port() for name in apps}
    servers = {name: start_server(app, ports[name], args.workers, env_with("load"))
               for name, app in apps.items()}
    runs: dict[str, list[dict[str, int]]] = {name: [] for name, _, _, _ in ENDPOINTS}
    slice_ = args.duration / max(args.rounds, 1)
    memory: dict[str, list[tuple[float, float]]] = {}
    try:
        for name, server in servers.items():
            path, body = FIRST_REQUEST[name]
            wait_until_up(f"http://{HOST}:{ports[name]}{path}", body, server)

        def url(server: str, path: str) -> str:
            return f"http://{HOST}:{ports[server]}{path}"

        for _name, server, path, body in ENDPOINTS:
            if args.warmup > 0:
                run_wrk(wrk, url(server, path), body, duration=args.warmup,
                        connections=args.connections, threads=args.threads)
        for _ in range(max(args.rounds, 1)):
            for name, server, path, body in ENDPOINTS:
                runs[name].append(run_wrk(wrk, url(server, path), body, duration=slice_,
                                          connections=args.connections,
                                          threads=args.threads))
        memory = {name: worker_memory_mib(server) for name, server in servers.items()}
    finally:
        for server in servers.values():
            stop_server(server)

    rates = {name: [r["requests"] / (r["duration_us"] / 1e6) for r in results]
             for name, results in runs.items()}
    for name, _server, _path, _body in ENDPOINTS:
        print(f"http_{name}_rps: {statistics.median(rates[name]):.0f} req/s")
        p99 = statistics.median(r["p99_us"] for r in runs[name]) / 1000
        print(f"http_{name}_p99: {p99:.2f} ms")
        errors = sum(r["errors"] for r in runs[name])
        if errors:
            print(f"http_{name}_errors: {errors} requests")
    for name in ("ping", "check_play", "score"):
        # the ratio of each round (the two endpoints ran seconds apart), then the median
        ratios = [mine / trivial for mine, trivial in zip(rates[name], rates["trivial"],
                                                          strict=True)]
        print(f"http_{name}_vs_trivial: {statistics.median(ratios):.2f} ratio")
    for name, seconds in starts.items():
        print(f"startup_{name}: {statistics.median(seconds):.2f} s")
    trivial_start = statistics.median(starts["trivial"])
    for name in ("tutor", "tutor_first_boot"):
        print(f"startup_{name}_vs_trivial: "
              f"{statistics.median(starts[name]) / trivial_start:.2f} ratio")
    for name, workers in memory.items():
        for number, (rss, pss) in enumerate(workers, start=1):
            print(f"memory_{name}_worker{number}_rss: {rss:.1f} MiB")
            print(f"memory_{name}_worker{number}_pss: {pss:.1f} MiB")


if __name__ == "__main__":
    main()
