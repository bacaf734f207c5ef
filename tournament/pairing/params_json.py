"""The engine's :class:`~.model.Parameters` as JSON and back (for storing them in the site).

``to_json`` writes only what differs from the defaults, so a tournament that
never changed a weight stores ``{}``; ``from_json`` accepts such partial data
and refuses unknown names with a clear error.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, replace
from typing import TypeVar

from .model import DUDDMode, GeneralParams, HandicapParams, PairingParams, Parameters, SeedSystem

#: A value as JSON holds it.
JSONValue = str | int | float | bool | None | list["JSONValue"] | dict[str, "JSONValue"]
#: A parameter's value: a number, a flag, a name, a mode or a tuple of ranks.
_Value = int | float | bool | str | SeedSystem | DUDDMode | tuple[int, ...]

_SECTIONS: dict[str, type[GeneralParams | HandicapParams | PairingParams]] = {
    "general": GeneralParams,
    "handicap": HandicapParams,
    "pairing": PairingParams,
}
_ENUMS: dict[str, type[SeedSystem | DUDDMode]] = {
    "seed_system1": SeedSystem,
    "seed_system2": SeedSystem,
    "dudd_upper_mode": DUDDMode,
    "dudd_lower_mode": DUDDMode,
}


def _plain(value: _Value) -> JSONValue:
    if isinstance(value, (SeedSystem, DUDDMode)):
        return str(value.value)
    if isinstance(value, tuple):
        return list(value)
    return value


def to_json(params: Parameters) -> dict[str, JSONValue]:
    default = Parameters()
    out: dict[str, JSONValue] = {}
    for section in _SECTIONS:
        ours, theirs = getattr(params, section), getattr(default, section)
        diff: dict[str, JSONValue] = {
            f.name: _plain(getattr(ours, f.name))
            for f in fields(ours)
            if getattr(ours, f.name) != getattr(theirs, f.name)
        }
        if diff:
            out[section] = diff
    if params.placement != default.placement:
        out["placement"] = list(params.placement)
    if params.rematch_scope != default.rematch_scope:
        out["rematch_scope"] = params.rematch_scope
    return out


def from_json(data: Mapping[str, JSONValue] | None, base: Parameters | None = None) -> Parameters:
    params = base or Parameters()
    if not data:
        return params
    if not isinstance(data, dict):
        raise ValueError("pairing parameters must be a JSON object")
    unknown = set(data) - set(_SECTIONS) - {"placement", "rematch_scope"}
    if unknown:
        raise ValueError(f"unknown pairing parameter sections: {', '.join(sorted(unknown))}")
    placement = data.get("placement", list(params.placement))
    scope = data.get("rematch_scope", params.rematch_scope)
    if not isinstance(placement, list) or not all(isinstance(c, str) for c in placement):
        raise ValueError("pairing parameters: placement must be a list of criteria")
    if not isinstance(scope, str):
        raise ValueError("pairing parameters: rematch_scope must be a name")
    return replace(
        params,
        general=_section(data, "general", params.general),
        handicap=_section(data, "handicap", params.handicap),
        pairing=_section(data, "pairing", params.pairing),
        placement=tuple(c for c in placement if isinstance(c, str)),
        rematch_scope=scope,
    )


_Section = TypeVar("_Section", GeneralParams, HandicapParams, PairingParams)


def _section(data: Mapping[str, JSONValue], section: str, current: _Section) -> _Section:
    """``current`` with the values ``data[section]`` gives (the defaults' types: enums, tuples)."""
    values = data.get(section) or {}
    if not isinstance(values, dict):
        raise ValueError(f"pairing parameters: {section} must be a JSON object")
    names = {f.name for f in fields(current)}
    bad = set(values) - names
    if bad:
        raise ValueError(f"unknown {section} parameters: {', '.join(sorted(bad))}")
    converted: dict[str, object] = {}
    for name, value in values.items():
        if name in _ENUMS:
            converted[name] = _ENUMS[name](value)
        elif isinstance(getattr(current, name), tuple):
            if not isinstance(value, list):
                raise ValueError(f"pairing parameters: {section} {name} must be a list")
            converted[name] = tuple(value)
        else:
            converted[name] = value
    if not converted:
        return current
    # JSON values: their names are checked above; the engine reads them as they are (as it always did)
    return replace(current, **converted)  # type: ignore[arg-type]
