"""Where the reference material beside the project lives (``../shared/``), and how a test says it needs it.

The tests read ``../shared`` in place (never a copy). A user's clone without it
skips those tests and the summary counts them; ``make test`` in CI
(``.ci/run`` sets ``VIELSEITIG_NO_SKIPS=1``) turns every skip into a failure,
so a run that silently lost the OpenGotha or rules checks cannot pass.
"""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
#: Every skip for missing reference material starts with this, so the summary can count them.
MISSING = "../shared is not beside the project"


def shared(*parts: str) -> Path:
    """A path inside ``../shared``."""
    return SHARED.joinpath(*parts)


def needs_shared(*parts: str) -> pytest.MarkDecorator:
    """Skip (counted; a failure in CI) unless ``../shared/<parts>`` exists."""
    path = shared(*parts)
    return pytest.mark.skipif(not path.exists(), reason=f"{MISSING}: {path} not found")


def skip_without_shared(path: Path) -> None:
    """Inside a test or fixture: skip (counted; a failure in CI) unless ``path`` exists."""
    if not path.exists():
        pytest.skip(f"{MISSING}: {path} not found")
