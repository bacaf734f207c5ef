"""Reads of the organizer's set-up pages: which settings are fixed now, the settings' version, the
tournament's team, its disciplines and rounds. (Who may create a tournament: :mod:`tournament.permissions`.)"""

from __future__ import annotations

from django.db.models import Count, Q
from django.utils.translation import gettext_lazy as _

from tournament.models import Discipline, Round, Tournament, TournamentInvitation, TournamentRole

#: Settings fixed once a round is paired, with the reason shown beside them.
PAIRING_FIXED = _("Fixed since a round was paired: the pairings so far were made with it.")
HANDICAP_FIXED = _("Fixed since a round was paired: the handicaps of the games so far follow from it.")
SCORES_FIXED = _("Fixed since a round was paired: the scores that paired the rounds so far follow from it.")

EVENT_FIXED = _("Fixed since a round was paired: its games were made for this kind of event.")

LOCKED_AFTER_PAIRING = {
    "event_kind": EVENT_FIXED,
    "pairing_system": PAIRING_FIXED,
    "mcmahon_bar": PAIRING_FIXED,
    "mcmahon_floor": PAIRING_FIXED,
    "handicap_threshold": HANDICAP_FIXED,
    "handicap_correction": HANDICAP_FIXED,
    "handicap_ceiling": HANDICAP_FIXED,
    "bye_points": SCORES_FIXED,
    "absence_points": SCORES_FIXED,
    "bye_points_nbw": SCORES_FIXED,
    "absence_points_nbw": SCORES_FIXED,
    "half_points_count": SCORES_FIXED,
}


def settings_version(tournament: Tournament) -> str:
    """What a settings form carries to notice a change made meanwhile."""
    return tournament.updated_at.isoformat() if tournament.updated_at else ""


def pairing_started(tournament: Tournament) -> bool:
    """True once any round is paired (or published, or finished)."""
    return tournament.rounds.exclude(status=Round.Status.PLANNED).exists()


def last_round_begun(tournament: Tournament) -> bool:
    """True once the tournament's last round is paired (or published, or finished): a player registering
    now could not play any more. False while it has no rounds."""
    status = tournament.rounds.order_by("-number").values_list("status", flat=True).first()
    return status is not None and status != Round.Status.PLANNED


def rounds_to_come(tournament: Tournament) -> list[int]:
    """The numbers of the rounds not paired yet: the ones a player may still say they will miss."""
    return list(tournament.rounds.filter(status=Round.Status.PLANNED).values_list("number", flat=True))


def locked_settings(tournament: Tournament) -> dict[str, str]:
    """The settings that can no longer change, each with its reason."""
    if not pairing_started(tournament):
        return {}
    return {name: str(reason) for name, reason in LOCKED_AFTER_PAIRING.items()}


def team(tournament: Tournament) -> list[TournamentRole]:
    return list(tournament.roles.select_related("user").order_by("role", "user__username"))


def open_invitations(tournament: Tournament) -> list[TournamentInvitation]:
    return [
        i for i in tournament.invitations.select_related("invited_by").filter(accepted_at__isnull=True) if i.is_open
    ]


def disciplines_with_use(tournament: Tournament):
    """The disciplines, each with ``round_count`` and ``played_count`` (rounds paired or later)."""
    return tournament.disciplines.annotate(
        round_count=Count("rounds", distinct=True),
        played_count=Count("rounds", filter=~Q(rounds__status=Round.Status.PLANNED), distinct=True),
    ).order_by("position", "name", "pk")


def discipline_played(discipline: Discipline) -> Round | None:
    """The first round of the discipline that is paired or later (its games follow the discipline's rules)."""
    return discipline.rounds.exclude(status=Round.Status.PLANNED).order_by("number").first()


def my_tournaments_by_role(user) -> dict[str, list[Tournament]]:
    """The user's tournaments: ``organizer`` and ``referee`` (newest first)."""
    found: dict[str, list[Tournament]] = {TournamentRole.Role.ORGANIZER: [], TournamentRole.Role.REFEREE: []}
    for role in (
        TournamentRole.objects.filter(user=user)
        .select_related("tournament")
        .order_by("-tournament__start_date", "tournament__name")
    ):
        found.setdefault(role.role, []).append(role.tournament)
    return found
