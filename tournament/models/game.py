"""A game of a round, its result and game record; and byes."""

from __future__ import annotations

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament import limits
from tournament import result_codes as codes
from tournament.variants import variant_for

from .fields import user_account


class Result(models.TextChoices):
    """The stored result of a game: the letters of :mod:`tournament.result_codes` with their words."""

    UNKNOWN = codes.UNKNOWN, _("unknown")
    BLACK = codes.BLACK, _("Black wins")
    WHITE = codes.WHITE, _("White wins")
    DRAW = codes.DRAW, _("draw (jigo)")
    BOTH_LOSE = codes.BOTH_LOSE, _("both lose")
    BOTH_WIN = codes.BOTH_WIN, _("both win")


class ResultState(models.TextChoices):
    PENDING = "pending", _("pending")
    REPORTED = "reported", _("reported")
    CONFIRMED = "confirmed", _("confirmed")
    DISPUTED = "disputed", _("disputed")
    ADJUDICATED = "adjudicated", _("adjudicated")


class WinMethod(models.TextChoices):
    """The words of :data:`games.schema.WIN_METHODS` (a test checks that they match), and "not given"."""

    NONE = "", _("not given")
    FIVE = "five", _("five in a row")
    CAPTURES = "captures", _("captures")
    SCORE = "score", _("counting")
    RESIGNATION = "resignation", _("resignation")
    TIME = "time", _("on time")
    DEFAULT = "default", _("by default")


def win_methods(kind: str) -> tuple[WinMethod, ...]:
    """The ways a game of ``kind`` can be won, in the order its variant offers them
    (``Variant.win_methods``: a five or captures in Ninuki-Renju, counting in the Go family)."""
    return tuple(WinMethod(m) for m in variant_for(kind).win_methods)


def win_method_choices(kind: str) -> list[tuple[str, str]]:
    """Choices for a "won by" field of a game of ``kind``: "not given", then its ways of winning."""
    return [(WinMethod.NONE.value, WinMethod.NONE.label)] + [(m.value, m.label) for m in win_methods(kind)]


class Game(models.Model):
    round = models.ForeignKey("Round", on_delete=models.CASCADE, related_name="games")
    table = models.PositiveSmallIntegerField(
        _("table"), validators=[MinValueValidator(1), MaxValueValidator(limits.MAX_TABLE)]
    )
    black = models.ForeignKey(
        "Registration",
        on_delete=models.PROTECT,
        related_name="games_as_black",
        verbose_name=_("Black"),
    )
    white = models.ForeignKey(
        "Registration",
        on_delete=models.PROTECT,
        related_name="games_as_white",
        verbose_name=_("White"),
    )
    handicap = models.PositiveSmallIntegerField(
        _("handicap"), default=0, validators=[MaxValueValidator(limits.MAX_HANDICAP)]
    )
    komi = models.DecimalField(
        _("komi"),
        max_digits=4,
        decimal_places=1,
        default=Decimal("0"),
        help_text=_("Points for White; negative when White pays reverse komi."),
        validators=[MinValueValidator(limits.MIN_KOMI), MaxValueValidator(limits.MAX_KOMI)],
    )
    #: A board of a team match (:mod:`.team`): the match and the board; both empty for an individual game.
    match = models.ForeignKey(
        "Match", on_delete=models.CASCADE, null=True, blank=True, related_name="games", verbose_name=_("match")
    )
    board = models.PositiveSmallIntegerField(
        _("board"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(limits.MAX_TEAM_BOARDS)],
    )
    pinned = models.BooleanField(
        _("kept when re-pairing"),
        default=False,
        help_text=_("A fixed or hand-made pairing that re-pairing the round keeps."),
    )
    table_by_hand = models.BooleanField(
        _("table set by hand"),
        default=False,
        help_text=_("A director put this game at its table: renumbering the tables keeps it there."),
    )

    result = models.CharField(_("result"), max_length=1, choices=Result.choices, default=Result.UNKNOWN)
    by_default = models.BooleanField(_("by default"), default=False, help_text=_("The game was not played."))
    method = models.CharField(
        _("won by"),
        max_length=12,
        choices=WinMethod.choices,
        default=WinMethod.NONE,
        blank=True,
    )
    result_state = models.CharField(
        _("result state"),
        max_length=12,
        choices=ResultState.choices,
        default=ResultState.PENDING,
    )
    record = models.TextField(_("game record"), blank=True)
    verdict = models.JSONField(
        _("validator's verdict"),
        null=True,
        blank=True,
        help_text=_("What the rules validator said about the submitted record."),
    )
    marks = models.JSONField(
        _("dead stones"),
        null=True,
        blank=True,
        help_text=_(
            "Go: the dead stones and neutral points the record is counted with (agreed on the live board, "
            "given with the report, or decided by a referee); empty: those of the record's TB/TW, if any."
        ),
    )
    reported_by = user_account(_("reported by"))
    reported_at = models.DateTimeField(_("reported at"), null=True, blank=True)
    version = models.PositiveIntegerField(default=0, editable=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "table"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="game_table_unique"),
            models.UniqueConstraint(fields=["round", "black"], name="game_black_once"),
            models.UniqueConstraint(fields=["round", "white"], name="game_white_once"),
            models.CheckConstraint(
                condition=~models.Q(black=models.F("white")),
                name="game_players_differ",
                violation_error_message=_("A player cannot play against themselves."),
            ),
            models.CheckConstraint(condition=models.Q(table__gte=1), name="game_table_positive"),
            models.UniqueConstraint(fields=["match", "board"], name="game_board_once_per_match"),
            models.CheckConstraint(
                condition=models.Q(match__isnull=True, board__isnull=True)
                | models.Q(match__isnull=False, board__isnull=False, board__gte=1, board__lte=limits.MAX_TEAM_BOARDS),
                name="game_board_of_a_match",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} #{self.table}: {self.black} – {self.white}"

    # --- results -------------------------------------------------------------

    @property
    def has_result(self) -> bool:
        return self.result != Result.UNKNOWN

    @property
    def jigo_possible(self) -> bool:
        """Whether the game can end in jigo (a draw): not with a half point of komi (6.5); a game without
        komi (Ninuki-Renju) can."""
        komi = Decimal(str(self.komi))  # a game made in code may hold a float
        return not self.round.discipline.has_komi or komi == komi.to_integral_value()

    @property
    def match_board(self) -> str:
        """A team match's board in words, "Board 1: Hannover – Berlin" (the match's teams in its order);
        "" for an individual game. Select ``match__team1`` and ``match__team2`` with the games."""
        if self.match_id is None:
            return ""
        match = self.match
        return str(
            _("Board %(board)s: %(team1)s – %(team2)s")
            % {"board": self.board, "team1": match.team1.name, "team2": match.team2.name}
        )

    def points(self, player_id: int) -> Decimal:
        black, white = codes.POINTS_X2[Result(self.result)]
        if player_id == self.black_id:
            return Decimal(black) / 2
        if player_id == self.white_id:
            return Decimal(white) / 2
        raise ValueError("player is not in this game")

    def opponent_id(self, player_id: int) -> int:
        if player_id == self.black_id:
            return self.white_id
        if player_id == self.white_id:
            return self.black_id
        raise ValueError("player is not in this game")

    @property
    def result_short(self) -> str:
        """``1-0``, ``0-1!``...: Black first, as the pages and PDFs list the players (:mod:`tournament.result_codes`)."""
        return codes.short(Result(self.result), self.by_default)

    def involves(self, player_id: int) -> bool:
        return player_id in (self.black_id, self.white_id)

    # --- validation ----------------------------------------------------------

    def clean(self) -> None:
        errors = {}
        if self.black_id and self.white_id and self.black_id == self.white_id:
            errors["white"] = _("A player cannot play against themselves.")
        if self.round_id and self.black_id and self.white_id and not errors:
            errors.update(_foreign_players(self.round_id, {"black": self.black_id, "white": self.white_id}))
        if self.round_id and self.black_id and self.white_id and not errors:
            busy = _players_busy_in_round(self.round_id, exclude_game=self.pk)
            for field in ("black", "white"):
                player_id = getattr(self, f"{field}_id")
                if player_id in busy:
                    errors[field] = _("This player already has a game or a bye in this round.")
        if self.by_default and self.result in (Result.UNKNOWN, Result.DRAW):
            errors["by_default"] = _("A game not played is won, lost or both by default.")
        if errors:
            raise ValidationError(errors)


class Bye(models.Model):
    """A player who is unpaired in a round and gets the tournament's bye points."""

    round = models.ForeignKey("Round", on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey("Registration", on_delete=models.PROTECT, related_name="byes")

    class Meta:
        ordering = ["round", "player"]
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="bye_once_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.player}"

    def clean(self) -> None:
        if self.round_id and self.player_id:
            foreign = _foreign_players(self.round_id, {"player": self.player_id})
            if foreign:
                raise ValidationError(foreign)
            if self.player_id in _players_busy_in_round(self.round_id, exclude_bye=self.pk):
                raise ValidationError({"player": _("This player already has a game or a bye in this round.")})


def _players_busy_in_round(round_id, *, exclude_game=None, exclude_bye=None) -> set[int]:
    games = Game.objects.filter(round_id=round_id)
    if exclude_game:
        games = games.exclude(pk=exclude_game)
    byes = Bye.objects.filter(round_id=round_id)
    if exclude_bye:
        byes = byes.exclude(pk=exclude_bye)
    busy: set[int] = set()
    for black, white in games.values_list("black_id", "white_id"):
        busy.update((black, white))
    busy.update(byes.values_list("player_id", flat=True))
    return busy


def _foreign_players(round_id, players: dict[str, int]) -> dict[str, str]:
    """Errors for the players (field name: registration id) not registered in the round's tournament."""
    from .registration import Registration
    from .round import Round

    tournament_id = Round.objects.filter(pk=round_id).values_list("tournament_id", flat=True).first()
    own = set(
        Registration.objects.filter(pk__in=players.values(), tournament_id=tournament_id).values_list("pk", flat=True)
    )
    return {
        field: _("This player is not registered in this tournament.") for field, pk in players.items() if pk not in own
    }
