"""The PostgreSQL run has every test that uses the database (``tests/database_tests.py``): those that ask for it
by a mark, a fixture or a fixture's fixture are marked ``database`` at collection, and one that reaches it
any other way fails instead of dropping out of the run unseen."""

from __future__ import annotations

from tests.shared import REPO

pytest_plugins = ["pytester"]

SAMPLE = """
import pytest

def test_pure():
    assert sum([1, 2]) == 3

@pytest.mark.django_db
def test_marked():
    from django.contrib.auth.models import User
    assert User.objects.count() == 0

@pytest.mark.django_db(transaction=True)
class TestMarkedClass:
    def test_in_class(self):
        from django.contrib.auth.models import User
        assert User.objects.count() == 0

def test_db_fixture(db):
    pass

@pytest.fixture
def built(transactional_db):
    return 1

def test_through_a_fixture(built):
    assert built == 1

@pytest.fixture(scope="module")
def once(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        from django.contrib.auth.models import User
        return User.objects.count()

def test_built_once(once):
    assert once == 0

def test_sneaks_in(request):
    request.getfixturevalue("db")
    from django.contrib.auth.models import User
    User.objects.count()
"""

#: Settings with the few models the sample needs: its database is made in a moment.
SETTINGS = """
SECRET_KEY = "sample"
INSTALLED_APPS = ["django.contrib.contenttypes", "django.contrib.auth"]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}}
USE_TZ = True
"""

DATABASE_TESTS = [
    "test_sample.py::test_marked",
    "test_sample.py::TestMarkedClass::test_in_class",
    "test_sample.py::test_db_fixture",
    "test_sample.py::test_through_a_fixture",
    "test_sample.py::test_built_once",
]


def run(pytester, monkeypatch, *args: str):
    monkeypatch.setenv("PYTHONPATH", str(REPO))
    monkeypatch.setenv("DJANGO_SETTINGS_MODULE", "sample_settings")
    pytester.makepyfile(test_sample=SAMPLE, sample_settings=SETTINGS)
    return pytester.runpytest_subprocess(
        "-p", "tests.database_tests", "-p", "no:xdist", "-p", "no:randomly", "-p", "no:cacheprovider", *args
    )


def test_the_postgresql_run_selects_every_test_that_asks_for_the_database_and_no_other(pytester, monkeypatch):
    result = run(pytester, monkeypatch, "-m", "database", "--collect-only", "-q")
    selected = [line for line in result.outlines if line.startswith("test_sample.py::")]
    assert sorted(selected) == sorted(DATABASE_TESTS)


def test_a_test_that_reaches_the_database_unmarked_fails(pytester, monkeypatch):
    result = run(pytester, monkeypatch, "-rA")
    result.assert_outcomes(passed=6, failed=1)
    result.stdout.fnmatch_lines(
        ["*NotMarkedDatabase: test_sample.py::test_sneaks_in reached the database*would drop out of the PostgreSQL run"]
    )
