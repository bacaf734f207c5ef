"""The tables on the pages (issue #34, item 3): the set-up page in both languages, the renumber button and the
hand-set mark on the round page, and where a table is ("Table 37: Hall A, row 4") on the player's page, the
public round page, the result slips and the pairing sheet."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.views.test_round_pages import pdf_text
from tournament.models import Game, Round, TablePlan
from tournament.services.tables import table_plan_save

pytestmark = pytest.mark.django_db

HALLS = "1-40: Hall A, rows of 10\n41-80: Saal B"


def _in(client, language: str):
    client.cookies["django_language"] = language
    return client


@pytest.fixture
def planned(day):
    """The day's round 1 with Alice–Bob at table 37 and Carol–Dave at table 41, and a hall plan."""
    Game.objects.filter(pk=day.game.pk).update(table=37)
    Game.objects.filter(pk=day.game2.pk).update(table=41)
    table_plan_save(tournament=day.tournament, halls=HALLS, user=day.user("organizer"))
    return day


def test_the_tables_page_saves_a_plan_and_reads_it_back(organizer_client, day):
    url = reverse("manage_tables", args=[day.tournament.slug])
    page = _in(organizer_client, "en").get(url).content.decode()
    assert "excluded tables" in page.lower() and "Hall A, rows of 10" in page  # the example
    answer = organizer_client.post(
        url, {"excluded": "17", "reserved": "1-4", "reserved_use": "top", "halls": HALLS}, follow=True
    )
    page = answer.content.decode()
    assert "The table plan is saved." in page
    assert "Tables 1-40: Hall A, 4 rows of 10 (table 40: Hall A, row 4)" in page
    plan = TablePlan.objects.get(tournament=day.tournament)
    assert (plan.excluded, plan.reserved, plan.halls) == ("17", "1-4", HALLS)
    german = _in(organizer_client, "de").get(url).content.decode()
    assert "Gesperrte Tische" in german or "gesperrte Tische" in german
    assert "Tische 1-40: Hall A, 4 Reihen zu 10 (Tisch 40: Hall A, Reihe 4)" in german


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Line 2, “30-50: B”: these tables are in an earlier line already."),
        ("de", "Zeile 2, „30-50: B“: Diese Tische stehen schon in einer früheren Zeile."),
    ],
)
def test_a_wrong_plan_comes_back_with_the_line_and_keeps_what_was_typed(organizer_client, day, language, words):
    url = reverse("manage_tables", args=[day.tournament.slug])
    halls = "1-40: A\n30-50: B"
    answer = _in(organizer_client, language).post(
        url, {"excluded": "", "reserved": "", "reserved_use": "top", "halls": halls}
    )
    assert answer.status_code == 422
    page = answer.content.decode()
    assert words in page
    assert "30-50: B</textarea>" in page
    assert not TablePlan.objects.exists()


def test_a_round_of_its_own_on_the_tables_page(organizer_client, day):
    url = reverse("manage_tables", args=[day.tournament.slug])
    _in(organizer_client, "en")
    answer = organizer_client.post(
        url, {"round": "1", "excluded": "3", "reserved": "", "reserved_use": "top"}, follow=True
    )
    assert "The tables of round 1 are saved." in answer.content.decode()
    assert TablePlan.objects.get(round=day.round1).excluded == "3"
    page = organizer_client.get(url).content.decode()
    assert "its own tables" in page and "excluded 3" in page
    assert organizer_client.get(url + "?round=99").status_code == 404
    assert organizer_client.get(url + "?round=x").status_code == 302


def test_only_organizers_see_the_tables_page(as_role, day):
    url = reverse("manage_tables", args=[day.tournament.slug])
    assert as_role("player").get(url).status_code == 403
    assert as_role("referee").get(url).status_code == 403


@pytest.mark.parametrize(
    ("language", "mine", "theirs"),
    [("en", "Table 37: Hall A, row 4", "Saal B"), ("de", "Tisch 37: Hall A, Reihe 4", "Saal B")],
)
def test_a_player_sees_her_hall_and_row(client, planned, language, mine, theirs):
    client.force_login(planned.user("alice"))
    page = _in(client, language).get(reverse("my_tournament", args=[planned.tournament.slug])).content.decode()
    text = " ".join(page.replace('<span class="table-place">', "").replace("</span>", "").split())
    assert mine in text
    public = client.get(reverse("round", args=[planned.tournament.slug, 1])).content.decode()
    assert ("Hall A, row 4" if language == "en" else "Hall A, Reihe 4") in public and theirs in public


def test_the_hall_plan_changed_shows_at_once(client, planned):
    client.force_login(planned.user("alice"))
    _in(client, "en")
    url = reverse("round", args=[planned.tournament.slug, 1])
    assert "Hall A, row 4" in client.get(url).content.decode()
    table_plan_save(tournament=planned.tournament, halls="1-80: Main hall", user=planned.user("organizer"))
    assert "Main hall" in client.get(url).content.decode()
    assert "Main hall" in client.get(reverse("my_tournament", args=[planned.tournament.slug])).content.decode()


@pytest.mark.parametrize(("language", "where"), [("en", "Hall A, row 4"), ("de", "Hall A, Reihe 4")])
def test_slips_and_sheet_say_where_each_table_is(client, planned, language, where):
    _in(client, language)
    slips = pdf_text(client.get(reverse("pdf_slips", args=[planned.tournament.slug, 1]) + f"?lang={language}").content)
    assert where in slips and "Saal B" in slips
    sheet = pdf_text(
        client.get(reverse("pdf_pairings", args=[planned.tournament.slug, 1]) + f"?lang={language}").content
    )
    assert where in sheet and "Saal B" in sheet
    assert ("Where" if language == "en" else "Wo") in sheet


def test_no_hall_plan_no_where_column(client, day):
    _in(client, "en")
    sheet = pdf_text(client.get(reverse("pdf_pairings", args=[day.tournament.slug, 1]) + "?lang=en").content)
    assert "Where" not in sheet
    assert "Where" not in client.get(reverse("round", args=[day.tournament.slug, 1])).content.decode()


def test_renumbering_on_the_round_page_keeps_the_table_set_by_hand(organizer_client, day):
    slug = day.tournament.slug
    _in(organizer_client, "en")
    move = reverse("manage_round_move", args=[slug, 1])
    organizer_client.post(move, {"game": day.game2.pk, "table": 5})
    page = organizer_client.get(reverse("manage_round", args=[slug, 1])).content.decode()
    assert "set by hand" in page and "Renumber the tables" in page
    answer = organizer_client.post(reverse("manage_round_renumber", args=[slug, 1]), follow=True)
    assert "Tables numbered again: 0 games moved." in answer.content.decode()
    assert Game.objects.get(pk=day.game2.pk).table == 5
    table_plan_save(tournament=day.tournament, excluded="1", user=day.user("organizer"))
    _in(organizer_client, "de")
    answer = organizer_client.post(reverse("manage_round_renumber", args=[slug, 1]), follow=True)
    assert "Tische neu nummeriert: 1 Partie umgesetzt." in answer.content.decode()
    assert Game.objects.get(pk=day.game.pk).table == 2 and Game.objects.get(pk=day.game2.pk).table == 5
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.FINISHED)
    answer = organizer_client.post(reverse("manage_round_renumber", args=[slug, 1]), follow=True)
    assert answer.status_code == 200 and "solange die Runde gespielt wird" in answer.content.decode()
