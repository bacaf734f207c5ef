"""The EGD rating preview on the standings page and the player's page, in English and German."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournament.models import Registration, Tournament
from tournament.selectors.gor import gor_preview, player_gor
from tournament.selectors.standings import standings_for
from tournament.standings import gor

from ..standings.dbdata import build

pytestmark = pytest.mark.django_db


@pytest.fixture
def t():
    data = build(slug="gor")
    # Müller has a rating of his own (the list's), the others start from their rank's
    Registration.objects.filter(pk=data["players"][0].pk).update(rating=2230)
    return data


def _muller_change(weight: float = 1.0) -> float:
    # round 1: White against 山田 (1d: 2100), won; round 2: gives Weiß (10k: 1100) 4 stones, won.
    # Round 3 is Ninuki: the EGD does not rate it.
    return gor.game_change(2230, 2100, 1.0, weight=weight) + gor.game_change(
        2230, 1100, 1.0, handicap=4, receiver=False, weight=weight
    )


def _column(html: str) -> list[str]:
    return re.findall(r'<td class="num gor">([^<]*)</td>', html)


def test_the_standings_show_each_players_change(client, t):
    tournament = t["tournament"]
    previews = gor_preview(tournament, standings_for(tournament))
    muller, yamada, stastny, weiss = (previews[p.pk] for p in t["players"])
    assert muller.change == pytest.approx(_muller_change())
    assert [g.round for g in muller.games] == [1, 2]
    assert (yamada.rating, yamada.from_rank) == (2100, True)
    # Weiß received 3 stones from Šťastný (1800) and won, then 4 from Müller and lost
    assert weiss.change == pytest.approx(
        gor.game_change(1100, 1800, 1.0, handicap=3, receiver=True)
        + gor.game_change(1100, 2230, 0.0, handicap=4, receiver=True)
    )
    assert [g.round for g in stastny.games] == [1, 2]  # not round 3's Ninuki game

    english = client.get(reverse("standings", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "GoR change (preview)" in english
    assert gor.format_change(_muller_change()) in _column(english)
    german = client.get(reverse("standings", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "GoR-Änderung (Vorschau)" in german
    assert gor.format_change(_muller_change()).replace(".", ",") in _column(german)


def test_the_class_weighs_and_class_x_shows_nothing(client, t):
    tournament = t["tournament"]
    Tournament.objects.filter(pk=tournament.pk).update(time_control="40 min + 5x30 s")  # class B
    tournament.refresh_from_db()
    previews = gor_preview(tournament, standings_for(tournament))
    assert previews[t["players"][0].pk].change == pytest.approx(_muller_change(0.75))
    Tournament.objects.filter(pk=tournament.pk).update(time_control="10 min")  # class X: not rated
    tournament.refresh_from_db()
    assert gor_preview(tournament, standings_for(tournament)) is None
    html = client.get(reverse("standings", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "GoR change (preview)" not in html and _column(html) == []


def test_the_players_page_lists_each_round(client, t):
    tournament = t["tournament"]
    muller = t["players"][0]
    user = get_user_model().objects.create_user("muller", password="pw-muller-123")
    Registration.objects.filter(pk=muller.pk).update(user=user)
    preview, rounds = player_gor(tournament, muller.pk)
    assert [r["opponent"] for r in rounds] == ["山田 太郎", "Weiß Anna"]
    assert rounds[-1]["total"] == pytest.approx(preview.change)
    client.force_login(user)
    url = reverse("my_tournament", args=[tournament.slug])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="gor-preview"' in english and "2230" in english
    assert gor.format_change(_muller_change()) in english
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "GoR-Änderung (Vorschau)" in german and gor.format_change(_muller_change()).replace(".", ",") in german
