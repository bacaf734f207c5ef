"""The EGD list reader: the columns, the date line, odd lines, umlauts, duplicate PINs, the zip."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.fixtures.egd_list import HEADER, PLAYERS, egd_bytes, egd_line, egd_text, egd_zip
from tournament.files.egd_ratings import RatingListError, read_rating_list, split_name
from tournament.ranks import parse_rank

pytestmark = pytest.mark.usefixtures("english")


def test_columns_and_date():
    data = read_rating_list(egd_bytes())
    assert data.date == dt.date(2024, 3, 14)
    assert data.problems == [] and data.anonymous == 0
    assert [(e.number, e.surname, e.given_name, e.country, e.club, e.grade, e.rating) for e in data.entries] == [
        ("12345678", "Müller", "Jürgen", "DE", "Hann", "3k", 1800),
        ("12345679", "Mueller", "Anna", "DE", "Brem", "1d", 2110),
        ("22334455", "van der Berg", "Jan Willem", "NL", "Amst", "5d", 2480),
        ("33445566", "Abad", "Jahin", "FR", "38GJ", "20k", 15),
        ("44556677", "Çelik", "Ömer", "TR", "Ist", "2k", 1905),
    ]
    assert data.entries[0].rank == parse_rank("3k") and data.entries[0].line == 5


@pytest.mark.parametrize(
    "line,date",
    [
        (" All World List (14 Mar 2024)", dt.date(2024, 3, 14)),
        ("Stand: 02.01.2025", dt.date(2025, 1, 2)),
        ("generated 2025-11-30 03:00", dt.date(2025, 11, 30)),
        ("(1 September 2023)", dt.date(2023, 9, 1)),
    ],
)
def test_the_date_line_in_several_spellings(line, date):
    assert read_rating_list(egd_text(header=[line])).date == date


def test_no_date_line_is_reported_not_fatal():
    data = read_rating_list(egd_text(header=["European Go Database"]))
    assert data.date is None and len(data.entries) == len(PLAYERS)
    assert data.problems == ["The list has no date line; it is kept without a date."]


def test_a_date_after_the_players_is_not_the_lists():
    data = read_rating_list(egd_text(header=["no date here"], extra=["printed 01.01.2030"]))
    assert data.date is None


def test_odd_lines_are_reported_and_skipped():
    odd = [
        " 1234567  Short Pin                              DE  Hann    3k   --     1800     3  T1",
        " 55555555  garbage",
        egd_line("66666666", "Kaputt Karl", "DE", "Hann", "3x", 1800),
    ]
    data = read_rating_list(egd_text(extra=odd))
    assert len(data.entries) == len(PLAYERS)  # the good lines are all there
    assert data.problems == [
        "Line 10: “1234567” is no EGD PIN (eight digits); skipped.",
        "Line 11 (PIN 55555555): the columns cannot be read; skipped.",
        "Line 12 (PIN 66666666): the columns cannot be read; skipped.",
    ]


def test_a_line_off_its_columns_is_read_by_its_words():
    """A name longer than its column pushes the rest to the right: read by words, as pairgoth does."""
    long = " 77777777  Wolfeschlegelsteinhausenbergerdorff Hubert Blaine DE  Hann   4k   --     1700     9  T2"
    data = read_rating_list(egd_text(extra=[long]))
    entry = data.entries[-1]
    assert (entry.surname, entry.given_name, entry.country, entry.club, entry.grade, entry.rating) == (
        "Wolfeschlegelsteinhausenbergerdorff",
        "Hubert Blaine",
        "DE",
        "Hann",
        "4k",
        1700,
    )
    assert data.problems == []


def test_umlauts_in_utf8_latin9_and_html_entities():
    for data in (egd_bytes(), egd_bytes(encoding="iso-8859-15")):
        names = [(e.surname, e.given_name) for e in read_rating_list(data).entries]
        assert ("Müller", "Jürgen") in names and ("Çelik", "Ömer") in names
    entity = egd_line("88888888", "Koenig Max", "DE", "Hann", "3k", 1800).replace("Koenig", "K&ouml;nig")
    entity = entity.replace("Max   ", "Max")  # the entity's five extra characters are not in the columns once read
    data = read_rating_list(egd_text(extra=[entity]))
    assert (data.entries[-1].surname, data.entries[-1].given_name) == ("König", "Max")


def test_duplicate_pins_keep_the_first():
    twice = egd_line("12345678", "Müller Jürgen Zwei", "DE", "Hann", "2k", 1900)
    data = read_rating_list(egd_text(extra=[twice]))
    (entry,) = [e for e in data.entries if e.number == "12345678"]
    assert (entry.given_name, entry.grade) == ("Jürgen", "3k")
    assert data.problems == ["Line 10: the PIN 12345678 was on line 5 already; the first one is kept."]


def test_anonymous_players_are_skipped_and_counted():
    anonymous = [
        " 99999990  Anonymous                              DE  Hann    3k   --     1800     3  T1",
        " 99999991  (undefined)                            DE  Hann    3k   --     1800     3  T1",
    ]
    data = read_rating_list(egd_text(extra=anonymous))
    assert data.anonymous == 2 and data.problems == [] and len(data.entries) == len(PLAYERS)


def test_the_zip_as_the_egd_publishes_it():
    data = read_rating_list(egd_zip(egd_bytes()))
    assert len(data.entries) == len(PLAYERS) and data.date == dt.date(2024, 3, 14)


def test_something_else_is_refused():
    with pytest.raises(RatingListError, match="No player could be read"):
        read_rating_list(b"<html><body>Not found</body></html>")
    with pytest.raises(RatingListError, match="zip file cannot be read"):
        read_rating_list(b"PK\x03\x04broken")
    assert HEADER  # the header alone is no list
    with pytest.raises(RatingListError):
        read_rating_list("\n".join(HEADER))


@pytest.mark.parametrize(
    "text,parts",
    [
        ("Müller Jürgen", ("Müller", "Jürgen")),
        ("van der Berg Jan Willem", ("van der Berg", "Jan Willem")),
        ("De Rijk Peter", ("De Rijk", "Peter")),
        ("Mono", ("Mono", "")),
        ("Abad, Jahin", ("Abad", "Jahin")),
    ],
)
def test_split_name(text, parts):
    assert split_name(text) == parts


def test_a_gor_of_twenty_digits_is_an_odd_line_not_a_number_for_the_database():
    """Read by its words, the GoR was any number of digits: the database's integer overflowed (PostgreSQL)."""
    huge = " 77777778  Riesig Rudi                                          DE  Hann   4k   --   " + "9" * 20
    data = read_rating_list(egd_text(extra=[huge]))
    assert len(data.entries) == len(PLAYERS)
    assert data.problems == ["Line 10 (PIN 77777778): the columns cannot be read; skipped."]
