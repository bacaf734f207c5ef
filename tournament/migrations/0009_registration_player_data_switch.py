"""Step 3 of 3: games, byes and constraints name registrations; the site-wide player table goes."""

import django.db.models.deletion
from django.db import migrations, models

import tournament.models.fields


class Migration(migrations.Migration):

    dependencies = [("tournament", "0008_registration_player_data_copy")]

    operations = [
        migrations.RemoveConstraint(model_name="game", name="game_black_once"),
        migrations.RemoveConstraint(model_name="game", name="game_white_once"),
        migrations.RemoveConstraint(model_name="game", name="game_players_differ"),
        migrations.RemoveConstraint(model_name="bye", name="bye_once_per_round"),
        migrations.RemoveConstraint(model_name="pairconstraint", name="pair_constraint_two_players"),
        migrations.RemoveConstraint(model_name="registration", name="registration_once_per_tournament"),
        migrations.RemoveField(model_name="game", name="black"),
        migrations.RemoveField(model_name="game", name="white"),
        migrations.RemoveField(model_name="bye", name="player"),
        migrations.RemoveField(model_name="pairconstraint", name="player_a"),
        migrations.RemoveField(model_name="pairconstraint", name="player_b"),
        migrations.RemoveField(model_name="registration", name="player"),
        migrations.DeleteModel(name="Player"),
        migrations.RenameField(model_name="game", old_name="black_reg", new_name="black"),
        migrations.RenameField(model_name="game", old_name="white_reg", new_name="white"),
        migrations.RenameField(model_name="bye", old_name="player_reg", new_name="player"),
        migrations.RenameField(model_name="pairconstraint", old_name="player_a_reg", new_name="player_a"),
        migrations.RenameField(model_name="pairconstraint", old_name="player_b_reg", new_name="player_b"),
        migrations.AlterField(
            model_name="game", name="black",
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="games_as_black",
                                    to="tournament.registration", verbose_name="Black"),
        ),
        migrations.AlterField(
            model_name="game", name="white",
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="games_as_white",
                                    to="tournament.registration", verbose_name="White"),
        ),
        migrations.AlterField(
            model_name="bye", name="player",
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="byes",
                                    to="tournament.registration"),
        ),
        migrations.AlterField(
            model_name="pairconstraint", name="player_a",
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+",
                                    to="tournament.registration"),
        ),
        migrations.AlterField(
            model_name="pairconstraint", name="player_b",
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+",
                                    to="tournament.registration"),
        ),
        migrations.AlterField(model_name="registration", name="surname",
                              field=models.CharField(max_length=100, verbose_name="surname")),
        migrations.AlterField(model_name="registration", name="given_name",
                              field=models.CharField(max_length=100, verbose_name="given name")),
        migrations.AlterField(model_name="registration", name="rank",
                              field=tournament.models.fields.RankField(verbose_name="Go rank")),
        migrations.AlterModelOptions(
            name="registration",
            options={"ordering": ["tournament", "surname", "given_name", "id"],
                     "verbose_name": "registration", "verbose_name_plural": "registrations"},
        ),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.UniqueConstraint(fields=("round", "black"), name="game_black_once"),
        ),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.UniqueConstraint(fields=("round", "white"), name="game_white_once"),
        ),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.CheckConstraint(condition=models.Q(("black", models.F("white")), _negated=True),
                                              name="game_players_differ",
                                              violation_error_message="A player cannot play against themselves."),
        ),
        migrations.AddConstraint(
            model_name="bye",
            constraint=models.UniqueConstraint(fields=("round", "player"), name="bye_once_per_round"),
        ),
        migrations.AddConstraint(
            model_name="pairconstraint",
            constraint=models.CheckConstraint(condition=models.Q(("player_a", models.F("player_b")), _negated=True),
                                              name="pair_constraint_two_players"),
        ),
        migrations.AddConstraint(
            model_name="registration",
            constraint=models.UniqueConstraint(condition=models.Q(("user__isnull", False)), fields=("tournament", "user"),
                                               name="registration_one_per_account",
                                               violation_error_message="This account is registered already."),
        ),
        migrations.AddConstraint(
            model_name="registration",
            constraint=models.UniqueConstraint(condition=models.Q(("egd_pin", ""), _negated=True),
                                               fields=("tournament", "egd_pin"),
                                               name="registration_pin_once_per_tournament",
                                               violation_error_message="A player with this EGD PIN is registered already."),
        ),
    ]
