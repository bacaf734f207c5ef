"""The repository polices itself: ruff's complexity limit has a short list of exceptions that only shrinks.

``pyproject.toml`` turns on ``C90`` (McCabe complexity, limit 15) and ``RUF100``
(a ``noqa`` that silences nothing is an error). The functions that were over
the limit when it was set carry ``# noqa: C901`` on their ``def`` line; this
test names them, so a new exception is a decision someone writes down here,
and RUF100 makes the ``noqa`` of a function that was split an error, so the
list only shrinks.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (file, function): the complexity exceptions of 2026-11; remove a line when its function is split.
EXCEPTIONS = {
    ("games/ninuki/board.py", "_push_index"),  # the hot path of Ninuki's validator, one loop on purpose
    ("games/sgf.py", "parse"),
    ("games/svg.py", "board"),
    ("tournament/backup.py", "load_tournament"),
    ("tournament/pairing/cost_matrix.py", "cost_matrix"),  # vectorised OpenGotha cost terms, one per branch
    ("tournament/pairing/engine.py", "build_context"),
    ("tournament/pairing/engine.py", "pair_round"),
    ("tests/bench/bench_cluster.py", "run_scenario"),
    ("tests/pairing/reference_scores.py", "score_table"),  # the transcription the fast scores are checked against
    ("tests/games/test_ninuki_reference.py", "play"),
    ("tests/pairing/opengotha/oracle/simulate.py", "simulate"),
    ("tests/reliability/test_pages_and_downloads.py", "test_a_page_and_its_downloads_answer_alike"),
    ("tests/reliability/test_permissions.py", "kwargs"),
}

NOQA_C901 = re.compile(r"^\s*(?:async\s+)?def\s+(\w+)\b.*#\s*noqa:[^#\n]*\bC901\b")


def _python_files():
    for top in ("games", "tournament", "tests"):
        for path in (ROOT / top).rglob("*.py"):
            if "migrations" not in path.parts:
                yield path


def complexity_exceptions() -> set[tuple[str, str]]:
    found = set()
    for path in _python_files():
        for line in path.read_text(encoding="utf-8").splitlines():
            m = NOQA_C901.match(line)
            if m:
                found.add((path.relative_to(ROOT).as_posix(), m.group(1)))
    return found


def test_the_complexity_exceptions_are_the_listed_ones():
    found = complexity_exceptions()
    assert found - EXCEPTIONS == set(), "a new '# noqa: C901': split the function, or list it here with a reason"
    # RUF100 already fails on a noqa that silences nothing; this names the line to delete here.
    assert EXCEPTIONS - found == set(), "a listed function is no longer an exception: delete its line above"


def test_ruff_polices_noqa_and_complexity():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]["lint"]
    assert {"RUF100", "C90"} <= set(config["select"])
    assert config["mccabe"]["max-complexity"] == 15
    assert not {"RUF100", "C90", "C901"} & set(config.get("ignore", []))
    # external codes would let a noqa name a rule that is off without RUF100 noticing
    assert not config.get("external")
