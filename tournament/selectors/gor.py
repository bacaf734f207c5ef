"""Reads for the EGD rating preview (:mod:`tournament.standings.gor`): which rounds the EGD rates and with
what weight, for the standings a page shows."""

from __future__ import annotations

from tournament.files.egd_time import egd_class_of
from tournament.models import Tournament
from tournament.standings import gor
from tournament.standings import model as sm


def rated_rounds(tournament: Tournament, standings: sm.Standings) -> set[int]:
    """The rounds of ``standings`` the EGD rates: those of a Go discipline (``Variant.egd_rated``) on 19x19
    (the results file notes a smaller board, and the EGD does not rate it)."""
    from tournament.variants import egd_kinds

    rated = set(tournament.disciplines.filter(kind__in=egd_kinds(), board_size=19).values_list("name", flat=True))
    return {number for number, discipline in standings.round_disciplines if discipline in rated}


def gor_preview(tournament: Tournament, standings: sm.Standings) -> dict[sm.PlayerId, gor.Preview] | None:
    """Each listed player's preview over the standings' rated rounds, or None where there is nothing
    the EGD rates: a Pair Go or Rengo event, a class it does not rate (X, or a time control the site
    cannot read), no Go round on 19x19."""
    weight = gor.weight_of(egd_class_of(tournament.time_control))
    if weight is None or tournament.is_pair_event:
        return None
    rounds = rated_rounds(tournament, standings)
    if not rounds:
        return None
    return gor.preview(standings, weight=weight, rounds=rounds)


def player_gor(tournament: Tournament, player: int) -> tuple[gor.Preview, list[dict]] | None:
    """A player's preview over the public standings (those the standings page shows, from the cache),
    and each rated round with its change and the running total; None where the EGD rates nothing."""
    from tournament.selectors.page_version import page_version
    from tournament.selectors.standings import public_standings

    standings = public_standings(tournament, None, page_version(tournament))
    previews = gor_preview(tournament, standings)
    mine = previews.get(player) if previews else None
    if mine is None or not mine.games:
        return None
    names = {row.entrant.id: row.entrant.name for row in standings.rows}
    rounds = [
        {"game": g, "opponent": names.get(g.opponent, ""), "total": mine.after_round(g.round)} for g in mine.games
    ]
    return mine, rounds
