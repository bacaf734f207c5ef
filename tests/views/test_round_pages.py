"""Public round and game pages, the projector, moving a game to another table, PDFs in German and English."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from tests.fixtures.day import FIVE_FOR_BLACK
from tournament.models import AuditEntry, Game, Round
from tournament.models.game import ResultState

pytestmark = pytest.mark.django_db


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def public_game_url(day, game=None):
    game = game or day.game
    return reverse("public_game", args=[day.tournament.slug, game.round.number, game.pk])


def test_round_page_links_games_pdfs_and_standings(client, day):
    html = client.get(reverse("round", args=["hannover", 1])).content.decode()
    assert public_game_url(day) in html and public_game_url(day, day.game2) in html
    for name in ("pdf_pairings", "pdf_slips"):
        assert reverse(name, args=["hannover", 1]) in html
    assert reverse("standings", args=["hannover"]) in html


def test_tournament_page_and_every_nav_link_standings_and_crosstable(client, day):
    for url in (
        reverse("tournament", args=["hannover"]),
        reverse("standings", args=["hannover"]),
        reverse("crosstable", args=["hannover"]),
        reverse("round", args=["hannover", 1]),
    ):
        html = client.get(url).content.decode()
        nav = html.split('class="site-nav"')[1].split("</nav>")[0]
        assert reverse("standings", args=["hannover"]) in nav
        assert reverse("crosstable", args=["hannover"]) in nav
        assert reverse("players", args=["hannover"]) in nav


def test_public_game_shows_the_record_only_once_the_result_is_settled(client, day):
    Game.objects.filter(pk=day.game.pk).update(record=FIVE_FOR_BLACK, result="B", result_state=ResultState.REPORTED)
    url = public_game_url(day)
    html = client.get(url).content.decode()
    assert "Albers" in html and "Bauer" in html
    assert 'id="board-viewer"' not in html
    assert "K10 K9" not in html  # not even as text
    board = reverse("public_game_board", args=["hannover", 1, day.game.pk])
    assert client.get(board).status_code == 404

    for state in (ResultState.CONFIRMED, ResultState.ADJUDICATED):
        Game.objects.filter(pk=day.game.pk).update(result_state=state)
        html = client.get(url + "?move=3").content.decode()
        assert 'id="board-viewer"' in html and 'data-move="3"' in html
        # steps go to the public board partial, never to the players' page
        assert f'hx-get="{board}?move=4"' in html
        assert reverse("game_board", args=["hannover", day.game.pk]) not in html
        # nobody can change a result here
        assert "<form" not in html.split("<main>")[1].replace('class="lang-switch"', "")
        partial = client.get(board + "?move=9", HTTP_HX_REQUEST="true")
        assert partial.status_code == 200 and 'data-move="9"' in partial.content.decode()


def test_public_game_of_an_unpublished_round_is_hidden(client, day):
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.PAIRED)
    assert client.get(public_game_url(day)).status_code == 404
    html = client.get(reverse("round", args=["hannover", 1]))
    assert html.status_code == 404
    # a game of another round number is not found under this one
    assert client.get(reverse("public_game", args=["hannover", 2, day.game.pk])).status_code == 404


def test_projector_shows_pairings_and_the_top_of_the_standings_and_refreshes(client, day):
    Game.objects.filter(pk=day.game.pk).update(result="B", result_state=ResultState.CONFIRMED)
    response = client.get(reverse("projector", args=["hannover"]), HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert '<meta http-equiv="refresh"' in html and 'hx-trigger="every 30s"' in html
    pairings = html.split("projector-pairings")[1].split("projector-standings")[0]
    assert "Albers Alice" in pairings and "Conrad Carol" in pairings
    standings = html.split("projector-standings")[1]
    assert standings.index("Albers Alice") < standings.index("Bauer Bob")
    partial = client.get(reverse("projector", args=["hannover"]), HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in partial and "projector-standings" in partial


def test_organizer_moves_a_game_to_another_table_with_and_without_htmx(client, day):
    client.force_login(day.user("organizer"))
    url = reverse("manage_round_move", args=["hannover", 1])
    page = client.get(reverse("manage_round", args=["hannover", 1])).content.decode()
    assert f'action="{url}"' in page and 'name="table"' in page

    response = client.post(url, {"game": day.game.pk, "table": 2})  # no JavaScript
    assert response.status_code == 302
    assert Game.objects.get(pk=day.game.pk).table == 2
    assert Game.objects.get(pk=day.game2.pk).table == 1  # swapped
    assert AuditEntry.objects.filter(action="game.table").count() == 1

    response = client.post(url, {"game": day.game.pk, "table": 7}, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert response.status_code == 200 and html.startswith('<div id="round-games">')
    assert "moved from table 2 to table 7" in html
    assert Game.objects.get(pk=day.game.pk).table == 7

    response = client.post(url, {"game": day.game.pk, "table": 0}, HTTP_HX_REQUEST="true")
    assert 'class="notice bad"' in response.content.decode()
    assert Game.objects.get(pk=day.game.pk).table == 7

    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.FINISHED)
    response = client.post(url, {"game": day.game.pk, "table": 1}, follow=True)
    assert Game.objects.get(pk=day.game.pk).table == 7
    assert any(m.level_tag == "error" for m in response.context["messages"])


def test_only_organizers_move_tables(client, day):
    url = reverse("manage_round_move", args=["hannover", 1])
    client.force_login(day.user("referee"))
    assert client.post(url, {"game": day.game.pk, "table": 2}).status_code == 403
    assert Game.objects.get(pk=day.game.pk).table == 1


@pytest.mark.parametrize(
    "language, words",
    [
        ("de", ["Tisch", "Schwarz", "Weiß", "Ergebnis", "Runde"]),
        ("en", ["Table", "Black", "White", "Result", "Round"]),
    ],
)
def test_pdfs_in_the_language_of_the_request(client, day, language, words):
    pairings = pdf_text(
        client.get(reverse("pdf_pairings", args=["hannover", 1]), HTTP_ACCEPT_LANGUAGE=language).content
    )
    slips = pdf_text(client.get(reverse("pdf_slips", args=["hannover", 1]), HTTP_ACCEPT_LANGUAGE=language).content)
    for word in words:
        assert word in pairings, word
    assert ("Unterschrift" if language == "de" else "Signature") in slips
    assert ("Tisch 2" if language == "de" else "Table 2") in slips
    standings = pdf_text(client.get(reverse("pdf_standings", args=["hannover"]), HTTP_ACCEPT_LANGUAGE=language).content)
    assert ("Verein" if language == "de" else "Club") in standings
    crosstable = pdf_text(
        client.get(reverse("pdf_crosstable", args=["hannover"]), HTTP_ACCEPT_LANGUAGE=language).content
    )
    assert ("Kreuztabelle" if language == "de" else "Crosstable") in crosstable


def test_pdf_command_language_option(day, tmp_path):
    for language, word, other in (("de", "Schwarz", "Black"), ("en", "Black", "Schwarz")):
        out = tmp_path / f"{language}.pdf"
        call_command(
            "pdf",
            "pairings",
            "--tournament",
            "hannover",
            "--round",
            "1",
            "--language",
            language,
            "-o",
            str(out),
            stdout=io.StringIO(),
        )
        text = pdf_text(out.read_bytes())
        assert word in text and other not in text
    out = tmp_path / "default.pdf"
    call_command("pdf", "slips", "--tournament", "hannover", "--round", "1", "-o", str(out), stdout=io.StringIO())
    text = pdf_text(out.read_bytes())
    assert "Tisch 1" in text and "Ergebnis" in text and "Weiß" in text  # German by default


def test_standings_and_crosstable_pages_in_german(client, day):
    Game.objects.filter(pk=day.game.pk).update(result="B", result_state=ResultState.CONFIRMED)
    html = client.get(reverse("standings", args=["hannover"]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    for word in ("Platz", "Verein", "Land", "Rang", "Gesamt", "Tabelle (PDF)"):
        assert word in html, word
    assert 'title="Siege"' in html or 'title="McMahon-Punkte"' in html  # criteria explained in German
    html = client.get(reverse("crosstable", args=["hannover"]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Kreuztabelle" in html and "gegen Nummer 12" in html
    detail = client.get(reverse("tournament", args=["hannover"])).content.decode()
    main = detail.split("<main>")[1]
    assert reverse("standings", args=["hannover"]) in main and reverse("crosstable", args=["hannover"]) in main


def test_projector_shows_many_tables_a_page_at_a_time(client, day, monkeypatch):
    from tournament.views import projector

    monkeypatch.setattr(projector, "PER_PAGE", 1)
    url = reverse("projector", args=["hannover"])
    first = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Albers Alice" in first and "Conrad Carol" not in first.split("projector-standings")[0]
    assert "Page 1 of 2" in first
    assert f'hx-get="{url}?page=2"' in first and f'content="15;url={url}?page=2"' in first
    second = client.get(url + "?page=2", HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert second.startswith('<div id="projector"') and "Page 2 of 2" in second
    assert "Conrad Carol" in second.split("projector-standings")[0]
    assert f'hx-get="{url}?page=1"' in second  # and round again
    assert client.get(url + "?page=x").status_code == 200


def test_a_swap_that_makes_rematches_says_so_at_once(client, day):
    """Round 1: Alice–Bob, Carol–Dave. Round 2 paired Alice–Carol, Bob–Dave;
    swapping Carol and Bob would replay both games of round 1: the organizer
    is told right after the swap, not only on the round page."""
    p = {pl.given_name: pl for pl in day.tournament.registrations.all()}
    round2 = Round.objects.create(
        tournament=day.tournament, discipline=day.ninuki, number=2, status=Round.Status.PAIRED
    )
    Game.objects.create(round=round2, table=1, black=p["Alice"], white=p["Carol"])
    Game.objects.create(round=round2, table=2, black=p["Bob"], white=p["Dave"])
    client.force_login(day.user("organizer"))
    url = reverse("manage_round_swap", args=[day.tournament.slug, 2])
    response = client.post(
        url, {"player_a": p["Carol"].pk, "player_b": p["Bob"].pk}, HTTP_ACCEPT_LANGUAGE="en", follow=True
    )
    texts = [str(m) for m in response.context["messages"]]
    levels = [m.level_tag for m in response.context["messages"]]
    assert any(t.startswith("Swapped") for t in texts)
    rematches = [t for t, lvl in zip(texts, levels) if lvl == "warning" and "rematch" in t.lower()]
    assert len(rematches) == 2, texts
    pairs = {frozenset((g.black.given_name, g.white.given_name)) for g in round2.games.all()}
    assert pairs == {frozenset(("Alice", "Bob")), frozenset(("Carol", "Dave"))}
