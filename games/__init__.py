"""Rules engines for Go and its variants: pure Python, no Django, no I/O.

``coords`` (Go coordinates), ``sgf`` (a small SGF reader/writer) and ``svg``
(board diagrams) are shared; each game has its own subpackage (``ninuki``,
``go``, ...).  :func:`variants` and :func:`variant` (``registry.py``) put
them behind one interface; ``README.md`` describes it.

Where each concept lives (the map of them all is ``docs/architecture.md``):

- a game kind (rule sets and rule options, board sizes, komi, ways of winning, handicap policies and table,
  rules-page diagrams, whether the EGD rates it, replay, claim check, SGF, SVG): its `Variant` in
  `games/registry.py` (`games.variants()`, `games.variant(kind)`; the codes and the rule options' schema:
  `games/schema.py`), and nowhere else; the site's side is `tournament/variants.py` (`variant_for(kind)`,
  `Discipline.variant`, the board sizes a tournament plays, the words for the variant's codes); the stored list
  of kinds is `DisciplineKind` in `tournament/models/discipline.py`. Adding a game: `games/README.md`;
  `tests/reliability/test_game_kinds.py` walks every kind through the forms, pages, PDFs and downloads, and
  finds a game's name written anywhere else
- the rules of each game: `games/ninuki/`, `games/go/`, `games/keima/`, `games/volt/`; readings decided:
  `games/ninuki/RULES-DECISIONS.md`, `games/go/RULES-DECISIONS.md` (the Go family), the contract
  `../shared/RULES.md`
- an illegal move, a claim check's answer: `games/common.py` (`IllegalMove`, `ClaimCheck` with stable codes)
- the longest record a game accepts: `games/limits.py`, per game (`max_moves`)
- a board diagram: `games/svg.py` (the only SVG renderer)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported when called: ``import games`` stays cheap
    from collections.abc import Mapping

    from games.registry import Variant


def variants() -> Mapping[str, Variant]:
    """Every game by name: ``go``, ``ninuki``, ``keima``, ``volt``, ``rundgo``
    (a read-only mapping of :class:`games.registry.Variant`)."""
    from games.registry import variants as _variants

    return _variants()


def variant(kind: str) -> Variant:
    """The :class:`games.registry.Variant` called ``kind`` (``KeyError`` if unknown)."""
    from games.registry import variant as _variant

    return _variant(kind)
