"""A team round's pairing stored from plain matches (the engine's output; here made by hand)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tests.factories import make_tournament
from tournament.models import AuditEntry, Game, LineUp, Match, Round, Team
from tournament.selectors.teams import matches_of
from tournament.services.team_rounds import BoardPair, TeamMatch, team_round_store

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def _match(teams, table, a, b, order=(0, 1, 2), **board_kw) -> TeamMatch:
    boards = []
    for board, i in enumerate(order, 1):
        x, y = teams.members[a][i], teams.members[b][i]
        black, white = (x, y) if board % 2 == 0 else (y, x)
        boards.append(BoardPair(board=board, black=black.pk, white=white.pk, **board_kw))
    return TeamMatch(table=table, team1=teams.teams[a].pk, team2=teams.teams[b].pk, boards=tuple(boards))


def test_matches_become_games_on_boards_with_their_line_ups(teams):
    made = team_round_store(
        round=teams.round1,
        matches=[_match(teams, 1, 0, 1), _match(teams, 2, 2, 3, order=(3, 1, 0))],
        user=teams.organizer,
    )
    teams.round1.refresh_from_db()
    assert teams.round1.status == Round.Status.PAIRED and len(made) == 2
    games = list(Game.objects.filter(round=teams.round1).order_by("table"))
    assert [(g.table, g.match.table, g.board) for g in games] == [
        (1, 1, 1),
        (2, 1, 2),
        (3, 1, 3),
        (4, 2, 1),
        (5, 2, 2),
        (6, 2, 3),
    ]
    assert all(g.komi == teams.round1.discipline.komi for g in games)
    hamburg = LineUp.objects.filter(round=teams.round1, team=teams.teams[2]).order_by("board")
    assert [row.player for row in hamburg] == [teams.members[2][3], teams.members[2][1], teams.members[2][0]]
    views = matches_of(teams.round1)
    assert [(v.match.team1.name, v.match.team2.name, len(v.games)) for v in views] == [
        ("Hannover", "Berlin", 3),
        ("Hamburg", "Köln", 3),
    ]
    entry = AuditEntry.objects.get(action="team.round.pair")
    assert entry.after == {"matches": ["1: Hannover – Berlin", "2: Hamburg – Köln"], "games": 6}


def test_the_stored_pairing_keeps_a_board_s_handicap_and_komi(teams):
    team_round_store(
        round=teams.round1,
        matches=[_match(teams, 1, 0, 1, handicap=2, komi=Decimal("0.5"))],
        user=teams.organizer,
    )
    assert {(g.handicap, g.komi) for g in teams.round1.games.all()} == {(2, Decimal("0.5"))}


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda t, m: [m, _match(t, 2, 0, 2)], "two matches"),
        (lambda t, m: [m, _match(t, 1, 2, 3)], "Table 1 is not free"),
        (lambda t, m: [TeamMatch(table=1, team1=m.team1, team2=m.team2, boards=m.boards[:2])], "each of its 3"),
        (lambda t, m: [TeamMatch(table=0, team1=m.team1, team2=m.team2, boards=m.boards)], "from 1 to"),
        (lambda t, m: [TeamMatch(table=10**9, team1=m.team1, team2=m.team2, boards=m.boards)], "from 1 to"),
        (lambda t, m: [_match(t, 1, 0, 1, handicap=99)], "handicap"),
        (lambda t, m: [_match(t, 1, 0, 1, komi=Decimal("1e9"))], "komi"),
        (lambda t, m: [TeamMatch(table=1, team1=m.team1, team2=t.teams[2].pk, boards=m.boards)], "own player"),
        (lambda t, m: [TeamMatch(table=1, team1=m.team1, team2=10**9, boards=m.boards)], "another tournament"),
    ],
)
def test_a_pairing_the_tournament_cannot_hold_is_refused_whole(teams, change, words):
    with pytest.raises(ValidationError, match=words):
        team_round_store(round=teams.round1, matches=change(teams, _match(teams, 1, 0, 1)), user=teams.organizer)
    teams.round1.refresh_from_db()
    assert teams.round1.status == Round.Status.PLANNED
    assert not Game.objects.exists() and not Match.objects.exists() and not LineUp.objects.exists()


def test_a_player_who_misses_the_round_is_refused(teams):
    teams.members[0][1].absent_rounds = [1]
    teams.members[0][1].save()
    with pytest.raises(ValidationError, match="does not play in round 1"):
        team_round_store(round=teams.round1, matches=[_match(teams, 1, 0, 1)], user=teams.organizer)


def test_sent_twice_the_second_is_refused_and_nothing_doubles(teams):
    team_round_store(round=teams.round1, matches=[_match(teams, 1, 0, 1)], user=teams.organizer)
    with pytest.raises(ValidationError, match="only a planned round"):
        team_round_store(round=teams.round1, matches=[_match(teams, 1, 0, 1)], user=teams.organizer)
    assert Game.objects.count() == 3 and Match.objects.count() == 1


def test_only_an_organizer_stores_a_pairing_and_only_in_a_team_tournament(teams):
    with pytest.raises(PermissionDenied):
        team_round_store(round=teams.round1, matches=[], user=teams.referee)
    individual = make_tournament()
    from tests.factories import make_discipline, make_round

    round_ = make_round(individual, make_discipline(individual))
    with pytest.raises(PermissionDenied):
        team_round_store(round=round_, matches=[], user=teams.organizer)


def test_a_match_s_boards_are_not_swapped_or_unpaired_by_hand(teams):
    from tournament.services.round_edits import game_move_table, game_swap_players, game_unpair

    team_round_store(round=teams.round1, matches=[_match(teams, 1, 0, 1)], user=teams.organizer)
    first = teams.round1.games.get(board=1)
    with pytest.raises(ValidationError, match="board of a team match"):
        game_unpair(game=first, user=teams.organizer)
    with pytest.raises(ValidationError, match="board of a team match"):
        game_swap_players(round=teams.round1, player_a=first.black, player_b=first.white, user=teams.organizer)
    assert Game.objects.filter(match__isnull=False).count() == 3
    moved = game_move_table(game=first, table=9, user=teams.organizer)
    assert (moved.table, moved.match_id, moved.board) == (9, first.match_id, 1)  # another table keeps the board


def test_a_team_round_is_not_paired_player_by_player(teams):
    from tournament.services.rounds import round_pair

    with pytest.raises(ValidationError, match="team against team"):
        round_pair(round=teams.round1, user=teams.organizer)
    teams.round1.refresh_from_db()
    assert teams.round1.status == Round.Status.PLANNED and not Game.objects.exists()


def test_the_bye_team_is_stored_and_unpairing_takes_it_back(teams):
    from tournament.models import TeamBye
    from tournament.services.rounds import round_unpair

    with pytest.raises(ValidationError, match="without a match"):
        team_round_store(
            round=teams.round1, matches=[_match(teams, 1, 0, 1)], bye=teams.teams[0].pk, user=teams.organizer
        )
    team_round_store(round=teams.round1, matches=[_match(teams, 1, 0, 1)], bye=teams.teams[2].pk, user=teams.organizer)
    assert TeamBye.objects.get(round=teams.round1).team == teams.teams[2]
    assert AuditEntry.objects.get(action="team.round.pair").after["bye"] == "Hamburg"
    round_unpair(round=teams.round1, user=teams.organizer)
    assert not TeamBye.objects.exists() and not Match.objects.exists()


def test_a_team_with_a_bye_is_not_deleted(teams):
    from tournament.services.teams import team_delete

    team_round_store(round=teams.round1, matches=[_match(teams, 1, 0, 1)], bye=teams.teams[2].pk, user=teams.organizer)
    with pytest.raises(ValidationError, match="cannot be deleted"):
        team_delete(team=teams.teams[2], user=teams.organizer)


def test_the_team_engine_pairs_a_round_and_the_next_avoids_the_rematch(teams):
    from tournament.services.results import result_set
    from tournament.services.team_rounds import team_round_pair

    team_round_pair(round=teams.round1, user=teams.organizer)
    teams.round1.refresh_from_db()
    assert teams.round1.status == Round.Status.PAIRED
    first = list(Match.objects.filter(round=teams.round1).order_by("table"))
    assert len(first) == 2 and Game.objects.filter(round=teams.round1, match__isnull=False).count() == 6
    assert sorted(g.table for g in teams.round1.games.all()) == [1, 2, 3, 4, 5, 6]
    for m in first:  # the first team has White on board 1; each board a player of each team
        board1 = m.games.get(board=1)
        assert board1.white.team_membership.team_id == m.team1_id
    assert LineUp.objects.filter(round=teams.round1).count() == 12
    Round.objects.filter(pk=teams.round1.pk).update(status=Round.Status.PUBLISHED)
    for g in teams.round1.games.all():
        result_set(game=g, user=teams.organizer, version=g.version, result="B", reason="desk")
    Round.objects.filter(pk=teams.round1.pk).update(status=Round.Status.FINISHED)
    team_round_pair(round=teams.round2, user=teams.organizer)
    met = {frozenset((m.team1_id, m.team2_id)) for m in first}
    again = {frozenset((m.team1_id, m.team2_id)) for m in Match.objects.filter(round=teams.round2)}
    assert len(again) == 2 and not met & again


def test_the_team_engine_gives_an_odd_team_the_bye(teams):
    from tournament.models import TeamBye
    from tournament.services.team_rounds import team_round_pair

    Team.objects.filter(pk=teams.teams[3].pk).delete()
    team_round_pair(round=teams.round1, user=teams.organizer)
    assert Match.objects.filter(round=teams.round1).count() == 1
    assert TeamBye.objects.filter(round=teams.round1).count() == 1


def test_a_team_round_refuses_a_game_or_a_bye_by_hand(teams):
    """Issue #26's team day: "Pair two players by hand" made an ordinary game outside any match in a team
    round, and "Give the bye" a player's bye; both are refused in words, nothing is written."""
    from tournament.services.round_edits import players_pair, round_set_bye

    team_round_store(round=teams.round1, matches=[_match(teams, 1, 0, 1)], user=teams.organizer)
    a, b = teams.members[2][0], teams.members[3][0]  # Hamburg's and Köln's first, without a game
    with pytest.raises(ValidationError, match="team tournament: a game is a board of a match"):
        players_pair(round=teams.round1, player_a=a, player_b=b, user=teams.organizer)
    with pytest.raises(ValidationError, match="the bye goes to a team"):
        round_set_bye(round=teams.round1, player=a, user=teams.organizer)
    assert teams.round1.games.count() == 3 and not teams.round1.games.filter(match=None).exists()
    assert not teams.round1.byes.exists()


def test_the_team_engine_s_warnings_are_kept_with_the_round(teams):
    """Issue #26's team day: the teams left out without a complete line-up and the rematches the team
    pairing could not avoid are kept with the round (as an individual pairing keeps its warnings)."""
    from tournament.models import PairingRecord
    from tournament.pairing_words import warning_text
    from tournament.services.results import result_set
    from tournament.services.team_rounds import team_round_pair

    Team.objects.filter(pk=teams.teams[3].pk).delete()  # three teams, Hamburg without a line-up: left out
    hamburg = teams.teams[2]
    hamburg.members.filter(registration__in=teams.members[2][1:]).delete()  # one member: no line-up
    team_round_pair(round=teams.round1, user=teams.organizer)
    kept = PairingRecord.of(teams.round1.pk, "warnings")["warnings"]
    assert [warning_text(w) for w in kept] == ["Hamburg has no complete line-up for round 1 and is not paired."]
    Round.objects.filter(pk=teams.round1.pk).update(status=Round.Status.PUBLISHED)
    for g in teams.round1.games.all():
        result_set(game=g, user=teams.organizer, version=g.version, result="B", reason="desk")
    team_round_pair(round=teams.round2, user=teams.organizer)  # Hannover and Berlin meet again
    kept = PairingRecord.of(teams.round2.pk, "warnings")["warnings"]
    texts = [warning_text(w) for w in kept]
    assert "Rematch in match 1: Hannover and Berlin have played each other before." in texts, texts


def test_a_team_with_an_empty_board_is_not_paired_as_in_opengotha(teams):
    """OpenGotha pairs complete teams only (``isTeamComplete``): Hannover's line-up with board 1 empty leaves
    it out of the round, in words; the other teams are paired."""
    from tournament.models import PairingRecord
    from tournament.pairing_words import warning_text
    from tournament.services.team_rounds import team_round_pair
    from tournament.services.teams import line_up_set

    m = teams.members[0]
    line_up_set(team=teams.teams[0], round=teams.round1, players=[None, m[1], m[2]], user=teams.organizer)
    team_round_pair(round=teams.round1, user=teams.organizer)
    paired = {t for match in Match.objects.filter(round=teams.round1) for t in (match.team1_id, match.team2_id)}
    assert teams.teams[0].pk not in paired and len(paired) == 2
    kept = PairingRecord.of(teams.round1.pk, "warnings")["warnings"]
    assert "Hannover has no complete line-up for round 1 and is not paired." in [warning_text(w) for w in kept]
    assert sorted(LineUp.objects.filter(team=teams.teams[0], round=teams.round1).values_list("board", flat=True)) == [
        2,
        3,
    ]


def test_a_board_counts_for_the_team_of_the_round_s_line_up_after_its_player_moved(teams):
    """An OpenGotha file may move a player from one team to another between rounds: round 1's board 2, won
    for Hannover, stays Hannover's on the round page after the player became a member of Hamburg."""
    from tournament.models import TeamMember
    from tournament.selectors.teams import board_teams, match_lines

    team_round_store(round=teams.round1, matches=[_match(teams, 1, 0, 1)], user=teams.organizer)
    games = {g.board: g for g in Game.objects.filter(round=teams.round1)}
    for g in games.values():
        g.result = "B"
        g.save()
    moved = teams.members[0][1]  # Hannover's board 2, Black there
    assert games[2].black == moved
    TeamMember.objects.filter(registration=moved).update(team=teams.teams[2])
    (line,) = match_lines(teams.round1)
    assert (line.match.team1, line.points1, line.points2, line.team_points) == (teams.teams[0], 1, 2, (0, 2))
    assert board_teams(games[2])[:2] == (teams.teams[0], teams.teams[1])


def test_a_team_round_s_board_gets_the_komi_an_individual_round_s_game_gets(teams):
    """Issue #33: the individual round's game took komi 0 where the pairing named none, the team round's
    board the discipline's; both are made by one function now."""
    from tournament.pairing.model import Game as PlainGame
    from tournament.services.rounds import unsaved_game

    go = teams.round1.discipline
    go.komi = Decimal("7.5")
    go.save()
    teams.round1.refresh_from_db()
    team_round_store(round=teams.round1, matches=[_match(teams, 1, 0, 1)], user=teams.organizer)
    board = Game.objects.filter(round=teams.round1).first()
    a, b = teams.members[2][0], teams.members[3][0]
    single = unsaved_game(teams.round2, PlainGame(round=2, white=str(a.pk), black=str(b.pk), table=1), pinned=False)
    assert board.komi == single.komi == Decimal("7.5")


def test_a_pair_becomes_a_game_in_one_place():
    """The twin finder: in the services, only ``rounds.pair_game`` builds a Game (an imported file's games,
    results and all, are read by ``file_import._rounds``)."""
    import ast
    from pathlib import Path

    import tournament.services as services

    makers = set()
    for path in sorted(Path(services.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef):
                for node in ast.walk(fn):
                    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Game":
                        makers.add(f"{path.stem}.{fn.name}")
    assert makers == {"rounds.pair_game", "file_import._rounds"}


# --- the table plan holds for a team round -----------------------------------------------------------


def _boards_at(round_) -> list[tuple[int, int, int]]:
    """(match, board, table) of each board game, by match and board."""
    return sorted((g.match.table, g.board, g.table) for g in Game.objects.filter(round=round_).select_related("match"))


def test_a_team_round_honours_the_excluded_and_reserved_tables(teams):
    """Three boards a match; table 3 is broken, table 9 is the broadcast table:

    1 2 [3x] 4 5 6 7 8 [9r] 10 11 12
    . .      B B B . .  A   A  A       (tables 1-2, 7-8 hold no match of 3: empty)
    """
    from tournament.services.tables import table_plan_save

    table_plan_save(
        tournament=teams.round1.tournament,
        excluded="3",
        reserved="9",
        halls="1-20: Hall A, rows of 5",
        user=teams.organizer,
    )
    team_round_store(round=teams.round1, matches=[_match(teams, 1, 0, 1), _match(teams, 2, 2, 3)], user=teams.organizer)
    assert _boards_at(teams.round1) == [(1, 1, 9), (1, 2, 10), (1, 3, 11), (2, 1, 4), (2, 2, 5), (2, 3, 6)]
    from tournament.selectors.tables import hall_plan, where

    assert where(hall_plan(teams.round1.tournament), 11) == "Hall A, row 3"  # a team board's place in the hall


def test_too_few_tables_for_a_team_round_is_refused_with_the_one_text(teams):
    from tournament.pairing_words import tables_full_text
    from tournament.services.tables import table_plan_save

    table_plan_save(tournament=teams.round1.tournament, excluded="2-9999", user=teams.organizer)
    with pytest.raises(ValidationError) as caught:
        team_round_store(round=teams.round1, matches=[_match(teams, 1, 0, 1)], user=teams.organizer)
    assert caught.value.messages == [tables_full_text()]
    teams.round1.refresh_from_db()
    assert teams.round1.status == Round.Status.PLANNED and not Game.objects.filter(round=teams.round1).exists()


def test_pair_again_and_renumbering_follow_the_plan(teams):
    """Paired on 1-6; then table 2 breaks: renumbering moves the matches to 3-5 and 6-8
    (1 [2x] 3 4 5 6 7 8), a board moved by hand staying where it was put; pairing again
    keeps the plan."""
    from tournament.services.round_edits import game_move_table
    from tournament.services.tables import round_renumber_tables, table_plan_save
    from tournament.services.team_rounds import team_round_repair

    team_round_store(round=teams.round1, matches=[_match(teams, 1, 0, 1), _match(teams, 2, 2, 3)], user=teams.organizer)
    assert [t for _m, _b, t in _boards_at(teams.round1)] == [1, 2, 3, 4, 5, 6]
    table_plan_save(tournament=teams.round1.tournament, excluded="2", user=teams.organizer)
    assert round_renumber_tables(round=teams.round1, user=teams.organizer) == 6
    assert _boards_at(teams.round1) == [(1, 1, 3), (1, 2, 4), (1, 3, 5), (2, 1, 6), (2, 2, 7), (2, 3, 8)]
    assert round_renumber_tables(round=teams.round1, user=teams.organizer) == 0  # the plan is followed
    game_move_table(game=Game.objects.get(round=teams.round1, table=8), table=20, user=teams.organizer)
    round_renumber_tables(round=teams.round1, user=teams.organizer)
    assert _boards_at(teams.round1) == [(1, 1, 3), (1, 2, 4), (1, 3, 5), (2, 1, 6), (2, 2, 7), (2, 3, 20)]
    team_round_repair(round=teams.round1, user=teams.organizer)
    assert sorted(g.table for g in teams.round1.games.all()) == [3, 4, 5, 6, 7, 8]
