"""A 2,000-line player list imported in one request: the time of the whole service, on a fresh SQLite file.

    python tests/bench/bench_csv_import.py [LINES]

Prints the time of `players_import_csv` (parse, check every line, one
INSERT for the registrations, one for their audit entries).
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main(lines: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, check=True)
        sys.path.insert(0, str(ROOT))
        import django

        django.setup()
        from tournament.models import Tournament
        from tournament.permissions import SYSTEM
        from tournament.services.players import players_import_csv

        text = "\n".join(
            f"Spieler{i},Max,Club{i % 50},DE,{1 + i % 20}k,{10000000 + i},max{i}@example.org" for i in range(lines)
        )
        best = None
        for attempt in range(3):
            t = Tournament.objects.create(
                name="CSV", slug=f"csv{attempt}", start_date=dt.date(2026, 1, 1), end_date=dt.date(2026, 1, 1)
            )
            start = time.perf_counter()
            done = players_import_csv(tournament=t, data=text, user=SYSTEM)
            took = time.perf_counter() - start
            assert len(done) == lines
            best = took if best is None else min(best, took)
        print(f"CSV import of {lines} players: best of 3 {best:.2f} s ({lines / best:,.0f} lines/s)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
