"""Players taking over the registrations an organizer made for them.

A registration entered by an organizer (late entry, CSV, OpenGotha file)
has no account but a claim code, printed on the player's welcome slip and
sent in an invitation e-mail. Whoever opens the link (or types the code)
and logs in makes the registration theirs. An organizer can also link an
account by hand, or unlink one (a new code is made; the old slip stops
working). A PIN or a name never links anything. Each claim, link, unlink
and invitation is audited.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournament.models import Registration, Tournament
from tournament.models.registration import new_claim_code, normalize_claim_code
from tournament.permissions import ORGANIZER, require, require_login
from tournament.throttle import Limit

from .audit import lock_found, log_change

#: Wrong codes one client address may try per window (``DJANGO_CLAIM_GUESSES_PER_ADDRESS``).
GUESSES_PER_ADDRESS = Limit("claim-address", "CLAIM_GUESSES_PER_ADDRESS", "CLAIM_GUESS_WINDOW_SECONDS")
#: Look-ups of one code from all addresses together per window.
LOOKUPS_PER_CODE = Limit("claim-code", "CLAIM_LOOKUPS_PER_CODE", "CLAIM_GUESS_WINDOW_SECONDS")
#: What a request without an address (a unix socket without a proxy) is counted under: all such together.
NO_ADDRESS = "-"


class ClaimError(ValidationError):
    pass


class TooManyGuesses(Exception):
    """This address tried too many wrong codes (``why == "address"``), or this code was looked up too
    often (``"code"``): wait ``seconds``."""

    def __init__(self, why: str, seconds: int):
        super().__init__(why, seconds)
        self.why = why
        self.seconds = seconds


def registration_by_code(code: str) -> Registration | None:
    code = normalize_claim_code(code)
    if not code:
        return None
    return Registration.objects.select_related("tournament").filter(claim_code=code).first()


def claim_lookup(*, code: str, address: str | None) -> Registration | None:
    """The registration of ``code``, for a visitor at ``address``, counting the guess.

    Throttled twice (:mod:`tournament.throttle`): an address that tried
    ``CLAIM_GUESSES_PER_ADDRESS`` wrong codes in the window gets no answer
    at all, not even for a right code, until the window ends (else it could
    go on guessing); and one code is looked up at most ``CLAIM_LOOKUPS_PER_CODE``
    times in the window from all addresses together (a player opens their
    link a few times: the page, after logging in, "this is me"). Raises
    :class:`TooManyGuesses`. A right code from another address is answered
    as usual.
    """
    code = normalize_claim_code(code)
    subject = address or NO_ADDRESS
    # counted as wrong before the look-up, taken back if right: guesses sent at once cannot all pass a
    # check made before any of them is counted
    if GUESSES_PER_ADDRESS.count(subject) > GUESSES_PER_ADDRESS.limit:
        raise TooManyGuesses("address", GUESSES_PER_ADDRESS.seconds_left())
    if LOOKUPS_PER_CODE.count(code) > LOOKUPS_PER_CODE.limit:
        GUESSES_PER_ADDRESS.uncount(subject)
        raise TooManyGuesses("code", LOOKUPS_PER_CODE.seconds_left())
    registration = registration_by_code(code)
    if registration is not None:
        GUESSES_PER_ADDRESS.uncount(subject)
    return registration


def _take(registration: Registration, account, *, user, action: str, reason: str = "") -> Registration:
    if (
        Registration.objects.filter(tournament_id=registration.tournament_id, user=account)
        .exclude(pk=registration.pk)
        .exists()
    ):
        raise ClaimError(
            _(
                "This account is registered in this tournament already. Ask an organizer to merge the two "
                "registrations."
            ),
            code="registered",
        )
    registration.user = account
    registration.claim_code = None
    registration.save(update_fields=["user", "claim_code", "updated_at"])
    log_change(
        registration,
        action,
        user=user,
        before={"account": None},
        after={"account": account.get_username(), "player": registration.spoken_name},
        reason=reason,
    )
    return registration


@transaction.atomic
def registration_claim(*, code: str, user) -> Registration:
    """The logged-in ``user`` claims the registration whose code is ``code``."""
    require_login(user)
    unknown = ClaimError(_("This code is not known, or it was used already."), code="unknown")
    found = registration_by_code(code)
    registration = lock_found(found, unknown)
    if registration.user_id is not None or registration.claim_code != found.claim_code:
        raise unknown
    return _take(registration, user, user=user, action="registration.claim")


@transaction.atomic
def registration_link(*, registration: Registration, username: str, user, reason: str = "") -> Registration:
    """An organizer links a user account to a registration by the account's user name."""
    require(user, registration.tournament, ORGANIZER)
    account = get_user_model().objects.filter(username__iexact=username.strip()).first() if username.strip() else None
    if account is None:
        raise ClaimError(_("There is no account with this user name."), code="no-account")
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if registration.user_id == account.pk:
        return registration
    if registration.user_id is not None:
        raise ClaimError(_("This registration belongs to an account already; unlink it first."), code="linked")
    return _take(registration, account, user=user, action="registration.link", reason=reason)


@transaction.atomic
def registration_unlink(*, registration: Registration, user, reason: str = "") -> Registration:
    """An organizer takes the account off a registration; a new claim code is made."""
    require(user, registration.tournament, ORGANIZER)
    registration = Registration.objects.select_for_update(of=("self",)).select_related("user").get(pk=registration.pk)
    if registration.user_id is None:
        return registration
    before = registration.user.get_username()
    registration.user = None
    registration.claim_code = new_claim_code()
    registration.save(update_fields=["user", "claim_code", "updated_at"])
    log_change(
        registration,
        "registration.unlink",
        user=user,
        before={"account": before},
        after={"account": None, "player": registration.spoken_name},
        reason=reason,
    )
    return registration


def claim_url(registration: Registration, base_url: str) -> str:
    return base_url.rstrip("/") + reverse("claim_code", args=[registration.claim_code])


@transaction.atomic
def invitations_send(
    *, tournament: Tournament, base_url: str, user, language: str | None = None, again: bool = False
) -> int:
    """E-mail each registration without an account (and with an e-mail address) its claim link.

    Registrations invited before are left out unless ``again``. Returns how
    many e-mails went out; each is audited.
    """
    require(user, tournament, ORGANIZER)
    registrations = (
        tournament.registrations.filter(user__isnull=True)
        .exclude(email="")
        .exclude(status=Registration.Status.WITHDRAWN)
    )
    if not again:
        registrations = registrations.filter(invited_at__isnull=True)
    sent = 0
    with translation.override(language or settings.LANGUAGE_CODE):
        for registration in registrations.select_for_update():
            context = {"tournament": tournament, "reg": registration, "url": claim_url(registration, base_url)}
            subject = _("Your registration for %(tournament)s") % {"tournament": tournament.name}
            body = render_to_string("tournament/email/invitation.txt", context)
            send_mail(subject, body, None, [registration.email])
            registration.invited_at = timezone.now()
            registration.save(update_fields=["invited_at"])
            log_change(registration, "registration.invite", user=user, after={"player": registration.spoken_name})
            sent += 1
    return sent
