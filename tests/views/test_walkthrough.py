"""What the walk-through of the tournament day found wrong (issue 12, point 8), item by item.

The tournament day of ``tests/fixtures/day.py``: round 1 is Ninuki-Renju (published),
and a Go 9×9 discipline with komi 7. Runs on SQLite and PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
import html
import io
import re
import subprocess

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from tests.fixtures.day import _player
from tournament.models import AuditEntry, Game, Registration, Round
from tournament.permissions import SYSTEM
from tournament.services import round_edits
from tournament.services.results import ResultError, result_adjudicate, result_report, result_set
from tournament.services.rounds import round_pair, round_publish

pytestmark = pytest.mark.django_db


def pdf_text(content: bytes) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True
    ).stdout.decode()


@pytest.fixture
def go_round(day):
    """Round 2, Go 9×9, paired, starting at 09:00 UTC on 28 November 2026 (10:00 in Hannover)."""
    _player(day.tournament, "Engel", "Eve", "6k")
    r2 = Round.objects.create(
        tournament=day.tournament, discipline=day.go, number=2, starts_at=dt.datetime(2026, 11, 28, 9, 0, tzinfo=dt.UTC)
    )
    round_pair(round=r2, user=SYSTEM)
    return r2


@pytest.fixture
def go_published(go_round):
    round_publish(round=go_round, user=SYSTEM)
    return go_round


# --- messages are translated per request ------------------------------------------------------


@pytest.mark.parametrize(
    "language, text",
    [
        ("en", "Round published: the players see their games now."),
        ("de", "Runde veröffentlicht: die Spieler sehen jetzt ihre Partien."),
    ],
)
def test_messages_after_pair_publish_and_close_are_in_the_readers_language(client, day, go_round, language, text):
    client.force_login(day.user("organizer"))
    client.cookies["django_language"] = language
    url = reverse("manage_round_action", args=[day.tournament.slug, 2, "publish"])
    messages = [str(m) for m in client.post(url, follow=True).context["messages"]]
    assert messages == [text]


# --- PDFs: local time, the reader's language, each round's discipline -----------------------------


def test_the_pairing_sheet_prints_the_local_start_in_the_readers_language(client, day, go_published):
    url = reverse("pdf_pairings", args=[day.tournament.slug, 2])
    english = pdf_text(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content)
    assert "28 Nov 2026, 10:00" in english and "09:00" not in english
    german = pdf_text(client.get(url, HTTP_ACCEPT_LANGUAGE="de").content)
    assert "28. November 2026 10:00" in german and "Tisch" in german
    # the link carries the page's language: a PDF viewer without the site's cookie still gets it
    chosen = pdf_text(client.get(url + "?lang=en", HTTP_ACCEPT_LANGUAGE="de").content)
    assert "Table" in chosen and "Tisch" not in chosen
    assert client.get(url + "?lang=xx").status_code == 200  # an unknown language: the request's
    client.force_login(day.user("organizer"))
    client.cookies["django_language"] = "en"
    page = client.get(reverse("manage_round", args=[day.tournament.slug, 2])).content.decode()
    assert f'{url}?lang=en"' in page


def test_standings_and_crosstable_pdfs_name_each_rounds_discipline(client, day, go_published):
    for name in ("pdf_standings", "pdf_crosstable"):
        text = pdf_text(client.get(reverse(name, args=[day.tournament.slug]) + "?lang=en").content)
        assert "Rounds: 1 Ninuki-Renju · 2 Go" in re.sub(r"\s+", " ", text), name
    page = client.get(reverse("crosstable", args=[day.tournament.slug])).content.decode()
    assert '<th title="Ninuki-Renju">' in page


# --- English dates in a European format -----------------------------------------------------------


def test_english_dates_are_european(client, day, go_published):
    with translation.override("en"):
        from django.utils.formats import date_format

        when = dt.datetime(2026, 11, 28, 14, 30)
        assert date_format(when, "DATE_FORMAT") == "28 Nov 2026"
        assert date_format(when, "SHORT_DATE_FORMAT") == "28.11.2026"
        assert date_format(when, "DATETIME_FORMAT") == "28 Nov 2026, 14:30"
    client.force_login(day.user("organizer"))
    client.cookies["django_language"] = "en"
    round_page = client.get(reverse("round", args=[day.tournament.slug, 2])).content.decode()
    assert "28 Nov 2026, 10:00" in round_page and "a.m." not in round_page


# --- a favicon ---------------------------------------------------------------------------------------


def test_a_favicon(client, day):
    page = client.get(reverse("home")).content.decode()
    from django.contrib.staticfiles import finders

    assert 'rel="icon" href="/static/tournament/favicon.svg"' in page
    assert finders.find("tournament/favicon.svg") and finders.find("tournament/apple-touch-icon.png")
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and b"".join(icon.streaming_content)[:4] == b"\x00\x00\x01\x00"


# --- Ninuki has no komi -------------------------------------------------------------------------------


def test_ninuki_pages_and_slips_show_no_komi_go_ones_do(client, day, go_published):
    client.force_login(day.user("alice"))
    client.cookies["django_language"] = "en"
    ninuki_game = client.get(reverse("game", args=[day.tournament.slug, day.game.pk])).content.decode()
    assert "Komi" not in ninuki_game.split("<main>")[1]
    mine = client.get(reverse("my_tournament", args=[day.tournament.slug])).content.decode()
    cards = {("Ninuki" if "Ninuki-Renju" in c else "Go"): c for c in mine.split('class="card game-card')[1:]}
    assert "Komi" not in cards["Ninuki"]
    assert "Komi" in cards["Go"]
    ninuki_round = client.get(reverse("round", args=[day.tournament.slug, 1])).content.decode()
    assert "Komi" not in ninuki_round.split("<main>")[1]
    assert "komi" not in pdf_text(client.get(reverse("pdf_slips", args=[day.tournament.slug, 1])).content).lower()
    assert "Komi" not in pdf_text(client.get(reverse("pdf_pairings", args=[day.tournament.slug, 1])).content)
    go_page = client.get(reverse("round", args=[day.tournament.slug, 2])).content.decode()
    assert "Komi" in go_page
    assert "komi " in pdf_text(client.get(reverse("pdf_slips", args=[day.tournament.slug, 2])).content)


# --- "won by" offers the discipline's ways of winning; the record's example fits the board ------------


def _options(html: str, name: str) -> list[str]:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S).group(1)
    return re.findall(r'<option value="([^"]*)"', select)


def test_won_by_and_the_record_example_follow_the_discipline(client, day, go_round):
    client.force_login(day.user("alice"))
    client.cookies["django_language"] = "en"
    ninuki = client.get(reverse("game_report", args=[day.tournament.slug, day.game.pk])).content.decode()
    assert _options(ninuki, "method") == ["", "five", "captures", "resignation", "time", "default"]
    assert 'placeholder="K10 K9 L10 …  /  (;GM[4]SZ[19];B[jj];W[jk])"' in ninuki  # Gomoku/Renju family
    round_publish(round=go_round, user=SYSTEM)
    alice = Registration.objects.get(user=day.user("alice"), tournament=day.tournament)
    game = Game.objects.filter(round=go_round).filter(black=alice).first() or Game.objects.get(
        round=go_round, white=alice
    )
    go = client.get(reverse("game_report", args=[day.tournament.slug, game.pk])).content.decode()
    assert _options(go, "method") == ["", "score", "resignation", "time", "default"]
    assert "E5 E4 F5" in go and "SZ[9]" in go
    # the help's example fits the board too (issue #21 item 18: it said K10 K9 L10 on a 9x9 board)
    assert "K10" not in go and "(e.g. E5 E4 F5 …)" in go
    assert "(e.g. K10 K9 L10 …)" in ninuki or "Required for this discipline" in ninuki
    client.force_login(day.user("referee"))
    referee = client.get(reverse("game", args=[day.tournament.slug, game.pk])).content.decode()
    assert _options(referee, "method") == ["", "score", "resignation", "time", "default"]
    # and the services refuse a way of winning the game does not have, whatever form sent it
    with translation.override("en"), pytest.raises(ResultError, match="is not won by five in a row"):
        result_adjudicate(
            game=game,
            user=day.user("referee"),
            version=game.version,
            result="B",
            method="five",
            reason="a five on a Go board?",
        )
    with translation.override("en"), pytest.raises(ResultError, match="is not won by"):
        result_report(game=game, user=day.user("alice"), version=game.version, result="B", method="captures")


# --- the audit log: names, round numbers and words; each action once in the filter ---------------------


def test_the_audit_log_speaks_in_names_and_words(client, day, go_round):
    organizer = day.user("organizer")
    p = {r.given_name: r for r in day.tournament.registrations.all()}
    round_pair(round=Round.objects.create(tournament=day.tournament, discipline=day.ninuki, number=3), user=organizer)
    with translation.override("en"):
        round_edits.game_swap_players(round=go_round, player_a=p["Alice"], player_b=p["Carol"], user=organizer)
        round_edits.pair_constraint_add(
            tournament=day.tournament, kind="forbidden", player_a=p["Alice"], player_b=p["Bob"], user=organizer
        )
    client.force_login(organizer)
    client.cookies["django_language"] = "en"
    url = reverse("audit_log", args=[day.tournament.slug])
    html = client.get(url).content.decode()
    table = html[html.index('id="audit-log"') : html.index("</table>", html.index('id="audit-log"'))]
    assert ">Round 3</a>" in table and ">Round 2</a>" in table
    assert "Alice Albers / Bob Bauer" in table and "kind: never pair" in table
    assert "table 1:" in table and "players swapped" in table
    for raw in ("explanations", "score_difference", "terms", "bye_explanation", "black_id", "{"):
        assert raw not in table, raw
    round3 = Round.objects.get(tournament=day.tournament, number=3)
    assert f"?object=round&amp;id={round3.pk}" in table
    # the filter names each action once
    options = re.findall(r'<option value="([^"]+)"', html.split('name="action"')[1].split("</select>")[0])
    assert len(options) == len(set(options)) and options.count("round.pair") == 1
    only = client.get(url, {"action": "round.pair"})
    assert {e.action for e in only.context["page"]} == {"round.pair"}  # not round.pair_by_hand
    one = client.get(url, {"object": "round", "id": round3.pk}).content.decode()
    assert "Only the changes of: Round 3" in one
    assert client.get(url, {"id": "9" * 40, "action": "x" * 500}).status_code == 200


# --- dashboard counters renew themselves ---------------------------------------------------------------


def test_the_dashboard_counters_update_without_a_reload(client, day):
    client.force_login(day.user("organizer"))
    client.cookies["django_language"] = "en"
    url = reverse("manage", args=[day.tournament.slug])
    page = client.get(url).content.decode()
    assert f'hx-get="{url}" hx-trigger="every 15s"' in page
    assert page.count('id="to-confirm"') == 1 and page.count('id="dashboard-live"') == 1
    before = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert before.startswith('<div id="dashboard-live"') and "<html" not in before
    assert re.search(r"<strong>2</strong> results missing", before)
    day.game.result, day.game.result_state = "B", "confirmed"
    day.game.save()
    after = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert re.search(r"<strong>1</strong> results missing", after)


# --- messages of in-place (htmx) actions appear where they happened ------------------------------------


def test_a_message_of_an_htmx_action_comes_with_its_answer_not_on_the_next_page(client, day):
    reg = _player(day.tournament, "Neu", "Nina", "9k")
    reg.status = Registration.Status.PRELIMINARY
    reg.save()
    client.force_login(day.user("organizer"))
    client.cookies["django_language"] = "en"
    page = client.get(reverse("manage_registrations", args=[day.tournament.slug])).content.decode()
    assert '<div id="messages"' in page  # the place the message goes
    url = reverse("manage_registration_status", args=[day.tournament.slug, reg.pk])
    answer = client.post(url, {"status": "confirmed"}, HTTP_HX_REQUEST="true").content.decode()
    assert answer.startswith(f'\n<tr id="reg-{reg.pk}">') or f'<tr id="reg-{reg.pk}">' in answer.split("<div")[0]
    oob = answer[answer.index('<div id="messages"') :]
    assert 'hx-swap-oob="true"' in oob and "Nina Neu: confirmed" in oob
    later = client.get(reverse("manage", args=[day.tournament.slug])).content.decode()
    assert "Nina Neu: confirmed" not in later  # shown once, where it happened
    # a poll (GET) takes no message away from the next page
    client.post(url, {"status": "withdrawn"})  # a plain form: the message waits for the next page
    client.get(reverse("manage", args=[day.tournament.slug]), HTTP_HX_REQUEST="true")
    assert (
        "Nina Neu: withdrawn"
        in client.get(reverse("manage_registrations", args=[day.tournament.slug])).content.decode()
    )


# --- the demo has a disputed game waiting for the referee ---------------------------------------------


def test_the_demo_has_a_disputed_game_for_the_referee_and_stays_idempotent(client):
    call_command("demo", stdout=io.StringIO())
    disputed = Game.objects.filter(round__tournament__slug="demo", result_state="disputed")
    assert disputed.count() == 1
    game = disputed.get()
    assert game.round.status == Round.Status.PUBLISHED and game.record and game.verdict["agrees"] is False
    assert AuditEntry.objects.filter(action="game.result.report", object_id=game.pk).count() == 1
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.get(username="schiri"))
    queue = client.get(reverse("referee_queue", args=["demo"]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert reverse("game", args=["demo", game.pk]) in queue
    out = io.StringIO()
    call_command("demo", stdout=out)
    assert "nothing was changed" in out.getvalue()
    assert Game.objects.filter(round__tournament__slug="demo", result_state="disputed").count() == 1


def test_the_dashboards_recent_changes_name_round_table_and_players(client, day):
    """Issue #21 item 19: "result entered by an organizer" ten times, without round or table."""
    organizer = day.user("organizer")
    result_set(game=day.game2, user=organizer, version=day.game2.version, result="W")
    client.force_login(organizer)
    for language, words in (
        ("en", "result entered by an organizer · Round 1, table 2: Carol Conrad – Dave Dietz · White wins"),
        (
            "de",
            "Ergebnis von der Turnierleitung eingetragen · Runde 1, Tisch 2: Carol Conrad – Dave Dietz · Weiß gewinnt",
        ),
    ):
        client.cookies["django_language"] = language
        page = html.unescape(client.get(reverse("manage", args=[day.tournament.slug])).content.decode())
        recent = page[page.index('id="recent-changes"') :]
        recent = " ".join(recent[: recent.index("</ul>")].split())
        assert words in recent, recent
