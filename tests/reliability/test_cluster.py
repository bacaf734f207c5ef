"""Several app nodes: two gunicorn nodes on the suite's database and one Redis, as behind one address.

Each node is the production start (``DJANGO_DEBUG=0``; one sync worker, as the
workers of one node are ``test_production.py``'s) with
the same ``DATABASE_URL``, ``DJANGO_REDIS_URL`` and ``DJANGO_SECRET_KEY``, and
``127.0.0.1`` as the trusted proxy (a load balancer on the same machine,
naming the client in ``X-Forwarded-For``). A visitor here is one browser: its
cookies go to whichever node the test sends a request to, as a load balancer
without sticky sessions sends them. The figures under load, and a node
stopped mid-run, are ``tests/bench/bench_cluster.py``'s.
"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import shutil
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher

from tests.bench._server import free_port, start_gunicorn
from tests.fixtures.day import FIVE_FOR_BLACK, build_day
from tournament.models import Registration
from tournament.views.projector import minute

#: One worker runs the module (``make test`` distributes by ``--dist loadgroup``): the two nodes are started once,
#: not once on each worker that gets one of its tests.
pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("cluster")]

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
#: The standings are made again at most this often on the nodes (``DJANGO_STANDINGS_FRESH_SECONDS``).
FRESH_SECONDS = 2
#: Wrong claim codes one address may try (``DJANGO_CLAIM_GUESSES_PER_ADDRESS``), kept small here.
GUESSES = 3


def _database_url(settings_dict: dict) -> str:
    """The suite's test database as the nodes' ``DATABASE_URL``."""
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{settings_dict['NAME']}"
    password = f":{settings_dict['PASSWORD']}" if settings_dict.get("PASSWORD") else ""
    return (
        f"postgres://{settings_dict['USER']}{password}@{settings_dict['HOST'] or '127.0.0.1'}:"
        f"{settings_dict['PORT'] or 5432}/{settings_dict['NAME']}"
    )


@pytest.fixture(scope="module")
def nodes(django_db_setup, redis_server_url, tmp_path_factory):
    """Two nodes ``(port A, port B)`` on the test database and this process's Redis database."""
    from django.db import connection

    tmp = tmp_path_factory.mktemp("cluster")
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "DATABASE_URL": _database_url(connection.settings_dict),
        "DJANGO_REDIS_URL": redis_server_url,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": HOST,
        "DJANGO_SECURE_SSL_REDIRECT": "0",  # plain HTTP on loopback
        "DJANGO_STATIC_ROOT": str(tmp / "static"),
        "DJANGO_TRUSTED_PROXIES": HOST,
        "DJANGO_STANDINGS_FRESH_SECONDS": str(FRESH_SECONDS),
        "DJANGO_CLAIM_GUESSES_PER_ADDRESS": str(GUESSES),
    }
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    servers, ports = [], []
    try:
        for name in "AB":
            (tmp / name).mkdir()
            ports.append(free_port())
            servers.append(start_gunicorn("tournament.wsgi", ports[-1], tmp / name, env, ["--workers", "1"], "%(r)s"))
        yield tuple(ports)
    finally:
        for server in servers:
            server.terminate()
            server.wait(20)
        shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture
def cluster(nodes, redis_url, transactional_db):
    """The two nodes, with the cache emptied and the test's data committed where they see it."""
    return nodes


class Visitor:
    """One browser behind the load balancer, at ``address``: its cookies go to whichever node is asked."""

    def __init__(self, address: str = "203.0.113.20"):
        self.address = address
        self.cookies: dict[str, str] = {}

    def request(self, port: int, method: str, path: str, body: str | None = None, headers: dict | None = None):
        """(status, headers, text) of one request to the node on ``port``."""
        headers = {"X-Forwarded-For": self.address, **(headers or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection = http.client.HTTPConnection(HOST, port, timeout=60)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode()
        finally:
            connection.close()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                value = rest.split(";", 1)[0]
                if value and value != '""':
                    self.cookies[name] = value
                else:
                    self.cookies.pop(name, None)
        return response.status, {k.lower(): v for k, v in response.getheaders()}, text

    def get(self, port: int, path: str, headers: dict | None = None):
        return self.request(port, "GET", path, headers=headers)

    def post(self, port: int, path: str, fields: dict, form_page: str | None = None):
        """Post ``fields`` with the CSRF token of the form's page (``path``, or ``form_page``) on the same node."""
        status, _headers, page = self.get(port, form_page or path)
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert found, (status, page[:500])
        return self.request(port, "POST", path, urlencode({**fields, "csrfmiddlewaretoken": found.group(1)}))

    def log_in(self, port: int, username: str, password: str | None = None) -> int:
        fields = {"username": username, "password": password or f"pw-{username}-123"}
        return self.post(port, "/accounts/login/", fields)[0]


def _day():
    """The tournament day, with the passwords hashed as production hashes them (the suite hashes with
    MD5 for speed, which the nodes do not accept): PBKDF2, few rounds (a node re-hashes at log-in)."""
    day = build_day()
    hasher = PBKDF2PasswordHasher()
    for user in day.users.values():
        user.password = hasher.encode(f"pw-{user.username}-123", hasher.salt(), iterations=1000)
        user.save(update_fields=["password"])
    return day


def test_a_log_in_on_one_node_is_the_session_on_the_other_and_so_is_the_log_out(cluster):
    a, b = cluster
    _day()
    alice = Visitor()
    assert alice.get(b, "/me/")[0] == 302  # not logged in: to the log-in page
    assert alice.log_in(a, "alice") == 302
    status, _headers, page = alice.get(b, "/me/")
    assert status == 200 and "Hannover Vielseitigkeitsturnier" in page
    assert alice.get(a, "/me/")[0] == 200
    # logged out on B: the session is gone on A too (the database and the shared cache)
    session = alice.cookies["sessionid"]
    assert alice.post(b, "/accounts/logout/", {}, form_page="/me/")[0] == 302
    alice.cookies["sessionid"] = session  # a copy of the old cookie does not bring it back
    assert alice.get(a, "/me/")[0] == 302


def _table_row(page: str, surname: str) -> str:
    found = re.search(rf"<tr[^>]*>(?:(?!</tr>).)*{surname}(?:(?!</tr>).)*</tr>", page, re.S)
    assert found, page[:1000]
    return found.group(0)


def test_a_result_entered_on_one_node_shows_in_the_other_s_standings_within_the_freshness_window(cluster):
    a, b = cluster
    day = _day()
    visitor = Visitor("198.51.100.30")
    poll = {"HX-Request": "true"}
    status, headers, before = visitor.get(b, "/t/hannover/standings/", poll)
    assert status == 200
    etag = headers["etag"]
    assert visitor.get(a, "/t/hannover/standings/", {**poll, "If-None-Match": etag})[0] == 304  # the same on A

    carol, dave = Visitor("203.0.113.31"), Visitor("203.0.113.32")
    assert carol.log_in(a, "carol") == 302 and dave.log_in(b, "dave") == 302
    game = f"/t/hannover/game/{day.game2.pk}/"
    report = {"version": "0", "result": "B", "method": "five", "record": FIVE_FOR_BLACK}
    assert carol.post(a, game + "report/", report)[0] == 302  # entered on A ...
    status, _headers, page = dave.get(b, game)  # ... and confirmed on B
    version = re.search(r'action="[^"]*/confirm/"[^>]*>.*?name="version" value="(\d+)"', page, re.S)
    assert version, page[:2000]
    assert dave.post(b, game + "confirm/", {"version": version.group(1)}, form_page=game)[0] == 302
    confirmed = time.monotonic()

    # within the window B may still show the table it showed; after it, B shows the result
    time.sleep(max(0.0, confirmed + FRESH_SECONDS + 0.2 - time.monotonic()))
    status, headers, after = visitor.get(b, "/t/hannover/standings/", {**poll, "If-None-Match": etag})
    assert status == 200, "B still answers 304 for the table from before the result"
    assert _table_row(after, "Conrad") != _table_row(before, "Conrad")
    assert _table_row(after, "Albers") == _table_row(before, "Albers")  # her game has no result
    # and both nodes agree on what the table is now
    assert visitor.get(a, "/t/hannover/standings/", {**poll, "If-None-Match": headers["etag"]})[0] == 304
    assert visitor.get(b, "/t/hannover/standings/")[2].count(_table_row(after, "Conrad")) == 1


def test_the_log_in_throttle_counts_failures_on_both_nodes_together(cluster):
    a, b = cluster
    _day()
    at_the_hall = Visitor("203.0.113.40")
    tries = [at_the_hall.log_in(node, "bob", "wrong") for node in (a, b, a, b, a)]
    assert tries == [200, 200, 200, 200, 429]  # the fifth failure, counted over both nodes, locks out
    assert at_the_hall.log_in(b, "bob") == 429  # on B too, with the right password
    assert Visitor("198.51.100.41").log_in(b, "bob") == 302  # the same name from elsewhere still gets in


def test_a_live_board_s_etag_from_one_node_is_answered_304_by_the_other(cluster):
    a, b = cluster
    day = _day()
    board = f"/t/hannover/game/{day.game.pk}/live/"
    follower = Visitor("198.51.100.50")
    status, headers, _page = follower.get(a, board + "state/")
    assert status == 200
    etag = headers["etag"]
    assert follower.get(b, board + "state/", {"If-None-Match": etag})[0] == 304

    alice = Visitor("203.0.113.51")
    assert alice.log_in(b, "alice") == 302
    alice.get(a, board)  # the board's page: the CSRF cookie
    csrf = alice.cookies["csrftoken"]
    move = urlencode({"version": "0", "point": "K10"})
    status, _headers, _panel = alice.request(
        a, "POST", board + "move/", move, {"X-CSRFToken": csrf, "X-Live-Board": "1"}
    )
    assert status == 200  # the move, on A
    status, headers, _page = follower.get(b, board + "state/", {"If-None-Match": etag})
    assert status == 200 and headers["etag"] != etag  # B sees it at once
    assert follower.get(a, board + "state/", {"If-None-Match": headers["etag"]})[0] == 304

    # the projector's poll of the live boards: one ETag on both nodes (it holds the minute its clock shows)
    projector = "/t/hannover/projector/live/"
    for _attempt in range(3):
        shown = minute()
        status, headers, _page = follower.get(a, projector, {"HX-Request": "true"})
        assert status == 200
        answer = follower.get(b, projector, {"HX-Request": "true", "If-None-Match": headers["etag"]})[0]
        if minute() == shown:
            assert answer == 304
            break
    else:
        pytest.fail("the minute changed during every attempt")


def test_a_claim_code_guess_counted_on_one_node_counts_on_the_other(cluster):
    a, b = cluster
    day = _day()
    walk_in = Registration.objects.create(
        tournament=day.tournament, surname="Ernst", given_name="Emil", rank=-15, country="DE"
    )
    guesser = Visitor("203.0.113.60")
    wrong = [guesser.get(node, f"/claim/WRONGCODE{i}/")[0] for i, node in enumerate((a, b, a))]
    assert wrong == [404] * GUESSES
    assert guesser.get(b, "/claim/WRONGCODE9/")[0] == 429  # one more, on the other node: too many
    assert guesser.get(a, f"/claim/{walk_in.claim_code}/")[0] == 429  # even the right code, on either
    assert Visitor("198.51.100.61").get(b, f"/claim/{walk_in.claim_code}/")[0] == 200  # another address
