"""User accounts: making an account safely when two requests race (the one rule for user names, and the
accounts a name means: :mod:`tournament.selectors.accounts`).

Race safety: the check "is the name free?" and the insert run in one
transaction that nobody else making the same name can enter at the same
time. On SQLite every transaction takes the database's write lock when it
begins (``transaction_mode = IMMEDIATE`` in the settings), so writers run
one after the other; on PostgreSQL a transaction-scoped advisory lock on the
name's key does the same for that name only. The database's own unique
index on ``auth_user.username`` is case-sensitive and stays the last line:
an ``IntegrityError`` there (an account made past this module, e.g. by a
script) is turned into the same "name taken" answer. A double click (two
identical sign-ups at once) therefore makes one account; the second request
finds the account the first one has just made with the same password and
is treated as the same sign-up (:func:`just_signed_up`, which checks the
password through the log-in throttle).
"""

from __future__ import annotations

import hashlib
from contextlib import contextmanager
from datetime import timedelta

from django.contrib.auth import authenticate, get_user_model
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from tournament.selectors.accounts import (
    UsernameTaken,
    clean_new_username,
    find_user,
    normalise_username,
    taken_error,
    username_key,
    users_named,
)

#: A second, identical sign-up this soon after the first is the same person's double click.
SAME_SIGN_UP_SECONDS = 60


def _lock_name(name: str) -> None:
    """Hold a lock on the name until the transaction ends (PostgreSQL; SQLite's writers are serial already)."""
    if connection.vendor == "postgresql":
        digest = hashlib.blake2b(username_key(name).encode(), digest_size=8).digest()
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [int.from_bytes(digest, "big", signed=True)])


@contextmanager
def new_account_name(raw: str, *, exclude_pk=None):
    """A transaction in which ``raw`` is free and stays free for the caller to make the account.

    Raises :class:`UsernameTaken` on entry if another account has the name,
    and when the insert inside hits the database's unique index.
    """
    name = clean_new_username(raw, exclude_pk=exclude_pk)
    try:
        with transaction.atomic():
            _lock_name(name)
            if users_named(name, exclude_pk=exclude_pk):
                raise taken_error()
            yield name
    except IntegrityError:
        if users_named(name, exclude_pk=exclude_pk):
            raise taken_error() from None
        raise


def just_signed_up(request, raw: str, password: str, email: str = ""):
    """The account made moments ago with this very name, password and e-mail (a double click), else None.

    The password is checked only through Django's ``authenticate`` with the
    request, that is through django-axes like every log-in: a wrong password
    here is a failed log-in for that name from that address, and a locked-out
    pair gets the throttle's 429 page. (Checking it directly, as this did
    before, let anyone try passwords for an account made in the last minute
    without the log-in throttle: the sign-up form answered "taken" to a wrong
    one and logged in with the right one.) The name, e-mail and age are
    compared first, so an older account is never even tried.
    """
    user = find_user(raw)
    if (
        user is None
        or user.username != normalise_username(raw)
        or (user.email or "") != (email or "")
        or not user.is_active
        or user.date_joined < timezone.now() - timedelta(seconds=SAME_SIGN_UP_SECONDS)
    ):
        return None
    same = authenticate(request, username=user.username, password=password)
    return same if same is not None and same.pk == user.pk else None


def sign_up(*, request, username: str, password: str, email: str = ""):
    """Make an account; the same sign-up sent twice at once gives the one account to both.

    Raises :class:`UsernameTaken` (or another ``ValidationError`` for a bad
    name) when the name belongs to somebody else. ``request`` is the
    sign-up's, for the log-in throttle (:func:`just_signed_up`).
    """
    user = get_user_model()(email=email or "")
    user.set_password(password)  # the slow hash outside the lock
    try:
        with new_account_name(username) as name:
            user.username = name
            user.save()
    except UsernameTaken:
        same = just_signed_up(request, username, password, email)
        if same is None:
            raise
        return same
    return user


def throttle_username(request, credentials: dict | None = None) -> str:
    """What the log-in throttle counts failures under: the name's key, so ``ADMIN`` and ``admin`` count together.

    ``AXES_USERNAME_CALLABLE`` in the settings.
    """
    raw = (credentials or {}).get("username")
    if raw is None and request is not None:
        raw = getattr(request, "POST", {}).get("username", "")
    return username_key(str(raw or "")).replace("\x00", "")[:255]
