"""Bad input through the real entry points: no crash, only clear errors.

Hypothesis feeds any text and any bytes to the record parsers of every
discipline, the result-report form (pasted records and uploaded SGF files),
the OpenGotha reader and the CSV player import.
"""

from __future__ import annotations

import string

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.shared import needs_shared, shared
from tournament.engines import RecordUnreadable, check_claim, replay_record
from tournament.files.opengotha import OpenGothaFormatError, read_tournament
from tournament.forms.registrations import MAX_PLAYER_LIST, PlayerImportForm
from tournament.forms.results import MAX_RECORD, ReportForm
from tournament.models import Discipline, Registration
from tournament.models.discipline import DisciplineKind
from tournament.services.file_import import PlayerImportError
from tournament.services.players import players_import_csv

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
OPENGOTHA = shared("opengotha")

#: Text that looks like a record: coordinates, SGF brackets, numbers, junk.
record_alphabet = string.ascii_letters + string.digits + " \n\t.,;()[]:\\-+#\u00e4\u4e00\x00"
record_text = st.one_of(
    st.text(max_size=400),
    st.text(alphabet=record_alphabet, max_size=400),
    st.lists(
        st.sampled_from(
            [
                "K10",
                "k9",
                "T19",
                "Z99",
                "A0",
                "pass",
                "1.",
                "(;",
                "GM[1]",
                "SZ[19]",
                "SZ[0]",
                "SZ[99]",
                ";B[jj]",
                ";W[tt]",
                ";B[]",
                "AB[aa][bb]",
                "HA[9]",
                "KM[x]",
                ")",
                "[",
                "\\]",
                "B[zz]",
            ]
        ),
        max_size=60,
    ).map(" ".join),
)


def _discipline(kind, size, rule_set=""):
    return Discipline(name=str(kind), kind=kind, board_size=size, rule_set=rule_set, komi=7)


DISCIPLINES = [
    _discipline(DisciplineKind.NINUKI, 19, "hannover"),
    _discipline(DisciplineKind.NINUKI, 15, "hannover"),
    _discipline(DisciplineKind.GO, 9),
    _discipline(DisciplineKind.GO, 19),
    _discipline(DisciplineKind.KEIMA, 9),
    _discipline(DisciplineKind.VOLT, 9),
]


# --- game records, every discipline --------------------------------------------------


@pytest.mark.parametrize("discipline", DISCIPLINES, ids=lambda d: f"{d.kind}{d.board_size}")
@FUZZ
@given(text=record_text, result=st.sampled_from(["B", "W", "D"]), handicap=st.integers(0, 9))
@example(text="(;GM[1]SZ[19]" + ";B[aa]" * 500, result="B", handicap=0)
@example(text="(" * 5000, result="W", handicap=0)
@example(text="K10 " * 3000, result="B", handicap=0)
def test_records_of_every_discipline(discipline, text, result, handicap):
    try:
        replay = replay_record(discipline=discipline, record=text, handicap=handicap)
    except RecordUnreadable as exc:
        assert str(exc)
        return
    assert replay.position(0).number == 0 and replay.position().number == replay.moves
    assert replay.size in range(2, 26)
    check = check_claim(discipline=discipline, record=text, result=result, handicap=handicap)
    assert check.message if not check.agrees else True


def test_ninuki_and_go_parsers_directly():
    """The parsers of :mod:`games` raise their own ValueError subclasses, nothing else."""
    from games.go.record import RecordError, parse_record
    from games.ninuki.notation import NotationError, parse

    @FUZZ
    @given(text=record_text, size=st.integers(1, 30))
    def check(text, size):
        try:
            parse(text, size)
        except NotationError:
            pass
        try:
            parse_record(text)
        except (RecordError, ValueError):
            pass

    check()


# --- the result-report form: pasted records and uploaded files -----------------------


@pytest.fixture
def report_game(day):
    return day.game  # Ninuki, record required, alice (Black) against bob


def _report(game, data, files=None):
    return ReportForm({"version": game.version, "result": "B", **data}, files or {}, game=game)


@FUZZ
@given(raw=st.one_of(st.binary(max_size=3000), st.text(max_size=500).map(lambda t: t.encode("utf-16"))))
@example(raw=b"\xff\xfe\x00\x00garbage")
@example(raw=b"(;GM[1]SZ[19];B[jj];W[ji])")
@example(raw="(;GM[1]SZ[19]C[Grüße];B[jj])".encode("latin-1"))
def test_uploaded_sgf_bytes(report_game, raw):
    form = _report(report_game, {}, {"sgf_file": SimpleUploadedFile("game.sgf", raw)})
    if form.is_valid():
        assert isinstance(form.cleaned_data["record"], str)
    else:
        assert set(form.errors) <= {"sgf_file", "record", "__all__"}


def test_uploaded_file_too_large_is_refused_next_to_the_field(report_game):
    form = _report(report_game, {}, {"sgf_file": SimpleUploadedFile("big.sgf", b"(" * (MAX_RECORD + 1))})
    assert not form.is_valid()
    assert "sgf_file" in form.errors and "KB" in form.errors["sgf_file"][0]


@pytest.mark.django_db
@FUZZ
@given(text=record_text)
def test_report_through_the_site(client, day, text):
    """The whole way: form, replay, service; every answer is a page (200, 302, 422; 400 for a NUL byte), never a crash."""
    client.force_login(day.user("alice"))
    url = reverse("game_report", args=[day.tournament.slug, day.game.pk])
    with transaction.atomic():
        response = client.post(url, {"version": day.game.version, "result": "B", "record": text})
        transaction.set_rollback(True)  # every example starts from the same pending game
    assert response.status_code in (200, 302, 400, 422), response.status_code
    if response.status_code != 302:
        assert b'role="alert"' in response.content or b"errorlist" in response.content


@pytest.mark.django_db
@FUZZ
@given(raw=st.binary(max_size=2000))
def test_report_upload_through_the_site(client, day, raw):
    client.force_login(day.user("alice"))
    url = reverse("game_report", args=[day.tournament.slug, day.game.pk])
    with transaction.atomic():
        response = client.post(
            url, {"version": day.game.version, "result": "B", "sgf_file": SimpleUploadedFile("g.sgf", raw)}
        )
        transaction.set_rollback(True)
    assert response.status_code in (200, 302, 400, 422), response.status_code


def test_huge_upload_through_the_site(client, day):
    client.force_login(day.user("alice"))
    url = reverse("game_report", args=[day.tournament.slug, day.game.pk])
    response = client.post(
        url,
        {"version": 0, "result": "B", "sgf_file": SimpleUploadedFile("g.sgf", b"(;B[aa]" * 400_000)},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 413 and "Too much data" in response.content.decode()  # before parsing
    day.game.refresh_from_db()
    assert day.game.version == 0  # nothing half-saved


def test_huge_pasted_record_is_refused(client, day):
    """More than DATA_UPLOAD_MAX_MEMORY_SIZE (2 MiB) of form fields: refused with a page that says why (413)."""
    client.force_login(day.user("alice"))
    url = reverse("game_report", args=[day.tournament.slug, day.game.pk])
    response = client.post(url, {"version": 0, "result": "B", "record": "K10 " * 700_000}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 413 and "larger than the site accepts (2048 KB)" in response.content.decode()
    day.game.refresh_from_db()
    assert day.game.version == 0


# --- OpenGotha files -------------------------------------------------------------


def _opengotha_files():
    return sorted(OPENGOTHA.glob("*.xml")) if OPENGOTHA.is_dir() else []


@FUZZ
@given(raw=st.binary(max_size=2000))
@example(raw=b"")
@example(raw=b"<Tournament/>")
@example(raw=b"<?xml version='1.0' encoding='nope'?><Tournament/>")
def test_opengotha_random_bytes(raw):
    try:
        read_tournament(raw)
    except OpenGothaFormatError as exc:
        assert str(exc)


@needs_shared("opengotha")
def test_opengotha_truncated_real_files():
    for path in _opengotha_files():
        data = path.read_bytes()
        assert read_tournament(data).players  # the whole file reads
        for cut in range(0, len(data), max(1, len(data) // 60)):
            try:
                read_tournament(data[:cut])
            except OpenGothaFormatError as exc:
                assert str(exc)


@needs_shared("opengotha")
def test_opengotha_bad_attribute_values():
    """Every attribute of a real file, set to a value that is no number, no rank, no name."""
    import re

    crashes = set()
    for path in _opengotha_files()[:2]:
        text = path.read_text("utf-8")
        first = {}
        for match in re.finditer(r'(\w+)="([^"]*)"', text):
            first.setdefault(match.group(1), match)
        for name, match in first.items():
            for value in ("abc", "", "-1", "1e999"):
                mutated = text[: match.start(2)] + value + text[match.end(2) :]
                try:
                    read_tournament(mutated.encode())
                except OpenGothaFormatError as exc:
                    assert str(exc)
                except Exception as exc:  # noqa: BLE001 - collected for the message
                    crashes.add(f"{name}={value!r}: {type(exc).__name__}: {exc}")
    assert not crashes, sorted(crashes)


BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol9 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
]>
<Tournament><TournamentParameterSet><GeneralParameterSet name="&lol9;"/></TournamentParameterSet></Tournament>"""

EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE t [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<Tournament><TournamentParameterSet><GeneralParameterSet name="&secret;"/></TournamentParameterSet></Tournament>"""


@pytest.mark.parametrize("document", [BILLION_LAUGHS, EXTERNAL_ENTITY], ids=["billion-laughs", "external-entity"])
def test_opengotha_entities_are_refused(document):
    with pytest.raises(OpenGothaFormatError) as info:
        read_tournament(document)
    assert "refused" in str(info.value).lower() or "entit" in str(info.value).lower()
    assert "root:" not in str(info.value)


# --- the CSV player list ---------------------------------------------------------------

csv_cell = st.text(alphabet=string.ascii_letters + string.digits + "äöüß -@.\"';,\t", max_size=15)
csv_text = st.one_of(
    st.text(max_size=300),
    st.lists(st.lists(csv_cell, min_size=0, max_size=9).map(";".join), max_size=8).map("\n".join),
    st.lists(
        st.tuples(
            csv_cell,
            csv_cell,
            csv_cell,
            st.sampled_from(["DE", "de", "XX", "", "Deutschland"]),
            st.sampled_from(["5k", "1d", "31k", "10p", "", "abc"]),
            st.sampled_from(["", "12345678", "1234", "abcdefgh"]),
            st.sampled_from(["", "a@b.de", "nope"]),
        ).map(",".join),
        max_size=6,
    ).map("\n".join),
)


@pytest.mark.django_db
@FUZZ
@given(text=csv_text)
@example(text="surname,given name\n")
@example(text='"unclosed\n')
@example(text=";")
@example(text=",,,\n;;\n")
def test_csv_import_any_text(day, text):
    before = Registration.objects.count()
    try:
        with transaction.atomic():
            registrations = players_import_csv(tournament=day.tournament, data=text, user=day.user("organizer"))
            assert Registration.objects.count() == before + len(registrations)
            transaction.set_rollback(True)
    except PlayerImportError as exc:
        assert exc.messages and all(m for m in exc.messages)
        assert Registration.objects.count() == before  # all or nothing


@pytest.mark.django_db
@FUZZ
@given(raw=st.binary(max_size=1500))
def test_csv_import_any_bytes_through_the_site(client, day, raw):
    client.force_login(day.user("organizer"))
    url = reverse("manage_players_import", args=[day.tournament.slug])
    with transaction.atomic():
        response = client.post(url, {"file": SimpleUploadedFile("players.csv", raw), "confirmed": "on"})
        transaction.set_rollback(True)
    assert response.status_code in (200, 302, 400, 422)


def test_csv_import_all_or_nothing_with_errors_by_line(client, day):
    client.force_login(day.user("organizer"))
    url = reverse("manage_players_import", args=[day.tournament.slug])
    text = (
        "Nachname;Vorname;Verein;Land;Rang;EGD PIN;E-Mail\n"
        "Neumann;Nina;Hannover;DE;5k;12345678;nina@example.org\n"
        "Ohne;Rang;Hannover;DE;;;\n"
        "Falsch;Pin;Hamburg;DE;3k;123;\n"
    )
    before = Registration.objects.count()
    response = client.post(url, {"file": SimpleUploadedFile("p.csv", text.encode()), "confirmed": "on"})
    assert response.status_code == 422
    assert Registration.objects.count() == before
    problems = response.context["problems"]
    assert any(p.startswith(("Zeile 3", "Line 3")) for p in problems), problems
    assert any(p.startswith(("Zeile 4", "Line 4")) and "EGD" in p for p in problems), problems
    assert response.context["form"].errors["file"]
    # corrected, it goes in whole
    fixed = text.replace("Ohne;Rang;Hannover;DE;;;", "Ohne;Rang;Hannover;DE;20k;;").replace(";123;", ";;")
    response = client.post(url, {"file": SimpleUploadedFile("p.csv", fixed.encode("cp1252")), "confirmed": "on"})
    assert response.status_code == 302
    assert Registration.objects.count() == before + 3
    assert Registration.objects.filter(surname="Neumann", status="confirmed").exists()


def test_csv_upload_size_limit(client, day):
    client.force_login(day.user("organizer"))
    url = reverse("manage_players_import", args=[day.tournament.slug])
    big = b"A;B;C;DE;5k;;\n" * (MAX_PLAYER_LIST // 14 + 10)
    response = client.post(url, {"file": SimpleUploadedFile("p.csv", big)})
    assert response.status_code == 200
    assert "KB" in response.context["form"].errors["file"][0]
    form = PlayerImportForm({}, {"file": SimpleUploadedFile("p.csv", big)})
    assert not form.is_valid() and "file" in form.errors
