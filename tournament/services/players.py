"""Players entering a tournament themselves, late entries and rank corrections."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.models import Player, Registration, Tournament
from tournament.ranks import format_rank

from .audit import log_action
from .registrations import registration_create


def _find_or_make_player(data: dict) -> Player:
    """The player of the EGD PIN if known (details refreshed), else a new one."""
    pin = data.get("egd_pin") or ""
    player = Player.objects.filter(egd_pin=pin).first() if pin else None
    if player is None:
        player = Player(**data)
    else:
        for key, value in data.items():
            setattr(player, key, value)
    player.full_clean()
    player.save()
    return player


@transaction.atomic
def player_register_self(
    *, tournament: Tournament, data: dict, user=None, username: str = "", password: str = ""
) -> Registration:
    """A player registers (preliminary until an organizer confirms); the account is linked to the player.

    Without ``user``, an account ``username`` is made first. A player who
    already has another account cannot be taken over.
    """
    if not tournament.registration_open:
        raise ValidationError(_("Registration for this tournament is closed."))
    if user is None:
        user = get_user_model().objects.create_user(username=username, email=data.get("email", ""), password=password)
    existing = getattr(user, "player", None)
    if existing is not None:
        player = existing
        for key, value in data.items():
            setattr(player, key, value)
        player.full_clean()
        player.save()
    else:
        player = _find_or_make_player(data)
        if player.user_id and player.user_id != user.pk:
            raise ValidationError(_("This EGD PIN belongs to another account; ask an organizer."))
        player.user = user
        player.save(update_fields=["user"])
    if Registration.objects.filter(tournament=tournament, player=player).exists():
        raise ValidationError(_("You are registered already."))
    return registration_create(
        tournament=tournament, player=player, source=Registration.Source.SELF, user=user
    )


@transaction.atomic
def player_enter_late(*, tournament: Tournament, data: dict, user=None, confirmed: bool = True) -> Registration:
    """An organizer enters a player (at the desk, or late)."""
    player = _find_or_make_player(data)
    if Registration.objects.filter(tournament=tournament, player=player).exists():
        raise ValidationError(_("This player is registered already."))
    return registration_create(
        tournament=tournament,
        player=player,
        source=Registration.Source.ORGANIZER,
        status=Registration.Status.CONFIRMED if confirmed else Registration.Status.PRELIMINARY,
        user=user,
    )


@transaction.atomic
def player_set_rank(*, tournament: Tournament, player: Player, rank: int, user=None, reason: str = "") -> Player:
    """Correct a player's Go rank (it counts for every tournament the player is in)."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.rank == rank:
        return player
    before = player.rank
    player.rank = rank
    player.full_clean()
    player.save(update_fields=["rank"])
    log_action(
        tournament=tournament,
        action="player.rank",
        obj=player,
        user=user,
        before={"rank": format_rank(before)},
        after={"rank": format_rank(rank)},
        reason=reason,
    )
    return player
