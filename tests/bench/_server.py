"""What the load benchmarks share: the site's commands, a free port, a throw-away PostgreSQL and Redis
(``tests/pg_server.sh``, ``tests/redis_server.sh``), gunicorn started and waited for, the machine's CPU
pressure (imported by bench_load.py, bench_live.py and bench_cluster.py, which run as scripts, and by the
cross-node test)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PY = sys.executable
HOST = "127.0.0.1"
#: The version a page's form sends back (a result's, a live board's): what the page showed.
VERSION_INPUT = re.compile(r'name="version" value="(\d+)"')


class NoAnswer(RuntimeError):
    """A write was sent and its answer never came (its node stopped mid-request): it may be stored or not,
    and the client looks (or sends it again) as a person would. Raised only by the cluster bench's clients."""


def log(message: str) -> None:
    print(message, flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def manage(env: dict, *args: str) -> None:
    done = subprocess.run(
        [PY, str(REPO / "manage.py"), *args], cwd=REPO, env=env, capture_output=True, text=True, timeout=600
    )
    if done.returncode != 0:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")


def _throw_away(script: str, action: str, port_variable: str, port: str) -> str:
    """``tests/<script> start|stop`` on ``port``: what it printed last (the URL after a start)."""
    done = subprocess.run(
        ["bash", str(REPO / "tests" / script), action],
        env={**os.environ, port_variable: str(port)},
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode != 0 and action == "start":
        raise SystemExit(f"tests/{script} start failed: {done.stderr}")
    return (done.stdout.strip().splitlines() or [""])[-1]


def start_postgres(port: str) -> str:
    """A fresh PostgreSQL on ``port`` (Debian's, installed if missing); its DATABASE_URL."""
    return _throw_away("pg_server.sh", "start", "PGPORT", port)


def stop_postgres(port: str) -> None:
    _throw_away("pg_server.sh", "stop", "PGPORT", port)


def postmaster_pid(port: str) -> int | None:
    """The process id of the PostgreSQL that ``tests/pg_server.sh`` started on ``port`` (its backends are its
    children), or None."""
    try:
        return int((Path(f"/tmp/vielseitig-pg-{port}") / "data" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def start_redis(port: str) -> str:
    """A fresh Redis on ``port`` (Debian's redis-server, installed if missing); its URL."""
    return _throw_away("redis_server.sh", "start", "REDISPORT", port)


def redis_pid(port: str) -> int | None:
    """The process id of the Redis that ``tests/redis_server.sh`` started on ``port``, or None."""
    try:
        return int((Path(f"/tmp/vielseitig-redis-{port}") / "redis.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def stop_redis(port: str) -> None:
    _throw_away("redis_server.sh", "stop", "REDISPORT", port)


def start_gunicorn(app: str, port: int, tmp: Path, env: dict, options: list[str], access_format: str):
    """gunicorn serving ``app`` on ``port`` (its access log in ``tmp``), once it accepts connections."""
    server = subprocess.Popen(
        [
            str(Path(PY).parent / "gunicorn"),
            app,
            "--bind",
            f"{HOST}:{port}",
            *options,
            "--log-level",
            "warning",
            "--access-logfile",
            str(tmp / "access.log"),
            "--access-logformat",
            access_format,
        ],
        cwd=REPO,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=open(tmp / "gunicorn.log", "w"),  # gunicorn writes it while it runs
        start_new_session=True,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection((HOST, port), timeout=1).close()
            return server
        except OSError as error:
            if time.monotonic() > deadline or server.poll() is not None:
                raise SystemExit("gunicorn did not start:\n" + (tmp / "gunicorn.log").read_text()) from error
            time.sleep(0.2)


def cpu_pressure() -> str:
    """Linux's CPU pressure: the share of the last minute in which runnable tasks waited for a CPU."""
    try:
        first = Path("/proc/pressure/cpu").read_text().splitlines()[0]
        return first.split("avg60=")[1].split()[0] + " %"
    except (OSError, IndexError):
        return "unknown"
