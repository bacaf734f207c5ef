"""A small real tournament in the database: Go rounds 1-2, Ninuki round 3."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.contrib.auth import get_user_model

from tournament.models import (
    Bye,
    Discipline,
    Game,
    Registration,
    Round,
    Tournament,
    TournamentRole,
)
from tournament.models.discipline import DisciplineKind
from tournament.ranks import parse_rank


def build(slug="hannover", published=(1, 2, 3)) -> dict:
    t = Tournament.objects.create(
        name="Hannover Vielseitigkeitsturnier",
        slug=slug,
        start_date=dt.date(2026, 5, 2),
        end_date=dt.date(2026, 5, 3),
        place="Hannover",
        country="DE",
        time_control="60 min + 5x30s",
        mcmahon_bar=parse_rank("1d"),
        mcmahon_floor=parse_rank("20k"),
    )
    go = Discipline.objects.create(
        tournament=t, name="Go", kind=DisciplineKind.GO, board_size=19, komi=Decimal("6.5"), position=1
    )
    ninuki = Discipline.objects.create(
        tournament=t, name="Ninuki", kind=DisciplineKind.NINUKI, board_size=15, record_required=True, position=2
    )
    people = [
        ("Müller", "Jürgen", "2d", "Hannover", "12345678"),
        ("山田", "太郎", "1d", "Tokyo", ""),
        ("Šťastný", "Zoë", "3k", "Praha", "87654321"),
        ("Weiß", "Anna", "10k", "Göttingen", ""),
    ]
    players = []
    for surname, given, rank, club, pin in people:
        p = Registration.objects.create(
            tournament=t,
            surname=surname,
            given_name=given,
            rank=parse_rank(rank),
            club=club,
            country="DE",
            egd_pin=pin,
            status=Registration.Status.CONFIRMED,
        )
        players.append(p)
    m, y, s, w = players
    status = {n: (Round.Status.PUBLISHED if n in published else Round.Status.PAIRED) for n in (1, 2, 3)}
    r1 = Round.objects.create(tournament=t, number=1, discipline=go, status=status[1])
    r2 = Round.objects.create(tournament=t, number=2, discipline=go, status=status[2])
    r3 = Round.objects.create(tournament=t, number=3, discipline=ninuki, status=status[3])
    Game.objects.create(round=r1, table=1, black=y, white=m, result="W", komi=Decimal("6.5"))
    Game.objects.create(round=r1, table=2, black=w, white=s, result="B", handicap=3)
    Game.objects.create(round=r2, table=1, black=w, white=m, result="W", handicap=4)
    Game.objects.create(round=r2, table=2, black=s, white=y, result="B", komi=Decimal("6.5"))
    Game.objects.create(round=r3, table=1, black=m, white=s, result="B")
    Bye.objects.create(round=r3, player=w)
    Registration.objects.filter(pk=y.pk).update(absent_rounds=[3])
    user = get_user_model().objects.create_user("orga", password="pw-orga-123")
    TournamentRole.objects.create(tournament=t, user=user, role=TournamentRole.Role.ORGANIZER)
    return {"tournament": t, "players": players, "rounds": [r1, r2, r3], "organizer": user}
