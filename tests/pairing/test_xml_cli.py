import io
import json

import pytest

from tests.shared import needs_shared
from tournament import limits, pair_opengotha
from tournament.files.opengotha import OpenGothaFormatError, read_tournament, write_tournament

from .og_fixtures import OG_DIR, expected, tournament

needs_files = needs_shared("opengotha")


@needs_files
@pytest.mark.parametrize("name", ["notsimplemm", "Toulouse2024", "notsosimpleswiss"])
def test_round_trip_keeps_everything(name):
    t = tournament(name)
    again = read_tournament(write_tournament(t))
    assert again.players == t.players
    assert sorted(again.games, key=lambda g: (g.round, g.table)) == sorted(t.games, key=lambda g: (g.round, g.table))
    assert sorted(again.byes, key=lambda b: b.round) == sorted(t.byes, key=lambda b: b.round)
    assert again.params == t.params
    assert again.name == t.name
    # attributes the engine does not use survive as well
    text = write_tournament(again)
    assert 'ffgLicence="' in text and "<DPParameterSet" in text


@pytest.mark.parametrize(
    "text,msg",
    [
        ("<Tournament", "well-formed"),
        ("<Other/>", "expected <Tournament>"),
        ("<Tournament></Tournament>", "TournamentParameterSet"),
        ('<!DOCTYPE x [<!ENTITY a "b">]><Tournament/>', "refused"),
    ],
)
def test_malformed_files(text, msg):
    with pytest.raises(OpenGothaFormatError, match=msg):
        read_tournament(text)


@pytest.mark.parametrize(
    "general,player,what,value",
    [
        ('komi="1e308"', "", "komi", "1e308"),
        ('komi="-1E+5"', "", "komi", "-1E+5"),
        ('komi="100"', "", "komi", "100"),
        ('komi="1e999"', "", "komi", "1e999"),  # infinity
        ("", 'rating="99999999999"', "player AB rating", "99999999999"),
        ("", 'rating="' + "9" * 30 + '"', "player AB rating", "9" * 20 + "…"),
        ("", 'smmsCorrection="-40000"', "player AB smmsCorrection", "-40000"),
        ("", 'participating="' + "1" * 21 + '"', "player AB participating", "21 rounds"),
    ],
)
def test_numbers_beyond_the_sites_limits_name_the_attribute_and_the_limit(general, player, what, value):
    """Every number is bounded (tournament/limits.py) with code ``range`` and its parameters, which the site
    puts into the reader's language."""
    xml = (
        f'<Tournament><Players><Player name="A" firstName="B" rank="1D" {player}/></Players>'
        f"<TournamentParameterSet><GeneralParameterSet {general}/></TournamentParameterSet></Tournament>"
    )
    with pytest.raises(OpenGothaFormatError) as info:
        read_tournament(xml)
    assert info.value.code == "range"
    assert (info.value.params["what"], info.value.params["value"]) == (what, value)


def test_komi_within_the_limits_is_read():
    xml = (
        '<Tournament><TournamentParameterSet><GeneralParameterSet komi="-99.5"/></TournamentParameterSet></Tournament>'
    )
    assert read_tournament(xml).params.general.komi == -99.5


def test_deeply_nested_elements_are_refused_while_parsing():
    """200,000 nested elements: refused with code ``deep`` before the serializer's recursion would fail."""
    deep = "<a>" * 200_000 + "</a>" * 200_000
    xml = f"<Tournament>{deep}<TournamentParameterSet><GeneralParameterSet/></TournamentParameterSet></Tournament>"
    with pytest.raises(OpenGothaFormatError) as info:
        read_tournament(xml)
    assert info.value.code == "deep" and info.value.params == {"most": limits.XML_DEPTH}
    shallow = "<a>" * 20 + "</a>" * 20
    xml = f"<Tournament>{shallow}<TournamentParameterSet><GeneralParameterSet/></TournamentParameterSet></Tournament>"
    assert read_tournament(xml).extra["others"]


def test_bad_rank_is_reported():
    xml = (
        '<Tournament><Players><Player name="A" firstName="B" rank="12Q"/></Players>'
        "<TournamentParameterSet><GeneralParameterSet/></TournamentParameterSet></Tournament>"
    )
    with pytest.raises(OpenGothaFormatError, match="12Q"):
        read_tournament(xml)


@needs_files
def test_cli_prints_the_contract():
    out = io.StringIO()
    assert pair_opengotha.main([str(OG_DIR / "notsimplemm.xml"), "--round", "3"], stdout=out) == 0
    data = json.loads(out.getvalue())
    assert set(data) == {"round", "games", "bye"}
    assert data["round"] == 3
    games, bye = expected("notsimplemm", 3)
    assert {(g["white"], g["black"], g["handicap"]) for g in data["games"]} == games
    assert data["bye"] == bye
    assert sorted(g["table"] for g in data["games"]) == list(range(1, len(games) + 1))


def test_cli_error_exit(tmp_path):
    f = tmp_path / "x.xml"
    f.write_text("not xml")
    err = io.StringIO()
    assert pair_opengotha.main([str(f), "--round", "1"], stderr=err) == 2
    assert "pair_opengotha" in err.getvalue()


@needs_files
def test_management_command():
    from django.core.management import call_command

    out = io.StringIO()
    call_command("pair_opengotha", str(OG_DIR / "simplemm.xml"), "--round", "2", stdout=out)
    data = json.loads(out.getvalue())
    assert {(g["white"], g["black"], g["handicap"]) for g in data["games"]} == expected("simplemm", 2)[0]


@needs_files
def test_manage_py_pairs_without_starting_django_and_says_the_same(tmp_path):
    from pathlib import Path

    from django.core.management import call_command

    """``manage.py pair_opengotha`` skips Django's start-up (it touches no
    database) and prints what the Django command prints, errors included."""
    import subprocess
    import sys

    from django.core.management import CommandError

    repo = Path(__file__).resolve().parents[2]
    args = [str(OG_DIR / "simplemm.xml"), "--round", "2"]
    fast = subprocess.run(
        [sys.executable, "manage.py", "pair_opengotha", *args], cwd=repo, capture_output=True, text=True
    )
    out = io.StringIO()
    call_command("pair_opengotha", *args, stdout=out)
    assert fast.returncode == 0 and fast.stdout == out.getvalue()
    bad = tmp_path / "bad.xml"
    bad.write_text("<Tournament/>")
    fast = subprocess.run(
        [sys.executable, "manage.py", "pair_opengotha", str(bad), "--round", "1"],
        cwd=repo,
        capture_output=True,
        text=True,
    )
    with pytest.raises(CommandError) as e:
        call_command("pair_opengotha", str(bad), "--round", "1")
    assert fast.returncode == 1 and fast.stderr == f"CommandError: {e.value}\n"


@pytest.mark.slow
def test_the_command_pairs_fields_past_opengothas_2000_players(tmp_path):
    """Congresses of 4,700 players and more are played: ``pair_opengotha`` reads up to 10,000 players
    (the director's own file), while an upload keeps OpenGotha's 2,000."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from bench_pairing import synthetic

    from tournament.files.opengotha import COMMAND_PLAYERS, MAX_PLAYERS

    t = synthetic(MAX_PLAYERS + 100, seed=3, rounds_played=1)
    f = tmp_path / "congress.xml"
    f.write_text(write_tournament(t), encoding="utf-8")
    with pytest.raises(OpenGothaFormatError, match="OpenGotha holds at most 2000"):
        read_tournament(f)
    out = io.StringIO()
    assert pair_opengotha.main([str(f), "--round", "2"], stdout=out) == 0
    data = json.loads(out.getvalue())
    present = sum(p.present(2) for p in t.players)
    assert 2 * len(data["games"]) + (data["bye"] is not None) == present
    assert len({k for g in data["games"] for k in (g["white"], g["black"])}) == 2 * len(data["games"])

    crowd = synthetic(COMMAND_PLAYERS + 1, seed=3, rounds_played=0)
    f.write_text(write_tournament(crowd), encoding="utf-8")
    err = io.StringIO()
    assert pair_opengotha.main([str(f), "--round", "1"], stderr=err) == 2
    assert "10001 players: pair_opengotha reads at most 10000" in err.getvalue()
