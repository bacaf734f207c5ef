"""Check-in's pages (issue #34 item 1), in English and German: the phone page behind the hall's QR code, the
desk's search and its buttons (htmx and plain forms), the projector's QR screen and the poster, the round's
switch and its lists, the counts on the dashboard and the projector; bad input a clear answer, never a 500."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tests.factories import make_player, make_tournament
from tests.views.test_projector_poll import given_etag
from tournament.models import AuditEntry, Registration, Round, TournamentRole
from tournament.services.checkin import check_in_at_desk, checkin_settings

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def hall(day):
    """The day's tournament with the check-in open and a planned round 2 of Go."""
    checkin_settings(tournament=day.tournament, open=True, by_name=True, user=day.user("organizer"))
    day.round2 = Round.objects.create(tournament=day.tournament, discipline=day.go, number=2)
    return day


def _url(day, code=None):
    return reverse("checkin", args=[day.tournament.slug, code or day.tournament.checkin_code])


def _language(client, language):
    client.cookies["django_language"] = language


def _checked_in(day, name: str) -> bool:
    return Registration.objects.get(tournament=day.tournament, given_name=name).checked_in_at is not None


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", ("Find your name", "Is this you?", "Checked in: <strong>Alice Albers</strong>", "checked in already")),
        (
            "de",
            ("Such deinen Namen", "Bist du das?", "Eingecheckt: <strong>Alice Albers</strong>", "schon eingecheckt"),
        ),
    ],
)
def test_a_phone_finds_its_name_confirms_and_checks_in_once(client, hall, language, words):
    _language(client, language)
    url = _url(hall)
    assert words[0] in client.get(url).content.decode()
    found = client.get(url, {"q": "ALB"}).content.decode()
    alice = Registration.objects.get(tournament=hall.tournament, given_name="Alice")
    assert f"r={alice.pk}" in found and "Bauer" not in found
    assert words[1] in client.get(url, {"q": "alb", "r": alice.pk}).content.decode()
    done = client.post(url, {"how": "name", "registration": alice.pk})
    assert done.status_code == 200 and words[2] in done.content.decode()
    again = client.post(url, {"how": "name", "registration": alice.pk})
    assert again.status_code == 200 and words[3] in again.content.decode()
    assert _checked_in(hall, "Alice")


def test_a_logged_in_player_checks_in_with_one_button_and_a_slip_by_its_code(client, hall):
    _language(client, "en")
    client.force_login(hall.user("bob"))
    page = client.get(_url(hall)).content.decode()
    assert "You are logged in as <strong>Bob Bauer</strong>" in page
    assert client.post(_url(hall), {"how": "account"}).status_code == 200 and _checked_in(hall, "Bob")
    assert "is checked in (at" in client.get(_url(hall)).content.decode()
    client.logout()
    _language(client, "en")
    slip = make_player(hall.tournament, surname="Zettel", given_name="Zoe")
    response = client.post(_url(hall), {"how": "code", "claim": slip.claim_code_display.lower()})
    assert response.status_code == 200 and "Checked in: <strong>Zoe Zettel</strong>" in response.content.decode()


@pytest.mark.parametrize(
    "language, closed, wrong, by_name",
    [
        ("en", "The check-in is closed", "scan the QR code in the playing hall", "Log in, or give the claim code"),
        ("de", "Der Check-in ist geschlossen", "scanne den QR-Code im Spielsaal", "Melde dich an oder gib"),
    ],
)
def test_the_phone_page_refuses_in_words_and_never_fails(client, hall, language, closed, wrong, by_name):
    _language(client, language)
    wrong_code = client.get(_url(hall, "NOTTHEONE"))
    assert wrong_code.status_code == 404 and wrong in wrong_code.content.decode()
    # bad input: unknown or foreign players, no player, garbage, a long text
    other = make_player(hall.other)
    for data in (
        {"how": "name", "registration": other.pk},
        {"how": "name", "registration": "x" * 500},
        {"how": "name"},
        {"how": "account"},
        {"how": "nonsense"},
        {"how": "code", "claim": "A" * 5000},
    ):
        response = client.post(_url(hall), data)
        assert response.status_code in (400, 403), data
    assert client.get(_url(hall), {"q": "ä" * 5000, "r": "abc"}).status_code == 200
    assert not Registration.objects.filter(checked_in_at__isnull=False).exists()
    alice = Registration.objects.get(tournament=hall.tournament, given_name="Alice")
    with translation.override(language):
        checkin_settings(tournament=hall.tournament, open=True, by_name=False, user=hall.user("organizer"))
    refused = client.post(_url(hall), {"how": "name", "registration": alice.pk})
    assert refused.status_code == 403 and by_name in refused.content.decode()
    assert "Find your name" not in client.get(_url(hall)).content.decode()
    with translation.override(language):
        checkin_settings(tournament=hall.tournament, open=False, by_name=True, user=hall.user("organizer"))
    page = client.get(_url(hall))
    assert page.status_code == 200 and closed in page.content.decode()
    assert client.post(_url(hall), {"how": "name", "registration": alice.pk}).status_code == 200
    assert not _checked_in(hall, "Alice")


@pytest.mark.parametrize(
    ("language", "choose"),
    [("en", "Choose yourself first"), ("de", "Wähle dich zuerst")],
)
def test_the_phone_picks_only_the_players_its_search_finds(client, hall, language, choose):
    """The name search finds confirmed players only; the page's ``?r=`` and the form's player id, typed by
    whoever has the hall's code, show or check in nobody else: a registration not confirmed yet (not on the
    public list) and a withdrawn one stay unnamed, nothing is checked in."""
    _language(client, language)
    hidden = [
        make_player(hall.tournament, surname="Vorlaeufig", given_name="Petra", status=Registration.Status.PRELIMINARY),
        make_player(hall.tournament, surname="Weg", given_name="Willi", status=Registration.Status.WITHDRAWN),
    ]
    for player in hidden:
        page = client.get(_url(hall), {"r": player.pk}).content.decode()
        assert player.surname not in page and player.given_name not in page
        assert f"r={player.pk}" not in client.get(_url(hall), {"q": player.surname}).content.decode()
        posted = client.post(_url(hall), {"how": "name", "registration": player.pk})
        assert posted.status_code == 400
        assert choose in posted.content.decode() and player.surname not in posted.content.decode()
    assert not Registration.objects.filter(checked_in_at__isnull=False).exists()


@pytest.mark.parametrize(
    "language, done, undone", [("en", "Checked in: ", "taken back"), ("de", "Eingecheckt: ", "zurückgenommen")]
)
def test_the_desk_searches_checks_in_and_undoes_with_htmx_and_without(client, hall, language, done, undone):
    _language(client, language)
    client.force_login(hall.user("referee"))
    desk = reverse("manage_checkin", args=[hall.tournament.slug])
    action = reverse("manage_checkin_action", args=[hall.tournament.slug])
    page = client.get(desk).content.decode()
    assert 'id="checkin-desk-q"' in page and "checkin-desk.js" in page and 'id="checkin-settings"' not in page
    found = client.get(desk, {"q": "CÖN"}, headers=HTMX).content.decode()  # marks and case ignored
    carol = Registration.objects.get(tournament=hall.tournament, given_name="Carol")
    assert found.startswith('<div id="checkin-desk">') and f'value="{carol.pk}"' in found and "Dietz" not in found
    answer = client.post(action, {"registration": carol.pk, "action": "in"}, headers=HTMX).content.decode()
    assert done + "Carol Conrad" in answer and "<strong>1</strong>" in answer and 'id="checkin-recent"' in answer
    answer = client.post(action, {"registration": carol.pk, "action": "undo"}, headers=HTMX).content.decode()
    assert undone in answer and not _checked_in(hall, "Carol")
    plain = client.post(action, {"registration": carol.pk, "action": "in"})
    assert plain.status_code == 302 and _checked_in(hall, "Carol")
    foreign = client.post(action, {"registration": make_player(hall.other).pk}, headers=HTMX)
    assert foreign.status_code == 200 and "checkin-notice" in foreign.content.decode()
    assert client.post(action, {"registration": "'; drop"}, headers=HTMX).status_code == 200
    actions = list(AuditEntry.objects.filter(tournament=hall.tournament).values_list("action", "user__username"))
    assert [a for a in actions if a[0].startswith("registration.checkin")] == [
        ("registration.checkin", "referee"),
        ("registration.checkin.undo", "referee"),
        ("registration.checkin", "referee"),
    ]


def test_the_organizer_opens_the_check_in_and_gets_the_qr_for_the_projector_and_the_poster(client, hall):
    _language(client, "en")
    client.force_login(hall.user("organizer"))
    slug = hall.tournament.slug
    assert client.post(reverse("manage_checkin_settings", args=[slug]), {"by_name": "on"}).status_code == 302
    hall.tournament.refresh_from_db()
    assert not hall.tournament.checkin_open and hall.tournament.checkin_by_name
    screen = client.get(reverse("manage_checkin_screen", args=[slug])).content.decode()
    assert '<svg class="qr"' in screen and f"/t/{slug}/checkin/{hall.tournament.checkin_code}/" in screen
    assert "The check-in is closed" in screen
    client.post(reverse("manage_checkin_settings", args=[slug]), {"open": "on"})
    check_in_at_desk(registration=Registration.objects.get(given_name="Alice"), user=hall.user("referee"))
    screen = client.get(reverse("manage_checkin_screen", args=[slug]), headers=HTMX).content.decode()
    assert "<strong>1</strong> of 4 players checked in" in screen
    poster = client.get(reverse("manage_checkin_poster", args=[slug]) + "?lang=de")
    assert poster["Content-Type"] == "application/pdf" and poster.content.startswith(b"%PDF")
    dashboard = client.get(reverse("manage", args=[slug])).content.decode()
    assert 'id="checkin-tile"' in dashboard and "<strong>1/4</strong>" in dashboard
    # the latest changes name what was changed: the settings, not "opened or closed" whichever it was
    assert "check-in settings changed (open, by name)" in dashboard.lower()


@pytest.mark.parametrize(
    "language, switch, not_come, late",
    [
        ("en", "Pair only the players checked in", "Not come (2)", "Came late (1)"),
        ("de", "Nur eingecheckte Spieler paaren", "Nicht gekommen (2)", "Zu spät gekommen (1)"),
    ],
)
def test_the_round_page_pairs_the_checked_in_and_lists_who_has_not_come_and_who_came_late(
    client, hall, language, switch, not_come, late
):
    _language(client, language)
    client.force_login(hall.user("organizer"))
    slug, referee = hall.tournament.slug, hall.user("referee")
    page = reverse("manage_round", args=[slug, 2])
    assert switch in client.get(page).content.decode()
    for name in ("Alice", "Bob"):
        check_in_at_desk(registration=Registration.objects.get(given_name=name), user=referee)
    client.post(reverse("manage_round_checked_in_only", args=[slug, 2]), {"checked_in_only": "on"})
    client.post(reverse("manage_round_action", args=[slug, 2, "pair"]))
    round2 = Round.objects.get(pk=hall.round2.pk)
    assert round2.checked_in_only and round2.status == Round.Status.PAIRED
    assert {p for g in round2.games.all() for p in (g.black.given_name, g.white.given_name)} == {"Alice", "Bob"}
    shown = client.get(page).content.decode()
    assert not_come in shown and "Conrad Carol" in shown and "Dietz Dave" in shown
    check_in_at_desk(registration=Registration.objects.get(given_name="Carol"), user=referee)
    shown = client.get(page).content.decode()
    assert late in shown and "Conrad Carol" in shown.split(late)[1]
    # a paired round's switch waits: a clear refusal, nothing changes
    refused = client.post(reverse("manage_round_checked_in_only", args=[slug, 2]), follow=True)
    assert refused.status_code == 200 and Round.objects.get(pk=round2.pk).checked_in_only


def test_the_projector_shows_the_count_while_the_check_in_is_open_and_its_poll_follows_it(client, hall):
    _language(client, "en")
    url = reverse("projector", args=[hall.tournament.slug])
    first = client.get(url)
    assert "Check-in: <strong>0</strong> of 4 players" in first.content.decode()
    etag = given_etag(first)
    poll = client.get(url + "?page=1", headers={**HTMX, "If-None-Match": etag})
    assert poll.status_code == 304
    check_in_at_desk(registration=Registration.objects.get(given_name="Dave"), user=hall.user("referee"))
    poll = client.get(url + "?page=1", headers={**HTMX, "If-None-Match": etag})
    assert poll.status_code == 200 and "<strong>1</strong> of 4" in poll.content.decode()
    checkin_settings(tournament=hall.tournament, open=False, by_name=True, user=hall.user("organizer"))
    assert "Check-in:" not in client.get(url).content.decode()


@pytest.mark.parametrize(
    ("language", "screen", "projector"),
    [
        ("en", "<strong>0</strong> of 1 player checked in", "Check-in: <strong>0</strong> of 1 player<"),
        ("de", "<strong>0</strong> von 1 Spieler eingecheckt", "Check-in: <strong>0</strong> von 1 Spieler<"),
    ],
)
def test_the_counts_of_a_single_registered_player_say_player_not_players(client, day, language, screen, projector):
    """A check-in with one player registered ("0 of 1 player", not "0 of 1 players")."""
    t = make_tournament()
    TournamentRole.objects.create(tournament=t, user=day.user("organizer"), role="organizer")
    make_player(t)
    checkin_settings(tournament=t, open=True, by_name=True, user=day.user("organizer"))
    client.force_login(day.user("organizer"))
    _language(client, language)
    slug = t.slug
    assert screen in client.get(reverse("manage_checkin_screen", args=[slug])).content.decode()
    assert projector in client.get(reverse("projector", args=[slug])).content.decode()
