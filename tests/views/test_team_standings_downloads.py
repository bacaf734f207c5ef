"""A team tournament's standings downloads and crosstable: the team table first (PDF), a team CSV beside the
players' one, the team crosstable on the page; the organizer's count the paired rounds as the players' do."""

from __future__ import annotations

import csv
import io
import subprocess

import pytest
from django.urls import reverse

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


def _pdf_text(content: bytes) -> str:
    done = subprocess.run(["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True)
    return done.stdout.decode()


def test_the_team_csv_counts_the_published_rounds_and_the_organizer_s_the_paired_too(client, three_rounds):
    url = reverse("csv_team_standings", args=[three_rounds.tournament.slug])
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["place", "number", "name", "TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR", "R1", "R2", "R3"]
    assert rows[1][:5] == ["1", "1", "Hannover", "4", "5"] and rows[1][10] == "–"
    berlin = next(r for r in rows if r[2] == "Berlin")
    assert berlin[3:5] == ["0", "1"]
    client.force_login(three_rounds.organizer)
    rows = list(csv.reader(io.StringIO(client.get(url).content.decode())))
    berlin = next(r for r in rows if r[2] == "Berlin")
    assert berlin[3:5] == ["2", "4"] and berlin[10].endswith("+ 3:0")
    # the players' CSV beside it, as in an individual tournament
    players = client.get(reverse("csv_standings", args=[three_rounds.tournament.slug]))
    assert players.status_code == 200 and players.content.decode().startswith("place,number,surname")


def test_the_team_csv_before_a_round_and_of_an_individual_tournament_is_its_header(client, day, teams):
    single = client.get(reverse("csv_team_standings", args=[day.tournament.slug]))
    assert single.status_code == 200 and single.content.decode() == "place,number,name\n"
    assert client.get(reverse("csv_team_standings", args=["nowhere"])).status_code == 404
    empty = client.get(reverse("csv_team_standings", args=[teams.tournament.slug]))
    assert empty.status_code == 200 and empty.content.decode() == "place,number,name\n"


def test_the_standings_pdf_has_the_team_table_first(client, three_rounds):
    response = client.get(reverse("pdf_standings", args=[three_rounds.tournament.slug]) + "?lang=en")
    assert response.status_code == 200
    text = _pdf_text(response.content)
    assert text.index("Team standings") < text.index("Standings (overall)")
    assert "Hannover" in text and "TP: team points" in text


def test_the_crosstable_page_and_pdf_show_the_matches_by_team(client, three_rounds):
    slug = three_rounds.tournament.slug
    page = client.get(reverse("crosstable", args=[slug])).content.decode()
    assert 'id="team-crosstable-table"' in page and "3- 0:3" in page and "0+ 3:0" in page
    text = _pdf_text(client.get(reverse("pdf_crosstable", args=[slug]) + "?lang=en").content)
    assert text.index("Team crosstable") < text.index("Crosstable (overall)")
    assert "0+ 3:0" in text


def test_an_individual_tournament_s_documents_have_no_team_table(client, day):
    text = _pdf_text(client.get(reverse("pdf_standings", args=[day.tournament.slug]) + "?lang=en").content)
    assert "Team standings" not in text
    page = client.get(reverse("crosstable", args=[day.tournament.slug])).content.decode()
    assert "team-crosstable" not in page


def test_the_pairing_sheet_by_match_has_ranks_handicap_komi_and_the_team_bye(client, three_rounds):
    from tournament.models import Round
    from tournament.pdf.pairings import sections
    from tournament.selectors.standings import pairing_sheet

    round3 = Round.objects.get(tournament=three_rounds.tournament, number=3)
    first = sections(pairing_sheet(round3))[0]
    header = [c.header.strip() for c in first.columns]
    assert header == ["Match", "Teams", "Board", "Table", "Black", "Rank", "White", "Rank", "Hc", "Komi", "Result"]
    han, koe = three_rounds.members[0][0], three_rounds.members[3][0]
    assert first.rows[0][:8] == ["1", "Hannover – Köln", "1", "1", han.display_name, "1k", koe.display_name, "4k"]
    assert first.rows[-1][:2] == ["–", "Hamburg (bye)"] and len(first.rows[-1]) == len(header)
    response = client.get(reverse("pdf_pairings", args=[three_rounds.tournament.slug, 3]) + "?lang=en")
    assert "Hamburg (bye)" in _pdf_text(response.content)


def test_an_empty_team_with_an_odd_name_is_listed_and_its_name_kept_as_text(client, three_rounds):
    from tournament.models import Team

    Team.objects.create(tournament=three_rounds.tournament, number=5, name='=HYPERLINK("x") <b>')
    slug = three_rounds.tournament.slug
    rows = list(csv.reader(io.StringIO(client.get(reverse("csv_team_standings", args=[slug])).content.decode())))
    odd = next(r for r in rows if "HYPERLINK" in r[2])
    assert odd[2].startswith("'=") and odd[3:5] == ["0", "0"] and odd[-3:] == ["–", "–", "–"]
    for name in ("standings", "crosstable", "pdf_standings", "pdf_crosstable", "api:team_standings"):
        response = client.get(reverse(name, args=[slug]))
        assert response.status_code == 200, name
        assert b"<b>" not in response.content or name.startswith(("pdf", "api")), name


def _opponent_in(code: str) -> int | None:
    """The number a CSV round cell names (``4+ 3:0`` names 4; ``0+ 3:0``, a bye, and ``–`` none)."""
    if code == "–":
        return None
    number = int(code.split(maxsplit=1)[0].rstrip("+=-"))
    return number or None


def test_the_team_csv_names_each_opponent_by_its_number_as_the_api_does(client, three_rounds):
    slug = three_rounds.tournament.slug
    rows = list(csv.reader(io.StringIO(client.get(reverse("csv_team_standings", args=[slug])).content.decode())))
    api = client.get(reverse("api:team_standings", args=[slug])).json()
    first_round = rows[0].index("R1")
    by_number = {int(r[1]): r for r in rows[1:]}
    assert sorted(by_number) == [1, 2, 3, 4]
    # the rows are ranked, so a row's number is not its team's: Köln (4) is second
    assert [int(r[1]) for r in rows[1:]] != [1, 2, 3, 4]
    api_rows = {row["team"]["number"]: row for row in api["rows"]}
    assert sorted(api_rows) == sorted(by_number)
    met = 0
    for number, row in by_number.items():
        assert row[2] == api_rows[number]["team"]["name"]
        for cell, match in zip(row[first_round:], api_rows[number]["rounds"], strict=True):
            opponent = _opponent_in(cell)
            assert opponent == match["opponent"], (row[2], cell, match)
            assert opponent != number
            if opponent:
                met += 1
                # the opponent's own row names this team back in the same round
                back = by_number[opponent][first_round + match["round"] - 1]
                assert _opponent_in(back) == number
    assert met == 6  # round 1's two matches, round 3's one (round 2 is not published)
