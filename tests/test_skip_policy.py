"""The suite cannot pass in CI with tests skipped (``tests/skip_policy.py``), and a clone without ../shared sees the count."""

from __future__ import annotations

from tests.shared import REPO

pytest_plugins = ["pytester"]

SAMPLE = """
import pytest
from tests.shared import needs_shared

def test_runs():
    assert True

@needs_shared("no-such-folder-beside-the-project")
def test_needs_reference_material():
    assert True

def test_skips_itself():
    pytest.skip("not on this machine")
"""


def run(pytester, monkeypatch, no_skips: str | None):
    monkeypatch.setenv("PYTHONPATH", str(REPO))
    if no_skips is None:
        monkeypatch.delenv("VIELSEITIG_NO_SKIPS", raising=False)
    else:
        monkeypatch.setenv("VIELSEITIG_NO_SKIPS", no_skips)
    pytester.makepyfile(test_sample=SAMPLE)
    return pytester.runpytest_subprocess(
        "-p", "tests.skip_policy", "-p", "no:django", "-p", "no:xdist", "-p", "no:cacheprovider", "-rA"
    )


def test_a_clone_without_shared_skips_and_says_how_many(pytester, monkeypatch):
    result = run(pytester, monkeypatch, None)
    result.assert_outcomes(passed=1, skipped=2)
    result.stdout.fnmatch_lines(["*2 test(s) skipped, 1 of them because ../shared is not beside the project*"])


def test_ci_fails_on_every_skip(pytester, monkeypatch):
    result = run(pytester, monkeypatch, "1")
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed") == 1
    assert outcomes.get("skipped", 0) == 0
    assert outcomes.get("failed", 0) + outcomes.get("errors", outcomes.get("error", 0)) == 2
    assert result.ret != 0
    result.stdout.fnmatch_lines(["*VIELSEITIG_NO_SKIPS=1 allows no skip*../shared is not beside the project*"])
