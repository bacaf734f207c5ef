"""``make test-dispatch`` runs every pairing test whose answers numpy computes (``tests/numpy_tests.py``,
marked ``numpy`` at collection), and leaves out only those that never reach it."""

from __future__ import annotations

from tests.numpy_tests import REPO, imports, numpy_modules, uses_numpy

HERE = REPO / "tests" / "pairing"


def test_every_pairing_module_that_computes_with_numpy_is_known():
    for path in (REPO / "tournament" / "pairing").glob("*.py"):
        if "numpy" in imports(path):
            assert f"tournament.pairing.{path.stem}" in numpy_modules(), path
    # and those that use them: the engine, the teams' pairing, the services that pair a round
    assert {"tournament.pairing.engine", "tournament.pairing.teams", "tournament.services.rounds"} <= numpy_modules()


def test_the_tests_that_reach_numpy_are_selected_directly_or_through_a_helper():
    assert uses_numpy(HERE / "test_tie_rule.py")  # imports numpy itself
    assert uses_numpy(HERE / "test_opengotha_351.py")  # the engine
    assert uses_numpy(HERE / "test_constraints_edits.py")  # tests/pairing/helpers.py pairs
    assert uses_numpy(HERE / "opengotha" / "test_oracle_standings.py")  # the oracle's simulation pairs
    assert uses_numpy(HERE / "opengotha" / "test_import_export.py")  # pairs a round through the service
    # the scores are summed over numpy's arrays (tournament.pairing.scores)
    assert uses_numpy(HERE / "test_scores.py")
    assert uses_numpy(HERE / "opengotha" / "test_import_fidelity.py")


def test_the_tests_that_never_reach_numpy_are_left_out():
    assert not uses_numpy(HERE / "test_ranks.py")
    assert not uses_numpy(HERE / "test_tables.py")
    assert not uses_numpy(HERE / "opengotha" / "test_h9_as_opengotha.py")
