"""The command line contract: ``python -m games.ninuki``."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.ninuki.__main__ import main

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"legal", "outcome", "reason", "captures", "moves", "error"}


def run(args, stdin=b""):
    p = subprocess.run(
        [sys.executable, "-m", "games.ninuki", *args], input=stdin, capture_output=True, cwd=ROOT, timeout=60
    )
    return p.returncode, [json.loads(line) for line in p.stdout.decode().splitlines()], p.stderr.decode()


def test_one_record_from_stdin():
    code, out, err = run(["-"], b"1. K10 K9 2. N10\n")
    assert code == 0 and err == ""
    assert out == [
        {
            "legal": True,
            "outcome": "unfinished",
            "reason": None,
            "captures": {"black": 0, "white": 0},
            "moves": 3,
            "error": None,
        }
    ]


def test_lines_with_an_illegal_record(tmp_path):
    f = tmp_path / "games.txt"
    f.write_text("K10 K9 L10 L9 M10 M9 N10 N9 O10\n\nK10 K10\nK10 K9 pass pass\n")
    code, out, err = run(["--lines", str(f)])
    assert code == 1 and err == ""
    assert [set(o) for o in out] == [KEYS] * 3
    assert out[0]["outcome"] == "black" and out[0]["reason"] == "five" and out[0]["moves"] == 9
    assert out[1] == {
        "legal": False,
        "outcome": None,
        "reason": None,
        "captures": {"black": 0, "white": 0},
        "moves": 1,
        "error": {"move": 2, "point": "K10", "reason": "occupied"},
    }
    assert (out[2]["outcome"], out[2]["reason"]) == ("draw", "double-pass")


def test_sgf_record_and_rules_option():
    sgf = b"(;FF[4]GM[1]SZ[15];B[hh];W[ii];B[])"
    code, out, _ = run(["--rules", "japanese", "-"], sgf)
    assert code == 0 and out[0]["moves"] == 3
    code, out, err = run(["-"], sgf)  # hannover is 19x19, but without --size SZ sets the size
    assert code == 0 and out[0]["moves"] == 3
    code, out, err = run(["--size", "17", "-"], sgf)  # with --size a differing SZ is unreadable
    assert code == 2 and out == [] and "SZ[15]" in err and "line 1" in err
    code, out, err = run(["--size", "15", "-"], sgf)
    assert code == 0


def test_unreadable_token_names_line_and_token():
    code, out, err = run(["--lines", "-"], b"K10 K9\nK10 Z99x\n")
    assert code == 2
    assert "line 2" in err and "'Z99x'" in err and "Traceback" not in err
    assert len(out) == 1  # the readable record is still checked


@pytest.mark.parametrize(
    "args, message",
    [
        (["--size", "20", "-"], "board size"),
        (["--size", "x", "-"], "invalid int"),
        (["--rules", "gomoku", "-"], "invalid choice"),
        (["/nonexistent/file"], "cannot read"),
    ],
)
def test_bad_invocation_exits_2(args, message):
    code, out, err = run(args, b"K10")
    assert code == 2 and message in err and "Traceback" not in err


def test_bytes_that_are_not_utf8():
    code, out, err = run(["-"], b"K10 \xff\xfe K9")
    assert code == 2 and "line 1" in err and "not UTF-8" in err and "Traceback" not in err


def test_off_board_is_illegal_not_unreadable():
    code, out, _ = run(["-"], b"K10 K20")
    assert code == 1 and out[0]["error"] == {"move": 2, "point": "K20", "reason": "off-board"}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    data=st.one_of(
        st.binary(max_size=200),
        st.text(alphabet="K10J9 pas.,;()[]BW:SZ\n\t\\AEjk5", max_size=120).map(str.encode),
    ),
    lines=st.booleans(),
)
def test_fuzz_never_crashes(tmp_path, capsys, data, lines):
    f = tmp_path / "fuzz.txt"
    f.write_bytes(data)
    code = main((["--lines"] if lines else []) + [str(f)])
    out, err = capsys.readouterr()
    assert code in (0, 1, 2)
    for line in out.splitlines():
        assert set(json.loads(line)) == KEYS
    if code == 2:
        assert err.strip()


def test_lines_are_text_notation_never_sgf():
    code, out, err = run(["--lines", "-"], b"(;B[jj])\nK10 K9\n")
    assert code == 2 and "line 1: unreadable token" in err and len(out) == 1
