"""What the load benchmarks share: the site's commands, a free port, gunicorn started and waited for,
the machine's CPU pressure (imported by bench_load.py and bench_live.py, which run as scripts)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PY = sys.executable
HOST = "127.0.0.1"


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
