"""The final table frozen for the prize-giving (issue #34, item 5), through every consumer.

A McMahon of six players, two rounds played. The director freezes the table; a name and a club are
corrected and a result is changed afterwards: the standings page, its PDF (read by pdftotext), the CSV,
the API and the projector keep the frozen places and scores, show the corrected name and club and say
"frozen at ..."; the organizer's page names the changed result and whom it would move. Unfreezing needs a
reason; both steps are in the audit log; a team tournament's team table is frozen too.
"""

from __future__ import annotations

import csv
import html
import io
import re
import subprocess

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from tests.factories import make_discipline, make_player, make_tournament
from tournament.models import AuditEntry, FrozenStandings, Game, Round, TournamentRole
from tournament.selectors.standings import freeze_report, shown_standings, standings_for
from tournament.services.registrations import registration_update
from tournament.services.results import result_set
from tournament.services.rounds import round_finish, round_pair, round_publish
from tournament.services.standings_freeze import standings_freeze, standings_unfreeze

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]

NAMES = ["Albers", "Berg", "Cohen", "Dorn", "Ernst", "Fuchs"]


def _text(response) -> str:
    assert response.status_code == 200, response.status_code
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def _pdf_text(content: bytes) -> str:
    done = subprocess.run(["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True)
    return " ".join(done.stdout.decode().split())


def _csv(response) -> list[dict]:
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


class Day:
    def __init__(self):
        self.organizer = get_user_model().objects.create_user("freeze-orga", password="x")
        self.t = make_tournament(pairing_system="mcmahon")
        TournamentRole.objects.create(tournament=self.t, user=self.organizer, role="organizer")
        go = make_discipline(self.t, board_size=19)
        self.players = [
            make_player(self.t, surname=name, rank=rank, club="Hannover")
            for name, rank in zip(NAMES, ["2d", "1d", "1k", "2k", "3k", "4k"])
        ]
        self.rounds = [Round.objects.create(tournament=self.t, discipline=go, number=n) for n in (1, 2)]
        for round_ in self.rounds:
            round_pair(round=round_, user=self.organizer)
            round_publish(round=round_, user=self.organizer)
            for game in round_.games.order_by("table"):
                result_set(game=game, user=self.organizer, version=game.version, result="W")
            round_finish(round=round_, user=self.organizer)

    def places(self, standings) -> dict[str, str]:
        return {row.entrant.surname: standings.place_text(row) for row in standings.rows}


@pytest.fixture
def day(db):
    return Day()


def _decisive_game(day) -> Game:
    """A game of round 2 whose result, turned round, moves its two players in the table."""
    before = day.places(shown_standings(day.t))
    for game in Game.objects.filter(round=day.rounds[1]).select_related("black", "white"):
        if before[game.black.surname] != before[game.white.surname]:
            return game
    raise AssertionError("no game of round 2 between players of different places")


def test_frozen_table_keeps_places_shows_new_names_and_reports_a_changed_result(client, day):
    client.force_login(day.organizer)
    before = shown_standings(day.t)
    response = client.post(f"/t/{day.t.slug}/standings/freeze/")
    assert response.status_code == 302
    frozen = FrozenStandings.objects.get(tournament=day.t)
    # a name and a club corrected, a result changed after the freeze
    corrected = day.players[0]
    registration_update(registration=corrected, data={"surname": "Albers-Klein", "club": "Hamburg"}, user=day.organizer)
    game = _decisive_game(day)
    result_set(game=game, user=day.organizer, version=game.version, result="B", reason="Zettel vertauscht")

    after = shown_standings(day.t)
    assert after.frozen_at is not None
    assert [r.entrant.id for r in after.rows] == [r.entrant.id for r in before.rows]
    assert [(r.place, r.values) for r in after.rows] == [(r.place, r.values) for r in before.rows]
    row = next(r for r in after.rows if r.entrant.id == corrected.pk)
    assert (row.entrant.surname, row.entrant.club) == ("Albers-Klein", "Hamburg")
    expected = {r.entrant.id: r.place_display for r in before.rows}

    # the page (the visitor's): the frozen places, the new name, the note
    client.logout()
    client.cookies["django_language"] = "en"  # logging out empties the cookies
    page = _text(client.get(f"/t/{day.t.slug}/standings/"))
    assert "Frozen at" in page and "Albers-Klein" in page and "Hamburg" in page
    # the PDF
    pdf = _pdf_text(client.get(f"/t/{day.t.slug}/standings.pdf").content)
    assert "Frozen at" in pdf and "Albers-Klein" in pdf
    # the CSV: the places of the freeze, when it was frozen
    rows = _csv(client.get(f"/t/{day.t.slug}/standings.csv"))
    by_name = {r["surname"]: r for r in rows}
    assert by_name["Albers-Klein"]["club"] == "Hamburg"
    assert {r["frozen_at"] for r in rows} == {after.frozen_at.isoformat()}
    ids = {p.surname: p.pk for p in day.players}
    ids["Albers-Klein"] = corrected.pk
    assert {ids[r["surname"]]: r["place"] for r in rows} == expected
    # the API
    api = client.get(f"/api/v1/tournaments/{day.t.slug}/standings/").json()
    assert api["frozen_at"] == after.frozen_at.isoformat()
    assert {r["player"]["id"]: r["place"] for r in api["rows"]} == {r.entrant.id: r.place for r in before.rows}
    assert "Albers-Klein" in {r["player"]["name"].split()[0] for r in api["rows"]}
    # the projector
    screen = _text(client.get(f"/t/{day.t.slug}/projector/"))
    assert "Frozen at" in screen and "Albers-Klein" in screen

    # the organizer: the changed result, and whom it would move
    report = freeze_report(day.t)
    assert report is not None and report.at == frozen.frozen_at
    assert [(c.round, c.table, c.was, c.now) for c in report.changed] == [(2, game.table, "0-1", "1-0")]
    live = {r.entrant.id: r.place_display for r in standings_for(day.t).rows}
    assert report.moves and all(was != now for _e, was, now in report.moves)
    assert {e.id: (was, now) for e, was, now in report.moves} == {
        pid: (expected[pid], place) for pid, place in live.items() if expected[pid] != place
    }
    client.force_login(day.organizer)
    page = _text(client.get(f"/t/{day.t.slug}/standings/"))
    assert "Results changed after the freeze" in page
    assert f"Round 2, table {game.table}" in page and "0-1 then, 1-0 now" in page
    assert "with today's results" in page


def test_unfreezing_needs_a_reason_and_both_are_audited(client, day):
    standings_freeze(tournament=day.t, user=day.organizer)
    with pytest.raises(ValidationError) as refused:
        standings_freeze(tournament=day.t, user=day.organizer)
    assert "frozen already" in refused.value.messages[0]
    with pytest.raises(ValidationError) as refused:
        standings_unfreeze(tournament=day.t, user=day.organizer, reason="  ")
    assert "Say why" in refused.value.messages[0]
    assert FrozenStandings.objects.filter(tournament=day.t).exists()
    client.force_login(day.organizer)
    client.post(f"/t/{day.t.slug}/standings/unfreeze/", {"reason": "Ergebnis an Brett 2 korrigiert"})
    assert not FrozenStandings.objects.filter(tournament=day.t).exists()
    assert shown_standings(day.t).frozen_at is None
    entries = list(AuditEntry.objects.filter(tournament=day.t, action__startswith="standings.").order_by("pk"))
    assert [(e.action, e.user, e.reason) for e in entries] == [
        ("standings.freeze", day.organizer, ""),
        ("standings.unfreeze", day.organizer, "Ergebnis an Brett 2 korrigiert"),
    ]
    assert entries[1].before["frozen_at"] == entries[0].after["frozen_at"]
    log = _text(client.get(f"/t/{day.t.slug}/manage/log/"))
    assert "standings frozen for the prize-giving" in log and "standings unfrozen" in log


def test_a_round_paired_but_not_published_is_refused_and_only_organizers_freeze(client, day):
    Round.objects.create(tournament=day.t, discipline=day.rounds[0].discipline, number=3)
    third = day.t.rounds.get(number=3)
    round_pair(round=third, user=day.organizer)
    with pytest.raises(ValidationError) as refused:
        standings_freeze(tournament=day.t, user=day.organizer)
    assert "Round 3 is paired but not published" in refused.value.messages[0]
    player = get_user_model().objects.create_user("freeze-nobody", password="x")
    client.force_login(player)
    assert client.post(f"/t/{day.t.slug}/standings/freeze/").status_code == 403
    client.force_login(day.organizer)
    response = client.post(f"/t/{day.t.slug}/standings/freeze/", follow=True)
    assert "Round 3 is paired but not published" in _text(response)
    assert not FrozenStandings.objects.filter(tournament=day.t).exists()


def test_a_backup_keeps_the_frozen_table_and_what_changed_since(day):
    from tests.services.test_backup_round_trip import _as_file, wipe
    from tournament.backup import dump_tournament, load_tournament

    standings_freeze(tournament=day.t, user=day.organizer)
    registration_update(registration=day.players[1], data={"surname": "Berg-Neu"}, user=day.organizer)
    game = _decisive_game(day)
    result_set(game=game, user=day.organizer, version=game.version, result="B", reason="Zettel vertauscht")
    before, report = shown_standings(day.t), freeze_report(day.t)
    backup = _as_file(dump_tournament(day.t))
    wipe(day.t)
    restored = load_tournament(backup)
    after = shown_standings(restored)
    assert after.frozen_at == before.frozen_at
    assert [(r.entrant.name, r.place, r.values) for r in after.rows] == [
        (r.entrant.name, r.place, r.values) for r in before.rows
    ]
    assert "Berg-Neu Test" in {r.entrant.name for r in after.rows}
    again = freeze_report(restored)
    assert [(c.round, c.table, c.was, c.now) for c in again.changed] == [
        (c.round, c.table, c.was, c.now) for c in report.changed
    ]
    assert [(e.name, was, now) for e, was, now in again.moves] == [(e.name, was, now) for e, was, now in report.moves]
