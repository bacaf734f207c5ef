"""Settings for the whole suite.

On SQLite the test database is a file (in memory where the machine has a
RAM disk), not Django's shared-cache in-memory database: that one answers
"database table is locked" at once to a second thread that writes, where a
real SQLite file waits for the lock (``timeout`` in settings). The
concurrency tests in ``tests/reliability`` run real threads against it.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

#: Fixtures any test may ask for by name (none of them autouse): see tests/README.md.
pytest_plugins = [
    "tests.fixtures.day",
    "tests.fixtures.two",
    "tests.fixtures.field",
    "tests.fixtures.teams",
    "tests.fixtures.team_rounds",
    "tests.fixtures.language",
    "tests.fixtures.migrated",  # migrated_sqlite: copies of one SQLite file made by manage.py migrate
    "tests.fixtures.redis_db",  # a real Redis (make test starts one), for the production cache and several nodes
    "tests.skip_policy",  # skips counted; a failure where VIELSEITIG_NO_SKIPS=1 (CI)
    "tests.numpy_tests",  # the tests whose answers numpy computes marked `numpy`: make test-dispatch's
    "tests.database_tests",
    "tests.xdist_groups",  # --dist loadgroup keeps an xdist_group on one worker (with pytest 9 too)  # the tests that use the database marked `database`: the PostgreSQL run's
]

# `make test` draws the same examples every run (HYPOTHESIS_PROFILE=repeatable):
# the suite that decides whether work lands does not depend on luck. Plain
# `pytest` keeps exploring new examples.
hypothesis_settings.register_profile("repeatable", derandomize=True, print_blob=True)
if os.environ.get("HYPOTHESIS_PROFILE"):
    hypothesis_settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    from django.conf import settings

    db = settings.DATABASES["default"]
    folder = None
    if db["ENGINE"] == "django.db.backends.sqlite3" and not db.get("TEST", {}).get("NAME"):
        shm = Path("/dev/shm")
        folder = Path(tempfile.mkdtemp(prefix="vielseitig-test-", dir=shm if shm.is_dir() else None))
        db.setdefault("TEST", {})["NAME"] = str(folder / "test.sqlite3")
    yield
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True, scope="session")
def _fast_passwords_everywhere():
    """Accounts made by any test, in any folder and in session or module fixtures too, hash their passwords fast
    (the production hasher takes a good part of a second for each on purpose)."""
    from django.test import override_settings

    from tests.fixtures.once import FAST_HASHERS

    with override_settings(PASSWORD_HASHERS=FAST_HASHERS):
        yield


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: keys hold primary keys, which a rolled-back test may reuse."""
    from django.core.cache import cache

    cache.clear()
    yield


@pytest.fixture(autouse=True)
def _site_language():
    """Each test starts in the site's own language (German): a request activates its visitor's language for the
    thread and leaves it there, so without this a test would read the language of an earlier test's last request
    (on PostgreSQL's run order a German refusal came out in English)."""
    from django.conf import settings
    from django.utils import translation

    with translation.override(settings.LANGUAGE_CODE):
        yield
