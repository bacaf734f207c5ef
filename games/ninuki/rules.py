"""Rule sets for Ninuki-Renju: one frozen dataclass of options and its presets.

>>> RuleSet.preset("japanese").size
15
>>> RuleSet.preset("hannover", double_three="both").double_three
'both'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

__all__ = [
    "RuleSet",
    "PRESETS",
    "NEVER",
    "ALWAYS",
    "LAST_RESORT",
    "MODES",
    "DOUBLE_THREE",
    "OPTION_CHOICES",
    "MIN_SIZE",
    "MAX_SIZE",
]

MIN_SIZE = 13
MAX_SIZE = 21

#: Exception modes for a double-three.
NEVER = "never"
ALWAYS = "always"
LAST_RESORT = "last-resort"  # pbmserv: only if no other legal defence exists
MODES = (NEVER, ALWAYS, LAST_RESORT)
#: Who may not make a double-three.
DOUBLE_THREE = ("none", "black", "white", "both")
#: The options of :class:`RuleSet` that take one of a few words, and those words.
OPTION_CHOICES: dict[str, tuple[str, ...]] = {
    "double_three": DOUBLE_THREE,
    "dt_capture_pending": MODES,
    "dt_stop_five": MODES,
}


@dataclass(frozen=True)
class RuleSet:
    """The options of one Ninuki variant.  Adjust a preset with :meth:`replace`.

    ``double_three`` names the colours that may not make a double-three
    (``"none"``, ``"black"``, ``"white"``, ``"both"``).  The three ``dt_*``
    options are the exceptions (``"never"``, ``"always"`` or
    ``"last-resort"``; ``dt_five`` is a bool).  ``second_move_max`` and
    ``third_move_min`` are Chebyshev distances from the centre (``None``:
    no restriction).
    """

    name: str = "hannover"
    size: int = 19
    exact_five: bool = True
    perfect_five: bool = True
    capture_win: int = 5
    double_three: str = "black"
    dt_capture_pending: str = ALWAYS
    dt_stop_five: str = NEVER
    dt_five: bool = False
    second_move_max: int | None = None
    third_move_min: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.size, int) or not (MIN_SIZE <= self.size <= MAX_SIZE) or self.size % 2 == 0:
            raise ValueError(f"board size must be odd, {MIN_SIZE}-{MAX_SIZE}: {self.size!r}")
        if self.double_three not in DOUBLE_THREE:
            raise ValueError(f"double_three must be one of {DOUBLE_THREE}: {self.double_three!r}")
        for opt in ("dt_capture_pending", "dt_stop_five"):
            if getattr(self, opt) not in MODES:
                raise ValueError(f"{opt} must be one of {MODES}")
        if self.capture_win < 1:
            raise ValueError("capture_win must be at least 1")

    @classmethod
    def preset(cls, name: str, **changes: Any) -> RuleSet:
        """The preset ``name`` (``hannover``, ``japanese``, ``pbmserv``, ``pente``), adjusted."""
        try:
            base = PRESETS[name]
        except KeyError:
            raise ValueError(f"unknown rule set {name!r}; choose from {', '.join(PRESETS)}") from None
        return base.replace(**changes) if changes else base

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some options changed (validated: the values may come from
        a form or JSON, hence ``Any``; :meth:`__post_init__` checks them)."""
        return dataclasses.replace(self, **changes)

    def max_moves(self, size: int | None = None) -> int:
        """The most moves a legal record can hold on this board (``size``,
        default the rule set's): ``2 * (N*N + 4 * (capture_win - 1)) + 1``,
        755 on 19x19.  A longer record is refused before it is replayed.

        Why no legal game is longer:

        - Stones.  Every stone goes on an empty point, so when the k-th stone
          is placed at most ``N*N - 1`` stones stand on the board: ``k - 1``
          placed minus those captured so far.  While the game goes on each
          side has captured at most ``capture_win - 1`` pairs (one more ends
          it), so at most ``4 * (capture_win - 1)`` stones have been taken
          off, and ``k <= N*N + 4 * (capture_win - 1)``.
        - Passes.  The first move is a stone, and two passes in a row end the
          game, so every pass but the very last follows a stone: at most one
          pass more than there are stones.

        So a legal record has at most ``S + (S + 1)`` moves with ``S`` the
        bound on stones; a move after the end is ``after-end``, never legal.
        """
        n = self.size if size is None else size
        return 2 * (n * n + 4 * (self.capture_win - 1)) + 1

    def restricts(self, colour: int) -> bool:
        """True if ``colour`` (1 black, 2 white) may not make a double-three."""
        dt = self.double_three
        return dt == "both" or (dt == "black" and colour == 1) or (dt == "white" and colour == 2)


PRESETS: dict[str, RuleSet] = {
    "hannover": RuleSet(),
    "japanese": RuleSet(name="japanese", size=15, double_three="both", dt_stop_five=ALWAYS),
    "pbmserv": RuleSet(
        name="pbmserv",
        double_three="both",
        dt_capture_pending=LAST_RESORT,
        dt_stop_five=LAST_RESORT,
        dt_five=True,
        second_move_max=1,
        third_move_min=3,
    ),
    "pente": RuleSet(
        name="pente",
        exact_five=False,
        perfect_five=False,
        double_three="none",
        dt_capture_pending=NEVER,
        third_move_min=3,
    ),
}
