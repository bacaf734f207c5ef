"""Migration 0017 (rating lists of three kinds, a tournament's own) loses nothing of the EGD list in use.

On the test database (SQLite and PostgreSQL): a list imported before the change keeps every player with
his PIN (now the number in the list), stays the site's EGD list, and every tournament goes on looking
players up in the EGD's list.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = ("tournament", "0016_round_pairing_record")
AFTER = ("tournament", "0017_rating_lists_kinds_and_own_lists")


@pytest.mark.django_db(transaction=True)
def test_the_egd_list_in_use_survives_as_the_sites_egd_list():
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    old = executor.loader.project_state([BEFORE]).apps
    T, L, P = (old.get_model("tournament", m) for m in ("Tournament", "RatingList", "RatedPlayer"))
    T.objects.create(name="A", slug="a", start_date="2026-01-01", end_date="2026-01-01")
    rating_list = L.objects.create(published="2024-03-14", file_name="allworld_lp.html", size=2, skipped=["odd"])
    rows = [
        ("12345678", "Müller", "Jürgen", "DE", "Hann", -3, 1800, " muller jurgen"),
        ("22334455", "van der Berg", "Jan Willem", "NL", "Amst", 4, 2480, " van der berg jan willem"),
    ]
    for pin, surname, given, country, club, rank, rating, search in rows:
        P.objects.create(
            rating_list=rating_list,
            pin=pin,
            surname=surname,
            given_name=given,
            country=country,
            club=club,
            rank=rank,
            rating=rating,
            search=search,
        )

    executor = MigrationExecutor(connection)
    executor.migrate([AFTER])
    new = executor.loader.project_state([AFTER]).apps
    T, L, P = (new.get_model("tournament", m) for m in ("Tournament", "RatingList", "RatedPlayer"))
    migrated = L.objects.get()
    assert (migrated.pk, migrated.kind, migrated.tournament_id, migrated.size, migrated.skipped) == (
        rating_list.pk,
        "egd",
        None,
        2,
        ["odd"],
    )
    kept = [
        (p.number, p.surname, p.given_name, p.country, p.club, p.rank, p.rating, p.search, p.listed_rating)
        for p in P.objects.order_by("number")
    ]
    assert kept == [(*row, "") for row in rows]
    assert T.objects.get().rating_kinds == "egd"
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())  # leave the database as the other tests expect it
