"""Benchmark: the welcome slips of 2,000 players and the live-board projector of 12 long records
(not collected by pytest).

    .venv/bin/python tests/bench/bench_downloads.py [PLAYERS]

Builds, in a fresh SQLite database in a temp dir with the production
settings (``DJANGO_DEBUG=0``, the file cache), a tournament whose 2,000
players come from a CSV list (``players_import_csv``: every one has a claim
code and no account) and whose published round 1, Go 19x19, has 1,000
games, the top 12 recorded on the live board, each about 3,600 moves long
(random legal stones, fixed seed, as ``bench_record_limits.py`` makes them:
the longest record Go accepts on 19x19 is 3,610 moves). Then, through the
Django test client (the whole request: middleware, view, template):

- the organizer downloads the welcome slips of all players (the PDF, one
  request; the target is 10 s, gunicorn's worker timeout is 30 s);
- each projector, the pairings (``/projector/``, its first page) and the 12
  live boards (``/projector/live/?tables=12``), is asked with an empty cache
  (cold), again (warm, the median), and as its poll asks it (``HX-Request``
  and the ETag it was given: 304, the median); the live boards' poll also
  after one move on one board (the median over several moves).

Prints the figures; exits 1 if the slips take longer than ``SLIPS_LIMIT``.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

PLAYERS = 2000
BOARDS = 12
REPEAT = 9
SLIPS_LIMIT = 10.0
PER_PAGE = 20  # tables on one page of the pairings projector (tournament/views/projector.py)


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def populate(players: int):
    from bench_record_limits import go_record
    from django.contrib.auth import get_user_model

    from games import go
    from tournament.models import Discipline, Game, LiveRecord, Round, Tournament
    from tournament.permissions import SYSTEM
    from tournament.services.players import players_import_csv

    t = Tournament.objects.create(
        name="Benchmark-Kongress 2026",
        slug="bench",
        start_date=dt.date(2026, 5, 1),
        end_date=dt.date(2026, 5, 3),
        place="Hannover",
    )
    text = "\n".join(
        f"Spieler{i:04d},Max,Club{i % 50},DE,{1 + i % 20}k,{10000000 + i},max{i}@example.org" for i in range(players)
    )
    regs = players_import_csv(tournament=t, data=text, user=SYSTEM)
    go19 = Discipline.objects.create(tournament=t, name="Go 19x19", kind="go", board_size=19, komi=7)
    rd = Round.objects.create(tournament=t, number=1, discipline=go19, status=Round.Status.PUBLISHED)
    longest = go_record(go.Game, 19, random.Random(5))
    games = Game.objects.bulk_create(
        Game(round=rd, table=table, black=regs[2 * table - 2], white=regs[2 * table - 1])
        for table in range(1, players // 2 + 1)
    )
    for game in games[:BOARDS]:  # the top tables are recorded on the live board
        moves = longest[: len(longest) - 2 * game.table]
        while moves[-1] == "pass":
            moves = moves[:-1]
        LiveRecord.objects.create(game=game, moves=" ".join(moves), entries=[["bench", 0]] * len(moves))
    organizer = get_user_model().objects.create_superuser("orga", password="x" * 12)
    return t, organizer, len(longest)


def projector_figures(client, url: str) -> str:
    """Cold (an empty cache), warm (the median) and the poll with its own ETag (304, the median) of ``url``."""
    from django.core.cache import cache

    poll = {"HX-Request": "true"}

    def get(**headers):
        response = client.get(url, secure=True, headers=headers)
        assert response.status_code in (200, 304), response.status_code
        return response

    cache.clear()
    cold, _first = timed(get)
    warm = statistics.median(timed(get)[0] for _ in range(REPEAT))
    etag = get(**poll).headers.get("ETag")
    if etag:
        answers = [timed(lambda: get(**poll, **{"If-None-Match": etag})) for _ in range(REPEAT)]
        assert all(r.status_code == 304 for _t, r in answers), "the poll's own ETag must give 304"
        conditional = f"{statistics.median(t for t, _r in answers) * 1000:.1f} ms (304)"
    else:
        conditional = "no ETag, answered in full"
    return f"cold {cold * 1000:.0f} ms, warm {warm * 1000:.1f} ms, poll unchanged {conditional}"


def one_move(table: int) -> None:
    """A pass entered on the live board of ``table`` (as the service writes it: one conditional UPDATE)."""
    from django.db.models import F

    from tournament.models import LiveRecord

    live = LiveRecord.objects.get(game__round__number=1, game__table=table)
    moves = live.moves.split()
    moves.append("pass" if moves[-1] != "pass" else "A1")
    LiveRecord.objects.filter(pk=live.pk, version=live.version).update(
        moves=" ".join(moves), entries=live.entries + [["bench", 0]], version=F("version") + 1
    )


def main(players: int) -> int:
    tmp = Path(tempfile.mkdtemp(prefix="vielseitig-bench-"))
    os.environ.update(
        {
            "DATABASE_URL": f"sqlite:///{tmp / 'bench.sqlite3'}",
            "DJANGO_SETTINGS_MODULE": "tournament.settings",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "bench-" + "x" * 50,
            "DJANGO_ALLOWED_HOSTS": "testserver",
            "DJANGO_CACHE_DIR": str(tmp / "cache"),
            "DJANGO_STATIC_ROOT": str(tmp / "static"),
        }
    )
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    from django.test import Client
    from django.urls import reverse

    made, (tournament, organizer, longest) = timed(lambda: populate(players))
    print(f"{players} players, {BOARDS} live boards of up to {longest} moves: made in {made:.1f} s")

    # ---- the welcome slips ----
    client = Client()
    client.force_login(organizer)
    url = reverse("manage_welcome_slips", args=[tournament.slug]) + "?lang=de"
    took, response = timed(lambda: client.get(url, secure=True))
    assert response.status_code == 200, response.status_code
    pages = response.content.count(b"/Type /Page\n") or response.content.count(b"/Type /Page")
    print(
        f"welcome slips, {players} players: {took:.2f} s, {len(response.content) / 1e6:.1f} MB, "
        f"~{pages} pages (target {SLIPS_LIMIT:.0f} s)"
    )

    # ---- the projectors ----
    visitor = Client()
    print(f"pairings projector ({players // 2} tables, {PER_PAGE} a page, the top of the standings): ", end="")
    print(projector_figures(visitor, reverse("projector", args=[tournament.slug]) + "?page=1"))
    projector = reverse("projector_live", args=[tournament.slug]) + f"?tables={BOARDS}"
    poll_headers = {"HX-Request": "true"}

    def get(etag=None, **headers):
        if etag:
            headers["If-None-Match"] = etag
        response = visitor.get(projector, secure=True, headers=headers)
        assert response.status_code in (200, 304), response.status_code
        return response

    print(f"live projector, {BOARDS} boards: {projector_figures(visitor, projector)}")
    etag = get(**poll_headers).headers.get("ETag")
    changed = []
    for n in range(REPEAT):
        one_move(1 + n % BOARDS)
        t, response = timed(lambda shown=etag: get(shown, **poll_headers))
        assert response.status_code == 200
        etag = response.headers.get("ETag")
        changed.append(t)
    print(f"live projector poll, one board one move further: {statistics.median(changed) * 1000:.1f} ms (median)")
    load = os.getloadavg()[0]
    print(f"load average {load:.1f} on {os.cpu_count()} CPUs (wall times grow with the load); files in {tmp}")
    return 1 if took > SLIPS_LIMIT else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else PLAYERS))
