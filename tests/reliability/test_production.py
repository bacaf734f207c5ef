"""Production: settings from the environment, the deployment check, WhiteNoise, sessions, passwords, log-in throttle."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from tests.fixtures.day import round_to_come

ROOT = Path(__file__).resolve().parents[2]
MANAGE = str(ROOT / "manage.py")
VENV_BIN = Path(sys.executable).parent


def _production_env(tmp_path, **extra) -> dict:
    """Exactly the four variables of the README, nothing else from this process."""
    env = {
        "DJANGO_SECRET_KEY": "x9" * 30 + "-a-long-random-production-key",
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,turnier.example.org",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'prod.sqlite3'}",
    }
    env.update(extra)
    return env


def test_check_deploy_passes_with_the_four_variables(tmp_path):
    env = _production_env(tmp_path)
    done = subprocess.run(
        [sys.executable, MANAGE, "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_check_deploy_fails_without_a_secret_key(tmp_path):
    env = _production_env(tmp_path)
    del env["DJANGO_SECRET_KEY"]
    done = subprocess.run(
        [sys.executable, MANAGE, "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url, headers=None, timeout=5.0):
    """GET without following redirects (and without any proxy): status, headers, body."""
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        connection.request("GET", parts.path or "/", headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


@pytest.mark.slow
def test_static_files_served_by_whitenoise_under_gunicorn(tmp_path):
    """collectstatic into a temporary STATIC_ROOT, gunicorn with DEBUG=0: hashed, compressed, cached static files."""
    env = _production_env(
        tmp_path, DJANGO_STATIC_ROOT=str(tmp_path / "static"), DJANGO_CACHE_DIR=str(tmp_path / "cache")
    )
    for command in (["collectstatic", "--noinput", "-v0"], ["migrate", "--noinput", "-v0"]):
        done = subprocess.run(
            [sys.executable, MANAGE, *command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=180
        )
        assert done.returncode == 0, done.stderr
    manifest = json.loads((tmp_path / "static" / "staticfiles.json").read_text())
    hashed = manifest["paths"]["tournament/site.css"]
    port = _free_port()
    server = subprocess.Popen(
        [str(VENV_BIN / "gunicorn"), "tournament.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "1"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        https = {"X-Forwarded-Proto": "https"}  # as behind the TLS proxy
        deadline = time.monotonic() + 30
        while True:
            try:
                status, headers, body = _get(f"{base}/static/{hashed}", {**https, "Accept-Encoding": "gzip"})
                break
            except OSError:
                assert time.monotonic() < deadline, "gunicorn did not start"
                assert server.poll() is None, server.stderr.read().decode()
                time.sleep(0.2)
        assert status == 200
        assert headers.get("Content-Encoding") == "gzip"
        assert "immutable" in headers.get("Cache-Control", "") or "max-age=315360000" in headers.get(
            "Cache-Control", ""
        )
        status, headers, body = _get(f"{base}/static/tournament/site.css", https)
        assert status == 200 and b"{" in body
        # pages work with DEBUG off, and link the hashed file
        status, headers, body = _get(f"{base}/", https)
        assert status == 200 and hashed.encode() in body
        assert "max-age=31536000" in headers.get("Strict-Transport-Security", "")
        # plain http is sent to https
        status, headers, _ = _get(f"{base}/", {})
        assert status == 301 and headers["Location"].startswith("https://")
    finally:
        server.terminate()
        server.wait(10)


def test_production_settings_are_safe(tmp_path):
    """The settings module with the four variables: secure cookies, HSTS, no debug."""
    env = _production_env(tmp_path)
    code = (
        "import json, django; django.setup(); from django.conf import settings as s; print(json.dumps(dict("
        "debug=s.DEBUG, session_secure=s.SESSION_COOKIE_SECURE, csrf_secure=s.CSRF_COOKIE_SECURE,"
        "hsts=s.SECURE_HSTS_SECONDS, ssl=s.SECURE_SSL_REDIRECT, age=s.SESSION_COOKIE_AGE,"
        "validators=len(s.AUTH_PASSWORD_VALIDATORS), upload=s.DATA_UPLOAD_MAX_MEMORY_SIZE,"
        "storage=s.STORAGES['staticfiles']['BACKEND'], hosts=s.ALLOWED_HOSTS)))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**env, "DJANGO_SETTINGS_MODULE": "tournament.settings"},
    )
    assert done.returncode == 0, done.stderr
    values = json.loads(done.stdout)
    assert values["debug"] is False
    assert values["session_secure"] and values["csrf_secure"] and values["ssl"]
    assert values["hsts"] >= 60 * 60 * 24 * 365
    assert 0 < values["age"] <= 60 * 60 * 24 * 7
    assert values["validators"] >= 3
    assert values["upload"] <= 5 * 1024 * 1024
    assert values["storage"].startswith("whitenoise.")
    assert values["hosts"] == ["127.0.0.1", "turnier.example.org"]


def test_sessions_expire(client, day):
    assert 0 < settings.SESSION_COOKIE_AGE <= 60 * 60 * 24 * 7
    client.force_login(day.user("organizer"))
    url = reverse("manage", args=[day.tournament.slug])
    assert client.get(url).status_code == 200
    response = client.get(url)
    cookie = response.wsgi_request.session
    assert 0 < cookie.get_expiry_age() <= settings.SESSION_COOKIE_AGE
    # a weekend later the session is gone: from the database, and from the
    # cache, whose copy expires at the same moment
    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
    cache.clear()
    response = client.get(url)
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_self_registration_validates_the_password(client, day, settings):
    round_to_come(day.tournament)
    day.tournament.registration_open = True
    day.tournament.save()
    from django.contrib.auth import get_user_model

    url = reverse("register", args=[day.tournament.slug])
    users = get_user_model().objects.count()
    response = client.post(
        url,
        {
            "given_name": "Nina",
            "surname": "Neumann",
            "country": "DE",
            "rank": "5k",
            "email": "nina@example.org",
            "username": "nina",
            "password": "12345678",
        },
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "password" in errors and set(errors) == {"password"}
    assert get_user_model().objects.count() == users  # nothing half-saved
    response = client.post(
        url,
        {
            "given_name": "Nina",
            "surname": "Neumann",
            "country": "DE",
            "rank": "5k",
            "email": "nina@example.org",
            "username": "nina",
            "password": "nina",
        },
    )
    assert "password" in response.context["form"].errors


def test_admin_password_forms_validate_passwords(client, day):
    client.force_login(day.user("admin"))
    url = reverse("admin:auth_user_password_change", args=[day.user("alice").pk])
    response = client.post(url, {"password1": "123", "password2": "123"})
    assert response.status_code == 200
    assert response.context["form"].errors
    url = reverse("admin:password_change")
    response = client.post(
        url, {"old_password": "pw-admin-123", "new_password1": "password", "new_password2": "password"}
    )
    assert response.status_code == 200 and "new_password2" in response.context["form"].errors


def test_login_is_throttled(client, day):
    url = reverse("login")
    for _ in range(4):
        assert client.post(url, {"username": "alice", "password": "wrong"}).status_code == 200
    assert client.post(url, {"username": "alice", "password": "wrong"}).status_code == 429  # the fifth failure
    response = client.post(url, {"username": "alice", "password": "pw-alice-123"})
    assert response.status_code == 429  # even the right password waits now
    assert not response.wsgi_request.user.is_authenticated


def _settings_values(tmp_path, names: list[str], **extra):
    code = (
        "import json, django; django.setup(); from django.conf import settings as s; "
        f"print(json.dumps({{n: getattr(s, n) for n in {names!r}}}))"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**_production_env(tmp_path, **extra), "DJANGO_SETTINGS_MODULE": "tournament.settings"},
    )


def test_e_mail_and_proxy_settings_from_the_environment(tmp_path):
    names = ["EMAIL_BACKEND", "TRUSTED_PROXIES", "DEFAULT_FROM_EMAIL", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_USE_TLS"]
    done = _settings_values(tmp_path, names)
    assert done.returncode == 0, done.stderr
    values = json.loads(done.stdout)
    assert values["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"
    assert values["TRUSTED_PROXIES"] == []
    done = _settings_values(
        tmp_path,
        names,
        DJANGO_EMAIL_BACKEND="smtp",
        DJANGO_EMAIL_HOST="mail.example.org",
        DJANGO_EMAIL_PORT="587",
        DJANGO_EMAIL_USE_TLS="1",
        DJANGO_DEFAULT_FROM_EMAIL="turnier@example.org",
        DJANGO_TRUSTED_PROXIES="127.0.0.1, 10.0.0.0/8",
    )
    assert done.returncode == 0, done.stderr
    values = json.loads(done.stdout)
    assert values == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "TRUSTED_PROXIES": ["127.0.0.1", "10.0.0.0/8"],
        "DEFAULT_FROM_EMAIL": "turnier@example.org",
        "EMAIL_HOST": "mail.example.org",
        "EMAIL_PORT": 587,
        "EMAIL_USE_TLS": True,
    }
    done = _settings_values(tmp_path, names, DJANGO_TRUSTED_PROXIES="127.0.0.1,proxy.example.org")
    assert done.returncode != 0 and "proxy.example.org" in done.stderr  # a typo stops the start


def _post_form(base, path, fields, cookies, headers):
    """GET the form (CSRF token and cookie), then POST it; the status and the new cookies."""
    import http.client
    import re
    from urllib.parse import urlencode, urlsplit

    parts = urlsplit(base)

    def request(method, body=None, extra=None):
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
        try:
            connection.request(method, path, body=body, headers={**headers, "Cookie": cookie, **(extra or {})})
            response = connection.getresponse()
            for header, value in response.getheaders():
                if header.lower() == "set-cookie":
                    name, _, rest = value.partition("=")
                    cookies[name] = rest.split(";", 1)[0]
            return response.status, response.read().decode()
        finally:
            connection.close()

    status, page = request("GET")
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert found, (status, page[:1000])
    token = found.group(1)
    body = urlencode({**fields, "csrfmiddlewaretoken": token})
    return request(
        "POST",
        body,
        {
            "Content-Type": "application/x-www-form-urlencoded",
            "Origin": f"https://{parts.hostname}:{parts.port}",
            "Referer": f"https://{parts.hostname}:{parts.port}{path}",
        },
    )[0]


@pytest.mark.slow
def test_login_throttle_under_gunicorn_with_several_workers_behind_a_proxy(tmp_path, migrated_sqlite):
    """Two workers share the counts (database); X-Forwarded-For from the listed proxy names the client."""
    env = _production_env(
        tmp_path,
        DJANGO_CACHE_DIR=str(tmp_path / "cache"),
        DJANGO_TRUSTED_PROXIES="127.0.0.1",
        DJANGO_STATIC_ROOT=str(tmp_path / "static"),
    )
    # the database as manage.py migrate makes it (tests/fixtures/migrated.py: migrate itself under these
    # settings is test_static_files_served_by_whitenoise_under_gunicorn's)
    migrated_sqlite(tmp_path / "prod.sqlite3")
    done = subprocess.run(
        [sys.executable, MANAGE, "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    code = (
        "import django; django.setup(); from django.contrib.auth.models import User; "
        "User.objects.create_user('alice', password='pw-alice-123')"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**env, "DJANGO_SETTINGS_MODULE": "tournament.settings"},
    )
    assert done.returncode == 0, done.stderr
    port = _free_port()
    server = subprocess.Popen(
        [str(VENV_BIN / "gunicorn"), "tournament.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "2"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                _get(f"{base}/", {"X-Forwarded-Proto": "https"})
                break
            except OSError:
                assert time.monotonic() < deadline, "gunicorn did not start"
                assert server.poll() is None, server.stderr.read().decode()
                time.sleep(0.2)

        def attempt(password, client_address):
            # a new connection (and so, by chance, either worker) for every request
            headers = {"X-Forwarded-Proto": "https", "X-Forwarded-For": client_address}
            return _post_form(base, "/accounts/login/", {"username": "alice", "password": password}, {}, headers)

        assert [attempt("wrong", "203.0.113.10") for _ in range(5)] == [200] * 4 + [429]
        assert attempt("pw-alice-123", "203.0.113.10") == 429
        assert attempt("pw-alice-123", "198.51.100.7") == 302  # another client behind the same proxy
    finally:
        server.terminate()
        server.wait(10)


def test_the_cache_is_files_by_default_and_django_s_redis_backend_when_named(tmp_path):
    done = _settings_values(tmp_path, ["CACHES"])
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["CACHES"]["default"]["BACKEND"].endswith("filebased.FileBasedCache")
    done = _settings_values(tmp_path, ["CACHES"], DJANGO_REDIS_URL="redis://cache.example.org:6379/1")
    assert done.returncode == 0, done.stderr
    default = json.loads(done.stdout)["CACHES"]["default"]
    assert default == {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://cache.example.org:6379/1",
    }


#: Two processes on one Redis count 200 tries each at once, keep a value each, and print their last count.
_COUNTING = """
import sys
import django

django.setup()
from django.core.cache import cache
from tournament.throttle import Limit

# a window of three days (the session's age): no window ends while the test runs
limit = Limit("test", "CLAIM_GUESSES_PER_ADDRESS", "SESSION_COOKIE_AGE")
for _ in range(int(sys.argv[2])):
    limit.count("203.0.113.9")
cache.set("kept-by-" + sys.argv[1], sys.argv[1], 600)
print(limit.count("203.0.113.9"), cache.get("kept-by-a"), cache.get("kept-by-b"))
"""


def test_on_redis_every_process_reads_what_another_kept_and_no_count_is_lost(tmp_path, redis_url):
    """What one process (a worker, a node) keeps in Redis the others read, and counts made by two at the
    same time all count: Redis increments atomically (the file cache may lose a few, see throttle.py)."""
    env = {**_production_env(tmp_path, DJANGO_REDIS_URL=redis_url), "DJANGO_SETTINGS_MODULE": "tournament.settings"}
    both = [
        subprocess.Popen(
            [sys.executable, "-c", _COUNTING, name, "200"], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
        )
        for name in "ab"
    ]
    for process in both:
        assert process.wait(120) == 0
    done = subprocess.run(
        [sys.executable, "-c", _COUNTING, "c", "0"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["403", "a", "b"]  # 2 x (200 + 1), and this one


def _start(env, *args) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, MANAGE, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("key", [None, "", "django-insecure-local-development-key-do-not-use-in-production"])
def test_production_refuses_to_start_without_a_key_of_its_own(tmp_path, key):
    """With debug off and no key (or the public development key), no command starts: not the server's
    checks, not migrate; the message says what to set."""
    env = _production_env(tmp_path)
    del env["DJANGO_SECRET_KEY"]
    if key is not None:
        env["DJANGO_SECRET_KEY"] = key
    for command in (["check"], ["migrate", "--noinput"]):
        done = _start(env, *command)
        assert done.returncode != 0
        assert "DJANGO_SECRET_KEY" in done.stderr and "ImproperlyConfigured" in done.stderr
    assert not (tmp_path / "prod.sqlite3").exists()


def test_production_reads_the_key_from_a_file(tmp_path):
    env = _production_env(tmp_path)
    key = "k7" * 30 + "-from-a-file"
    del env["DJANGO_SECRET_KEY"]
    (tmp_path / "key").write_text(key + "\n")
    env["DJANGO_SECRET_KEY_FILE"] = str(tmp_path / "key")
    done = _start(env, "shell", "-c", "from django.conf import settings; print(settings.SECRET_KEY)")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == key
    env["DJANGO_SECRET_KEY_FILE"] = str(tmp_path / "missing")
    done = _start(env, "check")
    assert done.returncode != 0 and "DJANGO_SECRET_KEY_FILE" in done.stderr


def test_debug_runs_on_the_development_key(tmp_path):
    env = _production_env(tmp_path, DJANGO_DEBUG="1")
    del env["DJANGO_SECRET_KEY"]
    done = _start(env, "shell", "-c", "from django.conf import settings; print(settings.SECRET_KEY)")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1].startswith("django-insecure-")
