"""User names: the one rule for them, and the accounts a name means.

Every place that makes an account (the sign-up page, the self-registration
form, the admin's user forms) and every log-in goes through
:func:`normalise_username` / :func:`clean_new_username`, so ``ＡＤＭＩＮ``,
`` admin `` and ``Admin`` all name the account ``admin``. Reads only: making
an account safely when two requests race is :mod:`tournament.services.accounts`.
"""

from __future__ import annotations

import re
import unicodedata

from django.contrib.auth import get_user_model
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournament.names import invisible_character

#: Longest user name (the column of ``auth_user.username``).
MAX_LENGTH = 150


class UsernameTaken(ValidationError):
    """Another account has this name (ignoring case after normalisation)."""


def normalise_username(raw: str) -> str:
    """The user name as stored and compared: NFKC (fullwidth letters become plain ones), stripped."""
    return unicodedata.normalize("NFKC", raw or "").strip()


def username_key(name: str) -> str:
    """Two user names with the same key name the same account."""
    return normalise_username(name).lower()


def validate_username(name: str) -> None:
    """Refuse invisible and control characters (the rule of every name, :func:`tournament.names.invisible_character`)
    and spaces inside a (normalised) name, with the culprit named."""
    culprit = invisible_character(name)
    if culprit:
        raise ValidationError(
            _("The user name contains an invisible or control character (%(char)s); please type it again.")
            % {"char": culprit},
            code="invisible",
        )
    if any(char.isspace() for char in name):
        raise ValidationError(_("The user name may not contain spaces."), code="space")
    if len(name) > MAX_LENGTH:
        raise ValidationError(
            _("The user name may have at most %(max)s characters.") % {"max": MAX_LENGTH}, code="max_length"
        )
    UnicodeUsernameValidator()(name)


def users_named(name: str, exclude_pk=None) -> list:
    """The accounts whose name equals ``name`` ignoring case, after normalisation.

    The database narrows the candidates with a case-insensitive regular
    expression (Python's on SQLite, whose own ``LIKE`` and ``UPPER`` know only
    ASCII letters); the key decides.
    """
    name = normalise_username(name)
    if not name or "\x00" in name:
        return []
    users = get_user_model().objects.filter(username__iregex=r"^" + re.escape(name) + r"$")
    if exclude_pk is not None:
        users = users.exclude(pk=exclude_pk)
    key = username_key(name)
    return [user for user in users if username_key(user.username) == key]


def find_user(name: str):
    """The account a log-in with ``name`` means: the exact name first, else the only one equal ignoring case."""
    name = normalise_username(name)
    if not name or "\x00" in name:  # PostgreSQL cannot even compare a text with NUL in it
        return None
    exact = get_user_model().objects.filter(username=name).first()
    if exact is not None:
        return exact
    same = users_named(name)
    return same[0] if len(same) == 1 else None


def taken_error() -> UsernameTaken:
    return UsernameTaken(_("This user name is taken; log in first if it is yours."), code="taken")


def clean_new_username(raw: str, *, exclude_pk=None) -> str:
    """The normalised name for a new (or renamed) account; ``ValidationError`` if it is not allowed or taken."""
    name = normalise_username(raw)
    validate_username(name)
    if users_named(name, exclude_pk=exclude_pk):
        raise taken_error()
    return name
