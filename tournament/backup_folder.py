"""Backups into a folder during the tournament day: a USB stick in the venue's laptop.

Every tournament (or those named) is written as ``backup`` writes it
(:func:`tournament.backup.dump_tournament`) to ``<slug>.json`` in the
folder, replacing the last one whole (written beside it, flushed to the
stick, then renamed: a stick pulled at any moment holds the old backup or the
new one), with a copy under the time (``<slug>-20261128-1420.json``) of which
the newest ``keep`` stay. A tournament that did not change since its last
backup is not written again. A folder that is missing (the stick not
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


def _write_whole(path: Path, content: bytes) -> None:
    temporary = path.with_name(f".{path.name}.tmp")
    with open(temporary, "wb") as f:
        f.write(content)
        f.flush()
        os.fsync(f.fileno())
    os.replace(temporary, path)
    directory = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def _prune(folder: Path, slug: str, keep: int) -> None:
    copies = sorted(p for p in folder.glob(f"{slug}-*.json") if p.name[len(slug) + 1 :][:8].isdigit())
    for old in copies[:-keep]:
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
            for tournament in tournaments:
                data = dump_tournament(tournament, with_accounts=with_accounts)
                content = (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode()
                latest = folder / f"{tournament.slug}.json"
                if latest.is_file() and latest.read_bytes() == content:
                    done.unchanged += 1
                    continue
                _write_whole(latest, content)
                stamp = timezone.localtime().strftime("%Y%m%d-%H%M%S")
                _write_whole(folder / f"{tournament.slug}-{stamp}.json", content)
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
