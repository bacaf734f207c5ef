"""Rating lists of three kinds (EGD, FFG, AGA), the site's or one tournament's own; the FFG licence and the
AGA ID on a registration; the kinds a tournament looks players up in.

Lossless: the EGD PIN of every rated player is renamed to its number in the list (the list's kind, EGD,
says what the number is); every existing list stays the site's EGD list; every tournament keeps looking
players up in the EGD's list.
"""

import django.core.validators
import django.db.models.deletion
from django.db import migrations, models

import tournament.models.tournament


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0016_round_pairing_record"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="ratedplayer",
            options={
                "ordering": ["surname", "given_name", "number"],
                "verbose_name": "rated player",
                "verbose_name_plural": "rated players",
            },
        ),
        migrations.AlterModelOptions(
            name="ratinglist",
            options={
                "ordering": ["-imported_at", "-id"],
                "permissions": [("replace_site_rating_lists", "Can replace the site's rating lists")],
                "verbose_name": "rating list",
                "verbose_name_plural": "rating lists",
            },
        ),
        migrations.RemoveConstraint(model_name="ratedplayer", name="rated_player_pin_once"),
        migrations.RemoveIndex(model_name="ratedplayer", name="rated_player_pin"),
        migrations.RenameField(model_name="ratedplayer", old_name="pin", new_name="number"),
        migrations.AlterField(
            model_name="ratedplayer",
            name="number",
            field=models.CharField(
                blank=True,
                help_text="EGD PIN, FFG licence or AGA ID.",
                max_length=12,
                verbose_name="number in the list",
            ),
        ),
        migrations.AddField(
            model_name="ratedplayer",
            name="listed_rating",
            field=models.CharField(blank=True, max_length=20, verbose_name="rating in the list"),
        ),
        migrations.AlterField(
            model_name="ratedplayer",
            name="club",
            field=models.CharField(blank=True, max_length=40, verbose_name="club"),
        ),
        migrations.AddIndex(
            model_name="ratedplayer",
            index=models.Index(fields=["number"], name="rated_player_number"),
        ),
        migrations.AddConstraint(
            model_name="ratedplayer",
            constraint=models.UniqueConstraint(
                condition=models.Q(("number", ""), _negated=True),
                fields=("rating_list", "number"),
                name="rated_player_number_once",
            ),
        ),
        migrations.AddField(
            model_name="ratinglist",
            name="kind",
            field=models.CharField(
                choices=[
                    ("egd", "EGD (European Go Database)"),
                    ("ffg", "FFG (French Go Federation, échelle)"),
                    ("aga", "AGA (American Go Association, TD list)"),
                ],
                default="egd",
                max_length=3,
                verbose_name="kind",
            ),
        ),
        migrations.AddField(
            model_name="ratinglist",
            name="tournament",
            field=models.ForeignKey(
                blank=True,
                help_text="Empty: the site's list, for every tournament; else this tournament's own.",
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="rating_lists",
                to="tournament.tournament",
                verbose_name="tournament",
            ),
        ),
        migrations.AddField(
            model_name="registration",
            name="aga_id",
            field=models.CharField(
                blank=True,
                max_length=8,
                validators=[
                    django.core.validators.RegexValidator(
                        "^\\d{1,8}$", "An AGA ID is a number of up to eight digits."
                    )
                ],
                verbose_name="AGA ID",
            ),
        ),
        migrations.AddField(
            model_name="registration",
            name="ffg_licence",
            field=models.CharField(
                blank=True,
                max_length=7,
                validators=[
                    django.core.validators.RegexValidator(
                        "^[0-9A-Z]{7}$", "An FFG licence has seven digits or capital letters."
                    )
                ],
                verbose_name="FFG licence",
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="rating_kinds",
            field=models.CharField(
                default="egd",
                help_text=(
                    "The kinds of rating list (egd, ffg, aga) that registration looks players up in, the first "
                    "preferred, e.g. “ffg,egd”."
                ),
                max_length=20,
                validators=[tournament.models.tournament.validate_rating_kinds],
                verbose_name="rating lists used",
            ),
        ),
    ]
