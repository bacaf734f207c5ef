"""Settings for the tournament site.

Everything that differs in production is read from the environment:

``DJANGO_SECRET_KEY`` (or ``DJANGO_SECRET_KEY_FILE``, a file holding it)
    The secret key. Without it a fixed development key is used while
    ``DJANGO_DEBUG`` is on; with debug off the site refuses to start
    without a key of its own (``manage.py venue`` makes and keeps one).
``DJANGO_DEBUG``
    ``1`` (default) or ``0``.
``DJANGO_ALLOWED_HOSTS``
    Comma-separated host names; default ``127.0.0.1,localhost``.
``DJANGO_STATIC_ROOT``
    Where ``collectstatic`` puts the static files (default ``staticfiles``).
``DATABASE_URL``
    ``sqlite:///path/to/db.sqlite3`` (the default is ``db.sqlite3`` in the
    project folder) or ``postgres://user:password@host:5432/name``.
``DJANGO_SECURE_SSL_REDIRECT``
    With debug off, plain HTTP is redirected to HTTPS unless this is ``0``
    (behind a proxy that terminates TLS, or on loopback for the benchmark).
``DJANGO_CACHE_DIR``
    The folder of the shared cache (sessions, standings) when debug is off.
``DJANGO_REDIS_URL``
    Django's Redis cache instead of the files (``redis://host:6379/0``): one cache
    for several app nodes (README, "Several app nodes"), or many workers.
``DJANGO_TRUSTED_PROXIES``
    Comma-separated addresses or networks of the reverse proxies in front of
    the site: only requests from them may name the client's address in
    ``X-Forwarded-For`` (the log-in throttle counts failures per user name
    and client address). Default: none.
``DJANGO_EMAIL_BACKEND``
    ``console`` (default: e-mails are printed to the log), ``smtp``, or a
    dotted path of a Django e-mail backend; for SMTP also
    ``DJANGO_EMAIL_HOST``, ``DJANGO_EMAIL_PORT``, ``DJANGO_EMAIL_HOST_USER``,
    ``DJANGO_EMAIL_HOST_PASSWORD``, ``DJANGO_EMAIL_USE_TLS`` / ``DJANGO_EMAIL_USE_SSL``;
    ``DJANGO_DEFAULT_FROM_EMAIL`` is the sender of password-reset e-mails.
``DJANGO_EGD_RATINGS_URL``, ``DJANGO_FFG_RATINGS_URL``, ``DJANGO_AGA_RATINGS_URL``
    Optional: the addresses ``manage.py import_ratings`` fetches the EGD's, the
    FFG's and the AGA's rating lists from (``--kind egd|ffg|aga``).
``DJANGO_CLAIM_GUESSES_PER_ADDRESS``
    Wrong claim codes one client address may try in 15 minutes (default 30).
``DJANGO_TOURNAMENT_CREATORS``
    Who may create a tournament on the site: ``anyone`` (default: every
    logged-in user) or ``approved`` (superusers, and users an administrator
    gave the permission "Can add tournament", directly or through a group).
``DJANGO_PLAIN_HTTP``
    ``1``: the site is served over plain HTTP on a local network (the venue,
    ``manage.py venue``): with debug off, no redirect to HTTPS, no cookies
    sent over HTTPS only, no HSTS. Default ``0``.
``DJANGO_CSRF_TRUSTED_ORIGINS``
    Comma-separated origins (``http://192.168.1.20:8000``) whose forms are
    trusted besides the site's own address.
``DJANGO_SITE_URL``
    The address players open (``http://192.168.1.20:8000``): the welcome
    slips, invitations, QR codes and the dashboard show it. Default: the
    address of the request.
``DJANGO_VENUE_WIFI``, ``DJANGO_VENUE_WIFI_PASSWORD``
    The playing hall's Wi-Fi: its name and password are shown on the
    dashboard and the projector with a QR code that phones join by.
``DJANGO_PUBLISH_DIR``, ``DJANGO_PUBLISH_COMMAND``, ``DJANGO_PUBLISH_EVERY_SECONDS``
    Publishing the public pages as a static web site (:mod:`tournament.publishing`):
    the folder (default ``published/``), an optional command that sends the
    folder on after a run (``rsync -a --delete {folder}/ host:/var/www/t/``),
    and how often the publisher looks for changes (default 60 s).
"""

from __future__ import annotations

import ipaddress
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_bool("DJANGO_DEBUG", True)
DEVELOPMENT_SECRET_KEY = "django-insecure-local-development-key-do-not-use-in-production"


def secret_key_from_environment(environ=os.environ, debug: bool = DEBUG) -> str:
    """``DJANGO_SECRET_KEY``, or the first line of the file ``DJANGO_SECRET_KEY_FILE`` names; the development
    key only while debug is on. With debug off the site refuses to start without a key of its own (a public
    key would let anyone forge sessions and password-reset links)."""
    key = (environ.get("DJANGO_SECRET_KEY") or "").strip()
    path = (environ.get("DJANGO_SECRET_KEY_FILE") or "").strip()
    if not key and path:
        try:
            key = Path(path).read_text(encoding="utf-8").strip().splitlines()[0].strip()
        except (OSError, UnicodeDecodeError, IndexError) as exc:
            raise ImproperlyConfigured(f"DJANGO_SECRET_KEY_FILE={path}: cannot read a key from it ({exc})") from None
    if key and key != DEVELOPMENT_SECRET_KEY:
        return key
    if debug:
        return DEVELOPMENT_SECRET_KEY
    raise ImproperlyConfigured(
        "DJANGO_DEBUG=0 needs a secret key of its own: set DJANGO_SECRET_KEY (or DJANGO_SECRET_KEY_FILE, a file "
        "holding it), for example to the output of: python -c 'import secrets; print(secrets.token_urlsafe(50))'"
    )


SECRET_KEY = secret_key_from_environment()
ALLOWED_HOSTS = [
    host.strip() for host in os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost").split(",") if host.strip()
]
if DEBUG:
    ALLOWED_HOSTS += ["testserver"]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "axes",
    "ninja",
    "tournament",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # too large or with NUL bytes: refused (in the visitor's language) before the CSRF check or a form reads the body
    "tournament.middleware.RequestGuardMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # after the two above: adds the messages of an htmx action to its answer
    "tournament.htmx_messages.HtmxMessagesMiddleware",
    # last: turns a log-in refused by the throttle into the 429 page
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "tournament.urls"
WSGI_APPLICATION = "tournament.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournament.publishing.context.published_copy",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=60,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Many people enter results at once: every transaction takes SQLite's
    # write lock when it begins (no deadlock when a reader turns writer) and
    # waits up to 20 s for it instead of failing with "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("German")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "tournament" / "locale"]
# English dates in a European format (28 Nov 2026, 28.11.2026, 14:30): tournament/locale_formats/en
FORMAT_MODULE_PATH = ["tournament.locale_formats"]
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
# Files served at the site's root by WhiteNoise: /favicon.ico (browsers ask for it without a link)
WHITENOISE_ROOT = BASE_DIR / "tournament" / "root_files"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# The cache: one per process while developing and testing, shared by all
# gunicorn workers in production: files by default, Django's own Redis
# backend when DJANGO_REDIS_URL names a server (several app nodes, which must
# all see the same sessions, throttle counts and standings; or many workers:
# `pip install redis`).
if os.environ.get("DJANGO_REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["DJANGO_REDIS_URL"],
        }
    }
elif DEBUG:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": os.environ.get("DJANGO_CACHE_DIR") or str(BASE_DIR / ".cache"),
            # sessions and players' pages live here too: room for a big tournament
            "OPTIONS": {"MAX_ENTRIES": 20000},
        }
    }

CSRF_FAILURE_VIEW = "tournament.views.errors.csrf_failure"

# While results pour in, the standings table is made again at most this
# often (seconds); the pages poll every 15 s, so nobody sees the difference,
# and the server does not recompute the table for every single result.
STANDINGS_FRESH_SECONDS = int(os.environ.get("DJANGO_STANDINGS_FRESH_SECONDS") or (0 if DEBUG else 3))

# Where `manage.py import_ratings` fetches the EGD's all-world rating list when no file is given
# (the zip or the HTML file the EGD publishes); empty: only files are read.
# Where `manage.py import_ratings` fetches each kind of rating list when it is given no file.
EGD_RATINGS_URL = os.environ.get("DJANGO_EGD_RATINGS_URL", "")
FFG_RATINGS_URL = os.environ.get("DJANGO_FFG_RATINGS_URL", "")
AGA_RATINGS_URL = os.environ.get("DJANGO_AGA_RATINGS_URL", "")

LOGIN_URL = "login"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked-out name and address
    "tournament.auth_backend.NameBackend",  # user names as typed: ＡＤＭＩＮ, Admin -> admin
]

# Log-in throttle (django-axes, failures kept in the database, so all gunicorn
# workers and app nodes see them): five failed attempts for one user name from one client
# address lock that pair out for 15 minutes; another name from the same address
# (a whole venue behind one NAT address) and the same name from elsewhere
# still get in. A success clears the count.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # the wait is 15 minutes, not "15 minutes after the last try"
AXES_USERNAME_CALLABLE = "tournament.services.accounts.throttle_username"
AXES_CLIENT_IP_CALLABLE = "tournament.client_address.client_address"
AXES_LOCKOUT_CALLABLE = "tournament.views.auth.locked_out"
AXES_DISABLE_ACCESS_LOG = True  # no record of every successful log-in
AXES_VERBOSE = False

TRUSTED_PROXIES = [proxy.strip() for proxy in os.environ.get("DJANGO_TRUSTED_PROXIES", "").split(",") if proxy.strip()]
for _proxy in TRUSTED_PROXIES:
    ipaddress.ip_network(_proxy, strict=False)  # a typo stops the start, not every log-in

# E-mail (password reset): printed to the console unless a backend is set.
EMAIL_BACKENDS = {
    "console": "django.core.mail.backends.console.EmailBackend",
    "smtp": "django.core.mail.backends.smtp.EmailBackend",
    "locmem": "django.core.mail.backends.locmem.EmailBackend",
    "file": "django.core.mail.backends.filebased.EmailBackend",
}
_email_backend = os.environ.get("DJANGO_EMAIL_BACKEND") or "console"
EMAIL_BACKEND = EMAIL_BACKENDS.get(_email_backend, _email_backend)
EMAIL_HOST = os.environ.get("DJANGO_EMAIL_HOST") or "localhost"
EMAIL_PORT = int(os.environ.get("DJANGO_EMAIL_PORT") or 25)
EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("DJANGO_EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("DJANGO_EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = 20
EMAIL_FILE_PATH = os.environ.get("DJANGO_EMAIL_FILE_PATH") or str(BASE_DIR / "sent-emails")
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL") or "webmaster@localhost"
SERVER_EMAIL = DEFAULT_FROM_EMAIL
LOGIN_REDIRECT_URL = "home"

# Who may create a tournament from the site (the creator becomes its organizer).
TOURNAMENT_CREATORS = (os.environ.get("DJANGO_TOURNAMENT_CREATORS") or "anyone").strip().lower()
if TOURNAMENT_CREATORS not in ("anyone", "approved"):  # a typo stops the start, not every page
    raise ValueError(f"DJANGO_TOURNAMENT_CREATORS must be 'anyone' or 'approved', not {TOURNAMENT_CREATORS!r}")
LOGOUT_REDIRECT_URL = "home"

# Uploads (game records, SGF, player lists, OpenGotha files) are small: a whole request may have at most
# REQUEST_MAX_BYTES, checked by its Content-Length before anything is read (tournament.middleware).
REQUEST_MAX_BYTES = 2 * 1024 * 1024
# Self-registrations from one client address (as the log-in throttle sees it) in one hour.
SELF_REGISTRATIONS_PER_HOUR = int(os.environ.get("DJANGO_SELF_REGISTRATIONS_PER_HOUR", "30"))
# Claim codes (welcome slips, invitation links), counted in the cache by tournament.throttle: the
# wrong codes one client address may try in a window, and the look-ups of one code from all
# addresses together. A hall whose phones share one NAT address shares the first.
CLAIM_GUESSES_PER_ADDRESS = int(os.environ.get("DJANGO_CLAIM_GUESSES_PER_ADDRESS", "100"))
CLAIM_LOOKUPS_PER_CODE = 30
CLAIM_GUESS_WINDOW_SECONDS = 15 * 60
DATA_UPLOAD_MAX_MEMORY_SIZE = REQUEST_MAX_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = REQUEST_MAX_BYTES

# Content-Security-Policy (django-csp): every script and style comes from the site itself; no inline
# script, no inline style, nothing from elsewhere; the board diagrams are inline SVG in the page.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

SESSION_COOKIE_AGE = 60 * 60 * 24 * 3  # a tournament weekend
# Sessions are read on every page: from the cache, written through to the database. Several app nodes
# share them through one cache (Redis): a log-out on one node is one on every node, and a cache that
# restarts logs nobody out (the database has them); the database alone would cost a query a page.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
SESSION_EXPIRE_AT_BROWSER_CLOSE = False  # players keep their phones logged in over the weekend

# Served over plain HTTP on the venue's own network (``manage.py venue``): phones reach the laptop by
# its address, there is no certificate, so cookies sent over HTTPS only would lock everybody out.
PLAIN_HTTP = env_bool("DJANGO_PLAIN_HTTP", False)
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", not PLAIN_HTTP)
    SESSION_COOKIE_SECURE = not PLAIN_HTTP
    CSRF_COOKIE_SECURE = not PLAIN_HTTP
    if not PLAIN_HTTP:
        SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
        SECURE_HSTS_INCLUDE_SUBDOMAINS = True
        SECURE_HSTS_PRELOAD = True
CSRF_TRUSTED_ORIGINS = [
    origin.strip() for origin in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if origin.strip()
]

# The address players open (welcome slips, invitations, the QR codes of the dashboard and the
# projector); empty: the address of each request. At the venue: http://<the laptop's address>:<port>.
SITE_URL = (os.environ.get("DJANGO_SITE_URL") or "").strip().rstrip("/")
# The playing hall's Wi-Fi, shown with a QR code that phones join by (dashboard, projector).
VENUE_WIFI = (os.environ.get("DJANGO_VENUE_WIFI") or "").strip()
VENUE_WIFI_PASSWORD = os.environ.get("DJANGO_VENUE_WIFI_PASSWORD") or ""

# Publishing the public pages as a static web site (tournament.publishing): the folder, the command
# that sends it on after a run (``{folder}`` stands for the folder; without it the folder is the last
# argument; empty: nothing is sent), and how often the publisher looks for changes.
PUBLISH_DIR = Path(os.environ.get("DJANGO_PUBLISH_DIR") or BASE_DIR / "published")
PUBLISH_COMMAND = (os.environ.get("DJANGO_PUBLISH_COMMAND") or "").strip()
PUBLISH_EVERY_SECONDS = max(5, int(os.environ.get("DJANGO_PUBLISH_EVERY_SECONDS") or 60))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
