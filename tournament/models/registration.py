"""A player in one tournament: the registration owns everything shown or exported for them.

There is no site-wide player record that tournaments share. Each
registration keeps the tournament's own copy of the player's name, club,
country, rank, rating, EGD PIN, FFG licence, AGA ID and e-mail, so a change
in one tournament (a CSV import, a rank correction, a player registering
elsewhere) never changes what another tournament shows. The site-wide identity of a person
is their user account: ``user`` links the registrations one person has
claimed, for "my tournaments" and to prefill the next registration.

A registration without an account carries a ``claim_code``, printed on the
player's welcome slip and sent as an invitation link: whoever opens it and
logs in makes the registration theirs (see :mod:`tournament.services.claims`).
"""

from __future__ import annotations

import secrets

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament import limits
from tournament.files.rating_list import ID_PATTERNS
from tournament.names import display_name, spoken_name
from tournament.ranks import format_rank

from .fields import RankField, check_names, user_account


def round_numbers(value) -> None:
    """A validator: a list of round numbers, each from 1 to :data:`~tournament.limits.MAX_ROUND`."""
    if not isinstance(value, list) or not all(isinstance(n, int) and not isinstance(n, bool) for n in value):
        raise ValidationError(_("Give the round numbers as a list, e.g. [2, 5]."), code="round-list")
    if not all(1 <= n <= limits.MAX_ROUND for n in value):
        raise ValidationError(
            _("Round numbers go from 1 to %(most)s.") % {"most": limits.MAX_ROUND}, code="round-number"
        )


#: A player's numbers in the rating lists, as the lists' readers read them (:data:`~tournament.files.rating_list.ID_PATTERNS`).
egd_pin_validator = RegexValidator(f"^{ID_PATTERNS['egd']}$", _("An EGD PIN has eight digits."))
ffg_licence_validator = RegexValidator(
    f"^{ID_PATTERNS['ffg']}$", _("An FFG licence has seven digits or capital letters.")
)
aga_id_validator = RegexValidator(f"^{ID_PATTERNS['aga']}$", _("An AGA ID is a number of up to eight digits."))
country_validator = RegexValidator(r"^[A-Z]{2}$", _("Use the two-letter country code, e.g. DE."))

#: Letters of a claim code: no 0/O, 1/I/L, 5/S, 2/Z, 8/B that a slip's reader could confuse.
CLAIM_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
#: 10 letters of 25: about 46 bits; guessing is also throttled per address and per code
#: (:func:`tournament.services.claims.claim_lookup`).
CLAIM_LENGTH = 10

#: The fields that name a player (and their club): :func:`~.fields.check_names` holds for them.
NAME_FIELDS = ("surname", "given_name", "surname_latin", "given_name_latin", "club")

#: The fields that describe the player (shown, printed, exported; the e-mail and the gender only to the
#: organizers and in the backup).
PLAYER_FIELDS = (
    "surname",
    "given_name",
    "surname_latin",
    "given_name_latin",
    "club",
    "country",
    "rank",
    "rating",
    "egd_pin",
    "ffg_licence",
    "aga_id",
    "email",
    "gender",
)


def new_claim_code() -> str:
    return "".join(secrets.choice(CLAIM_ALPHABET) for _ in range(CLAIM_LENGTH))


def normalize_claim_code(text: str) -> str:
    """What a person typed (``acde-fghj k``, ``ACDEFGHJK``) as a stored code."""
    return "".join(c for c in str(text).upper() if c.isalnum())[: CLAIM_LENGTH * 2]


def format_claim_code(code: str) -> str:
    """``ACDEF-GHJKM``: two groups of five, easier to read off a slip."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}" if code else ""


class Registration(models.Model):
    class Status(models.TextChoices):
        PRELIMINARY = "preliminary", _("preliminary")
        CONFIRMED = "confirmed", _("confirmed")
        WITHDRAWN = "withdrawn", _("withdrawn")

    class Source(models.TextChoices):
        ORGANIZER = "organizer", _("by an organizer")
        SELF = "self", _("self-registration")
        IMPORT = "import", _("imported")

    #: Which status may follow which.
    TRANSITIONS = {
        Status.PRELIMINARY: {Status.CONFIRMED, Status.WITHDRAWN},
        Status.CONFIRMED: {Status.WITHDRAWN, Status.PRELIMINARY},
        Status.WITHDRAWN: {Status.PRELIMINARY, Status.CONFIRMED},
    }

    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="registrations")
    user = user_account(_("user account"), related_name="registrations")
    claim_code = models.CharField(
        _("claim code"),
        max_length=CLAIM_LENGTH,
        null=True,
        blank=True,
        unique=True,
        editable=False,
        help_text=_("Printed on the welcome slip: whoever opens it and logs in claims this registration."),
    )
    invited_at = models.DateTimeField(_("invitation sent"), null=True, blank=True, editable=False)
    #: A keyed hash of the address a self-registration came from (never the address itself): the
    #: per-address limit on self-registrations counts these.
    registered_from = models.CharField(max_length=64, blank=True, editable=False, db_index=True)

    # --- the player, as this tournament knows them -------------------------
    surname = models.CharField(_("surname"), max_length=100)
    given_name = models.CharField(_("given name"), max_length=100)
    surname_latin = models.CharField(
        _("surname in Latin letters"),
        max_length=100,
        blank=True,
        help_text=_("Only if the surname is not written in Latin letters; used for the EGD results file."),
    )
    given_name_latin = models.CharField(
        _("given name in Latin letters"),
        max_length=100,
        blank=True,
        help_text=_("Only if the given name is not written in Latin letters; used for the EGD results file."),
    )
    club = models.CharField(_("club"), max_length=100, blank=True)
    #: the group of a group stage (round robin groups, each its own schedule; :mod:`tournament.services.knockout`)
    group = models.CharField(_("group"), max_length=8, blank=True)
    country = models.CharField(_("country"), max_length=2, default="DE", validators=[country_validator])
    rank = RankField(_("Go rank"))
    rating = models.IntegerField(
        _("rating"),
        null=True,
        blank=True,
        validators=[MinValueValidator(limits.MIN_RATING), MaxValueValidator(limits.MAX_RATING)],
    )
    egd_pin = models.CharField(_("EGD PIN"), max_length=8, blank=True, validators=[egd_pin_validator])
    #: The player's numbers in the FFG's and the AGA's lists, kept apart as OpenGotha's player keeps them.
    ffg_licence = models.CharField(_("FFG licence"), max_length=7, blank=True, validators=[ffg_licence_validator])
    aga_id = models.CharField(_("AGA ID"), max_length=8, blank=True, validators=[aga_id_validator])
    email = models.EmailField(_("e-mail"), blank=True)
    #: Optional and private (the organizers', and the backup's): Pair Go's order of play puts the woman first.
    gender = models.CharField(
        _("gender"),
        max_length=1,
        blank=True,
        choices=[("f", _("Woman")), ("m", _("Man")), ("d", _("Diverse"))],
        help_text=_("Optional; seen by the organizers only. In Pair Go the woman of a pair plays first."),
    )

    # --- taking part ---------------------------------------------------------
    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.PRELIMINARY)
    source = models.CharField(_("registered"), max_length=10, choices=Source.choices, default=Source.ORGANIZER)
    absent_rounds = models.JSONField(
        _("rounds not played"),
        default=list,
        blank=True,
        help_text=_("Numbers of the rounds the player will miss."),
        validators=[round_numbers],
    )
    #: When the player checked in at the venue (on the phone or at the desk); None: not (yet). A round
    #: paired with "only checked-in players" leaves out whoever has not (tournament.services.checkin).
    checked_in_at = models.DateTimeField(_("checked in"), null=True, blank=True, editable=False)
    mms_correction = models.SmallIntegerField(
        _("McMahon correction"),
        default=0,
        help_text=_("Added to the player's initial McMahon score."),
        validators=[MinValueValidator(-limits.MAX_MMS_CORRECTION), MaxValueValidator(limits.MAX_MMS_CORRECTION)],
    )
    note = models.CharField(_("note"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("registered at"), auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["tournament", "surname", "given_name", "id"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"],
                condition=models.Q(user__isnull=False),
                name="registration_one_per_account",
                violation_error_message=_("This account is registered already."),
            ),
            models.UniqueConstraint(
                fields=["tournament", "egd_pin"],
                condition=~models.Q(egd_pin=""),
                name="registration_pin_once_per_tournament",
                violation_error_message=_("A player with this EGD PIN is registered already."),
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    @property
    def display_name(self) -> str:
        """``Albers Alice``: the player in a table or list, a PDF, a file (:mod:`tournament.names`)."""
        return display_name(self.surname, self.given_name)

    @property
    def spoken_name(self) -> str:
        """``Alice Albers``: the player named on their own, in a sentence or a heading (:mod:`tournament.names`)."""
        return spoken_name(self.surname, self.given_name)

    @property
    def rank_display(self) -> str:
        return format_rank(self.rank)

    @property
    def claim_code_display(self) -> str:
        return format_claim_code(self.claim_code or "")

    def player_data(self) -> dict:
        """The player's own fields, e.g. to prefill another registration."""
        return {name: getattr(self, name) for name in PLAYER_FIELDS}

    def plays_round(self, number: int) -> bool:
        return self.status == self.Status.CONFIRMED and number not in self.absent_rounds

    def can_become(self, status: str) -> bool:
        return status == self.status or status in self.TRANSITIONS[self.Status(self.status)]

    def clean_fields(self, exclude=None) -> None:
        """Each field by its own rules; no country is one (a file's player may have none, and a file's players
        are taken so): the forms ask for one, their field does. The one check of a player's data, for a form,
        an import and a restore alike."""
        if not self.country:
            exclude = {*(exclude or ()), "country"}
        super().clean_fields(exclude=exclude)

    def clean(self) -> None:
        """The rounds missed in order, each once (whether they are round numbers: :func:`round_numbers`); the
        names and the club hold nothing a reader cannot see (:func:`~.fields.check_names`)."""
        rounds = self.absent_rounds
        if isinstance(rounds, list) and all(isinstance(n, int) and not isinstance(n, bool) for n in rounds):
            self.absent_rounds = sorted(set(rounds))
        check_names(self, NAME_FIELDS)

    def save(self, *args, **kwargs):
        self.country = (self.country or "").upper()
        if self.user_id is None and not self.claim_code:
            self.claim_code = new_claim_code()
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "claim_code"}
        super().save(*args, **kwargs)
