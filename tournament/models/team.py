"""Team tournaments: the event's kind, its teams, their members, each round's line-up and matches.

As OpenGotha's Teams Manager and pairgoth's TEAM2 to TEAM5: a team plays on
2 to 5 boards; it has more members than boards, and each round's *line-up*
names who plays on which board (by default the previous round's, else the
members by rating, as OpenGotha's ``reorderTeamMembersByRating``). Two teams
meet in a *match* at a table; its boards are ordinary :class:`~.game.Game`
rows (``Game.match``, ``Game.board``), so results, the live board, referees
and the PDFs work on them as on every game.

Pair Go and Rengo (pairgoth's PAIRGO, RENGO2, RENGO3) live here too: a side is
a team of two or three members on one board, and its line-up's ``board`` is then
the order in which the side's players move (:mod:`tournament.sides`); the match's
one game has the sides' first players as Black and White.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from tournament import limits

from .fields import check_names


class EventKind(models.TextChoices):
    """What a tournament's players play as: each on their own, or in teams of 2 to 5 boards."""

    INDIVIDUAL = "individual", _("Individual")
    TEAM2 = "team2", _("Teams of 2 boards")
    TEAM3 = "team3", _("Teams of 3 boards")
    TEAM4 = "team4", _("Teams of 4 boards")
    TEAM5 = "team5", _("Teams of 5 boards")
    PAIRGO = "pairgo", _("Pair Go")
    RENGO2 = "rengo2", _("Rengo, 2 a side")
    RENGO3 = "rengo3", _("Rengo, 3 a side")


#: What each kind of event means: ``(boards a match, players a side on each board)``; the one table.
EVENT_SHAPES: dict[str, tuple[int, int]] = {
    EventKind.INDIVIDUAL: (0, 1),
    EventKind.TEAM2: (2, 1),
    EventKind.TEAM3: (3, 1),
    EventKind.TEAM4: (4, 1),
    EventKind.TEAM5: (5, 1),
    EventKind.PAIRGO: (1, 2),
    EventKind.RENGO2: (1, 2),
    EventKind.RENGO3: (1, 3),
}


#: The boards a team of each kind plays on (none: not a team event; Pair Go and Rengo are not here).
TEAM_BOARDS = {kind: boards for kind, (boards, players) in EVENT_SHAPES.items() if boards > 1 and players == 1}
assert all(limits.MIN_TEAM_BOARDS <= n <= limits.MAX_TEAM_BOARDS for n in TEAM_BOARDS.values())
assert all(boards * players <= limits.MAX_TEAM_BOARDS for boards, players in EVENT_SHAPES.values())


def team_boards(kind: str) -> int:
    """The boards a team (a side: 1) plays on in an event of ``kind``; 0 for an individual event."""
    return EVENT_SHAPES.get(kind, (0, 1))[0]


def side_size(kind: str) -> int:
    """The players of a side on one board: 2 in Pair Go and Rengo of two, 3 in Rengo of three, else 1."""
    return EVENT_SHAPES.get(kind, (0, 1))[1]


def line_up_size(kind: str) -> int:
    """The places of a team's line-up in a round: its boards, or a side's players in their order of play."""
    boards, players = EVENT_SHAPES.get(kind, (0, 1))
    return boards * players


def kind_of_boards(boards: int) -> str:
    """The event kind of teams of ``boards`` boards (``ValueError`` beyond 2 to 5)."""
    for kind, n in TEAM_BOARDS.items():
        if n == boards:
            return kind.value
    raise ValueError(f"no team event of {boards} boards")


def _board_validators():
    return [MinValueValidator(1), MaxValueValidator(limits.MAX_TEAM_BOARDS)]


class Team(models.Model):
    """A team of a team tournament: its number (as OpenGotha's, from 1) and name, each once per tournament."""

    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveSmallIntegerField(
        _("number"), validators=[MinValueValidator(1), MaxValueValidator(limits.MAX_TEAMS)]
    )
    name = models.CharField(_("team name"), max_length=limits.TEAM_NAME_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(
                "tournament",
                Lower("name"),
                name="team_name_once_per_tournament",
                violation_error_message=_("A team of this name exists already."),
            ),
            models.UniqueConstraint(
                fields=["tournament", "number"],
                name="team_number_once_per_tournament",
                violation_error_message=_("A team with this number exists already."),
            ),
            models.CheckConstraint(
                condition=models.Q(number__gte=1, number__lte=limits.MAX_TEAMS), name="team_number_in_range"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        """The name holds nothing a reader cannot see (:func:`~.fields.check_names`)."""
        check_names(self, ("name",))


class TeamMember(models.Model):
    """A registration of the tournament in a team; a registration is in one team at most."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members", verbose_name=_("team"))
    registration = models.OneToOneField(
        "Registration",
        on_delete=models.CASCADE,
        related_name="team_membership",
        verbose_name=_("player"),
        error_messages={"unique": _("This player is in a team already.")},
    )

    class Meta:
        ordering = ["team", "id"]
        verbose_name = _("team member")
        verbose_name_plural = _("team members")

    def __str__(self) -> str:
        return f"{self.team}: {self.registration}"

    def clean(self) -> None:
        if self.team_id and self.registration_id and self.registration.tournament_id != self.team.tournament_id:
            raise ValidationError({"registration": _("This player is not registered in this tournament.")})


class LineUp(models.Model):
    """Who plays on which board for a team in a round: board 1 the strongest, as OpenGotha orders them.

    A player is on one board of one team a round (a constraint); the boards go from 1 to the
    tournament's boards (checked where a line-up is written: ``services.teams.line_up_set`` and
    ``services.team_rounds``; the database bounds them by :data:`~tournament.limits.MAX_TEAM_BOARDS`)."""

    round = models.ForeignKey("Round", on_delete=models.CASCADE, related_name="line_ups")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="line_ups")
    board = models.PositiveSmallIntegerField(_("board"), validators=_board_validators())
    player = models.ForeignKey(
        "Registration", on_delete=models.CASCADE, related_name="line_ups", verbose_name=_("player")
    )

    class Meta:
        ordering = ["round", "team", "board"]
        verbose_name = _("line-up")
        verbose_name_plural = _("line-ups")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "team", "board"],
                name="line_up_board_once",
                violation_error_message=_("This board of the team is taken already in this round."),
            ),
            models.UniqueConstraint(
                fields=["round", "player"],
                name="line_up_player_once_per_round",
                violation_error_message=_("This player is in a line-up of this round already."),
            ),
            models.CheckConstraint(
                condition=models.Q(board__gte=1, board__lte=limits.MAX_TEAM_BOARDS), name="line_up_board_in_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} {self.team} {self.board}: {self.player}"


class Match(models.Model):
    """Two teams of a round at one table; its board games are the :class:`~.game.Game` rows with
    ``match`` set. ``team1`` is OpenGotha's first team (its board 1 player has White in OpenGotha's
    alternation of colours by board)."""

    round = models.ForeignKey("Round", on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField(
        _("table"), validators=[MinValueValidator(1), MaxValueValidator(limits.MAX_MATCH_TABLE)]
    )
    team1 = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+", verbose_name=_("team"))
    team2 = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+", verbose_name=_("opponent"))

    class Meta:
        ordering = ["round", "table"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="match_table_unique"),
            models.UniqueConstraint(fields=["round", "team1"], name="match_team1_once"),
            models.UniqueConstraint(fields=["round", "team2"], name="match_team2_once"),
            models.CheckConstraint(condition=~models.Q(team1=models.F("team2")), name="match_teams_differ"),
            models.CheckConstraint(
                condition=models.Q(table__gte=1, table__lte=limits.MAX_MATCH_TABLE), name="match_table_in_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} #{self.table}: {self.team1} – {self.team2}"


class TeamBye(models.Model):
    """A team left out of a round's pairing with the bye (an odd number of teams), as the team pairing
    gives it; its members have no game that round."""

    round = models.ForeignKey("Round", on_delete=models.CASCADE, related_name="team_byes")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="byes", verbose_name=_("team"))

    class Meta:
        ordering = ["round", "team"]
        verbose_name = _("team bye")
        verbose_name_plural = _("team byes")
        constraints = [models.UniqueConstraint(fields=["round", "team"], name="team_bye_once_per_round")]

    def __str__(self) -> str:
        return f"{self.round}: {self.team}"
