"""Type stub of the compiled blossom matcher (``_blossom.c``); :mod:`.matching` documents it."""

from collections.abc import Sequence

def solve(
    n: int,
    us: Sequence[int],
    vs: Sequence[int],
    ws: Sequence[int],
    max_cardinality: bool = False,
    dual: Sequence[int] | None = None,
    mate: Sequence[int] | None = None,
    /,
) -> tuple[list[int], list[int], list[int]]: ...
