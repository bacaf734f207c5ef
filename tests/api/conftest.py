"""The API tests use the site tests' tournament day (tests/fixtures/day.py)."""

from __future__ import annotations

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _clear_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def client():
    """A browser that asks for English (the site's own language is German)."""
    from django.test import Client

    return Client(headers={"Accept-Language": "en"})


@pytest.fixture(autouse=True)
def _language_restored():
    """Requests activate their language for the thread; give back the one the test found."""
    from django.utils import translation

    with translation.override(translation.get_language()):
        yield
