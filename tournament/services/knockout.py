"""A knockout stage on the site: the bracket seeded from the standings, its rounds made, its rule changed,
and the whole of it taken back.

The bracket itself is pure (:mod:`tournament.pairing.knockout`); this module stores what it cannot read
from the games: the seeds and the director's rules (:class:`~tournament.models.Knockout`). Each stage of
the bracket is a round of the tournament whose pairing system is knockout (``Round.is_knockout``), made
by :func:`knockout_next_round` as the round robin makes its rounds: games stored as a pairing's, the
round paired, so results come in as anywhere else (the results grid, the players' phones, the live
board, the referee) and the pages, PDFs, exports and backups take it as any round.

Seeding (:func:`knockout_make`): the standings after the last round played (all of its results in),
without withdrawn players; the top ``size``, or the top ``per_group`` of each group of a group stage
(``Registration.group``, placed within the group by the same standings). Players tied at the cut are
named to the director (the standings' own order put them in or out).

Colours (``Knockout.colours``): even games, nigiri (the site tosses the coin when it makes the round,
each toss in the audit log) by default; or the tournament's handicap rules, as the round robin's games
get them. A game without a winner (jigo, both lost by default, both won): the director's rule, chosen
with the bracket and changed (audited) while it is played (:func:`knockout_rule`): the higher seed goes
on, or the two play a replay game in the next round.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.models import Game, Knockout, Registration, Round, Tournament
from tournament.models.game import Result
from tournament.models.tournament import KNOCKOUT
from tournament.pairing import knockout as ko
from tournament.pairing import model as pm
from tournament.pairing import tables
from tournament.pairing.round_robin import RobinRound, round_games
from tournament.pairing_words import tables_full_text
from tournament.permissions import ORGANIZER, require
from tournament.selectors.knockout import bracket_of, knockout_names
from tournament.selectors.pairing_data import pairing_tournament
from tournament.selectors.standings import standings_for
from tournament.selectors.tables import table_rules

from .audit import log_change
from .round_robin import added_rounds
from .rounds import RoundStateError, advance_round, round_unpair, unsaved_game


@dataclass
class Made:
    """What :func:`knockout_make` did: the stage, its first round, the players tied at the cut."""

    knockout: Knockout
    round: Round | None
    tied_at_cut: list[str] = field(default_factory=list)


def _refuse_teams(tournament: Tournament) -> None:
    if tournament.is_team_event or tournament.is_pair_event:
        raise ValidationError(
            _("A knockout stage seats single players; %(tournament)s is a team, Pair Go or Rengo event.")
            % {"tournament": tournament.name}
        )


def _played_rounds(tournament: Tournament) -> list[Round]:
    rounds = [r for r in tournament.rounds.order_by("number") if r.status != Round.Status.PLANNED]
    if not rounds:
        raise ValidationError(_("No round is played yet: the knockout stage is seeded from the standings."))
    missing = (
        Game.objects.filter(round__in=rounds, result=Result.UNKNOWN).select_related("round").order_by("round__number")
    )
    first = missing.first()
    if first is not None:
        raise ValidationError(
            ngettext(
                "Round %(number)s has %(count)s game without a result; the seeding needs every result.",
                "Round %(number)s has %(count)s games without a result; the seeding needs every result.",
                missing.filter(round=first.round).count(),
            )
            % {"number": first.round.number, "count": missing.filter(round=first.round).count()}
        )
    return rounds


def _bracket_error(exc: ko.BracketError, count: int) -> ValidationError:
    if exc.code == "count":
        return ValidationError(
            _("A knockout stage takes %(least)s to %(most)s players; this one would have %(count)s.")
            % {"least": ko.MIN_SEEDS, "most": ko.MAX_SEEDS, "count": count}
        )
    return ValidationError(_("These players cannot be seeded: %(problem)s") % {"problem": str(exc)})


def _seeds(tournament: Tournament, after: int, size: int, per_group: int | None):
    """(seeds, origins, tied at the cut) from the standings after round ``after``."""
    rows = standings_for(tournament, public=False, up_to=after).rows
    confirmed = set(tournament.registrations.filter(status=Registration.Status.CONFIRMED).values_list("pk", flat=True))
    rows = [r for r in rows if r.entrant.id in confirmed]
    names = knockout_names(tournament)
    if per_group is None:
        if not ko.MIN_SEEDS <= size <= len(rows):
            raise ValidationError(
                _("The knockout stage takes %(least)s players up to the %(count)s in the standings, not %(size)s.")
                % {"least": ko.MIN_SEEDS, "count": len(rows), "size": size}
            )
        chosen = rows[:size]
        tied = []
        if size < len(rows) and rows[size].place == rows[size - 1].place:
            place = rows[size].place
            tied = [names[r.entrant.id] for r in rows if r.place == place]
        return [str(r.entrant.id) for r in chosen], [str(r.place) for r in chosen], tied
    group_of = dict(tournament.registrations.values_list("pk", "group"))
    groups: dict[str, list] = {}
    for r in rows:
        groups.setdefault(group_of[r.entrant.id], []).append(r)
    if "" in groups or not groups:
        raise ValidationError(_("Not every player is in a group: seed the knockout stage from the whole table."))
    qualifiers, origin, tied = [], {}, []
    for name, members in sorted(groups.items()):
        if len(members) < per_group:
            raise ValidationError(
                _("Group %(group)s has %(count)s players, fewer than the %(per)s it should send on.")
                % {"group": name, "count": len(members), "per": per_group}
            )
        # the place within the group: the table's order (their own games decide it: a group plays only itself)
        for i, r in enumerate(members[:per_group], 1):
            origin[str(r.entrant.id)] = f"{name}{i}"
        if per_group < len(members) and members[per_group].place == members[per_group - 1].place:
            tied += [names[r.entrant.id] for r in members if r.place == members[per_group].place]
        qualifiers.append([str(r.entrant.id) for r in members[:per_group]])
    seeds = ko.group_seeds(qualifiers)
    return seeds, [origin[k] for k in seeds], tied


@transaction.atomic
def knockout_make(
    *,
    tournament: Tournament,
    user,
    size: int = 8,
    per_group: int | None = None,
    third_place: bool = True,
    draw_rule: str = Knockout.Rule.HIGHER_SEED,
    colours: str = Knockout.Colours.NIGIRI,
) -> Made:
    """Seed the knockout stage from the standings (module docstring) and make its first round."""
    require(user, tournament, ORGANIZER)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _refuse_teams(tournament)
    if Knockout.objects.filter(tournament=tournament).exists():
        raise ValidationError(_("The knockout stage is made already; remove it first to seed it again."))
    if draw_rule not in Knockout.Rule.values or colours not in Knockout.Colours.values:
        raise ValidationError(_("Choose the rules of the knockout stage from the lists."))
    if per_group is not None and not ko.MIN_SEEDS // 2 <= per_group <= ko.MAX_SEEDS:
        raise ValidationError(_("Send on at least one player of each group."))
    after = _played_rounds(tournament)[-1].number
    seeds, origins, tied = _seeds(tournament, after, size, per_group)
    try:
        ko.bracket(seeds)
    except ko.BracketError as exc:
        raise _bracket_error(exc, len(seeds)) from None
    stage = Knockout.objects.create(
        tournament=tournament,
        seeds=[int(k) for k in seeds],
        origins=origins,
        third_place=third_place,
        draw_rule=draw_rule,
        colours=colours,
        after_round=after,
        from_groups=per_group is not None,
    )
    names = knockout_names(tournament)
    log_change(
        tournament,
        "tournament.knockout",
        user=user,
        after={
            "seeds": [f"{o} {names[int(k)]}" for o, k in zip(origins, seeds)],
            "after round": after,
            "third place": third_place,
            "draw rule": draw_rule,
            "colours": colours,
        },
    )
    first = _next_round(tournament, stage, user=user)
    return Made(knockout=stage, round=first, tied_at_cut=tied)


def _target_round(tournament: Tournament, *, user) -> Round:
    """The round the next stage is played in: the first planned round after every round in play, or one
    added to the programme (the last round's discipline, its start time following the rhythm)."""
    rounds = list(tournament.rounds.select_related("discipline").order_by("number"))
    last = max((r.number for r in rounds if r.status != Round.Status.PLANNED), default=0)
    planned = next((r for r in rounds if r.status == Round.Status.PLANNED and r.number > last), None)
    if planned is not None:
        return planned
    return added_rounds(tournament, rounds, len(rounds) + 1, user=user)[0]


def _next_round(tournament: Tournament, stage: Knockout, *, user, coins: list[bool] | None = None) -> Round:
    b = bracket_of(stage, public=False)
    playing = b.playing()
    if playing:
        names = knockout_names(tournament)
        raise RoundStateError(
            _("Enter the results of the knockout games first: %(games)s.")
            % {"games": ", ".join(" – ".join(names[int(k)] for k in m.players() if k) for m in playing)}
        )
    due = ko.next_games(b)
    if not due:
        raise RoundStateError(_("The knockout stage is complete: every place is decided."))
    round_ = _target_round(tournament, user=user)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.games.exists() or round_.byes.exists():
        raise RoundStateError(
            _("Round %(number)s has games or byes already; remove them first.") % {"number": round_.number}
        )
    round_.pairing_system = KNOCKOUT
    round_.save(update_fields=["pairing_system"])
    advance_round(round_, Round.Status.PLANNED, Round.Status.PAIRED)
    if stage.colours == Knockout.Colours.NIGIRI:
        tosses = coins if coins is not None else [secrets.randbelow(2) == 1 for _ in due]
        sides = ko.colours(due, tosses)
        games = [pm.Game(round=round_.number, white=w, black=b_, table=t) for t, (w, b_) in enumerate(sides, 1)]
    else:
        robin = RobinRound(round_.number, tuple((g.higher, g.lower) for g in due))
        games = round_games(pairing_tournament(tournament, round_), robin, round_.number)
    try:  # the bracket's order, at the tables the round's table plan leaves (as a paired round's games)
        games = tables.in_order(games, table_rules(round_))
    except tables.TablesFull as exc:
        raise ValidationError(tables_full_text()) from exc
    Game.objects.bulk_create([unsaved_game(round_, g, pinned=False) for g in games])
    names = knockout_names(tournament)
    log_change(
        round_,
        "round.knockout",
        user=user,
        after={
            "games": [
                f"{g.match.code}: {names[int(p.white)]} (W) – {names[int(p.black)]} (B)"
                + (" (replay)" if g.replay else "")
                for g, p in zip(due, games)
            ],
            "colours": stage.colours,
        },
    )
    return round_


@transaction.atomic
def knockout_next_round(*, tournament: Tournament, user, coins: list[bool] | None = None) -> Round:
    """Make the bracket's next round from the results: the next stage's games, or the replays the rule
    asks for. Refused while a game of the bracket has no result, and once every place is decided.
    ``coins``: the nigiri's tosses (the higher seed takes White where true); none: the site tosses."""
    require(user, tournament, ORGANIZER)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    stage = Knockout.objects.filter(tournament=tournament).first()
    if stage is None:
        raise ValidationError(_("This tournament has no knockout stage yet."))
    return _next_round(tournament, stage, user=user, coins=coins)


@transaction.atomic
def knockout_rule(*, tournament: Tournament, user, draw_rule: str, reason: str = "") -> Knockout:
    """The director's rule for a game without a winner, changed while the bracket is played (audited);
    it decides the matches whose game ended so from then on."""
    require(user, tournament, ORGANIZER)
    stage = Knockout.objects.select_for_update().filter(tournament=tournament).first()
    if stage is None:
        raise ValidationError(_("This tournament has no knockout stage yet."))
    if draw_rule not in Knockout.Rule.values:
        raise ValidationError(_("Choose the rules of the knockout stage from the lists."))
    if draw_rule != stage.draw_rule:
        before = stage.draw_rule
        stage.draw_rule = draw_rule
        stage.save(update_fields=["draw_rule"])
        log_change(
            tournament,
            "tournament.knockout_rule",
            user=user,
            before={"draw rule": before},
            after={"draw rule": draw_rule},
            reason=reason,
        )
    return stage


@transaction.atomic
def knockout_remove(*, tournament: Tournament, user) -> list[int]:
    """Take the knockout stage back while none of its rounds is published: its rounds planned again (their
    games gone, their pairing system the tournament's again), the seeds forgotten. The rounds emptied."""
    require(user, tournament, ORGANIZER)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    stage = Knockout.objects.filter(tournament=tournament).first()
    if stage is None:
        raise ValidationError(_("This tournament has no knockout stage to remove."))
    rounds = list(tournament.rounds.filter(pairing_system=KNOCKOUT).order_by("number"))
    public = [r.number for r in rounds if r.is_public]
    if public:
        raise RoundStateError(
            ngettext(
                "Round %(rounds)s of the knockout stage is published; take it back first.",
                "Rounds %(rounds)s of the knockout stage are published; take them back first.",
                len(public),
            )
            % {"rounds": ", ".join(map(str, public))}
        )
    for round_ in rounds:
        if round_.status == Round.Status.PAIRED:
            round_unpair(round=round_, user=user, keep_pinned=False)
        round_.refresh_from_db()
        round_.pairing_system = ""
        round_.save(update_fields=["pairing_system"])
    log_change(tournament, "tournament.knockout_remove", user=user, before={"seeds": stage.seeds})
    stage.delete()
    return [r.number for r in rounds]
