"""The one place where the site's models become the pairing engine's plain data.

Pairing a round and exporting a tournament to OpenGotha both start here.
Parameters come from the tournament's stored OpenGotha parameter set
(``Tournament.pairing_parameters``, empty for the engine's defaults), with the
settings the site shows as fields laid over it: McMahon bar and floor, the
points of a bye and of an absence (and whether their half points count: OpenGotha's
"round down NBW/MMS" off), the handicap threshold, correction and
ceiling, and per round the discipline's komi and board size and the round's
pairing system. :func:`parameters_for` is the one conversion: the pairing,
the standings, the PDFs and the exports all take their parameters from it.

OpenGotha keeps separate NBW and MMS values for byes and absences. The site's
two fields give the MMS values; the NBW values are those of the stored
parameter set where it has them (an imported file), otherwise the same.
"""

from __future__ import annotations

from dataclasses import replace

from django.db.models import Q

from tournament.models import Bye, Game, PairConstraint, Registration, Round, Tournament
from tournament.models.tournament import KNOCKOUT
from tournament.pairing import model as pm
from tournament.pairing.params_json import from_json


def plain_discipline(discipline) -> pm.Discipline:
    """A discipline as the pairing sees it: its kind (the names are the
    engines' registry's, ``other`` is played as Go) and its handicap policy."""
    return pm.Discipline(discipline.kind, discipline.handicap_policy)


SWISS_PLACEMENT = ("NBW", "SOSW", "SOSOSW")
MCMAHON_PLACEMENT = ("MMS", "SOSM", "SOSOSM")


def player_key(player_id: int) -> str:
    return str(player_id)


def plain_game(game: Game, round_number: int) -> pm.Game:
    """A game of the database as the engine's plain game."""
    g = game
    return _plain_game(round_number, g.white_id, g.black_id, g.handicap, g.result, g.by_default, g.table, g.komi)


def _plain_game(number, white, black, handicap, result, by_default, table, komi) -> pm.Game:
    """A game as the engine's plain game, from its columns (in the order of ``_GAME_COLUMNS``)."""
    return pm.Game(
        round=number,
        white=player_key(white),
        black=player_key(black),
        handicap=handicap,
        result=pm.RESULT_OF_CODE[result],
        by_default=by_default,
        table=table,
        komi=float(komi),
    )


def empty_rank_defaults(tournament: Tournament) -> dict[str, int]:
    """The ranks the pairing uses where the McMahon bar, floor or handicap threshold is left empty
    (field name -> rank): those of the stored parameter set, else the engine's defaults."""
    base = from_json(tournament.pairing_parameters or {})
    return {
        "mcmahon_bar": base.general.mm_bar,
        "mcmahon_floor": base.general.mm_floor,
        "handicap_threshold": base.handicap.no_handicap_threshold,
    }


def _or_default(tournament: Tournament, field: str, defaults: dict[str, int]) -> int:
    value = getattr(tournament, field)
    return value if value is not None else defaults[field]


def parameters_for(tournament: Tournament, round_: Round | None = None) -> pm.Parameters:
    """The engine's parameters for pairing ``round_`` (or for the whole tournament)."""
    stored = tournament.pairing_parameters or {}
    base = from_json(stored)
    defaults = empty_rank_defaults(tournament)
    own = stored.get("general") or {}
    bye_x2, absent_x2 = int(tournament.bye_points * 2), int(tournament.absence_points * 2)
    general = replace(
        base.general,
        number_of_rounds=max(tournament.rounds.count(), round_.number if round_ else 0, 1),
        mm_bar=_or_default(tournament, "mcmahon_bar", defaults),
        mm_floor=_or_default(tournament, "mcmahon_floor", defaults),
        mms2_bye=bye_x2,
        mms2_absent=absent_x2,
        nbw2_bye=(
            int(tournament.bye_points_nbw * 2) if tournament.bye_points_nbw is not None else own.get("nbw2_bye", bye_x2)
        ),
        nbw2_absent=(
            int(tournament.absence_points_nbw * 2)
            if tournament.absence_points_nbw is not None
            else own.get("nbw2_absent", absent_x2)
        ),
        round_down_nbw_mms=base.general.round_down_nbw_mms and not tournament.half_points_count,
    )
    if round_ is not None:
        general = replace(general, komi=float(round_.discipline.komi), size=round_.discipline.board_size)
    general, pairing = _with_categories(tournament, general, base.pairing, pairing_a_round=round_ is not None)
    handicap = replace(
        base.handicap,
        no_handicap_threshold=_or_default(tournament, "handicap_threshold", defaults),
        correction=tournament.handicap_correction,
        ceiling=tournament.handicap_ceiling,
    )
    system = round_.effective_pairing_system if round_ is not None else tournament.pairing_system
    if system == KNOCKOUT:  # a bracket's round: its handicaps by the scores of the tournament's own system
        system = tournament.pairing_system
    placement = base.placement
    wins = system in ("swiss", "roundrobin")  # a round robin's standings are its wins, as Swiss
    wanted = "NBW" if wins else "MMS"
    if base.main_criterion != wanted:
        placement = SWISS_PLACEMENT if wins else MCMAHON_PLACEMENT
    return replace(
        base,
        general=general,
        handicap=handicap,
        pairing=pairing,
        placement=placement,
        rematch_scope=tournament.rematch_scope,
    )


def _with_categories(
    tournament: Tournament, general: pm.GeneralParams, pairing: pm.PairingParams, *, pairing_a_round: bool
) -> tuple[pm.GeneralParams, pm.PairingParams]:
    """The tournament's rank categories as OpenGotha's parameters: the limits (the standings' CAT and
    category column, the OpenGotha file) and the weight that keeps them apart in the pairing.

    Paired apart: the stored weight (OpenGotha's default unless a file said otherwise; the settings
    service puts the default back when an organizer chooses to pair apart). Ranked apart only: the
    pairing of a round sees one category (OpenGotha has no such choice: its groups are always split by
    category), and the file says weight 0, OpenGotha's nearest."""
    limits = tournament.category_list
    if not limits or (pairing_a_round and not tournament.pairs_categories_apart):
        return replace(general, number_of_categories=1, lower_category_limits=()), replace(
            pairing, avoid_mixing_categories=0 if limits else pairing.avoid_mixing_categories
        )
    general = replace(general, number_of_categories=len(limits) + 1, lower_category_limits=limits)
    if not tournament.pairs_categories_apart:
        return general, replace(pairing, avoid_mixing_categories=0)
    return general, pairing


def show_not_playing(tournament: Tournament) -> bool:
    """OpenGotha's display option "display not playing players" of an imported file."""
    import xml.etree.ElementTree as ET

    raw = (tournament.opengotha_extra or {}).get("parameter_set")
    if not raw:
        return False
    el = ET.fromstring(raw).find("DPParameterSet")
    return el is not None and el.get("displayNPPlayers", "false").strip().lower() == "true"


#: The registration's fields the engine reads (:func:`tournament.pairing.model.player_from`), and whether it plays.
PLAYER_COLUMNS = ("pk", "surname", "given_name", "rank", "club", "country", "rating", "mms_correction")
_GAME_COLUMNS = ("round__number", "white_id", "black_id", "handicap", "result", "by_default", "table", "komi")


def plain_tournament(
    tournament: Tournament, *, before_round: int | None = None, round_: Round | None = None
) -> pm.Tournament:
    """The tournament as plain data: players, games and byes (of rounds before ``before_round``).

    Plain columns, not model instances: the games of every earlier round are read (ten thousand
    at a congress), and nothing of the round but its number (never its pairing's record)."""
    rounds = list(tournament.rounds.select_related("discipline").order_by("number"))
    last = max([r.number for r in rounds] + [before_round or 0])
    registrations = list(
        Registration.objects.filter(tournament=tournament).only(*PLAYER_COLUMNS, "status", "absent_rounds")
    )
    games_qs = Game.objects.filter(round__tournament=tournament)
    byes_qs = Bye.objects.filter(round__tournament=tournament)
    if before_round is not None:
        games_qs = games_qs.filter(round__number__lt=before_round)
        byes_qs = byes_qs.filter(round__number__lt=before_round)
    games = list(games_qs.order_by("round__number", "table").values_list(*_GAME_COLUMNS))
    byes_qs = byes_qs.order_by("round__number", "player__surname", "player__given_name", "player_id")
    byes = list(byes_qs.values_list("round__number", "player_id"))
    have_played = {g[1] for g in games} | {g[2] for g in games} | {b[1] for b in byes}

    players = []
    for reg in registrations:
        confirmed = reg.status == Registration.Status.CONFIRMED
        if before_round is not None and not confirmed and reg.pk not in have_played:
            continue
        absent = set(reg.absent_rounds or ())
        players.append(
            pm.player_from(
                reg,
                player_key(reg.pk),
                participation=tuple(
                    n not in absent and reg.status != Registration.Status.WITHDRAWN for n in range(1, last + 1)
                ),
                final=confirmed or reg.status == Registration.Status.WITHDRAWN,
                withdrawn=reg.status == Registration.Status.WITHDRAWN,
            )
        )
    return pm.Tournament(
        players=tuple(players),
        games=tuple(_plain_game(*row) for row in games),
        byes=tuple(pm.Bye(round=number, player=player_key(player)) for number, player in byes),
        params=parameters_for(tournament, round_),
        name=tournament.name,
        short_name=tournament.slug,
        disciplines={r.number: plain_discipline(r.discipline) for r in rounds},
        extra=tournament.opengotha_extra or {},
    )


def pairing_tournament(tournament: Tournament, round_: Round) -> pm.Tournament:
    """Everything the engine needs to pair ``round_``: earlier rounds only."""
    return plain_tournament(tournament, before_round=round_.number, round_=round_)


def pair_constraints_for(round_: Round):
    """The tournament's pairing constraints that hold in this round (every-round ones included)."""
    return PairConstraint.objects.filter(tournament_id=round_.tournament_id).filter(
        Q(round__isnull=True) | Q(round=round_)
    )
