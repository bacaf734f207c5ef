"""The German catalogue is whole and compiled: every message has its German, none is fuzzy or half-merged,
and the compiled ``django.mo`` the site reads says what ``django.po`` says."""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[2] / "tournament" / "locale" / "de" / "LC_MESSAGES"


def _entries(text: str):
    """(flags, msgctxt, msgid, msgid_plural, [msgstr...], obsolete) of each entry of a .po file."""
    entries, entry, key = [], None, None

    def close():
        if entry is not None and entry.get("msgid") is not None:
            entries.append(entry)

    for raw in text.splitlines() + [""]:
        line = raw.strip()
        if not line:
            close()
            entry, key = None, None
            continue
        if entry is None:
            entry = {"flags": set(), "msgstr": {}, "obsolete": False}
        if line.startswith("#~"):
            entry["obsolete"] = True
            continue
        if line.startswith("#,"):
            entry["flags"].update(f.strip() for f in line[2:].split(","))
            continue
        if line.startswith("#"):
            continue
        if line.startswith('"'):
            value = ast.literal_eval(line)
            if isinstance(key, tuple):
                entry["msgstr"][key[1]] += value
            else:
                entry[key] += value
            continue
        word, _sep, rest = line.partition(" ")
        value = ast.literal_eval(rest)
        if word.startswith("msgstr["):
            key = ("msgstr", int(word[7:-1]))
            entry["msgstr"][key[1]] = value
        elif word == "msgstr":
            key = ("msgstr", 0)
            entry["msgstr"][0] = value
        else:
            assert word in ("msgid", "msgid_plural", "msgctxt"), f"not a .po line: {raw!r}"
            key = word
            entry[word] = value
    return entries


def test_the_catalogue_has_no_merge_leftovers():
    text = (LOCALE / "django.po").read_text(encoding="utf-8")
    for marker in ("<<<<<<<", "=======\n", ">>>>>>>"):
        assert marker not in text, f"a merge left {marker.strip()!r} in django.po"


def test_every_message_has_its_german_and_none_is_fuzzy():
    entries = [e for e in _entries((LOCALE / "django.po").read_text(encoding="utf-8")) if not e["obsolete"]]
    assert len(entries) > 1000
    missing = [e["msgid"] for e in entries if e["msgid"] and not all(e["msgstr"].values())]
    fuzzy = [e["msgid"] for e in entries if e["msgid"] and "fuzzy" in e["flags"]]
    assert not missing, f"{len(missing)} messages without German: {missing[:10]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy messages: {fuzzy[:10]}"
    ids = [(e.get("msgctxt"), e["msgid"]) for e in entries]
    twice = {i for i in ids if ids.count(i) > 1}
    assert not twice, f"messages in the catalogue twice: {sorted(twice, key=str)[:10]}"


def test_the_compiled_catalogue_says_what_the_po_file_says():
    with open(LOCALE / "django.mo", "rb") as f:
        compiled = gettext.GNUTranslations(f)
    stale = []
    for e in _entries((LOCALE / "django.po").read_text(encoding="utf-8")):
        if e["obsolete"] or not e["msgid"] or "fuzzy" in e["flags"]:
            continue
        context = e.get("msgctxt")
        if "msgid_plural" in e:
            got = [
                compiled.npgettext(context, e["msgid"], e["msgid_plural"], n)
                if context
                else compiled.ngettext(e["msgid"], e["msgid_plural"], n)
                for n in (1, 2)
            ]
            want = [e["msgstr"][0], e["msgstr"][1]]
        else:
            got = [compiled.pgettext(context, e["msgid"]) if context else compiled.gettext(e["msgid"])]
            want = [e["msgstr"][0]]
        if got != want:
            stale.append(e["msgid"])
    assert not stale, f"django.mo is older than django.po (make messages): {stale[:10]}"


def test_the_catalogue_holds_every_message_of_the_code_and_no_other(tmp_path):
    """``makemessages`` run on a copy of the code finds exactly the messages of ``django.po``: none new
    (a text the German reader would see in English), none left over (``make messages`` keeps it so)."""
    import shutil
    import subprocess
    import sys

    root = LOCALE.parents[3]
    for name in ("manage.py", "tournament", "templates", "games"):
        source = root / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.so"))
        else:
            shutil.copy(source, tmp_path / name)
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "de", "--no-obsolete", "-v", "0"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
    )

    def ids(path: Path) -> set:
        return {(e.get("msgctxt"), e["msgid"]) for e in _entries(path.read_text(encoding="utf-8")) if not e["obsolete"]}

    found = ids(tmp_path / "tournament/locale/de/LC_MESSAGES/django.po")
    kept = ids(LOCALE / "django.po")
    assert not found - kept, f"messages of the code not in django.po (make messages): {sorted(found - kept, key=str)}"
    assert not kept - found, f"messages in django.po the code no longer has: {sorted(kept - found, key=str)[:10]}"


#: The formal address in the middle of a sentence ("bevor Sie", "Nummerieren Sie", "Ihr Browser"): there
#: "Sie" and "Ihr" can only mean "you", never "they" or "its", which is written small there.
FORMAL = re.compile(r"(?<=[a-zäöüß,)] )(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres|Ihnen)\b")


def test_the_site_says_du_to_everyone():
    """The German site says "du" to players and directors alike ("Bist du das?", "Trage zuerst die
    Ergebnisse ein"); no message says "Sie" to the reader (the tables page and the error pages once did,
    beside pages that say "du")."""
    entries = [e for e in _entries((LOCALE / "django.po").read_text(encoding="utf-8")) if not e["obsolete"]]
    formal = [
        text
        for e in entries
        for text in e["msgstr"].values()
        if FORMAL.search(text) or (re.match(r"you\b", e["msgid"], re.I) and re.match(r"(Sie|Ihr)\b", text))
    ]
    assert not formal, formal[:5]
