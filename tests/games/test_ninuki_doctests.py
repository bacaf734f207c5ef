"""The examples in the docstrings of the shared modules and the Ninuki package run."""

import doctest

import pytest

import games.coords
import games.ninuki
import games.ninuki.board
import games.ninuki.rules
import games.sgf
import games.svg


@pytest.mark.parametrize("module", [games.coords, games.sgf, games.svg, games.ninuki, games.ninuki.board,
                                    games.ninuki.rules], ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0
