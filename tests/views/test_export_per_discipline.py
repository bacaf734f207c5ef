"""Issue #21 (4): the OpenGotha and h9 files hold what they can truthfully: one discipline's rounds, its
board size and komi; Ninuki-Renju is left out and the Import/Export page says so; the files re-import."""

from __future__ import annotations

import html
import io
import re
import xml.etree.ElementTree as ET
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from tests.factories import make_discipline, make_player, make_round, make_tournament
from tournament.files.opengotha import read_tournament
from tournament.models import Game, Round, TournamentRole
from tournament.models.game import Result, ResultState
from tournament.permissions import SYSTEM
from tournament.services.opengotha import export_opengotha, import_opengotha

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


class Day:
    """Go 9x9 komi 7 (rounds 1 and 3), Ninuki (round 2), Go 13x13 komi 7.5 (round 4), four players."""

    def __init__(self):
        t = self.tournament = make_tournament(time_control="60 min + 5x30 s")
        self.go9 = make_discipline(t, name="Go 9x9", board_size=9, komi=Decimal(7), position=1)
        self.ninuki = make_discipline(t, "ninuki", name="Ninuki-Renju", position=2)
        self.go13 = make_discipline(t, name="Go 13x13", board_size=13, komi=Decimal("7.5"), position=3)
        self.players = [
            make_player(t, surname=s, given_name=g, rank=r)
            for s, g, r in [
                ("Albers", "Anna", "2k"),
                ("Bauer", "Bob", "4k"),
                ("Conrad", "Cleo", "6k"),
                ("Dietz", "Dan", "8k"),
            ]
        ]
        a, b, c, d = self.players
        plan = [
            (self.go9, [(a, b, Result.BLACK), (c, d, Result.WHITE)]),
            (self.ninuki, [(a, c, Result.WHITE), (b, d, Result.BLACK)]),
            (self.go9, [(a, d, Result.BLACK), (b, c, Result.BLACK)]),
            (self.go13, [(a, b, Result.WHITE), (c, d, Result.BLACK)]),
        ]
        for number, (discipline, games) in enumerate(plan, 1):
            round_ = make_round(t, discipline, number, status=Round.Status.FINISHED)
            for table, (black, white, result) in enumerate(games, 1):
                Game.objects.create(
                    round=round_,
                    table=table,
                    black=black,
                    white=white,
                    result=result,
                    result_state=ResultState.CONFIRMED,
                    komi=discipline.komi,
                )


@pytest.fixture
def scene(db):
    return Day()


@pytest.fixture
def organizer(client, scene):
    user = get_user_model().objects.create_user("orga", password="pw-orga-123")
    TournamentRole.objects.create(tournament=scene.tournament, user=user, role="organizer")
    client.force_login(user)
    return client


def _games(plain):
    names = {p.key: p.name for p in plain.players}
    return sorted((g.round, names[g.black], names[g.white], g.result.name) for g in plain.games)


def test_a_disciplines_file_holds_its_rounds_alone_with_its_board_and_komi(scene):
    go9 = read_tournament(export_opengotha(scene.tournament, discipline=scene.go9).encode())
    assert (go9.params.general.size, go9.params.general.komi, go9.params.general.number_of_rounds) == (9, 7.0, 2)
    # rounds 1 and 3 of the tournament are rounds 1 and 2 of the file; the Ninuki round 2 is not there
    assert _games(go9) == [
        (1, "Albers", "Bauer", "BLACK_WINS"),
        (1, "Conrad", "Dietz", "WHITE_WINS"),
        (2, "Albers", "Dietz", "BLACK_WINS"),
        (2, "Bauer", "Conrad", "BLACK_WINS"),
    ]
    go13 = read_tournament(export_opengotha(scene.tournament, discipline=scene.go13).encode())
    assert (go13.params.general.size, go13.params.general.komi, go13.params.general.number_of_rounds) == (13, 7.5, 1)
    assert _games(go13) == [(1, "Albers", "Bauer", "WHITE_WINS"), (1, "Conrad", "Dietz", "BLACK_WINS")]
    assert {p.name for p in go13.players} == {"Albers", "Bauer", "Conrad", "Dietz"}


def test_a_disciplines_file_re_imports_as_it_was_played(scene):
    """The round trip: the exported file imported as a new tournament has the discipline's rounds, board,
    komi and results."""
    for discipline in (scene.go9, scene.go13):
        xml = export_opengotha(scene.tournament, discipline=discipline)
        again = import_opengotha(xml.encode(), slug=f"again-{discipline.board_size}", user=SYSTEM)
        (imported,) = again.disciplines.all()
        assert (imported.kind, imported.board_size, imported.komi) == ("go", discipline.board_size, discipline.komi)
        assert again.rounds.count() == discipline.rounds.count()
        mine = sorted(
            (r.number, g.black.surname, g.white.surname, g.result)
            for r in again.rounds.all()
            for g in r.games.select_related("black", "white")
        )
        numbers = {n: i for i, n in enumerate(sorted(discipline.rounds.values_list("number", flat=True)), 1)}
        played = sorted(
            (numbers[g.round.number], g.black.surname, g.white.surname, g.result)
            for g in Game.objects.filter(round__discipline=discipline).select_related("round", "black", "white")
        )
        assert mine == played
        # and out once more: the same file
        assert export_opengotha(again) == export_opengotha(again, discipline=imported)


def test_ninuki_has_no_opengotha_file(scene, organizer):
    url = reverse("manage_opengotha_export_discipline", args=[scene.tournament.slug, scene.ninuki.pk])
    response = organizer.get(url, follow=True)
    assert response.redirect_chain[-1][0] == reverse("manage_files", args=[scene.tournament.slug])
    assert "Ninuki-Renju is not Go" in response.content.decode()
    other = make_discipline(make_tournament(), name="Elsewhere")
    missing = reverse("manage_opengotha_export_discipline", args=[scene.tournament.slug, other.pk])
    assert organizer.get(missing).status_code == 404


def test_the_old_address_still_answers_with_the_first_go_discipline(scene, organizer):
    response = organizer.get(reverse("manage_opengotha_export", args=[scene.tournament.slug]))
    assert response.status_code == 200
    plain = read_tournament(b"".join(response))
    assert (plain.params.general.size, plain.params.general.komi, plain.params.general.number_of_rounds) == (9, 7.0, 2)


def test_the_files_page_offers_a_file_per_discipline_and_says_what_is_left_out(scene, organizer):
    slug = scene.tournament.slug
    page = organizer.get(reverse("manage_files", args=[slug])).content.decode()
    for discipline in (scene.go9, scene.go13):
        assert reverse("manage_opengotha_export_discipline", args=[slug, discipline.pk]) in page
        assert f"{reverse('h9_results', args=[slug])}?discipline={discipline.pk}" in html.unescape(page)
    assert reverse("manage_opengotha_export_discipline", args=[slug, scene.ninuki.pk]) not in page
    # two boards and two komis: no one file of the whole tournament, no h9 of all Go rounds
    assert f'href="{reverse("manage_opengotha_export", args=[slug])}"' not in page
    assert f'href="{reverse("h9_results", args=[slug])}"' not in page
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.unescape(page)))
    assert "Ninuki-Renju is not Go" in text
    assert "Left out of the OpenGotha and EGD files: the rounds of Ninuki-Renju (not Go)." in text
    assert "13×13, komi 7.5" in text and "9×9, komi 7" in text
    for link in sorted(set(re.findall(r'href="(/t/[^"#]*)', html.unescape(page)))):
        assert organizer.get(link).status_code == 200, link


def test_the_files_page_in_german(scene, organizer):
    organizer.cookies.load({"django_language": "de"})
    page = organizer.get(reverse("manage_files", args=[scene.tournament.slug]), HTTP_ACCEPT_LANGUAGE="de")
    text = html.unescape(page.content.decode())
    assert "Ninuki-Renju ist kein Go" in text and "Pro Disziplin" in text


def test_the_h9_of_all_go_rounds_writes_one_komi_or_is_per_discipline(scene, organizer):
    slug = scene.tournament.slug
    response = organizer.get(reverse("h9_results", args=[slug]), follow=True)
    assert response.redirect_chain[-1][0] == reverse("manage_files", args=[slug])
    assert "different komi" in response.content.decode()
    for discipline, km in ((scene.go9, "KM[7.0]"), (scene.go13, "KM[7.5]")):
        text = organizer.get(reverse("h9_results", args=[slug]), {"discipline": discipline.pk}).content.decode()
        assert km in text, (discipline.name, text[:300])
    # one komi: the file of all Go rounds again, with it (and the 13x13 round's note)
    scene.go13.komi = Decimal(7)
    scene.go13.save()
    page = organizer.get(reverse("manage_files", args=[slug])).content.decode()
    assert f'href="{reverse("h9_results", args=[slug])}"' in page
    text = organizer.get(reverse("h9_results", args=[slug])).content.decode()
    assert "KM[7.0]" in text and "Round 4 was played on 13x13" in text
    assert "Round 2" not in text  # the Ninuki round


def test_the_commands_export_per_discipline(scene, tmp_path):
    slug = scene.tournament.slug
    target = tmp_path / "go13.xml"
    call_command("export_opengotha", "--tournament", slug, "--discipline", "Go 13x13", "-o", str(target))
    assert read_tournament(target.read_bytes()).params.general.size == 13
    err = io.StringIO()
    call_command("export_opengotha", "--tournament", slug, "-o", str(tmp_path / "all.xml"), stderr=err)
    assert "rounds 2, 4 are left out" in err.getvalue()
    with pytest.raises(Exception, match="different komi"):
        call_command("export_h9", "--tournament", slug, stdout=io.StringIO())
    out = io.StringIO()
    call_command("export_h9", "--tournament", slug, "--discipline", "Go 13x13", stdout=out)
    assert "KM[7.5]" in out.getvalue()


def test_a_tournament_made_on_the_site_writes_its_dates_and_place_into_the_file(scene):
    """The director's day (tests/views/test_director_day.py) found the file of a tournament made on the site
    (not imported) without ``beginDate``, ``endDate`` and ``location``: OpenGotha, and the site reading the
    file again, took today for the dates and no place."""
    t = scene.tournament
    general = ET.fromstring(export_opengotha(t, discipline=scene.go9)).find(
        "TournamentParameterSet/GeneralParameterSet"
    )
    assert (general.get("beginDate"), general.get("endDate"), general.get("location")) == (
        "2026-11-28",
        "2026-11-29",
        "Hannover",
    )
    again = import_opengotha(export_opengotha(t, discipline=scene.go9).encode(), slug="again-dates", user=SYSTEM)
    assert (again.start_date, again.end_date, again.place) == (t.start_date, t.end_date, t.place)
