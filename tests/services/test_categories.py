"""Rank categories through the site (issue #26, item 4): set on the settings page (audited, odd input
refused in both languages), kept apart by the pairing when chosen, ranked apart in the standings, shown
on the public table, the PDF, the CSV and the API."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from tests.factories import make_discipline, make_player, make_round, make_tournament
from tests.services.test_tournaments import _settings_post
from tournament.forms.tournaments import CategoryLimitsField
from tournament.models import AuditEntry, Game, Round, Tournament
from tournament.models.discipline import DisciplineKind, HandicapPolicy
from tournament.pairing.categories import number as cat_number
from tournament.permissions import SYSTEM
from tournament.ranks import parse_rank
from tournament.selectors.standings import standings_for
from tournament.services.results import result_set
from tournament.services.rounds import round_pair, round_publish
from tournament.services.tournaments import tournament_update_settings

pytestmark = pytest.mark.django_db


@pytest.fixture
def planned(day):
    Round.objects.filter(tournament=day.tournament).update(status=Round.Status.PLANNED)
    return day.tournament


# --- the settings page ---------------------------------------------------------------------------


@pytest.mark.usefixtures("english_visitor")
def test_the_organizer_sets_the_limits_as_one_line_of_ranks_and_the_change_is_audited(organizer_client, planned):
    t = planned
    url = reverse("manage_settings", args=[t.slug])
    page = organizer_client.get(url).content.decode()
    assert 'name="category_limits"' in page and 'name="category_mode"' in page
    response = organizer_client.post(
        url, _settings_post(t, category_limits="5k 1d", category_mode="ranked", reason="Preise je Klasse")
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    t.refresh_from_db()
    assert (t.category_limits, t.category_mode) == ([0, -5], "ranked")
    entry = AuditEntry.objects.filter(tournament=t, action="tournament.settings").latest("pk")
    assert entry.before == {"category_limits": "", "category_mode": "both"}
    assert entry.after == {"category_limits": "1d, 5k", "category_mode": "ranked"}
    from tournament.audit_words import change_words

    with translation.override("de"):
        # PostgreSQL's jsonb keeps the keys in its own order
        assert set(change_words(entry.after).split("; ")) == {
            "Kategoriegrenzen: 1d, 5k",
            "Kategorien trennen: Nur getrennt gewertet, gemeinsam gepaart",
        }
    page = organizer_client.get(url).content.decode()
    assert 'value="1d, 5k"' in page
    assert "A: 1d and stronger · B: 5k–1k · C: 6k and weaker" in page
    # a page without the fields (an older form) leaves them as they are
    data = _settings_post(t, reason="")
    response = organizer_client.post(url, data)
    t.refresh_from_db()
    assert (t.category_limits, t.category_mode) == ([0, -5], "ranked")
    # emptied: no categories
    organizer_client.post(url, _settings_post(t, category_limits=""))
    t.refresh_from_db()
    assert t.category_limits == []


@pytest.mark.usefixtures("english_visitor")
@pytest.mark.parametrize(
    "text",
    ["1d, 1d", "1d, five", "1p", "99999999999999999999k", "9d 8d 7d 6d 5d 4d 3d 2d 1d", "1d, " * 60, "0k"],
)
def test_odd_limits_are_form_errors_not_crashes(organizer_client, planned, text):
    t = planned
    before = Tournament.objects.filter(pk=t.pk).values().get()
    response = organizer_client.post(reverse("manage_settings", args=[t.slug]), _settings_post(t, category_limits=text))
    assert response.status_code == 422
    assert "category_limits" in response.context["form"].errors
    assert Tournament.objects.filter(pk=t.pk).values().get() == before


def _category_pages(t) -> dict[str, str]:
    """Every page and file that names a tournament's categories, for a visitor and for its organizer."""
    slug = t.slug
    public = [
        reverse(name, args=[slug])
        for name in ("standings", "crosstable", "pdf_standings", "pdf_crosstable", "csv_standings", "players")
    ]
    public += [
        f"/api/v1/tournaments/{slug}/",
        f"/api/v1/tournaments/{slug}/players/",
        f"/api/v1/tournaments/{slug}/standings/",
    ]
    return {
        "public": public,
        "organizer": [
            reverse("manage_settings", args=[slug]),
            reverse("manage_opengotha_export", args=[slug]),
            reverse("h9_results", args=[slug]),
        ],
    }


def _all_answer(client, organizer_client, t) -> None:
    pages = _category_pages(t)
    for url in pages["public"]:
        assert client.get(url).status_code == 200, url
    for url in pages["organizer"]:
        assert organizer_client.get(url).status_code == 200, url


@pytest.mark.usefixtures("english_visitor")
def test_a_limit_of_30k_is_the_rank_it_is_and_every_page_names_its_categories(client, organizer_client, planned):
    """Issue #30 item 5: ``1d, 30k`` was accepted and then broke the settings page, the public standings and
    the crosstable (a category "weaker than 30k"), with no way back but the admin."""
    t = planned
    url = reverse("manage_settings", args=[t.slug])
    response = organizer_client.post(url, _settings_post(t, category_limits="30k, 1d"))
    assert response.status_code == 302, response.content.decode()[:2000]
    t.refresh_from_db()
    assert t.category_limits == [0, -30]
    page = organizer_client.get(url).content.decode()
    assert 'value="1d, 30k"' in page and "A: 1d and stronger · B: 30k–1k" in page and "C:" not in page
    _all_answer(client, organizer_client, t)
    standings = client.get(reverse("standings", args=[t.slug])).content.decode()
    assert "B: 30k–1k" in standings
    detail = json.loads(client.get(f"/api/v1/tournaments/{t.slug}/").content)
    assert detail["categories"] == [
        {"letter": "A", "weakest": "1d", "strongest": None},
        {"letter": "B", "weakest": "30k", "strongest": "1k"},
    ]


@pytest.mark.usefixtures("english_visitor")
@pytest.mark.parametrize(
    "stored", [[99], [-31], [0, -31], ["1d"], [0, 0], [-5, 0], list(range(8, -10, -2)), "1d", {"a": 1}, [True], [1.5]]
)
def test_a_stored_bad_limit_breaks_no_page_and_the_form_puts_it_right(client, organizer_client, planned, stored):
    """Limits the site would refuse, stored nonetheless (the admin, an older version): no page fails; the
    settings page shows them and takes new ones."""
    t = planned
    Tournament.objects.filter(pk=t.pk).update(category_limits=stored)
    t.refresh_from_db()
    _all_answer(client, organizer_client, t)
    url = reverse("manage_settings", args=[t.slug])
    response = organizer_client.post(url, _settings_post(t, category_limits="1d"))
    assert response.status_code == 302, response.content.decode()[:2000]
    t.refresh_from_db()
    assert t.category_limits == [0]


def test_a_nul_in_the_limits_is_refused_before_the_form(organizer_client, planned):
    t = planned
    before = Tournament.objects.filter(pk=t.pk).values().get()
    response = organizer_client.post(
        reverse("manage_settings", args=[t.slug]), _settings_post(t, category_limits="1d\x005k")
    )
    assert response.status_code == 400
    assert Tournament.objects.filter(pk=t.pk).values().get() == before


@pytest.mark.parametrize(
    ("text", "german", "english"),
    [
        ("1d, 1d", "1d ist doppelt angegeben: jede Grenze nur einmal.", "1d is given twice: each limit only once."),
        ("1d, fünf", "„fünf“ ist kein Rang: Ränge wie 5k oder 1d schreiben.", "“fünf” is not a rank"),
        (
            "1p",
            "Eine Kategoriegrenze muss zwischen 30k und 9d liegen.",
            "A category limit must lie between 30k and 9d.",
        ),
        (
            "9d 8d 7d 6d 5d 4d 3d 2d 1d",
            "Höchstens acht Grenzen (neun Kategorien)",
            "At most eight limits (nine categories)",
        ),
    ],
)
def test_the_errors_in_german_and_english(text, german, english):
    field = CategoryLimitsField()
    for language, words in (("de", german), ("en", english)):
        with translation.override(language):
            with pytest.raises(ValidationError) as exc:
                field.clean(text)
            assert words in exc.value.messages[0], (language, exc.value.messages)


def test_the_model_refuses_limits_out_of_order_however_they_come(planned):
    planned.category_limits = [-5, 0]
    with pytest.raises(ValidationError) as exc:
        planned.full_clean()
    assert "category_limits" in exc.value.message_dict
    with pytest.raises(ValidationError):
        tournament_update_settings(tournament=planned, data={"category_limits": [0, "5k"]}, user=SYSTEM)
    planned.refresh_from_db()
    assert planned.category_limits == []


def test_pairing_apart_puts_back_the_weight_a_file_without_categories_set_to_0(planned):
    planned.pairing_parameters = {"pairing": {"avoid_mixing_categories": 0, "random": 3}}
    planned.save()
    changed = tournament_update_settings(tournament=planned, data={"category_limits": [0]}, user=SYSTEM)
    assert set(changed) == {"category_limits", "pairing_parameters"}
    planned.refresh_from_db()
    assert planned.pairing_parameters == {"pairing": {"random": 3}}


# --- the pairing ---------------------------------------------------------------------------------


def _field(limits, mode):
    """Eight players of one Swiss group in round 1 (split and fold): the stronger half meets the weaker
    half unless categories keep them apart."""
    t = make_tournament(
        pairing_system="swiss", category_limits=limits, category_mode=mode, standings_criteria=["nbw", "sos"]
    )
    go = make_discipline(t, kind=DisciplineKind.GO, board_size=19, handicap_policy=HandicapPolicy.NONE)
    ranks = ["4d", "3d", "2d", "1d", "1k", "2k", "3k", "4k"]
    players = {r: make_player(t, surname=f"P{r}", rank=r, club=f"C{i}") for i, r in enumerate(ranks)}
    r1 = make_round(t, go, 1)
    round_pair(round=r1, user=SYSTEM)
    rank_of = {p.pk: p.rank for p in players.values()}
    return t, r1, [(rank_of[g.black_id], rank_of[g.white_id]) for g in Game.objects.filter(round=r1)]


def _crossing(pairs, limit):
    return [p for p in pairs if (p[0] >= limit) != (p[1] >= limit)]


def test_categories_paired_apart_meet_only_their_own_category():
    limit = parse_rank("1d")
    _t, _r, together = _field([], "both")
    assert _crossing(together, limit), together  # without categories the halves meet
    for mode in ("both", "paired"):
        _t, _r, apart = _field([limit], mode)
        assert len(apart) == 4 and not _crossing(apart, limit), (mode, apart)
    # ranked apart only: paired as without categories
    _t, _r, ranked = _field([limit], "ranked")
    assert sorted(ranked) == sorted(together)


def test_the_odd_player_of_a_category_meets_the_nearest_player_of_the_next_through_the_service():
    """Issue #31 item 15, through the site's pairing: the McMahon of 40 players in four categories of odd
    sizes (tests/pairing/opengotha/oracle/categories_field.py; OpenGotha 3.51.02 pairs 2d against 8k
    with 7 stones there). The site pairs each category's odd player with the nearest of the next: the
    weakest of A (a 1d) against the strongest of B (the 1k), the weakest of C (a 19k) against the
    strongest of D (the 20k), both even games; every other game inside its category."""
    from tests.pairing.opengotha.oracle.categories_field import LIMITS, RANKS

    t = make_tournament(pairing_system="mcmahon", category_limits=list(LIMITS), category_mode="both")
    go = make_discipline(t, kind=DisciplineKind.GO, board_size=19)
    for i, rank in enumerate(RANKS):
        make_player(t, surname=f"Cat{i:02d}", rank=rank, club=f"C{i:02d}")
    r1 = make_round(t, go, 1)
    round_pair(round=r1, user=SYSTEM)
    games = list(Game.objects.filter(round=r1).select_related("white", "black"))
    assert len(games) == 20
    category = {rank: n for n, rank in ((cat_number(r, LIMITS), r) for r in RANKS)}
    crossing = sorted(
        (sorted((g.white.rank, g.black.rank)), g.handicap)
        for g in games
        if category[g.white.rank] != category[g.black.rank]
    )
    assert crossing == [
        ([parse_rank("20k"), parse_rank("19k")], 0),
        ([parse_rank("1k"), parse_rank("1d")], 0),
    ]


# --- the standings, the table, the PDF, the CSV, the API -------------------------------------------


def _played(mode):
    """Round 1 of the field, published, every stronger player (by colour) losing: the kyu players
    win, so ranked together they lead."""
    t, r1, _pairs = _field([parse_rank("1d")], mode)
    for g in Game.objects.filter(round=r1).select_related("black", "white"):
        winner = "B" if g.black.rank < g.white.rank else "W"
        result_set(game=g, user=SYSTEM, version=g.version, result=winner, reason="desk")
    round_publish(round=r1, user=SYSTEM)
    return t


def test_ranked_apart_lists_category_a_first_ranked_together_does_not():
    t = _played("both")
    st = standings_for(t)
    assert st.ranked_by_category and [c.code for c in st.columns][0] == "cat"
    letters = [st.category_of(r).letter for r in st.rows]
    assert letters == sorted(letters) == ["A"] * 4 + ["B"] * 4
    t.category_mode = "paired"
    t.save()
    st = standings_for(t)
    assert not st.ranked_by_category and "cat" not in [c.code for c in st.columns]
    winners_first = [st.category_of(r).letter for r in st.rows]
    assert sorted(winners_first[:4]) == ["A", "A", "B", "B"], winners_first  # the winners of both, together


@pytest.mark.usefixtures("english_visitor")
def test_the_public_table_the_csv_and_the_api_show_the_category(client):
    """Issue #31 item 16: ranked apart, the table shows the place within the category (B's best is 1, not
    5), one category column (the letter: OpenGotha's CAT is not repeated as a column of 1 and 2), and the
    CSV and the API say the same: ``category`` and ``category_place``, the API's ``cat`` the letter."""
    t = _played("both")
    page = client.get(reverse("standings", args=[t.slug])).content.decode()
    assert page.count('<th class="col-category">Category</th>') == 1 and 'title="category">CAT<' not in page
    assert 'id="category-A"' in page and "A: 1d and stronger" in page and "B: 1k and weaker" in page
    # the filter: a radio button for each category, every row marked with its category
    assert 'id="show-category-all" checked' in page and 'id="show-category-B"' in page
    assert page.count('data-category="A"') == 5 and page.count('data-category="B"') == 5  # 4 rows + heading
    places = re.findall(r'<tr class="tied" data-category="(.)"><td class="num">([^<]*)</td>', page)
    assert places == [("A", "1="), ("A", "1="), ("A", "3="), ("A", "3="), ("B", "1="), ("B", "1="), ("B", "3=")] + [
        ("B", "3=")
    ]
    rows = list(csv.reader(io.StringIO(client.get(reverse("csv_standings", args=[t.slug])).content.decode())))
    assert rows[0][-2:] == ["category", "category_place"] and "CAT" not in rows[0]
    by_rank = {row[4]: (row[0], row[-2], row[-1]) for row in rows[1:]}
    assert [by_rank[r] for r in ("1k", "2k", "3k", "4k")] == [("3=", "B", "3="), ("3=", "B", "3=")] + [
        ("1=", "B", "1="),
        ("1=", "B", "1="),
    ]
    assert {v[1] for r, v in by_rank.items() if r.endswith("d")} == {"A"}
    data = json.loads(client.get(f"/api/v1/tournaments/{t.slug}/standings/").content)
    assert data["categories"] == [
        {"letter": "A", "weakest": "1d", "strongest": None},
        {"letter": "B", "weakest": None, "strongest": "1k"},
    ]
    assert data["criteria"][0] == "cat"
    assert [(r["category"], r["values"]["cat"], r["place"], r["category_place"]) for r in data["rows"]] == [
        ("A", "A", 1, 1),
        ("A", "A", 1, 1),
        ("A", "A", 3, 3),
        ("A", "A", 3, 3),
        ("B", "B", 1, 1),
        ("B", "B", 1, 1),
        ("B", "B", 3, 3),
        ("B", "B", 3, 3),
    ]
    players = json.loads(client.get(f"/api/v1/tournaments/{t.slug}/players/").content)
    assert {p["rank"]: p["category"] for p in players}["1k"] == "B"
    detail = json.loads(client.get(f"/api/v1/tournaments/{t.slug}/").content)
    assert detail["categories"] == data["categories"]
    # the crosstable too: the place within the category, CAT as the letter (the h9 file keeps OpenGotha's 2)
    cross = client.get(reverse("crosstable", args=[t.slug])).content.decode()
    lines = re.findall(
        r'<td class="num">\d+</td>\s*<td class="num">([^<]*)</td>\s*<td class="name">([^<]*)</td>', cross
    )
    assert dict((name, place) for place, name in lines)["P3k Test"] == "1="
    b_row = cross[cross.index("P3k Test") :].split("</tr>")[0]
    assert re.findall(r'<td class="num">([^<]*)</td>', b_row)[1:][-3:] == ["B", "1", "0"]


@pytest.mark.usefixtures("english_visitor")
def test_ranked_together_the_place_is_the_whole_tables_and_the_category_column_adds_the_place_in_it(client):
    """Paired apart, ranked together: the place counts every player; the one category column says the
    letter and the place within the category (``B 1=``: the best of B, for prizes by category); the CSV
    and the API the same in their own columns."""
    t = _played("paired")
    page = client.get(reverse("standings", args=[t.slug])).content.decode()
    assert page.count('<th class="col-category">Category</th>') == 1 and "CAT" not in page
    cells = re.findall(
        r'<td class="num">([^<]*)</td><td class="name">[^<]*</td><td class="num">([^<]*)</td>'
        r'<td class="col-category">([^<]*)</td>',
        page,
    )
    st = standings_for(t)
    assert [(place, cat) for place, _rank, cat in cells] == [
        (r.place_display, f"{st.category_letter(r)} {st.category_place_text(r)}") for r in st.rows
    ]
    assert {cat for _p, _r, cat in cells} == {"A 1=", "A 3=", "B 1=", "B 3="}
    assert [p for p, _r, _c in cells] == ["1="] * 4 + ["5="] * 4  # the kyu players won: they lead, with two dan
    rows = list(csv.reader(io.StringIO(client.get(reverse("csv_standings", args=[t.slug])).content.decode())))
    assert [(row[0], row[-2], row[-1]) for row in rows[1:]] == [
        (r.place_display, st.category_letter(r), st.category_place_text(r)) for r in st.rows
    ]
    data = json.loads(client.get(f"/api/v1/tournaments/{t.slug}/standings/").content)
    assert "cat" not in data["criteria"]
    assert [(r["place"], r["category"], r["category_place"]) for r in data["rows"]] == [
        (r.place, st.category_letter(r), r.category_place) for r in st.rows
    ]


def test_the_standings_pdf_has_a_section_per_category_when_ranked_apart(client):
    from tournament.pdf.standings import standings_pdf

    t = _played("both")
    with translation.override("de"):
        pdf = standings_pdf(standings_for(t), t.name)
    assert pdf.startswith(b"%PDF")
    from tournament.pdf import standings as pdf_standings

    with translation.override("de"):
        st = standings_for(t)
        sections = [pdf_standings.section(st, t.name, c) for c, rows in st.by_category() if rows]
    assert [s.title for s in sections] == [
        f"{t.name} – Tabelle A: 1d und stärker (gesamt)",
        f"{t.name} – Tabelle B: 1k und schwächer (gesamt)",
    ]
    assert all(len(s.rows) == 4 for s in sections)
    assert sections[0].columns[3].header == "Kat." and {r[3] for r in sections[0].rows} == {"A"}
    # the place within the category (B's best is 1=, not 5=), one category column (no CAT of 1 and 2)
    assert [r[0] for r in sections[1].rows] == ["1=", "1=", "3=", "3="]
    assert [c.header for c in sections[1].columns] == ["Pl.", "Name", "Rang", "Kat.", "Verein", "Land", "NBW", "SOSW"]


def test_the_settings_page_in_german(organizer_client, planned):
    planned.category_limits = [0, -5]
    planned.save()
    organizer_client.cookies["django_language"] = "de"
    page = organizer_client.get(reverse("manage_settings", args=[planned.slug])).content.decode()
    assert "<legend>Kategorien</legend>" in page
    assert "Kategoriegrenzen" in page and "Kategorien trennen" in page
    assert "Getrennt gepaart und getrennt gewertet" in page and "Nur getrennt gewertet, gemeinsam gepaart" in page
    assert "A: 1d und stärker · B: 5k–1k · C: 6k und schwächer" in page
    response = organizer_client.post(
        reverse("manage_settings", args=[planned.slug]), _settings_post(planned, category_limits="5k, 1d, 5k")
    )
    assert response.status_code == 422
    assert "5k ist doppelt angegeben: jede Grenze nur einmal." in response.content.decode()


def test_a_backup_from_before_the_fields_brings_its_categories_into_them(planned):
    """A backup made before migration 0023 holds the categories of an OpenGotha import in the parameter set."""
    from tests.services.test_backup import _wipe
    from tournament.backup import dump_tournament, load_tournament

    data = dump_tournament(planned)
    row = next(r for r in data["objects"] if r["model"] == "tournament.tournament")
    del row["fields"]["category_limits"], row["fields"]["category_mode"]
    row["fields"]["pairing_parameters"] = {
        "general": {"lower_category_limits": [0, -5], "number_of_categories": 3, "nbw2_bye": 2},
        "placement": ["CAT", "MMS"],
    }
    _wipe(planned.slug)
    t = load_tournament(data)
    assert (t.category_limits, t.category_mode) == ([0, -5], "both")
    assert t.pairing_parameters == {"general": {"nbw2_bye": 2}, "placement": ["CAT", "MMS"]}


def test_the_projector_shows_the_leaders_of_every_category_when_ranked_apart(client, monkeypatch):
    """Ranked apart, the projector's top lines were category A's alone: each category gets its share of
    the screen, its leaders at their places within it; ranked together the table's top as it is."""
    from tournament.views import projector as screen

    t = _played("both")
    st = standings_for(t)
    leaders = st.leaders(2)
    assert [st.category_of(r).letter for r in leaders] == ["A", "B"]
    assert [st.place_text(r) for r in leaders] == ["1=", "1="]
    monkeypatch.setattr(screen, "TOP", 4)  # a screen of four lines: two for each category
    page = client.get(reverse("projector", args=[t.slug])).content.decode()
    top = page[page.index("projector-standings") :]
    shown = set(re.findall(r"P(\d[dk])", top))
    # each category's two winners (the weaker of each game won)
    assert shown == {"1d", "2d", "3k", "4k"}, top
    t.category_mode = "paired"
    t.save()
    st = standings_for(t)
    assert st.leaders(2) == st.rows[:2]
