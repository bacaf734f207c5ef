"""The one place where the site's models become the pairing engine's plain data."""

from __future__ import annotations

from tournament.models import Bye, Game, Registration, Round, Tournament
from tournament.models.discipline import DisciplineKind
from tournament.pairing import model as pm

_RESULTS = {
    "?": pm.Result.UNKNOWN,
    "B": pm.Result.BLACK_WINS,
    "W": pm.Result.WHITE_WINS,
    "D": pm.Result.DRAW,
    "0": pm.Result.BOTH_LOSE,
    "1": pm.Result.BOTH_WIN,
}

_DISCIPLINES = {
    DisciplineKind.GO: pm.Discipline.GO,
    DisciplineKind.NINUKI: pm.Discipline.NINUKI,
    DisciplineKind.KEIMA: pm.Discipline.KEIMA,
    DisciplineKind.VOLT: pm.Discipline.VOLT,
    DisciplineKind.RUNDGO: pm.Discipline.RUND,
    DisciplineKind.OTHER: pm.Discipline.GO,
}

SWISS_PLACEMENT = ("NBW", "SOSW", "SOSOSW")
MCMAHON_PLACEMENT = ("MMS", "SOSM", "SOSOSM")


def player_key(player_id: int) -> str:
    return str(player_id)


def parameters_for(tournament: Tournament, round_: Round) -> pm.Parameters:
    general = pm.GeneralParams(
        number_of_rounds=max(tournament.rounds.count(), round_.number),
        mm_bar=tournament.mcmahon_bar if tournament.mcmahon_bar is not None else pm.GeneralParams.mm_bar,
        mm_floor=tournament.mcmahon_floor if tournament.mcmahon_floor is not None else pm.GeneralParams.mm_floor,
        mms2_bye=int(tournament.bye_points * 2),
        nbw2_bye=int(tournament.bye_points * 2),
        mms2_absent=int(tournament.absence_points * 2),
        nbw2_absent=int(tournament.absence_points * 2),
        komi=float(round_.discipline.komi),
        size=round_.discipline.board_size,
    )
    handicap = pm.HandicapParams(
        no_handicap_threshold=(
            tournament.handicap_threshold
            if tournament.handicap_threshold is not None
            else pm.HandicapParams.no_handicap_threshold
        ),
        correction=tournament.handicap_correction,
        ceiling=tournament.handicap_ceiling,
    )
    swiss = round_.effective_pairing_system == "swiss"
    return pm.Parameters(
        general=general,
        handicap=handicap,
        placement=SWISS_PLACEMENT if swiss else MCMAHON_PLACEMENT,
        rematch_scope=tournament.rematch_scope,
    )


def pairing_tournament(tournament: Tournament, round_: Round) -> pm.Tournament:
    """Everything the engine needs to pair ``round_``: earlier rounds only."""
    rounds = list(tournament.rounds.select_related("discipline").order_by("number"))
    last = max([r.number for r in rounds] + [round_.number])
    registrations = list(
        Registration.objects.filter(tournament=tournament).select_related("player")
    )
    earlier_games = list(
        Game.objects.filter(round__tournament=tournament, round__number__lt=round_.number)
        .select_related("round")
    )
    earlier_byes = list(
        Bye.objects.filter(round__tournament=tournament, round__number__lt=round_.number)
        .select_related("round")
    )
    have_played = {g.black_id for g in earlier_games} | {g.white_id for g in earlier_games}
    have_played |= {b.player_id for b in earlier_byes}

    players = []
    for reg in registrations:
        confirmed = reg.status == Registration.Status.CONFIRMED
        if not confirmed and reg.player_id not in have_played:
            continue
        participation = tuple(reg.plays_round(n) for n in range(1, last + 1))
        p = reg.player
        players.append(
            pm.Player(
                key=player_key(p.pk),
                name=p.surname,
                first_name=p.given_name,
                rank=p.rank,
                club=p.club,
                country=p.country,
                rating=p.rating or 0,
                mms_correction=reg.mms_correction,
                participation=participation,
            )
        )
    games = tuple(
        pm.Game(
            round=g.round.number,
            white=player_key(g.white_id),
            black=player_key(g.black_id),
            handicap=g.handicap,
            result=_RESULTS[g.result],
            by_default=g.by_default,
            table=g.table,
            komi=float(g.komi),
        )
        for g in earlier_games
    )
    byes = tuple(pm.Bye(round=b.round.number, player=player_key(b.player_id)) for b in earlier_byes)
    return pm.Tournament(
        players=tuple(players),
        games=games,
        byes=byes,
        params=parameters_for(tournament, round_),
        name=tournament.name,
        short_name=tournament.slug,
        disciplines={r.number: _DISCIPLINES[r.discipline.kind] for r in rounds},
    )
