"""Handicap and komi for a game, by discipline.

- Go (and Rund-Go): OpenGotha's rule -- from McMahon scores (or ranks), each
  pseudo-rank capped at the no-handicap threshold, the difference reduced by
  the correction and capped by the ceiling.
- Ninuki-Renju: never a handicap.
- Keima-Go and 1000-Volt-Go: the Hannover tables, by Go rank difference
  (``../shared/RULES.md``).

:class:`Setting` is what a game gets: stones (or keimas), komi for White and
whether the komi is reversed (paid by White to Black).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.keima import handicap_for_rank_difference as keima_handicap
from games.volt import handicap_for_rank_difference as volt_handicap

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


def _table(discipline: Discipline):
    """The Hannover table of the discipline, kept with its rules engine in ``games/``."""
    return keima_handicap if discipline is Discipline.KEIMA else volt_handicap


def table_setting(discipline: Discipline, rank_difference: int) -> Setting:
    """Keima-Go or 1000-Volt-Go setting for a Go rank difference (either sign)."""
    stones, komi = _table(discipline)(abs(rank_difference))
    return Setting(stones, float(komi), komi < 0)


def table_even_row(discipline: Discipline) -> int:
    """Largest rank difference that is still an even game in the table."""
    table = _table(discipline)
    even = table(0)
    d = 0
    while table(d + 1) == even:
        d += 1
    return d


def signed_advantage(discipline: Discipline, rank1: int, rank2: int, mms2_1: int, mms2_2: int,
                     hp: HandicapParams) -> int:
    """> 0 when player 1 must take White (gives an advantage), < 0 for player 2, 0 if free.

    For Go this is the signed handicap itself.
    """
    if discipline is Discipline.NINUKI:
        return 0
    if discipline in (Discipline.KEIMA, Discipline.VOLT):
        d = rank1 - rank2
        if abs(d) <= table_even_row(discipline):
            return 0
        return 1 if d > 0 else -1
    return go_handicap(go_pseudo_rank(rank1, mms2_1, hp), go_pseudo_rank(rank2, mms2_2, hp), hp)


def setting_for(discipline: Discipline, white_rank: int, black_rank: int, go_stones: int,
                go_komi: float = 7.5) -> Setting:
    """The game's setting once colours are known (go_stones from :func:`go_handicap`)."""
    if discipline is Discipline.NINUKI:
        return Setting(0, 0.0)
    if discipline in (Discipline.KEIMA, Discipline.VOLT):
        return table_setting(discipline, white_rank - black_rank)
    return Setting(go_stones, go_komi if go_stones == 0 else 0.5)
