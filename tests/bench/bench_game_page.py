"""Benchmark: the game page and a board step for a 10-move and a maximum-length record (not collected by pytest).

    .venv/bin/python tests/bench/bench_game_page.py

Builds, in a fresh SQLite database in a temp dir with the production
settings (``DJANGO_DEBUG=0``), a tournament with a settled game per record:
Go 19x19 with 10 moves and with 3,610 (the longest record Go accepts on
19x19, ``games.variant("go").max_moves(19)``: random legal stones, fixed
seed, as ``bench_record_limits.py`` makes them), and 1000-Volt-Go 9x9 with
10 and 810 moves. Then it asks, as an anonymous visitor, for

- the public game page once with nothing kept (the record is replayed once
  and kept: what a report pays), then again and again (the median of 15);
- the board step (the htmx fragment) at 15 moves spread over the record
  (the median);

and prints the figures, with what a replay from scratch of each record
costs (what every page and step paid before replays were kept). The long
record's page and step must stay within ``FACTOR`` of the short one's: the
script exits 1 otherwise.
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

FACTOR = 3.0
REPEAT = 15


def records():
    """(label, kind, size, record) for each game."""
    from bench_record_limits import go_record

    from games import go, volt

    rng = random.Random(5)
    longest_go = " ".join(go_record(go.Game, 19, rng))
    longest_volt = " ".join(go_record(volt.VoltGame, 9, rng))
    ten_go = "D4 Q16 Q4 D16 K10 C3 R17 C17 R3 K4"
    ten_volt = "E5 C3 G7 C7 G3 E3 E7 C5 G5 D4"
    return [
        ("Go 19x19", "go", 19, ten_go),
        ("Go 19x19", "go", 19, longest_go),
        ("1000-Volt-Go 9x9", "volt", 9, ten_volt),
        ("1000-Volt-Go 9x9", "volt", 9, longest_volt),
    ]


def populate(games_):
    from tournament.models import Discipline, Game, Registration, Round, Tournament

    t = Tournament.objects.create(
        name="Benchmark", slug="bench", start_date=dt.date(2026, 5, 1), end_date=dt.date(2026, 5, 1)
    )
    out = []
    for number, (label, kind, size, record) in enumerate(games_, 1):
        d, _ = Discipline.objects.get_or_create(
            tournament=t, name=label, kind=kind, board_size=size, komi=7 if kind == "go" else 5, record_required=True
        )
        rd = Round.objects.create(tournament=t, number=number, discipline=d, status=Round.Status.FINISHED)
        black, white = (
            Registration.objects.create(
                tournament=t, surname=f"{s}{number}", given_name="X", rank=-5, status=Registration.Status.CONFIRMED
            )
            for s in "BW"
        )
        out.append(
            Game.objects.create(
                round=rd, table=1, black=black, white=white, record=record, result="B", result_state="confirmed"
            )
        )
    return out


def timed(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> int:
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

    import games
    from tournament.engines import replay_record

    made = records()
    warm_up, *games_ = populate(made[:1] + made)
    client = Client()
    client.get(reverse("public_game", args=["bench", warm_up.round.number, warm_up.pk]), secure=True)
    print(f"{'game':<18}{'moves':>6}  {'first page':>10}  {'page':>8}  {'step':>8}  {'replay from scratch':>20}")
    figures = {}
    for game in games_:
        discipline = game.round.discipline
        page = reverse("public_game", args=["bench", game.round.number, game.pk])
        board = reverse("public_game_board", args=["bench", game.round.number, game.pk])

        def get(url):
            response = client.get(url, secure=True)
            assert response.status_code == 200, (url, response.status_code)

        first = timed(lambda page=page: get(page))  # replays once and keeps it
        moves = games.variant(discipline.kind).replay(game.record, size=discipline.board_size).moves
        pages = [timed(lambda page=page: get(page)) for _ in range(REPEAT)]
        spread = [round(i * moves / (REPEAT - 1)) for i in range(REPEAT)]
        steps = [timed(lambda n=n, board=board: get(f"{board}?move={n}")) for n in spread]

        def scratch(discipline=discipline, game=game, moves=moves):
            replay = replay_record(discipline=discipline, record=game.record, komi=game.komi)
            replay.svg(moves // 2)

        old = min(timed(scratch) for _ in range(3))
        page_t, step_t = statistics.median(pages), statistics.median(steps)
        figures.setdefault(discipline.name, []).append((moves, page_t, step_t))
        print(
            f"{discipline.name:<18}{moves:>6}  {first * 1000:>8.1f}ms  {page_t * 1000:>6.1f}ms  "
            f"{step_t * 1000:>6.1f}ms  {old * 1000:>18.1f}ms"
        )
    failed = False
    for name, ((_, page_s, step_s), (moves, page_l, step_l)) in figures.items():
        page_f, step_f = page_l / page_s, step_l / step_s
        print(f"{name}: {moves} moves against 10: page x{page_f:.2f}, step x{step_f:.2f} (at most x{FACTOR})")
        failed |= page_f > FACTOR or step_f > FACTOR
    load = os.getloadavg()[0]
    print(f"load average {load:.1f} on {os.cpu_count()} CPUs (wall times grow with the load); files in {tmp}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
