"""A round without games: only a bye, or nobody playing (absent, withdrawn), in an individual, a team and a
Pair Go tournament. Issue #30 item 5: its pairing sheet was a 500 for anyone; every page and PDF of the round
and of the standings answers, and the sheet names who does not play."""

from __future__ import annotations

import subprocess

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.factories import make_discipline, make_player, make_round, make_tournament
from tests.fixtures.pair_go import build_pair_day
from tests.fixtures.teams import build_teams
from tournament.models import Registration, Round, Team, TournamentRole
from tournament.permissions import SYSTEM
from tournament.services.rounds import round_pair
from tournament.services.team_rounds import team_round_pair

pytestmark = pytest.mark.django_db


def _pdf_text(content: bytes) -> str:
    done = subprocess.run(["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True)
    return " ".join(done.stdout.decode().split())


def _published(round_: Round) -> Round:
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.PUBLISHED)
    return Round.objects.get(pk=round_.pk)


def _every_page(t, number: int, language: str) -> dict[str, bytes]:
    client = Client()
    client.cookies["django_language"] = language
    slug = t.slug
    urls = [reverse(name, args=[slug, number]) for name in ("round", "pdf_pairings", "pdf_slips")]
    urls += [reverse(name, args=[slug]) for name in ("standings", "crosstable", "pdf_standings", "pdf_crosstable")]
    urls += [reverse(name, args=[slug]) for name in ("csv_standings", "players", "tournament")]
    urls += [f"/api/v1/tournaments/{slug}/rounds/{number}/", f"/api/v1/tournaments/{slug}/standings/"]
    answers = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, (url, language, response.status_code)
        answers[url] = response.content
    # the organizer's round page and files
    organizer = TournamentRole.objects.filter(tournament=t, role=TournamentRole.Role.ORGANIZER).first()
    user = organizer.user if organizer else get_user_model().objects.create_user(username=f"orga-{slug}")
    if organizer is None:
        TournamentRole.objects.create(tournament=t, user=user, role=TournamentRole.Role.ORGANIZER)
    client.force_login(user)
    urls = [reverse("manage_round", args=[slug, number])]
    urls += [reverse(name, args=[slug]) for name in ("h9_results", "manage_opengotha_export", "manage_welcome_slips")]
    for url in urls:
        response = client.get(url)  # the h9 file of a team event: back to the standings, with a word why
        assert response.status_code in (200, 302), (url, language, response.status_code)
    return answers


def _sheet(t, number: int, language: str) -> str:
    return _pdf_text(_every_page(t, number, language)[reverse("pdf_pairings", args=[t.slug, number])])


@pytest.mark.parametrize("komi", [True, False])
def test_a_round_that_is_only_a_bye(komi):
    t = make_tournament()
    go = make_discipline(t, kind="go" if komi else "ninuki")
    make_player(t, surname="Solo", given_name="Sina", rank="1d")
    r1 = make_round(t, go, 1)
    round_pair(round=r1, user=SYSTEM)
    assert r1.games.count() == 0 and r1.byes.count() == 1
    _published(r1)
    assert "Solo Sina" in _sheet(t, 1, "en") and "(bye)" in _sheet(t, 1, "en")
    assert "Solo Sina" in _sheet(t, 1, "de") and "(Freilos)" in _sheet(t, 1, "de")


def test_a_round_in_which_nobody_plays():
    """A bye, one player absent, one withdrawn: no game at all."""
    t = make_tournament()
    go = make_discipline(t)
    make_player(t, surname="Solo", given_name="Sina", rank="1d")
    away = make_player(t, surname="Fort", given_name="Fritz", rank="2k")
    gone = make_player(t, surname="Weg", given_name="Wanda", rank="3k")
    r1 = make_round(t, go, 1)
    Registration.objects.filter(pk=away.pk).update(absent_rounds=[1])
    Registration.objects.filter(pk=gone.pk).update(status=Registration.Status.WITHDRAWN)
    round_pair(round=r1, user=SYSTEM)
    assert r1.games.count() == 0
    _published(r1)
    sheet = _sheet(t, 1, "en")
    assert "Solo Sina" in sheet and "Fort Fritz" in sheet and "(absent)" in sheet


def test_a_team_round_that_is_only_a_team_bye():
    teams = build_teams()
    t = teams.tournament
    Team.objects.filter(pk__in=[team.pk for team in teams.teams[1:]]).delete()
    team_round_pair(round=teams.round1, user=teams.organizer)
    assert teams.round1.games.count() == 0
    _published(teams.round1)
    sheet = _sheet(t, 1, "en")
    assert "Hannover (bye)" in sheet


def test_a_pair_go_round_that_is_only_a_bye():
    day = build_pair_day()
    Team.objects.filter(pk=day.teams[1].pk).delete()
    team_round_pair(round=day.round, user=day.organizer)
    assert day.round.games.count() == 0
    _published(day.round)
    sheet = _sheet(day.tournament, 1, "en")
    assert "bye" in sheet
