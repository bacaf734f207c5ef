"""Pair Go on the site: sides as teams of two, paired side against side with the handicap from the two
sides' mean ratings, and the live board accepting a move only from the player whose turn it is."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from tests.factories import make_player
from tests.fixtures.pair_go import PairDay, build_pair_day
from tournament.models import Game, LineUp, Round, TeamMember
from tournament.selectors.sides import move_players, side_players
from tournament.services import live as live_services
from tournament.services.live import LiveError
from tournament.services.team_rounds import team_round_pair
from tournament.services.teams import TeamError, line_up_set, team_member_add

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def pairs(db) -> PairDay:
    return build_pair_day()


def _paired(pairs: PairDay) -> Game:
    team_round_pair(round=pairs.round, user=pairs.organizer)
    Round.objects.filter(pk=pairs.round.pk).update(status=Round.Status.PUBLISHED)
    return fresh(Game.objects.get(round=pairs.round))


def fresh(game) -> Game:
    return Game.objects.select_related("round__discipline", "round__tournament", "black", "white").get(pk=game.pk)


def test_the_pair_button_pairs_side_against_side_with_the_handicap_from_the_means(pairs):
    game = _paired(pairs)
    # 2k against 6k: three stones (four grades less one); the first players alone (1d, 3k) would give two
    assert (game.white, game.black, game.handicap, game.board) == (pairs.people["alice"], pairs.people["carla"], 3, 1)
    assert game.match.team1 == pairs.teams[0]
    orders = {
        t.name: [row.player.given_name for row in LineUp.objects.filter(round=pairs.round, team=t).order_by("board")]
        for t in pairs.teams
    }
    assert orders == {"Pair 1": ["Alice", "Bob"], "Pair 2": ["Carla", "Dan"]}
    assert {c: [p.given_name for p in ps] for c, ps in side_players(game).items()} == {
        "white": ["Alice", "Bob"],
        "black": ["Carla", "Dan"],
    }


def test_the_organizer_sets_the_order_of_play(pairs):
    line_up_set(
        team=pairs.teams[1],
        round=pairs.round,
        players=[pairs.people["dan"], pairs.people["carla"]],
        user=pairs.organizer,
    )
    game = _paired(pairs)
    assert game.black == pairs.people["dan"]
    assert [p.given_name for p in side_players(game)["black"]] == ["Dan", "Carla"]


def test_a_side_has_its_two_players_and_no_more(pairs):
    extra = make_player(pairs.tournament, surname="Ernst", given_name="Eva")
    with pytest.raises(TeamError, match="A side of Pair Go has 2 players"):
        team_member_add(team=pairs.teams[0], registration=extra, user=pairs.organizer)


def _place(pairs, game, who: str, point: str):
    version = live_services.live_record(game).version
    user = pairs.users.get(who) or getattr(pairs, who)
    return live_services.place(game=fresh(game), user=user, version=version, point=point)


def test_each_move_only_from_the_player_whose_turn_it_is(pairs):
    game = _paired(pairs)
    # handicap three: Black's first player (Carla) places the stones, one by one on this board ...
    for point in ("C3", "G7", "G3"):
        with pytest.raises(LiveError, match="It is Carla Cohen's turn."):
            _place(pairs, game, "dan", point)
        _place(pairs, game, "carla", point)
    # ... then White's first player, Black's second, White's second, Black's first again
    for wrong, right, point in (
        ("bob", "alice", "E5"),
        ("carla", "dan", "C7"),
        ("alice", "bob", "E3"),
        ("dan", "carla", "E7"),
    ):
        with pytest.raises(LiveError, match="turn"):
            _place(pairs, game, wrong, point)
        _place(pairs, game, right, point)
    moves = live_services.live_record(game).move_list
    assert [p.given_name for p in move_players(fresh(game), moves)] == ["Carla"] * 3 + ["Alice", "Dan", "Bob", "Carla"]


def test_the_referee_and_the_scorer_record_for_anyone_and_a_take_back_is_the_mover_s(pairs):
    game = _paired(pairs)
    live_services.take_over(game=fresh(game), user=pairs.referee, version=live_services.live_record(game).version)
    _place(pairs, game, "referee", "C3")
    live_services.take_over(
        game=fresh(game), user=pairs.referee, version=live_services.live_record(game).version, release=True
    )
    _place(pairs, game, "carla", "G7")
    _place(pairs, game, "carla", "G3")
    _place(pairs, game, "alice", "E5")
    version = live_services.live_record(game).version
    with pytest.raises(LiveError, match="Only Alice Albers, who played the last move, can take it back."):
        live_services.take_back(game=fresh(game), user=pairs.users["bob"], version=version)
    live_services.take_back(game=fresh(game), user=pairs.users["alice"], version=version)
    assert live_services.live_record(game).move_list == ["C3", "G7", "G3"]


def test_a_resignation_in_turn_and_the_opponents_confirm(pairs):
    game = _paired(pairs)
    for who, point in (("carla", "C3"), ("carla", "G7"), ("carla", "G3")):
        _place(pairs, game, who, point)
    version = live_services.live_record(game).version
    with pytest.raises(LiveError, match="It is Alice Albers's turn."):
        live_services.end(
            game=fresh(game), user=pairs.users["bob"], version=version, loser="white", method="resignation"
        )
    played = live_services.end(
        game=fresh(game), user=pairs.users["alice"], version=version, loser="white", method="resignation"
    )
    assert played.game.result == "B"
    from tournament.permissions import confirm_refusal, may_confirm

    assert not may_confirm(pairs.users["bob"], fresh(game))  # Alice's partner: her side reported
    assert "your side" in confirm_refusal(pairs.users["bob"], fresh(game)).message
    assert may_confirm(pairs.users["dan"], fresh(game))


def test_rengo_of_three_leaves_out_a_side_without_its_three_players(db):
    day = build_pair_day("rengo3")
    with pytest.raises(ValidationError, match="plays with 3 players"):
        line_up_set(
            team=day.teams[0], round=day.round, players=[day.people["alice"], day.people["bob"]], user=day.organizer
        )
    pairing = team_round_pair(round=day.round, user=day.organizer)
    assert not Game.objects.filter(round=day.round).exists()
    assert len(pairing.warnings) == 2 and "no complete line-up" in pairing.warnings[0]


def test_the_opengotha_file_of_a_pair_go_tournament_has_the_first_players_game_and_no_teams(pairs):
    from tournament.services.opengotha import export_opengotha

    _paired(pairs)
    text = export_opengotha(pairs.tournament)
    assert "<Teams" not in text and "TeamTournamentParameterSet" not in text
    assert 'handicap="3"' in text and text.count("<Game ") == 1


def test_a_tournament_becomes_pair_go_only_when_its_teams_fit_a_side(pairs):
    from tournament.services.tournaments import tournament_update_settings

    extra = make_player(pairs.tournament, surname="Ernst", given_name="Eva")
    tournament_update_settings(tournament=pairs.tournament, data={"event_kind": "rengo3"}, user=pairs.organizer)
    team_member_add(team=pairs.teams[0], registration=extra, user=pairs.organizer)
    with pytest.raises(ValidationError, match="Pair 1 has 3 members; a side of Pair Go has 2 players."):
        tournament_update_settings(tournament=pairs.tournament, data={"event_kind": "pairgo"}, user=pairs.organizer)
    tournament_update_settings(tournament=pairs.tournament, data={"event_kind": "team3"}, user=pairs.organizer)


def test_rengo_of_three_on_the_live_board_turns_through_all_six_players(db):
    day = build_pair_day("rengo3")
    users = get_user_model().objects
    for team, (surname, given) in zip(day.teams, (("Ernst", "Eva"), ("Fuchs", "Fritz")), strict=True):
        user = users.create_user(username=given.lower(), password="pw-x-123")
        player = make_player(day.tournament, surname=surname, given_name=given, rank="5k", rating=1600, user=user)
        TeamMember.objects.create(team=team, registration=player)
        day.users[given.lower()] = user
    team_round_pair(round=day.round, user=day.organizer)
    Round.objects.filter(pk=day.round.pk).update(status=Round.Status.PUBLISHED)
    Game.objects.filter(round=day.round).update(handicap=0)  # an even game: the normal rotation from move 1
    game = fresh(Game.objects.get(round=day.round))
    black = [p.given_name.lower() for p in side_players(game)["black"]]
    white = [p.given_name.lower() for p in side_players(game)["white"]]
    assert len(black) == len(white) == 3
    points = ["C3", "G7", "G3", "C7", "E5", "E3", "D5", "F5"]
    order = [black[0], white[0], black[1], white[1], black[2], white[2], black[0], white[0]]
    for n, (who, point) in enumerate(zip(order, points, strict=True)):
        partner = (black if n % 2 == 0 else white)[(n // 2 + 1) % 3]
        with pytest.raises(LiveError, match="turn"):
            _place(day, game, partner, point)
        _place(day, game, who, point)
    assert [p.given_name.lower() for p in move_players(fresh(game), points)] == order


def test_the_round_s_warnings_check_the_handicap_by_the_sides_strength_as_the_pairing_does(pairs):
    """2k against 6k: the pairing gives three stones; the first players alone (1d, 3k) would give two, and the
    round page must not warn of that (issue #31, item 8)."""
    from tournament.selectors.round_day import game_warnings

    game = _paired(pairs)
    assert game.handicap == 3
    assert [w for w in game_warnings(pairs.round) if w["code"] == "handicap"] == []
    # a handicap changed by hand is checked against the sides' three stones, named by the sides
    Game.objects.filter(pk=game.pk).update(handicap=1)
    (warning,) = [w for w in game_warnings(pairs.round) if w["code"] == "handicap"]
    assert (warning["actual"], warning["advised"], warning["players"][0], warning["advised_white"]) == (
        1,
        3,
        "Pair 1",
        "Pair 1",
    )


def test_a_rematch_of_two_sides_is_said_once_by_the_team_pairing(pairs):
    """The team pairing records "Rematch in match 1"; the round's own check does not say it again."""
    from tests.factories import make_round
    from tournament.models import PairingRecord
    from tournament.selectors.round_day import game_warnings

    _paired(pairs)
    Round.objects.filter(pk=pairs.round.pk).update(status=Round.Status.FINISHED)
    second = make_round(pairs.tournament, pairs.round.discipline, 2)
    team_round_pair(round=second, user=pairs.organizer)
    recorded = PairingRecord.of(second.pk, "warnings").get("warnings") or []
    assert "team-rematch" in [w["code"] for w in recorded]
    assert [w for w in game_warnings(second) if w["code"] == "rematch"] == []
