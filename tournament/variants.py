"""What each kind of discipline can be played with, as its rules engine in ``games/`` says.

:func:`variant_facts` gives, per discipline kind, what the engines' registry
``games.variant(kind)`` says (the rule sets, the first being the default;
board sizes, default board size and komi; whether a validator replays the
records) and the rule options a Ninuki preset can be adjusted with. The
site's forms, the model's validation and the pages ask here.

:func:`check_rule_options` checks a discipline's rule adjustments against
its engine (a misspelt option or a wrong value is an error here, not a
crash when a player reports a game).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import cache

#: Smallest board a tournament plays on (the engines know smaller ones).
MIN_BOARD = 5
#: Largest value of a numeric rule option (a sanity bound).
MAX_OPTION = 1000


@dataclass(frozen=True)
class VariantFacts:
    kind: str
    rule_sets: tuple[str, ...] = ()
    board_sizes: tuple[int, ...] = ()
    default_size: int | None = None
    default_komi: float | None = None
    validated: bool = False
    #: Adjustable rule options: name -> (type, allowed values or None, the default preset's value).
    options: dict = field(default_factory=dict)


def _ninuki_options() -> dict:
    """Ninuki's adjustable rule options: name -> (type, allowed values or None, the default preset's value)."""
    from games.ninuki import rules

    preset = rules.PRESETS["hannover"]
    choices = {
        "double_three": rules._DOUBLE_THREE,
        "dt_capture_pending": rules._MODES,
        "dt_stop_five": rules._MODES,
    }
    options = {}
    for f in dataclasses.fields(rules.RuleSet):
        if f.name in ("name", "size"):
            continue
        kind = str(f.type).replace(" ", "")
        options[f.name] = (kind, choices.get(f.name), getattr(preset, f.name))
    return options


@cache
def variant_facts(kind: str) -> VariantFacts:
    """What the engine of ``kind`` (a :class:`DisciplineKind` value) supports, read from ``games.variant(kind)``.

    Boards smaller than :data:`MIN_BOARD` are left out (no tournament plays
    on them). Kinds without an engine (Rund-Go, other games) are played on
    any board from 5 to 25, with any komi, and have no rule sets or options.
    """
    import games

    variant = games.variants().get(kind)
    if variant is None or not variant.validated:
        return VariantFacts(
            kind=kind,
            board_sizes=tuple(range(MIN_BOARD, 26)),
            default_size=19,
            default_komi=6.5 if kind == "rundgo" else None,
        )
    return VariantFacts(
        kind=kind,
        rule_sets=tuple(variant.rule_sets),
        board_sizes=tuple(n for n in variant.board_sizes if n >= MIN_BOARD),
        default_size=variant.default_size,
        default_komi=None if variant.default_komi is None else float(variant.default_komi),
        validated=True,
        options=_ninuki_options() if kind == "ninuki" else {},
    )


class RuleOptionError(ValueError):
    """A rule adjustment the engine does not know or does not accept; ``code`` says which problem."""

    def __init__(self, code: str, **params):
        super().__init__(code, params)
        self.code = code
        self.params = params


def _type_ok(kind: str, value) -> bool:
    if kind == "bool":
        return isinstance(value, bool)
    if kind in ("int", "int|None"):
        if value is None:
            return kind == "int|None"
        return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_OPTION
    if kind == "str":
        return isinstance(value, str)
    return False


def check_rule_options(kind: str, rule_set: str, options, board_size: int | None = None) -> None:
    """Raise :class:`RuleOptionError` if ``options`` are not adjustments the engine of ``kind`` accepts.

    Codes: ``not-a-dict``, ``none`` (the game has no options), ``unknown``
    (``name``, ``known``), ``type`` (``name``, ``expected``), ``choice``
    (``name``, ``choices``), ``refused`` (``message``: the engine's words).
    """
    if not isinstance(options, dict):
        raise RuleOptionError("not-a-dict")
    if not options:
        return
    facts = variant_facts(kind)
    if not facts.options:
        raise RuleOptionError("none")
    for name, value in options.items():
        if name not in facts.options:
            raise RuleOptionError("unknown", name=name, known=", ".join(facts.options))
        type_name, choices, _default = facts.options[name]
        if not _type_ok(type_name, value):
            raise RuleOptionError("type", name=name, expected=type_name)
        if choices is not None and value not in choices:
            raise RuleOptionError("choice", name=name, choices=", ".join(choices))
    if kind == "ninuki":
        from games.ninuki.rules import RuleSet

        try:
            rules = RuleSet.preset(rule_set or facts.rule_sets[0], **options)
            if board_size is not None and board_size in facts.board_sizes:
                rules.replace(size=board_size)
        except (TypeError, ValueError) as exc:
            raise RuleOptionError("refused", message=str(exc)) from None


def preset_options(kind: str, rule_set: str) -> dict:
    """The options of the preset ``rule_set`` of ``kind`` (empty for a game without options)."""
    facts = variant_facts(kind)
    if kind != "ninuki" or not facts.options:
        return {}
    from games.ninuki.rules import PRESETS

    preset = PRESETS.get(rule_set or facts.rule_sets[0])
    if preset is None:
        return {}
    return {name: getattr(preset, name) for name in facts.options}
