"""A person's name: as the site shows it, and folded so that spelling variants of one name meet.

Pure functions, no database; the pure layers (pairing, standings) ask them too.

**How the site names a person** (one rule, for every page, PDF, CSV, API answer and export):

- :func:`display_name`, ``Surname Given`` (``Albers Alice``), wherever people are *listed*: tables and
  lists of players (standings, crosstable, pairings, results, players, the referee's queue, the
  projector), the PDFs, the EGD file, an SGF's players, a form's choice of players and the JSON API
  (whose ``name`` is a stable contract: "as the EGD lists players"). A reader finds a person there by
  the surname, the column is sorted by it, and OpenGotha, MacMahon and the EGD write it so;
- :func:`spoken_name`, ``Given Surname`` (``Alice Albers``), where *one person is named on their own*:
  in a sentence (messages, warnings, the audit log in words, "You play against ...") and in a heading
  about one person or one game (a player's page, a game's players, a welcome slip).

CSV files and the API's player list give surname and given name in columns of their own.

**Folding**: ``Müller``, ``Mueller`` and ``MULLER`` fold to the same text, as do ``Émilie`` and
``Emilie``; a name written in another script compares by its Latin form where one is given.

**What a name may not hold** (:func:`invisible_character`, the one rule): characters a reader cannot see
or that turn the text around them -- control characters (tabs, line breaks), format characters (bidi
marks, embeddings, overrides and isolates, zero-width spaces and joiners, the byte order mark), line and
paragraph separators, private-use, surrogate and unassigned code points. Every name of every script is
made of letters, marks, spaces and punctuation and passes. User names
(:func:`tournament.selectors.accounts.validate_username`), players' names and clubs
(``Registration.clean``) and team names (``Team.clean``) ask it, so every form, import and service that
takes a name does.

Where each concept lives (the map of them all is ``docs/architecture.md``):

- a person's name as the site writes it: `tournament/names.py`, and nowhere else: `display_name` (`Albers
  Alice`) wherever people are listed -- every table and list of players on the pages, the PDFs, the EGD file, an
  SGF's players, a form's choice of players and the JSON API (whose `name` is a stable contract, "as the EGD
  lists players"); `spoken_name` (`Alice Albers`) where one person is named on their own, in a sentence
  (messages, warnings, the audit log in words) or a heading (a player's page, a game's players, a welcome slip).
  Asked through `Registration.display_name` / `spoken_name` (and `str()`, the display name), `Entrant.name`
  (standings), `SheetPlayer.name` (PDFs), `RatedPlayer.display_name`; CSV files and the API's player list give
  surname and given name apart. `tests/reliability/test_vocabulary.py` finds a name put together anywhere else
- likely duplicates, name folding: `tournament/selectors/duplicates.py`, `tournament/names.py` (`fold_name`,
  `name_keys`, `ascii_text`: the EGD file's ASCII too)
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

#: Unicode categories no name may hold: control (Cc), format (Cf: zero-width characters, direction marks,
#: embeddings, overrides and isolates), line and paragraph separators (Zl, Zp), private use (Co),
#: surrogates (Cs) and unassigned code points (Cn).
INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn"})


def invisible_character(text: str) -> str | None:
    """The first character of ``text`` no name may hold (:data:`INVISIBLE_CATEGORIES`), named as
    ``U+202E RIGHT-TO-LEFT OVERRIDE``; None when there is none."""
    for char in text:
        if unicodedata.category(char) in INVISIBLE_CATEGORIES:
            return f"U+{ord(char):04X} {unicodedata.name(char, '')}".strip()
    return None


def display_name(surname: str, given_name: str) -> str:
    """``Albers Alice``: a person among others (tables, lists, files, the API); see the module's rule."""
    return f"{surname} {given_name}".strip()


def spoken_name(surname: str, given_name: str) -> str:
    """``Alice Albers``: one person named in a sentence or a heading; see the module's rule."""
    return f"{given_name} {surname}".strip()


#: German transliterations, and letters that Unicode does not decompose; ``|`` and ``;`` (the EGD
#: file's separators) as blanks.
_GERMAN = str.maketrans(
    {
        "ä": "ae",
        "ö": "oe",
        "ü": "ue",
        "Ä": "Ae",
        "Ö": "Oe",
        "Ü": "Ue",
        "ß": "ss",
        "æ": "ae",
        "Æ": "Ae",
        "ø": "o",
        "Ø": "O",
        "ł": "l",
        "Ł": "L",
        "đ": "d",
        "Đ": "D",
        "þ": "th",
        "Þ": "Th",
        "ı": "i",
        "ð": "d",
        "Ð": "D",
        "œ": "oe",
        "Œ": "Oe",
        "ħ": "h",
        "Ħ": "H",
        "|": " ",
        ";": " ",
    }
)


def side_name(display_names: Sequence[str]) -> str:
    """``Albers Alice & Berg Bob``: a Pair Go or Rengo side, its players' display names in their order of play."""
    return " & ".join(display_names)


def ascii_text(text: str) -> str:
    """German-style transliteration, accents dropped, anything else removed; never ``|`` or ``;``."""
    text = text.translate(_GERMAN)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if ord(ch) < 128 and not unicodedata.combining(ch))
    return re.sub(r"\s+", " ", text).strip()


#: German transliterations and their plain-vowel spellings meet in the middle.
_DIGRAPHS = (("ae", "a"), ("oe", "o"), ("ue", "u"))


def fold_name(text: str) -> str:
    """``"Müller-Lüdenscheidt "`` → ``"muller ludenscheidt"``: case, accents, transliteration and
    punctuation folded, so that two spellings of one name compare equal."""
    text = ascii_text(text or "").lower()
    for digraph, vowel in _DIGRAPHS:
        text = text.replace(digraph, vowel)
    text = re.sub(r"[^a-z0-9]+", " ", text)
    return text.strip()


def name_keys(surname: str, given_name: str, surname_latin: str = "", given_name_latin: str = "") -> set[str]:
    """The folded forms a person's name is known by (both orders, written and Latin names)."""
    keys = set()
    for s, g in ((surname, given_name), (surname_latin, given_name_latin)):
        s, g = fold_name(s), fold_name(g)
        if s or g:
            keys.add(f"{s}|{g}")
            keys.add(f"{g}|{s}")
    return keys


def slug_text(text: str) -> str:
    """``"Göttinger Straße"`` → ``"goettinger-strasse"``: a web address's short name, German-style
    transliteration first (ä as ae, ß as ss), then lower-case letters and digits joined by hyphens;
    ``""`` when nothing Latin is left."""
    return re.sub(r"[^a-z0-9]+", "-", ascii_text(text or "").lower()).strip("-")
