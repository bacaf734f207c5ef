"""Issue #26, "Must show": a team tournament's day in the browser, as a new organizer runs it.

An empty site; the organizer signs up and creates a tournament of "Teams of 3 boards"; a Go round (its
discipline and round made as the whole-day walk makes them); thirteen players from a CSV list; four
teams made on the Teams page, their members chosen there, one team with a reserve (four members for
three boards) and its line-up chosen by hand; round 1 paired with the Pair button (team against team)
and published. Two boards of the first match are played on the live board by their players, each on
their own phone (390 px, one context each, registrations claimed by their codes) until one resigns;
the organizer enters the other boards in the results grid. The public round page and the standings
show the match's board points and the team result that follows from them (2-1: the team wins, team
points 2 : 0), in English and German; desktop and 390 px screenshots. Then round 1 is closed, the
reserve goes into Hannover's line-up for round 2 and round 2 is paired: no two teams meet again, and
its page has no warnings (not a colour imbalance on every board).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model

from tests.browser.test_live_board import stone_shown, tap
from tests.browser.test_tournament_day import switch_language, words
from tournament.models import Game, LineUp, Match, Registration, Tournament
from tournament.models.game import ResultState
from tournament.services.programme import discipline_create, round_add

from .conftest import log_in, new_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "Mannschaft-Hannover-2026"
#: Thirteen players in four teams; Hannover has a reserve (four members for three boards).
TEAMS = {
    "Hannover": ["Albers", "Bauer", "Claßen", "Dietz"],
    "Bremen": ["Ernst", "Fuchs", "Graf"],
    "Celle": ["Hahn", "Iske", "Jung"],
    "Göttingen": ["Kahl", "Lenz", "Moll"],
}
PLAYER_LIST = """Nachname;Vorname;Verein;Land;Rang;EGD PIN;E-Mail
Albers;Anna;Hannover;DE;3d;;
Bauer;Ben;Hannover;DE;1d;;
Claßen;Carl;Hannover;DE;1k;;
Dietz;Dora;Hannover;DE;4k;;
Ernst;Emil;Bremen;DE;2d;;
Fuchs;Frieda;Bremen;DE;1k;;
Graf;Gustav;Bremen;DE;2k;;
Hahn;Hanna;Celle;DE;1d;;
Iske;Ida;Celle;DE;2k;;
Jung;Jan;Celle;DE;3k;;
Kahl;Kai;Göttingen;DE;1d;;
Lenz;Lea;Göttingen;DE;1k;;
Moll;Max;Göttingen;DE;3k;;
"""


def test_a_team_tournament_day_from_an_empty_site(browser, live_server, tmp_path, shot):
    url = live_server.url
    assert not Tournament.objects.exists()

    # --- the organizer: an account, a tournament of teams of 3 boards (desktop, English) --------------
    desk = new_page(browser, live_server)
    desk.goto(f"{url}/")
    switch_language(desk, "en")
    desk.locator("#signup-to-create").click()
    desk.fill('input[name="username"]', "ute")
    desk.fill('input[name="password1"]', PASSWORD)
    desk.fill('input[name="password2"]', PASSWORD)
    desk.locator('main button[type="submit"]').click()
    desk.wait_for_url("**/tournaments/new/")
    desk.fill('input[name="name"]', "Niedersachsen-Mannschaftsliga")
    desk.fill('input[name="start_date"]', "2026-11-28")
    desk.fill('input[name="place"]', "Hannover")
    desk.select_option('select[name="event_kind"]', label="Teams of 3 boards")
    desk.locator("#new-tournament button[type=submit]").click()
    desk.wait_for_selector(".messages .success")
    t = Tournament.objects.get()
    assert t.boards == 3
    ute = get_user_model().objects.get(username="ute")
    base = f"{url}/t/{t.slug}"

    # the programme as the whole-day walk makes it: Go 9×9 in two rounds
    go = discipline_create(
        tournament=t, user=ute, data={"name": "Go 9×9", "kind": "go", "board_size": 9, "komi": Decimal(7)}
    )
    for _ in range(2):
        round_add(tournament=t, discipline=go, user=ute)

    # --- thirteen players from a CSV list, as a director brings them -----------------------------------
    desk.goto(f"{base}/manage/players/import/")
    csv_file = tmp_path / "mannschaften.csv"
    csv_file.write_text(PLAYER_LIST, encoding="utf-8")
    desk.set_input_files('input[name="file"]', str(csv_file))
    desk.locator('main button[type="submit"]').click()
    desk.wait_for_selector(".messages .success")
    assert t.registrations.filter(status=Registration.Status.CONFIRMED).count() == 13

    # --- four teams on the Teams page, their members chosen on each team's page ------------------------
    desk.goto(f"{base}/manage/")
    desk.locator(".subnav a", has_text="Teams").click()
    for name, members in TEAMS.items():
        desk.fill('#team-create input[name="name"]', name)
        desk.locator("#team-create button").click()
        desk.wait_for_selector(".messages .success")
        assert name in desk.locator("h1").inner_text()
        for surname in members:
            player = t.registrations.get(surname=surname)
            desk.select_option('#member-add select[name="player"]', str(player.pk))
            desk.locator("#member-add button").click()
            desk.wait_for_selector(".messages .success")
        assert words(desk.locator("#members").inner_text()).count("Remove") == len(members)
        desk.locator("a", has_text="All teams").click()
    assert "None." in desk.locator("#without-team + p").inner_text()  # every player in a team
    shot(desk, "team-day-teams")

    # Hannover's reserve plays: Dietz on board 3 instead of Claßen
    desk.locator("#teams a", has_text="Hannover").click()
    players = {p.surname: p for p in t.registrations.all()}
    for board, surname in enumerate(("Albers", "Bauer", "Dietz"), 1):
        desk.select_option(f'#line-up-form select[name="board_{board}"]', str(players[surname].pk))
    desk.locator("#line-up-form button[type=submit]").click()
    desk.wait_for_selector(".messages .success")
    shot(desk, "team-day-team-line-up")

    # --- round 1: paired team against team, looked over, published --------------------------------------
    desk.locator("a", has_text="All teams").click()  # the cards show the line-ups and lead to the round
    hannover = words(desk.locator("#teams .card", has_text="Hannover").inner_text())
    assert "Round 1: 1. Albers Anna · 2. Bauer Ben · 3. Dietz Dora" in hannover, hannover
    desk.locator("#next-round a").click()
    desk.wait_for_url("**/manage/rounds/1/")
    desk.locator("main button", has_text="Pair").first.click()
    desk.wait_for_selector(".messages .success")
    round1 = t.rounds.get(number=1)
    assert Match.objects.filter(round=round1).count() == 2
    assert round1.games.count() == 6
    assert not round1.games.filter(match=None).exists()
    assert LineUp.objects.get(round=round1, team__name="Hannover", board=3).player.surname == "Dietz"
    assert not round1.games.filter(black=players["Claßen"]).exists()
    assert not round1.games.filter(white=players["Claßen"]).exists()
    assert words(desk.locator("#match-list").inner_text()).count("0–0") == 2
    assert "Reserves: Claßen Carl" in words(desk.locator("#not-playing").inner_text())  # not "Without a game"
    main = desk.locator("main").inner_text()
    assert "Pair two players by hand" not in main and "Give the bye" not in main  # refused in a team round
    assert desk.locator("#round-games button", has_text="Unpair").count() == 0  # a board goes with its match
    shot(desk, "team-day-round-paired")
    desk.locator("main button", has_text="Publish").click()
    desk.wait_for_selector(".messages .success")

    # --- two boards of the first match on the live board, each player on their own phone --------------
    match = Match.objects.select_related("team1", "team2").get(round=round1, table=1)
    boards = {g.board: g for g in Game.objects.filter(match=match).select_related("black", "white")}
    team_of = {m.registration_id: m.team_id for t_ in (match.team1, match.team2) for m in t_.members.all()}
    winner_team = match.team1.pk
    # board 1 won by team 1, board 2 by team 2, board 3 (entered by the organizer) by team 1: 2-1
    live_board(browser, live_server, t, boards[1], winner_team, team_of, shot, language="en")
    live_board(browser, live_server, t, boards[2], match.team2.pk, team_of, shot, language="de")
    board3 = boards[3]
    board3_winner = "B" if team_of[board3.black_id] == winner_team else "W"
    others = list(round1.games.exclude(match=match).order_by("table"))

    switch_language(desk, "en")
    desk.goto(f"{base}/manage/results/?round=1")
    for game, result in [(board3, board3_winner)] + [(g, "B") for g in others]:
        desk.select_option(f'select[name="g{game.pk}-result"]', result)
        desk.locator(f"#result-row-{game.pk} .saved-mark").wait_for()
    assert not round1.games.exclude(result_state=ResultState.CONFIRMED).exists()

    # --- the round page and the standings: board points 2-1, the team wins, team points 2 : 0 ---------
    winner, loser = match.team1.name, match.team2.name
    wins = {"en": f"{winner} wins", "de": f"{winner} gewinnt"}
    for language in ("en", "de"):
        for phone in (False, True):
            page = new_page(browser, live_server, phone=phone, locale=language)
            page.goto(f"{base}/round/1/")
            switch_language(page, language)
            row = words(page.locator("#match-list tbody tr").first.inner_text())
            # board points 2-1: the team wins, team points 2 : 0
            assert f"{winner} – {loser}" in row and "2–1" in row and "2–0" in row and wins[language] in row, row
            size = "phone" if phone else "desktop"
            shot(page, f"team-day-round-{language}-{size}")
            page.goto(f"{base}/standings/")
            team_rows = {
                words(r.locator("td").nth(1).inner_text()): words(r.locator("td").nth(2).inner_text())
                for r in page.locator("#team-standings-table tbody tr").all()
            }
            assert (team_rows[winner], team_rows[loser]) == ("2", "0"), team_rows  # TP, team points
            assert list(team_rows.values())[0] == "2", team_rows  # a winner ranks first
            shot(page, f"team-day-standings-{language}-{size}")
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            page.context.close()

    # --- round 1 closed; round 2 with another line-up: the reserve plays, no two teams meet again -------
    desk.goto(f"{base}/manage/rounds/1/")
    desk.locator("main button", has_text="Close the round").click()
    desk.wait_for_selector(".messages .success")
    desk.goto(f"{base}/manage/teams/")
    hannover = words(desk.locator("#teams .card", has_text="Hannover").inner_text())
    assert "Round 2: 1. Albers Anna · 2. Bauer Ben · 3. Dietz Dora" in hannover, hannover  # round 1's, kept
    desk.locator("#teams a", has_text="Hannover").click()
    desk.select_option('#line-up-form select[name="board_3"]', str(players["Claßen"].pk))
    desk.locator("#line-up-form button[type=submit]").click()
    desk.wait_for_selector(".messages .success")
    desk.locator("a", has_text="All teams").click()
    desk.locator("#next-round a").click()
    desk.locator("main button", has_text="Pair").first.click()
    desk.wait_for_selector(".messages .success")
    round2 = t.rounds.get(number=2)
    met = {frozenset((m.team1_id, m.team2_id)) for m in Match.objects.filter(round=round1)}
    again = {frozenset((m.team1_id, m.team2_id)) for m in Match.objects.filter(round=round2)}
    assert len(again) == 2 and not met & again
    assert "Reserves: Dietz Dora" in words(desk.locator("#not-playing").inner_text())
    assert desk.locator("section.warnings").count() == 0, desk.locator("section.warnings").inner_text()
    shot(desk, "team-day-round-2-paired")
    desk.context.close()


def claimed(browser, live_server, t: Tournament, player: Registration, language: str):
    """A phone of ``player``: an account made, logged in, the registration claimed by its code."""
    username = player.surname.lower().replace("ß", "ss")
    get_user_model().objects.create_user(username, password=f"pw-{username}-123")
    phone = new_page(browser, live_server, phone=True, locale=language)
    log_in(phone, live_server, username, language=language)
    phone.goto(f"{live_server.url}/claim/{player.claim_code}/")
    phone.locator("main form button.ok").click()
    phone.wait_for_selector(".messages .success")
    return phone


def live_board(browser, live_server, t: Tournament, game: Game, winner_team: int, team_of, shot, *, language) -> None:
    """``game`` played on the live board by its two players, each on their phone, until the player of
    ``winner_team``'s opponent resigns; the winner confirms."""
    black = claimed(browser, live_server, t, game.black, language)
    white = claimed(browser, live_server, t, game.white, language)
    match = game.match
    for page in (black, white):
        page.goto(f"{live_server.url}/t/{t.slug}/me/")  # "my tournament": the team, the board, the live board
        card = words(page.locator(".game-card").first.inner_text())
        board = {"en": "Board", "de": "Brett"}[language]
        assert f"{board} {game.board}: {match.team1.name} – {match.team2.name}" in card, card
        assert page.locator("#my-team").count() == 1
        page.locator(".game-card a.live-button").first.tap()
        page.wait_for_selector("#live")
    for colour, point in (("black", "E5"), ("white", "C3"), ("black", "G5")):
        tap({"black": black, "white": white}[colour], point)
        stone_shown(black, point, colour)
        stone_shown(white, point, colour)
    black_wins = team_of[game.black_id] == winner_team
    loser, winner = (white, black) if black_wins else (black, white)
    loser_colour = "white" if black_wins else "black"
    loser.locator("#live .live-end summary").tap()
    loser.locator(f'#live .live-end form:has(input[value="resignation"]) button[value="{loser_colour}"]').tap()
    loser.wait_for_selector("#live .live-result")
    winner.wait_for_selector("#live .live-confirm-result")
    shot(winner, f"team-day-live-board-{game.board}-{language}-phone", full_page=False)
    winner.locator("#live .live-confirm-result").tap()
    winner.wait_for_selector(".messages .success")
    game.refresh_from_db()
    assert game.result_state == ResultState.CONFIRMED
    assert game.result == ("B" if black_wins else "W")
    for page in (black, white):
        page.context.close()
