"""Record how OpenGotha 3.51.02 reads the site's OpenGotha export of each team tournament the jar played, and
of a director's Swiss played on the site.

    python tests/pairing/opengotha/oracle/record_readback.py [NAME ...]   (NAME: a team scenario, or director-day)

For each scenario of :data:`~.record_teams.SCENARIOS` (recorded first by ``record_teams.py``): the jar's
own file of the tournament played (``<name>.played.xml``: reserves, line-ups that change, boards
emptied after the pairing) is imported into the site (a throw-away SQLite database), exported again
(``<name>.exported.xml``), and both files are read by the jar (``TeamOracle.java readback``): each
team's number, name, every ``(round, board, player)`` and its MNR, and the team standings after every
round with games by the file's team placement criteria, with each team's half-match strings
(``<name>.played.readback.json``, ``<name>.exported.readback.json``). Also re-records the jar's save of
the export of ``test_teams_file.team_file`` (``oracle_answers/teams.saved.xml``). Needs a JDK and the
jar in ``../shared/opengotha/bin``; the tests read only the recorded files.

``director-day`` (:mod:`~tests.pairing.opengotha.director_day`: check-in absences, a granted bye request, a
table set by hand, late players, a withdrawal, a corrected result, a knockout of eight): the tournament
built through the services is exported (``oracle_answers/director-day.exported.xml``) and read by the jar
(``Oracle.java readback``: players with participation round by round, games with tables, handicaps and
results, byes, the standings after every round by the file's criteria:
``oracle_answers/director-day.readback.json``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "oracle_answers" / "teams"
sys.path.insert(0, str(HERE.parents[3]))


def jar_readback(path: Path, *, teams: bool = True) -> dict:
    command = [str(HERE / "run.sh"), *(["teams"] if teams else []), "readback", str(path)]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out[out.find("{") :])


def record_director_day() -> None:
    from tests.pairing.opengotha.director_day import EXPORTED, READBACK, director_day
    from tournament.services.opengotha import export_opengotha

    EXPORTED.write_text(export_opengotha(director_day()), encoding="utf-8")
    READBACK.write_text(json.dumps(jar_readback(EXPORTED, teams=False), ensure_ascii=False) + "\n", "utf-8")
    print(EXPORTED.name, "read back")


def main(names: list[str]) -> None:
    tmp = tempfile.mkdtemp()
    os.environ["DJANGO_SETTINGS_MODULE"] = "tournament.settings"
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/db.sqlite3"
    import django

    django.setup()
    from django.core.management import call_command

    from tests.pairing.opengotha.oracle.record_teams import SCENARIOS
    from tests.pairing.opengotha.test_teams_file import ANSWER, team_file
    from tournament.permissions import SYSTEM
    from tournament.services.opengotha import export_opengotha, import_opengotha

    call_command("migrate", verbosity=0)
    if "director-day" in names or not names:
        record_director_day()
        if names:
            names = [n for n in names if n != "director-day"]
            if not names:
                return
    for name in names or list(SCENARIOS):
        played = OUT / f"{name}.played.xml"
        t = import_opengotha(played, slug=name, user=SYSTEM)
        exported = OUT / f"{name}.exported.xml"
        exported.write_text(export_opengotha(t), encoding="utf-8")
        for path, kind in ((played, "played"), (exported, "exported")):
            answer = jar_readback(path)
            (OUT / f"{name}.{kind}.readback.json").write_text(json.dumps(answer, ensure_ascii=False) + "\n", "utf-8")
        print(name, "read back")
    t = import_opengotha(team_file(), slug="team-file", user=SYSTEM)
    exported = Path(tmp) / "team-file.xml"
    exported.write_text(export_opengotha(t), encoding="utf-8")
    subprocess.run([str(HERE / "run.sh"), "save", str(exported), str(ANSWER)], check=True, capture_output=True)
    print(ANSWER.name, "saved by the jar")


if __name__ == "__main__":
    main(sys.argv[1:])
