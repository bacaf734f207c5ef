"""Who may do what: the one place that decides.

A user's roles in a tournament are ``organizer`` and ``referee`` (a
:class:`~tournament.models.TournamentRole`) and ``player`` (a registration
linked to the account). An organizer may do all a referee may, and a
superuser is an organizer everywhere: both are expanded here, once, in
:func:`roles_of`, and nowhere else.

Pages ask through :func:`tournament.views.access.tournament_page`; every
service that changes a tournament's data takes the acting user and asks
:func:`require` itself, so a management command or an API cannot skip the
check. The site acting on its own behalf (management commands run by the
machine's administrator, the demo) passes :data:`SYSTEM`, which has every
right and is written to the audit log as no user; ``None`` has none.

Roles are read once per request: :func:`remember_roles` gives the request's
user object a small cache that later calls (the page, the services it
calls, the navigation's template tag) share; outside a request nothing is
cached, so a test or a command always sees the database as it is.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

ORGANIZER = "organizer"
REFEREE = "referee"
PLAYER = "player"
ALL_ROLES = frozenset({ORGANIZER, REFEREE, PLAYER})

#: Accounts allowed to create tournaments when DJANGO_TOURNAMENT_CREATORS=approved.
CREATE_PERMISSION = "tournament.add_tournament"
ANYONE = "anyone"


class _System:
    """The site itself, acting from the command line: every right; no user in the audit log."""

    is_authenticated = False
    is_active = True
    is_superuser = False
    pk = None

    def __repr__(self) -> str:
        return "SYSTEM"

    def get_username(self) -> str:
        return ""


SYSTEM = _System()

_CACHE = "_tournament_roles"


def expand(roles) -> frozenset[str]:
    """Roles as they count: an organizer is also a referee."""
    roles = frozenset(roles)
    if ORGANIZER in roles:
        roles |= {REFEREE}
    return roles


def remember_roles(user) -> None:
    """Keep the roles read for ``user`` until the end of the request (see the module's text)."""
    if getattr(user, "is_authenticated", False) and getattr(user, _CACHE, None) is None:
        setattr(user, _CACHE, {})


def know_roles(user, tournament, roles) -> frozenset[str]:
    """Record roles read elsewhere (with the registration, by the page decorator); returns them expanded."""
    roles = expand(roles)
    cache = getattr(user, _CACHE, None)
    if cache is not None:
        cache[tournament.pk] = roles
    return roles


def roles_of(user, tournament) -> frozenset[str]:
    """The user's roles in the tournament, expanded (:func:`expand`); superusers are organizers."""
    if user is SYSTEM:
        return ALL_ROLES
    if not getattr(user, "is_authenticated", False):
        return frozenset()
    cache = getattr(user, _CACHE, None)
    if cache is not None and tournament.pk in cache:
        return cache[tournament.pk]
    from tournament.selectors.roles import role_rows

    return know_roles(user, tournament, role_rows(user, tournament, with_registration=True))


def request_roles(request, tournament) -> frozenset[str]:
    """The roles of the request's user, read once for the whole request."""
    remember_roles(request.user)
    return roles_of(request.user, tournament)


def has_role(user, tournament, *allowed: str) -> bool:
    """Whether the user has one of the ``allowed`` roles in the tournament."""
    return bool(roles_of(user, tournament) & set(allowed))


def require(user, tournament, role: str) -> frozenset[str]:
    """Refuse (``PermissionDenied``, in words) unless the user has ``role`` in the tournament."""
    roles = roles_of(user, tournament)
    if role not in roles:
        raise PermissionDenied(_refusal(role))
    return roles


def is_own(user, registration) -> bool:
    """Whether the registration is the user's own (linked to their account)."""
    return getattr(user, "is_authenticated", False) and registration.user_id == user.pk


def require_own_or(user, registration, role: str) -> None:
    """Refuse unless the registration is the user's own or the user has ``role`` in its tournament."""
    if not is_own(user, registration):
        require(user, registration.tournament, role)


def _refusal(role: str) -> str:
    if role == ORGANIZER:
        return _("Only an organizer of this tournament may do this.")
    if role == REFEREE:
        return _("Only a referee or an organizer of this tournament may do this.")
    return _("Only a player of this tournament may do this.")


def require_login(user) -> None:
    """Refuse anybody not logged in (claiming a registration, accepting an invitation: the code is the right)."""
    if not getattr(user, "is_authenticated", False):
        raise PermissionDenied(_("Log in first."))


#: Accounts (beside superusers) allowed to replace the site's rating lists: given this permission in /admin/
#: ("Can replace the site's rating lists", directly or through a group).
SITE_RATING_LISTS_PERMISSION = "tournament.replace_site_rating_lists"


def may_replace_site_rating_lists(user) -> bool:
    """Superusers and accounts with :data:`SITE_RATING_LISTS_PERMISSION`; the command line (``SYSTEM``).

    The site's rating lists are reference data every tournament's
    registration and rank updates read: being an organizer of some
    tournament (which anybody who signs up may become) is not enough. An
    organizer uploads a list for their own tournament instead (``require``
    with :data:`ORGANIZER`).
    """
    if user is SYSTEM:
        return True
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    return user.is_superuser or user.has_perm(SITE_RATING_LISTS_PERMISSION)


def require_site_rating_lists(user) -> None:
    """Refuse unless the user may replace the site's rating lists (:func:`may_replace_site_rating_lists`)."""
    if not may_replace_site_rating_lists(user):
        raise PermissionDenied(
            _(
                "Only a site administrator may replace the site's rating lists; an organizer uploads a list "
                "for their own tournament."
            )
        )


def may_create_tournament(user) -> bool:
    """Anyone logged in, or (``approved``) superusers and accounts with :data:`CREATE_PERMISSION`."""
    if user is SYSTEM:
        return True
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if getattr(settings, "TOURNAMENT_CREATORS", ANYONE) == ANYONE:
        return True
    return user.is_superuser or user.has_perm(CREATE_PERMISSION)


def require_create(user) -> None:
    """Refuse unless the user may create tournaments on this site."""
    if not may_create_tournament(user):
        raise PermissionDenied(_("You may not create tournaments on this site."))
