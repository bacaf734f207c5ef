"""One vocabulary for the small facts every page, PDF, CSV, API answer and export shares.

- a person's name: ``Surname Given`` wherever people are listed (tables, lists, PDFs, files, the API),
  ``Given Surname`` where one person is named in a sentence or a heading
  (:mod:`tournament.names`);
- a game's result: the site's letters and every other spelling of them (:mod:`tournament.result_codes`),
  no bare ``"?"`` and no map of winners anywhere else;
- a moment of the tournament: in the tournament's time zone (:mod:`tournament.local_time`);
- a value the audit log keeps: one ``audit_value`` (:mod:`tournament.services.audit`).
"""

from __future__ import annotations

import ast
import io
import json
import re
from pathlib import Path

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournament.models import Registration, Round
from tournament.models.game import Result, ResultState

pytestmark = pytest.mark.usefixtures("english_visitor")

ROOT = Path(__file__).resolve().parents[2]


def _pdf(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def _table(html: str, marker: str) -> str:
    """The first ``<table>`` after ``marker`` in the page."""
    rest = html.split(marker, 1)[1]
    return rest[rest.index("<table") : rest.index("</table>")]


# ---- a person's name ---------------------------------------------------------------------------------


@pytest.fixture
def settled(day):
    """Round 1 with its results confirmed: standings and crosstable have every player."""
    day.game.result, day.game.result_state = Result.BLACK, ResultState.CONFIRMED
    day.game.save()
    day.game2.result, day.game2.result_state = Result.WHITE, ResultState.CONFIRMED
    day.game2.save()
    return day


def test_the_standings_page_and_the_crosstable_pdf_name_players_alike(settled, client):
    players = list(settled.tournament.registrations.all())
    page = client.get(reverse("standings", args=["hannover"])).content.decode()
    crosstable = client.get(reverse("crosstable", args=["hannover"])).content.decode()
    pdfs = {
        name: _pdf(client.get(reverse(name, args=["hannover"])).content) for name in ("pdf_standings", "pdf_crosstable")
    }
    for reg in players:
        listed = f"{reg.surname} {reg.given_name}"
        assert f'<td class="name">{listed}</td>' in _table(page, "standings-live"), listed
        assert f'<td class="name">{listed}</td>' in _table(crosstable, "<h1"), listed
        for name, text in pdfs.items():
            assert listed in text, (name, listed)


def test_every_list_of_players_names_them_surname_first(settled, client):
    """The tables of the public pages, the organizer's and the referee's, the PDFs, the API: ``Albers Alice``."""
    settled.game.result, settled.game.result_state = Result.UNKNOWN, ResultState.DISPUTED  # the referee's queue
    settled.game.save()
    client.force_login(settled.user("organizer"))
    pages = {
        name: client.get(reverse(name, args=["hannover", *args])).content.decode()
        for name, args in [
            ("round", [1]),
            ("players", []),
            ("projector", []),
            ("standings", []),
            ("crosstable", []),
            ("manage_round", [1]),
            ("manage_results", []),
            ("manage_registrations", []),
            ("referee_queue", []),
        ]
    }
    for name, html in pages.items():
        assert "Albers Alice" in html and "Albers, Alice" not in html, name
    for name in ("round", "players", "projector", "standings", "crosstable", "manage_round", "manage_results"):
        assert "Alice Albers" not in _table(pages[name], "<h1"), name
    sheet = _pdf(client.get(reverse("pdf_pairings", args=["hannover", 1])).content)
    assert "Albers Alice" in sheet and "Bauer Bob" in sheet
    api = json.loads(client.get("/api/v1/tournaments/hannover/rounds/1/").content)
    assert api["games"][0]["black"]["name"] == "Albers Alice"
    assert "Albers Alice" in str(client.get(reverse("csv_standings", args=["hannover"])).content.decode()).replace(
        ",", " "
    )


def test_a_person_named_on_their_own_is_given_name_first(settled, client):
    """A sentence or a heading about one person: ``Alice Albers``."""
    alice = settled.tournament.registrations.get(surname="Albers")
    assert alice.spoken_name == "Alice Albers"
    client.force_login(settled.user("alice"))
    page = client.get(reverse("my_tournament", args=["hannover"])).content.decode()
    assert "Alice Albers" in page and "Bob Bauer" in page  # "You play … against Bob Bauer"


def test_the_one_display_name_in_the_pure_layers_and_on_the_models():
    from tournament.names import display_name, spoken_name
    from tournament.pdf.data import SheetPlayer
    from tournament.standings.model import Entrant

    assert display_name("Müller", "Jürgen") == "Müller Jürgen" and spoken_name("Müller", "Jürgen") == "Jürgen Müller"
    assert display_name("Müller", "") == "Müller" and spoken_name("", "Jürgen") == "Jürgen"
    assert Entrant(id=1, surname="Müller", given_name="Jürgen", rank=0).name == "Müller Jürgen"
    assert SheetPlayer("Müller", "Jürgen").name == "Müller Jürgen"
    reg = Registration(surname="Müller", given_name="Jürgen")
    assert str(reg) == reg.display_name == "Müller Jürgen" and reg.spoken_name == "Jürgen Müller"


def _source_files(*folders: str, suffixes=(".py",)) -> list[Path]:
    return [
        p
        for folder in folders
        for p in sorted((ROOT / folder).rglob("*"))
        if p.suffix in suffixes and "/migrations/" not in p.as_posix()
    ]


def test_names_are_put_together_only_in_tournament_names():
    """No ``f"{surname} {given}"`` outside :mod:`tournament.names`: every page, PDF, file and message asks it."""
    joined = re.compile(r"\{+[^{}]*(surname|given)[^{}]*\}+[ ,]+\{+[^{}]*(surname|given)[^{}]*\}+")
    found = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in _source_files("tournament", "templates", suffixes=(".py", ".html"))
        if p.name != "names.py"
        for n, line in enumerate(p.read_text().splitlines(), 1)
        if joined.search(line)
    ]
    assert found == [], "put names together with tournament.names (display_name, spoken_name)"
    old = [
        f"{p.relative_to(ROOT)}"
        for p in _source_files("tournament", "templates", "tests", suffixes=(".py", ".html"))
        if p.name != "test_vocabulary.py" and "full_name" in p.read_text()
    ]
    assert old == [], "full_name is gone: display_name or spoken_name"


# ---- result codes ------------------------------------------------------------------------------------

#: Where a ``"?"`` means something other than "no result yet", found by a piece of its line.
OTHER_QUESTION_MARKS = {
    'nargs="?"': "argparse: an optional argument",
    'else "?" for ch in text': "a character that Latin-9 cannot write",
    'row.get("model", "?")': "a backup's row without a model",
    '.get("loc", ["", "?"])': "a JSON error without a location",
    'seat.get("black") or "?"': "an audit entry without a player's name",
    'seat.get("white") or "?"': "an audit entry without a player's name",
    "self.published or '?'": "a rating list without a date",
    'f"{request.path}?{query.urlencode()}"': "a URL's query",
    '.split("?")[0]': "a URL without its query (the published copy's links)",
    'url.partition("?")': "a URL's query (the published copy's site map)",
    '(f"?{scope}" if scope else "")': "a URL's query (the published copy's site map)",
    'spoken_name(surname, given) or "?"': "a file's player without a name, in an error message",
    'spoken_name(player.surname, player.given_name)[:80] or "?"': "a file's player without a name, in an error message",
    '(round_el.text or "").strip() or "?"': "an empty round number, in an error message",
    'WhiteFirst = Literal["1-0", "0-1", "=", "0-0", "1-1", "?",': "the API schema's enum of a stable contract, written out",
    'BlackFirst = Literal["1-0", "0-1", "½-½", "0-0", "1-1", "?",': "the API schema's enum, written out",
}


def _question_marks(path: Path) -> list[tuple[int, str]]:
    lines = path.read_text().splitlines()
    return [
        (node.lineno, lines[node.lineno - 1].strip())
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Constant) and node.value == "?"
    ]


def test_no_bare_question_mark_for_no_result_outside_result_codes():
    found = [
        f"{p.relative_to(ROOT)}:{line}: {text}"
        for p in _source_files("tournament")
        if p.name != "result_codes.py"
        for line, text in _question_marks(p)
        if not any(snippet in text for snippet in OTHER_QUESTION_MARKS)
    ]
    assert found == [], "write Result.UNKNOWN (tournament.result_codes.UNKNOWN in the pure layers)"


def test_the_scan_finds_a_bare_question_mark(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('games.filter(result="?")\nx = "what?"\n')
    assert _question_marks(bad) == [(1, 'games.filter(result="?")')]


def _winner_maps(path: Path) -> list[int]:
    """Lines of dict displays that map the colours to results (or back): ``{"black": Result.BLACK, ...}``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Dict):
            parts = [ast.unparse(x) for x in [*node.keys, *node.values] if x is not None]
            colours = {p for p in parts if p in ("'black'", "'white'")}
            results = [p for p in parts if p in ("'B'", "'W'") or re.fullmatch(r"(Result|codes)\.(BLACK|WHITE)", p)]
            if colours and results:
                found.append(node.lineno)
    return found


def test_winners_and_result_spellings_only_in_result_codes():
    found = [
        f"{p.relative_to(ROOT)}:{line}"
        for p in _source_files("tournament")
        if p.name != "result_codes.py"
        for line in _winner_maps(p)
    ]
    assert found == [], "ask tournament.result_codes (winner, outcome, ...)"


def test_the_scan_finds_a_winner_map(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('x = {"black": "B", "white": "W"}.get(outcome)\ny = {"black": 1}\n')
    assert _winner_maps(bad) == [1]


def test_the_pairings_results_turn_into_codes_in_one_place():
    """The site's codes and the pairing's results (OpenGotha's letters) meet in ``pairing.model`` alone:
    ``RESULT_OF_CODE`` and its inverse ``CODE_OF_RESULT``; nobody turns the map round again."""
    from tournament.pairing.model import CODE_OF_RESULT, RESULT_OF_CODE

    assert {code: RESULT_OF_CODE[code] for code in CODE_OF_RESULT.values()} == RESULT_OF_CODE
    inverted = re.compile(r"for \w+, \w+ in [\w.]*(RESULT_OF_CODE|OPENGOTHA|BLACK_FIRST|WHITE_FIRST|SGF)\.items\(\)")
    found = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in _source_files("tournament")
        if p.name not in ("result_codes.py", "model.py")
        for n, line in enumerate(p.read_text().splitlines(), 1)
        if inverted.search(line)
    ]
    assert found == [], "ask tournament.pairing.model.CODE_OF_RESULT"


def test_the_stored_results_are_the_codes():
    from tournament import result_codes as codes
    from tournament.pairing.model import RESULT_OF_CODE

    assert [r.value for r in Result] == list(codes.CODES)
    assert set(RESULT_OF_CODE) == set(codes.CODES)
    assert codes.winner("black") == Result.BLACK and codes.winner("white") == Result.WHITE
    assert codes.of_outcome("draw") == Result.DRAW and codes.of_outcome(None) is None


# ---- the tournament's time zone ----------------------------------------------------------------------


def test_a_rounds_start_is_the_tournaments_local_time_on_every_page_pdf_and_in_the_api(day, client):
    """A tournament in Tokyo, on a site in Berlin: 10:00 in Tokyo everywhere (the API with its offset)."""
    import datetime as dt
    import zoneinfo

    day.tournament.time_zone = "Asia/Tokyo"
    day.tournament.save()
    Round.objects.filter(pk=day.round1.pk).update(
        starts_at=dt.datetime(2026, 11, 28, 10, 0, tzinfo=zoneinfo.ZoneInfo("Asia/Tokyo"))
    )
    page = client.get(reverse("round", args=["hannover", 1])).content.decode()
    assert "28 Nov 2026, 10:00" in page
    sheet = _pdf(client.get(reverse("pdf_pairings", args=["hannover", 1])).content)
    assert "28 Nov 2026, 10:00" in sheet
    api = json.loads(client.get("/api/v1/tournaments/hannover/").content)
    assert api["rounds"][0]["start"] == "2026-11-28T10:00:00+09:00"
    client.force_login(day.user("organizer"))
    programme = client.get(reverse("manage_programme", args=["hannover"])).content.decode()
    assert "Sat 28 Nov, 10:00" in programme


def test_every_moment_of_the_tournament_is_shown_at_its_place(day, client):
    """A tournament in Tokyo, on a site in Berlin: the audit log (its page, the organizer's dashboard, a
    game's history), a game's report and the referee's live boards show Tokyo's clock, not Berlin's."""
    import datetime as dt

    from tournament.models import AuditEntry, LiveRecord

    day.tournament.time_zone = "Asia/Tokyo"
    day.tournament.save()
    moment = dt.datetime(2026, 11, 28, 1, 7, tzinfo=dt.UTC)  # 10:07 in Tokyo, 02:07 in Berlin
    entry = AuditEntry.objects.create(
        tournament=day.tournament, action="game.result", object_type="game", object_id=day.game.pk, after={}
    )
    AuditEntry.objects.filter(pk=entry.pk).update(created_at=moment)
    Game = type(day.game)
    Game.objects.filter(pk=day.game.pk).update(reported_at=moment, reported_by=day.user("alice"))
    LiveRecord.objects.create(game=day.game)
    LiveRecord.objects.filter(game=day.game).update(updated_at=moment)
    client.force_login(day.user("organizer"))
    pages = {
        "audit_log": client.get(reverse("audit_log", args=["hannover"])),
        "manage": client.get(reverse("manage", args=["hannover"])),
        "game": client.get(reverse("game", args=["hannover", day.game.pk])),
        "referee_live": client.get(reverse("referee_live", args=["hannover"])),
    }
    for name, response in pages.items():
        html = response.content.decode()
        assert response.status_code == 200, name
        assert "10:07" in html and "02:07" not in html, name


#: Templates that show a moment in the site's time zone, and why.
SITE_MOMENTS = {
    "site_ratings.html": "a rating list of the whole site, imported on the site's clock",
    "_rating_list.html": "a rating list, the site's or the tournament's, imported on the site's clock",
}


def test_templates_show_a_moment_at_the_tournaments_place():
    """A moment (``…_at``) in a template goes through the ``local_time`` filter before ``date`` or ``time``."""
    pattern = re.compile(r"[\w.]*(_at|\.at)\|(date|time):")
    found = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in _source_files("templates", suffixes=(".html",))
        if p.name not in SITE_MOMENTS
        for n, line in enumerate(p.read_text().splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == [], "{{ moment|local_time:tournament|date:... }}"


def test_the_tournaments_zone_is_resolved_only_in_local_time():
    """``zoneinfo`` (a zone, the list of zones) and ``localtime`` only in :mod:`tournament.local_time`."""
    pattern = re.compile(r"zoneinfo|ZoneInfo\(|localtime\(|\|timezone:|\{% timezone ")
    found = [
        f"{p.relative_to(ROOT)}:{n}"
        for p in _source_files("tournament", "templates", suffixes=(".py", ".html"))
        if p.name != "local_time.py"
        for n, line in enumerate(p.read_text().splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == [], "ask tournament.local_time"


# ---- audit values ------------------------------------------------------------------------------------


def test_one_audit_value():
    import datetime as dt
    from decimal import Decimal

    from tournament.services.audit import audit_value

    writers = [*_source_files("tournament/services"), ROOT / "tournament/admin.py"]
    definitions = [
        f"{p.relative_to(ROOT)}"
        for p in _source_files("tournament")
        if re.search(r"^def audit_value\b", p.read_text(), re.M)
        or (p in writers and re.search(r"^def (_plain|_audit)\b", p.read_text(), re.M))
    ]
    assert definitions == ["tournament/services/audit.py"]
    assert audit_value("rank", -3) == "3k" and audit_value("mcmahon_bar", 0) == "1d"
    assert (
        audit_value("komi", Decimal("6.5")) == "6.5"
        and audit_value("start_date", dt.date(2026, 11, 28)) == "2026-11-28"
    )
    assert audit_value("starts_at", dt.datetime(2026, 11, 28, 9, 0, tzinfo=dt.UTC)) == "2026-11-28T09:00:00+00:00"
    assert audit_value("absent_rounds", [2, 3]) == [2, 3] and audit_value("rating", None) is None
    assert audit_value("handicap", 3) == 3 and audit_value("by_default", True) is True
