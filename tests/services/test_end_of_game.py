"""One way of storing a game its rules engine ended (:func:`tournament.engines.end_result`): the live board and
the demo's records store the same result and way of winning for the same end; and one way of saying it
(:func:`tournament.engines.end_words`, :func:`~tournament.engines.count_words`: the reasons' words once)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from games.registry import Variant
from tournament.engines import end_result
from tournament.models import Game
from tournament.models.game import Result, WinMethod
from tournament.services import live as live_services
from tournament.services.demo_games import play_round_results

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def test_a_ninuki_draw_by_two_passes_is_stored_alike_by_the_live_board_and_the_demo(day, monkeypatch):
    record = "K10 K9 pass pass"
    players = [day.user("alice"), day.user("bob")]
    for number, point in enumerate(record.split()):
        game = Game.objects.select_related("round__discipline", "round__tournament", "black", "white").get(
            pk=day.game.pk
        )
        live_services.place(game=game, user=players[number % 2], version=number, point=point)
    on_the_board = Game.objects.get(pk=day.game.pk)

    monkeypatch.setattr(Variant, "sample", lambda self, rng, **settings: record)  # the demo plays the same game
    assert play_round_results(day.round1, random.Random(1))
    in_the_demo = Game.objects.get(pk=day.game2.pk)

    assert in_the_demo.record == record
    assert (on_the_board.result, on_the_board.method) == (Result.DRAW, WinMethod.NONE)
    assert (in_the_demo.result, in_the_demo.method) == (on_the_board.result, on_the_board.method)

    # and the board says how it ended with the words of the engines' reasons
    from django.test import Client
    from django.urls import reverse

    client = Client()
    client.force_login(day.user("bob"))
    page = client.get(
        reverse("live_board", args=[day.tournament.slug, day.game.pk]), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Draw: two passes." in page


@pytest.mark.parametrize(
    "outcome, reason, counted, stored",
    [
        ("black", "five", None, (Result.BLACK, WinMethod.FIVE)),
        ("white", "captures", None, (Result.WHITE, WinMethod.CAPTURES)),
        ("draw", "overline-split", None, (Result.DRAW, WinMethod.NONE)),
        ("draw", "double-pass", None, (Result.DRAW, WinMethod.NONE)),
        ("white", "double-pass", "W+6.5", (Result.WHITE, WinMethod.SCORE)),
    ],
)
def test_each_end_the_engines_see_is_stored_one_way(outcome, reason, counted, stored):
    assert end_result(outcome, reason, counted) == stored


def _reason_maps(path: Path) -> list[str]:
    """Lines that turn an engine's end (``"five"``, ``"captures"``) into a way of winning."""
    pattern = re.compile(r"""["'](five|captures|double-pass|overline-split)["']\s*:\s*WinMethod""")
    return [f"{n}: {line.strip()}" for n, line in enumerate(path.read_text().splitlines(), 1) if pattern.search(line)]


def test_the_ends_become_ways_of_winning_only_in_end_result():
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "tournament").rglob("*.py"))
        if path.name != "engines.py" and "migrations" not in path.parts
        for line in _reason_maps(path)
    ]
    assert found == [], "store an engine's end with tournament.engines.end_result"


def test_the_scan_finds_a_map_of_its_own(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('_METHODS = {"five": WinMethod.FIVE, "double-pass": WinMethod.SCORE}\n')
    assert len(_reason_maps(bad)) == 1


#: How a game ends and its count, said once (:mod:`tournament.engines`): a sentence of one of them written
#: anywhere else is a second vocabulary.
END_SENTENCES = re.compile(r"""_\(\s*["'](%\(winner\)s wins|Draw:|Count[ :(])""")


def _end_sentences(path: Path) -> list[str]:
    return [
        f"{n}: {line.strip()}" for n, line in enumerate(path.read_text().splitlines(), 1) if END_SENTENCES.search(line)
    ]


def test_how_a_game_ends_is_worded_only_in_engines():
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "tournament").rglob("*.py"))
        if path.name != "engines.py"
        for line in _end_sentences(path)
    ]
    assert found == [], "say how a game ended with tournament.engines.end_words / count_words"


def test_the_scan_finds_an_end_worded_again(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        'return _("%(winner)s wins by captures.")\nx = _("Draw: two passes.")\n'
        'y = _("Count (area): Black %(black)s")\nz = _("Drawn")\n'
    )
    assert len(_end_sentences(bad)) == 3
