"""Players entering a tournament themselves, late entries and rank corrections."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.models import Player, Registration, Tournament
from tournament.ranks import format_rank

from .audit import log_action
from .registrations import registration_create


def _find_or_make_player(data: dict) -> Player:
    """The player of the EGD PIN if known (details refreshed), else a new one."""
    pin = data.get("egd_pin") or ""
    player = Player.objects.filter(egd_pin=pin).first() if pin else None
    if player is None:
        player = Player(**data)
    else:
        for key, value in data.items():
            setattr(player, key, value)
    player.full_clean()
    player.save()
    return player


@transaction.atomic
def player_register_self(
    *, tournament: Tournament, data: dict, user=None, username: str = "", password: str = ""
) -> Registration:
    """A player registers (preliminary until an organizer confirms); the account is linked to the player.

    Without ``user``, an account ``username`` is made first. A player who
    already has another account cannot be taken over.
    """
    if not tournament.registration_open:
        raise ValidationError(_("Registration for this tournament is closed."))
    if user is None:
        user = get_user_model().objects.create_user(username=username, email=data.get("email", ""), password=password)
    existing = getattr(user, "player", None)
    if existing is not None:
        player = existing
        for key, value in data.items():
            setattr(player, key, value)
        player.full_clean()
        player.save()
    else:
        player = _find_or_make_player(data)
        if player.user_id and player.user_id != user.pk:
            raise ValidationError(_("This EGD PIN belongs to another account; ask an organizer."))
        player.user = user
        player.save(update_fields=["user"])
    if Registration.objects.filter(tournament=tournament, player=player).exists():
        raise ValidationError(_("You are registered already."))
    return registration_create(
        tournament=tournament, player=player, source=Registration.Source.SELF, user=user
    )


@transaction.atomic
def player_enter_late(*, tournament: Tournament, data: dict, user=None, confirmed: bool = True) -> Registration:
    """An organizer enters a player (at the desk, or late)."""
    player = _find_or_make_player(data)
    if Registration.objects.filter(tournament=tournament, player=player).exists():
        raise ValidationError(_("This player is registered already."))
    return registration_create(
        tournament=tournament,
        player=player,
        source=Registration.Source.ORGANIZER,
        status=Registration.Status.CONFIRMED if confirmed else Registration.Status.PRELIMINARY,
        user=user,
    )


@transaction.atomic
def player_set_rank(*, tournament: Tournament, player: Player, rank: int, user=None, reason: str = "") -> Player:
    """Correct a player's Go rank (it counts for every tournament the player is in)."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.rank == rank:
        return player
    before = player.rank
    player.rank = rank
    player.full_clean()
    player.save(update_fields=["rank"])
    log_action(
        tournament=tournament,
        action="player.rank",
        obj=player,
        user=user,
        before={"rank": format_rank(before)},
        after={"rank": format_rank(rank)},
        reason=reason,
    )
    return player


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

    A player known by EGD PIN is taken (details refreshed), any other is
    made new. Every problem is reported as ``Line 4, Go rank: ...``.
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
    registrations = []
    for n, data_row in cleaned:
        try:
            player = _find_or_make_player(data_row)
            if Registration.objects.filter(tournament=tournament, player=player).exists():
                raise ValidationError(_("%(player)s is registered already.") % {"player": player.full_name})
            registrations.append(
                registration_create(
                    tournament=tournament,
                    player=player,
                    source=Registration.Source.ORGANIZER,
                    status=Registration.Status.CONFIRMED if confirmed else Registration.Status.PRELIMINARY,
                    user=user,
                )
            )
        except ValidationError as exc:
            errors += [_("Line %(line)s: %(error)s") % {"line": n, "error": m} for m in exc.messages]
    if errors:
        transaction.set_rollback(True)
        raise PlayerImportError(errors)
    log_action(
        tournament=tournament,
        action="players.import",
        user=user,
        after={"players": len(registrations)},
    )
    return registrations
