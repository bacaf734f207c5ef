"""What a tournament needs to know of a game besides its moves: the codes and the rule options' schema.

Every :class:`games.registry.Variant` says, in these codes, how its games can
be won (:data:`WIN_METHODS`, in the order a result form offers them), how
its rounds may get handicap (:data:`HANDICAP_POLICIES`, the first the usual
one), what becomes of dead stones at the end (:data:`DEAD_STONES`) and which rule options adjust its rule sets (:class:`RuleOption`, the
public schema a tournament's form shows and :func:`check_options` checks).
The codes are stable: the site words them (its ``WinMethod`` and
``HandicapPolicy`` choices, the messages of :class:`RuleOptionError`).

>>> opt = RuleOption("double_three", "str", ("none", "black", "white", "both"), "black")
>>> check_options({"double_three": opt}, {"double_three": "both"})
>>> try:
...     check_options({"double_three": opt}, {"double_three": "all"})
... except RuleOptionError as exc:
...     print(exc.code, exc.params)
choice {'name': 'double_three', 'choices': 'none, black, white, both'}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "WinMethod",
    "WIN_METHODS",
    "BOARD_ENDINGS",
    "EARLY_ENDINGS",
    "HandicapPolicy",
    "HANDICAP_POLICIES",
    "DeadStones",
    "DEAD_STONES",
    "OptionType",
    "OptionValue",
    "RuleOption",
    "RuleOptionError",
    "MAX_OPTION",
    "check_options",
]

#: How a game was won: on the board (a five, captures, the count) or otherwise.
WinMethod = Literal["five", "captures", "score", "resignation", "time", "default"]
#: Ways of winning on the board.
BOARD_ENDINGS: tuple[WinMethod, ...] = ("five", "captures", "score")
#: Ways of winning that the record need not show: the game stopped early (``ResultClaim.method``).
EARLY_ENDINGS: tuple[WinMethod, ...] = ("resignation", "time", "default")
#: Every way of winning.
WIN_METHODS: tuple[WinMethod, ...] = BOARD_ENDINGS + EARLY_ENDINGS

#: How a round's games get handicap: none (even games with the round's komi), by the difference of
#: the players' McMahon scores, or of their ranks (``tournament.pairing.handicap`` reads them).
HandicapPolicy = Literal["none", "mcmahon", "rank-table"]
HANDICAP_POLICIES: tuple[HandicapPolicy, ...] = ("none", "mcmahon", "rank-table")

#: What becomes of dead stones at the end of a Go-family game: ``marked`` (Go: after two passes the
#: players mark them and they are removed before the count), ``alive`` (Keima-Go: every stone on the
#: board at the end lives), ``captured`` (1000-Volt-Go: dead stones must be captured during play; the
#: count takes every stone on the board as alive).
DeadStones = Literal["marked", "alive", "captured"]
DEAD_STONES: tuple[DeadStones, ...] = ("marked", "alive", "captured")

#: The type of a rule option's value, as a form shows it.
OptionType = Literal["bool", "int", "int|None", "str"]
OptionValue = bool | int | str | None
#: Largest value of a numeric rule option (a sanity bound on what a form or a file may carry).
MAX_OPTION = 1000


@dataclass(frozen=True)
class RuleOption:
    """One adjustable rule option: its name, the type of its value, the values allowed (``None``:
    any of the type) and its value in the game's default rule set."""

    name: str
    type: OptionType
    choices: tuple[str, ...] | None
    default: OptionValue


class RuleOptionError(ValueError):
    """Adjustments a game does not accept; ``code`` says which problem, ``params`` fill its message.

    Codes: ``not-a-dict``, ``none`` (the game has no options), ``unknown``
    (``name``, ``known``), ``type`` (``name``, ``expected``), ``choice``
    (``name``, ``choices``), ``refused`` (``message``: the engine's words).
    """

    CODES = ("not-a-dict", "none", "unknown", "type", "choice", "refused")

    def __init__(self, code: str, **params: str):
        super().__init__(code, params)
        self.code = code
        self.params = params


def _type_ok(kind: OptionType, value: object) -> bool:
    if kind == "bool":
        return isinstance(value, bool)
    if kind in ("int", "int|None"):
        if value is None:
            return kind == "int|None"
        return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_OPTION
    return isinstance(value, str)


def check_options(schema: Mapping[str, RuleOption], options: object) -> None:
    """Raise :class:`RuleOptionError` unless ``options`` (a mapping name -> value, e.g. read from
    JSON) are names of ``schema`` with values of their type and among their choices."""
    if not isinstance(options, Mapping):
        raise RuleOptionError("not-a-dict")
    if not options:
        return
    if not schema:
        raise RuleOptionError("none")
    for name, value in options.items():
        option = schema.get(name)
        if option is None:
            raise RuleOptionError("unknown", name=str(name), known=", ".join(schema))
        if not _type_ok(option.type, value):
            raise RuleOptionError("type", name=name, expected=option.type)
        if option.choices is not None and value not in option.choices:
            raise RuleOptionError("choice", name=name, choices=", ".join(option.choices))
