""" "Why not these two?" on the organizer's round page (issue #34, item 6), in English and German.

Eight players, round 1 played, round 2 paired: the page answers for two players of round 2 who do not
play each other -- the rematch of round 1 or the scores, the pairing's total now and with them
together, the pairs that would change -- and refuses what is not a question of this round.
"""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from tests.factories import make_discipline, make_player, make_tournament
from tournament.models import Game, Round, TournamentRole
from tournament.services.results import result_set
from tournament.services.rounds import round_finish, round_pair, round_publish

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    assert response.status_code == 200, response.status_code
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


@pytest.fixture
def round_two(db):
    organizer = get_user_model().objects.create_user("why-orga", password="x")
    t = make_tournament(pairing_system="mcmahon")
    TournamentRole.objects.create(tournament=t, user=organizer, role="organizer")
    go = make_discipline(t, board_size=19)
    players = [
        make_player(t, surname=name, rank=rank, club="Berlin")
        for name, rank in zip(
            ["Albers", "Berg", "Cohen", "Dorn", "Ernst", "Fuchs", "Graf", "Hahn"],
            ["3d", "2d", "1d", "1k", "2k", "3k", "4k", "5k"],
        )
    ]
    first, second = (Round.objects.create(tournament=t, discipline=go, number=n) for n in (1, 2))
    with translation.override("en"):
        round_pair(round=first, user=organizer)
        round_publish(round=first, user=organizer)
        for game in first.games.all():
            result_set(game=game, user=organizer, version=game.version, result="B")
        round_finish(round=first, user=organizer)
        round_pair(round=second, user=organizer)
    return t, organizer, players, first, second


def _ask(client, t, number, a, b, htmx=True):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.get(
        f"/t/{t.slug}/manage/rounds/{number}/why-not/", {"player_a": a.pk, "player_b": b.pk}, headers=headers
    )


def _round_one_pair(first):
    game = Game.objects.filter(round=first).select_related("black", "white").first()
    return game.black, game.white


def test_the_answer_in_english(client, round_two):
    t, organizer, players, first, second = round_two
    client.force_login(organizer)
    client.cookies["django_language"] = "en"
    page = _text(client.get(f"/t/{t.slug}/manage/rounds/2/"))
    assert "Why not these two?" in page
    a, b = _round_one_pair(first)
    answer = _text(_ask(client, t, 2, a, b))
    assert f"{a.given_name} {a.surname} and {b.given_name} {b.surname}" in answer
    assert "They have played each other before, in round 1." in answer
    # each one's game of round 2 instead, with what the pairing recorded of it (its PairingRecord)
    assert re.search(rf"{a.given_name} {a.surname} plays \w+ \w+ at table \d+\. Same score", answer) or re.search(
        rf"{a.given_name} {a.surname} plays \w+ \w+ at table \d+\. MMS", answer
    )
    assert "They have not played each other yet." in answer
    assert "The pairing’s total value" in answer and "with the two together" in answer
    assert "These go" in answer and "These come" in answer
    assert f"{a.given_name} {a.surname} – {b.given_name} {b.surname}" in answer
    assert re.search(r"table \d+: ", answer)
    assert "processor time" in answer
    # the same answer on a page of its own without htmx
    assert "They have played each other before" in _text(_ask(client, t, 2, a, b, htmx=False))
    # the same player twice, a player of no game
    same = _text(_ask(client, t, 2, a, a))
    assert "Choose two different players of this round." in same


def test_the_answer_in_german_and_a_planned_round_refused(client, round_two):
    t, organizer, players, first, second = round_two
    client.force_login(organizer)
    client.cookies["django_language"] = "de"
    page = _text(client.get(f"/t/{t.slug}/manage/rounds/2/"))
    assert "Warum nicht diese beiden?" in page
    a, b = _round_one_pair(first)
    answer = _text(_ask(client, t, 2, a, b))
    assert "Sie haben schon gegeneinander gespielt, in Runde 1." in answer
    assert "Gesamtwert der Paarung" in answer and "Diese fallen weg" in answer
    assert re.search(r"Berechnet in \d+,\d\d s Prozessorzeit\.", answer)  # a German decimal comma
    third = Round.objects.create(tournament=t, discipline=first.discipline, number=3)
    refused = _text(_ask(client, t, third.number, a, b))
    assert "nicht von der Paarungsmaschine gepaart" in refused


def test_only_organizers_ask(client, round_two):
    t, organizer, players, first, second = round_two
    client.force_login(get_user_model().objects.create_user("why-nobody", password="x"))
    assert _ask(client, t, 2, players[0], players[1]).status_code == 403


@pytest.mark.parametrize(
    ("language", "gone"),
    [("en", "{name} is no longer in this round."), ("de", "{name} ist nicht mehr in dieser Runde.")],
)
def test_a_stale_form_names_the_player_who_left_the_round(client, round_two, language, gone):
    """The round page was drawn with everybody of round 2; then a game was taken out of the round: asking
    about one of its players says so, not "choose two different players"."""
    from tournament.services.round_edits import game_unpair

    t, organizer, players, first, second = round_two
    client.force_login(organizer)
    client.cookies["django_language"] = language
    left = Game.objects.filter(round=second).select_related("black", "white").first()
    other = Game.objects.filter(round=second).exclude(pk=left.pk).select_related("black").first().black
    game_unpair(game=left, user=organizer)
    for htmx in (True, False):
        answer = _text(_ask(client, t, 2, left.black, other, htmx=htmx))
        assert gone.format(name=left.black.spoken_name) in answer
        assert "different players" not in answer and "verschiedene" not in answer
    both = _text(_ask(client, t, 2, other, left.white))
    assert gone.format(name=left.white.spoken_name) in both
