"""numpy's processor dispatch: the targets it is built to dispatch to above its baseline.

    python tests/numpy_dispatch.py    # prints them, as NPY_DISABLE_CPU_FEATURES names them

``make test-dispatch`` disables every one of them for a run of the pairing tests whose
answers numpy computes (marked ``numpy``: ``tests/numpy_tests.py``), on x86 with numpy 2.4
X86_V3 (AVX2 and FMA), X86_V4 and the AVX-512 groups, so that the kernels of a processor without them are the ones tested. numpy only
warns about names it does not know, and the names change between its versions
(AVX512F, AVX512_SKX... before 2.4), so they are asked from numpy itself.
``tests/pairing/test_tie_rule.py`` checks that none of the disabled ones runs.
"""

from __future__ import annotations

import numpy as np


def _simd() -> dict[str, list[str]]:
    info: dict[str, list[str]] = np.show_config(mode="dicts")["SIMD Extensions"]
    return info


def dispatch_targets() -> list[str]:
    """Every target above the baseline this numpy is built for (this processor's or not)."""
    simd = _simd()
    return simd.get("found", []) + simd.get("not found", [])


def running_targets() -> list[str]:
    """The targets above the baseline that numpy uses on this processor now."""
    return _simd().get("found", [])


if __name__ == "__main__":
    print(" ".join(dispatch_targets()))
