"""Who may do what in a tournament."""

from __future__ import annotations

from tournament.models import Player, Tournament, TournamentRole


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
