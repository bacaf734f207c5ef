"""The model rules: ranks in fields and forms, registrations, games."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tests.factories import make_discipline, make_player, make_round, make_tournament
from tournament.models import Bye, Game, Registration, Round
from tournament.models.discipline import DisciplineKind
from tournament.models.fields import RankFormField
from tournament.permissions import SYSTEM
from tournament.ranks import parse_rank
from tournament.services.registrations import registration_set_status

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


# --- ranks -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,shown",
    [("30k", "30k"), ("1K", "1k"), ("1d", "1d"), ("9D", "9d"), ("1p", "1p"), ("9P", "9p")],
)
def test_rank_form_field_reads_any_case_and_shows_lower_case(text, shown):
    field = RankFormField()
    value = field.clean(text)
    assert isinstance(value, int)
    assert field.prepare_value(value) == shown


@pytest.mark.parametrize(
    "bad", ["0k", "31k", "10d", "0d", "10p", "5", "k5", "5 kyu", "dan", "1.5k", "-1k", "5 k", "05k", "2dd", ""]
)
def test_rank_form_field_refuses_anything_else_with_a_clear_message(bad):
    with pytest.raises(ValidationError) as info:
        RankFormField().clean(bad)
    assert bad.strip() in str(info.value)


def test_player_rank_is_validated_by_full_clean():
    player = Registration(tournament=make_tournament(), surname="Meier", given_name="Eva", rank="12x", country="DE")
    with pytest.raises(ValidationError) as info:
        player.full_clean()
    assert "rank" in info.value.message_dict


def test_ranks_order_from_weak_to_strong():
    order = ["30k", "10k", "1k", "1d", "9d", "1p", "9p"]
    values = [parse_rank(r) for r in order]
    assert values == sorted(values)
    assert len(set(values)) == len(values)


def test_egd_pin_must_have_eight_digits_and_be_unique_within_a_tournament():
    tournament = make_tournament()
    make_player(tournament, egd_pin="12345678")
    dup = Registration(
        tournament=tournament, surname="X", given_name="Y", rank=parse_rank("3k"), egd_pin="12345678", country="DE"
    )
    with pytest.raises(ValidationError) as info:
        dup.full_clean()
    assert "EGD PIN" in str(info.value)
    short = Registration(
        tournament=tournament, surname="X", given_name="Y", rank=parse_rank("3k"), egd_pin="1234", country="DE"
    )
    with pytest.raises(ValidationError):
        short.full_clean()
    # Players without a PIN are many.
    make_player(tournament, egd_pin="")
    make_player(tournament, egd_pin="")
    # The same person, with the same PIN, in another tournament: their own registration there.
    make_player(make_tournament(), egd_pin="12345678")


# --- registrations -----------------------------------------------------------


def test_an_account_is_registered_once_per_tournament():
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("eva")
    tournament = make_tournament()
    make_player(tournament, user=user)
    with pytest.raises(IntegrityError), transaction.atomic():
        make_player(tournament, user=user)
    # ...but the same person may enter another tournament, and many registrations have no account.
    make_player(make_tournament(), user=user)
    make_player(tournament)
    make_player(tournament)


def test_registration_status_changes_are_logged():
    tournament = make_tournament()
    reg = make_player(tournament, status=Registration.Status.PRELIMINARY)
    registration_set_status(registration=reg, status=Registration.Status.CONFIRMED, reason="paid", user=SYSTEM)
    reg.refresh_from_db()
    assert reg.status == Registration.Status.CONFIRMED
    entry = tournament.audit_entries.get(action="registration.status")
    assert entry.before == {"status": "preliminary"}
    assert entry.after == {"status": "confirmed"}
    assert entry.reason == "paid"


def test_registration_absent_rounds_must_be_round_numbers():
    reg = make_player(make_tournament())
    reg.absent_rounds = [3, 1, 3]
    reg.full_clean()
    assert reg.absent_rounds == [1, 3]
    for bad in (["2"], [0], "1,2", [True]):
        reg.absent_rounds = bad
        with pytest.raises(ValidationError):
            reg.full_clean()


def test_plays_round_needs_confirmation_and_presence():
    reg = make_player(make_tournament(), status=Registration.Status.PRELIMINARY, absent_rounds=[2])
    assert not reg.plays_round(1)
    reg.status = Registration.Status.CONFIRMED
    assert reg.plays_round(1)
    assert not reg.plays_round(2)
    reg.status = Registration.Status.WITHDRAWN
    assert not reg.plays_round(1)


# --- games -------------------------------------------------------------------


@pytest.fixture
def round1():
    tournament = make_tournament()
    return make_round(tournament, make_discipline(tournament))


def test_a_player_cannot_play_themselves(round1):
    p = make_player(round1.tournament)
    game = Game(round=round1, table=1, black=p, white=p)
    with pytest.raises(ValidationError):
        game.full_clean()
    with pytest.raises(IntegrityError), transaction.atomic():
        game.save()


def test_one_game_per_player_per_round(round1):
    a, b, c = make_player(round1.tournament), make_player(round1.tournament), make_player(round1.tournament)
    Game.objects.create(round=round1, table=1, black=a, white=b)
    # a again, as White this time: caught by clean() ...
    second = Game(round=round1, table=2, black=c, white=a)
    with pytest.raises(ValidationError) as info:
        second.full_clean()
    assert "white" in info.value.message_dict
    # ... and as Black again: caught by the database too.
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(round=round1, table=2, black=a, white=c)


def test_a_player_with_a_bye_has_no_game_in_that_round(round1):
    a, b = make_player(round1.tournament), make_player(round1.tournament)
    Bye.objects.create(round=round1, player=a)
    with pytest.raises(ValidationError):
        Game(round=round1, table=1, black=a, white=b).full_clean()
    Game.objects.create(round=round1, table=1, black=b, white=make_player(round1.tournament))
    with pytest.raises(ValidationError):
        Bye(round=round1, player=b).full_clean()


def test_table_numbers_are_unique_in_a_round(round1):
    Game.objects.create(
        round=round1, table=1, black=make_player(round1.tournament), white=make_player(round1.tournament)
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(
            round=round1, table=1, black=make_player(round1.tournament), white=make_player(round1.tournament)
        )


def test_points_and_short_results(round1):
    a, b = make_player(round1.tournament), make_player(round1.tournament)
    game = Game.objects.create(round=round1, table=1, black=a, white=b)
    assert game.result_short == "?"
    game.result = "B"
    assert (game.points(a.pk), game.points(b.pk)) == (1, 0)
    game.result, game.by_default = "W", True
    assert game.result_short == "0-1!"
    game.result, game.by_default = "1", False
    assert (game.points(a.pk), game.points(b.pk)) == (1, 1)
    game.result = "D"
    assert game.points(a.pk) == game.points(b.pk) == 0.5
    with pytest.raises(ValueError):
        game.points(make_player(round1.tournament).pk)


def test_a_draw_cannot_be_by_default(round1):
    game = Game(
        round=round1,
        table=1,
        black=make_player(round1.tournament),
        white=make_player(round1.tournament),
        result="D",
        by_default=True,
    )
    with pytest.raises(ValidationError) as info:
        game.full_clean()
    assert "by_default" in info.value.message_dict


def test_a_game_takes_only_players_of_its_tournament(round1):
    a = make_player(round1.tournament)
    stranger = make_player(make_tournament())
    with pytest.raises(ValidationError) as info:
        Game(round=round1, table=1, black=a, white=stranger).full_clean()
    assert "white" in info.value.message_dict
    with pytest.raises(ValidationError):
        Bye(round=round1, player=stranger).full_clean()


# --- tournaments, disciplines, rounds ------------------------------------------


def test_tournament_validation():
    t = make_tournament()
    t.mcmahon_bar, t.mcmahon_floor = parse_rank("1k"), parse_rank("1d")
    t.standings_criteria = ["mms", "nonsense"]
    with pytest.raises(ValidationError) as info:
        t.full_clean()
    assert {"mcmahon_floor", "standings_criteria"} <= set(info.value.message_dict)
    t.mcmahon_floor = parse_rank("20k")
    t.standings_criteria = ["mms", "sos", "sosos", "sodos", "cuss", "nbw", "dc"]
    with pytest.raises(ValidationError, match="six"):
        t.full_clean()


def test_ninuki_board_sizes_and_rule_sets():
    t = make_tournament()
    d = make_discipline(t, kind=DisciplineKind.NINUKI, board_size=19)
    assert d.rule_set == "hannover"  # the default preset
    for size in (12, 14, 23):
        d.board_size = size
        with pytest.raises(ValidationError):
            d.full_clean()
    d.board_size, d.rule_set = 15, "japanese"
    d.full_clean()
    d.rule_set = "gomoku"
    with pytest.raises(ValidationError, match="pbmserv"):
        d.full_clean()


def test_round_transitions():
    t = make_tournament()
    r = make_round(t, make_discipline(t))
    assert r.can_become(Round.Status.PAIRED)
    assert not r.can_become(Round.Status.PUBLISHED)
    assert r.effective_pairing_system == t.pairing_system
