"""The tests whose answers numpy computes: a pytest plugin loaded by ``tests/conftest.py``.

Each is marked ``numpy`` at collection: a test module that imports numpy, a module of the pairing that
computes with it (``numpy_modules``: those importing numpy and those importing them) or a service that
pairs, itself or through a helper module of tests/. ``make test-dispatch`` runs the marked tests of
tests/pairing again with numpy's processor dispatch off (``tests/numpy_dispatch.py``); the others (ranks,
scores, the OpenGotha file's reading) never reach numpy. ``tests/pairing/test_dispatch_selection.py``
shows the selection.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
MARK = "numpy"

#: The modules outside tournament/pairing that run the pairing engine: the services that pair a round
#: and the command line's pairing of an OpenGotha file.
PAIRING_RUNNERS = frozenset(
    {
        "tournament.pair_opengotha",
        "tournament.services.rounds",
        "tournament.services.team_rounds",
        "tournament.services.round_robin",
        "tournament.services.round_edits",
    }
)


def _module_name(path: Path) -> str:
    parts = list(path.resolve().relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _path(name: str) -> Path | None:
    base = REPO.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


@cache
def imports(path: Path) -> frozenset[str]:
    """The modules a file imports (``from a import b`` names ``a`` and ``a.b``), its relative imports made absolute."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return frozenset(found)


def _imports_numpy(names: frozenset[str]) -> bool:
    return any(name == "numpy" or name.startswith("numpy.") for name in names)


@cache
def numpy_modules() -> frozenset[str]:
    """The pairing's modules whose answers numpy computes: those that import it, and those that import one of them."""
    graph = {_module_name(path): imports(path) for path in (REPO / "tournament" / "pairing").glob("*.py")}
    found = {name for name, names in graph.items() if _imports_numpy(names)}
    while grown := {name for name, names in graph.items() if name not in found and names & found}:
        found |= grown
    return frozenset(found | PAIRING_RUNNERS)


def uses_numpy(path: Path, _seen: frozenset[Path] = frozenset()) -> bool:
    """Whether a test module's answers depend on numpy: it imports numpy or one of ``numpy_modules()``,
    itself or through a helper module of tests/ (not another test module)."""
    names = imports(path)
    if _imports_numpy(names) or names & numpy_modules():
        return True
    helpers = (
        _path(name) for name in names if name.startswith("tests.") and not name.rpartition(".")[2].startswith("test_")
    )
    return any(uses_numpy(h, _seen | {path}) for h in helpers if h is not None and h not in _seen and h != path)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", f"{MARK}: its answers depend on numpy's kernels (set at collection, tests/numpy_dispatch.py)"
    )


@pytest.hookimpl(tryfirst=True)  # before -m selects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.suffix == ".py" and item.path.is_relative_to(REPO) and uses_numpy(Path(item.path)):
            item.add_marker(MARK)
