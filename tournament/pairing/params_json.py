"""The engine's :class:`~.model.Parameters` as JSON and back (for storing them in the site).

``to_json`` writes only what differs from the defaults, so a tournament that
never changed a weight stores ``{}``; ``from_json`` accepts such partial data
and refuses unknown names with a clear error.
"""

from __future__ import annotations

from dataclasses import fields, replace
from enum import Enum

from .model import DUDDMode, GeneralParams, HandicapParams, PairingParams, Parameters, SeedSystem

_SECTIONS = {"general": GeneralParams, "handicap": HandicapParams, "pairing": PairingParams}
_ENUMS = {
    "seed_system1": SeedSystem,
    "seed_system2": SeedSystem,
    "dudd_upper_mode": DUDDMode,
    "dudd_lower_mode": DUDDMode,
}


def _plain(value):
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


def to_json(params: Parameters) -> dict:
    default = Parameters()
    out: dict = {}
    for section in _SECTIONS:
        ours, theirs = getattr(params, section), getattr(default, section)
        diff = {
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


def from_json(data: dict | None, base: Parameters | None = None) -> Parameters:
    params = base or Parameters()
    if not data:
        return params
    if not isinstance(data, dict):
        raise ValueError("pairing parameters must be a JSON object")
    unknown = set(data) - set(_SECTIONS) - {"placement", "rematch_scope"}
    if unknown:
        raise ValueError(f"unknown pairing parameter sections: {', '.join(sorted(unknown))}")
    changes = {}
    for section, cls in _SECTIONS.items():
        values = data.get(section) or {}
        names = {f.name: f for f in fields(cls)}
        bad = set(values) - set(names)
        if bad:
            raise ValueError(f"unknown {section} parameters: {', '.join(sorted(bad))}")
        converted = {}
        for name, value in values.items():
            if name in _ENUMS:
                value = _ENUMS[name](value)
            elif isinstance(getattr(cls(), name), tuple):
                value = tuple(value)
            converted[name] = value
        if converted:
            changes[section] = replace(getattr(params, section), **converted)
    if "placement" in data:
        changes["placement"] = tuple(data["placement"])
    if "rematch_scope" in data:
        changes["rematch_scope"] = data["rematch_scope"]
    return replace(params, **changes)
