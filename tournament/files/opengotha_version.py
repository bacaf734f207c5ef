"""Which OpenGotha's rules an OpenGotha file asks for, and the version a file the site writes names.

OpenGotha names itself on the file's root: ``fullVersionNumber="3.51.02"`` (3.49 and later; 3.52.03
and pairgoth's OpenGotha export write ``"3.52.03"``), ``gothaVersion="348" gothaMinorVersion="5"``
before. A tournament pairs as OpenGotha 3.51 or 3.52 (``Tournament.opengotha_version``,
:data:`tournament.pairing.context.OPENGOTHA_DIALECTS`): a file of 3.51.x and earlier by 3.51.02's
rules, one of 3.52 and later by 3.52's; a file that names no version (another program's, or the
site's before it wrote one) by 3.52's, the site's default. A file the site writes names the version
whose rules the tournament used (:func:`with_version`), so that it pairs the same when read again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from tournament.pairing.context import DEFAULT_OPENGOTHA_VERSION, OPENGOTHA_DIALECTS

#: The versions a tournament pairs as, in order.
VERSIONS = tuple(OPENGOTHA_DIALECTS)
#: The ``fullVersionNumber`` the site writes for each: the OpenGotha whose rules it follows.
FULL_VERSION_NUMBER = {"3.51": "3.51.02", "3.52": "3.52.03"}
#: The root attributes that name the version (the older two replaced by ``fullVersionNumber``).
VERSION_ATTRIBUTES = ("fullVersionNumber", "gothaVersion", "gothaMinorVersion")

_FULL = re.compile(r"\s*(\d+)\.(\d+)")
_OLD = re.compile(r"\s*(\d)(\d\d)\s*$")  # gothaVersion="348": 3.48


def _release(attributes: dict[str, str]) -> tuple[int, int] | None:
    """(major, minor) of the OpenGotha that wrote the file, None if it names none readable."""
    full = _FULL.match(attributes.get("fullVersionNumber", ""))
    if full:
        return int(full[1]), int(full[2])
    old = _OLD.match(attributes.get("gothaVersion", ""))
    if old:
        return int(old[1]), int(old[2])
    return None


def version_of(root_attributes: Iterable[Sequence[str]]) -> str:
    """The version (a key of :data:`~tournament.pairing.context.OPENGOTHA_DIALECTS`) whose rules a file
    with these root attributes pairs by: "3.51" for 3.51.x and earlier, "3.52" for 3.52 and later and
    for a file that names no version."""
    release = _release({str(k): str(v) for k, v in root_attributes})
    if release is None:
        return DEFAULT_OPENGOTHA_VERSION
    return "3.51" if release <= (3, 51) else "3.52"


def with_version(root_attributes: Iterable[Sequence[str]], version: str) -> list[list[str]]:
    """The root attributes of a file written for a tournament paired as ``version``: the file's own
    ``fullVersionNumber`` where it already asks for those rules, else :data:`FULL_VERSION_NUMBER`'s
    (the older ``gothaVersion`` pair dropped), in OpenGotha's alphabetical place; the others as they are."""
    pairs = [[str(k), str(v)] for k, v in root_attributes]
    own = dict(pairs).get("fullVersionNumber")
    if own is not None and version_of([["fullVersionNumber", own]]) == version and _FULL.match(own):
        return pairs
    kept = [p for p in pairs if p[0] not in VERSION_ATTRIBUTES]
    at = next((i for i, (k, _v) in enumerate(kept) if k > "fullVersionNumber"), len(kept))
    return [*kept[:at], ["fullVersionNumber", FULL_VERSION_NUMBER[version]], *kept[at:]]
