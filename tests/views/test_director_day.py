"""A whole day of a McMahon tournament, as its director runs it, backed up after every round and restored.

Forty players, five rounds in two disciplines (Go 19x19 for rounds 1-3, Go 9x9 for rounds 4-5), then a
knockout of the top eight with a game for third place, and the final table frozen. What the director does is
done on the pages, as the director, the players and the referee click (the test client); what a page would
only wrap (typing in forty players, adding the programme) through the services::

    setup        40 players (6 with accounts), a referee, tables: 5 excluded, plan saved on the tables page
    check-in     4 on their phones by the hall's QR code, 33 at the desk, 3 missing
    round 1  19  "checked-in only": the 3 missing not paired; a game set by hand to table 30;
                 sheet printed, two players swapped (the print goes stale), printed again;
                 results typed: one conflicts with a player's report and is replaced, one is undone
    late player  entered on the players page after round 1
    round 2  19  two byes asked for: one granted, one refused; a player's report, decided by the referee
    withdrawal   after round 2, on the players page
    round 3  19  a result corrected after the round is closed (with a note)
    round 4-5 9  typed results
    knockout     top 8, third place: quarter-finals, semi-finals, final and third place (rounds 6-8)
    freeze       frozen, unfrozen with a reason, frozen again

After every round, the knockout and the freeze: ``manage.py backup``, the tournament wiped, ``manage.py
restore``, and what the director sees (``snapshot``) compared; the day goes on on the restored tournament.
At the end each of those backups is restored by ``manage.py restore`` into a fresh SQLite file database in
another process and backed up there (the same backup, canonically), and that SQLite backup restored here
(PostgreSQL in the second run of ``make test``): what the director sees is the same again. The day's OpenGotha
files (one per discipline) are read again by the site: nothing to say about them, the days and place kept.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.fixtures.every_kind import account
from tests.fixtures.migrated import migrated_template
from tests.services.test_backup_round_trip import (
    _as_file,
    _manage,
    assert_same,
    canonical,
    wipe,
)
from tests.views.test_knockout_pages import FORM as KNOCKOUT_OF_EIGHT
from tournament.backup import dump_tournament, load_tournament
from tournament.models import ByeRequest, Game, Knockout, Registration, Round, Tournament
from tournament.ranks import parse_rank
from tournament.services.opengotha import import_notes, import_opengotha
from tournament.services.programme import discipline_create, round_add
from tournament.services.registrations import registration_create
from tournament.services.staff import role_add
from tournament.services.tournaments import tournament_create, tournament_update_settings

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]

SLUG = "tagesturnier"
SURNAMES = [
    "Albers", "Bauer", "Conrad", "Dietz", "Engel", "Fuchs", "Graf", "Huber", "Illner", "Jäger",
    "König", "Lorenz", "Maier", "Neumann", "Otto", "Peters", "Quast", "Roth", "Schulz", "Thiel",
]  # fmt: skip
GIVEN = ["Anna", "Ben", "Clara", "David", "Eva", "Felix", "Greta", "Hans", "Ida", "Jan"]


def _text(content: bytes) -> str:
    """A page as its reader sees it: the text of its ``<main>`` (without scripts, styles, tags), one space
    between words."""
    page = content.decode()
    if "<main" in page:
        page = page[page.index("<main") : page.rindex("</main>")]
    page = re.sub(r"<(script|style|template)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<input\b[^>]*>", _field, page)
    page = re.sub(r"<option\b[^>]*\sselected\b[^>]*>", " [selected] ", page)  # the choice of a list
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())
    return re.sub(r"\d+[.,]\d+ s\b", "… s", text)  # why-not's processor time: not the tournament's, never the same


def _field(match: re.Match) -> str:
    """A form field as its reader sees it: the value typed in it (the table plan's tables), a box ticked or not;
    hidden fields (the ids a form sends back, a restore renumbers them) are not seen."""
    tag = match.group(0)
    if 'type="hidden"' in tag:
        return " "
    value = re.search(r'\bvalue="([^"]*)"', tag)
    ticked = "[x]" if re.search(r"\schecked\b", tag) else ""
    return f" {value.group(1) if value and 'checkbox' not in tag else ''}{ticked} "


def snapshot(client: Client, players: list[Client] = ()) -> dict[str, str]:
    """What the director sees of the tournament: its pages' text (dashboard, players, check-in desk, table
    plan, every round's page and the public one, the standings overall and by discipline, the knockout's
    pages), and the OpenGotha file, byte for byte."""
    cache.clear()  # the tables kept by a tournament's key (a restored one gets new keys)
    t = Tournament.objects.get(slug=SLUG)
    pages = [
        reverse("manage", args=[SLUG]),
        reverse("manage_registrations", args=[SLUG]),
        reverse("manage_checkin", args=[SLUG]),
        reverse("manage_tables", args=[SLUG]),
        reverse("manage_rounds", args=[SLUG]),
        reverse("standings", args=[SLUG]),
        reverse("crosstable", args=[SLUG]),
        reverse("referee_queue", args=[SLUG]),
        reverse("audit_log", args=[SLUG]),
        reverse("players", args=[SLUG]),
    ]
    by_discipline = {
        reverse("standings_discipline", args=[SLUG, d.pk]): f"standings of {d.name}" for d in t.disciplines.all()
    }
    pages += list(by_discipline)
    for r in t.rounds.order_by("number"):
        pages += [reverse("manage_round", args=[SLUG, r.number]), reverse("round", args=[SLUG, r.number])]
        pages.append(reverse("manage_tables", args=[SLUG]) + f"?round={r.number}")
        if r.status != Round.Status.PLANNED:  # the results grid with the director's last typed entries
            pages.append(reverse("manage_results", args=[SLUG]) + f"?round={r.number}")
    why = ""
    mcmahon = [r for r in t.rounds.order_by("number") if r.status != Round.Status.PLANNED and not r.is_knockout]
    if mcmahon:  # "why not these two?" of the latest round: the blacks of its first two tables
        first, second = Game.objects.filter(round=mcmahon[-1]).order_by("table")[:2]
        why = reverse("manage_round_why_not", args=[SLUG, mcmahon[-1].number])
        pages.append(f"{why}?player_a={first.black_id}&player_b={second.black_id}")
    if Knockout.objects.filter(tournament=t).exists():
        pages += [reverse("manage_knockout", args=[SLUG]), reverse("bracket", args=[SLUG])]
    seen = {}
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        seen[by_discipline.get(url, url.split("?player_a")[0])] = _text(response.content)
    if mcmahon:
        assert "Choose two different players" not in seen[why], seen[why]
    for n, player in enumerate(players):  # the players' own pages: their games, their byes asked for
        response = player.get(reverse("my_tournament", args=[SLUG]))
        assert response.status_code == 200
        seen[f"player {n}"] = _text(response.content)
    export = client.get(reverse("manage_opengotha_export", args=[SLUG]))
    assert export.status_code == 200
    seen["opengotha.xml"] = b"".join(export).decode() if export.streaming else export.content.decode()
    return seen


def assert_same_pages(got: dict, expected: dict, stage: str) -> None:
    assert list(got) == list(expected), stage
    differ = [name for name in expected if got[name] != expected[name]]
    for name in differ[:2]:
        a, b = expected[name], got[name]
        at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        print(
            f"{stage} {name}:\n before: …{a[max(0, at - 200) : at + 200]}\n after:  …{b[max(0, at - 200) : at + 200]}"
        )
    assert not differ, f"{stage}: {differ}"


class Day:
    """The director's, the referee's and the players' browsers; the day's backups, by stage."""

    def __init__(self, tmp_path: Path):
        self.folder = tmp_path
        self.orga = account("day-orga")
        self.referee = account("day-referee")
        self.director = self._client(self.orga)
        self.desk = self._client(self.referee)
        self.looking = self._client(self.orga)  # the director's second tab: no message of an action on it
        self.stages: list[tuple[str, Path, dict, list[Client]]] = []
        self.players: list[Client] = []  # the players whose own pages are compared

    @staticmethod
    def _client(user) -> Client:
        client = Client()
        client.force_login(user)
        client.cookies["django_language"] = "en"
        return client

    def player_client(self, reg: Registration) -> Client:
        return self._client(reg.user)

    @property
    def t(self) -> Tournament:
        return Tournament.objects.get(slug=SLUG)

    def reg(self, surname: str) -> Registration:
        return Registration.objects.get(tournament__slug=SLUG, surname=surname)

    def round(self, number: int) -> Round:
        return Round.objects.get(tournament__slug=SLUG, number=number)

    def games(self, number: int) -> list[Game]:
        return list(Game.objects.filter(round=self.round(number)).select_related("black", "white").order_by("table"))

    def post(self, client: Client, name: str, args: list, data: dict, **extra) -> list[str]:
        """A form sent; the messages of the page it leads to (a refusal fails the test unless expected)."""
        response = client.post(reverse(name, args=[SLUG, *args]), data, follow=True, **extra)
        assert response.status_code == 200, (name, response.status_code)
        return [str(m) for m in response.context["messages"]] if response.context else []

    def round_action(self, number: int, action: str) -> None:
        said = self.post(self.director, "manage_round_action", [number, action], {})
        assert any(word in " ".join(said) for word in ("paired", "published", "closed", "made by the bracket")), said

    def dashboard(self) -> str:
        return _text(self.director.get(reverse("manage", args=[SLUG])).content)

    def type_result(self, number: int, entry: str, replace: int | None = None) -> str:
        data = {"round": number, "entry": entry, **({"replace": replace} if replace is not None else {})}
        response = self.director.post(reverse("manage_result_type", args=[SLUG]), data, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        return response.content.decode()

    def type_results(self, number: int, results: str) -> None:
        """Every game of the round typed in the grid's field, table by table (``b``, ``w`` in turn)."""
        for game, letter in zip(self.games(number), results * 40):
            answer = self.type_result(number, f"{game.table}{letter}")
            assert "typed-answer" in answer and "error" not in _text(answer.encode()).lower(), answer[:500]

    def backed_up_and_restored(self, stage: str) -> None:
        """``manage.py backup``, the tournament wiped, ``manage.py restore``: the director sees the same."""
        before = snapshot(self.looking, self.players)
        path = self.folder / f"{len(self.stages)}-{stage}.json"
        call_command("backup", "--tournament", SLUG, "--with-accounts", "-o", str(path))
        wipe(self.t)
        call_command("restore", str(path))
        assert_same_pages(snapshot(self.looking, self.players), before, stage)
        self.stages.append((stage, path, before, list(self.players)))


def _setup(day: Day) -> Tournament:
    """The tournament, its programme, forty players and the referee (the services: the pages add nothing)."""
    orga = day.orga
    t = tournament_create(
        user=orga,
        data={
            "name": "Hannoveraner Tagesturnier",
            "slug": SLUG,
            "start_date": dt.date(2026, 12, 5),
            "end_date": dt.date(2026, 12, 5),
            "place": "Hannover",
            "pairing_system": "mcmahon",
        },
    )
    tournament_update_settings(tournament=t, data={"time_control": "60 min + 5x30 s"}, user=orga)
    go = discipline_create(
        tournament=t, data={"name": "Go 19", "kind": "go", "board_size": 19, "komi": Decimal("7")}, user=orga
    )
    nine = discipline_create(
        tournament=t,
        data={"name": "Go 9", "kind": "go", "board_size": 9, "komi": Decimal("7"), "handicap_policy": "none"},
        user=orga,
    )
    for discipline in (go, go, go, nine, nine):
        round_add(tournament=t, discipline=discipline, user=orga)
    role_add(tournament=t, username=day.referee.username, role="referee", user=orga)
    for i in range(40):
        surname = SURNAMES[i % 20] + ("" if i < 20 else "-Zwei")
        registration_create(
            tournament=t,
            data={
                "surname": surname,
                "given_name": GIVEN[i % 10],
                "rank": parse_rank(f"{i // 3 + 1}k" if i >= 6 else f"{6 - i}d"),
                "country": "DE" if i % 4 else "NL",
                "club": ["Hannover", "Berlin", "Hamburg", "Köln"][i % 4],
                "rating": 2500 - 40 * i,
            },
            status=Registration.Status.CONFIRMED,
            account=account(f"day-p{i}") if i in (2, 9, 13, 21, 30, 37) else None,
            user=orga,
        )
    return t


def test_a_whole_day_backed_up_after_every_round_restores_to_what_the_director_saw(tmp_path, request):
    day = Day(tmp_path)
    _setup(day)
    _morning(day)
    _rounds_2_to_5(day)
    _knockout_and_freeze(day)
    _what_was_compared(day)
    _files_read_again(day)
    _through_sqlite(day, tmp_path, request)


def _morning(day: Day) -> None:
    """The tables, the check-in and round 1."""
    director, t = day.director, day.t
    # the tables: table 5 is broken; the hall's plan
    said = day.post(
        director,
        "manage_tables",
        [],
        {"excluded": "5", "reserved": "", "reserved_use": "top", "halls": "1-30: Saal A, rows of 10"},
    )
    assert "The table plan is saved." in said, said

    # --- the check-in: the QR code on the phones, the desk, three never come -----------------------------
    said = day.post(director, "manage_checkin_settings", [], {"open": "on"})
    assert any("check-in is open" in m for m in said), said
    code = Tournament.objects.get(slug=SLUG).checkin_code
    with_accounts = list(t.registrations.exclude(user=None).order_by("pk"))
    for reg in with_accounts[:4]:
        page = day.player_client(reg).post(reverse("checkin", args=[SLUG, code]), {"how": "account"})
        assert page.status_code == 200, _text(page.content)[:300]
    missing = ["Thiel", "Lorenz-Zwei", "Quast-Zwei"]
    checked = {r.pk for r in with_accounts[:4]}
    for reg in t.registrations.exclude(pk__in=checked).exclude(surname__in=missing).order_by("pk"):
        said = day.post(day.desk, "manage_checkin_action", [], {"registration": reg.pk, "action": "in"})
        assert said == [f"Checked in: {reg.spoken_name}."], said
    assert "37/40 checked in" in day.dashboard()

    # --- round 1: checked-in players only -------------------------------------------------------------
    said = day.post(director, "manage_round_checked_in_only", [1], {"checked_in_only": "on"})
    assert said == ["Round 1 pairs the checked-in players only."], said
    day.round_action(1, "pair")
    paired = {g.black.surname for g in day.games(1)} | {g.white.surname for g in day.games(1)}
    assert len(day.games(1)) == 18 and not paired & set(missing)  # 37 checked in: one bye
    # a game set by hand to table 30; table 5 stays empty
    last = day.games(1)[-1]
    said = day.post(director, "manage_round_move", [1], {"game": last.pk, "table": 30})
    assert "moved from table" in " ".join(said), said
    assert 5 not in {g.table for g in day.games(1)}
    # the sheet printed, then two players swapped: the paper is stale; printed again
    assert director.get(reverse("pdf_pairings", args=[SLUG, 1])).status_code == 200
    g1, g2 = day.games(1)[2:4]
    said = day.post(director, "manage_round_swap", [1], {"player_a": g1.white.pk, "player_b": g2.white.pk})
    assert "Swapped" in " ".join(said), said
    # (pairing 1 the pairing, 2 the table moved by hand: the paper shows that one)
    assert "Round 1: the printed pairing sheet shows pairing 2 and is stale: now pairing 3." in day.dashboard()
    day.backed_up_and_restored("round 1 stale print")
    assert director.get(reverse("pdf_pairings", args=[SLUG, 1])).status_code == 200
    assert "Printed pairings out of date" not in day.dashboard()
    day.round_action(1, "publish")
    # a player reports a result; the director types another one: a conflict, replaced
    games = day.games(1)
    reporter = next(g for g in games if g.black.user_id or g.white.user_id)
    player = reporter.black if reporter.black.user_id else reporter.white
    reported = day.player_client(player).post(
        reverse("game_report", args=[SLUG, reporter.pk]), {"version": reporter.version, "result": "B"}
    )
    assert reported.status_code == 302
    answer = day.type_result(1, f"{reporter.table}w")
    replace = re.search(r'name="replace" value="(\d+)"', answer)
    assert replace, _text(answer.encode())
    answer = day.type_result(1, f"{reporter.table}w", replace=int(replace.group(1)))
    assert f"Table {reporter.table}: White wins" in _text(answer.encode()), _text(answer.encode())
    # one typed at the wrong table and undone at once (back to no result)
    wrong = games[0] if games[0].pk != reporter.pk else games[1]
    answer = day.type_result(1, f"{wrong.table}w")
    entry = re.findall(r'name="entry" value="(\d+)"><input type="hidden" name="round"', answer)
    undone = director.post(
        reverse("manage_result_undo", args=[SLUG]), {"entry": entry[0], "round": 1}, HTTP_HX_REQUEST="true"
    )
    assert f"Table {wrong.table}: undone, back to unknown" in _text(undone.content), _text(undone.content)
    assert Game.objects.get(pk=wrong.pk).result == "?"
    for game, letter in zip(games, "bw" * 20):
        if game.pk != reporter.pk:
            assert "✓" in _text(day.type_result(1, f"{game.table}{letter}").encode())
    day.round_action(1, "finish")
    day.backed_up_and_restored("round 1")


def _rounds_2_to_5(day: Day) -> None:
    """A late player, byes asked for, rounds 2 to 5 with a withdrawal, a referee and a correction."""
    director = day.director
    # --- a late player; byes asked for round 2 ---------------------------------------------------------
    said = day.post(
        director,
        "manage_player_add",
        [],
        {"given_name": "Lena", "surname": "Spät", "club": "Hannover", "country": "DE", "rank": "12k"},
    )
    assert "Lena Spät entered and confirmed." in said, said
    asking = [r for r in day.t.registrations.exclude(user=None).order_by("pk")][:2]
    for reg in asking:
        said = day.post(day.player_client(reg), "my_bye", [], {"round": "2"})
        assert said == ["You asked for a bye in round 2; an organizer will answer."], said
    day.players = [day.player_client(reg) for reg in asking]
    granted, refused = (ByeRequest.objects.get(registration__pk=r.pk) for r in asking)
    said = day.post(director, "manage_round_bye_request", [2], {"request": granted.pk, "decision": "grant"})
    assert said == [f"Granted: {asking[0].spoken_name} is not paired in round 2."], said
    said = day.post(director, "manage_round_bye_request", [2], {"request": refused.pk, "decision": "refuse"})
    assert said == [f"Refused: {asking[1].spoken_name} is paired in round 2."], said

    # --- round 2: every confirmed player but the granted bye; a player's report the referee decides ---------
    day.round_action(2, "pair")
    playing = {g.black.pk for g in day.games(2)} | {g.white.pk for g in day.games(2)}
    assert asking[0].pk not in playing and asking[1].pk in playing
    day.round_action(2, "publish")
    disputed = next(g for g in day.games(2) if asking[1].pk in (g.black_id, g.white_id))
    reporter = asking[1]
    reported = day.player_client(reporter).post(
        reverse("game_report", args=[SLUG, disputed.pk]),
        {"version": disputed.version, "result": "B" if reporter.pk == disputed.black_id else "W"},
    )
    assert reported.status_code == 302
    day.backed_up_and_restored("round 2, a player's report waiting")
    disputed = Game.objects.get(round=day.round(2), table=disputed.table)
    referee_decision = day.desk.post(
        reverse("game_adjudicate", args=[SLUG, disputed.pk]),
        {"version": disputed.version, "result": "B", "reason": "Zeugen: Schwarz gewann"},
    )
    assert referee_decision.status_code == 302
    for game in day.games(2):
        if game.pk != disputed.pk:
            day.type_result(2, f"{game.table}{'wb'[game.table % 2]}")
    day.round_action(2, "finish")
    day.backed_up_and_restored("round 2")

    # --- a withdrawal after round 2 ----------------------------------------------------------------------
    leaving = day.reg("Maier")
    response = director.post(
        reverse("manage_registration_status", args=[SLUG, leaving.pk]), {"status": "withdrawn", "reason": "krank"}
    )
    assert response.status_code == 302
    assert day.reg("Maier").status == Registration.Status.WITHDRAWN

    # --- round 3: a result corrected after the round is closed --------------------------------------------
    day.round_action(3, "pair")
    day.round_action(3, "publish")
    day.type_results(3, "bw")
    day.round_action(3, "finish")
    corrected = day.games(3)[4]
    prefix = f"g{corrected.pk}"
    response = director.post(
        reverse("manage_result", args=[SLUG, corrected.pk]),
        {f"{prefix}-version": corrected.version, f"{prefix}-result": "W", f"{prefix}-reason": "Zettel vertauscht"},
    )
    assert response.status_code == 302
    corrected.refresh_from_db()
    assert corrected.result == "W"
    day.backed_up_and_restored("round 3")

    # --- rounds 4 and 5 on 9x9 ---------------------------------------------------------------------------
    for number in (4, 5):
        day.round_action(number, "pair")
        day.round_action(number, "publish")
        if number == 4:  # half typed, the last entry to be undone after the laptop was changed
            half = day.games(4)[:10]
            for game in half:
                day.type_result(4, f"{game.table}b")
            day.backed_up_and_restored("round 4, half typed")
            grid = director.get(reverse("manage_results", args=[SLUG]) + "?round=4").content.decode()
            entry = re.findall(r'name="entry" value="(\d+)"><input type="hidden" name="round"', grid)
            assert len(entry) >= 2, _text(grid.encode())[:2000]
            undone = director.post(
                reverse("manage_result_undo", args=[SLUG]), {"entry": entry[0], "round": 4}, HTTP_HX_REQUEST="true"
            )
            assert f"Table {half[-1].table}: undone, back to unknown" in _text(undone.content), _text(undone.content)
        day.type_results(number, "wbb")
        day.round_action(number, "finish")
        day.backed_up_and_restored(f"round {number}")


def _knockout_and_freeze(day: Day) -> None:
    """The knockout of the top eight, and the final table frozen, unfrozen and frozen again."""
    director = day.director
    # --- the knockout of the top eight, with a game for third place ------------------------------------------
    manage = reverse("manage_knockout", args=[SLUG])
    said = [str(m) for m in director.post(manage, KNOCKOUT_OF_EIGHT, follow=True).context["messages"]]
    assert any("Knockout stage seeded: 8 players" in m for m in said), said
    for number in (6, 7, 8):
        if number > 6:
            said = [str(m) for m in director.post(manage, {"action": "next"}, follow=True).context["messages"]]
            assert said == [f"Round {number} is made by the bracket."], said
        day.round_action(number, "publish")
        day.type_results(number, "bw")
        day.round_action(number, "finish")
        if number == 6:
            day.backed_up_and_restored("quarter-finals")
    assert len(day.games(8)) == 2  # the final and the game for third place
    day.backed_up_and_restored("knockout")

    # --- the final table frozen, unfrozen with a reason, frozen again ------------------------------------------
    standings = reverse("standings", args=[SLUG])
    director.post(reverse("manage_standings_freeze", args=[SLUG]))
    day.backed_up_and_restored("frozen for the prize-giving")
    director.post(reverse("manage_standings_unfreeze", args=[SLUG]), {"reason": "Ergebnis an Tisch 3 fehlte"})
    said = [
        str(m) for m in director.post(reverse("manage_standings_freeze", args=[SLUG]), follow=True).context["messages"]
    ]
    assert any("The standings are frozen" in m for m in said), said
    assert "frozen" in _text(director.get(standings).content).lower()
    day.backed_up_and_restored("frozen")


def _what_was_compared(day: Day) -> None:
    """What the comparisons saw: the flags, counts, requests, plan, versions, frozen table and bracket were there."""
    standings = reverse("standings", args=[SLUG])
    # what the comparisons saw: the flags, counts, requests, plan, versions, frozen table and bracket were there
    seen = {stage: before for stage, _, before, _ in day.stages}
    dashboard, round2 = reverse("manage", args=[SLUG]), reverse("manage_round", args=[SLUG, 2])
    first = seen["round 1 stale print"]
    assert "Printed pairings out of date" in first[dashboard] and "37/40 checked in" in first[dashboard]
    assert "1 Go 19 paired pairing 3" in first[dashboard]
    assert "Excluded tables: 5 " in first[reverse("manage_tables", args=[SLUG])]
    assert "Byes asked for" in seen["round 2"][round2] and "refused" in seen["round 2"][round2]
    reported = seen["round 2, a player's report waiting"]
    assert "Confirm" in reported[reverse("manage_results", args=[SLUG]) + "?round=2"]  # the player's report
    assert "frozen" in seen["frozen for the prize-giving"][standings].lower()
    assert "third place" in seen["knockout"][reverse("bracket", args=[SLUG])].lower()


def _files_read_again(day: Day) -> None:
    """The day's OpenGotha files read again by the site."""
    director, t = day.director, day.t
    # --- the day's OpenGotha files (Go 19: rounds 1-3; Go 9: rounds 4-5 and the knockout) read again by the site:
    # nothing to say about them, the tournament's days and place kept
    for discipline in Tournament.objects.get(slug=SLUG).disciplines.order_by("position"):
        url = reverse("manage_opengotha_export_discipline", args=[SLUG, discipline.pk])
        xml = director.get(url).content
        with translation.override("en"):
            assert import_notes(xml) == [], discipline.name
        again = import_opengotha(xml, slug=f"og-{discipline.board_size}", user=day.orga)
        assert (again.start_date, again.end_date, again.place) == (t.start_date, t.end_date, t.place)
        assert again.rounds.count() == discipline.rounds.count()
        wipe(again)


def _through_sqlite(day: Day, tmp_path: Path, request) -> None:
    """Each backup through a fresh SQLite database in another process, and back here."""
    # --- each backup through a fresh SQLite database in another process, and back here ------------------------
    fresh = migrated_template(Path(request.config.cache.mkdir("migrated-sqlite")))
    db = tmp_path / "fresh.sqlite3"
    db.write_bytes(fresh.read_bytes())
    script = ACROSS.replace("FILES", repr([str(path) for _, path, _, _ in day.stages]))
    _manage(db, script)
    for stage, path, before, players in day.stages:
        there = json.loads(Path(f"{path}.there.json").read_text("utf-8"))
        original = json.loads(path.read_text("utf-8"))
        assert_same(canonical(there), canonical(original))
        wipe(day.t)
        load_tournament(_as_file(there))
        assert_same_pages(snapshot(day.looking, players), before, f"{stage} (through SQLite)")
        again = canonical(_as_file(dump_tournament(day.t, with_accounts=True)))
        del again["users"], original["users"]  # the accounts here: logged in since, their last login later
        assert_same(again, canonical(original))


#: Run by ``manage.py shell -c`` on a fresh SQLite database: each backup of FILES restored by ``manage.py
#: restore``, backed up by ``manage.py backup`` (``<file>.there.json``) and taken away again with its accounts.
ACROSS = """
from django.contrib.auth import get_user_model
from django.core.management import call_command
from tests.services.test_backup_round_trip import wipe
from tournament.models import Tournament
for path in FILES:
    call_command("restore", path)
    call_command("backup", "--tournament", "tagesturnier", "--with-accounts", "-o", path + ".there.json")
    wipe(Tournament.objects.get(slug="tagesturnier"))
    get_user_model().objects.all().delete()  # the database as fresh as it was for the next
"""
