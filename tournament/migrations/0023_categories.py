"""Rank categories get fields of their own (``Tournament.category_limits``, ``category_mode``).

Until now only an OpenGotha import set them, inside the stored parameter set
(``pairing_parameters["general"]``: ``number_of_categories``, ``lower_category_limits``).
The data step moves valid limits (at most eight ranks from 30k to 9d, strictly
descending, ``number_of_categories`` one more than their count) into the new field
and takes both keys out of the parameter set; anything else stays where it was,
untouched. The mode follows the file's placement: CAT first ranks the categories
apart as well ("both"), otherwise they were paired apart only ("paired"), as
OpenGotha paired them. Backwards the limits go back into the parameter set.
"""

import tournament.models.tournament
from django.db import migrations, models


def _valid(limits):
    if not isinstance(limits, list) or len(limits) > 8:
        return False
    if not all(isinstance(v, int) and not isinstance(v, bool) and -30 <= v <= 8 for v in limits):
        return False
    return all(a > b for a, b in zip(limits, limits[1:]))


def _ranked_first(t):
    criteria = t.standings_criteria if isinstance(t.standings_criteria, list) else []
    placement = (t.pairing_parameters or {}).get("placement") or []
    return (criteria[:1] == ["cat"]) or (isinstance(placement, list) and placement[:1] == ["CAT"])


def forwards(apps, schema_editor):
    Tournament = apps.get_model("tournament", "Tournament")
    for t in Tournament.objects.only("pk", "pairing_parameters", "standings_criteria"):
        params = t.pairing_parameters
        general = params.get("general") if isinstance(params, dict) else None
        if not isinstance(general, dict) or "lower_category_limits" not in general:
            continue
        limits = general.get("lower_category_limits")
        number = general.get("number_of_categories", 1)
        if not _valid(limits) or number != len(limits) + 1:
            continue
        general = {k: v for k, v in general.items() if k not in ("lower_category_limits", "number_of_categories")}
        params = {**params, "general": general} if general else {k: v for k, v in params.items() if k != "general"}
        Tournament.objects.filter(pk=t.pk).update(
            pairing_parameters=params,
            category_limits=limits,
            category_mode="both" if _ranked_first(t) else "paired",
        )


def backwards(apps, schema_editor):
    Tournament = apps.get_model("tournament", "Tournament")
    for t in Tournament.objects.only("pk", "pairing_parameters", "category_limits"):
        if not t.category_limits:
            continue
        params = dict(t.pairing_parameters or {})
        general = dict(params.get("general") or {})
        general["lower_category_limits"] = list(t.category_limits)
        general["number_of_categories"] = len(t.category_limits) + 1
        params["general"] = general
        Tournament.objects.filter(pk=t.pk).update(pairing_parameters=params)


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0022_round_robin_pairing_system'),
    ]

    operations = [
        migrations.AddField(
            model_name='tournament',
            name='category_limits',
            field=models.JSONField(blank=True, default=list, help_text='The weakest rank of each category but the last, e.g. “1d, 5k”: A 1d and stronger, B 5k–1k, C 6k and weaker. Empty: no categories.', validators=[tournament.models.tournament.validate_category_limits], verbose_name='category limits'),
        ),
        migrations.AddField(
            model_name='tournament',
            name='category_mode',
            field=models.CharField(choices=[('both', 'Paired apart and ranked apart'), ('paired', 'Paired apart, ranked together'), ('ranked', 'Ranked apart only, paired together')], default='both', max_length=8, verbose_name='keep categories apart'),
        ),
        migrations.RunPython(forwards, backwards),
    ]
