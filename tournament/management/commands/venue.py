"""``python manage.py venue [--port 8000] [--address A] [--backup-to DIR]``: this laptop serves the playing hall.

``make venue`` runs it. It finds the laptop's address on the local network
(:mod:`tournament.network`: nothing is sent, no internet needed), then
starts, with settings for a local network without TLS (see
:func:`venue_environment`):

- gunicorn on every interface (``0.0.0.0:PORT``), so that phones on the
  hall's Wi-Fi reach the site at ``http://<address>:PORT/``;
- the publisher (``manage.py publish --watch``), which writes the public
  pages as a static site when an organizer turned publishing on;
- with ``--backup-to DIR`` (a USB stick), the backup loop
  (``manage.py backup --to DIR --every M``).

It prints the address and its QR code; the dashboard, the projector and the
welcome slips show the same (``DJANGO_SITE_URL``). Ctrl-C stops all of it.
"""

from __future__ import annotations

import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tournament import network
from tournament.pdf import qr

MANAGE = str(Path(settings.BASE_DIR) / "manage.py")
#: Where the venue keeps its secret key when DJANGO_SECRET_KEY is not set: log-ins outlive a restart.
SECRET_KEY_FILE = Path(settings.BASE_DIR) / ".venue-secret-key"
#: What ``--address`` may be: an IPv4 address or a host name (no scheme, port or path).
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
ADDRESS = re.compile(rf"(?=.{{1,253}}$){_LABEL}(?:\.{_LABEL})*")
#: How long a helper (publisher, backups) that stopped waits before it is started again.
RESTART_SECONDS = 10


def _split(value: str | None) -> list[str]:
    return [v.strip() for v in (value or "").split(",") if v.strip()]


def secret_key(path: Path | None = None) -> str:
    """The venue's secret key, made once and kept (readable by its owner only)."""
    path = path or SECRET_KEY_FILE
    try:
        key = path.read_text().strip()
        if key:
            return key
    except OSError:
        pass
    key = secrets.token_urlsafe(50)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as f:
        f.write(key + "\n")
    return key


def site_url(address: str, port: int) -> str:
    return f"http://{address}" + ("" if port == 80 else f":{port}")


def venue_environment(base: dict[str, str], addresses: list[str], port: int) -> dict[str, str]:
    """The environment the site runs in at the venue, from ``base`` (the organizer's own settings win
    where they name something: the database, the secret key, the site's address):

    - production settings (``DJANGO_DEBUG=0``), served over plain HTTP (``DJANGO_PLAIN_HTTP=1``: no
      redirect to HTTPS and no HTTPS-only cookies, which would lock every phone out of its log-in);
    - the laptop's addresses, its name and ``localhost`` as the host names it answers to, and their
      ``http://`` origins trusted for forms;
    - ``DJANGO_SITE_URL``: the first address, which slips, QR codes and the dashboard show;
    - a secret key kept in a file beside the project if none is set.
    """
    env = dict(base)
    host = socket.gethostname()
    names = list(dict.fromkeys([*addresses, "127.0.0.1", "localhost", host, f"{host}.local"]))
    env["DJANGO_DEBUG"] = "0"
    env["DJANGO_PLAIN_HTTP"] = "1"
    env["DJANGO_SECURE_SSL_REDIRECT"] = "0"
    env["DJANGO_ALLOWED_HOSTS"] = ",".join(dict.fromkeys([*_split(base.get("DJANGO_ALLOWED_HOSTS")), *names]))
    origins = [site_url(name, port) for name in names]
    env["DJANGO_CSRF_TRUSTED_ORIGINS"] = ",".join(
        dict.fromkeys([*_split(base.get("DJANGO_CSRF_TRUSTED_ORIGINS")), *origins])
    )
    if not base.get("DJANGO_SITE_URL"):
        env["DJANGO_SITE_URL"] = site_url(addresses[0] if addresses else "127.0.0.1", port)
    if not base.get("DJANGO_SECRET_KEY"):
        env["DJANGO_SECRET_KEY"] = secret_key()
    return env


class Command(BaseCommand):
    help = "Serve the site from this laptop to the playing hall's network (see the README, 'At the venue')."
    requires_system_checks: list = []

    def add_arguments(self, parser):
        parser.add_argument("--port", type=int, default=8000, help="the port (default 8000; 80 needs root)")
        parser.add_argument("--address", help="the address players open, if not the one found")
        parser.add_argument("--workers", type=int, default=3, help="gunicorn's workers (default 3)")
        parser.add_argument("--backup-to", help="a folder (a USB stick) for a backup of every tournament")
        parser.add_argument("--backup-every", type=int, default=10, help="minutes between backups (default 10)")
        parser.add_argument("--no-publisher", action="store_true", help="do not start the publisher")

    def handle(self, *args, **opts):
        port = opts["port"]
        if not 1 <= port <= 65535:
            raise CommandError("--port must be 1 to 65535")
        if not 1 <= opts["workers"] <= 32:
            raise CommandError("--workers must be 1 to 32")
        if not 1 <= opts["backup_every"] <= 24 * 60:
            raise CommandError("--backup-every must be 1 to 1440 minutes")
        if opts["address"] and not ADDRESS.fullmatch(opts["address"]):
            raise CommandError("--address is an address or a host name as phones type it: 192.168.1.20, turnier.local")
        found = network.lan_addresses()
        addresses = [opts["address"]] + [a for a in found if a != opts["address"]] if opts["address"] else found
        env = venue_environment(dict(os.environ), addresses, port)
        for step in (["collectstatic", "--noinput", "-v0"], ["migrate", "--noinput", "-v0"]):
            done = subprocess.run([sys.executable, MANAGE, *step], env=env, check=False)
            if done.returncode:
                raise CommandError(f"manage.py {step[0]} failed")
        from django.contrib.auth import get_user_model

        if not get_user_model().objects.exists():
            self.stdout.write(
                "No accounts yet: make the first one (a site administrator) with\n"
                f"  {sys.executable} manage.py createsuperuser\n"
                "or bring a tournament from a backup: manage.py restore FILE.json (see the README)."
            )
        helpers = {
            "site": [
                sys.executable,
                "-m",
                "gunicorn",
                "tournament.wsgi",
                "--bind",
                f"0.0.0.0:{port}",
                "--workers",
                str(opts["workers"]),
                "--graceful-timeout",
                "10",
            ]
        }
        if not opts["no_publisher"]:
            helpers["publisher"] = [sys.executable, MANAGE, "publish", "--watch"]
        if opts["backup_to"]:
            every = str(opts["backup_every"])
            helpers["backups"] = [
                sys.executable, MANAGE, "backup", "--to", opts["backup_to"], "--every", every, "--with-accounts",
            ]  # fmt: skip
        self.banner(env, addresses, port, opts)
        self.run(helpers, env)

    def banner(self, env, addresses: list[str], port: int, opts) -> None:
        url = env["DJANGO_SITE_URL"] + "/"
        out = self.stdout
        out.write("")
        out.write("Vielseitig serves the playing hall.")
        out.write("")
        out.write(f"  Players open:    {url}")
        out.write(f"  On this laptop:  {site_url('127.0.0.1', port)}/")
        if not addresses:
            out.write(
                "  No network found: join the hall's Wi-Fi (or open a hotspot on this laptop) and start again;\n"
                "  until then only this laptop reaches the site."
            )
        elif len(addresses) > 1:
            out.write(f"  Other addresses: {', '.join(addresses[1:])}  (make venue ADDRESS=... to show another)")
        out.write("")
        for line in qr.text_lines(url):
            out.write("  " + line)
        out.write("")
        out.write(f"  Listening on every interface (0.0.0.0), port {port}. The dashboard, the projector and the")
        out.write("  welcome slips show this address and its QR code.")
        if opts["backup_to"]:
            out.write(f"  Backups: every {opts['backup_every']} minutes to {opts['backup_to']}")
        else:
            out.write("  Backups: none (make venue BACKUP=/media/usb-stick keeps one every 10 minutes)")
        out.write("  Ctrl-C stops the site.")
        out.write("")
        self.stdout.flush()

    def run(self, helpers: dict[str, list[str]], env: dict[str, str]) -> None:
        children = {name: subprocess.Popen(command, env=env) for name, command in helpers.items()}
        stopped_at: dict[str, float] = {}
        stop = []
        # Ctrl-C reaches every process of the terminal's group (gunicorn and the helpers stop by themselves):
        # SIGINT and SIGTERM both mean stop, also where the shell started this one ignoring SIGINT
        for number in (signal.SIGINT, signal.SIGTERM):
            signal.signal(number, lambda *_: stop.append(True))
        try:
            while not stop:
                time.sleep(0.5)
                for name, child in list(children.items()):
                    if stop or child.poll() is None:
                        continue
                    if name == "site" and child.returncode == 0:  # told to stop (Ctrl-C, a signal): so are we
                        stop.append(True)
                        break
                    if name == "site":
                        raise CommandError(f"gunicorn stopped (exit status {child.returncode})")
                    if name not in stopped_at:  # a helper: said once, started again after a pause
                        self.stderr.write(f"The {name} stopped (exit status {child.returncode}); starting it again.")
                        stopped_at[name] = time.monotonic()
                    elif time.monotonic() - stopped_at[name] >= RESTART_SECONDS:
                        children[name] = subprocess.Popen(helpers[name], env=env)
                        del stopped_at[name]
        except KeyboardInterrupt:
            pass
        finally:
            for child in children.values():
                if child.poll() is None:
                    child.send_signal(signal.SIGTERM)
            for child in children.values():
                try:
                    child.wait(20)
                except subprocess.TimeoutExpired:
                    child.kill()
            self.stdout.write("Stopped.")
