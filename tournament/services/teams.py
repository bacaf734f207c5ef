"""The teams of a team tournament: create, rename, delete; members in and out; a round's line-up.

Every change is the organizer's, atomic and audited. A team exists only in a team tournament
(:attr:`Tournament.event_kind`); its members are players of the same tournament, each in one team
at most (the database holds it); a team has at most :data:`~tournament.limits.MAX_TEAM_MEMBERS`.
A round's line-up names a member for each board; it is set while the round is planned (once the
round is paired, its boards are games: unpair it first). A member who played, or is lined up in a
round that is paired, stays in the team.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament import limits
from tournament.models import LineUp, Match, Registration, Round, Team, TeamBye, TeamMember, Tournament
from tournament.permissions import ORGANIZER, require
from tournament.selectors.teams import plays, weaker_above

from .audit import log_change
from .registrations import save_checked

__all__ = [
    "TeamError",
    "line_up_set",
    "team_create",
    "team_delete",
    "team_member_add",
    "team_member_remove",
    "team_rename",
]


class TeamError(ValidationError):
    """A team change the tournament's state does not allow, in words."""


def _lock(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _team_event(tournament: Tournament) -> None:
    if not tournament.is_team_event:
        raise TeamError(
            _("%(tournament)s is not a team tournament: choose teams as its kind of event in the settings first.")
            % {"tournament": tournament.name},
            code="not-teams",
        )


def _name(name: str) -> str:
    text = " ".join(str(name or "").split())
    if not text or any(ord(ch) < 32 for ch in text):
        raise TeamError(_("Give the team a name."), code="name")
    if len(text) > limits.TEAM_NAME_LENGTH:
        raise TeamError(
            _("A team's name has at most %(most)s characters.") % {"most": limits.TEAM_NAME_LENGTH}, code="name"
        )
    return text


def _current(team: Team) -> Team:
    current = Team.objects.select_for_update().filter(pk=team.pk).select_related("tournament").first()
    if current is None:
        raise TeamError(_("This team was deleted meanwhile."), code="gone")
    return current


@transaction.atomic
def team_create(*, tournament: Tournament, name: str, user) -> Team:
    """A new team, numbered after the last one."""
    require(user, tournament, ORGANIZER)
    tournament = _lock(tournament)
    _team_event(tournament)
    teams = Team.objects.filter(tournament=tournament)
    if teams.count() >= limits.MAX_TEAMS:
        raise TeamError(_("A tournament has at most %(most)s teams.") % {"most": limits.MAX_TEAMS}, code="full")
    number = (teams.aggregate(n=Max("number"))["n"] or 0) + 1
    team = Team(tournament=tournament, name=_name(name), number=number)
    team.full_clean()
    save_checked(team)
    log_change(team, "team.create", user=user, after={"team": team.name})
    return team


@transaction.atomic
def team_rename(*, team: Team, name: str, user) -> Team:
    require(user, team.tournament, ORGANIZER)
    current = _current(team)
    new = _name(name)
    if new == current.name:
        return current
    before = current.name
    current.name = new
    current.full_clean()
    save_checked(current)
    # the pages kept per standings version name the team (the round page's and the grid's boards, the
    # projector's matches): a new name is a new version
    Tournament.objects.filter(pk=current.tournament_id).update(updated_at=timezone.now())
    log_change(current, "team.rename", user=user, before={"team": before}, after={"team": new})
    return current


@transaction.atomic
def team_delete(*, team: Team, user) -> None:
    """Delete a team that has played no match (its members are then in no team)."""
    require(user, team.tournament, ORGANIZER)
    current = _current(team)
    if current.line_ups.exclude(round__status=Round.Status.PLANNED).exists() or _has_match(current):
        raise TeamError(
            _("%(team)s has played or is paired: it cannot be deleted.") % {"team": current.name}, code="played"
        )
    members = [m.registration.spoken_name for m in current.members.select_related("registration")]
    log_change(current, "team.delete", user=user, before={"team": current.name, "members": members})
    current.delete()


def _has_match(team: Team) -> bool:
    return (
        Match.objects.filter(team1=team).exists()
        or Match.objects.filter(team2=team).exists()
        or TeamBye.objects.filter(team=team).exists()
    )


@transaction.atomic
def team_member_add(*, team: Team, registration: Registration, user) -> TeamMember:
    require(user, team.tournament, ORGANIZER)
    current = _current(team)
    if registration.tournament_id != current.tournament_id:
        raise TeamError(_("This player is not registered in this tournament."), code="foreign")
    other = TeamMember.objects.filter(registration=registration).select_related("team").first()
    if other is not None:
        raise TeamError(
            _("%(player)s is in %(team)s already.") % {"player": registration.spoken_name, "team": other.team.name},
            code="taken",
        )
    if registration.status == Registration.Status.WITHDRAWN:
        raise TeamError(_("%(player)s has withdrawn.") % {"player": registration.spoken_name}, code="withdrawn")
    if current.members.count() >= limits.MAX_TEAM_MEMBERS:
        raise TeamError(_("A team has at most %(most)s members.") % {"most": limits.MAX_TEAM_MEMBERS}, code="full")
    _side_not_full(current)
    member = TeamMember(team=current, registration=registration)
    save_checked(member)
    log_change(current, "team.member.add", user=user, after={"team": current.name, "player": registration.spoken_name})
    return member


def _side_not_full(team: Team) -> None:
    """A side of Pair Go or Rengo has exactly its players (2 or 3): no more members."""
    size = team.tournament.side_size
    if size > 1 and team.members.count() >= size:
        raise TeamError(
            _("A side of %(kind)s has %(size)s players.")
            % {"kind": team.tournament.get_event_kind_display(), "size": size},
            code="full",
        )


@transaction.atomic
def team_member_remove(*, team: Team, registration: Registration, user) -> None:
    """Take a member out of the team; refused once they are in a paired round's line-up (their games
    are the team's). Their line-ups of planned rounds go with them."""
    require(user, team.tournament, ORGANIZER)
    current = _current(team)
    member = TeamMember.objects.filter(team=current, registration=registration).first()
    if member is None:
        raise TeamError(
            _("%(player)s is not in %(team)s.") % {"player": registration.spoken_name, "team": current.name},
            code="gone",
        )
    played = (
        LineUp.objects.filter(team=current, player=registration)
        .exclude(round__status=Round.Status.PLANNED)
        .order_by("round__number")
        .values_list("round__number", flat=True)
        .first()
    )
    if played is not None:
        raise TeamError(
            _("%(player)s plays for %(team)s in round %(round)s: they stay in the team.")
            % {"player": registration.spoken_name, "team": current.name, "round": played},
            code="played",
        )
    LineUp.objects.filter(team=current, player=registration).delete()
    member.delete()
    log_change(
        current, "team.member.remove", user=user, before={"team": current.name, "player": registration.spoken_name}
    )


class LineUpOrder(TeamError):
    """A line-up with a weaker player above a stronger one, not confirmed (code ``order``)."""


@transaction.atomic
def line_up_set(
    *, team: Team, round: Round, players: Sequence[Registration | None], user, confirmed: bool = False
) -> list[LineUp]:
    """Set the team's line-up for a planned round: ``players`` board 1 first, one for each board, each a
    member of the team who plays in that round; ``None`` leaves a board empty, as OpenGotha's Teams
    Manager does (board n still plays board n; a team with an empty board is not complete, and OpenGotha's
    pairing, like the site's, leaves it out of the round), at least one board filled; a Pair Go or
    Rengo side names all its players. Boards not ordered by strength
    (:func:`~tournament.selectors.teams.weaker_above`) are refused with :class:`LineUpOrder` naming them
    until the director confirms (``confirmed``); a Pair Go side's order of play is not a strength order."""
    require(user, team.tournament, ORGANIZER)
    # the round first, then the team: the order the round's pairing takes them in (no deadlock)
    round_ = Round.objects.select_for_update().get(pk=round.pk)
    current = _current(team)
    tournament = current.tournament
    if round_.tournament_id != tournament.pk:
        raise TeamError(_("The round belongs to another tournament."), code="foreign")
    if round_.status != Round.Status.PLANNED:
        raise TeamError(
            _("Round %(number)s is %(status)s: its line-ups are fixed. Remove its pairing to change them.")
            % {"number": round_.number, "status": round_.get_status_display()},
            code="paired",
        )
    boards = tournament.line_up_size
    _check_line_up(current, round_, list(players), boards)
    if not confirmed and not tournament.is_pair_event:
        _check_order(list(players))
    stored = {
        row.board: row.player.spoken_name for row in current.line_ups.filter(round=round_).select_related("player")
    }
    before = [stored.get(b, "") for b in range(1, max(stored, default=0) + 1)]
    while before and not before[-1]:
        before.pop()
    LineUp.objects.filter(team=current, round=round_).delete()
    rows = LineUp.objects.bulk_create(
        [LineUp(round=round_, team=current, board=b, player=p) for b, p in enumerate(players, 1) if p is not None]
    )
    after = [p.spoken_name if p is not None else "" for p in players]
    while after and not after[-1]:
        after.pop()
    if before != after:
        log_change(
            round_,
            "team.line_up",
            user=user,
            before={"team": current.name, "boards": before},
            after={"team": current.name, "boards": after},
        )
    return rows


def _check_order(players: list[Registration | None]) -> None:
    found = weaker_above(players)
    if not found:
        return
    pairs = " ".join(
        _(
            "Board %(board)s: %(weaker)s (%(weaker_rank)s) is weaker than board %(below)s: %(stronger)s (%(stronger_rank)s)."
        )
        % {
            "board": board,
            "weaker": weaker.display_name,
            "weaker_rank": weaker.rank_display,
            "below": below,
            "stronger": stronger.display_name,
            "stronger_rank": stronger.rank_display,
        }
        for board, weaker, below, stronger in found
    )
    raise LineUpOrder(
        pairs
        + " "
        + _("OpenGotha orders the boards by strength (the rating, else the rank's), board 1 the strongest."),
        code="order",
    )


def _check_line_up(team: Team, round_: Round, players: list[Registration | None], boards: int) -> None:
    if (len(players) != boards or None in players) and team.tournament.is_pair_event:
        raise TeamError(
            _("%(team)s plays with %(size)s players: give each of them a place in the order of play.")
            % {"team": team.name, "size": boards},
            code="boards",
        )
    if len(players) != boards:
        raise TeamError(
            _("%(team)s plays on %(boards)s boards: name a player for each.") % {"team": team.name, "boards": boards},
            code="boards",
        )
    chosen = [p for p in players if p is not None]
    if not chosen:
        raise TeamError(
            _("%(team)s plays on %(boards)s boards: name a player for one of them at least.")
            % {"team": team.name, "boards": boards},
            code="boards",
        )
    if len({p.pk for p in chosen}) != len(chosen):
        raise TeamError(_("A player can play on one board only."), code="twice")
    members = set(team.members.values_list("registration_id", flat=True))
    for p in chosen:
        if p.pk not in members:
            raise TeamError(
                _("%(player)s is not in %(team)s.") % {"player": p.spoken_name, "team": team.name}, code="member"
            )
        if not plays(p, round_.number):
            raise TeamError(
                _("%(player)s does not play in round %(round)s.") % {"player": p.spoken_name, "round": round_.number},
                code="absent",
            )
