"""The PDFs, read back: text, fonts, repeated headers, page orientation."""

from __future__ import annotations

import io

import pytest
from django.utils import translation
from pypdf import PdfReader

from tournament.pdf.crosstable import crosstable_pdf
from tournament.pdf.pairings import pairings_pdf
from tournament.pdf.slips import slips_pdf
from tournament.pdf.standings import standings_pdf
from tournament.standings import overall_standings

from .pdfdata import big_tournament, sheet


@pytest.fixture(autouse=True)
def english():
    """These tests read the English words; the German ones are tested in tests/views/test_round_pages.py."""
    with translation.override("en"):
        yield


def read(pdf: bytes) -> PdfReader:
    assert pdf.startswith(b"%PDF")
    return PdfReader(io.BytesIO(pdf))


def texts(reader: PdfReader) -> list[str]:
    """Each page's text, runs of white space made one space."""
    return [" ".join(page.extract_text().split()) for page in reader.pages]


def embedded_fonts(reader: PdfReader) -> set[str]:
    names = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            for descendant in font.get("/DescendantFonts", [font]):
                d = descendant.get_object()
                desc = d.get("/FontDescriptor")
                if desc is not None and "/FontFile2" in desc.get_object():
                    names.add(str(d["/BaseFont"]).split("+")[-1])
            if "/FontDescriptor" in font and "/FontFile2" in font["/FontDescriptor"].get_object():
                names.add(str(font["/BaseFont"]).split("+")[-1])
    return names


@pytest.fixture(scope="module")
def standings():
    return overall_standings(big_tournament())


def test_standings_pdf_text_fonts_and_repeated_header(standings):
    reader = read(standings_pdf(standings, "Hannover Vielseitigkeitsturnier"))
    pages = texts(reader)
    assert len(pages) >= 2
    for text in pages:  # the header row on every page
        assert "Name" in text and "SOSM" in text and "SOSOSM" in text and "CUSSM" in text
    everything = "\n".join(pages)
    assert "Schröder" in everything and "Łukasiewicz" in everything and "Dvořák" in everything
    assert "山田 太郎" in everything and "東京" in everything
    assert {"DejaVuSans", "DejaVuSans-Bold", "IPAexGothic"} <= embedded_fonts(reader)
    first = standings.rows[0]
    assert f" {first.place_display} {first.entrant.name} " in pages[0]


def test_crosstable_pdf_is_landscape_with_results(standings):
    reader = read(crosstable_pdf(standings, "Hannover Vielseitigkeitsturnier"))
    pages = texts(reader)
    assert len(pages) >= 2
    for page in reader.pages:
        assert float(page.mediabox.width) > float(page.mediabox.height)
    for text in pages:
        assert "R1" in text and "R6" in text and "SOSM" in text
    row = standings.rows[10]
    codes = [c.code for c in row.cells]
    assert all("/" in c for c in codes)
    everything = "\n".join(pages)
    assert " ".join(codes) in everything


def test_pairing_sheet_by_table_and_by_name():
    s = sheet()
    reader = read(pairings_pdf(s))
    pages = texts(reader)
    assert "by table" in pages[0] and "Result" in pages[0]
    assert "Schröder1 Jürgen" in pages[0] and "山田 太郎" in pages[0] and "Ninuki-Renju" in pages[0]
    by_name = "\n".join(p for p in pages if "by name" in p)
    assert "Übrig Ölaf" in by_name and "bye" in by_name
    # the list by name is alphabetical and tells each player their table
    assert by_name.index("Schröder1 Jürgen") < by_name.index("Schröder10 Jürgen") < by_name.index("Übrig")


@pytest.mark.parametrize("record, per_page", [(False, 5), (True, 2)])
def test_result_slips_one_per_table(record, per_page):
    s = sheet(record_required=record, tables=12)
    reader = read(slips_pdf(s))
    pages = texts(reader)
    assert len(pages) == -(-12 // per_page)
    everything = "\n".join(pages)
    for t in range(1, 13):
        assert f"Table {t}" in everything
    assert "Signature" in everything and "山田 太郎" in everything
    assert ("Game record" in everything) is record


def test_fonts_missing_names_the_packages(monkeypatch, tmp_path):
    from tournament.pdf import fonts

    monkeypatch.setattr(fonts, "search_dirs", lambda: [tmp_path])
    with pytest.raises(fonts.FontsMissing, match="fonts-dejavu-core"):
        fonts.find("DejaVuSans.ttf")


def test_font_dir_from_the_environment(monkeypatch, tmp_path):
    from tournament.pdf import fonts

    (tmp_path / "ipaexg.ttf").write_bytes(b"")
    monkeypatch.setenv("VIELSEITIG_FONT_DIR", str(tmp_path))
    assert fonts.find("ipaexg.ttf") == tmp_path / "ipaexg.ttf"
    assert fonts.font_for("山田") == fonts.CJK and fonts.font_for("Müller") == fonts.SANS


def test_the_sheet_by_table_names_the_bye_the_absent_and_the_withdrawn():
    """Issue #21 item 17: the sheet on the wall said nothing of who does not play (only the page by name did)."""
    from dataclasses import replace

    from tournament.pdf.data import SheetPlayer

    s = replace(
        sheet(),
        absent=(SheetPlayer("Abwesend", "Anke", "8k", "Celle", "DE"),),
        withdrawn=(SheetPlayer("Zurückgezogen", "Zora", "2k", "Bremen", "DE"),),
    )
    pages = texts(read(pairings_pdf(s)))
    by_table = "\n".join(p for p in pages if "by table" in p)
    assert "Übrig Ölaf" in by_table and "Abwesend Anke" in by_table and "Zurückgezogen Zora" in by_table
    assert "bye" in by_table and "absent" in by_table and "withdrawn" in by_table


def _words_with_boxes(pdf: bytes, tmp_path) -> list[tuple[str, float, float]]:
    """Every word of the PDF with its right edge and its page's width (pdftotext -bbox)."""
    import re
    import subprocess
    from html import unescape

    path = tmp_path / "doc.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, check=True, text=True).stdout
    words = []
    for page in re.finditer(r'<page width="([\d.]+)".*?</page>', out, re.S):
        width = float(page.group(1))
        for m in re.finditer(
            r'<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">(.*?)</word>', page.group(0)
        ):
            words.append((unescape(m.group(2)), float(m.group(1)), width))
    return words


def test_the_longest_title_stays_on_the_page(tmp_path):
    """Issue #21 item 17: a discipline's standings PDF with the longest names allowed (tournament 200,
    discipline 100 characters): the title wraps or shrinks, every word of it on the page."""
    from dataclasses import replace

    from tournament.models.discipline import Discipline
    from tournament.models.tournament import Tournament

    longest_tournament = Tournament._meta.get_field("name").max_length
    longest_discipline = Discipline._meta.get_field("name").max_length
    tournament = ("Internationales Vielseitigkeitsturnier " * 10)[:longest_tournament].strip()
    discipline = ("Ninuki-Renju Großbrett " * 10)[:longest_discipline].strip()
    standings = replace(overall_standings(big_tournament()), title=discipline)
    pdf = standings_pdf(standings, tournament)
    words = _words_with_boxes(pdf, tmp_path)
    assert words
    off = [(w, x, width) for w, x, width in words if x > width - 20]
    assert not off, off[:5]
    first_page = " ".join(texts(read(pdf))[0].split())
    assert " ".join(tournament.split()) in first_page.replace("- ", "-") or tournament.split()[-1] in first_page
    assert discipline.split()[-1] in first_page


def test_reportlab_runs_with_its_c_accelerator():
    """A congress's result slips are a million numbers and strings written into the PDF: ReportLab's own
    Python fallback for them took more than half the time. The accelerator (rl-accel, in the project's
    dependencies) writes the same bytes; a machine without it would be slower, not wrong."""
    from reportlab.lib import rl_accel

    assert rl_accel._py_funcs == {}, f"pure-Python fallbacks in use: {sorted(rl_accel._py_funcs)}"


@pytest.mark.django_db
@pytest.mark.parametrize("komi, jigo", [("6.5", False), ("7", True), ("0.5", False), ("0", True)])
def test_result_slips_offer_jigo_only_where_the_game_can_end_in_one(komi, jigo):
    """A half point of komi leaves no jigo (the result check refuses it, ``Game.jigo_possible``): its slips
    have no box for it; the other boxes stay."""
    from decimal import Decimal

    from tests.factories import make_discipline, make_player, make_round, make_tournament
    from tournament.models.discipline import DisciplineKind
    from tournament.permissions import SYSTEM
    from tournament.selectors.standings import pairing_sheet
    from tournament.services.rounds import round_pair

    t = make_tournament()
    go = make_discipline(t, DisciplineKind.GO, komi=Decimal(komi), handicap_policy="none")
    for i in range(4):
        make_player(t, surname=f"Spieler{i}")
    round_ = make_round(t, go)
    round_pair(round=round_, user=SYSTEM)
    everything = "\n".join(texts(read(slips_pdf(pairing_sheet(round_)))))
    assert everything.count("Both lose") == everything.count("Both win") == 2
    assert everything.count("Jigo / draw") == (2 if jigo else 0)
    # the komi in the language's decimal mark, on the slips and the sheet ("6,5" in German, not "6.5")
    german = komi.replace(".", ",")
    with translation.override("de"):
        slips = " ".join(" ".join(texts(read(slips_pdf(pairing_sheet(round_))))).split())
        sheet = " ".join(" ".join(texts(read(pairings_pdf(pairing_sheet(round_))))).split())
    assert slips.count(f"Komi {german}") == 2, slips
    assert f" {german} " in sheet and (german == komi or f" {komi} " not in sheet), sheet


def test_a_frozen_tables_long_german_subtitle_stays_on_the_page(tmp_path):
    """The frozen table's note after "nach Runde 10 (10 Runden)" in German is wider than an A4 page in 9
    points: the subtitle is set smaller, every word of it on the page (it once ran past the edge)."""
    import datetime as dt
    from dataclasses import replace

    from django.utils import timezone

    standings = overall_standings(big_tournament(players=20, rounds=10))
    frozen = replace(standings, frozen_at=timezone.make_aware(dt.datetime(2026, 12, 2, 13, 9)))
    with translation.override("de"):
        pdf = standings_pdf(frozen, "Hannover")
    words = _words_with_boxes(pdf, tmp_path)
    off = [(w, x, width) for w, x, width in words if x > width - 20]
    assert not off, off[:5]
    text = " ".join(texts(read(pdf))[0].split())
    assert "nach Runde 10 (10 Runden) · Für die Siegerehrung eingefroren" in text
    assert "Plätze und Punkte wie damals." in text


def test_a_sheet_with_a_hall_plan_and_no_clubs_stays_on_the_page(tmp_path):
    """Long hall names ("Großer Saal im Erdgeschoss, Reihe 4") and players without a club: the sheet's
    columns share the page's width, the last (the result, written in by hand) included. The empty club
    columns once grew to eight letters' width each and pushed "Result" off the page."""
    from dataclasses import replace

    from tournament.pdf.data import SheetPlayer

    def clubless(p: SheetPlayer) -> SheetPlayer:
        return replace(p, club="")

    base = sheet(tables=5)  # with its bye: a column sum a hair over the page once set off the shrinking
    tables = tuple(
        replace(t, black=clubless(t.black), white=clubless(t.white), place=f"Großer Saal im Erdgeschoss, Reihe {n}")
        for n, t in enumerate(base.tables, 1)
    )
    with translation.override("de"):
        pdf = pairings_pdf(replace(base, tables=tables))
    from pypdf.generic import ContentStream

    from tournament.pdf.grid import MARGIN

    words = _words_with_boxes(pdf, tmp_path)
    assert "Ergebnis" in [w for w, _x, _width in words]
    for page in read(pdf).pages:  # the header's band and the rows' stripes end at the right margin
        right = float(page.mediabox.width) - MARGIN
        bands = [o for o, op in ContentStream(page.get_contents(), page.pdf).operations if op == b"re"]
        assert bands and all(float(x) + float(w) <= right + 0.5 for x, _y, w, _h in bands), (right, bands[:3])
