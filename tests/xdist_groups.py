"""``--dist loadgroup`` as pytest-xdist means it: a pytest plugin loaded by ``tests/conftest.py``.

pytest-xdist keeps the tests of one ``xdist_group`` on one worker by adding ``@<group>`` to their node ids in
each worker (``item._nodeid``); pytest 9 keeps a node's id in ``item._id`` instead, so xdist's renaming changes
nothing and the groups were spread over both workers like any test: a module that builds its data once
(``tests/services/test_backup_round_trip.py``, ``tests/browser/test_published_site.py``,
``tests/reliability/test_cluster.py``) built it once on each worker. This gives the ids their ``@<group>``
where xdist's own renaming did not take, after it (``trylast``), so the scheduler sends a group to one worker
(pytest-xdist issue 1386, open with its fix, pull request 1388, which updates the structured id the same way;
once a release has it, xdist renames the ids itself and this does nothing).
"""

from __future__ import annotations

import pytest


def _groups(item: pytest.Item) -> list[str]:
    return sorted(
        {str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in item.iter_markers("xdist_group")}
    )


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not getattr(config.option, "loadgroup", False):  # set in xdist's workers under --dist loadgroup
        return
    for item in items:
        groups = _groups(item)
        if groups and "@" not in item.nodeid.rsplit("]", 1)[-1]:  # not renamed by xdist itself (pytest 9)
            from _pytest.nodeid import coerce_node_id  # pytest 9's node ids (xdist renames them under pytest 8)

            item._id = coerce_node_id(f"{item.nodeid}@{'_'.join(groups)}")
