"""The tournament day of the site tests (two tournaments, users in every role), for the reliability tests."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.site.conftest import FIVE_FOR_BLACK, ROLE_USER, ROLES, Day, build_day  # noqa: F401


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _clear_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def day(db) -> Day:
    return build_day()
