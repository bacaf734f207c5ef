"""Step 2 of 3: copy every player's data into each of their registrations.

Each registration gets the name, Latin names, club, country, rank, rating,
EGD PIN and e-mail its player had, and the player's account (the site-wide
identity). Games, byes and pairing constraints are pointed at the
registration of their player in their tournament. A player who has a game,
bye or constraint in a tournament without being registered there (possible
only through the Django admin) gets a withdrawn registration there, so
nothing is lost. Registrations without an account get a claim code. Going back works only
on a database without registrations (restore the backup made before the
upgrade instead).
"""

import secrets

from django.db import migrations

PLAYER_FIELDS = ("surname", "given_name", "surname_latin", "given_name_latin", "club", "country",
                 "rank", "rating", "egd_pin", "email")
CLAIM_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"


def _claim_code(taken: set) -> str:
    while True:
        code = "".join(secrets.choice(CLAIM_ALPHABET) for _ in range(10))
        if code not in taken:
            taken.add(code)
            return code


def forward(apps, schema_editor):
    Player = apps.get_model("tournament", "Player")
    Registration = apps.get_model("tournament", "Registration")
    Game = apps.get_model("tournament", "Game")
    Bye = apps.get_model("tournament", "Bye")
    PairConstraint = apps.get_model("tournament", "PairConstraint")

    players = {p.pk: p for p in Player.objects.all()}
    taken: set = set()
    by_key: dict = {}

    def fill(reg, player):
        for name in PLAYER_FIELDS:
            setattr(reg, name, getattr(player, name))
        reg.user_id = player.user_id
        reg.claim_code = None if player.user_id else _claim_code(taken)

    for reg in Registration.objects.all().order_by("pk"):
        fill(reg, players[reg.player_id])
        reg.save()
        by_key[(reg.tournament_id, reg.player_id)] = reg.pk

    def registration_for(tournament_id, player_id):
        key = (tournament_id, player_id)
        if key not in by_key:
            reg = Registration(tournament_id=tournament_id, player_id=player_id, status="withdrawn",
                               source="organizer", absent_rounds=[],
                               note="made when player data moved to registrations")
            fill(reg, players[player_id])
            reg.save()
            by_key[key] = reg.pk
        return by_key[key]

    for game in Game.objects.select_related("round").order_by("pk"):
        t = game.round.tournament_id
        game.black_reg_id = registration_for(t, game.black_id)
        game.white_reg_id = registration_for(t, game.white_id)
        game.save(update_fields=["black_reg", "white_reg"])
    for bye in Bye.objects.select_related("round").order_by("pk"):
        bye.player_reg_id = registration_for(bye.round.tournament_id, bye.player_id)
        bye.save(update_fields=["player_reg"])
    for c in PairConstraint.objects.order_by("pk"):
        c.player_a_reg_id = registration_for(c.tournament_id, c.player_a_id)
        c.player_b_reg_id = registration_for(c.tournament_id, c.player_b_id)
        c.save(update_fields=["player_a_reg", "player_b_reg"])


def backward(apps, schema_editor):
    if apps.get_model("tournament", "Registration").objects.exists():
        raise RuntimeError("Going back is not supported: restore the backup made before the upgrade.")


class Migration(migrations.Migration):

    dependencies = [("tournament", "0007_registration_player_data")]

    operations = [migrations.RunPython(forward, backward)]
