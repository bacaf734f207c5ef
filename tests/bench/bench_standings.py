"""Benchmark: standings and crosstable of 1,000 players over 10 rounds (not collected by pytest).

    .venv/bin/python tests/bench/bench_standings.py [players] [rounds]

Builds the tournament in a fresh SQLite database in a temp dir (five
disciplines, two rounds each, every game with a result, a few absences and
byes), then times

- the pure standings (``overall_standings`` and a per-discipline one) on plain
  data, best of three -- budget 0.5 s;
- the selector (database to plain data) plus the pure standings;
- the whole ``python manage.py pdf crosstable`` (and ``standings``,
  ``export_h9``) command in a fresh process -- budget 3 s for the crosstable.

Exits 1 when a budget is exceeded.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

STANDINGS_BUDGET = 0.5
CROSSTABLE_BUDGET = 3.0


def populate(players: int, rounds: int) -> None:
    from tournament.models import Bye, Discipline, Game, Registration, Round, Tournament
    from tournament.models.discipline import DisciplineKind

    rnd = random.Random(1)
    t = Tournament.objects.create(
        name="Benchmark Vielseitigkeitsturnier",
        slug="bench",
        start_date=dt.date(2026, 5, 1),
        end_date=dt.date(2026, 5, 3),
        place="Hannover",
        mcmahon_bar=2,
        mcmahon_floor=-20,
        standings_criteria=["mms", "sosmms", "sososmms", "sodosmms", "cussmms", "dc"],
    )
    kinds = [
        ("Go", DisciplineKind.GO),
        ("Ninuki-Renju", DisciplineKind.NINUKI),
        ("Keima-Go", DisciplineKind.KEIMA),
        ("1000-Volt-Go", DisciplineKind.VOLT),
        ("Rund-Go", DisciplineKind.RUNDGO),
    ]
    disciplines = [
        Discipline.objects.create(
            tournament=t, name=n, kind=k, position=i, board_size=15 if k == DisciplineKind.NINUKI else 19
        )
        for i, (n, k) in enumerate(kinds)
    ]
    surnames = ["Müller", "Schröder", "Weiß", "Łukasiewicz", "Håkansson", "山田", "Dvořák"]
    people = Registration.objects.bulk_create(
        [
            Registration(
                tournament=t,
                surname=f"{surnames[i % len(surnames)]}{i:04d}",
                given_name=rnd.choice(["Anna", "Jürgen", "太郎", "Zoë"]),
                rank=max(-30, min(8, int(rnd.gauss(-6, 7)))),
                club=f"Club{i % 60}",
                country="DE",
                egd_pin=f"{10000000 + i}",
                status=Registration.Status.CONFIRMED,
                absent_rounds=[rnd.randint(1, rounds)] if rnd.random() < 0.03 else [],
            )
            for i in range(players)
        ]
    )
    absent = {r.pk: set(r.absent_rounds) for r in Registration.objects.filter(tournament=t)}
    games, byes = [], []
    for n in range(1, rounds + 1):
        rd = Round.objects.create(
            tournament=t, number=n, discipline=disciplines[(n - 1) // 2 % 5], status=Round.Status.PUBLISHED
        )
        ids = [p.pk for p in people if n not in absent[p.pk]]
        rnd.shuffle(ids)
        if len(ids) % 2:
            byes.append(Bye(round=rd, player_id=ids.pop()))
        for k in range(len(ids) // 2):
            games.append(
                Game(
                    round=rd,
                    table=k + 1,
                    black_id=ids[2 * k],
                    white_id=ids[2 * k + 1],
                    result=rnd.choice("BW" * 20 + "D"),
                    handicap=rnd.choice([0] * 5 + [2, 3]),
                )
            )
    Game.objects.bulk_create(games, batch_size=2000)
    Bye.objects.bulk_create(byes)


def best_of(fn, times=3):
    best = None
    for _ in range(times):
        start = time.perf_counter()
        result = fn()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, result


def main() -> int:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    tmp = Path(tempfile.mkdtemp(prefix="vielseitig-bench-"))
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp / 'bench.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "tournament.settings",
    }
    os.environ.update(env)
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    populate(players, rounds)
    print(
        f"tournament: {players} players, {rounds} rounds, 5 disciplines (built in {time.perf_counter() - start:.1f} s)"
    )

    from tournament.models import Tournament
    from tournament.selectors.standings import standings_for, tournament_data
    from tournament.standings import discipline_standings, overall_standings

    t = Tournament.objects.get(slug="bench")
    data = tournament_data(t)
    pure, st = best_of(lambda: overall_standings(data))
    per, _ = best_of(lambda: discipline_standings(data, "Go"))
    selector, _ = best_of(lambda: standings_for(t))
    print(f"standings, pure (6 criteria incl. DC, {len(st.rows)} rows): {pure:.3f} s (budget {STANDINGS_BUDGET} s)")
    print(f"standings, one discipline, pure: {per:.3f} s")
    print(f"standings, database -> rows (selector + pure): {selector:.3f} s")

    failed = pure > STANDINGS_BUDGET
    commands = [
        (
            "pdf crosstable",
            ["pdf", "crosstable", "--tournament", "bench", "-o", str(tmp / "crosstable.pdf")],
            CROSSTABLE_BUDGET,
        ),
        ("pdf standings", ["pdf", "standings", "--tournament", "bench", "-o", str(tmp / "standings.pdf")], None),
        ("export_h9", ["export_h9", "--tournament", "bench", "-o", str(tmp / "bench.h9")], None),
    ]
    for label, args, budget in commands:
        times, cpu = [], []
        for _ in range(3):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, str(REPO / "manage.py"), *args],
                env=env,
                check=True,
                cwd=REPO,
                stdout=subprocess.DEVNULL,
            )
            times.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        extra = f" (budget {budget} s)" if budget else ""
        print(
            f"python manage.py {label}, whole command: best {min(times):.2f} s, "
            f"worst {max(times):.2f} s wall; {min(cpu):.2f} s CPU{extra}"
        )
        if budget and min(times) > budget:
            failed = True
    from pypdf import PdfReader

    print(
        f"crosstable PDF: {len(PdfReader(tmp / 'crosstable.pdf').pages)} pages, "
        f"{(tmp / 'crosstable.pdf').stat().st_size // 1024} KiB; files in {tmp}"
    )
    load = os.getloadavg()[0]
    print(f"load average {load:.1f} on {os.cpu_count()} CPUs (wall times grow with the load)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
