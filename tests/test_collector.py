"""The cycle collector paused while a standings table is made (:mod:`tournament.collector`) runs again
afterwards, also when the table could not be made; one that was off before stays off."""

from __future__ import annotations

import gc

import pytest

from tournament.collector import collector_paused


def test_the_collector_runs_again_after_the_block():
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_the_collector_runs_again_after_an_error():
    with pytest.raises(ZeroDivisionError), collector_paused():
        1 / 0  # noqa: B018
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off():
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
