"""Bringing a MacMahon 3.9 tournament into the site.

:mod:`tournament.files.macmahon` reads the file (what goes where is said
there); :mod:`.file_import` writes what it reads, as it writes every
importer's. The uploader becomes the tournament's organizer. The file is read
and checked whole before anything is written, then written in one short
transaction: imported whole or not at all.
"""

from __future__ import annotations

from tournament.files.macmahon import MacMahonFormatError, read_macmahon
from tournament.models import Tournament
from tournament.permissions import require_create

from .file_import import import_tournament

__all__ = ["MacMahonFormatError", "import_macmahon"]


def import_macmahon(source, *, slug: str | None = None, user) -> Tournament:
    """Create a tournament from a MacMahon 3.9 file (path, bytes or text).

    Raises :class:`MacMahonFormatError` for a file it cannot read whole, and
    ``ValidationError`` when the short name is taken or a value does not fit
    (:class:`~.file_import.PlayerImportError` naming each player's problems).
    The file is read and checked before anything is written; then it is written
    in one short transaction (:mod:`.file_import`).
    """
    require_create(user)
    data = read_macmahon(source)
    return import_tournament(data, slug=slug, user=user, reason="MacMahon 3.9 file", fallback="macmahon")
