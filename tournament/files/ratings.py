"""A rating list of any kind the site reads: the reader of each kind (:data:`READERS`), :func:`read_list`."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _

from .aga_ratings import read_aga_list
from .egd_ratings import read_rating_list
from .ffg_ratings import read_ffg_list
from .rating_list import KINDS, RatingListData, RatingListError

#: The reader of each kind of list (:data:`~.rating_list.KINDS`).
READERS: dict[str, Callable[[bytes | str], RatingListData]] = {
    "egd": read_rating_list,
    "ffg": read_ffg_list,
    "aga": read_aga_list,
}
assert set(READERS) == set(KINDS)


def read_list(kind: str, data: bytes | str) -> RatingListData:
    """Read a list of ``kind`` (one of :data:`~.rating_list.KINDS`); :class:`RatingListError` if no player is in it."""
    reader = READERS.get(kind)
    if reader is None:
        raise RatingListError(_("Unknown kind of rating list: %(kind)s.") % {"kind": str(kind)[:10]})
    return reader(data)
