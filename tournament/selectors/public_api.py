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
won by default). The site's own pages list Black first and write
:attr:`Game.result_short` in that order; ``result_black_first`` gives that form beside ``result``
(``1-0`` Black won, ``0-1`` White won, ``½-½`` jigo, ``0-0``, ``1-1``, ``?``, ``!`` as above).
"""

from __future__ import annotations

from tournament import result_codes as codes
from tournament.collation import sorted_by_name
from tournament.local_time import local_time
from tournament.models import Game, LineUp, Match, Registration, Round, TeamBye, Tournament
from tournament.models.game import Result
from tournament.pairing import categories
from tournament.ranks import format_rank
from tournament.selectors import standings as standings_selectors
from tournament.selectors.game_sgf import game_sgf
from tournament.selectors.official import official
from tournament.selectors.round_day import games_by_table

#: Why a confirmed player has no game in a published round.
WHY_ABSENT, WHY_UNPAIRED, WHY_BYE = "absent", "unpaired", "bye"


def result_code(result: str, by_default: bool) -> str:
    """The API's code of a result: White first (:func:`tournament.result_codes.short`)."""
    return codes.short(Result(result), by_default, white_first=True)


def _ref(reg: Registration) -> dict:
    return {"id": reg.pk, "name": reg.display_name}  # ``Surname Given``, as the EGD lists players


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
            "start": local_time(r.starts_at, t),
        }
        for r in t.rounds.order_by("number")
    ]
    return {**_tournament(t), "disciplines": disciplines, "rounds": rounds, "categories": _categories(t.category_list)}


def _categories(limits) -> list[dict]:
    """The rank categories as the API writes them (none without limits)."""
    if not limits:
        return []
    return [
        {"letter": c.letter, "weakest": _rank_or_none(c.weakest), "strongest": _rank_or_none(c.strongest)}
        for c in categories.categories(limits)
    ]


def _rank_or_none(rank: int | None) -> str | None:
    return None if rank is None else _rank(rank)


def _category(rank: int, limits) -> str | None:
    return categories.category(rank, limits).letter if limits else None


def players(t: Tournament) -> list[dict]:
    regs = sorted_by_name(
        t.registrations.filter(status=Registration.Status.CONFIRMED).only(
            "pk", "tournament", "surname", "given_name", "club", "country", "rank", "status"
        )
    )
    limits = t.category_list
    return [
        {
            "id": r.pk,
            "surname": r.surname,
            "given_name": r.given_name,
            "club": r.club,
            "country": r.country,
            "rank": _rank(r.rank),
            "status": r.status,
            "category": _category(r.rank, limits),
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
        "result_black_first": g.result_short,
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
        "pairing_version": r.pairing_version,
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
    """The game as in its round, with the record and the validator's verdict if ``record_public``
    (:func:`tournament.permissions.record_is_public`: once the result is settled): the record is the
    SGF the public game page downloads (its ``RE`` the official result,
    :func:`tournament.selectors.game_sgf.game_sgf`), the verdict the check of the record against the
    official result (a game without a rules engine: its SGF as given), ``record_rejected`` whether a referee (or an organizer) decided against it."""
    if not record_public:
        return {**_game(g), "record": None, "verdict": None, "record_rejected": False}
    result = official(g)
    text = g.record.strip()
    record = None
    if text and g.round.discipline.has_validator:
        try:
            record = game_sgf(g, result)
        except ValueError:  # a record no engine reads (it would not have been accepted)
            record = None
    elif text.lstrip("\ufeff").startswith("("):  # an SGF of a game no engine reads: as it was given
        record = text
    return {**_game(g), "record": record, "verdict": result.verdict, "record_rejected": result.rejected}


def standings(t: Tournament, version: str, discipline_name: str | None) -> dict:
    """The public standings (overall, or one discipline's), with the criteria's values as numbers."""
    table = standings_selectors.public_standings(t, discipline_name, version)
    codes = [c.code for c in table.columns]
    return {
        # the director froze the final table (places and scores as then, names as now): when, else null
        "frozen_at": table.frozen_at.isoformat() if table.frozen_at else None,
        "after_round": max(table.rounds, default=0),
        "criteria": codes,
        "rows": [
            {
                "place": table.place_of(row),
                "player": {"id": row.entrant.id, "name": row.entrant.name},
                # OpenGotha's CAT as the page's category column and the CSV's ``category`` say it: the letter
                "values": {c: table.category_letter(row) if c == "cat" else v for c, v in zip(codes, row.numbers)},
                "category": table.category_letter(row) or None,
                "category_place": row.category_place if table.category_limits else None,
            }
            for row in table.rows
        ],
        "categories": _categories(table.category_limits),
    }


def teams(t: Tournament) -> dict:
    """A team tournament's teams (their members: the confirmed ones, as :func:`players`) and the matches
    of its published rounds, each board's game by its id; ``boards`` 0 and no teams for an individual
    tournament."""
    from tournament.selectors.teams import teams_of

    views = teams_of(t) if t.is_team_event else []
    public = [Round.Status.PUBLISHED, Round.Status.FINISHED]
    matches = (
        Match.objects.filter(round__tournament=t, round__status__in=public)
        .select_related("round", "team1", "team2")
        .order_by("round__number", "table")
        if t.is_team_event
        else []
    )
    boards: dict[int, list[dict]] = {}
    for match_id, board, pk in (
        Game.objects.filter(match__in=list(matches)).order_by("board").values_list("match_id", "board", "pk")
    ):
        boards.setdefault(match_id, []).append({"board": board, "game": pk})
    orders = _orders(t, list(matches)) if t.is_pair_event else {}
    return {
        "boards": t.boards,
        "players_per_side": t.side_size,
        "teams": [
            {
                "number": v.number,
                "name": v.name,
                "members": [_ref(p) for p in v.members if p.status == Registration.Status.CONFIRMED],
            }
            for v in views
        ],
        "byes": [
            {"round": number, "team": team}
            for number, team in TeamBye.objects.filter(round__tournament=t, round__status__in=public)
            .order_by("round__number")
            .values_list("round__number", "team__number")
        ],
        "matches": [
            {
                "round": m.round.number,
                "table": m.table,
                "team1": m.team1.number,
                "team2": m.team2.number,
                "boards": boards.get(m.pk, []),
                "order1": orders.get((m.round_id, m.team1_id), []),
                "order2": orders.get((m.round_id, m.team2_id), []),
            }
            for m in matches
        ],
    }


def _orders(t: Tournament, matches) -> dict[tuple[int, int], list[dict]]:
    """Pair Go and Rengo: each paired side's players in their order of play, by (round id, team id)."""
    rounds = {m.round_id for m in matches}
    rows = LineUp.objects.filter(round_id__in=rounds).select_related("player").order_by("board")
    out: dict[tuple[int, int], list[dict]] = {}
    for row in rows:
        out.setdefault((row.round_id, row.team_id), []).append(_ref(row.player))
    return out


def discipline_of(t: Tournament, pk: int):
    return t.disciplines.filter(pk=pk).first()


__all__ = [
    "discipline_of",
    "game",
    "game_of",
    "players",
    "result_code",
    "round_",
    "round_of",
    "standings",
    "teams",
    "tournament",
    "tournaments",
]
