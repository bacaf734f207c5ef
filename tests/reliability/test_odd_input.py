"""Odd input gets a clear answer in the visitor's language, never a 500 (both databases)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournament.models import Discipline

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(client, day):
    client.force_login(day.user("organizer"))
    client.cookies["django_language"] = "en"
    return client


@pytest.mark.parametrize("query", ["?discipline=%00", "?discipline=a%00b", "?%00=1", "?discipline=%C0%80"])
def test_a_nul_byte_in_a_query_is_a_400_page_not_a_500(client, day, query):
    client.cookies["django_language"] = "en"
    response = client.get(reverse("standings", args=[day.tournament.slug]) + query)
    assert response.status_code in (400, 404)
    if response.status_code == 400:
        assert "Bad request" in response.content.decode()


@pytest.mark.parametrize("value", ["\x00", "²", "64.0", "-1", "99999999999999999999", "1e9", "０"])
def test_odd_ids_in_the_audit_log_filter(organizer, day, value):
    response = organizer.get(reverse("audit_log", args=[day.tournament.slug]), {"id": value})
    assert response.status_code in (200, 400)


@pytest.mark.parametrize("value", ["\x00", "99999999999999999999", "²", "x"])
def test_odd_discipline_ids_in_downloads(organizer, day, value):
    for name in ("csv_standings", "pdf_standings", "pdf_crosstable", "h9_results"):
        response = organizer.get(reverse(name, args=[day.tournament.slug]), {"discipline": value})
        assert response.status_code in (400, 404), (name, value, response.status_code)


def test_nul_bytes_in_form_fields_are_refused_before_the_view(organizer, day):
    response = organizer.post(
        reverse("manage_player_add", args=[day.tournament.slug]),
        {"surname": "Nul\x00l", "given_name": "Nina", "country": "DE", "rank": "5k"},
    )
    assert response.status_code == 400
    assert not day.tournament.registrations.filter(given_name="Nina").exists()


def test_a_discipline_with_a_slash_or_a_newline_in_its_name_breaks_nothing(organizer, day):
    odd = Discipline.objects.create(tournament=day.tournament, name="Go 9/9\nneu", kind="go", board_size=9)
    for name in ("pdf_standings", "pdf_crosstable", "csv_standings"):
        response = organizer.get(reverse(name, args=[day.tournament.slug]), {"discipline": odd.pk})
        assert response.status_code == 200, name
        assert "\n" not in response["Content-Disposition"] and "/" not in response["Content-Disposition"]
    page = organizer.get(reverse("standings", args=[day.tournament.slug])).content.decode()
    assert reverse("standings_discipline", args=[day.tournament.slug, odd.pk]) in page
    assert organizer.get(reverse("standings_discipline", args=[day.tournament.slug, odd.pk])).status_code == 200


def test_a_body_over_the_limit_is_refused_before_it_is_read(day, settings):
    """50 MB sent anonymously to a log-in page: 413 from the Content-Length alone."""
    client = Client()
    client.cookies["django_language"] = "en"
    body = b"x" * (settings.REQUEST_MAX_BYTES + 1)
    response = client.generic(
        "POST",
        reverse("manage_players_import", args=[day.tournament.slug]),
        body,
        content_type="multipart/form-data; boundary=zzz",
    )
    assert response.status_code == 413
    assert "Too much data" in response.content.decode()
    huge = client.generic(
        "POST",
        reverse("login"),
        b"",
        content_type="application/x-www-form-urlencoded",
        CONTENT_LENGTH=str(50 * 1024 * 1024),
    )
    assert huge.status_code == 413


def test_every_page_sends_a_strict_content_security_policy(client, day):
    response = client.get(reverse("standings", args=[day.tournament.slug]))
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "<script>" not in response.content.decode() and "<style" not in response.content.decode()


@pytest.mark.parametrize("name", ['=HYPERLINK("http://evil")', "+SUM(A1)", "-2+3", "@cmd", "\tTab", "\rCR"])
def test_the_public_csv_shows_formulas_as_text(client, day, name):
    import csv
    import io

    from tournament.models import Game, Registration

    reg = Registration.objects.get(tournament=day.tournament, user=day.user("alice"))
    Registration.objects.filter(pk=reg.pk).update(surname=name, club=name)
    Game.objects.filter(pk=day.game.pk).update(result="B", result_state="confirmed")
    text = client.get(reverse("csv_standings", args=[day.tournament.slug])).content.decode()
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    row = next(r for r in rows if r["given_name"] == "Alice")
    shown = ("'" + name).replace("\r", " ")
    assert row["surname"] == shown and row["club"] == shown
    assert all(not r["surname"].startswith(("=", "+", "-", "@", "\t", "\r")) for r in rows)


@pytest.mark.parametrize(
    "attribute,value",
    [
        ("numberOfRounds", "99999999999"),
        ("numberOfRounds", "21"),
        ("numberOfRounds", "0"),
        ("numberOfCategories", "1000000"),
        ("size", "100000"),
    ],
)
def test_an_opengotha_file_with_an_absurd_number_is_refused_at_once(attribute, value):
    from tournament.files.opengotha import OpenGothaFormatError, read_tournament

    xml = (
        '<?xml version="1.0"?><Tournament dataVersion="201"><Players/><Games/><TournamentParameterSet>'
        f'<GeneralParameterSet name="X" shortName="x" numberOfRounds="5" {attribute}="{value}"/>'
        "</TournamentParameterSet></Tournament>"
    ).replace('numberOfRounds="5" numberOfRounds', "numberOfRounds")
    with pytest.raises(OpenGothaFormatError, match=attribute):
        read_tournament(xml)


@pytest.mark.parametrize(
    "game_value,table",
    [
        ("64.0", "2"),
        ("²", "2"),
        ("1e3", "2"),
        ("99999999999999", "2"),
        (None, "99999"),
        (None, "40000"),
        (None, "-3"),
        (None, "2.5"),
    ],
)
def test_odd_table_moves_are_messages_not_500s(organizer, day, game_value, table):
    from tournament.models import Game

    before = sorted(Game.objects.filter(round=day.round1).values_list("pk", "table"))
    data = {"game": day.game.pk if game_value is None else game_value, "table": table}
    if game_value == "64.0":
        data["game"] = f"{day.game.pk}.0"
    response = organizer.post(reverse("manage_round_move", args=[day.tournament.slug, 1]), data, follow=True)
    assert response.status_code == 200
    after = sorted(Game.objects.filter(round=day.round1).values_list("pk", "table"))
    if game_value == "64.0":  # "1.0" is read as game 1, as the form field reads it: the move is made
        assert after != before
    else:
        assert after == before


def test_no_template_has_an_inline_script_style_or_event_handler():
    """The Content-Security-Policy allows none: a template that has one breaks in the browser."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    offending = []
    for path in list((root / "templates").rglob("*.html")) + list((root / "tournament").rglob("templates/**/*.html")):
        text = re.sub(r"\{#.*?#\}", "", path.read_text(encoding="utf-8"))  # template comments say what they like
        for pattern in (
            r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>",
            r"<style\b",
            r"\son[a-z]+=\"",
            r"\sstyle=\"",
            r"javascript:",
        ):
            if re.search(pattern, text):
                offending.append(f"{path.relative_to(root)}: {pattern}")
    assert not offending, offending


def test_an_sgf_upload_with_a_nul_byte_is_a_form_error(client, day):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tournament.models import Game

    client.force_login(day.user("alice"))
    client.cookies["django_language"] = "en"
    sgf = b"(;GM[1]SZ[19]C[a comment with a \x00 in it];B[jj];W[ji])"
    response = client.post(
        reverse("game_report", args=[day.tournament.slug, day.game.pk]),
        {"version": 0, "result": "B", "sgf_file": SimpleUploadedFile("g.sgf", sgf)},
    )
    assert response.status_code in (200, 422)
    assert "not a text file" in response.content.decode()
    game = Game.objects.get(pk=day.game.pk)
    assert game.record == "" and game.version == 0


# --- a NUL byte in an uploaded file (issue #30 item 5): PostgreSQL cannot store one --------------------


def _uploads(day) -> list[tuple[str, str, dict, str]]:
    """Every upload of the site, each with a file that holds a NUL byte where a name goes (raw, and as XML's
    character reference): (what, address, fields, the file's field)."""
    from tests.shared import shared

    simple = shared("opengotha", "simplemm.xml").read_bytes()
    sample = shared("macmahon", "sample-tournament.xml").read_bytes()
    slug = day.tournament.slug
    csv_file = b"surname,given name,club,country,rank\nMus\x00ter,Max,Hann,DE,5k\n"
    out = [("csv", reverse("manage_players_import", args=[slug]), {"confirmed": "on"}, csv_file)]
    for nul in (b"\x00", b"&#0;", b"&#x0;"):
        og = simple.replace(b'name="Robin"', b'name="Ro' + nul + b'bin"', 1)
        mm = sample.replace(b"<FirstName>Alice</FirstName>", b"<FirstName>Al" + nul + b"ice</FirstName>", 1)
        assert og != simple and mm != sample
        out += [
            ("opengotha", reverse("tournament_new_opengotha"), {"slug": "og-nul"}, og),
            ("opengotha players", reverse("manage_opengotha_players", args=[slug]), {"confirmed": "on"}, og),
            ("macmahon", reverse("import_macmahon"), {"slug": "mm-nul"}, mm),
        ]
    og16 = simple.decode().replace('encoding="UTF-8"', 'encoding="UTF-16"').replace('name="Robin"', 'name="Ro\x00bin"')
    out.append(("opengotha utf-16", reverse("tournament_new_opengotha"), {"slug": "og-nul"}, og16.encode("utf-16")))
    return out


@pytest.mark.usefixtures("english")
def test_a_nul_byte_in_any_uploaded_file_is_refused_in_words_and_nothing_is_stored(organizer, day):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tests.shared import shared, skip_without_shared
    from tournament.models import Registration, Tournament

    skip_without_shared(shared("macmahon", "sample-tournament.xml"))
    skip_without_shared(shared("opengotha", "simplemm.xml"))
    tournaments, players = Tournament.objects.count(), Registration.objects.count()
    for what, url, fields, content in _uploads(day):
        upload = SimpleUploadedFile("file.xml" if what != "csv" else "players.csv", content)
        response = organizer.post(url, {**fields, "file": upload})
        assert response.status_code in (200, 422), (what, response.status_code)
        errors = re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', response.content.decode(), re.S)
        assert errors, what
        assert (Tournament.objects.count(), Registration.objects.count()) == (tournaments, players), what


@pytest.mark.usefixtures("english")
def test_a_nul_byte_in_an_uploaded_game_record_is_refused_in_words(client, day):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tournament.models import Game

    client.force_login(day.user("alice"))
    client.cookies["django_language"] = "en"
    game = day.game
    before = Game.objects.filter(pk=game.pk).values().get()
    for raw in (b"(;GM[1]SZ[19]PB[Al\x00ice];B[jj])", "(;GM[1]SZ[19];B[jj]C[\x00])".encode("utf-16")):
        response = client.post(
            reverse("game_report", args=[day.tournament.slug, game.pk]),
            {"version": game.version, "result": "B", "method": "", "sgf_file": SimpleUploadedFile("g.sgf", raw)},
        )
        assert response.status_code in (200, 422)
        assert "The file is not a text file." in response.content.decode()
    assert Game.objects.filter(pk=game.pk).values().get() == before


# --- the congress morning's forms (issue #34): odd values are refused, nothing changes -----------------------

HUGE = "1" + "0" * 30


def _morning_state(day) -> tuple:
    """Everything the congress morning's forms write: results, check-ins, plans, requests, stages, the log."""
    from tournament.models import AuditEntry, ByeRequest, FrozenStandings, Game, Knockout, Registration, TablePlan

    return (
        sorted(Game.objects.values_list("pk", "table", "result", "version")),
        sorted(Registration.objects.values_list("pk", "checked_in_at", "status", "absent_rounds")),
        TablePlan.objects.count(),
        ByeRequest.objects.count(),
        Knockout.objects.count(),
        FrozenStandings.objects.count(),
        AuditEntry.objects.count(),
    )


def _other_player(day):
    from tournament.models import Registration

    return Registration.objects.create(tournament=day.other, surname="Fremd", given_name="Olga", rank=-5)


def _other_game(day, player):
    """A game of another tournament's round 1, at table 1 as the day's first game: Olga against Otto."""
    from tournament.models import Discipline, Game, Round

    go = Discipline.objects.create(tournament=day.other, name="Go", kind="go", board_size=9)
    round_ = Round.objects.create(tournament=day.other, discipline=go, number=1, status=Round.Status.PUBLISHED)
    opponent = type(player).objects.create(tournament=day.other, surname="Fremd", given_name="Otto", rank=-5)
    return Game.objects.create(round=round_, table=1, black=player, white=opponent)


#: (the URL's name and whether it names round 1, the form; "OTHER" is a player of another tournament)
MORNING = [
    ("manage_checkin_action", False, {"registration": "OTHER"}),
    ("manage_checkin_action", False, {"registration": HUGE}),
    ("manage_checkin_action", False, {"registration": "²", "action": "undo"}),
    ("manage_checkin_action", False, {}),
    ("manage_result_type", False, {"entry": "1b", "round": HUGE}),
    ("manage_result_type", False, {"entry": "1b", "round": "-1"}),
    ("manage_result_type", False, {"entry": "999999b", "round": "1"}),
    ("manage_result_type", False, {"entry": "0b", "round": "1"}),
    ("manage_result_type", False, {"entry": "1x", "round": "1"}),
    ("manage_result_type", False, {"entry": "\u202e1b", "round": "1"}),
    ("manage_result_type", False, {"entry": "1b" * 20, "round": "1"}),
    ("manage_result_type", False, {"entry": "!", "round": "1"}),
    ("manage_result_type", False, {"round": "1"}),
    ("manage_result_type", False, {"entry": "1b", "round": "1", "game": HUGE}),
    ("manage_result_type", False, {"entry": "1b", "round": "1", "game": "OTHER_GAME", "next": "phone"}),
    ("manage_result_type", False, {"entry": "1b", "round": "1", "replace": HUGE}),
    ("manage_result_undo", False, {"entry": HUGE, "round": "1"}),
    ("manage_result_undo", False, {"entry": "1", "round": HUGE}),
    ("manage_tables", False, {"excluded": "1-999999999", "reserved": "", "reserved_use": "top"}),
    ("manage_tables", False, {"excluded": "", "reserved": "", "reserved_use": "top", "halls": "1-999999999: A"}),
    ("manage_tables", False, {"excluded": "", "reserved": "", "reserved_use": "top", "halls": "x" * 100_000}),
    ("manage_tables", False, {"excluded": "", "reserved": "", "reserved_use": "top", "halls": "1-40: A, rows of 0"}),
    ("manage_tables", False, {"round": "²", "excluded": "3", "reserved": "", "reserved_use": "top"}),
    ("manage_round_move", True, {"game": "1", "table": str(10**30)}),
    ("manage_round_move", True, {"game": HUGE, "table": "3"}),
    ("manage_round_move", True, {"game": "1", "table": "-3"}),
    ("manage_round_bye_request", True, {"request": HUGE, "decision": "grant"}),
    ("manage_round_print_dismiss", True, {"kind": "\u202epaper"}),
    ("manage_round_pair_by_hand", True, {"player_a": "OTHER", "player_b": "OTHER"}),
    ("manage_round_bye", True, {"player": "OTHER"}),
    ("manage_standings_unfreeze", False, {"reason": "x" * 100_000}),
    ("manage_knockout", False, {"action": "make", "source": "table", "size": HUGE, "per_group": "-1"}),
    ("manage_knockout", False, {"action": "groups", "count": HUGE}),
    ("manage_knockout", False, {"action": "\u202e"}),
    ("my_bye", False, {"round": HUGE}),
    ("my_bye", False, {"round": "²", "action": "withdraw"}),
]


@pytest.mark.parametrize(("name", "in_round", "data"), MORNING)
def test_odd_values_on_the_congress_morning_s_forms_are_refused_and_change_nothing(client, day, name, in_round, data):
    """As the tournament's organizer (and, for "my bye", as Alice): every form is answered, none with a 500,
    and nothing is written."""
    client.force_login(day.user("alice" if name == "my_bye" else "organizer"))
    client.cookies["django_language"] = "en"
    other = _other_player(day)
    foreign = _other_game(day, other)
    data = {k: {"OTHER": str(other.pk), "OTHER_GAME": str(foreign.pk)}.get(v, v) for k, v in data.items()}
    before = _morning_state(day)
    url = reverse(name, args=[day.tournament.slug, 1] if in_round else [day.tournament.slug])
    for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = client.post(url, data, **htmx)
        assert response.status_code in (200, 302, 400, 404, 422), (response.status_code, htmx)
    assert _morning_state(day) == before


@pytest.mark.parametrize(
    "query",
    ["a" * 100_000, "\u202eمرحبا", "%", "_", "\\", "' OR 1=1 --", "🀄", "İ", "ﬀ", "Al\u0301ice"],
)
def test_odd_searches_at_the_desk_and_on_the_phone_are_answered(client, day, query):
    """The desk's search and the phone's name search read at most their length of any text."""
    from tournament.models import Tournament

    Tournament.objects.filter(pk=day.tournament.pk).update(checkin_open=True, checkin_by_name=True)
    day.tournament.refresh_from_db()
    client.force_login(day.user("referee"))
    client.cookies["django_language"] = "en"
    assert client.get(reverse("manage_checkin", args=[day.tournament.slug]), {"q": query}).status_code == 200
    phone = reverse("checkin", args=[day.tournament.slug, day.tournament.checkin_code])
    assert Client().get(phone, {"q": query}).status_code == 200


@pytest.mark.parametrize("version", [HUGE, "-1", "²", ""])
def test_an_odd_version_on_a_row_of_the_results_grid_is_refused_and_changes_nothing(client, day, version):
    client.force_login(day.user("organizer"))
    client.cookies["django_language"] = "en"
    before = _morning_state(day)
    url = reverse("manage_result", args=[day.tournament.slug, day.game.pk])
    prefix = f"g{day.game.pk}"
    for data in (
        {f"{prefix}-version": version, f"{prefix}-result": "B"},
        {f"{prefix}-version": version, "confirm": "1"},
    ):
        for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
            assert client.post(url, data, **htmx).status_code in (200, 302)
    assert _morning_state(day) == before
