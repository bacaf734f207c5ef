"""Who may open a page: each page checks the user's role in that tournament (the rules: :mod:`tournament.permissions`)."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied

from tournament.permissions import ORGANIZER, PLAYER, REFEREE, remember_roles, roles_and_registration
from tournament.selectors.rows import tournament_by_slug

__all__ = ["ORGANIZER", "PLAYER", "REFEREE", "tournament_page"]


def tournament_page(*allowed: str, login: bool = True):
    """Load the tournament of ``slug`` and the user's roles in it; refuse who has none of ``allowed``.

    An anonymous visitor is sent to the log-in page; a user without the
    role gets 403. The view is called as ``view(request, tournament, roles,
    **kwargs)`` with the roles as they count (an organizer is also a referee);
    the user's registration in the tournament (or None) is
    ``request.registration``. The roles are read once and remembered for
    the request: the services the view calls and the navigation ask
    :func:`tournament.permissions.roles_of` and get them without a query.
    """

    def decorator(view):
        @wraps(view)
        def wrapper(request, slug, *args, **kwargs):
            tournament = tournament_by_slug(slug)
            if login and not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            remember_roles(request.user)
            roles, registration = roles_and_registration(request.user, tournament)
            if allowed and not roles & set(allowed):
                raise PermissionDenied("no role in this tournament for this page")
            request.tournament = tournament
            request.registration = registration  # the user's registration in it, or None
            request.roles = roles
            return view(request, tournament, roles, *args, **kwargs)

        return wrapper

    return decorator
