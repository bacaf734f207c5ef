"""Rank categories, OpenGotha's: the one home of "a player's category".

A tournament may split its players by rank into up to nine categories by up to
eight lower limits (ranks as :mod:`tournament.ranks` counts them), strictly
descending: ``(0, -5)`` (``1d, 5k``) makes A: 1d and stronger, B: 5k to 1k,
C: 6k and weaker. Category 0 (A) is the strongest, as OpenGotha's
``Player.category``: a player belongs to the first category whose lower limit
their rank reaches. No limits: one category, which nothing shows.

OpenGotha keeps the same limits (``GeneralParameterSet.lowerCategoryLimits``,
written as ``<Category number="1" lowerLimit="1D"/>``); its CAT criterion
ranks category by category, and its pairing keeps categories apart
(``paiMaAvoidMixingCategories``). Pure: no Django; the words of a category
for the pages are :func:`tournament.standings_words.category_name`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from tournament.ranks import MAX_RANK, MIN_RANK, format_rank, parse_rank

#: At most eight lower limits: nine categories, as OpenGotha.
MAX_LIMITS = 8
#: The lowest a limit may be (30k) and the highest (9d: OpenGotha stops there; a category of
#: professionals alone is not a thing a tournament makes).
LOWEST_LIMIT, HIGHEST_LIMIT = MIN_RANK, 8
#: Each category's letter, A the strongest.
LETTERS = "ABCDEFGHI"
#: The longest text of limits the parser reads (eight ranks with separators fit easily).
MAX_TEXT = 200

assert MAX_RANK >= HIGHEST_LIMIT


class LimitsError(ValueError):
    """Limits that make no categories: ``code`` names the problem, ``text`` the rank or part concerned."""

    def __init__(self, code: str, text: str = "") -> None:
        super().__init__(f"{code}: {text}" if text else code)
        self.code = code
        self.text = text


@dataclass(frozen=True)
class Category:
    """One category: its number (0 the strongest), letter and the ranks it holds
    (``strongest`` None: no upper bound; ``weakest`` None: no lower bound)."""

    number: int
    strongest: int | None
    weakest: int | None

    @property
    def letter(self) -> str:
        return LETTERS[self.number]

    @property
    def span(self) -> str:
        """The ranks in the same signs in every language: ``≥1d``, ``5k–1k``, ``≤6k``, or ``all``."""
        if self.strongest is None and self.weakest is None:
            return "all"
        if self.strongest is None:
            return f"≥{_rank(self.weakest)}"
        if self.weakest is None:
            return f"≤{_rank(self.strongest)}"
        if self.strongest == self.weakest:
            return _rank(self.weakest)
        return f"{_rank(self.weakest)}–{_rank(self.strongest)}"

    @property
    def label(self) -> str:
        """``A: ≥1d``: the letter and the ranks, for files and narrow columns."""
        return f"{self.letter}: {self.span}"


def _rank(value: int | None) -> str:
    return format_rank(value) if value is not None else ""


def check(limits: Sequence[object]) -> tuple[int, ...]:
    """The limits as a tuple of ints, or :class:`LimitsError`: at most eight ranks from 30k to 9d,
    strictly descending (each category holds at least one rank)."""
    if isinstance(limits, (str, bytes)) or not isinstance(limits, Sequence):
        raise LimitsError("not_a_list")
    if len(limits) > MAX_LIMITS:
        raise LimitsError("too_many", str(len(limits)))
    out: list[int] = []
    for value in limits:
        if not isinstance(value, int) or isinstance(value, bool):
            raise LimitsError("not_a_rank", str(value)[:20])
        if not LOWEST_LIMIT <= value <= HIGHEST_LIMIT:
            raise LimitsError("out_of_range", str(value)[:20])
        if out and value >= out[-1]:
            raise LimitsError("not_descending", format_rank(value))
        out.append(value)
    return tuple(out)


_SEPARATORS = re.compile(r"[,;/\s]+")


def parse(text: str) -> tuple[int, ...]:
    """``"1d, 5k"`` -> ``(0, -5)``: the lower limits written as ranks, separated by commas, semicolons,
    slashes or spaces, in any order (they are sorted, strongest first); :class:`LimitsError` else."""
    if not isinstance(text, str):
        raise LimitsError("not_a_list")
    if len(text) > MAX_TEXT:
        raise LimitsError("too_long")
    parts = [p for p in _SEPARATORS.split(text.strip()) if p]
    ranks = []
    for part in parts:
        try:
            ranks.append(parse_rank(part))
        except ValueError:
            raise LimitsError("not_a_rank", part[:20]) from None
    if len(set(ranks)) != len(ranks):
        twice = next(r for r in ranks if ranks.count(r) > 1)
        raise LimitsError("twice", format_rank(twice))
    return check(sorted(ranks, reverse=True))


def text(limits: Sequence[int]) -> str:
    """The limits as the settings page writes them: ``1d, 5k`` (empty: no categories)."""
    return ", ".join(format_rank(v) for v in limits)


def categories(limits: Sequence[int]) -> tuple[Category, ...]:
    """Every category of ``limits``, the strongest first (one category of all ranks without limits).

    A lowest limit of 30k is the rank it is: nobody is weaker, so the category below it would hold no
    rank and is not made (``1d, 30k``: A 1d and stronger, B 30k-1k). OpenGotha counts it all the same
    (``numberOfCategories`` is the limits and one); :func:`number` never gives it."""
    out = []
    upper: int | None = None
    for n, low in enumerate(limits):
        out.append(Category(n, upper, low))
        upper = low - 1
    if upper is None or upper >= MIN_RANK:
        out.append(Category(len(limits), upper, None))
    return tuple(out)


def number(rank: int, limits: Sequence[int]) -> int:
    """The category of a player of ``rank`` (0 the strongest): OpenGotha's ``Player.category``."""
    for n, low in enumerate(limits):
        if rank >= low:
            return n
    return len(limits)


def category(rank: int, limits: Sequence[int]) -> Category:
    """The category of a player of ``rank``, with its letter and ranks."""
    return categories(limits)[number(rank, limits)]


def with_category_first(criteria: Sequence[str], code: str = "cat") -> tuple[str, ...]:
    """Standings criteria ranking the categories apart: the category first (OpenGotha's CAT), then the
    others in their order (a CAT further down moves to the front)."""
    return (code, *(c for c in criteria if c != code))


def from_stored_parameters(params: object, criteria: object) -> dict[str, object] | None:
    """What a tournament kept before categories had fields of their own (an OpenGotha import put them
    in the stored parameter set, ``general``'s ``lower_category_limits`` and ``number_of_categories``),
    as the fields: ``{"pairing_parameters", "category_limits", "category_mode"}``, or None where there
    is nothing valid to move (then nothing moves). The mode: CAT first in the standings criteria or the
    file's placement ranks them apart too. (Migration 0023 does the same on the database; a backup made
    before it is read with this.)"""
    general = params.get("general") if isinstance(params, dict) else None
    if not isinstance(general, dict) or "lower_category_limits" not in general:
        return None
    limits = general["lower_category_limits"]
    try:
        valid = check(limits) if isinstance(limits, list) else None
    except LimitsError:
        valid = None
    if valid is None or general.get("number_of_categories", 1) != len(valid) + 1:
        return None
    assert isinstance(params, dict)
    rest = {k: v for k, v in general.items() if k not in ("lower_category_limits", "number_of_categories")}
    stored = {**params, "general": rest} if rest else {k: v for k, v in params.items() if k != "general"}
    placement = params.get("placement")
    ranked = (isinstance(criteria, list) and criteria[:1] == ["cat"]) or (
        isinstance(placement, list) and placement[:1] == ["CAT"]
    )
    return {
        "pairing_parameters": stored,
        "category_limits": list(valid),
        "category_mode": "both" if ranked else "paired",
    }
