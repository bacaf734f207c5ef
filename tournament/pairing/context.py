"""What a round's pairing works with, shared by the engine (:mod:`.engine`), the cost matrix
(:mod:`.cost_matrix`), the large-field matching (:mod:`.fast`) and the hand edits (:mod:`.edits`):
a pair of players, the engine's options, and a round's context (every player's scores and seat,
the cost's parameters, the handicap rule).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from . import costs as C
from .handicap import HandicapRule
from .model import Discipline, Tournament
from .scores import PlayerScores

#: A pair of players' keys, in either order.
Pair = frozenset[str]


@dataclass(frozen=True)
class Options:
    # players whose score groups and in-group places are computed: "all"
    # (every registered player, absent ones included: OpenGotha 3.51.02's
    # fillPairingInfo) or "round" (only those taking part in the round: the
    # fixtures' OpenGotha); None: as the dialect has it
    group_population: Literal["all", "round"] | None = None
    # fields up to this size are matched by rustworkx over every pair; larger
    # ones by column generation from each player's best candidates, proven
    # optimal over every pair by the blossom algorithm's duals (see .fast)
    dense_limit: int = 400
    candidates: int = 4
    # up to this size the costs are computed pair by pair in Python, above
    # it with numpy (the same integers, see tests)
    python_limit: int = 64
    # "fixtures" (default): OpenGotha as the shared fixtures' cost dumps show it;
    # "3.51.02": the published jar where it differs (costs.Context.dialect)
    dialect: C.Dialect = "fixtures"
    # across rank categories: "nearest" (the odd player of a category meets the nearest player of the next)
    # or "opengotha" (no score weight across categories, as both OpenGothas); None: "opengotha" in the
    # 3.51.02 dialect, "nearest" otherwise (costs.CrossCategory)
    cross_category: C.CrossCategory | None = None

    @property
    def crossing(self) -> C.CrossCategory:
        """The rule across categories these options give."""
        if self.cross_category is not None:
            return self.cross_category
        return "opengotha" if self.dialect == "3.51.02" else "nearest"


#: The OpenGotha a tournament pairs as (the director's choice, ``Tournament.opengotha_version``), each
#: with the engine's dialect: "3.51" the published 3.51.02 jar, "3.52" the later rules the shared
#: fixtures show (docs/opengotha-fidelity.md, "Two OpenGothas").
OPENGOTHA_DIALECTS: dict[str, C.Dialect] = {"3.51": "3.51.02", "3.52": "fixtures"}
#: What a tournament made on the site pairs as.
DEFAULT_OPENGOTHA_VERSION = "3.52"


def opengotha_options(version: str) -> Options:
    """The engine's options for a tournament paired as OpenGotha ``version`` ("3.51" or "3.52")."""
    return Options(dialect=OPENGOTHA_DIALECTS[version])


@dataclass
class RoundContext:
    tournament: Tournament
    round: int
    discipline: Discipline
    scores: dict[str, PlayerScores]
    seats: dict[str, C.Seat]
    ctx: C.Context
    handicap: HandicapRule
    list_order: dict[str, int] = field(default_factory=dict)

    def cost(self, a: str, b: str) -> C.PairCost:
        return C.pair_cost(self.ctx, self.seats[a], self.seats[b])
