import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def english():
    """Service messages are checked in English (the site's default language is German)."""
    with translation.override("en"):
        yield
