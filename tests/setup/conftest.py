"""Setting a tournament up on the site: the tournament day of tests/site, in English."""

from __future__ import annotations

import pytest

from tests.site.conftest import _clear_cache, _fast_passwords, as_role, day  # noqa: F401 - fixtures


@pytest.fixture(autouse=True)
def _english(client):
    """Messages in English: services translate with the active language, pages with the visitor's."""
    from django.utils import translation

    client.cookies["django_language"] = "en"
    with translation.override("en"):
        yield


@pytest.fixture
def organizer_client(client, day):  # noqa: F811 - the fixture imported above
    client.force_login(day.user("organizer"))
    return client
