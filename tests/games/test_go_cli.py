"""The command line contract: ``python -m games.go [--size N] [--komi K] [--handicap H]
[--rules chinese|japanese] [--dead POINTS] [--neutral POINTS] FILE`` (and ``games.keima``,
``games.volt``, which take no marks)."""

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.games.test_go_dead_stones import RECORD, SGF

ROOT = Path(__file__).resolve().parents[2]
KEYS = ["legal", "error", "moves", "score", "result", "dead", "prisoners"]

# RECORD ends on 5x5 with White's A4 left dead in Black's area (test_go_dead_stones.py):
#     . . X O .
#     O X X O .
#     X . X O O
#     . X X O .
#     . . X O .


def run(module, args, stdin=""):
    p = subprocess.run(
        [sys.executable, "-m", module, *args], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    return p.returncode, (json.loads(p.stdout) if p.stdout else None), p.stderr


def test_dead_stones_and_prisoners_in_the_answer():
    code, out, err = run("games.go", ["--size", "5", "--komi", "0.5", "--dead", "A4", "-"], RECORD)
    assert code == 0 and err == ""
    assert list(out) == KEYS  # the old keys first, as they were
    assert out == {
        "legal": True,
        "error": None,
        "moves": 18,
        "score": {"black": 15, "white": 10},
        "result": "B+4.5",
        "dead": {"black": 0, "white": 1},
        "prisoners": {"black": 1, "white": 0},
    }


def test_rules_japanese_and_sgf_letters_and_neutral():
    code, out, _ = run("games.go", ["--size", "5", "--rules", "japanese", "--dead", "ab", "-"], RECORD)
    assert code == 0 and out["score"] == {"black": 9, "white": 4} and out["result"] == "W+1.5"  # komi 6.5
    args = ["--size", "5", "--komi", "0.5", "--rules", "japanese", "--dead", "A4", "--neutral", "E5, B3", "-"]
    code, out, _ = run("games.go", args, RECORD)
    assert code == 0 and out["score"] == {"black": 8, "white": 3}


def test_without_dead_the_sgf_tb_tw_count_and_dead_wins_over_them(tmp_path):
    path = tmp_path / "game.sgf"
    path.write_text(SGF)
    code, out, _ = run("games.go", [str(path)])
    assert code == 0 and out["dead"] == {"black": 0, "white": 1} and out["result"] == "B+4.5"
    code, out, _ = run("games.go", ["--dead", "", str(path)])
    assert code == 0 and out["dead"] == {"black": 0, "white": 0} and out["result"] == "B+0.5"


def test_without_options_the_answer_is_todays():
    code, out, _ = run("games.go", ["--size", "9", "-"], "E5 pass pass")
    assert code == 0 and out["score"] == {"black": 81, "white": 0} and out["result"] == "B+73.5"
    assert out["dead"] == {"black": 0, "white": 0}
    code, out, _ = run("games.go", ["--size", "9", "-"], "E5 D4")
    assert code == 0 and out["score"] is None and out["dead"] is None and out["result"] == "unfinished"
    assert out["prisoners"] == {"black": 0, "white": 0}


@pytest.mark.parametrize(
    "args, message",
    [
        (["--dead", "A1"], "there is no stone on A1"),
        (["--dead", "A4,F3"], "F3 is not on the 5x5 board"),
        (["--dead", "ff"], "ff is not on the 5x5 board"),
        (["--dead", "A4;tt"], "tt is not on the 5x5 board"),
        (["--dead", "hello"], "'hello' is not a point"),
        (["--neutral", "C3"], "C3 holds a stone"),
        (["--neutral", "A0"], "A0 is not on the 5x5 board"),
        (["--rules", "hannover"], "invalid choice: 'hannover'"),
    ],
)
def test_marks_that_do_not_fit_are_unreadable(args, message):
    code, out, err = run("games.go", ["--size", "5", *args, "-"], RECORD)
    assert code == 2 and out is None
    assert message in err and "Traceback" not in err


def test_marks_on_an_unfinished_record_are_unreadable_and_an_illegal_one_stays_illegal():
    code, out, err = run("games.go", ["--size", "5", "--dead", "C3", "-"], "C3 D3")
    assert code == 2 and "has not ended with two passes" in err
    code, out, err = run("games.go", ["--size", "5", "--dead", "A1", "-"], "C3 C3 pass pass")
    assert code == 1 and out["error"]["reason"] == "occupied" and out["dead"] is None


@pytest.mark.parametrize(
    "module, record",
    [("games.keima", "E5 F7 pass pass"), ("games.volt", "E5 pass pass")],
)
def test_keima_and_volt_take_no_marks(module, record):
    code, out, err = run(module, ["--dead", "E5", "-"], record)
    assert code == 2 and "every stone on the board is alive" in err
    code, out, err = run(module, ["--neutral", "A1", "-"], record)
    assert code == 2
    code, out, err = run(module, ["--rules", "japanese", "-"], record)
    assert code == 2 and "invalid choice" in err
    code, out, err = run(module, ["--rules", "hannover", "-"], record)
    assert code == 0 and out["dead"] == {"black": 0, "white": 0}


def test_the_usage_and_the_readme_say_the_contract():
    contract = (
        "python -m games.go [--size N] [--komi K] [--handicap H] [--rules chinese|japanese]"
        " [--dead POINTS] [--neutral POINTS] FILE"
    )
    readme = " ".join((ROOT / "README.md").read_text().replace("\\|", "|").split())
    assert contract.replace("games.go", "games.go|games.keima|games.volt") in readme
    go_doc = ast.get_docstring(ast.parse((ROOT / "games/go/__main__.py").read_text()))
    assert " ".join(go_doc.replace("``", "").split()).startswith(contract)
    usage = subprocess.run([sys.executable, "-m", "games.go", "--help"], capture_output=True, text=True, cwd=ROOT)
    usage = " ".join(usage.stdout.split())
    for option in ("--rules {chinese,japanese}", "--dead POINTS", "--neutral POINTS"):
        assert option in usage
