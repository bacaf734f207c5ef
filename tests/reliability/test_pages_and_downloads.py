"""Each page and its downloads answer alike, for every role (issue #24).

Who may see a round, a game, its record or the organizers' files is decided
once, in :mod:`tournament.permissions`; a page and the files it offers ask
the same predicate, so they cannot disagree. This test holds them to it for
every role (an anonymous visitor, a logged-in stranger, a player of the
tournament and one of another tournament, a referee, an organizer, another
tournament's organizer, a superuser), rounds planned, paired but not
published, published and finished, and games settled and not yet settled:

- a page and each of its downloads are both allowed or both refused, the
  same way (the log-in page, 403 or 404): the round page and its pairing
  sheet and result slips; the standings and crosstable and their PDFs and
  CSV; a game's page and its board viewer; the live board and its poll; the
  public game page's record and its SGF and board viewer; the organizers'
  files page and the h9 file, the OpenGotha export and the welcome slips;
- the JSON API (which is public and knows no roles) answers as the pages
  answer an anonymous visitor;
- a page links a round, a game, a file exactly when the visitor may open
  it, and every link on a page the visitor sees answers (no page offers
  what its visitor is then refused).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.fixtures.day import FIVE_FOR_BLACK
from tournament.models import Game, Registration, Round
from tournament.models.game import Result, ResultState, WinMethod

PAGE, LOGIN, REDIRECT = "page", "login", "redirect"

#: Who stands for each role (``None``: not logged in; ``erin`` plays in the other tournament only).
ROLES = {
    "anonymous": None,
    "stranger": "nobody",
    "player": "alice",  # plays every game below
    "fellow_player": "carol",  # plays in the tournament, in none of the games below
    "foreign_player": "erin",
    "referee": "referee",
    "organizer": "organizer",
    "other_organizer": "other_org",
    "superuser": "admin",
}
STATES = (Round.Status.PLANNED, Round.Status.PAIRED, Round.Status.PUBLISHED, Round.Status.FINISHED)


class Scene:
    """The day's tournament with a round in every state; each paired round has a game of alice's whose
    result is reported (not settled, a record given) and one confirmed (settled, with its record)."""

    def __init__(self, day):
        self.day = day
        t = day.tournament
        erin = get_user_model().objects.create_user("erin", password="pw-erin-123")
        Registration.objects.create(tournament=day.other, surname="Ernst", given_name="Erin", rank=-5, user=erin)
        regs = {r.user.username: r for r in t.registrations.select_related("user")}
        day.game.delete()
        day.game2.delete()
        self.rounds: dict[str, Round] = {}
        self.games: list[tuple[Round, Game, bool]] = []  # (round, game, settled)
        for number, state in enumerate(STATES, 1):
            if number == 1:
                round_ = day.round1
                Round.objects.filter(pk=round_.pk).update(status=state)
                round_.refresh_from_db()
            else:
                round_ = Round.objects.create(tournament=t, discipline=day.ninuki, number=number, status=state)
            self.rounds[state] = round_
            if state == Round.Status.PLANNED:
                continue
            reported = Game.objects.create(
                round=round_,
                table=1,
                black=regs["alice"],
                white=regs["bob"],
                result=Result.BLACK,
                method=WinMethod.FIVE,
                record=FIVE_FOR_BLACK,
                result_state=ResultState.REPORTED,
                reported_by=day.user("alice"),
            )
            confirmed = Game.objects.create(
                round=round_,
                table=2,
                black=regs["dave"],
                white=regs["alice"],
                result=Result.BLACK,
                method=WinMethod.FIVE,
                record=FIVE_FOR_BLACK,
                result_state=ResultState.CONFIRMED,
                reported_by=day.user("dave"),
            )
            self.games += [(round_, reported, False), (round_, confirmed, True)]
        t.time_control = "60 min + 5x30 s"  # the h9 file needs its class
        t.save()
        self.slug = t.slug


def _outcome(response) -> str | int:
    if response.status_code == 200:
        return PAGE
    if response.status_code == 302:
        return LOGIN if urlsplit(response["Location"]).path == reverse("login") else REDIRECT
    return response.status_code


class Visitor:
    """One role's client; every URL is asked once and its answer kept."""

    def __init__(self, client, user):
        self.client = client
        if user is not None:
            client.force_login(user)
        self.answers: dict[str, tuple[str | int, str]] = {}

    def get(self, url: str) -> tuple[str | int, str]:
        if url not in self.answers:
            response = self.client.get(url)
            body = response.content.decode() if response["Content-Type"].startswith("text/html") else ""
            self.answers[url] = (_outcome(response), body)
        return self.answers[url]

    def outcome(self, url: str) -> str | int:
        return self.get(url)[0]


def _links(html: str, slug: str) -> set[str]:
    """The tournament's addresses a page links (``<a href>``: what a visitor opens by a click)."""
    found = set()
    for href in re.findall(r'<a\b[^>]*\bhref="([^"#]+)"', html):
        href = href.replace("&amp;", "&")
        if href.startswith(f"/t/{slug}/"):
            found.add(href)
    return found


def _url(name: str, *args) -> str:
    return reverse(name, args=list(args))


@pytest.mark.parametrize("role", ROLES)
def test_a_page_and_its_downloads_answer_alike(day, client, role):  # noqa: C901
    scene = Scene(day)
    name = ROLES[role]
    me = Visitor(client, None if name is None else get_user_model().objects.get(username=name))
    slug = scene.slug
    wrong: list[str] = []

    def alike(page: str, *downloads: str) -> None:
        want = me.outcome(page)
        for download in downloads:
            got = me.outcome(download)
            if got != want:
                wrong.append(f"{page} answers {want}, its download {download} {got}")

    # the tournament's own pages and files
    standings = [_url("standings", slug), _url("standings_discipline", slug, day.ninuki.pk)]
    alike(standings[0], _url("pdf_standings", slug), _url("csv_standings", slug))
    query = f"?discipline={day.ninuki.pk}"
    alike(standings[1], _url("pdf_standings", slug) + query, _url("csv_standings", slug) + query)
    alike(_url("crosstable", slug), _url("pdf_crosstable", slug), _url("pdf_crosstable", slug) + query)
    files = _url("manage_files", slug)
    alike(files, _url("h9_results", slug), _url("manage_opengotha_export", slug), _url("manage_welcome_slips", slug))
    h9_linked = _url("h9_results", slug) in me.get(standings[0])[1]
    if h9_linked != (me.outcome(_url("h9_results", slug)) == PAGE):
        wrong.append(
            f"the standings page links the h9 file: {h9_linked}, but it answers {me.outcome(_url('h9_results', slug))}"
        )

    # rounds: the page, its sheets, the tournament page's link to it; the API as for an anonymous visitor
    overview = me.get(_url("tournament", slug))[1]
    for state, round_ in scene.rounds.items():
        page = _url("round", slug, round_.number)
        sheets = [_url("pdf_pairings", slug, round_.number), _url("pdf_slips", slug, round_.number)]
        alike(page, *sheets)
        seen = me.outcome(page) == PAGE
        if (f'href="{page}"' in overview) != seen:
            wrong.append(
                f"{state} round: the tournament page links it: {not seen}, the round page answers {me.outcome(page)}"
            )
        if seen and state != Round.Status.PLANNED:
            html = me.get(page)[1]
            missing = [s for s in sheets if s not in html]
            if missing:
                wrong.append(f"{state} round: its page does not link {missing}")
        api = me.outcome(reverse("api:round", args=[slug, round_.number]))
        public = PAGE if round_.is_public else 404
        if api != public:
            wrong.append(f"{state} round: the API answers {api}, the page answers an anonymous visitor {public}")

    # games: the public page and its record (board viewer, SGF); the players' page and its board; the live board
    for round_, game, settled in scene.games:
        what = f"{round_.status} round, {'settled' if settled else 'unsettled'} game"
        public_page = _url("public_game", slug, round_.number, game.pk)
        sgf = _url("public_game_sgf", slug, round_.number, game.pk)
        viewer = _url("public_game_board", slug, round_.number, game.pk)
        answer, html = me.get(public_page)
        if answer != PAGE:
            alike(public_page, sgf, viewer)
        else:
            offered = sgf in html
            for download in (sgf, viewer):
                if (me.outcome(download) == PAGE) != offered:
                    wrong.append(
                        f"{what}: the page offers the record: {offered}, {download} answers {me.outcome(download)}"
                    )
            if game.pk and (_url("round", slug, round_.number) not in html):
                wrong.append(f"{what}: the game page does not link back to its round")
            own = _url("game", slug, game.pk)
            if (own in html) != (me.outcome(own) == PAGE):
                wrong.append(
                    f"{what}: the public page links the game's own page: {own in html}, it answers {me.outcome(own)}"
                )
            round_page = me.get(_url("round", slug, round_.number))[1]
            if public_page not in round_page:
                wrong.append(f"{what}: the round page does not link the game")
        alike(_url("game", slug, game.pk), _url("game_board", slug, game.pk))
        alike(_url("live_board", slug, game.pk), _url("live_state", slug, game.pk))
        if me.outcome(_url("live_board", slug, game.pk)) != me.outcome(public_page):
            wrong.append(
                f"{what}: the live board answers {me.outcome(_url('live_board', slug, game.pk))}, the game's public page {answer}"
            )
        api = me.client.get(reverse("api:game", args=[slug, game.pk]))
        anonymous_sees = round_.is_public
        if (api.status_code == 200) != anonymous_sees:
            wrong.append(f"{what}: the API answers {api.status_code}")
        elif api.status_code == 200 and (api.json()["record"] is not None) != settled:
            wrong.append(f"{what}: the API's record: {api.json()['record']!r}")

    # every link on every page this visitor sees answers (nothing offered that is then refused)
    for page in ("players", "projector", "my_tournament", "referee_queue", "referee_live", "manage", "manage_results"):
        me.get(_url(page, slug))
    for round_ in scene.rounds.values():
        me.get(_url("manage_round", slug, round_.number))
    for url, (answer, html) in list(me.answers.items()):
        if answer != PAGE or not html:
            continue
        for link in sorted(_links(html, slug)):
            got = me.outcome(link)
            if got not in (PAGE, REDIRECT):
                wrong.append(f"{url} links {link}, which answers {got}")
    assert not wrong, f"{role}:\n" + "\n".join(wrong)
