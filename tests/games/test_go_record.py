"""Reading and writing records (plain notation, SGF), replay verdicts, the command line, claims."""

import io
import json
import subprocess
import sys

import pytest

from games import go, keima, volt
from games.go import Claim, RecordError, check_claim, parse_claim, parse_record, write_sgf
from games.go.cli import main
from games.go.record import parse_text

# ---- plain notation ---------------------------------------------------------


def test_text_separators_numbers_case_and_pass():
    rec = parse_text("1. d4, q16; 2) PASS\n3.k10 12.c3\n\n  pass")
    assert [m.label for m in rec.moves] == ["D4", "Q16", "pass", "K10", "C3", "pass"]
    assert [m.line for m in rec.moves] == [1, 1, 1, 2, 2, 4]


@pytest.mark.parametrize("bad", ["12", "foo", "D4x", "I5", "K-1"])
def test_text_unreadable_tokens_name_line_and_token(bad):
    with pytest.raises(RecordError) as e:
        parse_text(f"D4\nQ16 {bad}")
    assert e.value.line == 2 and e.value.token == bad
    assert "line 2" in str(e.value) and bad in str(e.value)


def test_off_board_coordinate_is_an_illegal_move_not_unreadable():
    v = go.replay("D4 K20", size=19)
    assert not v.legal
    assert v.error.as_dict() == {"move": 2, "point": "K20", "reason": "off-board"}
    assert v.moves == 1 and v.result is None and v.score is None  # the moves replayed legally


def test_replay_counts_every_move_and_scores_only_after_two_passes():
    v = go.replay("E5 pass D4", size=9)
    assert v.legal and v.moves == 3 and v.score is None and v.result == "unfinished"
    v = go.replay("E5 pass pass", size=9, komi=0)
    assert v.score == {"black": 81, "white": 0} and v.result == "B+81"
    v = go.replay("", size=9)
    assert v.legal and v.moves == 0 and v.result == "unfinished"


def test_moves_counts_the_moves_before_an_illegal_move():
    # RULES.md, last section: `moves` is the number of moves replayed legally
    v = go.replay("E5 E5 D4 pass", size=9)
    assert v.error.move_number == 2 and v.moves == 1


def test_default_komi_and_size_per_game():
    assert go.replay("pass pass").game.komi == 7.5 and go.replay("pass pass").game.size == 19
    assert keima.replay("pass pass").result == "W+4"
    assert volt.replay("pass pass").result == "W+5"
    assert volt.replay("pass pass", komi=-1).result == "B+1"


# ---- SGF ----------------------------------------------------------------------


def test_sgf_moves_passes_size_komi():
    v = go.replay("(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[];B[tt])")
    assert v.legal and v.moves == 3 and v.game.size == 9 and v.game.komi == 6.5
    assert v.result == "B+74.5"  # W[] and B[tt] are two passes in a row
    v = go.replay("(;SZ[9]KM[0];B[ee];W[];B[dd])")
    assert v.legal and v.result == "unfinished"


def test_sgf_given_komi_wins_over_km_but_size_must_agree():
    assert go.replay("(;SZ[9]KM[6.5];B[];W[])", komi=0.5).result == "W+0.5"
    with pytest.raises(RecordError, match="SZ"):
        go.replay("(;SZ[9];B[ee])", size=19)


@pytest.mark.parametrize(
    "sgf, what",
    [
        ("(;SZ[9];B[ee];B[dd])", "black"),
        ("(;SZ[9];W[ee])", "white"),
        ("(;SZ[9];B[ee](;W[dd])(;W[cc]))", "variations"),
        ("(;SZ[9]AW[aa];B[ee])", "AW"),
        ("(;SZ[9];B[ee];AB[aa]W[dd])", "AB"),
        ("(;SZ[9:13];B[ee])", "SZ"),
        ("(;SZ[9];B[e!])", "e!"),
        ("(;GM[4]SZ[9];B[ee])", "GM"),
        ("(;SZ[9];B[ee]", "closed"),
        ("(;SZ[9]HA[x])", "HA"),
    ],
)
def test_sgf_unreadable(sgf, what):
    with pytest.raises(RecordError, match=what):
        go.replay(sgf)


def test_sgf_point_outside_the_board_is_off_board():
    v = go.replay("(;SZ[9];B[ee];W[kk])")
    assert v.error.as_dict() == {"move": 2, "point": "kk", "reason": "off-board"}
    v = go.replay("(;SZ[9];B[ja])")  # column 10 on row 9: has a Go name
    assert v.error.as_dict() == {"move": 1, "point": "K9", "reason": "off-board"}


def test_sgf_handicap_as_moves_or_the_root_s_ab_and_other_setup_stones_unreadable():
    # RULES.md, last section: setup stones are unreadable in every Go-family game -- but for the handicap
    # stones in the root with HA (issue #31, item 11: as the site writes them): Black's first moves
    v = go.replay("(;SZ[9]HA[2]AB[cc][gg];W[ee])")
    assert v.legal and v.moves == 3 and [m.handicap for m in v.game.moves] == [True, True, False]
    v = go.replay("(;SZ[9]HA[2];B[cc];B[gg];W[ee])")
    assert v.legal and v.moves == 3 and [m.handicap for m in v.game.moves] == [True, True, False]
    with pytest.raises(RecordError, match="move 3"):  # two stones of three, then White: out of turn
        go.replay("(;SZ[9]HA[3]AB[cc][gg];W[ee])")
    with pytest.raises(RecordError, match="AB"):  # no handicap: setup stones
        go.replay("(;SZ[9]AB[cc][gg];W[ee])")
    with pytest.raises(RecordError, match="AW"):
        go.replay("(;SZ[9]HA[2]AB[cc][gg]AW[ee];W[ef])")
    with pytest.raises(RecordError, match="HA"):
        go.replay("(;SZ[9]HA[2];B[cc];B[gg];W[ee])", handicap=1)


def test_write_sgf_round_trip_keeps_moves_settings_and_result():
    v = go.replay("D4 E5 pass C3 pass pass", size=9, komi=6.5)
    text = write_sgf(v.game)
    assert text.startswith("(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[6.5]RU[Chinese]RE[")
    again = go.replay(text)
    assert again.as_dict() == v.as_dict()
    assert [m.point for m in again.game.moves] == [m.point for m in v.game.moves]
    rec = parse_record(text)
    assert rec.notation == "sgf" and rec.size == 9 and rec.komi == 6.5


def test_write_sgf_for_keima_and_volt_and_handicap():
    v = keima.replay("C3 D5 C7 E8 pass pass", handicap=1)
    text = write_sgf(v.game)
    assert "HA[1]" in text and "RU[Keima-Go]" in text
    assert "AB[cg][de];W[cc]" in text  # the handicap keima in the root, as setup stones
    assert keima.replay(text).as_dict() == v.as_dict()
    v = volt.replay("C3 G7 E5 pass pass", handicap=1)
    assert volt.replay(write_sgf(v.game)).as_dict() == v.as_dict()


def test_write_sgf_puts_the_handicap_stones_in_the_root_as_ab():
    """Issue #31, item 11: HA[n] and AB with the n stones in the root (as every SGF viewer expects them),
    White's first move the first node; read back, the same game."""
    v = go.replay("C3 G7 G3 E5 C7 pass pass", size=9, handicap=3)
    text = write_sgf(v.game)
    root, first = text.split(";")[1:3]
    assert "HA[3]" in root and "AB[cg][gc][gg]" in root
    assert first == "W[ee]" and text.count(";B[") == 2  # C7 and a pass
    again = go.replay(text)
    assert again.as_dict() == v.as_dict() and [m.handicap for m in again.game.moves] == [True] * 3 + [False] * 4


# ---- command line ---------------------------------------------------------------


def run_cli(game_class, argv, stdin="", monkeypatch=None, capsys=None):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    status = main(game_class, "games.test", "test", argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_legal_illegal_unreadable(monkeypatch, capsys, tmp_path):
    status, out, err = run_cli(go.Game, ["--size", "9", "-"], "E5 pass pass", monkeypatch, capsys)
    assert status == 0 and json.loads(out) == {
        "legal": True,
        "error": None,
        "moves": 3,
        "score": {"black": 81, "white": 0},
        "result": "B+73.5",
        "dead": {"black": 0, "white": 0},
        "prisoners": {"black": 0, "white": 0},
    }
    status, out, err = run_cli(go.Game, ["--size", "9", "--komi", "0", "-"], "E5 E5", monkeypatch, capsys)
    assert status == 1 and json.loads(out)["error"] == {"move": 2, "point": "E5", "reason": "occupied"}
    status, out, err = run_cli(go.Game, ["-"], "E5\nD4 hello", monkeypatch, capsys)
    assert status == 2 and out == "" and "line 2" in err and "'hello'" in err and "Traceback" not in err
    status, out, err = run_cli(go.Game, [str(tmp_path / "missing.sgf")], "", monkeypatch, capsys)
    assert status == 2 and "cannot read" in err
    path = tmp_path / "g.sgf"
    path.write_text("(;SZ[9];B[ee];W[];B[])")
    status, out, err = run_cli(go.Game, [str(path)], "", monkeypatch, capsys)
    assert status == 0 and json.loads(out)["result"] == "B+73.5"


@pytest.mark.parametrize("module", ["games.go", "games.keima", "games.volt"])
def test_cli_modules_run(module):
    proc = subprocess.run(
        [sys.executable, "-m", module, "--size", "9", "-"], input="pass pass", capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    assert list(json.loads(proc.stdout)) == ["legal", "error", "moves", "score", "result", "dead", "prisoners"]


# ---- claims ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "record, claim, ok",
    [
        ("E5 pass pass", "B+73.5", True),
        ("E5 pass pass", "b+73.5", True),
        ("E5 pass pass", "B+", True),
        ("E5 pass pass", "B+73", False),
        ("E5 pass pass", "W+73.5", False),
        ("E5 pass pass", "B+R", False),
        ("E5 pass pass", "draw", False),
        ("E5 D4", "B+R", True),
        ("E5 D4", "W+Resign", True),
        ("E5 D4", "W+T", True),
        ("E5 D4", "W+Time", True),
        ("E5 D4", "B+3.5", False),
        ("E5 D4", "draw", False),
        ("E5 E5", "B+R", False),
    ],
)
def test_check_claim(record, claim, ok):
    answer = check_claim(go.replay(record, size=9), claim)
    assert answer.agrees is ok and bool(answer) is ok
    assert check_claim(record, claim, size=9).agrees is ok  # a record works as well as a verdict


def test_check_claim_codes_and_claim_objects():
    v = go.replay("E5 pass pass", size=9)
    assert check_claim(v, "B+73").code == "margin-differs"
    assert check_claim(v, "W+73.5").code == "winner-differs"
    assert check_claim(v, "B+R").code == "finished"
    assert check_claim(v, "draw").code == "not-a-draw"
    assert check_claim(v, Claim("score", "black", 73.5)).code == "agree"
    assert check_claim(v, ("win", "black")).code == "agree"
    assert check_claim(go.replay("E5", size=9), "B+3").code == "unfinished"
    illegal = check_claim(go.replay("E5 E5", size=9), "W+R")
    assert illegal.code == "illegal-move" and "move 2 (E5), occupied" in illegal.message
    assert keima.check_claim("pass pass", "W+4").agrees
    assert volt.check_claim("pass pass", "W+4").code == "margin-differs"
    with pytest.raises(ValueError):
        Claim("score", "black")  # a count needs its margin


def test_check_claim_draw():
    v = go.replay("pass pass", size=9, komi=0)
    assert v.result == "draw"
    assert check_claim(v, "draw") and check_claim(v, "0") and check_claim(v, "Jigo")
    assert check_claim(v, "B+3").code == "is-a-draw"
    assert not check_claim(v, "B+R")


@pytest.mark.parametrize("bad", ["", "B", "X+3", "B+3x", "B+-3"])
def test_parse_claim_rejects_junk(bad):
    with pytest.raises(ValueError):
        parse_claim(bad)
