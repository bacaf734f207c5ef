"""Rank categories in OpenGotha files: read into ``Tournament.category_limits`` and ``category_mode``,
written back as OpenGotha writes them (``numberOfCategories`` and ``<Categories><Category number
lowerLimit/>``), a file whose categories do not add up refused with a clear error."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError

from tests.shared import shared
from tournament.files.opengotha import OpenGothaFormatError, read_tournament
from tournament.permissions import SYSTEM
from tournament.services.opengotha import export_opengotha, import_opengotha
from tournament.services.tournaments import tournament_update_settings

pytestmark = pytest.mark.django_db

SIMPLE = shared("opengotha") / "simplemm.xml"


def with_categories(categories: str, number: int, *, cat_first: bool = False) -> bytes:
    """simplemm.xml with ``number`` categories of the ``<Category>`` elements ``categories``."""
    text = SIMPLE.read_text(encoding="utf-8")
    text = text.replace('numberOfCategories="1"', f'numberOfCategories="{number}"')
    text = re.sub(
        r"(<GeneralParameterSet [^>]*?)/>", rf"\1><Categories>{categories}</Categories></GeneralParameterSet>", text
    )
    if cat_first:
        text = text.replace(
            '<PlacementCriterion name="MMS" number="1"/>', '<PlacementCriterion name="CAT" number="1"/>'
        )
    return text.encode("utf-8")


THREE = '<Category lowerLimit="1D" number="1"/><Category lowerLimit="5K" number="2"/>'


def test_the_limits_come_in_and_go_out_as_opengotha_writes_them():
    source = with_categories(THREE, 3)
    original = read_tournament(source)
    assert original.params.general.lower_category_limits == (0, -5)
    t = import_opengotha(source, user=SYSTEM)
    assert (t.category_limits, t.category_mode) == ([0, -5], "paired")  # MMS first: ranked together
    assert "lower_category_limits" not in t.pairing_parameters.get("general", {})
    written = export_opengotha(t)
    assert 'numberOfCategories="3"' in written
    assert re.search(r'<Category lowerLimit="1D" number="1" />\s*<Category lowerLimit="5K" number="2" />', written)
    again = read_tournament(written.encode("utf-8"))
    assert again.params.general == original.params.general
    assert again.params.pairing.avoid_mixing_categories == original.params.pairing.avoid_mixing_categories


def test_cat_first_is_ranked_apart_and_a_change_on_the_site_is_written():
    t = import_opengotha(with_categories(THREE, 3, cat_first=True), user=SYSTEM)
    assert (t.category_limits, t.category_mode) == ([0, -5], "both")
    tournament_update_settings(tournament=t, data={"category_limits": [2, -1, -10]}, user=SYSTEM)
    again = read_tournament(export_opengotha(t).encode("utf-8"))
    assert again.params.general.number_of_categories == 4
    assert again.params.general.lower_category_limits == (2, -1, -10)
    tournament_update_settings(tournament=t, data={"category_limits": []}, user=SYSTEM)
    written = export_opengotha(t)
    assert 'numberOfCategories="1"' in written and "<Categories" not in written


def test_ranked_apart_only_is_written_with_opengothas_nearest_weight_0():
    t = import_opengotha(with_categories(THREE, 3), user=SYSTEM)
    tournament_update_settings(tournament=t, data={"category_mode": "ranked"}, user=SYSTEM)
    again = read_tournament(export_opengotha(t).encode("utf-8"))
    assert again.params.general.lower_category_limits == (0, -5)
    assert again.params.pairing.avoid_mixing_categories == 0


@pytest.mark.parametrize(
    ("categories", "number", "words"),
    [
        (THREE, 2, "categories 1 to 1 need their lower limit"),
        ('<Category lowerLimit="1D" number="1"/>', 3, "the file gives 1"),
        ('<Category lowerLimit="5K" number="1"/><Category lowerLimit="1D" number="2"/>', 3, "from strong to weak"),
        ('<Category lowerLimit="1D" number="1"/><Category lowerLimit="5K" number="1"/>', 3, "given twice"),
        ('<Category lowerLimit="1D" number="1"/>', 1, "numberOfCategories is 1"),
        ('<Category lowerLimit="1D" number="99999999999999999999"/>', 2, "Category number"),
    ],
)
def test_categories_that_do_not_add_up_are_refused(categories, number, words):
    source = with_categories(categories, number)
    with pytest.raises(OpenGothaFormatError) as exc:
        read_tournament(source)
    assert words in str(exc.value)
    with pytest.raises(ValidationError):
        import_opengotha(source, user=SYSTEM)


@pytest.mark.parametrize(("name", "limits", "mode"), [("sim-4", [4, -16], "both"), ("sim-18", [-4, -19], "paired")])
def test_files_with_categories_give_opengothas_tables_through_the_sites_fields(name, limits, mode, tmp_path):
    """The jar's own tables (``oracle_answers``) of simulated files with categories, CAT first (ranked
    apart) and not: the categories come in as the fields, and the standings made from the fields are
    OpenGotha's after every round."""
    from tournament.models import Tournament

    from .test_site_standings import site_tables

    ours, theirs = site_tables(name, tmp_path)
    t = Tournament.objects.get(slug=name)
    assert (t.category_limits, t.category_mode) == (limits, mode)
    assert "lower_category_limits" not in t.pairing_parameters.get("general", {})
    for r, (a, b) in enumerate(zip(ours, theirs), 1):
        assert a == b, f"after round {r}"


def test_a_file_whose_weakest_limit_is_30k_comes_in_and_every_page_names_its_categories():
    """Issue #30 item 5: a file's ``lowerLimit="30K"`` came in and then broke the public standings and the
    crosstable (a category weaker than 30k). It is the rank it is: A 1d and stronger, B 30k-1k; the file
    goes out as it came."""
    from django.test import Client
    from django.urls import reverse

    source = with_categories('<Category lowerLimit="1D" number="1"/><Category lowerLimit="30K" number="2"/>', 3)
    original = read_tournament(source)
    t = import_opengotha(
        with_categories(
            '<Category lowerLimit="1D" number="1"/><Category lowerLimit="30K" number="2"/>', 3, cat_first=True
        ),
        user=SYSTEM,
    )
    assert (t.category_limits, t.category_mode) == ([0, -30], "both")
    client = Client()
    client.cookies["django_language"] = "en"
    for name in ("standings", "crosstable", "pdf_standings", "pdf_crosstable", "csv_standings", "players"):
        response = client.get(reverse(name, args=[t.slug]))
        assert response.status_code == 200, name
    page = client.get(reverse("standings", args=[t.slug])).content.decode()
    assert "B: 30k–1k" in page
    again = read_tournament(export_opengotha(t).encode("utf-8"))
    assert again.params.general.lower_category_limits == original.params.general.lower_category_limits == (0, -30)
    assert again.params.general.number_of_categories == 3
