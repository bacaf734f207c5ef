"""Type stub of the compiled blossom matcher (``_blossom.c``); :mod:`.matching` documents it."""

from collections.abc import Sequence
from typing import Any

from numpy.typing import NDArray

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
def reduced_costs(
    d: NDArray[Any],
    W: NDArray[Any],
    allowed: NDArray[Any],
    graph: NDArray[Any],
    order: NDArray[Any],
    parent: NDArray[Any],
    lo: NDArray[Any],
    hi: NDArray[Any],
    z: NDArray[Any],
    k: int,
    /,
) -> tuple[bytes, bytes, bytes, bytes, int, int]: ...
