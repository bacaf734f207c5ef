"""Kept replays of game records; Go disciplines say the count they get.

- ``GameReplay``: a record replayed once and kept (``tournament.services.replays``).
- Go has always been counted by area; a Go discipline set to ``japanese``
  (which was accepted but counted by area all the same) now says ``chinese``,
  the only Go rule set offered.
"""

import django.db.models.deletion
from django.db import migrations, models


def go_counts_by_area(apps, schema_editor):
    Discipline = apps.get_model("tournament", "Discipline")
    Discipline.objects.filter(kind="go", rule_set="japanese").update(rule_set="chinese")


class Migration(migrations.Migration):

    dependencies = [
        ("tournament", "0011_egd_rating_list"),
    ]

    operations = [
        migrations.CreateModel(
            name="GameReplay",
            fields=[
                ("game", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True,
                                              related_name="kept_replay", serialize=False, to="tournament.game")),
                ("key", models.CharField(max_length=64)),
                ("data", models.JSONField()),
            ],
            options={
                "verbose_name": "kept replay",
                "verbose_name_plural": "kept replays",
            },
        ),
        migrations.RunPython(go_counts_by_area, migrations.RunPython.noop),
    ]
