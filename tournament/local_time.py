"""The tournament's time zone: a moment of a tournament as the people at the tournament read it.

One rule for the pages, the PDFs, the JSON API and the exports: a tournament is played where it is, so
a round's start is typed, shown and written in the tournament's own time zone
(``Tournament.time_zone``, e.g. ``Asia/Tokyo`` on a site whose ``TIME_ZONE`` is ``Europe/Berlin``),
and in the site's only while the tournament names no zone Python knows. The API writes the moment with
its offset (``2026-11-28T10:00:00+09:00``), the pages and PDFs in the reader's language
(``28 Nov 2026, 10:00``), the programme's form takes it typed in that zone.

Everything here is asked by its callers (the names of the zones too: :func:`zone_names`, the model's
validator and the settings form's choices), nothing reads ``zoneinfo`` or Django's ``localtime`` anywhere
else (``tests/reliability/test_vocabulary.py`` checks). Templates use the ``local_time`` filter
(``templatetags/site_tags.py``).

Where each concept lives (the map of them all is ``docs/architecture.md``):

- the tournament's time zone, a moment of the tournament: `tournament/local_time.py`: `tournament_zone` (the
  tournament's, the site's `TIME_ZONE` only when it names none Python knows), `local_time` (the API's round
  `start`, with its offset), `local_time_text` (the PDFs), `at_tournament` (the programme's form), `zone_names`
  / `is_zone_name` (the zones Python knows: the model's validator, the settings form's choices), `site_clock`
  (the machine's own clock: backup file names, the commands' console times), the template filter `local_time`
  (`templatetags/site_tags.py`: a round's start, the audit log, a game's report, the live board's moves,
  invitations, the published copy's "as of" and the dashboard's publication and backup times; only the rating
  lists' import times stay on the site's clock); nothing else reads `zoneinfo` or Django's `localtime`, and no
  template shows a moment without the filter (`tests/reliability/test_vocabulary.py`)
"""

from __future__ import annotations

import datetime as dt
import zoneinfo
from functools import cache

from django.templatetags.tz import do_timezone
from django.utils import timezone
from django.utils.formats import date_format


@cache
def zone_names() -> frozenset[str]:
    """The names of the time zones Python knows (``Europe/Berlin``, ``UTC``): read from the system once."""
    return frozenset(zoneinfo.available_timezones())


def is_zone_name(value) -> bool:
    """Whether ``value`` names a time zone Python knows (a tournament's ``time_zone``)."""
    return isinstance(value, str) and value in zone_names()


def site_clock() -> dt.datetime:
    """Now on the site's own clock (``TIME_ZONE``): what belongs to the machine, not to a tournament (a
    backup file's name, the times a command prints on the console)."""
    return timezone.localtime()


def tournament_zone(tournament) -> dt.tzinfo:
    """The tournament's time zone; the site's (``TIME_ZONE``) if it names none that Python knows."""
    name = getattr(tournament, "time_zone", "") or ""
    if name:
        try:
            return zoneinfo.ZoneInfo(str(name))
        except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError):
            pass
    return timezone.get_default_timezone()


def local_time(moment: dt.datetime | None, tournament) -> dt.datetime | None:
    """``moment`` (aware) at the tournament's place: its wall-clock time there, with that offset."""
    if moment is None:
        return None
    return moment.astimezone(tournament_zone(tournament))


def local_time_text(moment: dt.datetime | None, tournament, style: str = "DATETIME_FORMAT") -> str:
    """``moment`` at the tournament's place in the active language (``28 Nov 2026, 10:00``; ``style`` is a
    Django date format or its name); empty for none."""
    local = local_time(moment, tournament)
    return "" if local is None else date_format(local, style)


def at_tournament(wall_clock: dt.datetime, tournament) -> dt.datetime:
    """A date and time typed as the tournament's clock shows it (naive), as the moment it is."""
    return timezone.make_aware(wall_clock, tournament_zone(tournament))


def for_template(moment: dt.datetime | None, tournament) -> dt.datetime | None:
    """:func:`local_time` for a template: a template's ``date`` filter then leaves it at the tournament's
    place instead of moving it to the site's zone (Django's ``timezone`` filter does the same)."""
    if moment is None:
        return None
    return do_timezone(moment, tournament_zone(tournament))
