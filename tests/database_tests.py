"""Which tests use the database: a pytest plugin loaded by ``tests/conftest.py``.

Every test that can reach the database is marked ``database`` at collection: the ones marked
``django_db`` and the ones that ask (themselves or through their fixtures) for one of pytest-django's
fixtures that open it (``DATABASE_FIXTURES``). pytest-django refuses the database to every other test,
so that is all of them. ``make test`` runs the suite on SQLite and then only ``-m "database and not browser"``
on PostgreSQL: the rules engines, the pure pairing and the file readers give the same answers whatever the
database, and run once.

A test could still get the database unseen, by asking for it while it runs (``request.getfixturevalue("db")``).
So a test not marked ``database`` that sends a query to it fails (``NotMarkedDatabase``): it cannot drop out of
the PostgreSQL run silently. ``tests/test_database_selection.py`` shows both.
"""

from __future__ import annotations

from contextlib import ExitStack

import pytest

MARK = "database"

#: pytest-django's fixtures that give a test the database (the others ask for one of these).
DATABASE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "live_server",
        "django_db_setup",  # the fixtures that unblock the database for a module (django_db_blocker alone is asked
        # for by every test: pytest-django's own _django_setup_unittest)
    }
)


class NotMarkedDatabase(AssertionError):
    """A test that was not marked ``database`` reached the database."""


def uses_database(item: pytest.Item) -> bool:
    if item.get_closest_marker("django_db") is not None:
        return True
    return not DATABASE_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", f"{MARK}: uses the database (set at collection, tests/database_tests.py); the PostgreSQL run's tests"
    )


@pytest.hookimpl(tryfirst=True)  # before -m selects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if uses_database(item):
            item.add_marker(MARK)


def _watched(item: pytest.Item):
    """Run a phase of a test not marked ``database`` with every query to the database refused loudly."""
    if item.get_closest_marker(MARK) is not None:
        return None
    from django.db import connections

    def refuse(execute, sql, params, many, context):
        raise NotMarkedDatabase(
            f"{item.nodeid} reached the database without asking for it at collection (a fixture or the "
            "django_db mark, tests/database_tests.py): it would drop out of the PostgreSQL run"
        )

    stack = ExitStack()
    for alias in connections:
        stack.enter_context(connections[alias].execute_wrapper(refuse))
    return stack


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item):
    stack = _watched(item)
    if stack is None:
        return (yield)
    with stack:
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    stack = _watched(item)
    if stack is None:
        return (yield)
    with stack:
        return (yield)
