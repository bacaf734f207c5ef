"""The thinking time of a tournament as the EGD sees it: adjusted time and class.

The EGD weighs a tournament by its class, which follows from the basic
time and the "adjusted time" (basic time plus what the overtime is worth),
computed as OpenGotha computes it (``Tournament.egfAdjustedTime`` and
``egfClass``):

============================  ===========================================
overtime                      adjusted time
============================  ===========================================
none (sudden death)           basic
byo-yomi, periods of *t* s    basic + 45 t
Canadian, *n* stones in *t* s basic + 60 t / n
Fischer, *t* s a move         basic + 120 t
============================  ===========================================

=====  ======================  ==========================
class  byo-yomi, Canadian,     Fischer
       sudden death
=====  ======================  ==========================
A      basic >= 60 min, adj.   basic >= 45 min, adj.
       >= 75 min               >= 75 min
B      >= 40 min, >= 50 min    >= 30 min, >= 50 min
C      >= 25 min, >= 30 min    >= 20 min, >= 30 min
X      shorter                 shorter
=====  ======================  ==========================

The tournament's time control is free text; :func:`parse_time_control`
reads the ways organizers write it, in German or English::

    60 min                         30 min sudden death
    60 min + 5x30 s                60 min + 3 x 30 sec byo-yomi
    60 min + 15 stones / 5 min     45 min + 25 Steine in 10 min (kanadisch)
    40 min + 20 s Fischer          1 h + 30 s increment

and returns None for anything else (the caller then says it could not).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

SUDDEN_DEATH, BYO_YOMI, CANADIAN, FISCHER = "sudden-death", "byo-yomi", "canadian", "fischer"

#: What OpenGotha writes in the h9 file's CM tag for each system.
LABELS = {
    SUDDEN_DEATH: "Sudden death",
    BYO_YOMI: "Standard byo-yomi",
    CANADIAN: "Canadian byo-yomi",
    FISCHER: "Fischer",
}

#: (class, least basic time, least adjusted time) in seconds, best class first.
_CLASSES = {
    False: (("A", 3600, 4500), ("B", 2400, 3000), ("C", 1500, 1800)),
    True: (("A", 2700, 4500), ("B", 1800, 3000), ("C", 1200, 1800)),  # Fischer
}


@dataclass(frozen=True)
class TimeControl:
    basic: int  # seconds
    system: str = SUDDEN_DEATH
    overtime: int = 0  # seconds: a byo-yomi period, a Canadian block, the Fischer increment
    stones: int = 0  # a Canadian block's stones

    @property
    def adjusted(self) -> int:
        """The EGD's adjusted time in seconds."""
        if self.system == BYO_YOMI:
            return self.basic + 45 * self.overtime
        if self.system == CANADIAN:
            return self.basic + 60 * self.overtime // max(self.stones, 1)
        if self.system == FISCHER:
            return self.basic + 120 * self.overtime
        return self.basic

    @property
    def egd_class(self) -> str:
        for name, basic, adjusted in _CLASSES[self.system == FISCHER]:
            if self.basic >= basic and self.adjusted >= adjusted:
                return name
        return "X"

    @property
    def label(self) -> str:
        return LABELS[self.system]


_NUMBER = r"(\d+(?:[.,]\d+)?)"
_SECONDS = r"(?:s|sec|secs|sek|second|seconds|sekunde|sekunden|\")"
_MINUTES = r"(?:min|mins|minute|minutes|minuten|m|')"
_HOURS = r"(?:h|hour|hours|std|stunde|stunden)"
_STONES = r"(?:stones?|steine?|moves?|z[uü]ge?|zuege)"


def _number(text: str) -> float:
    return float(text.replace(",", "."))


def _duration(number: str, unit: str | None, default: str) -> int:
    unit = (unit or default).strip().lower()
    value = _number(number)
    if re.fullmatch(_HOURS, unit):
        return round(value * 3600)
    if re.fullmatch(_SECONDS, unit):
        return round(value)
    return round(value * 60)


def parse_time_control(text: str) -> TimeControl | None:
    """The time control in ``text``, or None if it is not one of the known ways of writing it."""
    t = (text or "").strip().lower().replace("×", "x").replace("’", "'")
    basic = re.match(rf"{_NUMBER}\s*({_HOURS}|{_MINUTES}|{_SECONDS})?(?![a-zäöüß])", t)
    if not basic:
        return None
    basic_seconds = _duration(basic.group(1), basic.group(2), "min")
    rest = t[basic.end() :]
    if not rest.strip(" .,;") or re.fullmatch(
        r"\W*(sudden[ -]?death|ohne (?:byo-?yomi|zusatzzeit)|k\.?\s*o\.?)\W*", rest
    ):
        return TimeControl(basic_seconds)
    canadian = re.search(
        rf"{_NUMBER}\s*{_STONES}\s*(?:/|in|per|je|for|für)\s*{_NUMBER}\s*({_MINUTES}|{_SECONDS})?", rest
    )
    if canadian:
        stones, amount, unit = canadian.groups()
        return TimeControl(basic_seconds, CANADIAN, _duration(amount, unit, "min"), round(_number(stones)))
    canadian = re.search(rf"{_NUMBER}\s*({_MINUTES}|{_SECONDS})\s*(?:/|for|für|per|je)\s*{_NUMBER}\s*{_STONES}", rest)
    if canadian:
        amount, unit, stones = canadian.groups()
        return TimeControl(basic_seconds, CANADIAN, _duration(amount, unit, "min"), round(_number(stones)))
    periods = re.search(rf"(\d+)\s*x\s*{_NUMBER}\s*({_SECONDS}|{_MINUTES})?", rest)
    if periods:
        return TimeControl(basic_seconds, BYO_YOMI, _duration(periods.group(2), periods.group(3), "s"))
    plus = re.search(rf"\+\s*{_NUMBER}\s*({_SECONDS}|{_MINUTES})?", rest)
    if plus and re.search(r"fischer|increment|inkrement|bonus|pro zug|per move|a move", rest):
        return TimeControl(basic_seconds, FISCHER, _duration(plus.group(1), plus.group(2), "s"))
    if plus and re.search(r"byo", rest):
        return TimeControl(basic_seconds, BYO_YOMI, _duration(plus.group(1), plus.group(2), "s"))
    return None


def egd_class_of(text: str) -> str:
    """The EGD class (A, B, C or X) of a tournament's time control, empty if it cannot be read: the one
    reading the results file's CL and the rating preview (:mod:`tournament.standings.gor`) share."""
    try:
        reading = parse_time_control(text or "")
    except (ValueError, OverflowError):
        return ""
    return reading.egd_class if reading else ""


_OPENGOTHA_SYSTEMS = {"SUDDENDEATH": SUDDEN_DEATH, "STDBYOYOMI": BYO_YOMI, "CANBYOYOMI": CANADIAN, "FISCHER": FISCHER}


def opengotha_time(general: Mapping[str, str]) -> TimeControl | None:
    """The time control of an OpenGotha file's ``GeneralParameterSet`` attributes
    (OpenGotha's defaults where one is missing), or None for an unknown system."""

    def number(name: str, default: int) -> int:
        try:
            return int(general.get(name, default))
        except ValueError:
            return default

    system = _OPENGOTHA_SYSTEMS.get(general.get("complementaryTimeSystem", "CANBYOYOMI"))
    if system is None:
        return None
    basic = 60 * number("basicTime", number("time", 60))
    if system == BYO_YOMI:
        return TimeControl(basic, system, number("stdByoYomiTime", 30))
    if system == CANADIAN:
        return TimeControl(basic, system, number("canByoYomiTime", 300), number("nbMovesCanTime", 15))
    if system == FISCHER:
        return TimeControl(basic, system, number("fischerTime", 10))
    return TimeControl(basic, system)


def time_control_text(tc: TimeControl) -> str:
    """The time control as the site writes it (``parse_time_control`` reads it back)."""
    minutes = f"{tc.basic // 60} min" if tc.basic % 60 == 0 else f"{tc.basic} s"
    if tc.system == BYO_YOMI:
        return f"{minutes} + 5x{tc.overtime} s"
    if tc.system == CANADIAN:
        block = f"{tc.overtime // 60} min" if tc.overtime % 60 == 0 else f"{tc.overtime} s"
        return f"{minutes} + {tc.stones} stones / {block}"
    if tc.system == FISCHER:
        return f"{minutes} + {tc.overtime} s Fischer"
    return f"{minutes} sudden death"
