"""The venue: ``manage.py venue`` (``make venue``) serves the playing hall's network from the laptop.

The command is started as the organizer starts it, on a demo database of its
own: it listens on every interface (``0.0.0.0``), prints the laptop's address
on the network and its QR code, and the site it serves works over plain HTTP
(log-in and forms: no cookie meant for HTTPS only, CSRF trusted for its
address) and shows that address with its QR code on the dashboard, the
projector and the welcome slips. The test talks to it over 127.0.0.1 only.
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tournament import network, site_address
from tournament.management.commands.venue import secret_key, venue_environment

ROOT = Path(__file__).resolve().parents[2]
MANAGE = str(ROOT / "manage.py")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_venue_environment_is_production_over_plain_http_at_the_laptop_s_address(tmp_path, monkeypatch):
    monkeypatch.setattr("tournament.management.commands.venue.SECRET_KEY_FILE", tmp_path / "key")
    env = venue_environment({"DJANGO_ALLOWED_HOSTS": "turnier.example.org", "PATH": "/bin"}, ["192.168.1.20"], 8000)
    assert env["DJANGO_DEBUG"] == "0" and env["DJANGO_PLAIN_HTTP"] == "1" and env["DJANGO_SECURE_SSL_REDIRECT"] == "0"
    hosts = env["DJANGO_ALLOWED_HOSTS"].split(",")
    assert hosts[:2] == ["turnier.example.org", "192.168.1.20"] and {"127.0.0.1", "localhost"} <= set(hosts)
    origins = env["DJANGO_CSRF_TRUSTED_ORIGINS"].split(",")
    assert "http://192.168.1.20:8000" in origins and "http://127.0.0.1:8000" in origins
    assert env["DJANGO_SITE_URL"] == "http://192.168.1.20:8000"
    assert env["PATH"] == "/bin"
    # the secret key is made once, kept for the next start, readable by its owner only
    assert env["DJANGO_SECRET_KEY"] == secret_key(tmp_path / "key") and len(env["DJANGO_SECRET_KEY"]) > 40
    assert stat.S_IMODE((tmp_path / "key").stat().st_mode) == 0o600
    # what the organizer named wins; port 80 needs none in the address
    env = venue_environment({"DJANGO_SITE_URL": "http://turnier.local", "DJANGO_SECRET_KEY": "mine"}, ["10.42.0.1"], 80)
    assert env["DJANGO_SITE_URL"] == "http://turnier.local" and env["DJANGO_SECRET_KEY"] == "mine"
    assert "http://10.42.0.1" in env["DJANGO_CSRF_TRUSTED_ORIGINS"].split(",")
    # without a network: the laptop itself
    assert venue_environment({"DJANGO_SECRET_KEY": "k"}, [], 8000)["DJANGO_SITE_URL"] == "http://127.0.0.1:8000"


def test_plain_http_settings_keep_production_s_safety_but_no_https_only_cookies(tmp_path):
    env = venue_environment({"DJANGO_SECRET_KEY": "s" * 60, "PATH": os.environ["PATH"]}, ["192.168.1.20"], 8000)
    code = (
        "import json, django; django.setup(); from django.conf import settings as s; print(json.dumps(dict("
        "debug=s.DEBUG, session=s.SESSION_COOKIE_SECURE, csrf=s.CSRF_COOKIE_SECURE, ssl=s.SECURE_SSL_REDIRECT,"
        "hsts=s.SECURE_HSTS_SECONDS, origins=s.CSRF_TRUSTED_ORIGINS, site=s.SITE_URL, hosts=s.ALLOWED_HOSTS,"
        "cache=s.CACHES['default']['BACKEND'], storage=s.STORAGES['staticfiles']['BACKEND'])))"
    )
    env.update(DJANGO_SETTINGS_MODULE="tournament.settings", DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    import json

    values = json.loads(done.stdout)
    assert values["debug"] is False and values["storage"].startswith("whitenoise.")
    assert values["cache"].endswith("FileBasedCache")  # shared by the workers, the publisher and the backups
    assert (values["session"], values["csrf"], values["ssl"], values["hsts"]) == (False, False, False, 0)
    assert "http://192.168.1.20:8000" in values["origins"] and values["site"] == "http://192.168.1.20:8000"
    assert "192.168.1.20" in values["hosts"] and "testserver" not in values["hosts"]


def test_the_wi_fi_code_phones_join_by():
    assert site_address.wifi_code("Turniersaal", "go9x9") == "WIFI:T:WPA;S:Turniersaal;P:go9x9;;"
    assert site_address.wifi_code('Go; "Saal"', "a:b,c\\") == 'WIFI:T:WPA;S:Go\\; \\"Saal\\";P:a\\:b\\,c\\\\;;'
    assert site_address.wifi_code("Offen", "") == "WIFI:T:nopass;S:Offen;;"


def test_the_laptop_s_addresses_are_its_interfaces_and_never_loopback():
    found = network.lan_addresses()
    interfaces = {address for _name, address in network.interface_addresses()}
    assert all(network.is_candidate(a) for a in found)
    assert "127.0.0.1" not in found
    if sys.platform.startswith("linux"):
        assert "127.0.0.1" in interfaces  # the loopback interface is read, and left out
        assert set(found) <= interfaces | set(network.host_name_addresses())
    assert not network.is_candidate("169.254.10.1") and not network.is_candidate("0.0.0.0")
    assert not network.is_candidate("fe80::1") and not network.is_candidate("laptop")


def _listens_on_every_interface(port: int) -> bool:
    """Whether a socket listens on 0.0.0.0:port (the kernel's table of TCP sockets)."""
    wanted = f"00000000:{port:04X}"
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1] == wanted and fields[3] == "0A":  # 0A: LISTEN
            return True
    return False


class Browser:
    """A client that keeps its cookies and says where a form comes from, over 127.0.0.1."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}
        self.set_cookies: list[str] = []

    def request(self, method: str, path: str, body: dict | None = None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        data = None
        if body is not None:
            data = urlencode(body)
            origin = f"http://127.0.0.1:{self.port}"
            headers.update(
                {"Content-Type": "application/x-www-form-urlencoded", "Origin": origin, "Referer": origin + path}
            )
        try:
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            for header, value in response.getheaders():
                if header.lower() == "set-cookie":
                    self.set_cookies.append(value)
                    name, _, rest = value.partition("=")
                    self.cookies[name] = rest.split(";", 1)[0]
            return response.status, response.read()
        finally:
            connection.close()


@pytest.mark.slow
def test_the_venue_command_listens_on_every_interface_shows_its_address_and_qr_code_and_works_over_http(
    tmp_path, migrated_sqlite
):
    port = _free_port()
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(tmp_path),
        "LANG": "C.UTF-8",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'venue.sqlite3'}",
        "DJANGO_SECRET_KEY": "v" * 60,
        "DJANGO_STATIC_ROOT": str(tmp_path / "static"),
        "DJANGO_CACHE_DIR": str(tmp_path / "cache"),
        "DJANGO_PUBLISH_DIR": str(tmp_path / "published"),
        "DJANGO_VENUE_WIFI": "Turniersaal",
        "DJANGO_VENUE_WIFI_PASSWORD": "hannover9x9",
    }
    migrated_sqlite(tmp_path / "venue.sqlite3")  # as manage.py migrate makes it (tests/fixtures/migrated.py)
    done = subprocess.run([sys.executable, MANAGE, "demo"], cwd=ROOT, env=env, capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr.decode()
    venue = subprocess.Popen(
        [sys.executable, MANAGE, "venue", "--port", str(port), "--workers", "1"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own group, as in a terminal: Ctrl-C reaches the venue and its helpers
    )
    said = []
    try:
        assert venue.stdout is not None
        for line in venue.stdout:
            said.append(line)
            if "Ctrl-C stops" in line:
                break
        printed = "".join(said)
        address = (network.lan_addresses() or ["127.0.0.1"])[0]
        url = f"http://{address}:{port}"
        assert f"Players open:    {url}/" in printed, printed
        qr_lines = [line for line in said if line.startswith("  ") and set(line.strip()) <= set("█▀▄ ")]
        assert len(qr_lines) >= 12, printed  # the QR code, in half blocks
        assert "Listening on every interface (0.0.0.0)" in printed
        browser = Browser(port)
        deadline = time.monotonic() + 60
        while True:
            try:
                status, _ = browser.request("GET", "/")
                break
            except OSError:
                assert venue.poll() is None, printed
                assert time.monotonic() < deadline, "the site did not start"
                time.sleep(0.3)
        assert status == 200
        assert _listens_on_every_interface(port)

        # over plain HTTP: the log-in form works (its CSRF cookie and the session are not HTTPS-only)
        status, page = browser.request("GET", "/accounts/login/")
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()
        status, _ = browser.request(
            "POST", "/accounts/login/", {"username": "orga", "password": "vielseitig", "csrfmiddlewaretoken": token}
        )
        assert status == 302 and "sessionid" in browser.cookies
        assert not any("secure" in c.lower().split(";")[1:] or "; secure" in c.lower() for c in browser.set_cookies)

        status, page = browser.request("GET", "/t/demo/manage/")
        text = page.decode()
        assert status == 200 and f"{url}/t/demo/" in text and '<svg class="qr"' in text
        assert "Turniersaal" in text and "hannover9x9" in text  # the hall's Wi-Fi, with its own QR code
        assert text.count('<svg class="qr"') == 2

        status, page = Browser(port).request("GET", "/t/demo/projector/")
        assert status == 200 and f"{url}/t/demo/" in page.decode() and '<svg class="qr"' in page.decode()

        status, pdf = browser.request("GET", "/t/demo/manage/players/welcome.pdf")
        assert status == 200 and pdf.startswith(b"%PDF")
        slips = subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()
        assert f"{url}/claim/" in slips and "127.0.0.1" not in slips

        # a form of the organizer's over plain HTTP: publishing turned on (CSRF trusted for the address)
        status, page = browser.request("GET", "/t/demo/manage/")
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()
        status, _ = browser.request(
            "POST", "/t/demo/manage/publish/", {"action": "start", "csrfmiddlewaretoken": token}
        )
        assert status == 302
    finally:
        os.killpg(venue.pid, signal.SIGINT)  # Ctrl-C in the terminal: every process of the group has it
        try:
            out, _ = venue.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            venue.kill()
            out, _ = venue.communicate()
    assert venue.returncode == 0, "".join(said) + out
    assert "Stopped." in out and "CommandError" not in out, out
    assert not _tracebacks_other_than_ctrl_c(out), out
    assert not _listens_on_every_interface(port)


def _tracebacks_other_than_ctrl_c(out: str) -> list[str]:
    """The tracebacks in the venue's output, but those of a request that Ctrl-C interrupted.

    Ctrl-C reaches every process of the group, gunicorn's worker too: a request
    still running then (under load, the publisher's last page) ends in
    ``KeyboardInterrupt`` or ``SystemExit``, which gunicorn logs. That is Ctrl-C
    doing its work; any other traceback is a fault."""
    faults = []
    for part in out.split("Traceback (most recent call last):")[1:]:
        ending = [line.strip() for line in part.splitlines() if line.strip() and not line.startswith(" ")]
        last = ending[0] if ending else ""
        if not last.startswith(("KeyboardInterrupt", "SystemExit")):
            faults.append(last or part[:200])
    return faults


@pytest.mark.parametrize(
    ("args", "refusal"),
    [
        (["--port", "0"], "--port must be"),
        (["--port", "70000"], "--port must be"),
        (["--workers", "500"], "--workers must be"),
        (["--backup-every", "0"], "--backup-every must be"),
        (["--address", "http://192.168.1.20:8000/"], "--address is an address"),
        (["--address", "a" * 300], "--address is an address"),
    ],
)
def test_the_venue_command_refuses_what_it_cannot_serve_before_starting_anything(args, refusal):
    from django.core.management import call_command
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match=refusal):
        call_command("venue", *args)
