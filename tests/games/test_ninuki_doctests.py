"""The examples in the docstrings of the shared modules and the Ninuki package run."""

import doctest

import pytest

import games.coords
import games.ninuki
import games.ninuki.board
import games.ninuki.rules
import games.sgf
import games.svg


@pytest.mark.parametrize(
    "module",
    [games.coords, games.sgf, games.svg, games.ninuki, games.ninuki.board, games.ninuki.rules],
    ids=lambda m: m.__name__,
)
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0


def test_games_imports_nothing_from_django():
    import subprocess
    import sys
    from pathlib import Path

    code = (
        "import sys, games.coords, games.sgf, games.svg, games.ninuki, games.ninuki.__main__; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('django', 'tournament')]; "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[2])
