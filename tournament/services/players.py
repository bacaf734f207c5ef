"""Players entering a tournament: themselves, at the desk, or from a CSV player list."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournament.models import AuditEntry, Registration, Tournament
from tournament.models.registration import PLAYER_FIELDS, new_claim_code

from .audit import audit_entry, log_action
from .registrations import audit_data, registration_create


def latest_player_data(user) -> dict:
    """The player fields of the user's latest registration (to prefill the next one), else what the account knows."""
    latest = Registration.objects.filter(user=user).order_by("-created_at", "-pk").first() if user else None
    if latest is not None:
        return latest.player_data()
    if user is None:
        return {}
    return {"email": user.email, "given_name": user.first_name, "surname": user.last_name}


def address_key(address: str | None) -> str:
    """A keyed hash of a client address (the address itself is never stored)."""
    return salted_hmac("self-registration", address).hexdigest()[:64] if address else ""


def check_registration_rate(address: str | None) -> None:
    """Refuse a self-registration when this address made ``SELF_REGISTRATIONS_PER_HOUR`` in the last hour.

    A limit per address and hour, counted in the database: django-ratelimit
    needs memcached or Redis (it refuses the file and database caches this
    site runs on), and the rows are here anyway. The default (30) is well
    above what a club registering together from one network needs.
    """
    key = address_key(address)
    if not key:
        return
    since = timezone.now() - dt.timedelta(hours=1)
    if Registration.objects.filter(registered_from=key, created_at__gte=since).count() >= \
            settings.SELF_REGISTRATIONS_PER_HOUR:
        raise ValidationError(
            _("Too many registrations from your network in the last hour. Please try again later, or ask "
              "an organizer to enter you."),
            code="rate",
        )


@transaction.atomic
def player_register_self(
    *, tournament: Tournament, data: dict, user=None, username: str = "", password: str = "",
    address: str | None = None,
) -> Registration:
    """A player registers (preliminary until an organizer confirms), with their own account.

    Without ``user``, an account ``username`` is made first. The new
    registration is the tournament's own: nothing of another tournament,
    and no other registration, changes. An EGD PIN registered in this
    tournament already is refused (if it is the player's own registration,
    entered by an organizer, the player claims it with the code on the
    welcome slip); a PIN never links an account.
    """
    if not tournament.registration_open:
        raise ValidationError(_("Registration for this tournament is closed."))
    check_registration_rate(address)
    if user is None:
        user = get_user_model().objects.create_user(username=username, email=data.get("email", ""), password=password)
    if Registration.objects.filter(tournament=tournament, user=user).exists():
        raise ValidationError(_("You are registered already."))
    pin = data.get("egd_pin") or ""
    if pin and Registration.objects.filter(tournament=tournament, egd_pin=pin).exists():
        raise ValidationError(
            _("A player with this EGD PIN is registered already. If that is you, open the link or "
              "enter the code on your welcome slip, or ask an organizer.")
        )
    registration = registration_create(
        tournament=tournament, data=data, source=Registration.Source.SELF, account=user, user=user
    )
    if address:
        Registration.objects.filter(pk=registration.pk).update(registered_from=address_key(address))
    return registration


@transaction.atomic
def player_enter_late(*, tournament: Tournament, data: dict, user=None, confirmed: bool = True) -> Registration:
    """An organizer enters a player (at the desk, or late); the player claims the registration later."""
    return registration_create(
        tournament=tournament,
        data=data,
        source=Registration.Source.ORGANIZER,
        status=Registration.Status.CONFIRMED if confirmed else Registration.Status.PRELIMINARY,
        user=user,
    )


# --- importing a player list from CSV ---------------------------------------------

#: The columns of a player list, in this order when the file has no header.
CSV_COLUMNS = ["surname", "given_name", "club", "country", "rank", "egd_pin", "email"]

#: Header names understood (lower case, without spaces, dots, hyphens and underscores).
CSV_HEADERS = {
    "surname": "surname", "lastname": "surname", "familyname": "surname", "name": "surname",
    "nachname": "surname", "familienname": "surname",
    "givenname": "given_name", "firstname": "given_name", "forename": "given_name", "vorname": "given_name",
    "club": "club", "verein": "club", "city": "club", "ort": "club",
    "country": "country", "land": "country",
    "rank": "rank", "grade": "rank", "rang": "rank", "spielstärke": "rank", "spielstaerke": "rank",
    "egdpin": "egd_pin", "pin": "egd_pin", "egd": "egd_pin",
    "email": "email", "mail": "email",
}

#: More lines than any tournament has players.
CSV_MAX_LINES = 2000


class PlayerImportError(ValidationError):
    """The file was refused; ``messages`` has one line per problem, naming the line and field."""


def _csv_text(data: bytes | str) -> str:
    if isinstance(data, str):
        return data
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise PlayerImportError(_("The file is not a text file (use UTF-8)."))


def _csv_header_key(cell: str) -> str:
    return "".join(c for c in cell.strip().lower() if c not in " ._-")


def parse_player_csv(data: bytes | str) -> list[tuple[int, dict]]:
    """The rows of a player list as ``(line number, {field: text})``; :class:`PlayerImportError` if unreadable.

    The delimiter is a comma, semicolon or tab; a first line naming the
    columns (``surname``, ``Vorname``, ``EGD PIN`` ...) sets their order,
    otherwise the order is :data:`CSV_COLUMNS`.
    """
    import csv
    import io

    text = _csv_text(data)
    if "\x00" in text:
        raise PlayerImportError(_("The file is not a text file (use UTF-8)."))
    lines = text.splitlines()
    if not any(line.strip() for line in lines):
        raise PlayerImportError(_("The file is empty."))
    if len(lines) > CSV_MAX_LINES:
        raise PlayerImportError(
            _("The file has more than %(n)s lines.") % {"n": CSV_MAX_LINES}
        )
    first = next(line for line in lines if line.strip())
    delimiter = max([",", ";", "\t"], key=first.count)
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True))
    except csv.Error as exc:
        raise PlayerImportError(_("The file is not valid CSV: %(error)s") % {"error": exc}) from exc
    numbered = [(n, row) for n, row in enumerate(rows, start=1) if any(cell.strip() for cell in row)]
    if not numbered:  # only separators
        raise PlayerImportError(_("The file has no players."))
    columns = CSV_COLUMNS
    header = [_csv_header_key(cell) for cell in numbered[0][1]]
    if any(key in CSV_HEADERS for key in header) and "surname" in {CSV_HEADERS.get(k) for k in header}:
        columns = [CSV_HEADERS.get(key, "") for key in header]
        numbered = numbered[1:]
    result = []
    errors = []
    for n, row in numbered:
        if len(row) > len(columns) and any(cell.strip() for cell in row[len(columns):]):
            errors.append(
                _("Line %(line)s: %(found)s columns, expected at most %(expected)s.")
                % {"line": n, "found": len(row), "expected": len(columns)}
            )
            continue
        values = {name: "" for name in CSV_COLUMNS}
        for name, cell in zip(columns, row):
            if name:
                values[name] = cell.strip()
        result.append((n, values))
    if errors:
        raise PlayerImportError(errors)
    if not result:
        raise PlayerImportError(_("The file has no players."))
    return result


@transaction.atomic
def players_import_csv(
    *, tournament: Tournament, data: bytes | str, user=None, confirmed: bool = True
) -> list[Registration]:
    """Register every player of a CSV player list: all of them, or none if any line is wrong.

    Each line becomes a registration of this tournament with its own data
    (nothing of another tournament is read or written); an EGD PIN that is
    registered here already is an error of its line. Every problem is
    reported as ``Line 4, Go rank: ...``.
    """
    from tournament.forms.registrations import PlayerImportRowForm

    rows = parse_player_csv(data)
    errors: list[str] = []
    cleaned: list[tuple[int, dict]] = []
    seen_pins: dict[str, int] = {}
    for n, values in rows:
        form = PlayerImportRowForm(values)
        if not form.is_valid():
            for name, field_errors in form.errors.items():
                label = form.fields[name].label if name in form.fields else _("line")
                for message in field_errors:
                    errors.append(
                        _("Line %(line)s, %(field)s: %(error)s") % {"line": n, "field": label, "error": message}
                    )
            continue
        pin = form.cleaned_data["egd_pin"]
        if pin and pin in seen_pins:
            errors.append(
                _("Line %(line)s, %(field)s: the same as in line %(other)s.")
                % {"line": n, "field": form.fields["egd_pin"].label, "other": seen_pins[pin]}
            )
            continue
        if pin:
            seen_pins[pin] = n
        cleaned.append((n, form.cleaned_data))
    if errors:
        raise PlayerImportError(errors)
    registered = dict(
        Registration.objects.filter(tournament=tournament).exclude(egd_pin="").values_list("egd_pin", "surname")
    )
    status = Registration.Status.CONFIRMED if confirmed else Registration.Status.PRELIMINARY
    registrations = []
    for n, data_row in cleaned:
        pin = data_row.get("egd_pin") or ""
        if pin in registered:
            errors.append(
                _("Line %(line)s: the EGD PIN %(pin)s is registered already (%(player)s).")
                % {"line": n, "pin": pin, "player": registered[pin]}
            )
            continue
        registration = Registration(tournament=tournament, source=Registration.Source.IMPORT, status=status,
                                    claim_code=new_claim_code(),
                                    **{k: v for k, v in data_row.items() if k in PLAYER_FIELDS})
        try:
            registration.clean_fields(exclude=["tournament", "user"])  # checked here, no query per line
        except ValidationError as exc:
            errors += [_("Line %(line)s: %(error)s") % {"line": n, "error": m} for m in exc.messages]
            continue
        registrations.append(registration)
    if errors:
        raise PlayerImportError(errors)
    # One statement for all the rows (a list of 2,000 players is one request); the database's unique
    # constraints still guard against another import of the same PINs at the same moment.
    try:
        with transaction.atomic():
            registrations = Registration.objects.bulk_create(registrations)
    except IntegrityError:
        taken = set(Registration.objects.filter(tournament=tournament, egd_pin__in=seen_pins).values_list(
            "egd_pin", flat=True))
        raise PlayerImportError([
            _("Line %(line)s: the EGD PIN %(pin)s is registered already (%(player)s).")
            % {"line": line, "pin": pin, "player": pin} for pin, line in sorted(seen_pins.items()) if pin in taken
        ] or [_("Another change of the players came first; please import the file again.")]) from None
    AuditEntry.objects.bulk_create([
        audit_entry(tournament=tournament, action="registration.create", obj=r, user=user,
                    after={"player": str(r), "status": status, "source": Registration.Source.IMPORT,
                           **audit_data(r, ("rank", "club", "country", "egd_pin"))})
        for r in registrations
    ])
    log_action(
        tournament=tournament,
        action="players.import",
        user=user,
        after={"players": len(registrations)},
    )
    return registrations
