"""``make bench``: run every benchmark script in this folder and print its figures."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    scripts = sorted(p for p in HERE.glob("bench_*.py"))
    failed = 0
    for script in scripts:
        print(f"=== {script.name}", flush=True)
        start = time.perf_counter()
        code = subprocess.call([sys.executable, str(script)], cwd=HERE.parent.parent)
        print(f"--- {script.name}: exit {code}, {time.perf_counter() - start:.1f} s\n", flush=True)
        failed += code != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
