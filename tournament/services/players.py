"""Players entering a tournament: themselves, at the desk, or from a file (a CSV player list, an OpenGotha file)."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from tournament.files.opengotha import imported
from tournament.files.player_csv import PlayerListError, read_player_csv
from tournament.models import Registration, Tournament
from tournament.permissions import ORGANIZER, registration_closed_reason, require

from .file_import import PlayerImportError, import_players
from .opengotha import read_opengotha
from .registrations import registration_create


def latest_player_data(user) -> dict:
    """The player fields of the user's latest registration (to prefill the next one), else what the account knows."""
    latest = Registration.objects.filter(user=user).order_by("-created_at", "-pk").first() if user else None
    if latest is not None:
        return latest.player_data()
    if user is None:
        return {}
    return {"email": user.email, "given_name": user.first_name, "surname": user.last_name}


def address_key(address: str | None) -> str:
    """A keyed hash of a client address (the address itself is never stored)."""
    return salted_hmac("self-registration", address).hexdigest()[:64] if address else ""


def check_registration_rate(address: str | None) -> None:
    """Refuse a self-registration when this address made ``SELF_REGISTRATIONS_PER_HOUR`` in the last hour.

    A limit per address and hour, counted in the database: django-ratelimit
    needs memcached or Redis (it refuses the file and database caches this
    site runs on), and the rows are here anyway. The default (30) is well
    above what a club registering together from one network needs.
    """
    key = address_key(address)
    if not key:
        return
    since = timezone.now() - dt.timedelta(hours=1)
    if (
        Registration.objects.filter(registered_from=key, created_at__gte=since).count()
        >= settings.SELF_REGISTRATIONS_PER_HOUR
    ):
        raise ValidationError(
            _(
                "Too many registrations from your network in the last hour. Please try again later, or ask "
                "an organizer to enter you."
            ),
            code="rate",
        )


@transaction.atomic
def player_register_self(
    *,
    tournament: Tournament,
    data: dict,
    user=None,
    username: str = "",
    password: str = "",
    address: str | None = None,
) -> Registration:
    """A player registers (preliminary until an organizer confirms), with their own account.

    Without ``user``, an account ``username`` is made first. The new
    registration is the tournament's own: nothing of another tournament,
    and no other registration, changes. An EGD PIN registered in this
    tournament already is refused (if it is the player's own registration,
    entered by an organizer, the player claims it with the code on the
    welcome slip); a PIN never links an account.
    """
    closed = registration_closed_reason(tournament)
    if closed is not None:
        raise ValidationError(closed)
    check_registration_rate(address)
    if user is None:
        user = get_user_model().objects.create_user(username=username, email=data.get("email", ""), password=password)
    if Registration.objects.filter(tournament=tournament, user=user).exists():
        raise ValidationError(_("You are registered already."))
    pin = data.get("egd_pin") or ""
    if pin and Registration.objects.filter(tournament=tournament, egd_pin=pin).exists():
        raise ValidationError(
            _(
                "A player with this EGD PIN is registered already. If that is you, open the link or "
                "enter the code on your welcome slip, or ask an organizer."
            )
        )
    registration = registration_create(
        tournament=tournament, data=data, source=Registration.Source.SELF, account=user, user=user
    )
    if address:
        Registration.objects.filter(pk=registration.pk).update(registered_from=address_key(address))
    return registration


@transaction.atomic
def player_enter_late(*, tournament: Tournament, data: dict, user, confirmed: bool = True) -> Registration:
    """An organizer enters a player (at the desk, or late); the player claims the registration later."""
    require(user, tournament, ORGANIZER)
    return registration_create(
        tournament=tournament,
        data=data,
        source=Registration.Source.ORGANIZER,
        status=Registration.Status.CONFIRMED if confirmed else Registration.Status.PRELIMINARY,
        user=user,
    )


# --- players from a file: a CSV player list, or an OpenGotha file's players -------------------------


@transaction.atomic
def players_import_csv(
    *, tournament: Tournament, data: bytes | str, user, confirmed: bool = True
) -> list[Registration]:
    """Register every player of a CSV player list (:mod:`tournament.files.player_csv`): all of them, or none
    and every problem named by its line (``Line 4, Go rank: ...``), as :mod:`.file_import` checks them."""
    require(user, tournament, ORGANIZER)
    try:
        players = read_player_csv(data)
    except PlayerListError as exc:
        raise PlayerImportError(exc.messages) from None
    return import_players(tournament=tournament, data=players, user=user, confirmed=confirmed, source="CSV")


@transaction.atomic
def players_import_opengotha(
    *, tournament: Tournament, data: bytes, user, confirmed: bool = True
) -> list[Registration]:
    """Register the players of an OpenGotha file (its games, rounds and settings are not taken):
    all of them, or none and the problems by player."""
    require(user, tournament, ORGANIZER)
    try:
        plain = read_opengotha(data if isinstance(data, bytes) else str(data).encode("utf-8"))
    except ValidationError as exc:
        raise PlayerImportError(exc.messages) from None
    players = replace(imported(plain), games=(), byes=())
    return import_players(tournament=tournament, data=players, user=user, confirmed=confirmed, source="OpenGotha")
