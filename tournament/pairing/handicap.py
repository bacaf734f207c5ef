"""Handicap and komi for a game, by the round's discipline and its handicap policy.

:func:`rule_for` reads the round's :class:`~.model.Discipline` once: the
game (``games.variant(kind)``, one static lookup; a name the registry does
not know is played as Go) and the policy:

- ``none``: every game even, komi as set for the round (none in a game
  without komi, Ninuki-Renju); colours by balance.
- ``mcmahon``: the handicap from the difference of the players' McMahon
  scores; ``rank-table``: from the difference of their Go ranks.  The
  difference becomes a handicap by the game's table (Keima-Go,
  1000-Volt-Go: ``Variant.handicap``, the Hannover tables of ``RULES.md``)
  or, for a game without one (Go, Rund-Go), by OpenGotha's rule: each
  pseudo-rank capped at the no-handicap threshold, the difference reduced by
  the correction and capped by the ceiling.  For Go ``mcmahon`` keeps the
  handicap parameters as they are (OpenGotha's ``hdBasedOnMMS``, true by
  default), ``rank-table`` sets them to ranks.
- ``None`` (no policy given): the game's usual one (the first of
  ``Variant.handicap_policies``): ``mcmahon`` for Go, ``rank-table`` for a
  game with a table.

A game never played with handicap (``Variant.has_handicap`` false:
Ninuki-Renju) is even whatever the policy.

:class:`Setting` is what a game gets: stones (or keimas), komi for White and
whether the komi is reversed (paid by White to Black).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

import games

from .model import Discipline, HandicapParams

MIN_RANK = -30


@dataclass(frozen=True)
class Setting:
    stones: int  # handicap stones (Go) or handicap keimas (Keima-Go)
    komi: float  # points for White; negative with reverse komi
    reverse: bool = False

    @property
    def even(self) -> bool:
        return self.stones == 0 and not self.reverse


def go_handicap(pseudo_rank1: int, pseudo_rank2: int, hp: HandicapParams) -> int:
    """Signed Go handicap: > 0 when player 1 is stronger (takes White)."""
    r1 = min(pseudo_rank1, hp.no_handicap_threshold)
    r2 = min(pseudo_rank2, hp.no_handicap_threshold)
    hd = r1 - r2
    if hd > 0:
        hd = max(hd - hp.correction, 0)
    elif hd < 0:
        hd = min(hd + hp.correction, 0)
    return max(-hp.ceiling, min(hp.ceiling, hd))


def go_pseudo_rank(rank: int, mms2: int, hp: HandicapParams) -> int:
    """The rank OpenGotha's handicap uses: MMS + 30k when based on MMS."""
    if hp.based_on_mms:
        q = abs(mms2) // 2
        return (q if mms2 >= 0 else -q) + MIN_RANK
    return rank


#: A game's handicap table (``Variant.handicap``): Go rank difference -> (stones, komi); ``None`` for a
#: game without a table.
HandicapTable = Callable[[int], tuple[int, float] | None]


def table_even_row(table: HandicapTable) -> int:
    """Largest rank difference that is still an even game in ``table``."""
    even = table(0)
    d = 0
    while table(d + 1) == even:
        d += 1
    return d


@dataclass(frozen=True)
class HandicapRule:
    """How the games of one round get handicap and komi (:func:`rule_for`).

    ``style``: ``"none"`` (every game even), ``"opengotha"`` (OpenGotha's Go rule) or
    ``"table"``.  ``hp`` are the handicap parameters, with ``based_on_mms``
    saying which difference counts (McMahon scores or ranks), ``komi`` the
    komi of an even game.
    """

    style: Literal["none", "opengotha", "table"]
    hp: HandicapParams
    komi: float
    table: HandicapTable | None = None

    def level(self, rank: int, mms2: int) -> int:
        """The player's strength for the handicap: rank or McMahon pseudo-rank."""
        return go_pseudo_rank(rank, mms2, self.hp)

    @property
    def even_limit(self) -> int | None:
        """The largest difference of levels that is still an even game
        (``None``: every game is even).  For Go the levels are also capped
        at the no-handicap threshold first."""
        if self.style == "none" or (self.style == "opengotha" and self.hp.ceiling <= 0):
            return None
        if self.style == "opengotha":
            return self.hp.correction
        return table_even_row(self.table) if self.table is not None else None

    def advantage(self, rank1: int, rank2: int, mms2_1: int, mms2_2: int) -> int:
        """> 0 when player 1 must take White (gives an advantage), < 0 for player 2, 0 if free.

        For Go this is the signed handicap itself.
        """
        l1, l2 = self.level(rank1, mms2_1), self.level(rank2, mms2_2)
        if self.style == "opengotha":
            return go_handicap(l1, l2, self.hp)
        limit = self.even_limit
        if limit is None or abs(l1 - l2) <= limit:
            return 0
        return 1 if l1 > l2 else -1

    def setting(self, white_rank: int, black_rank: int, white_mms2: int, black_mms2: int) -> Setting:
        """The game's setting once colours are known (White the stronger)."""
        if self.style == "none":
            return Setting(0, self.komi)
        lw, lb = self.level(white_rank, white_mms2), self.level(black_rank, black_mms2)
        if self.style == "table":
            return _table_setting(self.table, abs(lw - lb))
        stones = max(go_handicap(lw, lb, self.hp), 0)
        return Setting(stones, self.komi if stones == 0 else 0.5)


def rule_for(discipline: Discipline, hp: HandicapParams, komi: float) -> HandicapRule:
    """The handicap rule of a round playing ``discipline`` (module docstring);
    ``hp`` the tournament's handicap parameters, ``komi`` the round's."""
    variant = games.variants().get(discipline.kind)
    if variant is not None and not variant.has_handicap:
        return HandicapRule("none", hp, komi if variant.has_komi else 0.0)
    table = variant.handicap if variant is not None and variant.handicap(0) is not None else None
    policy = discipline.handicap or (variant.handicap_policies[0] if variant is not None else "mcmahon")
    if policy == "none":
        return HandicapRule("none", hp, komi)
    if policy == "rank-table":
        hp = replace(hp, based_on_mms=False)
    if table is not None:
        return HandicapRule("table", hp, komi, table)
    return HandicapRule("opengotha", hp, komi)


def table_setting(discipline: Discipline, rank_difference: int) -> Setting:
    """Keima-Go or 1000-Volt-Go setting for a Go rank difference (either sign), by the game's table."""
    return _table_setting(games.variant(discipline.kind).handicap, abs(rank_difference))


def _table_setting(table: HandicapTable | None, difference: int) -> Setting:
    entry = table(difference) if table is not None else None
    if entry is None:
        raise ValueError(f"the game has no handicap table for a rank difference of {difference}")
    stones, komi = entry
    return Setting(stones, float(komi), komi < 0)
