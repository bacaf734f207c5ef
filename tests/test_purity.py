"""The pure layers import nothing from Django: the rules engines, the pairing and the standings take plain
data and can be used (and tested) without a database; so do the OpenGotha file's reader and ``pair_opengotha``,
which ``manage.py`` runs without starting Django. Each package is imported whole, every module, in a fresh
interpreter."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


#: The pure packages and modules (a package with every module in it).
PURE = [
    "games",
    "tournament.pairing",
    "tournament.standings",
    "tournament.limits",
    "tournament.ranks",
    "tournament.collation",
    "tournament.files.opengotha",
    "tournament.files.opengotha_teams",
    "tournament.files.opengotha_version",
    "tournament.files.safe_xml",
    "tournament.pair_opengotha",
    "tournament.files.h9",
    "tournament.files.egd_time",
    "tournament.files.standings_csv",
    "tournament.names",
    "tournament.result_codes",
    "tournament.sides",
]


@pytest.mark.parametrize("package", PURE)
def test_the_package_imports_nothing_from_django(package):
    code = (
        "import importlib, pkgutil, sys\n"
        f"pkg = importlib.import_module({package!r})\n"
        "for info in pkgutil.walk_packages(getattr(pkg, '__path__', []), pkg.__name__ + '.'):\n"
        "    if info.name.endswith('.__main__'):\n"
        "        continue\n"
        "    importlib.import_module(info.name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'django')\n"
        "assert not bad, bad[:10]\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
