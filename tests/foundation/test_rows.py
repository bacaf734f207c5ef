"""The plain-statement reads of every page load the same instances as the ORM."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.http import Http404

from tournament.models import Registration, Tournament
from tournament.selectors.rows import registration_of_user, tournament_by_slug

pytestmark = pytest.mark.django_db


def values(obj):
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}


@pytest.fixture
def setup():
    t = Tournament.objects.create(
        name="Vielseitig Ü", slug="v", start_date=dt.date(2026, 5, 2), end_date=dt.date(2026, 5, 3),
        bye_points=Decimal("0.5"), standings_criteria=["mms", "sos", "dc"],
        pairing_parameters={"base": {"random": 0}, "list": [1, 2]}, time_control="60 min + 5x30 s",
    )
    user = get_user_model().objects.create_user("rows", password="pw-rows-123")
    player = Registration.objects.create(tournament=t, surname="Größe", given_name="Jürgen", rank=-3, user=user,
                                         rating=1750, egd_pin="12345678", country="DE", club="Hann",
                                         status=Registration.Status.CONFIRMED, absent_rounds=[2, 4], mms_correction=-1)
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
    assert loaded.absent_rounds == [2, 4] and loaded.full_name == fresh.full_name == "Jürgen Größe"
    other = get_user_model().objects.create_user("nobody", password="pw-nobody-123")
    assert registration_of_user(t, other) is None
