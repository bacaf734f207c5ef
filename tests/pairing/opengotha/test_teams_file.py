"""An OpenGotha team tournament's file (written here by OpenGotha 3.51's format): its teams, members,
line-ups and matches into the site, and back out."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from tests.shared import shared
from tournament.files.opengotha import read_tournament
from tournament.files.opengotha_teams import team_size
from tournament.models import Game, LineUp, Match, Team, TeamMember
from tournament.pairing.model import player_key
from tournament.permissions import SYSTEM
from tournament.services.opengotha import export_opengotha, import_notes, import_opengotha

pytestmark = pytest.mark.django_db

SOURCE = shared("opengotha") / "simpleswiss.xml"


def team_file(*, size: int = 3, rounds: int = 3, played: int = 1, board_without_round: bool = True) -> bytes:
    """simpleswiss's 32 players in 8 teams of 4 (file order), teams of ``size`` boards; rounds 1 to
    ``played`` played: team 1 - 2, 3 - 4, ... board by board, White on the odd boards for the first team,
    the first team winning board 1 and losing the others. The fourth member sits on board 4 as OpenGotha
    keeps a team's other members; team 8's board 1 is given without a round (every round)."""
    root = ET.parse(SOURCE).getroot()
    for tag in ("Games", "ByePlayers"):
        for el in root.findall(tag):
            root.remove(el)
    root.find("TournamentParameterSet/GeneralParameterSet").set("numberOfRounds", str(rounds))
    root.find("TeamTournamentParameterSet/TeamGeneralParameterSet").set("teamSize", str(size))
    players = root.findall("Players/Player")
    keys = [player_key(p.get("name"), p.get("firstName")) for p in players]
    members = [keys[4 * t : 4 * t + 4] for t in range(8)]
    games = ET.SubElement(root, "Games")
    for r in range(1, played + 1):
        for m in range(4):
            first, second = members[2 * m], members[2 * m + 1]
            for b in range(1, size + 1):
                white, black = (first, second) if b % 2 else (second, first)
                result = "RESULT_WHITEWINS" if b == 1 else ("RESULT_BLACKWINS" if b % 2 else "RESULT_WHITEWINS")
                ET.SubElement(
                    games,
                    "Game",
                    {
                        "blackPlayer": black[b - 1],
                        "whitePlayer": white[b - 1],
                        "handicap": "0",
                        "knownColor": "true",
                        "result": result,
                        "roundNumber": str(r),
                        "tableNumber": str(m * size + b),
                    },
                )
    teams = ET.SubElement(root, "Teams")
    for t in range(8):
        team = ET.SubElement(teams, "Team", {"teamNumber": str(t + 1), "teamName": f"Team {chr(65 + t)}"})
        for b, key in enumerate(members[t], 1):
            if t == 7 and b == 1 and board_without_round:
                ET.SubElement(team, "Board", {"boardNumber": "1", "player": key})
                continue
            for r in range(1, rounds + 1):
                ET.SubElement(team, "Board", {"roundNumber": str(r), "boardNumber": str(b), "player": key})
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def test_the_teams_come_with_their_members_line_ups_and_matches():
    t = import_opengotha(team_file(), slug="teams", user=SYSTEM)
    assert t.event_kind == "team3" and t.boards == 3
    teams = list(Team.objects.filter(tournament=t).order_by("number"))
    assert [x.name for x in teams] == [f"Team {c}" for c in "ABCDEFGH"]
    assert all(x.members.count() == 4 for x in teams)
    assert LineUp.objects.filter(round__tournament=t).count() == 8 * 3 * 3
    team_h = LineUp.objects.filter(team=teams[7], board=1).values_list("round__number", flat=True)
    assert sorted(team_h) == [1, 2, 3]  # the board given without a round: every round
    matches = list(Match.objects.filter(round__tournament=t).select_related("team1", "team2").order_by("table"))
    assert [(m.table, m.team1.name, m.team2.name) for m in matches] == [
        (1, "Team A", "Team B"),
        (2, "Team C", "Team D"),
        (3, "Team E", "Team F"),
        (4, "Team G", "Team H"),
    ]
    games = Game.objects.filter(round__tournament=t).order_by("table")
    assert [(g.match.table, g.board) for g in games] == [(m, b) for m in range(1, 5) for b in range(1, 4)]
    first = games[0]
    assert first.white.team_membership.team == teams[0] and first.result == "W"


def test_export_writes_the_teams_as_opengotha_does_and_reads_back_the_same():
    t = import_opengotha(team_file(), slug="teams", user=SYSTEM)
    text = export_opengotha(t)
    root = ET.fromstring(text.encode("utf-8"))
    teams = root.findall("Teams/Team")
    assert [x.get("teamName") for x in teams] == [f"Team {c}" for c in "ABCDEFGH"]
    boards = teams[0].findall("Board")
    # each round's line-up on its boards, and the file's fourth member on board 4 (past the team size) as
    # the file has him: OpenGotha counts him in the MNR
    assert {(b.get("roundNumber"), b.get("boardNumber")) for b in boards} == {
        (str(r), str(b)) for r in range(1, 4) for b in range(1, 5)
    }
    assert root.find("TeamTournamentParameterSet/TeamGeneralParameterSet").get("teamSize") == "3"
    assert len(root.findall("TeamTournamentParameterSet")) == 1 and len(root.findall("Teams")) == 1
    again = import_opengotha(text.encode("utf-8"), slug="again", user=SYSTEM)

    def shape(tournament):
        return (
            sorted(
                (row.round.number, row.team.name, row.board, row.player.display_name)
                for row in LineUp.objects.filter(round__tournament=tournament).select_related("round", "team", "player")
            ),
            sorted(
                (m.round.number, m.table, m.team1.name, m.team2.name)
                for m in Match.objects.filter(round__tournament=tournament).select_related("round", "team1", "team2")
            ),
            sorted(
                (x.team.name, x.registration.display_name)
                for x in TeamMember.objects.filter(team__tournament=tournament).select_related("team", "registration")
            ),
        )

    assert shape(again) == shape(t)
    assert team_size(read_tournament(text.encode("utf-8"))) == 3


def test_the_export_writes_only_what_the_file_and_the_site_s_line_ups_hold():
    """A round without a stored line-up gets none (the site's default line-up is not written); a member the
    site added and no round lines up goes in OpenGotha's round 20 past the team size (counted nowhere,
    kept through OpenGotha); a member who left the team leaves the file's boards past the team size."""
    t = import_opengotha(team_file(rounds=3, played=1), slug="teams", user=SYSTEM)
    LineUp.objects.filter(round__tournament=t, round__number=3).delete()
    team_a = Team.objects.get(tournament=t, name="Team A")
    fourth = TeamMember.objects.filter(team=team_a).exclude(
        registration__in=LineUp.objects.filter(team=team_a).values("player")
    )
    assert fourth.count() == 1
    fourth.delete()
    team_b = Team.objects.get(tournament=t, name="Team B")
    newcomer = TeamMember.objects.filter(team__name="Team H", team__tournament=t).exclude(
        registration__in=LineUp.objects.filter(team__name="Team H", team__tournament=t).values("player")
    )
    newcomer.update(team=team_b)
    root = ET.fromstring(export_opengotha(t).encode("utf-8"))
    written = {x.get("teamName"): x.findall("Board") for x in root.findall("Teams/Team")}
    assert {(b.get("roundNumber"), b.get("boardNumber")) for b in written["Team A"]} == {
        (str(r), str(b)) for r in (1, 2) for b in (1, 2, 3)
    }
    # Team B's own fourth member where the file has him (board 4 in every round), the newcomer in round 20
    assert {(b.get("roundNumber"), b.get("boardNumber")) for b in written["Team B"]} == {
        (str(r), str(b)) for r in (1, 2) for b in (1, 2, 3)
    } | {("1", "4"), ("2", "4"), ("3", "4"), ("20", "4")}
    assert {(b.get("roundNumber"), b.get("boardNumber")) for b in written["Team H"]} == {
        (str(r), str(b)) for r in (1, 2) for b in (1, 2, 3)
    }


def test_an_individual_tournament_exports_no_teams():
    t = import_opengotha(SOURCE, slug="single", user=SYSTEM)
    assert t.event_kind == "individual" and not Team.objects.exists()
    assert "<Teams" not in export_opengotha(t)


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda x: x.replace(b'teamSize="3"', b'teamSize="7"'), "teamSize is 7"),
        (lambda x: x.replace(b'teamNumber="2"', b'teamNumber="1"'), "same teamNumber"),
        (lambda x: x.replace(b'teamName="Team B"', b'teamName="team a"'), "same name"),
        (lambda x: x.replace(b'teamNumber="2"', b'teamNumber="99999999999"'), "teamNumber"),
        (lambda x: x.replace(b'boardNumber="2"', b'boardNumber="11"', 1), "boardNumber"),
    ],
)
def test_a_team_section_the_site_cannot_take_is_refused_in_words(change, words):
    with pytest.raises(ValidationError, match=words):
        import_opengotha(change(team_file()), slug="odd", user=SYSTEM)
    assert not Team.objects.exists()


def _with_board(text: bytes, team: int, round_number: int, board: int, player: str) -> bytes:
    root = ET.fromstring(text)
    ET.SubElement(
        root.findall("Teams/Team")[team],
        "Board",
        {"roundNumber": str(round_number), "boardNumber": str(board), "player": player},
    )
    return ET.tostring(root)


def _first_player(text: bytes) -> str:
    return ET.fromstring(text).find("Teams/Team").find("Board").get("player")


def test_a_player_in_two_teams_is_imported_as_opengotha_reads_it_and_named():
    """Team A's board 1 also sits on Team B's board 6 (past the team size, as OpenGotha keeps other
    members) and plays board 2 for Team B in round 3, the round A left him out (he moved): OpenGotha
    reads that file, and so does the site: each round's line-up as the file has it, the player a member of
    the team of his latest line-up, a note naming him."""
    text = team_file(rounds=3, played=1)
    key = _first_player(text)
    root = ET.fromstring(text)
    team_a, team_b = root.findall("Teams/Team")[:2]
    for el in [b for b in team_a.findall("Board") if b.get("player") == key and b.get("roundNumber") == "3"]:
        team_a.remove(el)
    for el in [b for b in team_b.findall("Board") if b.get("boardNumber") == "2" and b.get("roundNumber") == "3"]:
        team_b.remove(el)
    ET.SubElement(team_b, "Board", {"roundNumber": "1", "boardNumber": "6", "player": key})
    ET.SubElement(team_b, "Board", {"roundNumber": "3", "boardNumber": "2", "player": key})
    text = ET.tostring(root)
    t = import_opengotha(text, slug="two", user=SYSTEM)
    rows = LineUp.objects.filter(round__tournament=t, player__surname=_surname(text, key))
    assert sorted((r.round.number, r.team.name, r.board) for r in rows.select_related("round", "team")) == [
        (1, "Team A", 1),
        (2, "Team A", 1),
        (3, "Team B", 2),
    ]
    assert TeamMember.objects.get(registration=rows[0].player).team.name == "Team B"
    notes = import_notes(text)
    name = rows[0].player.spoken_name
    assert [n for n in notes if "more than one team" in n] == [
        f"{name} is in more than one team in the file (Team B, Team A), as OpenGotha allows: every round's "
        f"line-up is kept as the file has it, and {name} is a member of Team B, the team of their latest line-up."
    ]
    assert not [n for n in notes if "ranks the players only" in n]  # a team file is a team tournament


def _surname(text: bytes, key: str) -> str:
    for p in ET.fromstring(text).iter("Player"):
        if player_key(p.get("name"), p.get("firstName")) == key:
            return p.get("name")
    raise AssertionError(key)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_player_lined_up_for_two_teams_in_one_round_is_refused_naming_the_problem(language):
    text = team_file()
    key = _first_player(text)
    with translation.override(language), pytest.raises(ValidationError) as caught:
        import_opengotha(_with_board(text, 1, 2, 3, key), slug="odd", user=SYSTEM)
    words = " ".join(caught.value.messages)
    assert "not an OpenGotha" not in words and "keine OpenGotha" not in words
    if language == "en":
        assert "plays in round 2 for Team A (board 1) and for Team B (board 3)" in words
    else:
        assert "spielt in Runde 2 für Team A (Brett 1) und für Team B (Brett 3)" in words
    assert not Team.objects.exists()


#: The file the export above writes of :func:`team_file`, read by OpenGotha 3.51.02 and saved again by
#: it (``tests/pairing/opengotha/oracle/run.sh save EXPORTED.xml teams.saved.xml``): OpenGotha's answer.
ANSWER = Path(__file__).parent / "oracle_answers" / "teams.saved.xml"


def _teams(root) -> set[tuple[str, str, str, str, str]]:
    return {
        (t.get("teamNumber"), t.get("teamName"), b.get("roundNumber"), b.get("boardNumber"), b.get("player"))
        for t in root.iter("Team")
        for b in t.findall("Board")
    }


def test_opengotha_reads_the_exported_teams_and_saves_them_the_same():
    t = import_opengotha(team_file(), slug="teams", user=SYSTEM)
    ours = ET.fromstring(export_opengotha(t).encode("utf-8"))
    theirs = ET.parse(ANSWER).getroot()
    assert _teams(theirs) == _teams(ours) and len(_teams(ours)) == 8 * 4 * 3
    again = import_opengotha(ANSWER, slug="saved", user=SYSTEM)
    assert again.event_kind == "team3"
    assert Match.objects.filter(round__tournament=again).count() == 4
    assert LineUp.objects.filter(round__tournament=again).count() == LineUp.objects.filter(round__tournament=t).count()


def test_a_team_file_made_individual_exports_no_teams():
    t = import_opengotha(team_file(played=0), slug="teams", user=SYSTEM)
    Team.objects.filter(tournament=t).delete()
    type(t).objects.filter(pk=t.pk).update(event_kind="individual")
    t.refresh_from_db()
    assert "<Teams" not in export_opengotha(t)


def test_the_team_placement_criteria_come_in_with_the_file_and_go_out_as_the_tournament_s():
    root = ET.fromstring(team_file())
    placement = root.find("TeamTournamentParameterSet/TeamPlacementParameterSet")
    if placement is not None:
        root.find("TeamTournamentParameterSet").remove(placement)
    placement = ET.SubElement(root.find("TeamTournamentParameterSet"), "TeamPlacementParameterSet")
    criteria = ET.SubElement(placement, "PlacementCriteria")
    for n, name in [(2, "TEAMP"), (1, "BDW1U"), (3, "NULL"), (4, "SOST"), (5, "NULL"), (6, "NULL")]:
        ET.SubElement(criteria, "PlacementCriterion", {"name": name, "number": str(n)})
    t = import_opengotha(ET.tostring(root, encoding="utf-8"), slug="crit", user=SYSTEM)
    assert t.team_criteria == ["BDW1U", "TEAMP", "SOST"]
    t.team_criteria = ["BDW", "TEAMP"]
    t.save()
    out = ET.fromstring(export_opengotha(t).encode("utf-8"))
    written = out.findall("TeamTournamentParameterSet/TeamPlacementParameterSet/PlacementCriteria/PlacementCriterion")
    assert [(c.get("number"), c.get("name")) for c in written] == [
        ("1", "BDW"),
        ("2", "TEAMP"),
        ("3", "NULL"),
        ("4", "NULL"),
        ("5", "NULL"),
        ("6", "NULL"),
    ]
    assert import_opengotha(ET.tostring(out, encoding="utf-8"), slug="crit2", user=SYSTEM).team_criteria == [
        "BDW",
        "TEAMP",
    ]


@pytest.mark.parametrize("names", [["TEAMP", "TEAMP"], ["MMS"], ["NULL"] * 6])
def test_team_criteria_the_site_cannot_take_leave_opengotha_s_default(names):
    root = ET.fromstring(team_file())
    section = root.find("TeamTournamentParameterSet")
    for old in section.findall("TeamPlacementParameterSet"):
        section.remove(old)
    criteria = ET.SubElement(ET.SubElement(section, "TeamPlacementParameterSet"), "PlacementCriteria")
    for n, name in enumerate(names, 1):
        ET.SubElement(criteria, "PlacementCriterion", {"name": name, "number": str(n)})
    t = import_opengotha(ET.tostring(root, encoding="utf-8"), slug="odd", user=SYSTEM)
    assert t.team_criteria == ["TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR"]


def test_a_match_with_an_empty_board_scores_on_the_round_page_as_in_the_standings():
    """Team A leaves board 3 empty in round 1 (the game there stays, as in OpenGotha): board 1 won, board 2
    lost, board 3 nobody's; OpenGotha's threshold is the team size, so 1:1 on three boards is lost by
    both (0:0 team points), on the round page as in the team standings."""
    from tournament.selectors.team_standings import team_table
    from tournament.selectors.teams import match_lines

    root = ET.fromstring(team_file(rounds=3, played=1))
    team_a = root.find("Teams/Team")
    for el in [b for b in team_a.findall("Board") if (b.get("roundNumber"), b.get("boardNumber")) == ("1", "3")]:
        team_a.remove(el)
    t = import_opengotha(ET.tostring(root), slug="gap", user=SYSTEM)
    line = next(x for x in match_lines(t.rounds.get(number=1)) if x.match.team1.name == "Team A")
    assert (line.points1, line.points2, line.team_points) == (1, 1, (0, 0))
    table = team_table(t, public=False)
    cells = {row.name: row.cells[0] for row in table.rows}
    assert (cells["Team A"].own_x2, cells["Team A"].other_x2, cells["Team A"].team_points) == (2, 2, 0)
    assert cells["Team B"].team_points == 0 and cells["Team A"].opponent_name == "Team B"


def test_a_match_whose_board_1_is_empty_has_no_team_points_as_in_opengotha():
    """Team A's board 1 empty in round 1: OpenGotha finds no match of Team A nor of Team B (it finds a match
    by board 1's game); the round page shows boards 2 and 3 without team points, the standings no match."""
    from tournament.selectors.team_standings import team_table
    from tournament.selectors.teams import match_lines

    root = ET.fromstring(team_file(rounds=3, played=1))
    team_a = root.find("Teams/Team")
    for el in [b for b in team_a.findall("Board") if (b.get("roundNumber"), b.get("boardNumber")) == ("1", "1")]:
        team_a.remove(el)
    t = import_opengotha(ET.tostring(root), slug="gap1", user=SYSTEM)
    line = next(x for x in match_lines(t.rounds.get(number=1)) if "Team A" in (x.match.team1.name, x.match.team2.name))
    assert [g.board for g in line.games] == [2, 3] and line.team_points is None and line.winner is None
    cells = {row.name: row.cells[0] for row in team_table(t, public=False).rows}
    assert not cells["Team A"].played and not cells["Team B"].played and cells["Team C"].played
