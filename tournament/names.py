"""Comparing people's names: folded so that spelling variants of one name meet.

Pure functions, no database. ``Müller``, ``Mueller`` and ``MULLER`` fold to
the same text, as do ``Émilie`` and ``Emilie``; a name written in another
script compares by its Latin form where one is given.
"""

from __future__ import annotations

import re

from tournament.files.h9 import ascii_text

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
