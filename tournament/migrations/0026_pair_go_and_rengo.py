from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0025_team_criteria"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tournament",
            name="event_kind",
            field=models.CharField(
                choices=[
                    ("individual", "Individual"),
                    ("team2", "Teams of 2 boards"),
                    ("team3", "Teams of 3 boards"),
                    ("team4", "Teams of 4 boards"),
                    ("team5", "Teams of 5 boards"),
                    ("pairgo", "Pair Go"),
                    ("rengo2", "Rengo, 2 a side"),
                    ("rengo3", "Rengo, 3 a side"),
                ],
                default="individual",
                help_text="Each player on their own, teams playing on 2 to 5 boards, or sides of 2 or 3 players on one board (Pair Go, Rengo).",
                max_length=12,
                verbose_name="kind of event",
            ),
        ),
    ]
