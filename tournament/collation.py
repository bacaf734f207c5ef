"""Names in the order German readers expect: the one sort key of every list ordered by name.

Pure Python, no locale: the same order on SQLite and PostgreSQL, in German
and English, on every page, drop-down, PDF, export and API listing (lists are
sorted in Python with :func:`name_key`; ``tests/test_collation.py`` fails when
a new ``order_by`` on a name field appears elsewhere).

The rules (DIN 5007-1, "variant 1", the order of dictionaries and lexicons):

- Letters compare without their marks first: Ö as O, Ä as A, é as e, ç as c;
  ß as ss; letters that Unicode does not decompose as their base letters:
  Ł as L, Ø as O, Đ as D, Æ as AE, Œ as OE, Þ as TH, ı as i. Case is ignored.
  So Köhler comes before Krüger, Łukasiewicz between Lorenz and Meier,
  Öztürk between Olsen and Peters.
- Hyphens, apostrophes and spaces separate words, and a shorter word comes
  first: Maier, Maier-Huber, Maierhofer.
- Only where two names are alike so far do the marks count (the plain letter
  first: Gabler before Gäbler, Masse before Maße), then case.
- Name particles written in small letters before the surname ("van der Berg",
  "de Vries", "von Weizsäcker", "zu Guttenberg") are not sorted by: the name
  goes under its main part (Berg, Vries, Weizsäcker), as DIN 5007 and the
  Dutch lists have it; the particle only tells two such names apart. A particle
  written with a capital ("Van Damme", "De Smet", as Belgian and American names
  are written and listed) is part of the name and sorted by. The EGD and the
  DGoB keep the name as the player writes it, so the capital decides.

Surname first, then given name: the EGD's "Surname Given name" order.
OpenGotha's own order of names (a tiebreak of its pairing and standings) is
not this one and stays OpenGotha's (:mod:`tournament.standings`, :mod:`tournament.pairing`).

Where each concept lives (the map of them all is ``docs/architecture.md``):

- the order of names on every list, drop-down, PDF, export and API listing (DIN 5007-1: Ö as O, ß as ss, Ł as L;
  "van der Berg" under B): `tournament/collation.py` (`name_key`, `person_key`, `sorted_by_name`), and nowhere
  else: lists are sorted in Python (the same on SQLite and PostgreSQL); `tests/test_collation.py` fails on a new
  `order_by` of a name field. OpenGotha's own name tiebreak (pairing, standings) stays OpenGotha's
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, TypeVar

__all__ = ["PARTICLES", "name_key", "name_matches", "person_key", "search_words", "sorted_by_name", "split_particle"]

T = TypeVar("T")

#: Letters Unicode does not decompose into a base letter and a mark, as DIN 5007 sorts them.
_BASE_LETTERS = str.maketrans(
    {
        "ß": "ss",
        "ẞ": "ss",
        "ł": "l",
        "Ł": "l",
        "ø": "o",
        "Ø": "o",
        "đ": "d",
        "Đ": "d",
        "ð": "d",
        "Ð": "d",
        "æ": "ae",
        "Æ": "ae",
        "œ": "oe",
        "Œ": "oe",
        "þ": "th",
        "Þ": "th",
        "ı": "i",
        "ħ": "h",
        "Ħ": "h",
    }
)

#: Particles before a surname, in small letters (one word or several: "van der", "von und zu").
PARTICLES = frozenset(
    "van von de der den del della degli dei di da das do dos du des la le lo ten ter te zu zur und y 't".split()
)

_SEPARATORS = re.compile(r"[\s\-‐‑–—'’`´.,_/]+")


def _words(text: str) -> str:
    """Hyphens, apostrophes, dots and runs of spaces as one space, trimmed."""
    return _SEPARATORS.sub(" ", text).strip()


def _primary(text: str) -> str:
    """The letters without their marks, case ignored (the first level)."""
    text = unicodedata.normalize("NFKD", text.casefold().translate(_BASE_LETTERS))
    return _words("".join(ch for ch in text if not unicodedata.combining(ch)))


def _secondary(text: str) -> str:
    """The letters with their marks after them, case ignored (the second level: the plain letter first)."""
    return _words(unicodedata.normalize("NFD", text.casefold()))


def split_particle(surname: str) -> tuple[str, str]:
    """``(particle, main part)`` of a surname: the leading words in small letters that are name particles
    ("van der", "de") and the rest; ``("", surname)`` when there are none or nothing would be left."""
    words = surname.split()
    n = 0
    while n < len(words) - 1 and words[n] in PARTICLES:
        n += 1
    if n == 0:
        return "", surname
    return " ".join(words[:n]), " ".join(words[n:])


#: Names whose keys a worker keeps: a congress's pages sort its 2,000 players by name several times.
NAME_KEYS_KEPT = 16384


@lru_cache(maxsize=NAME_KEYS_KEPT)
def name_key(surname: str, given_name: str = "") -> tuple[str, ...]:
    """The sort key of a person's name (module docstring): compare keys, not names. A key depends on
    the name alone: a worker works it out once per name."""
    surname, given_name = (surname or "").strip(), (given_name or "").strip()
    particle, main = split_particle(surname)
    return (
        _primary(main),
        _primary(given_name),
        _primary(particle),
        _secondary(main),
        _secondary(given_name),
        _secondary(particle),
        surname,
        given_name,
    )


def person_key(obj: Any) -> tuple[Any, ...]:
    """The sort key of anything with ``surname`` and ``given_name`` (a registration, a rated player, a
    PDF's entry); its ``pk`` (or ``id``) last, so that two people of one name keep one order."""
    ident = getattr(obj, "pk", None)
    if ident is None:
        ident = getattr(obj, "id", None)
    last = (0, ident) if isinstance(ident, int) else (1, str(ident or ""))
    return (*name_key(obj.surname, obj.given_name), last)


def sorted_by_name(items: Iterable[T], key: Callable[[T], Any] | None = None) -> list[T]:
    """``items`` in the order of their names: ``key`` gives the object with the name (default: the item)."""
    if key is None:
        return sorted(items, key=person_key)
    get = key
    return sorted(items, key=lambda item: person_key(get(item)))


#: German umlauts as DIN 5007 "variant 2" writes them (Müller as Mueller): a search may type either.
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "ae", "Ö": "oe", "Ü": "ue"})


def search_words(text: str) -> tuple[str, ...]:
    """What a name search typed, as words to look for: marks and case ignored as the order ignores them
    (:func:`name_key`'s first level: "mül", "MUL" and "mul" are alike)."""
    return tuple(_primary(text).split())


@lru_cache(maxsize=NAME_KEYS_KEPT)
def _name_words(name: str) -> frozenset[str]:
    """The words of ``name`` as a search compares them: marks and case ignored, and the umlauts also as
    "ae", "oe", "ue" (Müller is found by "mul" and by "muel")."""
    return frozenset(_primary(name).split()) | frozenset(_primary(name.translate(_UMLAUTS)).split())


def name_matches(words: tuple[str, ...], *names: str) -> bool:
    """Whether every one of ``words`` (from :func:`search_words`) begins a word of one of ``names``
    (surname, given name, the names in Latin letters: "mül an" finds Anna Müller, "an mül" too)."""
    if not words:
        return False
    found = frozenset().union(*(_name_words(n) for n in names if n))
    return all(any(w.startswith(word) for w in found) for word in words)
