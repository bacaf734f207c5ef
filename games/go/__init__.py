"""Go on a board graph: the core that Keima-Go and 1000-Volt-Go build on.

>>> v = replay("D4 E4 pass pass", size=9)
>>> v.legal, v.moves, v.score, v.result
(True, 4, {'black': 1, 'white': 1}, 'W+7.5')

Counted by ``chinese`` (area) or ``japanese`` (territory) rules after the
dead stones are removed:

>>> v = replay("C3 B3 pass pass", size=5, rules="japanese", dead=["B3"])
>>> v.score, v.dead, v.prisoners, v.result
({'black': 25, 'white': 0}, {'black': 0, 'white': 1}, {'black': 0, 'white': 0}, 'B+18.5')

Modules: :mod:`~games.go.graph` (boards as graphs), :mod:`~games.go.position`
(stones, groups, captures), :mod:`~games.go.scoring` (area, territory and
Keima counting), :mod:`~games.go.marks` (the dead stones and neutral points
agreed at the end), :mod:`~games.go.game` (the rules of play),
:mod:`~games.go.marking` (a finished game marked step by step),
:mod:`~games.go.record` (SGF and plain notation), :mod:`~games.go.verdict`
(replay, claims), :mod:`~games.go.cli` (the command line shared by the
three games).

Where each concept lives (the map of them all is ``docs/architecture.md``):

- the end of a Go game: dead chains and neutral points marked, counted by `chinese` (area) or `japanese`
  (territory): `games/go/marks.py` (`Marks` kept as JSON), `games/go/marking.py` (`Marking.toggle`,
  `Marking.count`), `games/go/scoring.py`; `TB`/`TW` in `games/go/record.py`; decisions in
  `games/go/RULES-DECISIONS.md`; the live board's `games.live.LiveGame.marking` and `.resumed`; on the site: the
  marking phase of the live board `tournament/services/marking.py` (kept in `LiveRecord`: `marks`,
  `marks_version`, each side's agreement and marks), a result's marks `Game.marks` (the report's field, the
  referee's decision: `services/results.py`; the kept replay's key, the SGF's `TB`/`TW`), the pictures and the
  count in words `tournament/views/marking.py` (live board, the referee's board on the game's page, the rules
  pages)
"""

from __future__ import annotations

from games.go.game import Game, IllegalMove, Move, Outcome, Termination
from games.go.graph import Graph, from_edges, square
from games.go.marking import Change, Marking
from games.go.marks import MarkError, Marks
from games.go.position import BLACK, EMPTY, WHITE, Position
from games.go.record import Record, RecordError, TooLong, parse_record, write_sgf
from games.go.verdict import Claim, ClaimCheck, Verdict, bind, parse_claim

__all__ = [
    "BLACK",
    "WHITE",
    "EMPTY",
    "Game",
    "GoGame",
    "IllegalMove",
    "Move",
    "Outcome",
    "Termination",
    "Graph",
    "square",
    "from_edges",
    "Position",
    "Marks",
    "Marking",
    "MarkError",
    "Change",
    "Record",
    "RecordError",
    "TooLong",
    "parse_record",
    "write_sgf",
    "Verdict",
    "replay",
    "check_claim",
    "Claim",
    "ClaimCheck",
    "parse_claim",
]

#: Plain Go (an alias that reads well beside ``KeimaGame`` and ``VoltGame``).
GoGame = Game

replay, check_claim = bind(Game)
