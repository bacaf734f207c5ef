"""Migration 0023 (rank categories get fields of their own) loses nothing.

What an OpenGotha import kept in the stored parameter set moves to ``category_limits`` (with the mode
the file's placement meant); what is not valid limits stays where it was, untouched; backwards the
limits go back into the parameter set.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = ("tournament", "0022_round_robin_pairing_system")
AFTER = ("tournament", "0023_categories")

RANKED = {
    "general": {"lower_category_limits": [0, -5], "number_of_categories": 3, "nbw2_bye": 2, "nbw2_absent": 0},
    "pairing": {"avoid_mixing_categories": 0},
    "placement": ["CAT", "MMS", "SOSM"],
}
PAIRED = {"general": {"lower_category_limits": [2], "number_of_categories": 2}}
ODD = {"general": {"lower_category_limits": [-5, 0], "number_of_categories": 3, "nbw2_bye": 2}}
MISCOUNTED = {"general": {"lower_category_limits": [0], "number_of_categories": 3}}


@pytest.mark.django_db(transaction=True)
def test_the_limits_move_to_their_field_and_back():
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    old = executor.loader.project_state([BEFORE]).apps
    T = old.get_model("tournament", "Tournament")
    for slug, params in (
        ("ranked", RANKED),
        ("paired", PAIRED),
        ("odd", ODD),
        ("miscounted", MISCOUNTED),
        ("none", {}),
    ):
        T.objects.create(
            name=slug, slug=slug, start_date="2026-01-01", end_date="2026-01-01", pairing_parameters=params
        )

    executor = MigrationExecutor(connection)
    executor.migrate([AFTER])
    T = executor.loader.project_state([AFTER]).apps.get_model("tournament", "Tournament")
    got = {t.slug: (t.category_limits, t.category_mode, t.pairing_parameters) for t in T.objects.all()}
    assert got["ranked"] == (
        [0, -5],
        "both",
        {
            "general": {"nbw2_bye": 2, "nbw2_absent": 0},
            "pairing": {"avoid_mixing_categories": 0},
            "placement": ["CAT", "MMS", "SOSM"],
        },
    )
    assert got["paired"] == ([2], "paired", {})
    # not valid limits stay where they were, untouched (the engine no longer reads them there)
    assert got["odd"] == ([], "both", ODD)
    assert got["miscounted"] == ([], "both", MISCOUNTED)
    assert got["none"] == ([], "both", {})

    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    T = executor.loader.project_state([BEFORE]).apps.get_model("tournament", "Tournament")
    back = {t.slug: t.pairing_parameters for t in T.objects.all()}
    assert back["ranked"] == RANKED and back["odd"] == ODD and back["none"] == {}
    assert back["paired"] == {"general": {"lower_category_limits": [2], "number_of_categories": 2}}
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())  # leave the database as the other tests expect it
