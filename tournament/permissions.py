"""Who may do what: the one place that decides.

A user's roles in a tournament are ``organizer`` and ``referee`` (a
:class:`~tournament.models.TournamentRole`) and ``player`` (a registration
linked to the account). :func:`roles_of` reads the rows
(:mod:`tournament.selectors.roles`, which decides nothing) and says what
they count for, here and nowhere else: an organizer may do all a referee
may, and a superuser is an organizer in every tournament.

Every decision is a named predicate below, taking plain objects (the user,
the roles already read for the request, a round, a game) and saying in its
docstring what a tournament director expects. Pages and templates ask them
(:func:`tournament.views.access.tournament_page` refuses whoever lacks the
page's role; the rest are passed to the templates as values, or asked
through the filters of :mod:`tournament.templatetags.site_tags`); every
service that changes a tournament's data takes the acting user and asks
:func:`require` (or a refusal below) itself, so a management command or an
API cannot skip the check. The site acting on its own behalf (management
commands run by the machine's administrator, the demo) passes
:data:`SYSTEM`, which has every right and is written to the audit log as no
user; ``None`` has none.

Roles are read once per request: :func:`remember_roles` gives the request's
user object a small cache that later calls (the page, the services it
calls, the navigation's template tag) share; outside a request nothing is
cached, so a test or a command always sees the database as it is.

Where each concept lives (the map of them all is ``docs/architecture.md``):

- who may do what: `tournament/permissions.py`, and nowhere else: what the role rows count for (a registration
  makes a player, an organizer is a referee, a superuser an organizer: the only reader of `is_superuser` besides
  the admin and the log-in backend), read once per request (`request_roles`; pages: `tournament_page` in
  `tournament/views/access.py`), and every decision as a named predicate whose docstring says the rule:
  `may_see_round` (a round's page, its games' pages and live boards, its pairing sheet and slips: everybody once
  published, referees and organizers from the start), `may_see_game` (a game's own page), `record_is_public`
  (record, board viewer, SGF, API: once settled), `sgf_is_public` (the SGF's link, download and published file:
  settled, with a record a rules engine reads), `may_manage`, `may_referee`, `counts_unpublished_rounds`,
  `may_report` / `may_confirm` / `may_dispute` (the refusals the result services raise, so a button shows
  exactly when the service takes it), `live_capacity` and `may_take_back` (the live board); `require()` called
  by every service that changes data (`SYSTEM` for the command line). Templates get these as values from the
  views or through the `may_see_round` filter (`templatetags/site_tags.py`). The database read:
  `tournament/selectors/roles.py` (rows only; it imports nothing of the permissions). Tested service by service
  in `tests/reliability/test_service_rights.py`, page by page and download by download for every role in
  `tests/reliability/test_pages_and_downloads.py`, the code's facts in
  `tests/reliability/test_permission_rules.py`
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.local_time import local_time_text
from tournament.models.game import ResultState
from tournament.models.live import ENDS_ENTERED_BY_HAND
from tournament.models.tournament import PairingSystem
from tournament.selectors.roles import role_rows
from tournament.selectors.rows import registration_of_user
from tournament.selectors.setup import last_round_begun
from tournament.selectors.sides import side_of

ORGANIZER = "organizer"
REFEREE = "referee"
PLAYER = "player"
ALL_ROLES = frozenset({ORGANIZER, REFEREE, PLAYER})
#: The roles of whoever asks the public JSON API: none (it answers as a page answers an anonymous visitor).
NOBODY: frozenset[str] = frozenset()

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


# ---- roles -------------------------------------------------------------------------------------


def _counted(user, stored, registered: bool) -> frozenset[str]:
    """What the stored rows count for: a registration makes a player, a superuser is an organizer
    in every tournament, an organizer is also a referee."""
    roles = set(stored)
    if registered:
        roles.add(PLAYER)
    if getattr(user, "is_superuser", False):
        roles.add(ORGANIZER)
    if ORGANIZER in roles:
        roles.add(REFEREE)
    return frozenset(roles)


def _remember(user, tournament, roles: frozenset[str]) -> frozenset[str]:
    cache = getattr(user, _CACHE, None)
    if cache is not None:
        cache[tournament.pk] = roles
    return roles


def remember_roles(user) -> None:
    """Keep the roles read for ``user`` until the end of the request (see the module's text)."""
    if getattr(user, "is_authenticated", False) and getattr(user, _CACHE, None) is None:
        setattr(user, _CACHE, {})


def forget_roles(user, tournament) -> None:
    """The user's roles in the tournament changed during the request: read them again when asked."""
    cache = getattr(user, _CACHE, None)
    if cache is not None:
        cache.pop(tournament.pk, None)


def roles_of(user, tournament) -> frozenset[str]:
    """The user's roles in the tournament, as they count (:func:`_counted`)."""
    if user is SYSTEM:
        return ALL_ROLES
    if not getattr(user, "is_authenticated", False):
        return frozenset()
    cache = getattr(user, _CACHE, None)
    if cache is not None and tournament.pk in cache:
        return cache[tournament.pk]
    stored, registered = role_rows(user.pk, tournament.pk, with_registration=True)
    return _remember(user, tournament, _counted(user, stored, registered))


def roles_and_registration(user, tournament):
    """The user's roles (as :func:`roles_of`) and registration (or None) in one go, remembered for the request.

    The registration is what makes a user a ``player``, so the pages of a
    player read it here once instead of asking "is registered?" and then
    loading it again.
    """
    if not getattr(user, "is_authenticated", False):
        return frozenset(), None
    stored, _registered = role_rows(user.pk, tournament.pk, with_registration=False)
    registration = registration_of_user(tournament, user)
    if registration is not None:
        registration.user = user
    return _remember(user, tournament, _counted(user, stored, registration is not None)), registration


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


def _refusal(role: str) -> str:
    if role == ORGANIZER:
        return _("Only an organizer of this tournament may do this.")
    if role == REFEREE:
        return _("Only a referee or an organizer of this tournament may do this.")
    return _("Only a player of this tournament may do this.")


def may_manage(roles) -> bool:
    """The organizers' pages and files (h9, OpenGotha export, welcome slips): organizers (and superusers)."""
    return ORGANIZER in roles


def may_check_in(roles) -> bool:
    """The check-in desk (checking players in, undoing it) and the check-in's QR code for the projector and
    the poster: referees and organizers (the desk is often kept by helpers with a referee's account; opening
    the check-in and pairing with it stay the organizers')."""
    return REFEREE in roles


def may_referee(roles) -> bool:
    """The referee's queue, decisions, the audit log, taking a live board over: referees and organizers."""
    return REFEREE in roles


def is_player(roles) -> bool:
    """The player's own page ("My tournament"): whoever's account has a registration in the tournament."""
    return PLAYER in roles


def registration_closed_reason(tournament) -> str | None:
    """Why nobody may register themselves now, or None while self-registration is open: the organizers
    closed it, or the tournament's last round is paired (a new player could not play any more)."""
    if not tournament.registration_open:
        return _("Registration for this tournament is closed. Please talk to the organizers.")
    if last_round_begun(tournament):
        return _("Registration is closed: the last round has been paired. Please talk to the organizers.")
    return None


def bye_request_deadline(round_):
    """When asking for a bye in ``round_`` closes: the tournament's hours before the round's start in the
    programme (``Tournament.bye_request_hours``); None when either is empty (the pairing closes it then)."""
    hours = round_.tournament.bye_request_hours
    if hours is None or round_.starts_at is None:
        return None
    return round_.starts_at - dt.timedelta(hours=hours)


def bye_request_closed_reason(round_, now=None) -> str | None:
    """Why a player may not ask for (or take back) a bye in ``round_`` now, or None while she may: only a
    planned round (a paired one is changed by an organizer), never in a round robin (its Berger schedule
    pairs every round at once and gives everybody's rest), only before the tournament's deadline
    (:func:`bye_request_deadline`: "the evening before" is 14 hours before a 10:00 round)."""
    if round_.tournament.pairing_system == PairingSystem.ROUND_ROBIN:
        return _("A round robin's schedule pairs every round at once; ask an organizer.")
    if round_.status != round_.Status.PLANNED:
        return _("Round %(number)s is paired already; ask an organizer.") % {"number": round_.number}
    deadline = bye_request_deadline(round_)
    if deadline is not None and (now or timezone.now()) >= deadline:
        return _("Requests for a bye in round %(number)s closed at %(deadline)s; ask an organizer.") % {
            "number": round_.number,
            "deadline": local_time_text(deadline, round_.tournament),
        }
    return None


def offers_registration(roles, tournament) -> bool:
    """The navigation offers self-registration while it is open, to whoever has no part in the tournament yet."""
    return not roles and registration_closed_reason(tournament) is None


def is_own(user, registration) -> bool:
    """Whether the registration is the user's own (linked to their account)."""
    return getattr(user, "is_authenticated", False) and registration.user_id == user.pk


def require_own_or(user, registration, role: str) -> None:
    """Refuse unless the registration is the user's own or the user has ``role`` in its tournament."""
    if not is_own(user, registration):
        require(user, registration.tournament, role)


# ---- what may be seen --------------------------------------------------------------------------

#: A result nobody disputes any more: confirmed by the opponent, or decided by a referee.
SETTLED = (ResultState.CONFIRMED, ResultState.ADJUDICATED)


def may_see_round(roles, round_) -> bool:
    """A round's page, its pairing sheet and result slips, its games' public pages and live boards.

    Everybody once the round is published (and after it is finished);
    referees and organizers from the start, so that the desk can check and
    print a pairing before it is announced. Players and the public never see
    a pairing that may still change. The JSON API asks with :data:`NOBODY`.
    """
    return round_.is_public or REFEREE in roles


def may_see_game(user, roles, game) -> bool:
    """A game's own page (the record as submitted, the history of its result, the players' and referees'
    buttons): its two players once the round is published; referees and organizers always."""
    return REFEREE in roles or (player_side(game, user) is not None and game.round.is_public)


def record_is_public(game) -> bool:
    """A game's record on its public page, its board viewer, its SGF and in the API: for everybody once the
    result is settled (:data:`SETTLED`), and for nobody before, so that a record under dispute (perhaps with
    an illegal move a referee is looking at) is not on display; its players and the referees see it on the
    game's own page (:func:`may_see_game`)."""
    return game.result_state in SETTLED


def sgf_is_public(game) -> bool:
    """A game's SGF for everybody (its public page's link, the download, the published copy): a settled
    game (:func:`record_is_public`) with a record that a rules engine reads."""
    return record_is_public(game) and bool(game.record) and game.round.discipline.has_validator


def counts_unpublished_rounds(roles) -> bool:
    """Whose standings downloads (PDF, CSV) count every paired round, to check them before publishing:
    organizers'. Everybody else's, and every page, count published and finished rounds only."""
    return ORGANIZER in roles


# ---- a player's part in a game -----------------------------------------------------------------


def player_side(game, user) -> str | None:
    """``"black"`` or ``"white"`` if ``user``'s account has claimed a registration playing ``game``, else None.
    In Pair Go and Rengo every player of a side plays its colour."""
    if not getattr(user, "is_authenticated", False):
        return None
    if game.black.user_id == user.pk:
        return "black"
    if game.white.user_id == user.pk:
        return "white"
    return side_of(game, user.pk)


def side_turn_refusal(user, who: Capacity, to_play, *, taking_back: bool = False) -> str | None:
    """Pair Go and Rengo: a player enters a move (a pass, a resignation, a loss on time) only in their own
    turn, ``to_play`` the player whose turn it is by the rotation (:mod:`tournament.sides`), and takes
    back (``taking_back``) only their own last move, ``to_play`` then the player who made it; the table's
    scorer and the referee recording enter every move. None: allowed (or an ordinary game)."""
    if to_play is None or who.recording or who.scorer or to_play.user_id == getattr(user, "pk", None):
        return None
    if taking_back:
        return _("Only %(player)s, who played the last move, can take it back.") % {"player": to_play.spoken_name}
    return _("It is %(player)s's turn.") % {"player": to_play.spoken_name}


@dataclass(frozen=True)
class Refusal:
    """Why a user may not do something with a game now: ``forbidden`` if it is not theirs to do at all
    (the services raise ``PermissionDenied``), else the game's state (a validation error with ``code``)."""

    message: str
    code: str
    forbidden: bool = False


def _players_round(game) -> Refusal | None:
    """Players act on a round's games while it is published; once it is closed, a referee changes them."""
    if not game.round.is_public:
        return Refusal(_("This round is not published."), "closed")
    return None


def report_refusal(user, game, *, recorder: bool = False) -> Refusal | None:
    """Why ``user`` may not report (or report again) the game's result now, or None.

    A player of the game (or, ``recorder``, whoever recorded it on the live
    board for the players) reports while the round is published and not
    closed, the result is not reported yet or was reported by themselves,
    and it is neither settled nor with a referee.
    """
    if player_side(game, user) is None and not recorder:
        return Refusal(_("You can only report your own games."), "not-yours", forbidden=True)
    closed = _players_round(game)
    if closed is not None:
        return closed
    if game.round.status == game.round.Status.FINISHED:
        return Refusal(_("This round is closed; ask a referee."), "closed")
    if game.result_state in SETTLED:
        return Refusal(_("This result is settled; ask a referee to change it."), "settled")
    if game.result_state == ResultState.DISPUTED:
        return Refusal(_("This game is with a referee."), "settled")
    if game.result_state == ResultState.REPORTED and game.reported_by_id != user.pk:
        return Refusal(_("Your opponent has reported already: confirm or dispute."), "reported")
    return None


def confirm_refusal(user, game) -> Refusal | None:
    """Why ``user`` may not confirm the reported result, or None: the opponent of whoever reported it
    confirms, also after the round was closed (closing it counted the result; the opponent still agrees)."""
    if player_side(game, user) is None:
        return Refusal(_("You can only confirm your own games."), "not-yours", forbidden=True)
    if game.result_state != ResultState.REPORTED:
        return Refusal(_("There is no reported result to confirm."), "state")
    if game.reported_by_id == user.pk:
        return Refusal(_("Your opponent confirms the result you reported."), "own")
    reporters_side = side_of(game, game.reported_by_id) if game.reported_by_id is not None else None
    if reporters_side is not None and reporters_side == player_side(game, user):  # Pair Go: a partner
        return Refusal(_("Your opponents confirm the result your side reported."), "own")
    return _players_round(game)


def dispute_refusal(user, game) -> Refusal | None:
    """Why ``user`` may not send the result to a referee, or None: a player of the game disputes a reported
    result until it is confirmed (also after the round was closed, as they may confirm it), and a
    confirmed one while the round is not closed; after that a referee changes it."""
    if player_side(game, user) is None:
        return Refusal(_("You can only dispute your own games."), "not-yours", forbidden=True)
    if game.result_state not in (ResultState.REPORTED, ResultState.CONFIRMED):
        return Refusal(_("There is no reported result to dispute."), "state")
    if game.result_state == ResultState.CONFIRMED and game.round.status == game.round.Status.FINISHED:
        return Refusal(_("This round is closed; ask a referee."), "closed")
    return _players_round(game)


def withdraw_refusal(user, game) -> Refusal | None:
    """Why ``user`` may not take back the result they reported, or None: only the reporter, before it is
    confirmed, while the round is open (the live board does it when the winning move is taken back)."""
    if game.result_state != ResultState.REPORTED or game.reported_by_id != getattr(user, "pk", None):
        return Refusal(_("Only the one who reported a result can take it back, before it is confirmed."), "state")
    closed = _players_round(game)
    if closed is None and game.round.status == game.round.Status.FINISHED:
        return Refusal(_("This round is closed; ask a referee."), "closed")
    return closed


def may_report(user, game) -> bool:
    """See :func:`report_refusal`: the "Report the result" button shows exactly when the report is taken."""
    return report_refusal(user, game) is None


def may_confirm(user, game) -> bool:
    """See :func:`confirm_refusal`."""
    return confirm_refusal(user, game) is None


def may_dispute(user, game) -> bool:
    """See :func:`dispute_refusal`."""
    return dispute_refusal(user, game) is None


# ---- the live board -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Capacity:
    """What a user is to a game's live board (:func:`live_capacity`)."""

    side: str | None  # "black"/"white": the user plays it
    scorer: bool  # the organizer named the user scorer for the table
    referee: bool  # a referee or organizer of the tournament
    recording: bool  # the referee who took the recording over
    taken_over: bool  # some referee took the recording over

    @property
    def may_record(self) -> bool:
        """Enters moves, if the board is open (:func:`board_closed_reason`): the players or the table's
        scorer; once a referee took the recording over, that referee alone (until they hand it back)."""
        return self.recording or (not self.taken_over and (self.side is not None or self.scorer))


def live_capacity(user, game, live) -> Capacity:
    """What ``user`` may do on the game's live board (``live``: its :class:`~tournament.models.LiveRecord`)."""
    if not getattr(user, "is_authenticated", False):
        return Capacity(None, False, False, False, live.recorder_id is not None)
    referee = has_role(user, game.round.tournament, REFEREE)
    return Capacity(
        side=player_side(game, user),
        scorer=live.scorer_id is not None and live.scorer_id == user.pk,
        referee=referee,
        recording=referee and live.recorder_id == user.pk,
        taken_over=live.recorder_id is not None,
    )


def speaks_for(who: Capacity, side: str = "") -> tuple[str, ...]:
    """The sides ``who`` agrees to the marks of a Go game's end for, or asks to resume play for: a player
    for their own side (``side`` must be it, or empty); the table's scorer or the referee recording for
    the side named (``side``), or both for an agreement (``side`` empty: a player then confirms the result
    they propose). ``()`` for whoever may not record, or names another side than their own."""
    if not who.may_record:
        return ()
    if who.side is not None and not who.recording:
        return (who.side,) if side in ("", who.side) else ()
    if side in ("black", "white"):
        return (side,)
    return ("black", "white") if side == "" else ()


def require_recorder(who: Capacity) -> None:
    """Refuse, in words, whoever may not enter the moves of the board."""
    if who.may_record:
        return
    if who.taken_over:
        raise PermissionDenied(_("A referee is recording this game."))
    if who.referee:
        raise PermissionDenied(_("Take over the recording first."))
    raise PermissionDenied(_("Only the players and the scorer of this game enter its moves."))


def board_closed_reason(game) -> str | None:
    """Why no move can be entered on the game's live board now, or None while the game is being played:
    moves are entered while the round is published (not closed) and the result is not reported."""
    round_ = game.round
    if not round_.is_public:
        return _("This round is not published.")
    if round_.status == round_.Status.FINISHED:
        return _("This round is closed; ask a referee.")
    if game.result_state != ResultState.PENDING:
        return _("The result of this game has been reported: the board is closed.")
    return None


def proposed_on_board(game, live) -> bool:
    """True if the game's reported result came from its live board (its record is the live record)."""
    return game.result_state == ResultState.REPORTED and game.record.split() == live.move_list


def may_take_back(
    user,
    game,
    live,
    who: Capacity,
    *,
    last_colour: Callable[[], str | None],
    last_player: Callable[[], Any] = lambda: None,
) -> bool:
    """May ``user`` take back the last move (or the resignation, or loss on time, entered last) now?

    Whoever entered it, the player whose move it was, the scorer or the
    referee recording, as long as it is the last move (never after the
    opponent moved); the move that ended the game, and so withdraws the
    result it proposed, while nobody has confirmed that result.  The second
    pass of a Go game only until anybody marked a dead stone or agreed to
    the count (then play is resumed instead, by the rules).
    ``last_colour()`` is the colour of the last move on the board (asked
    only when needed: it replays the game). In Pair Go and Rengo a player
    takes back only a move they played themselves: ``last_player()`` is the
    player of the last move by the rotation (None in an ordinary game).
    """
    if live.marking_begun:
        return False
    ended_here = proposed_on_board(game, live) and game.reported_by_id == user.pk
    if board_closed_reason(game) is not None and not ended_here:
        return False
    if not who.may_record:
        return False
    if ended_here and game.method in ENDS_ENTERED_BY_HAND:
        return True  # the resignation or time loss itself
    if not live.entries:
        return False
    if who.recording or who.scorer:
        return True
    mover = last_player()
    if mover is not None:
        return bool(mover.user_id == user.pk)
    if live.entries[-1][0] == user.get_username():
        return True
    return last_colour() == who.side


# ---- accounts -------------------------------------------------------------------------------------


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
