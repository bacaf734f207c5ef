"""tournament.kept.get_or_make: a value made once per key and kept in the cache every worker shares."""

from __future__ import annotations

from django.core.cache import cache

from tournament.kept import get_or_make


def test_made_once_and_given_as_made():
    cache.clear()
    made = []

    def make():
        made.append(1)
        return {"rows": list(range(5))}

    first = get_or_make("kept-test:a", make, 60)
    assert first == {"rows": [0, 1, 2, 3, 4]}
    # the value it made, not a copy read back from the cache (a congress's standings: unpickled for nothing)
    second = get_or_make("kept-test:a", make, 60)
    assert second == first
    assert made == [1]
    assert cache.get("kept-test:a") == first


def test_the_made_object_itself_on_a_miss():
    cache.clear()
    value = ["a congress"]
    assert get_or_make("kept-test:b", lambda: value, 60) is value


def test_none_is_kept_too():
    cache.clear()
    made = []

    def make():
        made.append(1)

    assert get_or_make("kept-test:c", make, 60) is None
    assert get_or_make("kept-test:c", make, 60) is None
    assert made == [1]
