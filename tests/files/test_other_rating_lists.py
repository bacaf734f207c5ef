"""The FFG's échelle and the AGA's TD list, read into the EGD reader's shape.

Samples written here in the published layouts (tests/fixtures/other_lists.py). The FFG format is the one
OpenGotha's ``RatingList.parseFile`` (``TYPE_FFG``: columns 0-38 name, 38-43 rating, 44 licence status,
46-53 licence, 54-58 club, 59-61 country; the date after ``Echelle au``) and pairgoth's
``FFGRatingsHandler`` (the same line by its words, the date ``d/MM/yyyy`` of ``#Echelle au``) read; the
FFG's rating is the EGD's minus 2050 (OpenGotha's ``RatedPlayer.getStdRating``). The AGA format is the
tab-separated ``TDListA.txt`` OpenGotha reads (``TYPE_AGA``: name ``Surname, Given``, AGA ID, membership
type, rating, expiry, club; ``Forgn`` members have no country, others are ``US``), with OpenGotha's
conversion of the AGA's rating (hundredths + 1950 from 1.00, + 2150 from -1.00).
"""

from __future__ import annotations

import datetime as dt

import pytest

from tests.fixtures.other_lists import AGA_PLAYERS, FFG_PLAYERS, aga_line, aga_text, ffg_line, ffg_text
from tournament.files.aga_ratings import read_aga_list
from tournament.files.ffg_ratings import read_ffg_list
from tournament.files.rating_list import ID_FIELDS, KINDS, RatingListError, aga_rating, ffg_rating, text_of
from tournament.files.ratings import read_list
from tournament.ranks import parse_rank

pytestmark = pytest.mark.usefixtures("english")


def _plain(entries):
    return [(e.number, e.surname, e.given_name, e.club, e.country, e.grade, e.rating, e.listed_rating) for e in entries]


def test_ffg_columns_date_and_ranks_as_opengotha_gives_them():
    data = read_ffg_list(ffg_text().encode("iso-8859-1"))  # the FFG writes Latin-1
    assert data.date == dt.date(2024, 3, 1)
    assert data.problems == []
    assert _plain(data.entries) == [
        ("0412345", "DUPONT", "Jean", "38GJ", "FR", "16k", 500, "-1550"),
        ("9876543", "MARTIN", "Marie-Claire", "75PA", "FR", "2d", 2200, "150"),
        ("1234567", "LE CALVEZ", "Yann", "29BR", "FR", "1k", 2000, "-50"),
        ("A123456", "ÉLUARD", "Paul", "", "FR", "1k", 1950, "-100"),
        ("", "SCHMIDT", "Hans", "", "DE", "5d", 2500, "450"),
    ]
    assert data.entries[0].rank == parse_rank("16k") and data.entries[0].line == 3


def test_ffg_rating_scale_and_its_bounds():
    assert [ffg_rating(r) for r in (0, -1, -100, -101, 99, 100, -5000, 2000)] == [
        2050,
        2049,
        1950,
        1949,
        2149,
        2150,
        -900,
        2949,
    ]


def test_ffg_a_line_off_its_columns_is_read_by_its_words():
    shifted = "DURAND-DE-LA-ROCHEFOUCAULD Jean-Baptiste-Marie   -250 C 7654321 13MA FR"
    data = read_ffg_list(ffg_text(extra=[shifted]))
    assert _plain(data.entries[-1:]) == [
        ("7654321", "DURAND-DE-LA-ROCHEFOUCAULD", "Jean-Baptiste-Marie", "13MA", "FR", "3k", 1800, "-250")
    ]
    assert data.problems == []


def test_ffg_odd_lines_and_a_licence_twice():
    odd = ["Nonsense line without columns", ffg_line("DUPONT Jeanne", -1000, "0412345")]
    data = read_ffg_list(ffg_text(extra=odd))
    assert len(data.entries) == len(FFG_PLAYERS)
    assert data.problems == [
        "Line 8: the columns cannot be read; skipped.",
        "Line 9: the licence 0412345 was on line 3 already; the first one is kept.",
    ]


def test_ffg_without_a_date_and_something_else():
    data = read_ffg_list(ffg_text(header=["#Echelle"]))
    assert data.date is None and data.problems == ["The list has no date line; it is kept without a date."]
    with pytest.raises(RatingListError, match="not the FFG's rating list"):
        read_ffg_list("#Echelle au 1/03/2024\n")


def test_aga_fields_ranks_and_countries():
    data = read_aga_list(aga_text().encode())
    assert data.date is None and data.problems == []
    assert _plain(data.entries) == [
        ("12345", "Smith", "John", "NYGC", "US", "3k", 1798, "-3.52016"),
        ("23456", "Tanaka", "Yuki", "SEAG", "US", "5d", 2493, "5.43210"),
        ("34567", "Müller", "Jürgen", "", "", "12k", 900, "-12.5"),
        ("45678", "Nguyen", "Anh", "BAYG", "US", "1d", 2055, "1.05"),
    ]


def test_aga_rating_scale_as_opengotha():
    assert [aga_rating(h) for h in (100, 199, 200, 543, -100, -150, -201, -250, 50)] == [
        2050,
        2149,
        2150,
        2493,
        2050,
        2000,
        1949,
        1900,
        2050,
    ]


def test_aga_header_unrated_members_odd_lines_and_an_id_twice():
    lines = [
        "Name\tAGA ID\tMemType\tRating\tExpires\tClub\tState",
        *(aga_line(*p) for p in AGA_PLAYERS),
        aga_line("Newcomer, Nina", 56789, "Full", ""),
        aga_line("Newcomer, Nils", 56790, "Full", ""),
        aga_line("Oddity, Otto", "12x", "Full", "2.0"),
        aga_line("Twice, Tom", 12345, "Full", "2.5"),
        aga_line("Strange, Sam", 67890, "Full", "strong"),
        "Lonely Larry",
    ]
    data = read_aga_list("\n".join(lines))
    assert [e.number for e in data.entries] == ["12345", "23456", "34567", "45678"]
    assert data.problems == [
        "Line 8: no AGA ID (a number) in the second field; skipped.",
        "Line 9: the AGA ID 12345 was on line 2 already; the first one is kept.",
        "Line 10 (AGA ID 67890): “strong” is no rating; skipped.",
        "Line 11: no AGA ID (a number) in the second field; skipped.",
        "2 members without a rating were skipped (no rank to take over).",
    ]
    with pytest.raises(RatingListError, match="not the AGA's TD list"):
        read_aga_list(aga_line("Newcomer, Nina", 56789, "Full", ""))


def test_a_name_without_a_comma_and_a_zip():
    from tests.fixtures.egd_list import egd_zip

    data = read_aga_list(egd_zip(aga_text([("Lee Min-jun", 11111, "Full", "7.2")]).encode(), name="TDListA.txt"))
    assert (data.entries[0].surname, data.entries[0].given_name, data.entries[0].grade) == ("Lee", "Min-jun", "7d")
    assert text_of(b"plain") == "plain"


def test_the_reader_of_each_kind():
    assert read_list("ffg", ffg_text()).entries[0].number == "0412345"
    assert read_list("aga", aga_text()).entries[0].number == "12345"
    with pytest.raises(RatingListError):
        read_list("ffg", aga_text())  # an AGA list is no échelle
    with pytest.raises(RatingListError, match="Unknown kind"):
        read_list("xyz", "")


def test_the_sites_kinds_are_the_readers():
    from tournament.models.rating import RatingKind

    assert tuple(RatingKind.values) == KINDS and set(ID_FIELDS) == set(KINDS)
