"""An over-long record is refused before it is replayed, with a message in the visitor's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournament.services.records import RecordUnreadable, replay_record

pytestmark = pytest.mark.django_db


def test_a_record_longer_than_any_game_is_refused_in_words(day):
    record = "(;SZ[9]" + ";B[aa];W[ii]" * 406 + ")"  # 812 moves; at most 810 on 9x9
    with translation.override("en"), pytest.raises(RecordUnreadable, match="too long: 812 moves.*at most 810"):
        replay_record(discipline=day.go, record=record)
    with translation.override("de"), pytest.raises(RecordUnreadable, match="zu lang"):
        replay_record(discipline=day.go, record=record)


def test_empty_nodes_count_and_cost_nothing(day):
    with translation.override("en"), pytest.raises(RecordUnreadable, match="too long"):
        replay_record(discipline=day.go, record="(;SZ[9]" + ";" * 199_000 + ")")


def test_a_ninuki_record_past_its_bound_is_refused(day):
    moves = " ".join(["K10", "K9"] * 400)  # 800 moves; at most 755 on 19x19
    with translation.override("en"), pytest.raises(RecordUnreadable, match="too long"):
        replay_record(discipline=day.ninuki, record=moves)
