"""No silent skips: a pytest plugin loaded by ``tests/conftest.py``.

A skip is counted in the summary (those for missing ``../shared`` apart, see
:mod:`tests.shared`). With ``VIELSEITIG_NO_SKIPS=1`` (``.ci/run`` sets it)
every skip is a failure instead: in CI a test that could not run has not passed.
"""

from __future__ import annotations

import os

import pytest

from tests.shared import MISSING

ENV = "VIELSEITIG_NO_SKIPS"


def _reason(report) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])
    return str(longrepr)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if os.environ.get(ENV) == "1" and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped, and {ENV}=1 allows no skip: {_reason(report)}"


def pytest_terminal_summary(terminalreporter):
    skipped = terminalreporter.stats.get("skipped", [])
    if not skipped:
        return
    missing = sum(1 for r in skipped if MISSING in _reason(r))
    line = f"{len(skipped)} test(s) skipped"
    if missing:
        line += f", {missing} of them because {MISSING}"
    terminalreporter.write_line(f"{line} (CI, with {ENV}=1, fails on any skip)", yellow=True, bold=True)
