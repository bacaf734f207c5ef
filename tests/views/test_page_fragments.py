"""The player's page and the navigation reuse rendered fragments; what they show still changes at once."""

from __future__ import annotations

import re

from django.urls import reverse
from django.utils import translation

from tests.fixtures.day import FIVE_FOR_BLACK, round_to_come
from tournament.models import ByeRequest, Game, Registration, Round, TournamentRole
from tournament.services.bye_requests import bye_request_answer
from tournament.services.results import result_report, result_set


def _nav(html: str) -> str:
    return html[html.index('<nav class="site-nav">') : html.index("</nav>")]


def _my_games(html: str) -> str:
    return html[html.index('<ul class="my-games">') : html.index("</ul>", html.index('<ul class="my-games">'))]


def test_my_page_shows_a_result_change_at_once(client, day):
    url = reverse("my_tournament", args=[day.tournament.slug])
    client.force_login(day.user("bob"))
    before = _my_games(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "Report the result" in before and "Confirm or dispute" not in before
    result_report(game=day.game, user=day.user("alice"), version=0, result="B", method="five", record=FIVE_FOR_BLACK)
    reported = _my_games(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "Confirm or dispute" in reported and "Black wins" in reported and "(0 pt.)" in reported
    day.game.refresh_from_db()
    result_set(game=day.game, user=day.user("organizer"), version=day.game.version, result="W", reason="desk")
    corrected = _my_games(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "White wins" in corrected and "(1 pt.)" in corrected and "Confirm or dispute" not in corrected


def test_the_navigation_follows_roles_and_registration_at_once(client, day):
    round_to_come(day.tournament)
    url = reverse("standings", args=[day.tournament.slug])
    client.force_login(day.user("nobody"))
    register, mine = reverse("register", args=["hannover"]), reverse("my_tournament", args=["hannover"])
    referee, manage = reverse("referee_queue", args=["hannover"]), reverse("manage", args=["hannover"])
    nav = _nav(client.get(url).content.decode())
    assert register in nav and mine not in nav and referee not in nav and manage not in nav
    day.tournament.registration_open = False
    day.tournament.save()
    nav = _nav(client.get(url).content.decode())
    assert register not in nav and mine not in nav
    player = day.users["nobody"]
    Registration.objects.create(
        tournament=day.tournament,
        status=Registration.Status.CONFIRMED,
        surname="Neu",
        given_name="Nina",
        rank=-5,
        user=player,
    )
    nav = _nav(client.get(url).content.decode())
    assert mine in nav and referee not in nav
    TournamentRole.objects.create(tournament=day.tournament, user=player, role="referee")
    nav = _nav(client.get(url).content.decode())
    assert mine in nav and referee in nav and manage not in nav
    TournamentRole.objects.create(tournament=day.tournament, user=player, role="organizer")
    nav = _nav(client.get(url).content.decode())
    assert mine in nav and referee in nav and manage in nav
    # another tournament's navigation is its own, in the language asked for
    other = _nav(client.get(reverse("standings", args=["elsewhere"]), HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "/t/elsewhere/standings/" in other and "hannover" not in other and manage not in other
    assert "Standings" in other and "Rangliste" not in other


def test_the_byes_asked_for_show_at_once(client, day):
    Round.objects.create(tournament=day.tournament, discipline=day.go, number=2)
    Round.objects.create(tournament=day.tournament, discipline=day.go, number=3)
    slug = day.tournament.slug
    url = reverse("my_tournament", args=[slug])
    client.force_login(day.user("carol"))

    def states(html: str) -> dict[str, str]:
        return dict(re.findall(r'id="bye-round-(\d)" class="bye-(\w+)"', html))

    assert states(client.get(url).content.decode()) == {"2": "none", "3": "none"}  # round 1 has begun
    client.post(reverse("my_bye", args=[slug]), {"round": "2"})
    assert states(client.get(url).content.decode()) == {"2": "pending", "3": "none"}
    bye_request_answer(bye_request=ByeRequest.objects.get(), grant=True, user=day.user("organizer"))
    assert states(client.get(url).content.decode()) == {"2": "granted", "3": "none"}
    client.post(reverse("my_bye", args=[slug]), {"round": "3"})
    client.post(reverse("my_bye", args=[slug]), {"round": "3", "action": "withdraw"})
    assert states(client.get(url).content.decode()) == {"2": "granted", "3": "none"}
    with translation.override("en"):
        english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "bye granted" in english and "Round 3" in english and "Runde 3" in german


def test_my_games_follow_tables_colours_rounds_and_byes_at_once(client, day):
    """The games on "my tournament" are kept rendered between visits; every change shows on the next visit."""
    from tournament.models import Bye
    from tournament.services.round_edits import game_move_table, game_swap_players
    from tournament.services.rounds import round_publish, round_unpublish

    url = reverse("my_tournament", args=[day.tournament.slug])
    client.force_login(day.user("alice"))

    def games():
        return _my_games(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())

    first = games()
    assert "Table 1" in first and "You play Black" in first and "Bauer" in first
    assert games() == first  # unchanged: the kept rendering
    game_move_table(game=day.game, table=7, user=day.user("organizer"))
    assert "Table 7" in games() and "Table 1" not in games()
    round_unpublish(round=day.round1, user=day.user("organizer"), reason="pairing error")
    unpublished = games()
    assert "Table 7" not in unpublished and "No games yet" in unpublished
    day.game.refresh_from_db()
    game_swap_players(round=day.round1, player_a=day.game.black, player_b=day.game.white, user=day.user("organizer"))
    round_publish(round=day.round1, user=day.user("organizer"))
    assert "You play White" in games()
    Bye.objects.create(
        round=day.round1, player=day.tournament.registrations.get(user=day.user("alice"))
    )  # not how byes come about; still seen
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Bye in round 1" in page


def test_my_games_are_kept_per_player_and_language(client, day):
    url = reverse("my_tournament", args=[day.tournament.slug])
    client.force_login(day.user("alice"))
    alice = _my_games(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    german = _my_games(client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode())
    client.force_login(day.user("bob"))
    bob = _my_games(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "You play Black" in alice and "Bauer" in alice
    assert "Du spielst" in german or "Schwarz" in german
    assert "You play White" in bob and "Albers" in bob


def test_my_tournament_shows_the_current_game_first(client, day):
    """Issue #21 item 19: the game of the round being played came last, below all the finished ones."""
    round2 = Round.objects.create(tournament=day.tournament, discipline=day.go, number=2, status=Round.Status.PUBLISHED)
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.FINISHED)
    alice = Registration.objects.get(tournament=day.tournament, user=day.user("alice"))
    carol = Registration.objects.get(tournament=day.tournament, user=day.user("carol"))
    Game.objects.create(round=round2, table=1, black=carol, white=alice)
    client.force_login(day.user("alice"))
    client.cookies["django_language"] = "en"
    page = client.get(reverse("my_tournament", args=[day.tournament.slug])).content.decode()
    assert page.index("<strong>Round 2</strong>") < page.index("<strong>Round 1</strong>")
