"""A knockout stage read: the bracket from its rounds' games (:func:`bracket_of`), and the plain data its
page, its PDF and the standings' final places are drawn from (:func:`bracket_sheet`).

``public``: only the games of published and finished rounds, as every public page; the public bracket
is shown once a round of it is published (before, its first games would be known before their round).
"""

from __future__ import annotations

from tournament import knockout_words as words
from tournament import result_codes as codes
from tournament.models import Game, Knockout, Registration, Round, Tournament
from tournament.models.tournament import KNOCKOUT, PairingSystem
from tournament.pairing import knockout as ko
from tournament.pdf.data import (
    BracketGame,
    BracketMatch,
    BracketPlace,
    BracketSheet,
    BracketSide,
    BracketStage,
    GroupLine,
    GroupTable,
    SheetPlayer,
)
from tournament.ranks import format_rank
from tournament.standings_words import column_header

from .standings import standings_for, states_counted


def knockout_names(tournament: Tournament) -> dict[int, str]:
    """Every registration's name as a sentence names her (the audit log, the director's messages)."""
    return {r.pk: r.spoken_name for r in tournament.registrations.only("pk", "tournament", "surname", "given_name")}


def knockout_rounds(tournament: Tournament, *, public: bool) -> list[Round]:
    """The rounds of the knockout stage whose games count, in order."""
    return list(
        tournament.rounds.filter(pairing_system=KNOCKOUT, status__in=states_counted(public=public)).order_by("number")
    )


def bracket_of(stage: Knockout, *, public: bool) -> ko.Bracket[str]:
    """The bracket as the games of the knockout rounds leave it (keys: the registrations' ids as text)."""
    rounds = knockout_rounds(stage.tournament, public=public)
    by_round: dict[int, list[ko.PlayedGame[str]]] = {r.pk: [] for r in rounds}
    number = {r.pk: r.number for r in rounds}
    for rid, table, white, black, result in (
        Game.objects.filter(round_id__in=by_round)
        .order_by("table")
        .values_list("round_id", "table", "white_id", "black_id", "result")
    ):
        by_round[rid].append(ko.PlayedGame(number[rid], str(white), str(black), result, table))
    return ko.bracket(
        [str(k) for k in stage.seeds],
        [by_round[r.pk] for r in rounds],
        third_place=stage.third_place,
        rule=stage.draw_rule,
    )


def has_public_bracket(tournament: Tournament) -> bool:
    return (
        Knockout.objects.filter(tournament=tournament).exists()
        and tournament.rounds.filter(pairing_system=KNOCKOUT, status__in=states_counted(public=True)).exists()
    )


def bracket_sheet(tournament: Tournament, *, public: bool) -> BracketSheet | None:
    """The bracket's page and PDF in plain data (the words in the active language); None while there is
    no knockout stage (or, ``public``, none of its rounds is published)."""
    stage = Knockout.objects.filter(tournament=tournament).first()
    if stage is None or (public and not has_public_bracket(tournament)):
        return None
    b = bracket_of(stage, public=public)
    regs = {
        r.pk: r
        for r in Registration.objects.filter(pk__in=stage.seeds).only(
            "pk", "tournament", "surname", "given_name", "rank", "club", "country"
        )
    }
    players = {
        str(pk): SheetPlayer(r.surname, r.given_name, format_rank(r.rank), r.club, r.country) for pk, r in regs.items()
    }
    # a place in the whole table as a place ("4th", "4."), a group's as it is ("A1")
    origins = {
        str(k): words.ordinal(int(o)) if str(o).isdigit() else str(o) for k, o in zip(stage.seeds, stage.origins)
    }
    names = {k: p.name for k, p in players.items()}

    def side(key: str | None, seed: int | None, winner: str | None) -> BracketSide:
        if key is None:
            return BracketSide()
        return BracketSide(seed=seed, origin=origins.get(key, ""), player=players[key], won=key == winner)

    def game(g: ko.PlayedGame[str], results: dict[tuple[int, int], str]) -> BracketGame:
        return BracketGame(g.round, g.table, names[g.black], names[g.white], results.get((g.round, g.table), ""))

    results = {
        (n, t): codes.short(res, bd) if res != codes.UNKNOWN else ""
        for n, t, res, bd in Game.objects.filter(round__in=knockout_rounds(tournament, public=public)).values_list(
            "round__number", "table", "result", "by_default"
        )
    }
    count = len(b.stages)
    stages = []
    for number, matches in enumerate(b.stages, 1):
        rounds = sorted({g.round for m in matches for g in m.games})
        stages.append(
            BracketStage(
                number=number,
                name=words.stage_name(number, count),
                rounds=tuple(rounds),
                matches=tuple(
                    BracketMatch(
                        code=m.code,
                        third=m.third,
                        top=side(m.top, m.top_seed, m.winner),
                        bottom=side(m.bottom, m.bottom_seed, m.winner),
                        games=tuple(game(g, results) for g in m.games),
                        state=words.state_words(m.state, m.decided_by),
                    )
                    for m in matches
                ),
            )
        )
    places = tuple(
        BracketPlace(
            label=words.place_label(p.first, p.last),
            player=players[k],
            seed=b.seed_of(k),
            origin=origins.get(k, ""),
            how=words.how_words(p.how, p.stage, count),
            first=p.first,
            shared=p.shared,
        )
        for p in ko.final_places(b)
        for k in p.players
    )
    return BracketSheet(
        tournament=tournament.name,
        size=b.size,
        seeds=len(b.seeds),
        stages=tuple(stages),
        places=places,
        rule=words.rule_words(stage.draw_rule),
        colours=stage.get_colours_display(),
        after_round=stage.after_round,
        seeded=words.seeded_words(stage.after_round, from_groups=stage.from_groups),
        from_groups=stage.from_groups,
        complete=b.complete,
        strays=tuple(game(g, results) for g in b.strays),
    )


def group_tables(tournament: Tournament, *, public: bool) -> list[GroupTable]:
    """Each group of a round robin's group stage, its players in the standings' order (their own games
    decide it: a group plays only itself), after the rounds that seeded the knockout stage if there is one;
    none for any other tournament (no query)."""
    if tournament.pairing_system != PairingSystem.ROUND_ROBIN:
        return []
    group_of = dict(tournament.registrations.exclude(group="").values_list("pk", "group"))
    if not group_of:
        return []
    stage = Knockout.objects.filter(tournament=tournament).first()
    table = standings_for(tournament, public=public, up_to=stage.after_round if stage else None)
    seeded = set(stage.seeds) if stage else set()
    headers = tuple(column_header(c) for c in table.columns)
    rows: dict[str, list] = {}
    for row in table.rows:
        if row.entrant.id in group_of:
            rows.setdefault(group_of[row.entrant.id], []).append(row)
    out = []
    for name, members in sorted(rows.items()):
        lines = []
        for row in members:
            e = row.entrant
            lines.append(
                GroupLine(
                    place=1 + sum(1 for m in members if m.place < row.place),
                    tied=sum(1 for m in members if m.place == row.place) > 1,
                    player=SheetPlayer(e.surname, e.given_name, row.rank_text, e.club, e.country),
                    values=row.values,
                    qualified=e.id in seeded,
                )
            )
        out.append(GroupTable(name=name, headers=headers, lines=tuple(lines)))
    return out
