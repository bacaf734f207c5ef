"""The plain-statement reads of every page load the same instances as the ORM."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.http import Http404

from tournament.models import Registration, Tournament
from tournament.selectors.rows import registration_of_user, tournament_by_slug

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def values(obj):
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}


@pytest.fixture
def setup():
    t = Tournament.objects.create(
        name="Vielseitig Ü",
        slug="v",
        start_date=dt.date(2026, 5, 2),
        end_date=dt.date(2026, 5, 3),
        bye_points=Decimal("0.5"),
        standings_criteria=["mms", "sos", "dc"],
        pairing_parameters={"base": {"random": 0}, "list": [1, 2]},
        time_control="60 min + 5x30 s",
    )
    user = get_user_model().objects.create_user("rows", password="pw-rows-123")
    player = Registration.objects.create(
        tournament=t,
        surname="Größe",
        given_name="Jürgen",
        rank=-3,
        user=user,
        rating=1750,
        egd_pin="12345678",
        country="DE",
        club="Hann",
        status=Registration.Status.CONFIRMED,
        absent_rounds=[2, 4],
        mms_correction=-1,
    )
    return t, user, player


def test_the_tournament_is_the_same_as_the_orms(setup):
    t, _user, _player = setup
    fresh = Tournament.objects.get(slug="v")
    loaded = tournament_by_slug("v")
    assert values(loaded) == values(fresh)
    assert loaded.pairing_parameters == {"base": {"random": 0}, "list": [1, 2]}
    assert loaded.bye_points == Decimal("0.5") and loaded.start_date == dt.date(2026, 5, 2)
    assert loaded._state.adding is False and loaded._state.db == "default"
    loaded.name = "Renamed"
    loaded.save()  # an ordinary instance: it saves
    assert Tournament.objects.get(pk=t.pk).name == "Renamed"
    with pytest.raises(Http404):
        tournament_by_slug("nope")


def test_the_registration_is_the_same_as_the_orms(setup):
    t, user, player = setup
    fresh = Registration.objects.get(tournament=t, user=user)
    loaded = registration_of_user(t, user)
    assert values(loaded) == values(fresh)
    assert loaded.absent_rounds == [2, 4] and loaded.spoken_name == fresh.spoken_name == "Jürgen Größe"
    other = get_user_model().objects.create_user("nobody", password="pw-nobody-123")
    assert registration_of_user(t, other) is None


def test_the_live_boards_game_is_the_same_as_the_orms(setup):
    """tournament.selectors.live: the game, round, discipline, players and live record in one statement."""
    from tournament.models import Discipline, Game, LiveRecord, Round
    from tournament.selectors.live import board_versions, game_and_live

    t, user, player = setup
    other = Registration.objects.create(tournament=t, surname="Zweite", given_name="Zoë", rank=2)
    discipline = Discipline.objects.create(
        tournament=t, name="Keima", kind="keima", board_size=9, komi=Decimal("4"), rule_options={}
    )
    round_ = Round.objects.create(tournament=t, discipline=discipline, number=1, status=Round.Status.PUBLISHED)
    game = Game.objects.create(
        round=round_, table=3, black=player, white=other, komi=Decimal("4.5"), handicap=1, verdict={"legal": True}
    )
    loaded, live = game_and_live(t, game.pk)
    fresh = Game.objects.select_related("round__discipline", "black", "white").get(pk=game.pk)
    assert live is None and values(loaded) == values(fresh)
    assert values(loaded.round) == values(fresh.round) and values(loaded.round.discipline) == values(discipline)
    assert values(loaded.black) == values(fresh.black) and values(loaded.white) == values(fresh.white)
    assert loaded.round.tournament is t and loaded.komi == Decimal("4.5") and loaded.verdict == {"legal": True}
    assert board_versions("v", game.pk) == (0, None, "published")

    LiveRecord.objects.create(game=game, moves="E5 F7", entries=[["rows", 1], ["rows", 2]], version=2, scorer=user)
    loaded, live = game_and_live(t, game.pk)
    assert values(live) == values(LiveRecord.objects.get(game=game)) and live.game is loaded
    assert live.move_list == ["E5", "F7"] and live.scorer == user
    assert board_versions("v", game.pk) == (0, 2, "published")
    elsewhere = Tournament.objects.create(
        name="Other", slug="o", start_date=dt.date(2026, 5, 2), end_date=dt.date(2026, 5, 3)
    )
    assert game_and_live(elsewhere, game.pk) is None and board_versions("o", game.pk) is None
