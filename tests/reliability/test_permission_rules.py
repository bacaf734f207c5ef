"""Who may do what is decided in one place (issue #24): facts about the code, and the rules against the services.

- ``is_superuser`` is read only in :mod:`tournament.permissions` and the
  admin and log-in glue; nowhere does a template, view or service decide by
  it on its own.
- :mod:`tournament.permissions` and the selectors do not import each other:
  the selectors return rows (:mod:`tournament.selectors.roles`), the
  permissions say what they count for.
- Templates ask no role and no round state of their own: they get values
  from the views or ask through a filter.
- A player's buttons (report, confirm, dispute) show exactly when the result
  services take the action: both ask the same predicate, in every state of
  the round and the result, for every user.
"""

from __future__ import annotations

import ast
from functools import partial
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import transaction

from tests.fixtures.day import FIVE_FOR_BLACK
from tournament import permissions
from tournament.models import Game, Round
from tournament.models.game import Result, ResultState, WinMethod
from tournament.services.results import ResultError, result_confirm, result_dispute, result_report

ROOT = Path(settings.BASE_DIR)
PACKAGE = ROOT / "tournament"

#: Where reading ``is_superuser`` is the job: the rules themselves, Django's admin and the log-in backend.
SUPERUSER_READERS = {"tournament/permissions.py", "tournament/admin.py", "tournament/auth_backend.py"}
#: Naming the flag without reading it: a backup's user rows, from which restore drops it (never restored).
SUPERUSER_NAMED = {"tournament/backup.py"}


def _sources():
    for path in sorted(PACKAGE.rglob("*.py")):
        if "migrations" not in path.parts:
            yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(), filename=str(path))


def _templates():
    return [*(ROOT / "templates").rglob("*.html"), *PACKAGE.rglob("templates/**/*.html")]


def _superuser_reads(tree: ast.AST) -> list[int]:
    """Lines reading the flag: ``x.is_superuser`` (not assigned), ``getattr(x, "is_superuser")``, the name as text."""
    stores = {
        id(part)
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        for target in node.targets
        for part in ast.walk(target)
    }
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "is_superuser" and id(node) not in stores:
            lines.append(node.lineno)
        elif isinstance(node, ast.Constant) and node.value == "is_superuser":
            lines.append(node.lineno)
    return lines


def test_is_superuser_is_read_only_in_permissions_and_the_admin_and_auth_glue():
    found = {}
    for name, tree in _sources():
        lines = _superuser_reads(tree)
        if lines and name not in SUPERUSER_READERS | SUPERUSER_NAMED:
            found[name] = lines
    templates = [path.relative_to(ROOT).as_posix() for path in _templates() if "is_superuser" in path.read_text()]
    assert not found and not templates, f"is_superuser read outside tournament/permissions.py: {found} {templates}"
    # the scan sees what it looks for
    assert _superuser_reads(ast.parse("if user.is_superuser: pass")) == [1]
    assert _superuser_reads(ast.parse("getattr(user, 'is_superuser', False)")) == [1]
    assert _superuser_reads(ast.parse("user.is_staff = user.is_superuser = True")) == []
    assert dict(_sources())["tournament/permissions.py"] and _superuser_reads(
        dict(_sources())["tournament/permissions.py"]
    )


def _module_name(path: str) -> str:
    parts = path[: -len(".py")].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph() -> dict[str, set[str]]:
    """Which of the project's modules each one imports, wherever in the file (a function's imports too);
    importing ``a.b.c`` counts as importing the packages ``a.b`` and ``a`` as well."""
    modules = {_module_name(name): tree for name, tree in _sources()}
    packages = {_module_name(name) for name, _t in _sources() if name.endswith("__init__.py")}

    def resolve(module: str, node: ast.ImportFrom | None, importer: str) -> list[str]:
        if node is not None and node.level:
            base = importer.split(".")
            base = base if importer in packages else base[:-1]
            base = base[: len(base) - node.level + 1]
            module = ".".join(base + ([node.module] if node.module else []))
        names = [module]
        if node is not None:
            names += [f"{module}.{alias.name}" for alias in node.names]
        found = []
        for name in names:
            parts = name.split(".")
            found += [".".join(parts[:i]) for i in range(1, len(parts) + 1) if ".".join(parts[:i]) in modules]
        return found

    graph: dict[str, set[str]] = {}
    for name, tree in modules.items():
        edges = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    edges.update(resolve(alias.name, None, name))
            elif isinstance(node, ast.ImportFrom):
                edges.update(resolve(node.module or "", node, name))
        graph[name] = edges - {name}
    return graph


def _reaches(graph, start: str, goal: str) -> list[str] | None:
    """A chain of imports from ``start`` to ``goal``, or None."""
    seen, stack = {start}, [[start]]
    while stack:
        chain = stack.pop()
        for nxt in sorted(graph.get(chain[-1], ())):
            if nxt == goal:
                return chain + [nxt]
            if nxt not in seen:
                seen.add(nxt)
                stack.append(chain + [nxt])
    return None


def test_no_import_circle_through_the_permissions():
    graph = _import_graph()
    assert "tournament.selectors.roles" in graph["tournament.permissions"], "the permissions read the role rows"
    circles = {
        imported: chain
        for imported in graph["tournament.permissions"]
        if (chain := _reaches(graph, imported, "tournament.permissions"))
    }
    assert not circles, f"modules the permissions import import them back: {circles}"
    selectors = [m for m in graph if m.startswith("tournament.selectors")]
    asking = [m for m in selectors if "tournament.permissions" in graph[m]]
    assert not asking, f"selectors that ask the permissions (they return rows and decide nothing): {asking}"


def test_templates_ask_no_role_or_round_state_of_their_own():
    """Who sees a link or a button is a value the view passes or a filter of the permissions."""
    words = (" in roles", " in my_roles", "is_public", "is_superuser", "is_staff")
    found = {}
    for path in sorted(_templates()):
        text = path.read_text()
        hits = [w for w in words if w in text]
        if hits:
            found[path.relative_to(ROOT).as_posix()] = hits
    assert not found, found


# -- the players' buttons and the result services ask the same rule ---------------------------------------

#: (result state, who reported it)
RESULTS = [
    (ResultState.PENDING, None),
    (ResultState.REPORTED, "alice"),
    (ResultState.REPORTED, "bob"),
    (ResultState.CONFIRMED, "alice"),
    (ResultState.DISPUTED, "alice"),
    (ResultState.ADJUDICATED, None),
]
USERS = ["alice", "bob", "carol", "referee", "organizer", "admin", "anonymous"]


class _Undo(Exception):
    """Taken: undo it, so that the next call sees the same state."""


def _taken(call) -> bool:
    try:
        with transaction.atomic():
            call()
            raise _Undo
    except _Undo:
        return True
    except (PermissionDenied, ResultError):
        return False


@pytest.mark.parametrize("status", [s for s, _label in Round.Status.choices])
def test_the_buttons_show_exactly_when_the_services_take_the_action(day, status):
    Round.objects.filter(pk=day.round1.pk).update(status=status)
    wrong = []
    for state, reporter in RESULTS:
        Game.objects.filter(pk=day.game.pk).update(
            result_state=state,
            result=Result.UNKNOWN if state == ResultState.PENDING else Result.BLACK,
            method=WinMethod.NONE if state == ResultState.PENDING else WinMethod.FIVE,
            record="" if state == ResultState.PENDING else FIVE_FOR_BLACK,
            reported_by=day.user(reporter) if reporter else None,
        )
        game = Game.objects.select_related("round__tournament", "round__discipline", "black", "white").get(
            pk=day.game.pk
        )
        for name in USERS:
            user = AnonymousUser() if name == "anonymous" else day.user(name)
            common = {"game": game, "user": user, "version": game.version}
            actions = {
                "report": (
                    permissions.may_report(user, game),
                    partial(result_report, **common, result="B", method="five", record=FIVE_FOR_BLACK),
                ),
                "confirm": (permissions.may_confirm(user, game), partial(result_confirm, **common)),
                "dispute": (permissions.may_dispute(user, game), partial(result_dispute, **common, reason="wrong")),
            }
            for action, (shown, call) in actions.items():
                if shown != _taken(call):
                    wrong.append(f"{status} round, {state} by {reporter}: {name} {action}: button {shown}")
    assert not wrong, "\n".join(wrong)
