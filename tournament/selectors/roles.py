"""Who may do what in a tournament."""

from __future__ import annotations

from tournament.models import Player, Registration, Tournament, TournamentRole


def user_roles_and_registration(user, tournament: Tournament) -> tuple[set[str], Registration | None]:
    """The user's roles (as :func:`user_roles`) and registration (with its player) in one go.

    The registration is what makes a user a ``player``, so the pages of a
    player read it here once instead of asking "is registered?" and then
    loading it again. The user's ``player`` is set from it (no query later).
    """
    if not getattr(user, "is_authenticated", False):
        return set(), None
    roles = set(
        TournamentRole.objects.filter(tournament=tournament, user=user).values_list("role", flat=True)
    )
    if user.is_superuser:
        roles.add(TournamentRole.Role.ORGANIZER)
    registration = (
        Registration.objects.filter(tournament=tournament, player__user=user).select_related("player").first()
    )
    if registration is not None:
        roles.add("player")
        registration.player.user = user  # also fills user.player: the same row (one-to-one)
    return roles, registration


def user_roles(user, tournament: Tournament) -> set[str]:
    """The user's roles in the tournament: ``organizer``, ``referee``, ``player``.

    Superusers count as organizers everywhere.
    """
    if not getattr(user, "is_authenticated", False):
        return set()
    roles = set(
        TournamentRole.objects.filter(tournament=tournament, user=user).values_list(
            "role", flat=True
        )
    )
    if user.is_superuser:
        roles.add(TournamentRole.Role.ORGANIZER)
    if tournament.registrations.filter(player__user=user).exists():
        roles.add("player")
    return roles


def is_organizer(user, tournament: Tournament) -> bool:
    return TournamentRole.Role.ORGANIZER in user_roles(user, tournament)


def is_referee(user, tournament: Tournament) -> bool:
    roles = user_roles(user, tournament)
    return bool(roles & {TournamentRole.Role.REFEREE, TournamentRole.Role.ORGANIZER})


def player_of(user) -> Player | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return Player.objects.filter(user=user).first()
