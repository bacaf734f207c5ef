"""Fast password hashing and an empty cache before and after each test."""

from tests.fixtures.autouse import _clear_cache, _fast_passwords  # noqa: F401 - autouse fixtures
