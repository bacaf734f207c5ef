"""Rank categories (:mod:`tournament.pairing.categories`): a player's category at each boundary, the
limits checked and read from a line of ranks, their words; OpenGotha's ``Player.category`` the same."""

from __future__ import annotations

import pytest

from tournament.pairing import categories as cat
from tournament.pairing.model import GeneralParams
from tournament.pairing.scores import category as scores_category
from tournament.ranks import parse_rank

LIMITS = (0, -5)  # 1d, 5k: A 1d and stronger, B 5k-1k, C 6k and weaker


@pytest.mark.parametrize(
    ("rank", "letter"),
    [("9p", "A"), ("9d", "A"), ("1d", "A"), ("1k", "B"), ("5k", "B"), ("6k", "C"), ("30k", "C")],
)
def test_each_rank_falls_in_the_first_category_whose_lower_limit_it_reaches(rank, letter):
    assert cat.category(parse_rank(rank), LIMITS).letter == letter
    number = "ABC".index(letter)
    assert cat.number(parse_rank(rank), LIMITS) == number
    # the engine's scores read the same function, as OpenGotha's Player.category
    general = GeneralParams(number_of_categories=3, lower_category_limits=LIMITS)
    assert scores_category(parse_rank(rank), general) == number


def test_no_limits_is_one_category_and_the_engine_ignores_stray_limits_with_one_category():
    assert cat.categories(()) == (cat.Category(0, None, None),)
    assert cat.category(-20, ()).span == "all"
    assert scores_category(-20, GeneralParams(number_of_categories=1, lower_category_limits=(0,))) == 0


def test_the_categories_with_their_ranks():
    a, b, c = cat.categories(LIMITS)
    assert (a.strongest, a.weakest, b.strongest, b.weakest, c.strongest, c.weakest) == (None, 0, -1, -5, -6, None)
    assert [x.label for x in (a, b, c)] == ["A: ≥1d", "B: 5k–1k", "C: ≤6k"]
    # a category of one rank
    assert [x.span for x in cat.categories((2, 1))] == ["≥3d", "2d", "≤1d"]


def test_a_lowest_limit_of_30k_is_read_as_the_rank_it_is():
    """Issue #30 item 5: ``1d, 30k`` made a last category of ranks weaker than 30k, which crashed every page
    that named it. Nobody is weaker than 30k: the limits make A (1d and stronger) and B (30k to 1k) and no
    empty third category; every rank falls in one of them."""
    limits = cat.check([0, -30])
    a, b = cat.categories(limits)
    assert [x.label for x in (a, b)] == ["A: ≥1d", "B: 30k–1k"]
    assert {cat.category(rank, limits).letter for rank in range(-30, 18)} == {"A", "B"}
    assert cat.category(-30, limits) == b and cat.number(-30, limits) == 1
    # one limit of 30k alone: one category of every rank (nobody below it)
    assert [x.span for x in cat.categories((-30,))] == ["≥30k"]
    # eight limits down to 30k: eight categories
    eight = cat.check([7, 3, -1, -5, -9, -13, -17, -30])
    assert [c.letter for c in cat.categories(eight)] == list("ABCDEFGH")
    assert cat.categories(eight)[-1].span == "30k–18k"


def test_nine_categories_at_most_letters_a_to_i():
    limits = tuple(range(7, -25, -4))  # eight limits
    assert len(limits) == 8
    assert [c.letter for c in cat.categories(limits)] == list("ABCDEFGHI")
    with pytest.raises(cat.LimitsError) as exc:
        cat.check((*limits, -29))
    assert exc.value.code == "too_many"


@pytest.mark.parametrize(
    ("limits", "code"),
    [
        ((0, 0), "not_descending"),
        ((-5, 0), "not_descending"),
        ((9,), "out_of_range"),  # 1p: above 9d
        ((-31,), "out_of_range"),
        ((True,), "not_a_rank"),
        (("1d",), "not_a_rank"),
        ((1.5,), "not_a_rank"),
        ("1d", "not_a_list"),
        (None, "not_a_list"),
    ],
)
def test_limits_refused(limits, code):
    with pytest.raises(cat.LimitsError) as exc:
        cat.check(limits)
    assert exc.value.code == code


def test_limits_kept_at_the_bounds():
    assert cat.check([8, -30]) == (8, -30)
    assert cat.check([]) == ()


@pytest.mark.parametrize(
    ("text", "limits"),
    [
        ("1d, 5k", (0, -5)),
        ("5k 1d", (0, -5)),  # any order: sorted, strongest first
        (" 1D;5K ", (0, -5)),
        ("3d/10k", (2, -10)),
        ("", ()),
        ("   ", ()),
    ],
)
def test_a_line_of_ranks_read(text, limits):
    assert cat.parse(text) == limits
    assert cat.parse(cat.text(limits)) == limits


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("1d, 1d", "twice"),
        ("1d, five", "not_a_rank"),
        ("1d\x005k", "not_a_rank"),
        ("0k", "not_a_rank"),
        ("99999999999999999999k", "not_a_rank"),
        ("1p", "out_of_range"),
        ("9d 8d 7d 6d 5d 4d 3d 2d 1d", "too_many"),
        ("1d, " * 100, "too_long"),
    ],
)
def test_odd_lines_refused(text, code):
    with pytest.raises(cat.LimitsError) as exc:
        cat.parse(text)
    assert exc.value.code == code


def test_the_category_goes_first_among_the_criteria():
    assert cat.with_category_first(("mms", "sosmms")) == ("cat", "mms", "sosmms")
    assert cat.with_category_first(("mms", "cat", "sosmms")) == ("cat", "mms", "sosmms")
    assert cat.with_category_first(("cat", "mms")) == ("cat", "mms")


def test_what_the_parameter_set_kept_moves_to_the_fields_only_when_valid():
    kept = {"general": {"lower_category_limits": [2], "number_of_categories": 2}, "pairing": {"random": 1}}
    assert cat.from_stored_parameters(kept, ["mms"]) == {
        "pairing_parameters": {"pairing": {"random": 1}},
        "category_limits": [2],
        "category_mode": "paired",
    }
    assert cat.from_stored_parameters(kept, ["cat", "mms"])["category_mode"] == "both"
    for odd in (
        {},
        None,
        {"general": {"nbw2_bye": 2}},
        {"general": {"lower_category_limits": [-5, 0], "number_of_categories": 3}},
        {"general": {"lower_category_limits": [0], "number_of_categories": 3}},
        {"general": {"lower_category_limits": "1d", "number_of_categories": 2}},
    ):
        assert cat.from_stored_parameters(odd, []) is None
