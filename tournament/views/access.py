"""Who may open a page: each page checks the user's role in that tournament."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied

from tournament.selectors.roles import user_roles_and_registration
from tournament.selectors.rows import tournament_by_slug

ORGANIZER = "organizer"
REFEREE = "referee"
PLAYER = "player"


def tournament_page(*allowed: str, login: bool = True):
    """Load the tournament of ``slug`` and the user's roles in it; refuse who has none of ``allowed``.

    An anonymous visitor is sent to the log-in page; a user without the
    role gets 403. A referee's pages are open to organizers too. The view
    is called as ``view(request, tournament, roles, **kwargs)``; the user's
    registration in the tournament (or None) is ``request.registration``.
    """

    def decorator(view):
        @wraps(view)
        def wrapper(request, slug, *args, **kwargs):
            tournament = tournament_by_slug(slug)
            if login and not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            roles, registration = user_roles_and_registration(request.user, tournament)
            effective = set(roles)
            if ORGANIZER in effective:
                effective.add(REFEREE)
            if allowed and not effective & set(allowed):
                raise PermissionDenied("no role in this tournament for this page")
            request.tournament = tournament
            request.registration = registration  # the user's registration in it, or None
            request.roles = effective
            request._roles_cache = {tournament.pk: effective}  # the nav's roles_in tag asks again
            return view(request, tournament, effective, *args, **kwargs)

        return wrapper

    return decorator
