"""A small tournament day: two disciplines, a published Ninuki round, users in every role."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

from tournament.models import Discipline, Game, Registration, Round, Tournament, TournamentRole
from tournament.ranks import parse_rank

#: A Ninuki record in which Black makes five in a row (K10 .. O10).
FIVE_FOR_BLACK = "K10 K9 L10 L9 M10 M9 N10 N9 O10"
#: Move 3 is played on an occupied point.
ILLEGAL_AT_3 = "K10 K9 K10"


@dataclass
class Day:
    tournament: Tournament
    other: Tournament
    ninuki: Discipline
    go: Discipline
    round1: Round
    game: Game  # alice (Black) – bob (White), Ninuki, published
    game2: Game  # carol – dave
    users: dict

    def user(self, name):
        return self.users[name]


def _user(name, **kwargs):
    return get_user_model().objects.create_user(username=name, password="pw-" + name + "-123", **kwargs)


def _player(tournament, surname, given, rank, user=None):
    return Registration.objects.create(
        tournament=tournament,
        surname=surname,
        given_name=given,
        rank=parse_rank(rank),
        user=user,
        country="DE",
        status=Registration.Status.CONFIRMED,
    )


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _clear_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def day(db) -> Day:
    return build_day()


def build_day() -> Day:
    """The tournament day in the database (used by the browser tests too)."""
    t = Tournament.objects.create(
        name="Hannover Vielseitigkeitsturnier",
        slug="hannover",
        place="Hannover",
        start_date=dt.date(2026, 11, 28),
        end_date=dt.date(2026, 11, 29),
        time_control="45 min + 5x30 s",
    )
    other = Tournament.objects.create(
        name="Elsewhere Open", slug="elsewhere", start_date=dt.date(2026, 12, 5), end_date=dt.date(2026, 12, 5)
    )
    ninuki = Discipline.objects.create(
        tournament=t, name="Ninuki-Renju", kind="ninuki", board_size=19, rule_set="hannover", record_required=True
    )
    go = Discipline.objects.create(tournament=t, name="Go", kind="go", board_size=9, komi=7, position=1)
    users = {
        name: _user(name) for name in ["alice", "bob", "carol", "dave", "referee", "organizer", "other_org", "nobody"]
    }
    users["admin"] = get_user_model().objects.create_superuser("admin", "admin@example.org", "pw-admin-123")
    TournamentRole.objects.create(tournament=t, user=users["organizer"], role="organizer")
    TournamentRole.objects.create(tournament=t, user=users["referee"], role="referee")
    TournamentRole.objects.create(tournament=other, user=users["other_org"], role="organizer")
    players = {
        "alice": _player(t, "Albers", "Alice", "3k", users["alice"]),
        "bob": _player(t, "Bauer", "Bob", "4k", users["bob"]),
        "carol": _player(t, "Conrad", "Carol", "10k", users["carol"]),
        "dave": _player(t, "Dietz", "Dave", "12k", users["dave"]),
    }
    round1 = Round.objects.create(tournament=t, discipline=ninuki, number=1, status=Round.Status.PUBLISHED)
    game = Game.objects.create(round=round1, table=1, black=players["alice"], white=players["bob"])
    game2 = Game.objects.create(round=round1, table=2, black=players["carol"], white=players["dave"])
    return Day(t, other, ninuki, go, round1, game, game2, users)


ROLES = ["anonymous", "player", "other_player", "referee", "organizer", "other_organizer", "admin"]

#: Which user plays each role (for the game of alice and bob).
ROLE_USER = {
    "player": "alice",
    "other_player": "carol",
    "referee": "referee",
    "organizer": "organizer",
    "other_organizer": "other_org",
    "admin": "admin",
}


@pytest.fixture
def as_role(client, day):
    def login(role):
        if role != "anonymous":
            client.force_login(day.user(ROLE_USER[role]))
        return client

    return login
