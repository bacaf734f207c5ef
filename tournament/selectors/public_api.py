"""Reads of the public JSON API (:mod:`tournament.api`): plain dicts in the API's contract.

Only what anybody may see on the site: every tournament, its disciplines and
rounds, the confirmed players (never an e-mail address), published and
finished rounds with their games, byes and who does not play, the public
standings, and a game's record once its result is settled (the endpoints ask
:mod:`tournament.permissions` which rounds and records those are, as the
pages do for an anonymous visitor). The keys are the contract written in the
README; :mod:`tournament.api.schemas` checks them.

Results are written as OpenGotha writes them, **White first** (the API
lists White before Black, as OpenGotha and pairgoth do): ``1-0`` White won,
``0-1`` Black won, ``=`` jigo, ``0-0`` both lost, ``1-1`` both won, ``?``
no result yet; ``!`` follows when the game was not played (``1-0!`` White
won by default). The site's own pairing sheets list Black first and write
:attr:`Game.result_short` in that order.
"""

from __future__ import annotations

from django.utils import timezone

from tournament.collation import sorted_by_name
from tournament.models import Game, Registration, Round, Tournament
from tournament.models.game import Result
from tournament.pairing.model import full_name
from tournament.ranks import format_rank
from tournament.selectors import standings as standings_selectors
from tournament.selectors.round_day import games_by_table

#: White-first codes of the results (see the module docstring).
RESULT_CODES = {
    Result.WHITE: "1-0",
    Result.BLACK: "0-1",
    Result.DRAW: "=",
    Result.BOTH_LOSE: "0-0",
    Result.BOTH_WIN: "1-1",
    Result.UNKNOWN: "?",
}

#: Why a confirmed player has no game in a published round.
WHY_ABSENT, WHY_UNPAIRED, WHY_BYE = "absent", "unpaired", "bye"


def result_code(result: str, by_default: bool) -> str:
    code = RESULT_CODES[Result(result)]
    return f"{code}!" if by_default and result != Result.UNKNOWN else code


player_name = full_name  # ``Surname Given``, as the EGD and OpenGotha list players


def _ref(reg: Registration) -> dict:
    return {"id": reg.pk, "name": player_name(reg.surname, reg.given_name)}


def _rank(value) -> str:
    try:
        return format_rank(value)
    except ValueError:
        return ""


def tournaments() -> list[dict]:
    return [
        _tournament(t)
        for t in Tournament.objects.order_by("-start_date", "name").only(
            "slug", "name", "start_date", "end_date", "place"
        )
    ]


def _tournament(t: Tournament) -> dict:
    return {"slug": t.slug, "name": t.name, "start": t.start_date, "end": t.end_date, "place": t.place}


def tournament(t: Tournament) -> dict:
    disciplines = [
        {"id": d.pk, "name": d.name, "kind": d.kind, "board_size": d.board_size, "rule_set": d.rule_set}
        for d in t.disciplines.order_by("position", "name", "pk")
    ]
    rounds = [
        {
            "number": r.number,
            "discipline": r.discipline_id,
            "status": r.status,
            "start": timezone.localtime(r.starts_at) if r.starts_at else None,
        }
        for r in t.rounds.order_by("number")
    ]
    return {**_tournament(t), "disciplines": disciplines, "rounds": rounds}


def players(t: Tournament) -> list[dict]:
    regs = sorted_by_name(
        t.registrations.filter(status=Registration.Status.CONFIRMED).only(
            "pk", "tournament", "surname", "given_name", "club", "country", "rank", "status"
        )
    )
    return [
        {
            "id": r.pk,
            "surname": r.surname,
            "given_name": r.given_name,
            "club": r.club,
            "country": r.country,
            "rank": _rank(r.rank),
            "status": r.status,
        }
        for r in regs
    ]


def round_of(t: Tournament, number: int) -> Round | None:
    """The round ``number`` of the tournament, or None."""
    return Round.objects.filter(tournament=t, number=number).select_related("discipline").first()


def _game(g: Game) -> dict:
    return {
        "id": g.pk,
        "table": g.table,
        "white": _ref(g.white),
        "black": _ref(g.black),
        "handicap": g.handicap,
        "komi": float(g.komi),
        "result": result_code(g.result, g.by_default),
        "result_state": g.result_state,
    }


def round_(t: Tournament, r: Round) -> dict:
    games = games_by_table(r)
    byes = sorted_by_name(r.byes.select_related("player"), key=lambda b: b.player)
    busy = {g.black_id for g in games} | {g.white_id for g in games} | {b.player_id for b in byes}
    confirmed = sorted_by_name(
        t.registrations.filter(status=Registration.Status.CONFIRMED)
        .exclude(pk__in=busy)
        .only("pk", "tournament", "surname", "given_name", "absent_rounds")
    )
    not_playing = [
        {**_ref(reg), "why": WHY_ABSENT if r.number in (reg.absent_rounds or ()) else WHY_UNPAIRED} for reg in confirmed
    ]
    # A round has at most one bye when the pairing engine made it; byes set by hand beyond it are listed here.
    not_playing += [{**_ref(b.player), "why": WHY_BYE} for b in byes[1:]]
    return {
        "number": r.number,
        "discipline": r.discipline_id,
        "status": r.status,
        "games": [_game(g) for g in games],
        "bye": _ref(byes[0].player) if byes else None,
        "not_playing": not_playing,
    }


def game_of(t: Tournament, pk: int) -> Game | None:
    """The game ``pk`` of the tournament, or None."""
    return (
        Game.objects.filter(pk=pk, round__tournament=t)
        .select_related("round", "round__discipline", "black", "white")
        .first()
    )


def game(g: Game, *, record_public: bool) -> dict:
    """The game as in its round, with the record (SGF) and the validator's verdict if ``record_public``
    (:func:`tournament.permissions.record_is_public`: once the result is settled)."""
    from tournament.engines import record_sgf

    settled = record_public
    record = None
    if settled and g.record.strip():
        record = record_sgf(
            discipline=g.round.discipline,
            record=g.record,
            handicap=g.handicap,
            komi=g.komi,
            result=g.result,
            marks=g.marks,
        )
    return {**_game(g), "record": record, "verdict": g.verdict if settled else None}


def standings(t: Tournament, version: str, discipline_name: str | None) -> dict:
    """The public standings (overall, or one discipline's), with the criteria's values as numbers."""
    table = standings_selectors.public_standings(t, discipline_name, version)
    codes = [c.code for c in table.columns]
    return {
        "after_round": max(table.rounds, default=0),
        "criteria": codes,
        "rows": [
            {
                "place": row.place,
                "player": {"id": row.entrant.id, "name": player_name(row.entrant.surname, row.entrant.given_name)},
                "values": dict(zip(codes, row.numbers)),
            }
            for row in table.rows
        ],
    }


def discipline_of(t: Tournament, pk: int):
    return t.disciplines.filter(pk=pk).first()


__all__ = [
    "RESULT_CODES",
    "discipline_of",
    "game",
    "game_of",
    "players",
    "result_code",
    "round_",
    "round_of",
    "standings",
    "tournament",
    "tournaments",
]
