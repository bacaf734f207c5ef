"""The types every game package of the Go family exports besides its own game.

``games.keima`` and ``games.volt`` re-export them (``from games.go.family
import *``) beside their game class, their bound ``replay`` and
``check_claim`` and their handicap table, so that each package is a whole
API; ``games.go`` exports them among its own names.
"""

from __future__ import annotations

from games.go.game import IllegalMove, Outcome
from games.go.verdict import Claim, ClaimCheck, Verdict

__all__ = ["IllegalMove", "Outcome", "Verdict", "Claim", "ClaimCheck"]
