"""A congress's pages ask the database the same whatever its size (issue #25, item 4).

At 2,000 players and ten rounds the site paired a round in 91-131 s and 14-17 GB: every game was
loaded with its round, and the round with its pairing's record (half a megabyte a round at 2,000
players). The record has its own table now (``PairingRecord``). These tests check that nothing that
loads games reads it, and that the SQL statements of the heavy pages, files and the pairing itself do
not grow with the players or with the rounds played. Their time and memory are measured through the
pages by ``tests/bench/bench_congress.py``.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.factories import make_discipline, make_player, make_round, make_tournament
from tournament.models import Game, PairingRecord, Round, TournamentRole
from tournament.models.discipline import DisciplineKind, HandicapPolicy
from tournament.permissions import SYSTEM
from tournament.services.rounds import round_finish, round_pair, round_publish

pytestmark = pytest.mark.django_db

RANKS = ["5d", "3d", "1d", "1k", "3k", "5k", "8k", "10k", "12k", "15k", "18k", "20k"]


def congress(players: int, played: int):
    """``players`` players (an odd number: every round has a bye), ``played`` rounds paired, played and
    closed (Go and Ninuki-Renju in turn), the next one paired and published with half its results in
    (one player in four is absent from it)."""
    t = make_tournament(pairing_system="mcmahon", time_control="60 min + 5x30 s", mcmahon_bar=4)
    go = make_discipline(t, kind=DisciplineKind.GO, board_size=19, handicap_policy=HandicapPolicy.MCMAHON)
    ninuki = make_discipline(t, kind=DisciplineKind.NINUKI, board_size=19)
    for i in range(players):
        absent = [played + 1] if i % 4 == 3 else []  # one in four misses the current round
        make_player(
            t, surname=f"Spieler{i:03d}", rank=RANKS[i % len(RANKS)], club=f"Club {i % 5}", absent_rounds=absent
        )
    rounds = [make_round(t, go if n % 2 else ninuki, n) for n in range(1, played + 2)]
    for round_ in rounds:
        round_pair(round=round_, user=SYSTEM)
        round_publish(round=round_, user=SYSTEM)
        games = list(round_.games.order_by("table").values_list("pk", flat=True))
        done = games if round_.number <= played else games[: len(games) // 2]
        Game.objects.filter(pk__in=done).update(result="W", result_state="confirmed", updated_at=timezone.now())
        if round_.number <= played:
            round_finish(round=round_, user=SYSTEM)
    organizer = get_user_model().objects.create_user(f"td-{t.slug}", password="pw-td-12345")
    TournamentRole.objects.create(tournament=t, user=organizer, role="organizer")
    return t, organizer


def pages(t) -> dict[str, str]:
    """What an organizer opens on a tournament day, by name: the heavy pages, files and answers."""
    s, n = t.slug, t.rounds.count()
    game = Game.objects.filter(round__tournament=t, round__number=n).order_by("table").first()
    d = t.disciplines.order_by("position", "pk").first().pk
    return {
        "dashboard": f"/t/{s}/manage/",
        "rounds": f"/t/{s}/manage/rounds/",
        "round (organizer)": f"/t/{s}/manage/rounds/{n}/",
        "finished round (organizer)": f"/t/{s}/manage/rounds/{n - 1}/",
        "results grid": f"/t/{s}/manage/results/?round={n}",
        "players (organizer)": f"/t/{s}/manage/players/",
        "files": f"/t/{s}/manage/files/",
        "referee queue": f"/t/{s}/referee/",
        "tournament": f"/t/{s}/",
        "players": f"/t/{s}/players/",
        "round": f"/t/{s}/round/{n}/",
        "game": f"/t/{s}/round/{n}/game/{game.pk}/",
        "standings": f"/t/{s}/standings/",
        "standings of a discipline": f"/t/{s}/standings/d/{d}/",
        "crosstable": f"/t/{s}/crosstable/",
        "API round": f"/api/v1/tournaments/{s}/rounds/{n}/",
        "API standings": f"/api/v1/tournaments/{s}/standings/",
        "API players": f"/api/v1/tournaments/{s}/players/",
        "OpenGotha file": f"/t/{s}/manage/files/opengotha.xml",
        "EGD file": f"/t/{s}/results.h9",
        "standings PDF": f"/t/{s}/standings.pdf?lang=en",
        "crosstable PDF": f"/t/{s}/crosstable.pdf?lang=en",
        "standings CSV": f"/t/{s}/standings.csv",
        "pairing sheet": f"/t/{s}/round/{n}/pairings.pdf?lang=en",
        "result slips": f"/t/{s}/round/{n}/slips.pdf?lang=en",
    }


def statements(client, url: str, method: str = "get") -> tuple[int, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        response = getattr(client, method)(url)
    assert response.status_code in (200, 302), (url, response.status_code)
    return len(queries.captured_queries), [q["sql"] for q in queries.captured_queries]


@pytest.fixture
def small_and_big(client):
    """The same tournament day at two sizes: 9 players after 2 rounds, 17 players after 5."""
    small, big = congress(9, 2), congress(17, 5)
    return small, big


def test_the_pages_sql_does_not_grow_with_the_players_or_the_rounds_played(client, small_and_big):
    counts: dict[str, list[tuple[int, int]]] = {}
    for t, organizer in small_and_big:
        client.force_login(organizer)
        for name, url in pages(t).items():
            cache.clear()
            cold, _sql = statements(client, url)
            warm, _sql = statements(client, url)
            counts.setdefault(name, []).append((cold, warm))
    grown = {name: sizes for name, sizes in counts.items() if sizes[0] != sizes[1]}
    assert grown == {}, "statements (cold, warm) at 9 players/2 rounds and 17 players/5 rounds"


def test_pairing_a_round_through_its_page_asks_the_same_whatever_the_size(client, small_and_big):
    counts = []
    for t, organizer in small_and_big:
        client.force_login(organizer)
        n = t.rounds.count()
        Round.objects.filter(tournament=t, number=n).update(status="paired")  # "Pair again" on the paired round
        count, sql = statements(client, f"/t/{t.slug}/manage/rounds/{n}/pair/", "post")
        assert Round.objects.get(tournament=t, number=n).status == "paired"
        # the record is written, never read back (a congress's is half a megabyte): only its short list of
        # the players a checked-in-only round left out (given back before the round is paired again)
        read = [q for q in sql if "pairingrecord" in q.lower() and q.lstrip().upper().startswith("SELECT")]
        assert [q for q in read if "not_checked_in" not in q.split(" FROM ")[0]] == []
        counts.append(count)
    assert counts[0] == counts[1]


def test_nothing_that_loads_games_reads_the_pairing_record(client, small_and_big):
    from tournament.backup import dump_tournament
    from tournament.selectors.pairing_data import pairing_tournament
    from tournament.selectors.results import games_of_tournament
    from tournament.selectors.round_day import game_warnings
    from tournament.services.opengotha import export_opengotha

    assert "pairing_record" not in {f.name for f in Round._meta.get_fields()}  # not a column of the round
    t, organizer = small_and_big[1]
    n = t.rounds.count()
    current = t.rounds.get(number=n)
    assert PairingRecord.of(current.pk)["explanations"]  # there is one to read
    with CaptureQueriesContext(connection) as queries:
        pairing_tournament(t, current)
        game_warnings(current)
        export_opengotha(t)
        games = list(games_of_tournament(t))
        assert {g.round.number for g in games} == set(range(1, n + 1))
    client.force_login(organizer)
    shown = pages(t)
    for name in ("results grid", "round", "game", "standings", "crosstable", "API round", "OpenGotha file"):
        cache.clear()
        _count, sql = statements(client, shown[name])
        queries.captured_queries.extend({"sql": q} for q in sql)
    assert not [q["sql"] for q in queries.captured_queries if "pairingrecord" in q["sql"].lower()]
    # the backup does read it: every round's record, as a field of the round
    rounds = [row for row in dump_tournament(t)["objects"] if row["model"] == "tournament.round"]
    assert all("pairing_record" in row["fields"] for row in rounds)


def test_the_round_page_reads_only_what_it_shows_of_the_record(client, small_and_big):
    """Its top (warnings, the bye's reason, the games' checks, who was left out as not checked in) reads four
    keys of the record in one statement; the explanations are read with the table of games, which is kept
    once made; the whole record never."""
    t, organizer = small_and_big[1]
    client.force_login(organizer)
    url = pages(t)["round (organizer)"]

    def keys_read(sql: list[str]) -> list[set[str]]:
        selects = [q.split(" FROM ")[0] for q in sql if "pairingrecord" in q.lower()]
        keys = ("warnings", "bye_explanation", "explanations", "checks", "not_checked_in")
        return [{k for k in keys if k in q} for q in selects]

    top = {"warnings", "bye_explanation", "checks", "not_checked_in"}
    first, sql = statements(client, url)
    assert sorted(keys_read(sql), key=len) == [{"explanations"}, top]
    again, sql = statements(client, url)
    assert keys_read(sql) == [top]  # the table is kept: only the top
    assert again < first
