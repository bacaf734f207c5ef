"""Backups into a folder during the tournament day: a USB stick in the venue's laptop.

Every tournament (or those named) is written as ``backup`` writes it
(:func:`tournament.backup.dump_tournament`) to ``<slug>.json`` in the
folder, replacing the last one whole (written beside it, flushed to the
stick, then renamed: a stick pulled at any moment holds the old backup or the
new one), with a copy under the time (``<slug>-20261128-1420.json``) of which
the newest ``keep`` stay. A tournament that did not change since its last
backup is not written again. With the accounts' password hashes, every file is readable by its owner
only (0600), and so is the folder (0700). A folder that is missing (the stick not
plugged in) or cannot be written is a problem reported, never a crash: the
next round tries again. What the last round did is kept in the cache for the
organizer's dashboard (:func:`tournament.selectors.venue.backup_status`).

Restoring on another laptop: ``manage.py restore <slug>.json`` (see the README).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from django.core.cache import cache
from django.utils import timezone

from tournament.backup import dump_tournament
from tournament.local_time import site_clock
from tournament.models import Tournament
from tournament.selectors.venue import BACKUP_STATUS_KEY as STATUS_KEY

#: The most copies kept per tournament.
MAX_KEEP = 1000
#: How long the dashboard shows the last round's word.
STATUS_SECONDS = 24 * 60 * 60


@dataclass
class Done:
    written: int = 0
    unchanged: int = 0
    #: a code and values (:func:`tournament.selectors.venue.backup_problem_text`), or None
    problem: dict | None = None


#: A backup holding password hashes (``with_accounts``) is readable by its owner only, its folder too.
PRIVATE_FILE, PRIVATE_FOLDER = 0o600, 0o700


def open_backup(path: Path, *, private: bool):
    """``path`` opened for writing a backup: readable by its owner only if ``private`` (from the moment it
    exists, and a file that was there before too), else as the system makes files."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE if private else 0o666)
    if private:
        os.fchmod(fd, PRIVATE_FILE)
    return os.fdopen(fd, "wb")


def _write_whole(path: Path, content: bytes, *, private: bool) -> None:
    temporary = path.with_name(f".{path.name}.tmp")
    with open_backup(temporary, private=private) as f:
        f.write(content)
        f.flush()
        os.fsync(f.fileno())
    os.replace(temporary, path)
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def _copies(folder: Path, slug: str) -> list[Path]:
    """The tournament's time-stamped copies in the folder, oldest first."""
    return sorted(p for p in folder.glob(f"{slug}-*.json") if p.name[len(slug) + 1 :][:8].isdigit())


def _prune(folder: Path, slug: str, keep: int) -> None:
    for old in _copies(folder, slug)[:-keep]:
        old.unlink(missing_ok=True)


def back_up(folder: Path, *, slugs: list[str] | None = None, with_accounts: bool = False, keep: int = 12) -> Done:
    """One round of backups into ``folder`` (see the module's docstring)."""
    done = Done()
    tournaments = Tournament.objects.order_by("slug")
    if slugs:
        tournaments = tournaments.filter(slug__in=slugs)
        missing = set(slugs) - {t.slug for t in tournaments}
        if missing:
            done.problem = {"code": "unknown", "slug": ", ".join(sorted(missing))}
    if not folder.is_dir():
        done.problem = {"code": "missing", "folder": str(folder)}
    else:
        try:
            if with_accounts and tournaments:
                folder.chmod(PRIVATE_FOLDER)
            for tournament in tournaments:
                data = dump_tournament(tournament, with_accounts=with_accounts)
                content = (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode()
                latest = folder / f"{tournament.slug}.json"
                if with_accounts:  # those an earlier version wrote readable by everyone too
                    for path in [latest, *_copies(folder, tournament.slug)]:
                        if path.is_file():
                            path.chmod(PRIVATE_FILE)
                if latest.is_file() and latest.read_bytes() == content:
                    done.unchanged += 1
                    continue
                _write_whole(latest, content, private=with_accounts)
                stamp = site_clock().strftime("%Y%m%d-%H%M%S")
                _write_whole(folder / f"{tournament.slug}-{stamp}.json", content, private=with_accounts)
                _prune(folder, tournament.slug, keep)
                done.written += 1
        except OSError as exc:  # the stick pulled, full, read-only
            done.problem = {"code": "failed", "detail": str(exc)}
    cache.set(
        STATUS_KEY,
        {"at": timezone.now(), "folder": str(folder), "written": done.written, "problem": done.problem},
        STATUS_SECONDS,
    )
    return done
