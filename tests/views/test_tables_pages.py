"""The tables on the pages (issue #34, item 3): the set-up page in both languages, the renumber button and the
hand-set mark on the round page, and where a table is ("Table 37: Hall A, row 4") on the player's page, the
public round page, the result slips and the pairing sheet."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from pypdf import PdfReader
from pypdf.generic import ContentStream

from tests.factories import make_discipline, make_player, make_round, make_tournament
from tests.views.test_round_pages import pdf_text
from tournament.models import Game, Round, TablePlan, TournamentRole
from tournament.services.results import result_set
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


def test_a_small_event_run_as_a_director_would(client):
    """Nine players; table 3 broken, the broadcast tables 1-2 for the top boards, a hall plan. Round 1 paired,
    the weakest game moved by hand to table 20 (nearest the door), a late player paired by hand with the bye,
    table 4 breaks and the round is renumbered: the hand-set table stays, the game at table 4 moves off it;
    round 2 has its own broken table. Everything through the organizer's pages."""
    director = get_user_model().objects.create_user("tessa", password="pw-tessa-123")
    t = make_tournament()
    TournamentRole.objects.create(tournament=t, user=director, role="organizer")
    go = make_discipline(t, handicap_policy="none")
    ranks = ["5d", "3d", "1d", "1k", "3k", "5k", "8k", "10k", "15k"]
    players = [make_player(t, rank=r, surname=f"Spieler{i}") for i, r in enumerate(ranks)]
    r1, r2 = make_round(t, go, 1), make_round(t, go, 2)
    client.force_login(director)
    _in(client, "en")
    slug = t.slug
    tables_url = reverse("manage_tables", args=[slug])
    client.post(
        tables_url,
        {"excluded": "3", "reserved": "1-2", "reserved_use": "top", "halls": "1-10: Stage\n11-40: Hall B, rows of 10"},
    )
    client.post(reverse("manage_round_action", args=[slug, 1, "pair"]))
    games = list(r1.games.order_by("table"))
    assert [g.table for g in games] == [1, 2, 4, 5]
    top = {games[0].black_id, games[0].white_id}
    assert players[0].pk in top  # the 5d plays on the broadcast table
    weakest = games[-1]
    client.post(reverse("manage_round_move", args=[slug, 1]), {"game": weakest.pk, "table": 20})
    late = make_player(t, rank="2k", surname="Spät", given_name="Lars")
    bye = r1.byes.get().player
    answer = client.post(
        reverse("manage_round_pair_by_hand", args=[slug, 1]), {"player_a": bye.pk, "player_b": late.pk}, follow=True
    )
    assert "Table 5:" in answer.content.decode()  # the lowest table the plan leaves (1-2 reserved, 3 broken)
    client.post(
        tables_url,
        {
            "excluded": "3-4",
            "reserved": "1-2",
            "reserved_use": "top",
            "halls": "1-10: Stage\n11-40: Hall B, rows of 10",
        },
    )
    answer = client.post(reverse("manage_round_renumber", args=[slug, 1]), follow=True)
    assert "Tables numbered again: 1 game moved." in answer.content.decode()  # off the broken table 4
    after = {frozenset((g.black_id, g.white_id)): g.table for g in r1.games.all()}
    assert after[frozenset((weakest.black_id, weakest.white_id))] == 20
    assert sorted(after.values()) == [1, 2, 5, 6, 20]
    client.post(reverse("manage_round_action", args=[slug, 1, "publish"]))
    public = client.get(reverse("round", args=[slug, 1])).content.decode()
    assert "Hall B, row 1" in public and "Stage" in public
    # round 2: its own broken table 5; the OpenGotha export still writes the tables as they are
    client.post(tables_url, {"round": "2", "excluded": "5", "reserved": "", "reserved_use": "top"})
    for g in r1.games.all():
        result_set(game=g, user=director, version=g.version, result="B")
    client.post(reverse("manage_round_action", args=[slug, 1, "finish"]))
    client.post(reverse("manage_round_action", args=[slug, 2, "pair"]))
    assert sorted(r2.games.values_list("table", flat=True)) == [1, 2, 3, 4, 6]
    export = client.get(reverse("manage_opengotha_export", args=[slug])).content.decode()
    assert 'tableNumber="20"' in export


@pytest.mark.parametrize(
    "data",
    [
        {"excluded": "1\x00", "reserved": "", "reserved_use": "top", "halls": ""},
        {"excluded": "1," * 400, "reserved": "", "reserved_use": "top", "halls": ""},
        {"excluded": "", "reserved": "", "reserved_use": "sideways", "halls": ""},
        {"excluded": "", "reserved": "", "reserved_use": "top", "halls": "1-40: A\n" * 700},
        {"excluded": "99999999999999999999", "reserved": "", "reserved_use": "top", "halls": ""},
        {"round": "1", "excluded": "", "reserved": "", "reserved_use": "top", "halls": "1-40: Hall A"},
    ],
)
def test_odd_input_on_the_tables_page_is_refused_in_words_never_a_500(organizer_client, day, data):
    url = reverse("manage_tables", args=[day.tournament.slug])
    answer = _in(organizer_client, "de").post(url, data, follow=True)
    assert answer.status_code in (200, 400, 422)  # 400: a NUL byte is refused before any view
    assert not TablePlan.objects.filter(round__isnull=True).exists()
    assert not TablePlan.objects.filter(halls__gt="").exists()


@pytest.mark.parametrize("number", ["²", "٣", "１", "-1", "1.0", "99999999999", "2147483648"])
def test_an_odd_round_number_on_the_tables_page_goes_back_to_the_plan_never_a_500(organizer_client, day, number):
    """``"²".isdigit()`` is true but ``int("²")`` fails: the page read the round's number with its own test."""
    url = reverse("manage_tables", args=[day.tournament.slug])
    assert organizer_client.get(url, {"round": number}).status_code in (302, 404)
    posted = organizer_client.post(url, {"round": number, "excluded": "3", "reserved": "", "reserved_use": "top"})
    assert posted.status_code in (302, 404)
    assert not TablePlan.objects.exists()


def test_the_place_under_the_table_number_stands_clear_of_the_slips_qr_code(client, planned):
    """A slip's place ("Hall A, row 4") under its table's number, the QR code under that: the code's top
    dark row is below the place's letters, descenders and all (it once covered them)."""
    content = client.get(reverse("pdf_slips", args=[planned.tournament.slug, 1]) + "?lang=en").content
    page = PdfReader(io.BytesIO(content)).pages[0]
    places: list[float] = []  # the baselines of the places
    page.extract_text(
        visitor_text=lambda text, cm, tm, font, size: places.append(tm[5]) if text.startswith("Hall A") else None
    )
    # a code's modules are drawn upside down (a negative d) from the top left module at (e, f)
    codes = [
        float(operands[5])
        for operands, operator in ContentStream(page.get_contents(), page.pdf).operations
        if operator == b"cm" and float(operands[3]) < 0
    ]
    assert len(places) == 1 and len(codes) == 2  # table 37 in Hall A; table 41 in Saal B
    descent = 0.25 * 9  # the place is set in 9 points
    assert places[0] - descent > codes[0], (places, codes)


@pytest.mark.parametrize(("language", "where"), [("en", "Hall A, row 4"), ("de", "Hall A, Reihe 4")])
def test_the_projector_says_where_each_table_is_and_its_poll_follows_the_plan(client, planned, language, where):
    """The hall's screen, as the player's page and the papers: table 37 is in Hall A, row 4; the plan changed,
    the screen's next poll brings the new place (not a 304 of the old screen)."""
    _in(client, language)
    url = reverse("projector", args=[planned.tournament.slug])
    screen = client.get(url)
    text = " ".join(screen.content.decode().split())
    assert where in text and "Saal B" in text
    poll = client.get(url, headers={"HX-Request": "true"})
    assert poll.status_code == 200
    again = client.get(url, headers={"HX-Request": "true", "If-None-Match": poll["ETag"]})
    assert again.status_code == 304
    table_plan_save(tournament=planned.tournament, halls="1-80: Main hall", user=planned.user("organizer"))
    changed = client.get(url, headers={"HX-Request": "true", "If-None-Match": poll["ETag"]})
    assert changed.status_code == 200 and "Main hall" in changed.content.decode()


def test_no_hall_plan_no_place_on_the_projector(client, day):
    _in(client, "en")
    screen = client.get(reverse("projector", args=[day.tournament.slug])).content.decode()
    assert "table-place" not in screen
