from __future__ import annotations

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _english():
    from django.utils import translation

    cache.clear()
    with translation.override("en"):
        yield


@pytest.fixture
def client():
    """A browser that asks for English (the site's own language is German)."""
    from django.test import Client

    return Client(headers={"Accept-Language": "en"})
