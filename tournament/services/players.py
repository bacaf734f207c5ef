"""Players entering a tournament: themselves, at the desk, or from a CSV player list."""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from tournament.limits import FILE_PLAYERS
from tournament.models import AuditEntry, Registration, Tournament
from tournament.models.registration import PLAYER_FIELDS, new_claim_code
from tournament.permissions import ORGANIZER, require

from .audit import log_action
from .registrations import creation_entry, registration_create


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
    if (
        Registration.objects.filter(registered_from=key, created_at__gte=since).count()
        >= settings.SELF_REGISTRATIONS_PER_HOUR
    ):
        raise ValidationError(
            _(
                "Too many registrations from your network in the last hour. Please try again later, or ask "
                "an organizer to enter you."
            ),
            code="rate",
        )


@transaction.atomic
def player_register_self(
    *,
    tournament: Tournament,
    data: dict,
    user=None,
    username: str = "",
    password: str = "",
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
            _(
                "A player with this EGD PIN is registered already. If that is you, open the link or "
                "enter the code on your welcome slip, or ask an organizer."
            )
        )
    registration = registration_create(
        tournament=tournament, data=data, source=Registration.Source.SELF, account=user, user=user
    )
    if address:
        Registration.objects.filter(pk=registration.pk).update(registered_from=address_key(address))
    return registration


@transaction.atomic
def player_enter_late(*, tournament: Tournament, data: dict, user, confirmed: bool = True) -> Registration:
    """An organizer enters a player (at the desk, or late); the player claims the registration later."""
    require(user, tournament, ORGANIZER)
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
    "surname": "surname",
    "lastname": "surname",
    "familyname": "surname",
    "name": "surname",
    "nachname": "surname",
    "familienname": "surname",
    "givenname": "given_name",
    "firstname": "given_name",
    "forename": "given_name",
    "vorname": "given_name",
    "club": "club",
    "verein": "club",
    "city": "club",
    "ort": "club",
    "country": "country",
    "land": "country",
    "rank": "rank",
    "grade": "rank",
    "rang": "rank",
    "spielstärke": "rank",
    "spielstaerke": "rank",
    "egdpin": "egd_pin",
    "pin": "egd_pin",
    "egd": "egd_pin",
    "email": "email",
    "mail": "email",
}


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
    if len(lines) > FILE_PLAYERS + 1:  # and a line naming the columns
        raise PlayerImportError(_("The file has more than %(n)s lines.") % {"n": FILE_PLAYERS + 1})
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
        if len(row) > len(columns) and any(cell.strip() for cell in row[len(columns) :]):
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
    *, tournament: Tournament, data: bytes | str, user, confirmed: bool = True
) -> list[Registration]:
    """Register every player of a CSV player list: all of them, or none if any line is wrong.

    Each line becomes a registration of this tournament with its own data
    (nothing of another tournament is read or written); an EGD PIN that is
    registered here already is an error of its line. Every problem is
    reported as ``Line 4, Go rank: ...``.
    """
    require(user, tournament, ORGANIZER)
    rows = [(_("Line %(line)s") % {"line": n}, values) for n, values in parse_player_csv(data)]
    return _import_rows(tournament=tournament, rows=rows, user=user, confirmed=confirmed, source="CSV")


def opengotha_player_rows(data: bytes) -> list[tuple[str, dict]]:
    """The players of an OpenGotha file as rows of a player list (``Player 3 (Name)``, {field: text})."""
    from tournament.files.opengotha import OpenGothaFormatError, read_tournament
    from tournament.ranks import format_rank

    from .opengotha import problem_text

    try:
        plain = read_tournament(data if isinstance(data, bytes) else str(data).encode("utf-8"))
    except OpenGothaFormatError as exc:
        raise PlayerImportError(problem_text(exc)) from None
    if not plain.players:
        raise PlayerImportError(_("The file has no players."))
    if len(plain.players) > FILE_PLAYERS:
        raise PlayerImportError(_("The file has more than %(n)s players.") % {"n": FILE_PLAYERS})
    extra = (plain.extra or {}).get("players", {})
    rows = []
    for n, p in enumerate(plain.players, start=1):
        pin = str(extra.get(p.key, {}).get("egfPin", "") or "")
        label = _("Player %(n)s (%(name)s)") % {"n": n, "name": f"{p.first_name} {p.name}".strip()[:80]}
        rows.append(
            (
                label,
                {
                    "surname": p.name,
                    "given_name": p.first_name,
                    "club": p.club,
                    "country": (p.country or "").upper() if len(p.country or "") == 2 else "",
                    "rank": format_rank(p.rank),
                    "egd_pin": pin if pin.isdigit() and len(pin) == 8 else "",
                    "email": "",
                    "rating": str(p.rating) if p.rating else "",
                },
            )
        )
    return rows


@transaction.atomic
def players_import_opengotha(
    *, tournament: Tournament, data: bytes, user, confirmed: bool = True
) -> list[Registration]:
    """Register the players of an OpenGotha file (its games, rounds and settings are not taken):
    all of them, or none and the problems by player."""
    require(user, tournament, ORGANIZER)
    rows = opengotha_player_rows(data)
    return _import_rows(tournament=tournament, rows=rows, user=user, confirmed=confirmed, source="OpenGotha")


def _import_rows(
    *, tournament: Tournament, rows: list[tuple[str, dict]], user, confirmed: bool, source: str
) -> list[Registration]:
    """Each row (its label for the messages, its fields as text) checked, then all registered or none."""
    from tournament.forms.registrations import PlayerImportRowForm

    errors: list[str] = []
    cleaned: list[tuple[str, dict]] = []
    seen_pins: dict[str, str] = {}
    for label, values in rows:
        form = PlayerImportRowForm(values)
        if not form.is_valid():
            for name, field_errors in form.errors.items():
                field = form.fields[name].label if name in form.fields else _("line")
                for message in field_errors:
                    errors.append(
                        _("%(where)s, %(field)s: %(error)s") % {"where": label, "field": field, "error": message}
                    )
            continue
        pin = form.cleaned_data["egd_pin"]
        if pin and pin in seen_pins:
            errors.append(
                _("%(where)s, %(field)s: the same as in %(other)s.")
                % {"where": label, "field": form.fields["egd_pin"].label, "other": seen_pins[pin]}
            )
            continue
        if pin:
            seen_pins[pin] = label
        cleaned.append((label, {k: v for k, v in form.cleaned_data.items() if v is not None}))
    if errors:
        raise PlayerImportError(errors)
    registered = dict(
        Registration.objects.filter(tournament=tournament).exclude(egd_pin="").values_list("egd_pin", "surname")
    )
    status = Registration.Status.CONFIRMED if confirmed else Registration.Status.PRELIMINARY
    registrations = []
    for label, data_row in cleaned:
        pin = data_row.get("egd_pin") or ""
        if pin in registered:
            errors.append(
                _("%(where)s: the EGD PIN %(pin)s is registered already (%(player)s).")
                % {"where": label, "pin": pin, "player": registered[pin]}
            )
            continue
        registration = Registration(
            tournament=tournament,
            source=Registration.Source.IMPORT,
            status=status,
            claim_code=new_claim_code(),
            **{k: v for k, v in data_row.items() if k in PLAYER_FIELDS},
        )
        try:
            registration.clean_fields(exclude=["tournament", "user"])  # checked here, no query per line
        except ValidationError as exc:
            errors += [_("%(where)s: %(error)s") % {"where": label, "error": m} for m in exc.messages]
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
        taken = set(
            Registration.objects.filter(tournament=tournament, egd_pin__in=seen_pins).values_list("egd_pin", flat=True)
        )
        raise PlayerImportError(
            [
                _("%(where)s: the EGD PIN %(pin)s is registered already.") % {"where": where, "pin": pin}
                for pin, where in sorted(seen_pins.items())
                if pin in taken
            ]
            or [_("Another change of the players came first; please import the file again.")]
        ) from None
    AuditEntry.objects.bulk_create([creation_entry(r, user=user) for r in registrations])
    log_action(
        tournament=tournament,
        action="players.import",
        user=user,
        after={"players": len(registrations), "from": source},
    )
    return registrations
