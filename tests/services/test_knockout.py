"""A knockout stage on the site (:mod:`tournament.services.knockout`): seeded from a Swiss's standings,
played round by round to a champion, a jigo by the director's rule; a 9x9 side event of round-robin groups
with knockout finals; refusals."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError

from tests.factories import make_discipline, make_player, make_round, make_tournament
from tournament.models import AuditEntry, Game, Knockout, Round
from tournament.models.discipline import DisciplineKind
from tournament.models.game import Result
from tournament.models.tournament import KNOCKOUT, ROUND_ROBIN_CRITERIA, PairingSystem
from tournament.permissions import SYSTEM
from tournament.publishing.site_map import tournament_items
from tournament.selectors.knockout import bracket_of, bracket_sheet, group_tables
from tournament.selectors.standings import standings_for
from tournament.services.knockout import knockout_make, knockout_next_round, knockout_remove, knockout_rule
from tournament.services.results import result_set
from tournament.services.round_robin import groups_draw, round_robin_remove, round_robin_schedule
from tournament.services.rounds import round_finish, round_pair, round_publish
from tournament.services.tables import table_plan_save

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def swiss(players: int = 12, rounds: int = 4):
    t = make_tournament(pairing_system=PairingSystem.SWISS)
    go = make_discipline(t, DisciplineKind.GO, handicap_policy="none")
    regs = [make_player(t, surname=f"Spieler{i:02d}", rank="5k", rating=2000 - 10 * i) for i in range(players)]
    for n in range(1, rounds + 1):
        make_round(t, go, n)
    return t, regs


def finish(round_: Round, winner=None) -> None:
    """Publish the round and enter every result: ``winner(game)`` the winner's id (the stronger by default:
    the smaller id, made first with the higher rating), ``Result.DRAW`` for a jigo."""
    round_.refresh_from_db()
    if round_.status == Round.Status.PAIRED:
        round_publish(round=round_, user=SYSTEM)
    for g in round_.games.all():
        won = winner(g) if winner else min(g.black_id, g.white_id)
        result = won if won == Result.DRAW else (Result.BLACK if won == g.black_id else Result.WHITE)
        result_set(game=g, user=SYSTEM, version=g.version, result=result)
    round_finish(round=round_, user=SYSTEM)


def pairs(round_: Round) -> set[frozenset[int]]:
    return {frozenset((g.black_id, g.white_id)) for g in round_.games.all()}


def test_a_swiss_of_four_rounds_then_a_knockout_of_eight_to_a_champion():
    t, regs = swiss()
    for n in range(1, 5):
        r = t.rounds.get(number=n)
        round_pair(round=r, user=SYSTEM)
        finish(r)
    table = standings_for(t, public=False).rows
    top = [row.entrant.id for row in table[:8]]
    made = knockout_make(tournament=t, user=SYSTEM, size=8)
    stage = made.knockout
    assert stage.seeds == top and stage.after_round == 4 and stage.origins[0] == str(table[0].place)
    # round 5 was added to the programme and made by the bracket: 1 v 8, 4 v 5, 2 v 7, 3 v 6
    r5 = made.round
    assert r5.number == 5 and r5.pairing_system == KNOCKOUT and r5.status == Round.Status.PAIRED
    s = top
    assert pairs(r5) == {frozenset((s[a], s[b])) for a, b in ((0, 7), (3, 4), (1, 6), (2, 5))}
    assert {g.handicap for g in r5.games.all()} == {0} and r5.games.get(table=1).komi == r5.discipline.komi
    with pytest.raises(ValidationError, match="knockout stage"):
        round_pair(round=r5, user=SYSTEM)
    with pytest.raises(ValidationError, match="results of the knockout games first"):
        knockout_next_round(tournament=t, user=SYSTEM)
    # seed 5 beats seed 4; the others win as seeded
    finish(r5, lambda g: s[4] if s[4] in (g.black_id, g.white_id) else min(g.black_id, g.white_id, key=s.index))
    r6 = knockout_next_round(tournament=t, user=SYSTEM, coins=[True, False])
    assert r6.number == 6
    assert pairs(r6) == {frozenset((s[0], s[4])), frozenset((s[1], s[2]))}
    g1 = r6.games.get(table=1)
    assert (g1.white_id, g1.black_id) == (s[0], s[4])  # the higher seed White: the coin said so
    g2 = r6.games.get(table=2)
    assert (g2.white_id, g2.black_id) == (s[2], s[1])  # the lower seed White
    finish(r6, lambda g: min(g.black_id, g.white_id, key=s.index))
    r7 = knockout_next_round(tournament=t, user=SYSTEM)
    final, third = r7.games.get(table=1), r7.games.get(table=2)
    assert {final.black_id, final.white_id} == {s[0], s[1]} and {third.black_id, third.white_id} == {s[4], s[2]}
    finish(r7, lambda g: s[1] if s[1] in (g.black_id, g.white_id) else s[4])
    with pytest.raises(ValidationError, match="complete"):
        knockout_next_round(tournament=t, user=SYSTEM)
    b = bracket_of(stage, public=True)
    assert b.complete and b.champion == str(s[1])
    sheet = bracket_sheet(t, public=True)
    assert [(p.label, p.player.surname) for p in sheet.places[:4]] == [
        ("1st", regs[s[1] - regs[0].pk].surname),
        ("2nd", regs[s[0] - regs[0].pk].surname),
        ("3rd", regs[s[4] - regs[0].pk].surname),
        ("4th", regs[s[2] - regs[0].pk].surname),
    ]
    assert [p.label for p in sheet.places[4:]] == ["5th–8th"] * 4
    assert [st.name for st in sheet.stages] == ["Quarter-finals", "Semi-finals", "Final"]
    assert sheet.stages[2].rounds == (7,)
    assert AuditEntry.objects.filter(action="round.knockout").count() == 3
    # the published copy holds the bracket and its PDF in both languages
    files = {item.file for item in tournament_items(t)}
    for lang in ("de", "en"):
        assert {f"{lang}/t/{t.slug}/bracket/index.html", f"{lang}/t/{t.slug}/bracket.pdf"} <= files
    assert AuditEntry.objects.get(action="tournament.knockout").after["after round"] == 4


def test_the_knockout_games_keep_off_the_excluded_tables_in_bracket_order():
    """The tournament's table plan holds for the bracket's rounds as for a paired round: table 3 is broken,
    so the quarter-finals sit at 1, 2, 4, 5 (by nigiri and by the rules alike)::

        table   1      2      3        4      5
        QF     1-8    4-5   (broken)  2-7    3-6
    """
    for colours in ("nigiri", "rules"):
        t, regs = swiss(players=8, rounds=1)
        table_plan_save(tournament=t, excluded="3", user=SYSTEM)
        r1 = t.rounds.get(number=1)
        round_pair(round=r1, user=SYSTEM)
        assert 3 not in {g.table for g in r1.games.all()}
        finish(r1)
        made = knockout_make(tournament=t, user=SYSTEM, size=8, colours=colours)
        s = made.knockout.seeds
        tables = {frozenset((g.black_id, g.white_id)): g.table for g in made.round.games.all()}
        assert tables == {
            frozenset((s[a], s[b])): n for (a, b), n in zip(((0, 7), (3, 4), (1, 6), (2, 5)), (1, 2, 4, 5))
        }


def test_a_jigo_the_higher_seed_goes_on_or_a_replay_by_the_directors_rule():
    t, regs = swiss(players=4, rounds=1)
    r1 = t.rounds.get(number=1)
    round_pair(round=r1, user=SYSTEM)
    finish(r1)
    made = knockout_make(tournament=t, user=SYSTEM, size=4, third_place=False, draw_rule=Knockout.Rule.REPLAY)
    s = made.knockout.seeds
    finish(made.round, lambda g: Result.DRAW if s[0] in (g.black_id, g.white_id) else min(g.black_id, g.white_id))
    # the rule says replay: the next round is the replay of 1 v 4 only
    replay = knockout_next_round(tournament=t, user=SYSTEM)
    assert pairs(replay) == {frozenset((s[0], s[3]))}
    finish(replay, lambda g: Result.DRAW)
    # the director decides otherwise now: the higher seed goes on, audited
    knockout_rule(tournament=t, user=SYSTEM, draw_rule=Knockout.Rule.HIGHER_SEED, reason="time is up")
    entry = AuditEntry.objects.get(action="tournament.knockout_rule")
    assert entry.before == {"draw rule": "replay"} and entry.reason == "time is up"
    final = knockout_next_round(tournament=t, user=SYSTEM)
    assert pairs(final) == {frozenset((s[0], s[1]))}
    sheet = bracket_sheet(t, public=False)
    assert [m.state for m in sheet.stages[0].matches] == ["higher seed on", "won"]


def test_refusals_and_taking_it_back():
    t, regs = swiss(players=6, rounds=2)
    with pytest.raises(ValidationError, match="No round is played"):
        knockout_make(tournament=t, user=SYSTEM, size=4)
    r1 = t.rounds.get(number=1)
    round_pair(round=r1, user=SYSTEM)
    with pytest.raises(ValidationError, match="without a result"):
        knockout_make(tournament=t, user=SYSTEM, size=4)
    finish(r1)
    with pytest.raises(ValidationError, match="up to the 6"):
        knockout_make(tournament=t, user=SYSTEM, size=7)
    with pytest.raises(PermissionDenied):
        knockout_make(tournament=t, user=AnonymousUser(), size=4)
    made = knockout_make(tournament=t, user=SYSTEM, size=6)
    # six: seeds 1 and 2 have byes, round 2 (planned) takes the first stage
    assert made.round.number == 2 and made.round.games.count() == 2
    with pytest.raises(ValidationError, match="made already"):
        knockout_make(tournament=t, user=SYSTEM, size=4)
    assert knockout_remove(tournament=t, user=SYSTEM) == [2]
    r2 = t.rounds.get(number=2)
    assert r2.status == Round.Status.PLANNED and r2.pairing_system == "" and not Knockout.objects.exists()
    made = knockout_make(tournament=t, user=SYSTEM, size=4, colours=Knockout.Colours.RULES)
    round_publish(round=made.round, user=SYSTEM)
    with pytest.raises(ValidationError, match="published"):
        knockout_remove(tournament=t, user=SYSTEM)


@pytest.mark.parametrize("colours", [Knockout.Colours.NIGIRI, Knockout.Colours.RULES])
def test_the_knockout_games_sit_at_the_tables_the_plan_leaves(colours):
    """Table 1 is kept for the broadcast (empty), table 2 is broken: the bracket's games keep their order
    (1 v 8 first) at the tables the plan leaves, as a paired round's do; too few tables are refused in words.
    ::

        tables     1        2        3      4      5      6
        plan    reserved excluded    .      .      .      .
        games       -        -     1v8    4v5    2v7    3v6
    """
    from tournament.services.tables import table_plan_save

    t, regs = swiss(players=8, rounds=1)
    r1 = t.rounds.get(number=1)
    round_pair(round=r1, user=SYSTEM)
    finish(r1)
    table_plan_save(tournament=t, excluded="2", reserved="1", reserved_use="empty", user=SYSTEM)
    made = knockout_make(tournament=t, user=SYSTEM, size=8, colours=colours)
    s = made.knockout.seeds
    at = {g.table: frozenset((g.black_id, g.white_id)) for g in made.round.games.all()}
    assert at == {
        3: frozenset((s[0], s[7])),
        4: frozenset((s[3], s[4])),
        5: frozenset((s[1], s[6])),
        6: frozenset((s[2], s[5])),
    }
    knockout_remove(tournament=t, user=SYSTEM)
    table_plan_save(tournament=t, excluded="4-9999", user=SYSTEM)
    with pytest.raises(ValidationError, match="not enough tables"):
        knockout_make(tournament=t, user=SYSTEM, size=8, colours=colours)
    assert not Knockout.objects.exists() and not t.rounds.get(number=2).games.exists()


def test_a_9x9_side_event_of_round_robin_groups_and_knockout_finals():
    t = make_tournament(
        name="9x9 side event", pairing_system=PairingSystem.ROUND_ROBIN, standings_criteria=list(ROUND_ROBIN_CRITERIA)
    )
    nine = make_discipline(t, DisciplineKind.GO, board_size=9, komi=7, handicap_policy="none")
    regs = [make_player(t, surname=f"Neun{i:02d}", rank="3k", rating=2100 - 10 * i) for i in range(16)]
    make_round(t, nine, 1)
    groups = groups_draw(tournament=t, user=SYSTEM, count=4)
    assert list(groups) == ["A", "B", "C", "D"] and all(len(v) == 4 for v in groups.values())
    # a snake: the strongest to A, the second to B ... the fifth to D, the eighth to A
    assert dict(t.registrations.values_list("pk", "group"))[regs[0].pk] == "A"
    assert dict(t.registrations.values_list("pk", "group"))[regs[7].pk] == "A"
    made = round_robin_schedule(tournament=t, user=SYSTEM)
    assert len(made.rounds) == 3  # each group of four: three rounds, played side by side
    group_of = dict(t.registrations.values_list("pk", "group"))
    for r in made.rounds:
        games = list(r.games.order_by("table"))
        assert [g.table for g in games] == list(range(1, 9))
        assert all(group_of[g.black_id] == group_of[g.white_id] for g in games)
    for r in made.rounds:
        finish(r)  # the stronger wins: in each group its two strongest go on
    stage = knockout_make(tournament=t, user=SYSTEM, per_group=2, third_place=True).knockout
    assert stage.from_groups and stage.origins[:4] == ["A1", "B1", "C1", "D1"]
    assert sorted(stage.origins) == sorted(f"{g}{p}" for g in "ABCD" for p in (1, 2))
    with pytest.raises(ValidationError, match="remove it first"):
        round_robin_remove(tournament=t, user=SYSTEM)
    qf = t.rounds.get(number=4)
    assert qf.pairing_system == KNOCKOUT and qf.discipline == nine and qf.games.count() == 4
    # no two of one group meet before the final
    assert all(group_of[g.black_id] != group_of[g.white_id] for g in qf.games.all())
    finish(qf)
    finish(knockout_next_round(tournament=t, user=SYSTEM))
    finish(knockout_next_round(tournament=t, user=SYSTEM))
    b = bracket_of(stage, public=True)
    assert b.complete and b.champion == str(regs[0].pk)
    # each group's table, after the group stage: its two qualifiers on top
    tables = group_tables(t, public=True)
    assert [g.name for g in tables] == ["A", "B", "C", "D"]
    for g in tables:
        assert [line.place for line in g.lines] == [1, 2, 3, 4] and [line.qualified for line in g.lines] == [
            True,
            True,
            False,
            False,
        ]
        assert [line.values[0] for line in g.lines] == ["3", "2", "1", "0"]
    assert Game.objects.filter(round__tournament=t).count() == 3 * 8 + 4 + 2 + 2


def test_the_opengotha_file_holds_the_knockout_games_as_games_and_a_backup_keeps_the_stage():
    from tests.services.test_backup_round_trip import wipe
    from tournament.backup import DumpError, dump_tournament, load_tournament
    from tournament.files.opengotha import read_tournament
    from tournament.services.opengotha import export_opengotha

    t, regs = swiss(players=4, rounds=1)
    r1 = t.rounds.get(number=1)
    round_pair(round=r1, user=SYSTEM)
    finish(r1)
    made = knockout_make(tournament=t, user=SYSTEM, size=4)
    finish(made.round)
    final = knockout_next_round(tournament=t, user=SYSTEM)
    # OpenGotha has no brackets: the knockout rounds' games are games of their rounds, results and all
    plain = read_tournament(export_opengotha(t).encode())
    surname = {p.key: p.name for p in plain.players}
    in_file = {
        n: {(surname[g.white], surname[g.black], g.result.value) for g in plain.games if g.round == n} for n in (2, 3)
    }
    stored = {
        n: {(g.white.surname, g.black.surname, g.result) for g in t.rounds.get(number=n).games.all()} for n in (2, 3)
    }
    assert in_file[2] == {(w, b, "B" if r == Result.BLACK else "W") for w, b, r in stored[2]}
    assert {(w, b) for w, b, _ in in_file[3]} == {(w, b) for w, b, _ in stored[3]} and final.games.count() == 2
    # the backup keeps the stage, its seeds following the restored registrations; seeds of nobody are refused
    backup = dump_tournament(t)
    seeds = next(row for row in backup["objects"] if row["model"] == "tournament.knockout")["fields"]["seeds"]
    surnames = dict(t.registrations.values_list("pk", "surname"))
    tampered = {
        **backup,
        "objects": [
            {**row, "fields": {**row["fields"], "seeds": [*seeds[:-1], 999999]}}
            if row["model"] == "tournament.knockout"
            else row
            for row in backup["objects"]
        ],
    }
    wipe(t)
    with pytest.raises(DumpError, match="knockout"):
        load_tournament(tampered)
    restored = load_tournament(backup)
    stage = Knockout.objects.get(tournament=restored)
    names = dict(restored.registrations.values_list("pk", "surname"))
    assert [names[k] for k in stage.seeds] == [surnames[k] for k in seeds]
    assert restored.rounds.get(number=3).pairing_system == KNOCKOUT
    assert bracket_of(stage, public=False).final.state == "playing"  # its game is paired, no result yet
