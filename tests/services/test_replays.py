"""A record is replayed once per version and kept: the game page and every board step read what is kept."""

from __future__ import annotations

import pytest
from django.urls import reverse

import tournament.services.replays as replays
from tests.fixtures.day import FIVE_FOR_BLACK
from tournament.models import Game, GameReplay
from tournament.models.game import ResultState
from tournament.services.results import result_report

pytestmark = pytest.mark.django_db


@pytest.fixture
def counted(monkeypatch):
    """Counts the replays the pages make (the real replay, counted)."""
    calls = []
    real = replays.replay_record

    def counting(**kwargs):
        calls.append(kwargs["record"])
        return real(**kwargs)

    monkeypatch.setattr(replays, "replay_record", counting)
    return calls


def _steps(client, day, moves):
    url = reverse("game_board", args=[day.tournament.slug, day.game.pk])
    return [client.get(f"{url}?move={n}", HTTP_HX_REQUEST="true") for n in moves]


def test_a_reported_record_is_kept_and_no_page_replays_it(client, day, counted):
    game = result_report(
        game=day.game, user=day.user("alice"), version=0, result="B", method="five", record=FIVE_FOR_BLACK
    )
    kept = GameReplay.objects.get(game=game)
    assert kept.key == replays.replay_key(game=game) and kept.data["replay"]["moves"] == 9
    client.force_login(day.user("referee"))
    page = client.get(reverse("game", args=[day.tournament.slug, game.pk]))
    responses = _steps(client, day, range(10))
    assert page.status_code == 200 and all(r.status_code == 200 for r in responses)
    assert counted == []  # not one replay for the page and its ten steps
    #  10 . . . . . . .      after move 5 (M10): Black K10 L10 M10, White K9 L9
    #   9 . o o . . . .
    #      J K L M N O
    step5 = responses[5].content.decode()
    assert step5.count('class="stone black"') == 3 and step5.count('class="stone white"') == 2
    assert 'data-move="5"' in step5 and "M10" in step5


def test_a_record_without_a_kept_replay_is_replayed_once(client, day, counted):
    Game.objects.filter(pk=day.game.pk).update(record=FIVE_FOR_BLACK, result="B", result_state=ResultState.CONFIRMED)
    client.force_login(day.user("referee"))
    _steps(client, day, [0, 4, 9, 9])
    assert counted == [FIVE_FOR_BLACK]
    assert GameReplay.objects.filter(game=day.game).count() == 1


def test_a_change_of_record_or_rules_makes_a_new_replay(client, day, counted):
    Game.objects.filter(pk=day.game.pk).update(record=FIVE_FOR_BLACK)
    client.force_login(day.user("referee"))
    _steps(client, day, [1])
    Game.objects.filter(pk=day.game.pk).update(record="K10 K9")
    assert 'data-last="2"' in _steps(client, day, [1])[0].content.decode()
    day.ninuki.rule_set = "pente"
    day.ninuki.save()
    _steps(client, day, [1, 2])
    assert counted == [FIVE_FOR_BLACK, "K10 K9", "K10 K9"]
    assert GameReplay.objects.count() == 1


def test_an_unreadable_record_is_kept_as_such(client, day, counted):
    Game.objects.filter(pk=day.game.pk).update(record="K10 hello")
    client.force_login(day.user("referee"))
    assert [r.status_code for r in _steps(client, day, [0, 1])] == [404, 404]
    page = client.get(reverse("game", args=[day.tournament.slug, day.game.pk]))
    assert page.status_code == 200 and 'id="board-viewer"' not in page.content.decode()
    assert counted == ["K10 hello"]


def test_each_game_keeps_its_own_and_it_goes_with_the_game(client, day):
    Game.objects.filter(pk=day.game.pk).update(record=FIVE_FOR_BLACK)
    Game.objects.filter(pk=day.game2.pk).update(record=FIVE_FOR_BLACK)
    client.force_login(day.user("referee"))
    _steps(client, day, [3])
    assert list(GameReplay.objects.values_list("game_id", flat=True)) == [day.game.pk]
    day.game.delete()
    assert not GameReplay.objects.exists()


def test_a_replay_kept_before_the_engines_counted_differently_is_made_again(client, day, counted, monkeypatch):
    # Go records' TB/TW now name dead stones (issue #22): what was kept under the count
    # before is not shown again.
    Game.objects.filter(pk=day.game.pk).update(record=FIVE_FOR_BLACK)
    game = Game.objects.get(pk=day.game.pk)
    now = replays.COUNTING
    monkeypatch.setattr(replays, "COUNTING", now - 1)
    replays.keep(game=game, replay=None)  # kept then (as unreadable, to tell it apart)
    monkeypatch.setattr(replays, "COUNTING", now)
    assert replays.kept_replay(game=game).moves == 9
    assert counted == [FIVE_FOR_BLACK]
    assert GameReplay.objects.get(game=game).key == replays.replay_key(game=game)
