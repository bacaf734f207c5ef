"""Registrations get their own copy of the player's data (step 1 of 3: new columns).

Step 2 (0008) copies each player's data into each of their registrations and
points games, byes and pairing constraints at registrations; step 3 (0009)
drops the site-wide player table. Going back is not supported: restore the
backup made before the upgrade.
"""

import django.core.validators
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import tournament.models.fields


class Migration(migrations.Migration):

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("tournament", "0006_time_control_help"),
    ]

    operations = [
        migrations.AddField(
            model_name="registration", name="user",
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL,
                                    related_name="registrations", to=settings.AUTH_USER_MODEL,
                                    verbose_name="user account"),
        ),
        migrations.AddField(
            model_name="registration", name="claim_code",
            field=models.CharField(blank=True, editable=False, max_length=10, null=True, unique=True,
                                   verbose_name="claim code",
                                   help_text="Printed on the welcome slip: whoever opens it and logs in claims this registration."),
        ),
        migrations.AddField(model_name="registration", name="invited_at",
                            field=models.DateTimeField(blank=True, editable=False, null=True, verbose_name="invitation sent")),
        migrations.AddField(model_name="registration", name="surname",
                            field=models.CharField(default="", max_length=100, verbose_name="surname")),
        migrations.AddField(model_name="registration", name="given_name",
                            field=models.CharField(default="", max_length=100, verbose_name="given name")),
        migrations.AddField(model_name="registration", name="surname_latin",
                            field=models.CharField(blank=True, max_length=100, verbose_name="surname in Latin letters")),
        migrations.AddField(model_name="registration", name="given_name_latin",
                            field=models.CharField(blank=True, max_length=100, verbose_name="given name in Latin letters")),
        migrations.AddField(model_name="registration", name="club",
                            field=models.CharField(blank=True, max_length=100, verbose_name="club")),
        migrations.AddField(
            model_name="registration", name="country",
            field=models.CharField(default="DE", max_length=2, verbose_name="country",
                                   validators=[django.core.validators.RegexValidator("^[A-Z]{2}$", "Use the two-letter country code, e.g. DE.")]),
        ),
        migrations.AddField(model_name="registration", name="rank",
                            field=tournament.models.fields.RankField(null=True, verbose_name="Go rank")),
        migrations.AddField(model_name="registration", name="rating",
                            field=models.IntegerField(blank=True, null=True, verbose_name="rating")),
        migrations.AddField(
            model_name="registration", name="egd_pin",
            field=models.CharField(blank=True, max_length=8, verbose_name="EGD PIN",
                                   validators=[django.core.validators.RegexValidator("^\\d{8}$", "An EGD PIN has eight digits.")]),
        ),
        migrations.AddField(model_name="registration", name="email",
                            field=models.EmailField(blank=True, max_length=254, verbose_name="e-mail")),
        # the new links, filled by 0008 and renamed by 0009
        migrations.AddField(
            model_name="game", name="black_reg",
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name="+",
                                    to="tournament.registration"),
        ),
        migrations.AddField(
            model_name="game", name="white_reg",
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name="+",
                                    to="tournament.registration"),
        ),
        migrations.AddField(
            model_name="bye", name="player_reg",
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name="+",
                                    to="tournament.registration"),
        ),
        migrations.AddField(
            model_name="pairconstraint", name="player_a_reg",
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name="+",
                                    to="tournament.registration"),
        ),
        migrations.AddField(
            model_name="pairconstraint", name="player_b_reg",
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name="+",
                                    to="tournament.registration"),
        ),
    ]
