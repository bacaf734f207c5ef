"""Words are translated when they are shown, not when a module is loaded.

A ``gettext()`` call outside a function runs once, when the module is
imported, in whatever language is active then (the site's default,
German): every English page would show that text in German. Text kept at
module or class level must be lazy (``gettext_lazy``, ``gettext_noop``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tournament

pytestmark = pytest.mark.usefixtures("english")

EAGER = {"gettext", "ngettext", "pgettext", "npgettext"}


def _eager_names(tree: ast.Module) -> set[str]:
    """The names under which this module imported an eager gettext (``_`` usually)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "django.utils.translation":
            names |= {a.asname or a.name for a in node.names if a.name in EAGER}
    return names


def _calls_at_load_time(tree: ast.Module, eager: set[str]):
    """Calls of ``eager`` names that run when the module (or a class body) is executed."""

    def visit(node, in_function: bool):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            in_function = True
        if not in_function and isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in eager:
            yield node
        for child in ast.iter_child_nodes(node):
            yield from visit(child, in_function)

    yield from visit(tree, False)


def test_no_text_is_translated_when_a_module_loads():
    root = Path(tournament.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        eager = _eager_names(tree)
        for call in _calls_at_load_time(tree, eager):
            found.append(f"{path.relative_to(root.parent)}:{call.lineno}")
    assert not found, "gettext() outside a function (use gettext_lazy): " + ", ".join(found)


def test_the_check_finds_a_module_level_translation():
    tree = ast.parse(
        "from django.utils.translation import gettext as _\nX = {'a': _('A')}\ndef f():\n    return _('B')\n"
    )
    assert [c.lineno for c in _calls_at_load_time(tree, _eager_names(tree))] == [2]
