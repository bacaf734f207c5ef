"""The examples in the Go-family docstrings run as written."""

import doctest
import importlib

import pytest

MODULES = [
    "games.go",
    "games.go.graph",
    "games.go.diagram",
    "games.go.game",
    "games.go.verdict",
    "games.go.marks",
    "games.keima",
    "games.keima.rules",
    "games.volt",
    "games.volt.rules",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
