"""Access to the OpenGotha reference tournaments in ../shared/opengotha/ (read in place)."""

from __future__ import annotations

from functools import cache

from tournament.files.opengotha import read_tournament, write_tournament
from tournament.pairing.costs import DUMP_NAMES

from ..shared import shared, skip_without_shared

OG_DIR = shared("opengotha")

FILES = {
    "simpleswiss": 7,
    "notsosimpleswiss": 10,
    "simplemm": 5,
    "notsimplemm": 5,
    "Toulouse2024": 6,
    "20240921-KPMC-Splitbug": 2,
}
ROUNDS = [(name, r) for name, n in FILES.items() for r in range(1, n + 1)]
# rounds where OpenGotha's pairing is one of several with the same total cost
# (OpenGotha's own choice depends on the order it visits players): pairgoth
# found these; we accept any pairing with exactly OpenGotha's total there.
EQUAL_OPTIMAL_KNOWN = {("notsosimpleswiss", 6), ("notsosimpleswiss", 8), ("simpleswiss", 7)}
# OpenGotha paired this round in score chunks: not optimal for its own costs
CHUNKED = {("20240921-KPMC-Splitbug", 1)}


@cache
def tournament(name: str):
    return read_tournament(OG_DIR / f"{name}.xml")


@cache
def oracle_tournament(name: str):
    """A file the oracle answered for: ``sim-<seed>`` and ``simpair-<seed>`` regenerated
    from their seeds (tests/pairing/opengotha/oracle/simulate.py), ``cats-40`` built by
    oracle/categories_field.py, the others shared."""
    from .opengotha.oracle.simulate import pairing_scenario, simulate

    if name == "cats-40":  # issue #31 item 15: categories of odd sizes, the jar's four rounds played
        from .opengotha.oracle import categories_field

        return read_tournament(write_tournament(categories_field.before(categories_field.ROUNDS + 1)))
    if name.startswith("simpair-"):
        return read_tournament(pairing_scenario(int(name.removeprefix("simpair-"))))
    if name.startswith("sim-"):
        return read_tournament(simulate(int(name.removeprefix("sim-"))))
    skip_without_shared(OG_DIR)
    return tournament(name)


@cache
def dump(name: str, round_number: int) -> dict[frozenset, dict[str, int]]:
    """{frozenset({key1, key2}): {term: value, ..., "total": value}} from OpenGotha's dump."""
    t = tournament(name)
    by_name = {f"{p.name} {p.first_name}": p.key for p in t.players}
    reverse = {v: k for k, v in DUMP_NAMES.items()}
    out: dict[frozenset, dict[str, int]] = {}
    path = OG_DIR / name / f"{name}_weights_R{round_number}.txt"
    cur: dict = {}
    p1 = p2 = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if "=" not in line:
            continue
        k, v = line.split("=", 1)
        if k == "Player1Name":
            p1 = by_name[v]
            cur = {}
        elif k == "Player2Name":
            p2 = by_name[v]
        elif k == "totalCost":
            cur["total"] = int(float(v))
            out[frozenset((p1, p2))] = cur
        else:
            cur[reverse[k]] = int(float(v))
    return out


def expected(name: str, round_number: int):
    t = tournament(name)
    games = {(g.white, g.black, g.handicap) for g in t.games if g.round == round_number}
    bye = next((b.player for b in t.byes if b.round == round_number), None)
    return games, bye
