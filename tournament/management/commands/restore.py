"""``python manage.py restore FILE.json``: load a tournament written by ``backup``."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _


def read_backup(path: str):
    """The backup file's data; :class:`CommandError` in words for a file that cannot be read, is cut off (the
    stick pulled while it was written: a backup ends with its closing brace) or is no JSON."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(_("cannot read %(file)s: %(error)s") % {"file": path, "error": exc}) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        end = len(text.rstrip())
        if end and (not text.rstrip().endswith("}") or exc.pos >= end):
            said = _("the file ends too early (cut off?)")
        else:
            said = _("it is not a backup (no JSON: %(error)s)") % {"error": exc}
        raise CommandError(_("cannot read %(file)s: %(error)s") % {"file": path, "error": said}) from None


class Command(BaseCommand):
    help = "Load a tournament dump (all or nothing) into this database."

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, **opts):
        from tournament.backup import DumpError, load_tournament

        data = read_backup(opts["file"])
        try:
            tournament = load_tournament(data)
        except DumpError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"restored {tournament.slug}: {tournament.name}")
