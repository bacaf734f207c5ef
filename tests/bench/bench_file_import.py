"""Whole tournaments from files, on a fresh SQLite file: how long the import takes, how long it holds the
write lock, and how long another user's write waits meanwhile.

    python tests/bench/bench_file_import.py [PLAYERS] [ROUNDS]

For a MacMahon file and an OpenGotha file of PLAYERS players and ROUNDS rounds
(default: 2,000 and 10, a congress; OpenGotha also at its own most, 20 rounds),
prints the time to read the file (no lock), the whole import, and the longest
and the typical wait of a writer in another thread (a small UPDATE in its own
transaction, again and again while the import runs). Then a crafted file with
``<NumberOfRounds>1000000</NumberOfRounds>``: how long until it is refused.
"""

from __future__ import annotations

import datetime as dt
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _writer(stop: threading.Event, pk: int, waits: list[float]) -> None:
    from django.db import connection, transaction

    from tournament.models import Tournament

    n = 0
    while not stop.is_set():
        start = time.perf_counter()
        with transaction.atomic():
            Tournament.objects.filter(pk=pk).update(place=f"Hannover {n}")
        waits.append(time.perf_counter() - start)
        n += 1
        time.sleep(0.01)
    connection.close()


def _measure(label: str, read, run) -> None:
    from tournament.models import Tournament

    other = Tournament.objects.create(
        name="Elsewhere",
        slug=f"elsewhere-{time.monotonic_ns()}",
        start_date=dt.date(2026, 1, 1),
        end_date=dt.date(2026, 1, 1),
    )
    start = time.perf_counter()
    read()
    reading = time.perf_counter() - start
    stop, waits = threading.Event(), []
    thread = threading.Thread(target=_writer, args=(stop, other.pk, waits))
    thread.start()
    time.sleep(0.1)
    start = time.perf_counter()
    run()
    whole = time.perf_counter() - start
    stop.set()
    thread.join()
    print(
        f"{label}: read {reading:.2f} s; whole import {whole:.2f} s; another user's write waited at most "
        f"{max(waits):.2f} s (median {statistics.median(waits) * 1000:.0f} ms, {len(waits)} writes)"
    )


def main(players: int, rounds: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, check=True)
        sys.path.insert(0, str(ROOT))
        import django

        django.setup()
        from tests.fixtures.tournament_files import macmahon_file, opengotha_file
        from tournament.files.macmahon import MacMahonFormatError, read_macmahon
        from tournament.files.opengotha import read_tournament
        from tournament.permissions import SYSTEM
        from tournament.services.macmahon import import_macmahon
        from tournament.services.opengotha import import_opengotha

        data = macmahon_file(players, rounds)
        _measure(
            f"MacMahon, {players} players, {rounds} rounds ({len(data) // 1024} KB)",
            lambda: read_macmahon(data),
            lambda: import_macmahon(data, slug="mm", user=SYSTEM),
        )
        for n in sorted({rounds, 20}):
            data = opengotha_file(players, n)
            _measure(
                f"OpenGotha, {players} players, {n} rounds ({len(data) // 1024} KB)",
                lambda data=data: read_tournament(data),
                lambda data=data, n=n: import_opengotha(data, slug=f"og{n}", user=SYSTEM),
            )
        crafted = macmahon_file(4, 1, number_of_rounds="1000000")
        start = time.perf_counter()
        try:
            import_macmahon(crafted, slug="million", user=SYSTEM)
        except MacMahonFormatError as exc:
            print(
                f"MacMahon, <NumberOfRounds>1000000: refused in {(time.perf_counter() - start) * 1000:.1f} ms "
                f"({exc.messages[0]})"
            )


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 2000,
        int(sys.argv[2]) if len(sys.argv) > 2 else 10,
    )
