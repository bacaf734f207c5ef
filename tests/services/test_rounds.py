"""Round services: pairing through the engine, status changes, manual edits."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from tests.factories import make_player
from tournament.models import Game, PairConstraint, Round
from tournament.permissions import SYSTEM
from tournament.services.round_edits import game_move_table, game_swap_players, pair_constraint_add
from tournament.services.rounds import (
    RoundStateError,
    round_finish,
    round_pair,
    round_publish,
    round_unpair,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def seated(round_: Round) -> list[int]:
    ids = []
    for g in round_.games.all():
        ids += [g.black_id, g.white_id]
    return ids + list(round_.byes.values_list("player_id", flat=True))


def test_pairing_seats_every_present_player_once_with_one_bye(field):
    tournament, players, r1, _ = field
    outcome = round_pair(round=r1, user=SYSTEM)
    r1.refresh_from_db()
    assert r1.status == Round.Status.PAIRED
    assert sorted(seated(r1)) == sorted(p.pk for p in players)
    assert outcome.bye is not None and r1.byes.count() == 1
    assert outcome.games == 5
    assert sorted(r1.games.values_list("table", flat=True)) == [1, 2, 3, 4, 5]
    assert tournament.audit_entries.filter(action="round.pair").count() == 1


def test_absent_and_unconfirmed_players_are_not_paired(field):
    tournament, players, r1, _ = field
    reg = players[0]
    reg.absent_rounds = [1]
    reg.save()
    late = make_player(tournament, rank="6k", status="preliminary")
    round_pair(round=r1, user=SYSTEM)
    ids = seated(r1)
    assert players[0].pk not in ids and late.pk not in ids
    assert len(ids) == len(players) - 1 and r1.byes.count() == 0


def test_pairing_twice_is_refused(field):
    _, _, r1, _ = field
    round_pair(round=r1, user=SYSTEM)
    with pytest.raises(RoundStateError, match="only a planned round"):
        round_pair(round=r1, user=SYSTEM)
    assert r1.games.count() == 5


def test_stale_round_object_cannot_publish_twice(field):
    _, _, r1, _ = field
    round_pair(round=r1, user=SYSTEM)
    stale = Round.objects.get(pk=r1.pk)
    round_publish(round=r1, user=SYSTEM)
    # `stale` still believes the round is paired, at the old version.
    from tournament.services.rounds import advance_round

    with pytest.raises(RoundStateError, match="somebody else"):
        advance_round(stale, Round.Status.PAIRED, Round.Status.PUBLISHED)


def test_the_second_round_avoids_rematches_and_ninuki_has_no_handicap(field):
    _, players, r1, r2 = field
    round_pair(round=r1, user=SYSTEM)
    round_publish(round=r1, user=SYSTEM)
    for g in r1.games.all():
        g.result = "B"
        g.save()
    round_finish(round=r1, user=SYSTEM)
    round_pair(round=r2, user=SYSTEM)
    first = {frozenset((g.black_id, g.white_id)) for g in r1.games.all()}
    second = {frozenset((g.black_id, g.white_id)) for g in r2.games.all()}
    assert not first & second
    assert all(g.handicap == 0 and g.komi == 0 for g in r2.games.all())
    # The player with the bye in round 1 does not get it again.
    assert set(r1.byes.values_list("player", flat=True)).isdisjoint(r2.byes.values_list("player", flat=True))


def test_forbidden_pairs_never_meet(field):
    tournament, players, r1, _ = field
    # Ranks next to each other would be paired first; forbid all such pairs.
    for a, b in zip(players, players[1:]):
        pair_constraint_add(
            tournament=tournament,
            kind=PairConstraint.Kind.FORBIDDEN,
            player_a=a,
            player_b=b,
            reason="same car",
            user=SYSTEM,
        )
    round_pair(round=r1, user=SYSTEM)
    forbidden = {frozenset((a.pk, b.pk)) for a, b in zip(players, players[1:])}
    assert not {frozenset((g.black_id, g.white_id)) for g in r1.games.all()} & forbidden


def test_a_fixed_pair_is_paired_and_kept_on_repairing(field):
    tournament, players, r1, _ = field
    a, b = players[0], players[-1]
    pair_constraint_add(
        tournament=tournament, kind=PairConstraint.Kind.FIXED, player_a=a, player_b=b, round=r1, user=SYSTEM
    )
    round_pair(round=r1, user=SYSTEM)
    game = r1.games.get(black__in=[a, b], white__in=[a, b])
    assert game.pinned
    round_unpair(round=r1, user=SYSTEM)
    assert list(r1.games.all()) == [game]
    round_pair(round=r1, user=SYSTEM)
    assert r1.games.filter(pk=game.pk).exists()
    assert sorted(seated(r1)) == sorted(p.pk for p in players)


def test_swapping_players_pins_both_games_and_warns_of_a_rematch(field):
    _, players, r1, r2 = field
    round_pair(round=r1, user=SYSTEM)
    round_publish(round=r1, user=SYSTEM)
    r1.games.update(result="B")
    round_finish(round=r1, user=SYSTEM)
    round_pair(round=r2, user=SYSTEM)
    # Two players who met in round 1, at different tables in round 2.
    met = r1.games.first()
    a, b = met.black, met.white
    game_a = r2.games.get(pk__in=Game.objects.filter(round=r2, black=a) | Game.objects.filter(round=r2, white=a))
    game_b = r2.games.get(pk__in=Game.objects.filter(round=r2, black=b) | Game.objects.filter(round=r2, white=b))
    assert game_a != game_b  # the engine avoided the rematch
    partner = game_a.white if game_a.black_id == a.pk else game_a.black
    warnings = game_swap_players(round=r2, player_a=partner, player_b=b, user=SYSTEM)
    assert any("Rematch" in w and a.spoken_name in w and b.spoken_name in w for w in warnings), warnings
    assert sorted(seated(r2)) == sorted(seated(r1))
    assert r2.games.filter(pinned=True).count() == 2
    assert r2.tournament.audit_entries.filter(action="round.swap").exists()


def test_colour_swap_in_one_game(field):
    _, _, r1, _ = field
    round_pair(round=r1, user=SYSTEM)
    game = r1.games.get(table=1)
    black, white = game.black_id, game.white_id
    game_swap_players(round=r1, player_a=game.black, player_b=game.white, user=SYSTEM)
    game = r1.games.get(table=1)
    assert (game.black_id, game.white_id) == (white, black)


def test_editing_a_finished_round_is_refused(field):
    _, _, r1, _ = field
    round_pair(round=r1, user=SYSTEM)
    round_publish(round=r1, user=SYSTEM)
    r1.games.update(result="B")
    round_finish(round=r1, user=SYSTEM)
    g1, g2 = r1.games.order_by("table")[:2]
    with pytest.raises(RoundStateError):
        game_swap_players(round=r1, player_a=g1.black, player_b=g2.black, user=SYSTEM)


def test_moving_a_game_to_an_occupied_table_swaps_the_tables(field):
    _, _, r1, _ = field
    round_pair(round=r1, user=SYSTEM)
    g1 = r1.games.get(table=1)
    g3 = r1.games.get(table=3)
    game_move_table(game=g1, table=3, user=SYSTEM)
    g1.refresh_from_db(), g3.refresh_from_db()
    assert (g1.table, g3.table) == (3, 1)
    with pytest.raises(ValidationError):
        game_move_table(game=g1, table=0, user=SYSTEM)


def test_finishing_needs_every_result(field):
    _, _, r1, _ = field
    round_pair(round=r1, user=SYSTEM)
    round_publish(round=r1, user=SYSTEM)
    with pytest.raises(RoundStateError, match="missing at tables 1, 2, 3, 4, 5"):
        round_finish(round=r1, user=SYSTEM)
    r1.games.update(result="W")
    round_finish(round=r1, user=SYSTEM)
    r1.refresh_from_db()
    assert r1.status == Round.Status.FINISHED


def test_publishing_an_unpaired_round_is_refused(field):
    _, _, r1, _ = field
    with pytest.raises(RoundStateError):
        round_publish(round=r1, user=SYSTEM)


def test_the_organizer_sees_each_pair_explained_and_why_the_bye(field, client):
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from tournament.models import TournamentRole

    tournament, players, r1, _ = field
    round_pair(round=r1, user=SYSTEM)
    user = get_user_model().objects.create_user("td", password="pw-td-12345")
    TournamentRole.objects.create(tournament=tournament, user=user, role="organizer")
    client.force_login(user)
    client.cookies["django_language"] = "en"
    page = client.get(reverse("manage_round", args=[tournament.slug, 1])).content.decode()
    assert "Pairing value" in page and "score difference" in page
    bye = r1.byes.get().player
    assert f"{bye.spoken_name} has the lowest bye weight" in page
    # After a swap the old explanation no longer fits the table and is not shown.
    g1, g2 = r1.games.order_by("table")[:2]
    game_swap_players(round=r1, player_a=g1.black, player_b=g2.black, user=SYSTEM)
    page = client.get(reverse("manage_round", args=[tournament.slug, 1])).content.decode()
    assert page.count("Pairing value") == 3


def test_a_swap_gives_the_new_pairs_handicap_and_komi_by_the_rules(field):
    tournament, players, r1, _ = field
    tournament.mcmahon_bar, tournament.mcmahon_floor = 8, -30  # everybody's own rank counts
    tournament.handicap_threshold = 8
    tournament.save()
    round_pair(round=r1, user=SYSTEM)
    top = r1.games.get(table=1)
    bottom = r1.games.order_by("-table").first()
    # The strongest player against the weakest: a big handicap game.
    strong = top.white
    weak = bottom.black if bottom.black.rank < bottom.white.rank else bottom.white
    partner = top.black
    warnings = game_swap_players(round=r1, player_a=partner, player_b=weak, user=SYSTEM)
    game = Game.objects.get(round=r1, white=strong)
    assert game.black_id == weak.pk
    assert game.handicap >= 2 and game.komi == Decimal("0.5")
    assert not any("Handicap at table" in w for w in warnings), warnings
