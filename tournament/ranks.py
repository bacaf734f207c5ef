"""Go ranks as integers, OpenGotha's convention.

``30k`` is -30, ``1k`` is -1, ``1d`` is 0, ``9d`` is 8.  Professional ranks
continue above the amateur ones: ``1p`` is 9 ... ``9p`` is 17 (OpenGotha
itself stops at 9d; a pro is treated as stronger than any amateur).

The parser is strict: a number and one of the letters k, d, p, in any case,
with nothing else around it but surrounding whitespace.
"""

from __future__ import annotations

import re

MIN_RANK = -30  # 30k
MAX_RANK = 17  # 9p
_RANK_RE = re.compile(r"^\s*([1-9][0-9]?)([kdpKDP])\s*$")


def parse_rank(text: str) -> int:
    """Return the integer rank of ``"5k"``, ``"1D"``, ``"3p"``...

    Raises ValueError with a message naming the text for anything else.
    """
    if not isinstance(text, str):
        raise ValueError(f"rank must be text such as '5k' or '2d', not {text!r}")
    m = _RANK_RE.match(text)
    if not m:
        raise ValueError(f"invalid rank {text!r}: expected 30k..1k, 1d..9d or 1p..9p")
    n, kind = int(m.group(1)), m.group(2).lower()
    if kind == "k":
        if not 1 <= n <= 30:
            raise ValueError(f"invalid rank {text!r}: kyu ranks go from 30k to 1k")
        return -n
    if not 1 <= n <= 9:
        raise ValueError(f"invalid rank {text!r}: {'dan' if kind == 'd' else 'pro'} ranks go from 1 to 9")
    return n - 1 if kind == "d" else n + 8


def format_rank(value: int) -> str:
    """Inverse of :func:`parse_rank`: -5 -> ``"5k"``, 0 -> ``"1d"``, 9 -> ``"1p"``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"rank must be an int, not {value!r}")
    if not MIN_RANK <= value <= MAX_RANK:
        raise ValueError(f"rank {value} out of range {MIN_RANK}..{MAX_RANK}")
    if value < 0:
        return f"{-value}k"
    if value <= 8:
        return f"{value + 1}d"
    return f"{value - 8}p"


def rank_from_rating(rating: int) -> int:
    """The rank of a rating on the EGD's scale, as OpenGotha and MacMahon compute it (``Player.rankFromRating``):
    2100 is 1d, 2000 is 1k, 100 points a grade (2050 rounds up to 1d); from 30k to 9d."""
    rank = (rating + 50) // 100 - 21
    return max(MIN_RANK, min(8, rank))


def rating_from_rank(rank: int) -> int:
    """The rating OpenGotha gives a player known by rank only (``Player.ratingFromRank``): 2100 for 1d,
    100 points a grade (1k is 2000, 30k is -900)."""
    return (rank + 30) * 100 - 900
