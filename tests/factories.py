"""Small builders for model objects in tests (real database, no mocks)."""

from __future__ import annotations

import datetime as dt
import itertools

from tournament.models import Discipline, Registration, Round, Tournament
from tournament.models.discipline import DisciplineKind
from tournament.ranks import parse_rank

_counter = itertools.count(1)


def make_tournament(**kwargs) -> Tournament:
    n = next(_counter)
    values = dict(
        name=f"Test tournament {n}",
        slug=f"test-{n}",
        start_date=dt.date(2026, 11, 28),
        end_date=dt.date(2026, 11, 29),
        place="Hannover",
    )
    values.update(kwargs)
    return Tournament.objects.create(**values)


def make_discipline(tournament: Tournament, kind=DisciplineKind.GO, **kwargs) -> Discipline:
    values = dict(name=f"{kind} {next(_counter)}", kind=kind, board_size=19 if kind == DisciplineKind.NINUKI else 9)
    values.update(kwargs)
    return Discipline.objects.create(tournament=tournament, **values)


def make_player(
    tournament: Tournament, surname=None, given_name="Test", rank="5k", status=Registration.Status.CONFIRMED, **kwargs
) -> Registration:
    """A player registered in ``tournament`` (the registration holds the player's data)."""
    return Registration.objects.create(
        tournament=tournament,
        surname=surname or f"Player{next(_counter)}",
        given_name=given_name,
        rank=parse_rank(rank) if isinstance(rank, str) else rank,
        status=status,
        **kwargs,
    )


def make_round(tournament: Tournament, discipline: Discipline, number: int = 1, **kwargs) -> Round:
    return Round.objects.create(tournament=tournament, discipline=discipline, number=number, **kwargs)


def form_as_sent(form, **changes) -> dict:
    """A form as its page sends it back unchanged (each field's initial value, list fields as ``name_0``,
    ``name_1``...), with ``changes``."""
    data = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        if isinstance(value, list):
            for i, v in enumerate(value):
                data[f"{name}_{i}"] = v
        elif value is not None:
            data[name] = field.prepare_value(value) if hasattr(field, "prepare_value") else value
    data.update(changes)
    return data


def tournament_made_on_the_page(client, name: str, language: str = "en", system: str = "roundrobin") -> Tournament:
    """A tournament made as a director makes it: a new account logged in (``ute``), the new-tournament
    form sent in ``language`` with the pairing ``system`` chosen; the tournament it made."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    client.force_login(get_user_model().objects.create_user("ute", password="x"))
    client.cookies["django_language"] = language
    data = {
        "name": name,
        "start_date": "2027-03-06",
        "end_date": "",
        "place": "Hannover",
        "country": "de",
        "time_zone": "Europe/Berlin",
        "pairing_system": system,
    }
    assert client.post(reverse("tournament_new"), data).status_code == 302
    return Tournament.objects.get(name=name)
