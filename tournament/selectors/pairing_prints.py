"""The pairing version on paper: what a print kept of the pairing, what changed since, which prints are stale.

A round's pairing has a version (:attr:`Round.pairing_version`, raised by
:func:`tournament.services.pairing_prints.pairing_changed` at every change of
who plays whom, where and how); every sheet and slip prints it, every page
shows it. A print by the staff keeps the pairing as it was
(:func:`pairing_snapshot`, in :class:`~tournament.models.PairingPrint`); once
the pairing has changed since, the organizer's dashboard lists the paper as
stale (:func:`stale_prints`) with what changed (:func:`pairing_changes`, put
into words by :func:`change_text`), until the paper is printed again or an
organizer dismisses it. The results grid's keyboard field asks the same of
one table (:func:`tables_changed_since`): a slip of an older pairing is not
entered for another pair.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Max
from django.utils.translation import gettext as _

from tournament.models import Bye, Game, PairingPrint, Registration, Round, Tournament
from tournament.names import display_name


def pairing_snapshot(round_: Round) -> dict:
    """The round's pairing as plain data (JSON): ``games`` as ``[table, black, white, handicap, komi]``
    (registration ids, komi as text), ``byes`` (ids) and ``names`` (id as text: the name as printed)."""
    games = [
        [table, black, white, handicap, f"{komi:g}"]
        for table, black, white, handicap, komi in Game.objects.filter(round=round_)
        .order_by("table")
        .values_list("table", "black_id", "white_id", "handicap", "komi")
    ]
    byes = sorted(Bye.objects.filter(round=round_).values_list("player_id", flat=True))
    ids = {pk for g in games for pk in g[1:3]} | set(byes)
    names = {
        str(pk): display_name(surname, given)
        for pk, surname, given in Registration.objects.filter(pk__in=ids).values_list("pk", "surname", "given_name")
    }
    return {"games": games, "byes": byes, "names": names}


#: A player the snapshot has no name of (a doctored backup): a dash, as the audit log's empty values.
NO_NAME = "–"


def _pair_names(snapshot: dict, black, white) -> list[str]:
    names = snapshot.get("names") or {}
    return [names.get(str(black), NO_NAME), names.get(str(white), NO_NAME)]


def pairing_changes(printed: dict, now: dict) -> list[dict]:
    """What differs between two snapshots of a pairing (:func:`pairing_snapshot`), by table: a pair at
    another table (``table``), its colours (``colours``) or handicap and komi (``handicap``) changed, other
    players at a table (``players``), a game gone (``gone``) or new (``new``), the bye (``bye``). Plain
    data with the players' names (the printed ones for what was printed)."""
    before = {frozenset(g[1:3]): g for g in printed.get("games") or ()}
    after = {frozenset(g[1:3]): g for g in now.get("games") or ()}
    changes: list[dict] = []
    for pair, old in before.items():
        new = after.get(pair)
        if new is None:
            continue
        players = _pair_names(now, new[1], new[2])
        if old[0] != new[0]:
            changes.append({"kind": "table", "table": new[0], "old": old[0], "players": players})
        if old[1] != new[1]:
            changes.append({"kind": "colours", "table": new[0], "players": players})
        if (old[3], old[4]) != (new[3], new[4]):
            changes.append({"kind": "handicap", "table": new[0], "old": old[3:5], "new": new[3:5], "players": players})
    gone = {g[0]: g for pair, g in before.items() if pair not in after}
    made = {g[0]: g for pair, g in after.items() if pair not in before}
    for table in sorted(set(gone) | set(made)):
        old, new = gone.get(table), made.get(table)
        entry: dict = {"table": table}
        if old is not None:
            entry["old"] = _pair_names(printed, old[1], old[2])
        if new is not None:
            entry["players"] = _pair_names(now, new[1], new[2])
        entry["kind"] = "players" if old is not None and new is not None else ("gone" if old is not None else "new")
        changes.append(entry)
    old_byes, new_byes = set(printed.get("byes") or ()), set(now.get("byes") or ())
    if old_byes != new_byes:
        changes.append(
            {
                "kind": "bye",
                "table": 0,
                "old": sorted((printed.get("names") or {}).get(str(pk), NO_NAME) for pk in old_byes),
                "players": sorted((now.get("names") or {}).get(str(pk), NO_NAME) for pk in new_byes),
            }
        )
    changes.sort(key=lambda c: (c["kind"] == "bye", c["table"]))
    return changes


def _pair(names: list[str]) -> str:
    return " – ".join(names)


def change_text(change: dict) -> str:
    """One change of :func:`pairing_changes` in words, in the active language."""
    kind, table = change["kind"], change.get("table")
    if kind == "table":
        return _("%(players)s: table %(old)s, now table %(new)s") % {
            "players": _pair(change["players"]),
            "old": change["old"],
            "new": table,
        }
    if kind == "colours":
        return _("Table %(table)s: colours swapped, now %(players)s") % {
            "table": table,
            "players": _pair(change["players"]),
        }
    if kind == "handicap":
        return _(
            "Table %(table)s: handicap %(old_handicap)s, komi %(old_komi)s; now %(new_handicap)s, %(new_komi)s"
        ) % {
            "table": table,
            "old_handicap": change["old"][0],
            "old_komi": change["old"][1],
            "new_handicap": change["new"][0],
            "new_komi": change["new"][1],
        }
    if kind == "players":
        return _("Table %(table)s: %(old)s, now %(new)s") % {
            "table": table,
            "old": _pair(change["old"]),
            "new": _pair(change["players"]),
        }
    if kind == "gone":
        return _("Table %(table)s: %(players)s, no longer paired") % {"table": table, "players": _pair(change["old"])}
    if kind == "new":
        return _("Table %(table)s: %(players)s, a new game") % {"table": table, "players": _pair(change["players"])}
    return _("Bye: %(old)s, now %(new)s") % {
        "old": ", ".join(change["old"]) or "–",
        "new": ", ".join(change["players"]) or "–",
    }


def print_kind_text(kind: str) -> str:
    return str(PairingPrint.Kind(kind).label)


@dataclass
class StalePrint:
    """A printed paper whose pairing has changed since (see the module)."""

    print: PairingPrint
    round: Round
    #: The pairing's version now.
    now: int
    changes: list[dict] = field(default_factory=list)

    @property
    def unpaired(self) -> bool:
        """The round has no pairing now (it was removed): every printed game is gone."""
        return self.round.shown_pairing is None

    @property
    def kind_text(self) -> str:
        return print_kind_text(self.print.kind)

    @property
    def lines(self) -> list[str]:
        return [change_text(c) for c in self.changes]

    @property
    def printed_at(self) -> datetime:
        return self.print.printed_at


def latest_prints(tournament: Tournament):
    """The latest print of each kind of each round of the tournament (its pairing not read)."""
    latest = (
        PairingPrint.objects.filter(round__tournament=tournament)
        .values("round_id", "kind")
        .annotate(last=Max("id"))
        .values_list("last", flat=True)
    )
    return PairingPrint.objects.filter(pk__in=list(latest)).select_related("round", "printed_by").defer("pairing")


def is_stale(printed: PairingPrint, round_: Round) -> bool:
    """Whether the paper shows an older pairing than the round's, and no organizer let it stand since."""
    now = round_.pairing_version
    return now > printed.pairing_version and (
        printed.dismissed_at_version is None or now > printed.dismissed_at_version
    )


def stale_prints(tournament: Tournament) -> list[StalePrint]:
    """The papers printed by the staff whose pairing changed since, by round and kind, each with what
    changed (the printed pairing against the round's now)."""
    # a closed round's papers are history: only those of rounds still to be played or being played count
    stale = [p for p in latest_prints(tournament) if p.round.status != Round.Status.FINISHED and is_stale(p, p.round)]
    if not stale:
        return []
    pairings = dict(PairingPrint.objects.filter(pk__in=[p.pk for p in stale]).values_list("pk", "pairing"))
    now: dict[int, dict] = {}
    found = []
    for p in sorted(stale, key=lambda p: (p.round.number, p.kind)):
        round_ = p.round
        changes: list[dict] = []
        if round_.shown_pairing:
            if round_.pk not in now:
                now[round_.pk] = pairing_snapshot(round_)
            changes = pairing_changes(pairings.get(p.pk) or {}, now[round_.pk])
        found.append(StalePrint(print=p, round=round_, now=round_.pairing_version, changes=changes))
    return found


#: The changes (:func:`pairing_changes`) after which a table's result typed from the older paper would be
#: another pair's, or the other colour's; a new handicap or komi leaves it the same pair's.
SEATING_CHANGES = frozenset({"table", "colours", "players", "gone", "new"})


def tables_changed_since(round_: Round, version: int) -> set[int] | None:
    """The tables of the round whose pair or colours changed since its pairing ``version`` (the round's
    pairing against what a print of that version kept): empty for the round's version now, None while
    no print kept that version's pairing (what sat where then is not known)."""
    if version >= round_.pairing_version:
        return set()
    printed = (
        PairingPrint.objects.filter(round=round_, pairing_version=version)
        .order_by("-id")
        .values_list("pairing", flat=True)
        .first()
    )
    if printed is None:
        return None
    tables: set[int] = set()
    for change in pairing_changes(printed, pairing_snapshot(round_)):
        if change["kind"] in SEATING_CHANGES:
            tables.add(change["table"])
            if change["kind"] == "table":
                tables.add(change["old"])  # the pair printed there sits elsewhere now
    return tables
