"""Two tournaments that share people: A is played, B is being set up by another organizer."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model

from tournament.models import Discipline, Game, Registration, Round, Tournament, TournamentRole
from tournament.ranks import parse_rank


@dataclass
class Two:
    a: Tournament
    b: Tournament
    anna: Registration  # in A, with an account and a PIN
    bernd: Registration  # in A, entered by A's organizer (no account), with a PIN
    users: dict

    def user(self, name):
        return self.users[name]


@pytest.fixture(autouse=True)
def _english(client):
    """Messages in English: services translate with the active language, pages with the visitor's."""
    from django.utils import translation

    client.cookies["django_language"] = "en"
    with translation.override("en"):
        yield


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def build_two() -> Two:
    User = get_user_model()
    users = {
        n: User.objects.create_user(n, password=f"pw-{n}-123", email=f"{n}@example.org")
        for n in ("orga_a", "orga_b", "anna", "mallory")
    }
    a = Tournament.objects.create(
        name="Turnier A",
        slug="a",
        start_date=dt.date(2026, 5, 2),
        end_date=dt.date(2026, 5, 2),
        place="Hannover",
        mcmahon_bar=parse_rank("1d"),
        time_control="60 min + 5x30 s",
    )
    b = Tournament.objects.create(
        name="Turnier B", slug="b", start_date=dt.date(2026, 6, 6), end_date=dt.date(2026, 6, 6), place="Bremen"
    )
    TournamentRole.objects.create(tournament=a, user=users["orga_a"], role="organizer")
    TournamentRole.objects.create(tournament=b, user=users["orga_b"], role="organizer")
    go = Discipline.objects.create(tournament=a, name="Go", kind="go", board_size=19, komi=7)
    Discipline.objects.create(tournament=b, name="Go", kind="go", board_size=19, komi=7)

    def reg(surname, given, rank, pin="", user=None, club="Hannover"):
        return Registration.objects.create(
            tournament=a,
            surname=surname,
            given_name=given,
            rank=parse_rank(rank),
            egd_pin=pin,
            user=user,
            club=club,
            country="DE",
            email=f"{given.lower()}@example.org",
            status=Registration.Status.CONFIRMED,
        )

    anna = reg("Bergmann", "Anna", "3k", "12345678", users["anna"])
    bernd = reg("Brandt", "Bernd", "5k", "23456789")
    carl, dora = reg("Claus", "Carl", "1k"), reg("Diehl", "Dora", "8k")
    r1 = Round.objects.create(tournament=a, discipline=go, number=1, status=Round.Status.FINISHED)
    Game.objects.create(round=r1, table=1, black=bernd, white=anna, result="W", result_state="confirmed")
    Game.objects.create(round=r1, table=2, black=dora, white=carl, result="B", result_state="confirmed")
    return Two(a, b, anna, bernd, users)


@pytest.fixture
def two(db) -> Two:
    return build_two()
