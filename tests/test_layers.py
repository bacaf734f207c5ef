"""The import graph of ``games`` and ``tournament``: no circle, and every import runs down the layers.

The graph is read from the source (every ``import`` and ``from ... import``,
those inside functions and under ``TYPE_CHECKING`` too), so it holds what a
reader of the code sees, not only what Python happens to load. The layers,
top to bottom (``docs/architecture.md`` says the same):

========================  ==========================================================================
layer                     modules
========================  ==========================================================================
site                      views, the JSON API, template tags, management commands, the admin, URLs,
                          settings and the other glue Django loads by name; ``pair_opengotha``
forms | services          forms (parse what a page sends) beside services (writes; ``backup``,
                          ``backup_folder``, the published copy ``publishing``): the two do not
                          import each other
permissions               who may do what (reads the role rows)
selectors                 reads; the door to the rules engines (``engines``); the audit log in words
models                    the data model
files and words           other programs' files (``files/``), PDFs, a game kind's site side
                          (``variants``), the tournament's time zone (``local_time``), the
                          pairing's, the standings' and the published copy's words, throttles, ``kept``,
                          the site's address, the laptop's network
pairing, standings        the pure engines of the tournament
base                      the rules engines (``games/``), ranks, limits, result codes,
                          names and their order
========================  ==========================================================================

A module imports from its own group, or from a layer below; never from a layer
above, never from another group of its own layer. There are no exceptions.
"""

from __future__ import annotations

import ast
import fnmatch
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "tournament")

#: Top to bottom: each layer's groups, each group's module patterns (a pattern names a module and
#: everything in it, ``*`` as in shell patterns; one ending in ``$`` the module alone).
LAYERS: list[dict[str, list[str]]] = [
    {
        "site": [
            "tournament.views",
            "tournament.api",
            "tournament.templatetags",
            "tournament.management",
            "tournament.admin",
            "tournament.urls*",
            "tournament.apps",
            "tournament.settings",
            "tournament.wsgi",
            "tournament.middleware",
            "tournament.htmx_messages",
            "tournament.auth_backend",
            "tournament.pair_opengotha",
        ]
    },
    {
        "forms": ["tournament.forms"],
        "services": ["tournament.services", "tournament.backup", "tournament.backup_folder", "tournament.publishing"],
    },
    {"permissions": ["tournament.permissions"]},
    {"selectors": ["tournament.selectors", "tournament.engines", "tournament.audit_words"]},
    {"models": ["tournament.models"]},
    {
        "files and words": [
            "tournament.files",
            "tournament.pdf",
            "tournament.variants",
            "tournament.local_time",
            "tournament.pairing_words",
            "tournament.standings_words",
            "tournament.knockout_words",
            "tournament.throttle",
            "tournament.kept",
            "tournament.client_address",
            "tournament.locale_formats",
            "tournament.site_address",
            "tournament.network",
            "tournament.publishing.words",
            "tournament.publishing.context",
        ]
    },
    {"pairing, standings": ["tournament.pairing", "tournament.standings"]},
    {
        "base": [
            "games",
            "tournament.ranks",
            "tournament.limits",
            "tournament.result_codes",
            "tournament.sides",
            "tournament.names",
            "tournament.collation",
            "tournament.collector",
            "tournament$",
        ]
    },
]


def modules() -> dict[str, Path]:
    """Every module of the packages by its dotted name (migrations left out: Django writes them)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if "migrations" in parts:
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def import_graph(found: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the modules of the packages it imports (a name imported from a package counts as the
    module it names, if it is one, else as the package)."""

    def known(name: str) -> str | None:
        while name and name not in found:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = defaultdict(set)
    for module, path in found.items():
        here = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = here
                    for _ in range(node.level - 1):
                        anchor = anchor.rpartition(".")[0]
                    base = f"{anchor}.{base}" if base else anchor
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in found else base for alias in node.names]
            for target in targets:
                name = known(target)
                if name and name != module:
                    graph[module].add(name)
        graph.setdefault(module, set())
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def place(module: str) -> tuple[int, str] | None:
    """(layer, group) of a module: the group with the longest pattern that names it."""
    best: tuple[int, int, str] | None = None
    for layer, groups in enumerate(LAYERS):
        for group, patterns in groups.items():
            for pattern in patterns:
                if pattern.endswith("$"):
                    names = module == pattern[:-1]
                else:
                    names = fnmatch.fnmatchcase(module, pattern) or fnmatch.fnmatchcase(module, pattern + ".*")
                if names:
                    if best is None or len(pattern) > best[0]:
                        best = (len(pattern), layer, group)
    return None if best is None else (best[1], best[2])


def upward(graph: dict[str, set[str]]) -> list[str]:
    """Every import that does not run down the layers (or stay in its group), in words."""
    found = []
    for module, targets in sorted(graph.items()):
        here = place(module)
        assert here is not None
        for target in sorted(targets):
            there = place(target)
            assert there is not None
            if there[0] < here[0]:
                found.append(f"{module} ({here[1]}) imports {target} ({there[1]}), a layer above")
            elif there[0] == here[0] and there[1] != here[1]:
                found.append(f"{module} ({here[1]}) imports {target} ({there[1]}), beside it")
    return found


GRAPH = import_graph(modules())


def test_the_graph_is_read_whole():
    """The scan sees the imports it should: a relative one, one inside a function, one of a package's name."""
    assert "tournament.pairing.fast" in GRAPH["tournament.pairing.engine"]  # inside solve()
    assert "tournament.pairing.context" in GRAPH["tournament.pairing.fast"]  # from .context import ...
    assert "tournament.limits" in GRAPH["tournament.files.opengotha"]  # from tournament import limits
    assert len(GRAPH) > 200


def test_every_module_has_its_layer():
    assert [m for m in sorted(GRAPH) if place(m) is None] == []
    assert place("tournament.something_new") is None  # a new module must be given its layer here


def test_no_import_circle():
    assert cycles(GRAPH) == []


def test_every_import_runs_down_the_layers():
    assert upward(GRAPH) == []


def test_the_checks_find_what_they_look_for():
    """A circle and an upward import made up here are found."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    made_up = {
        "tournament.models.game": {"tournament.services.results"},
        "tournament.forms.rounds": {"tournament.services.rounds"},
        "tournament.services.rounds": {"tournament.models"},
        "tournament.services.results": set(),
        "tournament.models": set(),
    }
    assert upward(made_up) == [
        "tournament.forms.rounds (forms) imports tournament.services.rounds (services), beside it",
        "tournament.models.game (models) imports tournament.services.results (services), a layer above",
    ]
