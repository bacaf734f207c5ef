"""A tournament and the hard pairing constraints set for it."""

from __future__ import annotations

import secrets
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournament.limits import MAX_BYE_REQUEST_HOURS, MAX_HANDICAP
from tournament.local_time import is_zone_name
from tournament.pairing import categories
from tournament.pairing.criteria import MAX_CRITERIA, TEAM_BY_NAME, TEAM_DEFAULT
from tournament.standings.criteria import CRITERIA

from .fields import PointsField, RankField
from .rating import RatingKind
from .team import EventKind, line_up_size, side_size, team_boards

#: Letters of the hall's check-in code (as a claim code's: none a reader confuses).
CHECKIN_CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CHECKIN_CODE_LENGTH = 8


def new_checkin_code() -> str:
    """A tournament's check-in code (:attr:`Tournament.checkin_code`)."""
    return "".join(secrets.choice(CHECKIN_CODE_ALPHABET) for _ in range(CHECKIN_CODE_LENGTH))


class PairingSystem(models.TextChoices):
    SWISS = "swiss", _("Swiss")
    MCMAHON = "mcmahon", _("McMahon")
    #: the whole schedule made at once (:mod:`tournament.services.round_robin`); a tournament's, never a round's
    ROUND_ROBIN = "roundrobin", _("Round robin")


#: The systems a single round may use instead of its tournament's (a round robin is the whole tournament's).
ROUND_PAIRING_SYSTEMS = [(v, label) for v, label in PairingSystem.choices if v != PairingSystem.ROUND_ROBIN]

#: A round of a knockout stage: its games made by the bracket (:mod:`tournament.services.knockout`), never
#: by the pairing; a round's system, never a tournament's, and never chosen by hand.
KNOCKOUT = "knockout"
KNOCKOUT_CHOICE = (KNOCKOUT, _("Knockout"))


class OpenGothaVersion(models.TextChoices):
    """The OpenGotha whose pairing rules a tournament follows where the two differ
    (:data:`tournament.pairing.context.OPENGOTHA_DIALECTS`, docs/opengotha-fidelity.md)."""

    V3_51 = "3.51", _("OpenGotha 3.51")
    V3_52 = "3.52", _("OpenGotha 3.52")


class OverallRanking(models.TextChoices):
    TOTAL = "total", _("Total over all rounds")
    PLACE_POINTS = "place-points", _("Points per discipline by final place (Pentamind)")
    BEST_OF = "best-of", _("Best k of n disciplines")


class RematchScope(models.TextChoices):
    TOURNAMENT = "tournament", _("Across the whole tournament")
    DISCIPLINE = "discipline", _("Within the same discipline only")


class CategoryMode(models.TextChoices):
    """How rank categories (``Tournament.category_limits``) count: OpenGotha pairs them apart
    (``paiMaAvoidMixingCategories``) and ranks them apart with CAT first in its placement criteria."""

    BOTH = "both", _("Paired apart and ranked apart")
    PAIRED = "paired", _("Paired apart, ranked together")
    RANKED = "ranked", _("Ranked apart only, paired together")


#: What each problem of category limits is called (:class:`tournament.pairing.categories.LimitsError`).
CATEGORY_LIMIT_ERRORS = {
    "not_a_list": _("Write the lower limits of the categories as ranks, e.g. 1d, 5k."),
    "too_long": _("That is too long for category limits: write at most eight ranks, e.g. 1d, 5k."),
    "too_many": _("At most eight limits (nine categories); you gave %(text)s."),
    "not_a_rank": _("“%(text)s” is not a rank: write ranks such as 5k or 1d."),
    "out_of_range": _("A category limit must lie between 30k and 9d."),
    "not_descending": _("The limits must go from strong to weak, each rank once (%(text)s)."),
    "twice": _("%(text)s is given twice: each limit only once."),
}


def category_limits_error(exc: categories.LimitsError) -> ValidationError:
    """The error of category limits in words (both languages)."""
    return ValidationError(
        CATEGORY_LIMIT_ERRORS.get(exc.code, CATEGORY_LIMIT_ERRORS["not_a_list"]),
        params={"text": exc.text},
        code=f"category_{exc.code}",
    )


def validate_category_limits(value) -> None:
    """Up to eight lower limits of rank categories, ranks from 30k to 9d, strictly descending."""
    try:
        categories.check(value)
    except categories.LimitsError as exc:
        raise category_limits_error(exc) from None


#: The standings criteria a tournament can choose (code, label): those of :mod:`tournament.standings.criteria`.
STANDINGS_CRITERIA = [(c.code, _(c.choice_label)) for c in CRITERIA.values()]
CRITERIA_CODES = set(CRITERIA)


def validate_time_zone(value: str) -> None:
    """An IANA time zone name such as ``Europe/Berlin``."""
    if not is_zone_name(value):
        raise ValidationError(
            _("Unknown time zone %(name)s; write it as, for example, Europe/Berlin."),
            params={"name": str(value)[:64]},
            code="time_zone",
        )


def validate_rating_kinds(value: str) -> None:
    """``egd``, ``ffg,egd``: kinds of rating list (:class:`~tournament.models.rating.RatingKind`), each once."""
    kinds = [k.strip() for k in str(value).split(",")] if value else []
    if not kinds or any(k not in RatingKind.values for k in kinds) or len(set(kinds)) != len(kinds):
        raise ValidationError(
            _("Name the rating lists as egd, ffg or aga, each once, separated by commas."), code="rating_kinds"
        )


def default_criteria() -> list[str]:
    return ["mms", "sosmms", "sososmms"]


def default_team_criteria() -> list[str]:
    """OpenGotha's team placement (``TeamPlacementParameterSet.init``): TEAMP, BDW, BDW3U, BDW2U, BDW1U, MNR."""
    return list(TEAM_DEFAULT)


#: A round robin's standings as its crosstable reads: wins, the direct confrontation, SODOS.
ROUND_ROBIN_CRITERIA = ["nbw", "dc", "sodos"]
#: A Swiss's standings: wins, SOS, SOSOS (OpenGotha's Swiss placement: NBW, SOSW, SOSOSW; its pairing reads
#: the score from the placement's first criterion, so an OpenGotha file of the Swiss ranks as the site does).
SWISS_CRITERIA = ["nbw", "sos", "sosos"]


#: What a tournament is created with (the other settings start at their defaults).
CREATE_FIELDS = (
    "name",
    "slug",
    "start_date",
    "end_date",
    "place",
    "country",
    "time_zone",
    "event_kind",
    "pairing_system",
)

#: The settings an organizer changes once the tournament exists, in the settings page's sections and order.
SETTINGS_SECTIONS = (
    (
        _("The tournament"),
        (
            "name",
            "start_date",
            "end_date",
            "place",
            "country",
            "time_zone",
            "description",
            "event_kind",
            "registration_open",
            "time_control",
        ),
    ),
    (
        _("Pairing"),
        (
            "pairing_system",
            "mcmahon_bar",
            "mcmahon_floor",
            "rematch_scope",
            "opengotha_version",
            "bye_points",
            "absence_points",
            "bye_points_nbw",
            "absence_points_nbw",
            "half_points_count",
            "bye_request_hours",
        ),
    ),
    (_("Handicap"), ("handicap_threshold", "handicap_correction", "handicap_ceiling")),
    (_("Standings"), ("standings_criteria", "team_criteria", "overall_ranking", "best_of")),
    (_("Categories"), ("category_limits", "category_mode")),
)
SETTINGS_FIELDS = tuple(name for _title, names in SETTINGS_SECTIONS for name in names)


def round_robin_refusal(tournament: Tournament) -> str:
    """Why a team, Pair Go or Rengo event cannot be a round robin: the schedule seats players, not teams or sides."""
    return _(
        "%(kind)s cannot be a round robin: its schedule is for players on their own and would pair teammates "
        "and partners against each other. Choose McMahon or Swiss."
    ) % {"kind": tournament.get_event_kind_display()}


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(
        _("short name"),
        max_length=60,
        unique=True,
        error_messages={"unique": _("A tournament with this short name exists already; choose another.")},
    )
    start_date = models.DateField(_("first day"))
    end_date = models.DateField(_("last day"))
    place = models.CharField(_("place"), max_length=200, blank=True)
    country = models.CharField(_("country"), max_length=2, default="DE", blank=True)
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        default="Europe/Berlin",
        validators=[validate_time_zone],
        help_text=_("Round start times are entered and shown in this time zone."),
    )
    description = models.TextField(_("description"), blank=True)
    time_control = models.CharField(
        _("time control"),
        max_length=100,
        blank=True,
        help_text=_(
            "For example “60 min + 5x30 s”, “60 min + 15 stones / 5 min”, “40 min + 20 s Fischer” "
            "or “30 min sudden death”: the EGD class of the results file follows from it."
        ),
    )

    event_kind = models.CharField(
        _("kind of event"),
        max_length=12,
        choices=EventKind.choices,
        default=EventKind.INDIVIDUAL,
        help_text=_(
            "Each player on their own, teams playing on 2 to 5 boards, or sides of 2 or 3 players on one board "
            "(Pair Go, Rengo)."
        ),
    )

    pairing_system = models.CharField(
        _("default pairing system"),
        max_length=10,
        choices=PairingSystem.choices,
        default=PairingSystem.MCMAHON,
    )
    mcmahon_bar = RankField(_("McMahon bar"), null=True, blank=True)
    opengotha_version = models.CharField(
        _("OpenGotha version"),
        max_length=4,
        choices=OpenGothaVersion.choices,
        default=OpenGothaVersion.V3_52,
        help_text=_(
            "Where OpenGotha 3.51 and 3.52 pair differently (the Swiss bye, the geographical criterion, "
            "draw-ups across four score groups and more, absent players in the score groups), the rules of "
            "this version. An imported file pairs as the OpenGotha that saved it."
        ),
    )
    mcmahon_floor = RankField(_("McMahon floor"), null=True, blank=True)

    overall_ranking = models.CharField(
        _("overall ranking"),
        max_length=20,
        choices=OverallRanking.choices,
        default=OverallRanking.TOTAL,
    )
    best_of = models.PositiveSmallIntegerField(
        _("disciplines counted (best k)"),
        null=True,
        blank=True,
        help_text=_("Only for the ranking by the best k of n disciplines."),
    )
    standings_criteria = models.JSONField(
        _("standings criteria"),
        default=default_criteria,
        help_text=_("Up to six criteria, in order, e.g. mms, sosmms, sososmms."),
    )
    #: A team tournament's team standings: OpenGotha's names (TEAMP, SOST, BDW, BDW1U..BDW9U, MNR), in order.
    team_criteria = models.JSONField(
        _("team criteria"),
        default=default_team_criteria,
        help_text=_("A team tournament's team standings: up to six of OpenGotha's team criteria, in order."),
    )

    bye_points = PointsField(_("points for a bye"), default=Decimal("1"))
    absence_points = PointsField(_("points for an absence"), default=Decimal("0"))
    #: OpenGotha keeps the wins (NBW) of a bye and an absence apart from the McMahon points (MMS).
    bye_points_nbw = PointsField(
        _("wins for a bye (NBW)"),
        null=True,
        blank=True,
        help_text=_("Empty: the same as the McMahon points for a bye."),
    )
    absence_points_nbw = PointsField(
        _("wins for an absence (NBW)"),
        null=True,
        blank=True,
        help_text=_("Empty: the same as the McMahon points for an absence."),
    )

    #: Off: OpenGotha's default, its "round down NBW/MMS" (the points of byes and absences summed in whole points).
    half_points_count = models.BooleanField(
        _("count half points of byes and absences"),
        default=False,
        help_text=_(
            "Off, as in OpenGotha: the points of byes and absences are summed in whole points, so a half-point "
            "bye counts only with a second one. On: each half point counts (a half-point bye gives half a point)."
        ),
    )
    #: Players ask for a bye on their own page until this many hours before the round's start (the programme's).
    bye_request_hours = models.PositiveSmallIntegerField(
        _("bye requests close (hours before the round)"),
        null=True,
        blank=True,
        validators=[MaxValueValidator(MAX_BYE_REQUEST_HOURS)],
        help_text=_(
            "Players ask for a bye on their page until this many hours before the round starts (its time in "
            "the programme); 14 closes the requests for a 10:00 round at 20:00 the evening before. Empty: "
            "until the round is paired. A granted bye scores the points for an absence."
        ),
    )

    handicap_threshold = RankField(
        _("no handicap above"),
        null=True,
        blank=True,
        help_text=_("Games between players above this rank are played even."),
    )
    handicap_correction = models.SmallIntegerField(
        _("handicap correction"),
        default=1,
        help_text=_("Stones subtracted from the score difference."),
        validators=[MinValueValidator(-MAX_HANDICAP), MaxValueValidator(MAX_HANDICAP)],
    )
    handicap_ceiling = models.PositiveSmallIntegerField(
        _("highest handicap"), default=9, validators=[MaxValueValidator(MAX_HANDICAP)]
    )
    rematch_scope = models.CharField(
        _("avoid rematches"),
        max_length=12,
        choices=RematchScope.choices,
        default=RematchScope.TOURNAMENT,
    )
    registration_open = models.BooleanField(_("self-registration open"), default=True)
    # --- check-in on the day (tournament.services.checkin) -------------------------------------
    checkin_open = models.BooleanField(
        _("check-in open"),
        default=False,
        help_text=_("Players check in on their phone with the hall's QR code while it is open; the desk always can."),
    )
    checkin_by_name = models.BooleanField(
        _("check-in by name"),
        default=True,
        help_text=_(
            "On: a player may check in on the phone by picking their name and confirming it. Off: only "
            "logged in or with the claim code of their welcome slip."
        ),
    )
    #: The hall's code in the check-in QR (a phone that has not seen the poster or the projector cannot
    #: check in): made with the tournament and kept, so the posters can be printed the day before.
    checkin_code = models.CharField(
        _("check-in code"), max_length=12, default=new_checkin_code, blank=True, editable=False
    )
    public_preliminary = models.BooleanField(
        _("show preliminary registrations publicly"),
        default=False,
        help_text=_(
            "Off: the public list of players shows a self-registration only once an organizer has confirmed it."
        ),
    )
    rating_kinds = models.CharField(
        _("rating lists used"),
        max_length=20,
        default="egd",
        validators=[validate_rating_kinds],
        help_text=_(
            "The kinds of rating list (egd, ffg, aga) that registration looks players up in, the first "
            "preferred, e.g. “ffg,egd”."
        ),
    )
    #: Rank categories (OpenGotha's, :mod:`tournament.pairing.categories`): their lower limits, strongest
    #: first (empty: one category), and whether the pairing and the standings keep them apart.
    category_limits = models.JSONField(
        _("category limits"),
        default=list,
        blank=True,
        validators=[validate_category_limits],
        help_text=_(
            "The weakest rank of each category but the last, e.g. “1d, 5k”: A 1d and stronger, B 5k–1k, C 6k and weaker. Empty: no categories."
        ),
    )
    category_mode = models.CharField(
        _("keep categories apart"),
        max_length=8,
        choices=CategoryMode.choices,
        default=CategoryMode.BOTH,
    )
    pairing_parameters = models.JSONField(
        _("pairing parameters"),
        default=dict,
        blank=True,
        help_text=_(
            "OpenGotha's parameter set (weights, seeding, draw-up/down...) where it "
            "differs from the defaults; filled in by an OpenGotha import."
        ),
    )
    opengotha_extra = models.JSONField(
        default=dict,
        blank=True,
        editable=False,
        help_text="What an imported OpenGotha file held beyond our model, kept for the export.",
    )

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end_date__gte=models.F("start_date")),
                name="tournament_dates_in_order",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament", kwargs={"slug": self.slug})

    @property
    def boards(self) -> int:
        """The boards each team plays on (:mod:`.team`); 0 when the players play each on their own."""
        return team_boards(self.event_kind)

    @property
    def is_team_event(self) -> bool:
        return self.boards > 0

    @property
    def side_size(self) -> int:
        """The players of a side on one board (:mod:`.team`): 2 or 3 in Pair Go and Rengo, else 1."""
        return side_size(self.event_kind)

    @property
    def is_pair_event(self) -> bool:
        """Pair Go or Rengo: a side of several players on one board."""
        return self.side_size > 1

    @property
    def line_up_size(self) -> int:
        """A team's line-up in a round: one player a board, or a side's players in their order of play."""
        return line_up_size(self.event_kind)

    @property
    def rating_kind_list(self) -> list[str]:
        """The kinds of rating list registration looks players up in, the preferred first."""
        return [k.strip() for k in (self.rating_kinds or "").split(",") if k.strip() in RatingKind.values]

    @property
    def category_list(self) -> tuple[int, ...]:
        """The category limits as the engine reads them (nothing where they are not valid)."""
        try:
            return categories.check(self.category_limits or [])
        except categories.LimitsError:
            return ()

    @property
    def pairs_categories_apart(self) -> bool:
        return bool(self.category_list) and self.category_mode != CategoryMode.RANKED

    @property
    def ranks_categories_apart(self) -> bool:
        return bool(self.category_list) and self.category_mode != CategoryMode.PAIRED

    def clean(self) -> None:
        errors = {}
        if self.start_date and self.end_date and self.end_date < self.start_date:
            errors["end_date"] = _("The last day cannot be before the first day.")
        if self.mcmahon_bar is not None and self.mcmahon_floor is not None and self.mcmahon_floor > self.mcmahon_bar:
            errors["mcmahon_floor"] = _("The McMahon floor must not be above the bar.")
        criteria = self.standings_criteria
        if not isinstance(criteria, list) or not all(isinstance(c, str) for c in criteria):
            errors["standings_criteria"] = _("Give a list of criteria.")
        else:
            unknown = [c for c in criteria if c not in CRITERIA_CODES]
            if unknown:
                errors["standings_criteria"] = _("Unknown criteria: %(names)s") % {"names": ", ".join(unknown)}
            elif len(criteria) > MAX_CRITERIA:
                errors["standings_criteria"] = _("At most six criteria.")
            elif len(set(criteria)) != len(criteria):
                errors["standings_criteria"] = _("Each criterion only once.")
        team = self.team_criteria
        if not isinstance(team, list) or not all(isinstance(c, str) for c in team):
            errors["team_criteria"] = _("Give a list of criteria.")
        elif [c for c in team if c not in TEAM_BY_NAME or c == "NULL"]:
            unknown = [c for c in team if c not in TEAM_BY_NAME or c == "NULL"]
            errors["team_criteria"] = _("Unknown criteria: %(names)s") % {"names": ", ".join(unknown)}
        elif len(team) > MAX_CRITERIA:
            errors["team_criteria"] = _("At most six criteria.")
        elif len(set(team)) != len(team):
            errors["team_criteria"] = _("Each criterion only once.")
        if self.overall_ranking == OverallRanking.BEST_OF and not self.best_of:
            errors["best_of"] = _("Say how many disciplines count.")
        if self.pairing_system == PairingSystem.ROUND_ROBIN and (self.is_team_event or self.is_pair_event):
            errors["pairing_system"] = round_robin_refusal(self)
        if errors:
            raise ValidationError(errors)


class PairConstraint(models.Model):
    """A hard pairing constraint: two players never, or always, paired."""

    class Kind(models.TextChoices):
        FORBIDDEN = "forbidden", _("never pair")
        FIXED = "fixed", _("pair together")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pair_constraints")
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    player_a = models.ForeignKey("Registration", on_delete=models.CASCADE, related_name="+")
    player_b = models.ForeignKey("Registration", on_delete=models.CASCADE, related_name="+")
    round = models.ForeignKey(
        "Round",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="pair_constraints",
        help_text=_("Empty: every round."),
    )
    reason = models.CharField(_("reason"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("pairing constraint")
        verbose_name_plural = _("pairing constraints")
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(player_a=models.F("player_b")),
                name="pair_constraint_two_players",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.player_a} / {self.player_b}"

    def clean(self) -> None:
        """Refuse a constraint that cannot hold: two players of another tournament, a fixed pair
        without its round, or one that contradicts (or repeats) a constraint already there."""
        if not (self.tournament_id and self.player_a_id and self.player_b_id):
            return
        if self.player_a_id == self.player_b_id:
            raise ValidationError({"player_b": _("Choose two different players.")})
        foreign = [p for p in (self.player_a, self.player_b) if p.tournament_id != self.tournament_id]
        if foreign:
            raise ValidationError(_("This player is not registered in this tournament."))
        if self.round_id and self.round.tournament_id != self.tournament_id:
            raise ValidationError({"round": _("The round belongs to another tournament.")})
        if self.kind == self.Kind.FIXED and not self.round_id:
            raise ValidationError({"round": _("A fixed pair is for one round: choose the round.")})
        names = {
            "a": self.player_a.spoken_name,
            "b": self.player_b.spoken_name,
            "round": self.round.number if self.round_id else "",
        }
        others = PairConstraint.objects.filter(tournament_id=self.tournament_id).exclude(pk=self.pk)
        pair = models.Q(player_a_id=self.player_a_id, player_b_id=self.player_b_id) | models.Q(
            player_a_id=self.player_b_id, player_b_id=self.player_a_id
        )
        this_round = models.Q(round__isnull=True) | models.Q(round_id=self.round_id)
        if self.kind == self.Kind.FIXED:
            if others.filter(pair, this_round, kind=self.Kind.FORBIDDEN).exists():
                raise ValidationError(
                    _(
                        "%(a)s and %(b)s are a forbidden pair: they cannot also be a fixed pair. "
                        "Remove the forbidden pair first."
                    )
                    % names
                )
            if others.filter(pair, kind=self.Kind.FIXED, round_id=self.round_id).exists():
                raise ValidationError(_("%(a)s and %(b)s are a fixed pair in round %(round)s already.") % names)
            busy = (
                others.filter(kind=self.Kind.FIXED, round_id=self.round_id)
                .filter(
                    models.Q(player_a_id__in=[self.player_a_id, self.player_b_id])
                    | models.Q(player_b_id__in=[self.player_a_id, self.player_b_id])
                )
                .first()
            )
            if busy is not None:
                name = names["a"] if self.player_a_id in (busy.player_a_id, busy.player_b_id) else names["b"]
                raise ValidationError(
                    _("%(name)s is in another fixed pair in round %(round)s already.")
                    % {"name": name, "round": names["round"]}
                )
        else:
            fixed = others.filter(pair, kind=self.Kind.FIXED)
            if self.round_id:
                fixed = fixed.filter(round_id=self.round_id)
            clash = fixed.select_related("round").first()
            if clash is not None:
                raise ValidationError(
                    _(
                        "%(a)s and %(b)s are a fixed pair in round %(round)s: they cannot also be "
                        "a forbidden pair. Remove the fixed pair first."
                    )
                    % {**names, "round": clash.round.number if clash.round else ""}
                )
            same = others.filter(pair, kind=self.Kind.FORBIDDEN)
            same = same.filter(this_round) if self.round_id else same.filter(round__isnull=True)
            if same.exists():
                raise ValidationError(_("%(a)s and %(b)s are a forbidden pair already.") % names)
