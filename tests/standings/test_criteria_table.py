"""Placement criteria are defined once (issue #15, point 6): everything else derives from
``tournament.pairing.criteria.TABLE``."""

from __future__ import annotations

from django.utils import translation

from tournament.files import macmahon
from tournament.files.h9 import short_name
from tournament.models.tournament import CRITERIA_CODES, STANDINGS_CRITERIA
from tournament.pairing import criteria as table
from tournament.pairing import scores
from tournament.standings import criteria as standings_criteria

OFFERED = [d for d in table.TABLE if d.code]


def test_each_criterion_is_one_row_with_one_code_and_one_name():
    codes = [d.code for d in OFFERED]
    names = [d.name for d in table.TABLE]
    assert len(set(codes)) == len(codes) and len(set(names)) == len(names)
    assert all(d.label and d.choice and d.short_name for d in OFFERED)


def test_the_standings_the_settings_page_and_the_model_read_the_table():
    assert list(standings_criteria.CRITERIA) == [d.code for d in OFFERED]
    for d in OFFERED:
        c = standings_criteria.get(d.code)
        assert (c.header, c.scale, c.label, c.choice_label) == (d.name, d.scale, d.label, d.choice)
    assert [code for code, _label in STANDINGS_CRITERIA] == [d.code for d in OFFERED]
    assert CRITERIA_CODES == {d.code for d in OFFERED}
    with translation.override("de"):
        labels = dict(STANDINGS_CRITERIA)
        assert str(labels["nbw"]) == "Siege" and str(labels["sdc"]) != "Simplified direct confrontation"


def test_the_pairing_the_egd_file_and_the_macmahon_reader_read_the_table():
    for d in table.TABLE:
        assert scores.canonical(d.name) == d.name == scores.canonical(d.name.lower())
        assert short_name(d.name) == d.short_name
    for mcmahon, swiss in macmahon.CRITERIA.values():
        assert {mcmahon, swiss} <= {d.code for d in OFFERED}
    assert macmahon.MAX_CRITERIA is table.MAX_CRITERIA
