"""The round workflow on the tournament day, rule by rule (issue 12, point 6), through the pages and services.

The tournament day of ``tests/fixtures/day.py``: round 1 (Ninuki) is published with
Alice–Bob and Carol–Dave and no results yet. Here a Go round 2 is added,
with Eve (one more player: a bye), Frank (absent in round 2) and Gina
(withdrawn). Runs on SQLite and PostgreSQL (``make test``).
"""

from __future__ import annotations

import subprocess

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from tests.fixtures.day import _player
from tournament.models import AuditEntry, Bye, Game, PairConstraint, Registration, Round
from tournament.permissions import SYSTEM
from tournament.services import round_edits
from tournament.services.results import result_set
from tournament.services.rounds import round_pair, round_publish

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    """Service messages are read in English here (the site's default language is German)."""
    with translation.override("en"):
        yield


@pytest.fixture
def r2(day):
    t = day.tournament
    _player(t, "Engel", "Eve", "6k")
    frank = _player(t, "Fuchs", "Frank", "8k")
    frank.absent_rounds = [2]
    frank.save()
    gina = _player(t, "Graf", "Gina", "9k")
    gina.status = Registration.Status.WITHDRAWN
    gina.save()
    return Round.objects.create(tournament=t, discipline=day.go, number=2)


def _reg(day, given) -> Registration:
    return day.tournament.registrations.get(given_name=given)


def _organizer(client, day):
    client.force_login(day.user("organizer"))
    client.cookies["django_language"] = "en"
    return client


def _page(client, day, number=2) -> str:
    return client.get(reverse("manage_round", args=[day.tournament.slug, number])).content.decode()


def _post(client, day, name, data, number=2, **kwargs):
    response = client.post(reverse(name, args=[day.tournament.slug, number, *kwargs.values()]), data, follow=True)
    assert response.status_code == 200
    return [(m.level_tag, str(m)) for m in response.context["messages"]]


def _pairs(round_) -> set[frozenset[str]]:
    return {frozenset((g.black.given_name, g.white.given_name)) for g in round_.games.select_related("black", "white")}


# --- a warning, not a block, when the previous round misses results ----------------------------


def test_pairing_while_the_previous_round_misses_results_warns_and_pairs(client, day, r2):
    _organizer(client, day)
    before = _page(client, day)
    assert "Round 1 still lacks the results of tables 1 and 2" in before
    assert "You can pair the round anyway." in before
    messages = _post(client, day, "manage_round_action", {}, action="pair")
    assert ("success", "Round paired. Look the pairing over before publishing it.") in messages
    r2.refresh_from_db()
    assert r2.status == Round.Status.PAIRED and r2.games.count() == 2
    assert "Round 1 still lacks the results of tables 1 and 2" in _page(client, day)
    entry = AuditEntry.objects.get(action="round.pair", object_id=r2.pk)
    assert {"code": "missing-results", "round": 1, "tables": [1, 2]} in entry.after["warnings"]
    # once the results are in, the next pairing says nothing about them
    for game in day.round1.games.all():
        result_set(game=game, user=day.user("organizer"), version=game.version, result="B")
    r3 = Round.objects.create(tournament=day.tournament, discipline=day.ninuki, number=3)
    assert "still lacks" not in _page(client, day, 3)
    codes = [w["code"] for w in round_pair(round=r3, user=SYSTEM).warnings]
    assert "missing-results" not in codes and "earlier-unpublished" in codes  # round 2 is not published


def test_the_warning_is_in_the_readers_language(client, day, r2):
    round_pair(round=r2, user=day.user("organizer"))
    client.force_login(day.user("organizer"))
    client.cookies["django_language"] = "de"
    german = _page(client, day)
    assert "In Runde 1 fehlen noch die Ergebnisse der Tische 1 und 2" in german
    client.cookies["django_language"] = "en"
    assert "Round 1 still lacks the results of tables 1 and 2" in _page(client, day)


# --- not playing this round ------------------------------------------------------------------------


def pdf_text(content: bytes) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True
    ).stdout.decode()


def test_not_playing_on_the_round_page_the_public_page_and_the_pairing_sheet(client, day, r2):
    outcome = round_pair(round=r2, user=day.user("organizer"))
    bye = outcome.bye
    assert bye is not None and bye.given_name not in ("Frank", "Gina")
    round_publish(round=r2, user=day.user("organizer"))
    _organizer(client, day)
    for html in (_page(client, day), client.get(reverse("round", args=[day.tournament.slug, 2])).content.decode()):
        box = html.split('id="not-playing"')[1].split("</section>")[0]
        assert "Not playing this round" in html
        assert f"Bye:</strong> {bye.display_name}" in box
        assert "Absent:</strong> Fuchs Frank" in box
        assert "Withdrawn:</strong> Graf Gina" in box
    client.logout()
    public = client.get(reverse("round", args=[day.tournament.slug, 2]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Absent:</strong> Fuchs Frank" in public and "Withdrawn:</strong> Graf Gina" in public
    sheet = pdf_text(
        client.get(reverse("pdf_pairings", args=[day.tournament.slug, 2]), HTTP_ACCEPT_LANGUAGE="en").content
    )
    lines = {line.split()[0] + " " + line.split()[1]: line for line in sheet.splitlines() if len(line.split()) > 2}
    assert "absent" in lines["Fuchs Frank"] and "withdrawn" in lines["Graf Gina"]
    assert "bye" in lines[f"{bye.surname} {bye.given_name}"]
    german = pdf_text(
        client.get(reverse("pdf_pairings", args=[day.tournament.slug, 2]), HTTP_ACCEPT_LANGUAGE="de").content
    )
    assert "abwesend" in german and "zurückgezogen" in german and "Freilos" in german


# --- unpair one game, pair two players by hand, the bye -------------------------------------------


def test_unpair_one_game_and_pair_two_players_by_hand(client, day, r2):
    round_pair(round=r2, user=day.user("organizer"))
    _organizer(client, day)
    g1, g2 = r2.games.select_related("black", "white").order_by("table")
    messages = _post(client, day, "manage_round_unpair_game", {"game": g1.pk})
    assert messages[-1][0] == "success" and "Table 1 taken out" in messages[-1][1]
    _post(client, day, "manage_round_unpair_game", {"game": g2.pk})
    assert r2.games.count() == 0
    page = _page(client, day)
    box = page.split('id="not-playing"')[1].split("</section>")[0]
    for player in (g1.black, g1.white, g2.black, g2.white):
        assert player.display_name in box.split("Without a game")[1]
    a, b = g1.black, g2.black
    messages = _post(client, day, "manage_round_pair_by_hand", {"player_a": a.pk, "player_b": b.pk})
    assert messages[-1][0] in ("success", "warning"), messages
    game = r2.games.get()
    assert {game.black_id, game.white_id} == {a.pk, b.pk} and game.table == 1 and game.pinned
    assert AuditEntry.objects.filter(action="round.unpair_game", object_id=r2.pk).count() == 2
    assert AuditEntry.objects.filter(action="round.pair_by_hand", object_id=r2.pk).count() == 1
    # re-pairing keeps the hand-made game and pairs the others around it
    _post(client, day, "manage_round_action", {}, action="pair")
    assert r2.games.filter(pk=game.pk, table=1).exists()
    assert frozenset((g1.white.given_name, g2.white.given_name)) in _pairs(r2)


def test_a_pair_by_hand_gets_colours_handicap_and_komi_by_the_rules(day, r2):
    """Alice 3k and Dave 12k in a Go round (McMahon handicap): Dave takes Black with stones."""
    day.go.handicap_policy = "mcmahon"
    day.go.save()
    t = day.tournament
    t.mcmahon_bar, t.mcmahon_floor, t.handicap_threshold = 8, -30, 8
    t.save()
    round_pair(round=r2, user=SYSTEM)
    for game in list(r2.games.all()):
        round_edits.game_unpair(game=game, user=SYSTEM)
    alice, dave = _reg(day, "Alice"), _reg(day, "Dave")
    game, _warnings = round_edits.players_pair(round=r2, player_a=dave, player_b=alice, user=SYSTEM)
    assert (game.black_id, game.white_id) == (dave.pk, alice.pk)
    assert game.handicap == 8 and str(game.komi) == "0.5"


def test_a_pair_by_hand_takes_the_bye_and_refuses_busy_absent_or_withdrawn_players(day, r2):
    outcome = round_pair(round=r2, user=SYSTEM)
    bye = outcome.bye
    game = r2.games.order_by("table").first()
    round_edits.game_unpair(game=game, user=SYSTEM)
    lonely = game.black
    made, texts = round_edits.players_pair(round=r2, player_a=lonely, player_b=bye, user=SYSTEM)
    assert not Bye.objects.filter(round=r2).exists()
    assert any(f"{bye.spoken_name} no longer has the bye" in t for t in texts)
    # the other player of the game taken out gets the bye by hand
    round_edits.round_set_bye(round=r2, player=game.white, user=SYSTEM)
    assert list(Bye.objects.filter(round=r2).values_list("player_id", flat=True)) == [game.white_id]
    other = r2.games.exclude(pk=made.pk).first()
    with pytest.raises(ValidationError, match="has a game in this round already"):
        round_edits.players_pair(round=r2, player_a=other.black, player_b=game.white, user=SYSTEM)
    with pytest.raises(ValidationError, match="not confirmed"):
        round_edits.players_pair(round=r2, player_a=_reg(day, "Gina"), player_b=game.white, user=SYSTEM)
    with pytest.raises(ValidationError, match="Choose two different players"):
        round_edits.players_pair(round=r2, player_a=game.white, player_b=game.white, user=SYSTEM)


def test_pairing_an_absent_player_by_hand_warns(day, r2):
    round_pair(round=r2, user=SYSTEM)
    game = r2.games.order_by("table").first()
    round_edits.game_unpair(game=game, user=SYSTEM)
    _made, texts = round_edits.players_pair(round=r2, player_a=_reg(day, "Frank"), player_b=game.black, user=SYSTEM)
    assert any("Frank Fuchs is marked absent in this round" in t for t in texts), texts


# --- fixed and forbidden pairs -----------------------------------------------------------------


def test_remove_a_fixed_or_a_forbidden_pair(client, day, r2):
    alice, bob, carol = _reg(day, "Alice"), _reg(day, "Bob"), _reg(day, "Carol")
    _organizer(client, day)
    _post(client, day, "manage_round_constraint", {"player_a": alice.pk, "player_b": carol.pk}, kind="fixed")
    _post(client, day, "manage_round_constraint", {"player_a": alice.pk, "player_b": bob.pk}, kind="forbidden")
    fixed = PairConstraint.objects.get(kind="fixed")
    forbidden = PairConstraint.objects.get(kind="forbidden")
    page = _page(client, day)
    assert f'id="constraint-{fixed.pk}"' in page and f'id="constraint-{forbidden.pk}"' in page
    messages = _post(client, day, "manage_round_constraint_remove", {"constraint": fixed.pk})
    assert messages[-1] == ("success", "Removed. It no longer counts the next time a round is paired.")
    _post(client, day, "manage_round_constraint_remove", {"constraint": forbidden.pk})
    assert not PairConstraint.objects.exists()
    removed = AuditEntry.objects.filter(action="pairing.remove_constraint").order_by("id")
    assert [e.before["kind"] for e in removed] == ["fixed", "forbidden"]
    assert removed[0].before["players"] == ["Alice Albers", "Carol Conrad"]
    # removed twice (a double click), or from another tournament: a clear message, no 500
    messages = _post(client, day, "manage_round_constraint_remove", {"constraint": fixed.pk})
    assert messages[-1][0] == "error"
    assert _post(client, day, "manage_round_constraint_remove", {"constraint": "x"})[-1][0] == "error"


def test_a_fixed_pair_that_contradicts_a_forbidden_one_is_refused_when_entered(client, day, r2):
    t = day.tournament
    alice, bob, carol = _reg(day, "Alice"), _reg(day, "Bob"), _reg(day, "Carol")
    round_edits.pair_constraint_add(tournament=t, kind="forbidden", player_a=alice, player_b=bob, user=SYSTEM)
    with pytest.raises(ValidationError, match="are a forbidden pair: they cannot also be a fixed pair"):
        round_edits.pair_constraint_add(tournament=t, kind="fixed", player_a=bob, player_b=alice, round=r2, user=SYSTEM)
    # and the other way round: a forbidden pair that contradicts a fixed one
    round_edits.pair_constraint_add(tournament=t, kind="fixed", player_a=alice, player_b=carol, round=r2, user=SYSTEM)
    with pytest.raises(ValidationError, match="are a fixed pair in round 2: they cannot also be a forbidden pair"):
        round_edits.pair_constraint_add(
            tournament=t, kind="forbidden", player_a=carol, player_b=alice, round=r2, user=SYSTEM
        )
    with pytest.raises(ValidationError, match="is in another fixed pair in round 2"):
        round_edits.pair_constraint_add(tournament=t, kind="fixed", player_a=bob, player_b=carol, round=r2, user=SYSTEM)
    assert PairConstraint.objects.count() == 2
    # through the page: the organizer reads why, in their language
    _organizer(client, day)
    messages = _post(client, day, "manage_round_constraint", {"player_a": alice.pk, "player_b": bob.pk}, kind="fixed")
    assert messages[-1][0] == "error" and "forbidden pair" in messages[-1][1]
    client.cookies["django_language"] = "de"
    messages = _post(client, day, "manage_round_constraint", {"player_a": alice.pk, "player_b": bob.pk}, kind="fixed")
    assert "verboten" in messages[-1][1]
    assert PairConstraint.objects.count() == 2


# --- a re-pair is one transaction ---------------------------------------------------------------


def test_a_failed_repair_keeps_the_old_pairing(client, day, r2):
    round_pair(round=r2, user=day.user("organizer"))
    r2.refresh_from_db()
    games = sorted(r2.games.values_list("pk", "table", "black_id", "white_id"))
    byes = list(r2.byes.values_list("pk", flat=True))
    entries = AuditEntry.objects.count()
    # constraints that contradict each other, written into the database behind the services' back
    alice, bob = _reg(day, "Alice"), _reg(day, "Bob")
    PairConstraint.objects.create(tournament=day.tournament, kind="fixed", player_a=alice, player_b=bob, round=r2)
    PairConstraint.objects.create(tournament=day.tournament, kind="forbidden", player_a=alice, player_b=bob)
    _organizer(client, day)
    messages = _post(client, day, "manage_round_action", {}, action="pair")
    assert messages[-1][0] == "error" and "both a fixed and a forbidden pair" in messages[-1][1]
    r2_after = Round.objects.get(pk=r2.pk)
    assert r2_after.status == Round.Status.PAIRED and r2_after.version == r2.version
    assert sorted(r2.games.values_list("pk", "table", "black_id", "white_id")) == games
    assert list(r2.byes.values_list("pk", flat=True)) == byes
    assert AuditEntry.objects.count() == entries  # no "pairing removed" left behind


def test_a_repair_that_breaks_in_the_middle_keeps_the_old_pairing(day, r2, monkeypatch):
    from tournament.pairing import engine
    from tournament.services.rounds import round_repair

    round_pair(round=r2, user=SYSTEM)
    games = sorted(r2.games.values_list("pk", "black_id", "white_id"))

    def broken(*args, **kwargs):
        raise RuntimeError("the machine ran out of memory")

    monkeypatch.setattr(engine, "pair_round", broken)
    with pytest.raises(RuntimeError):
        round_repair(round=Round.objects.get(pk=r2.pk), user=SYSTEM)
    assert Round.objects.get(pk=r2.pk).status == Round.Status.PAIRED
    assert sorted(r2.games.values_list("pk", "black_id", "white_id")) == games


# --- a result never moves to another pair ------------------------------------------------------


def test_a_result_never_moves_to_another_pair(client, day, r2):
    round_pair(round=r2, user=SYSTEM)
    round_publish(round=r2, user=SYSTEM)
    g1, g2 = r2.games.select_related("black", "white").order_by("table")
    result_set(game=g1, user=day.user("organizer"), version=g1.version, result="B")
    before = sorted(r2.games.values_list("pk", "black_id", "white_id", "result"))
    with pytest.raises(ValidationError, match="table 1 has a result already"):
        round_edits.game_swap_players(round=r2, player_a=g1.black, player_b=g2.black, user=SYSTEM)
    with pytest.raises(ValidationError, match="has a result already"):
        round_edits.game_swap_players(round=r2, player_a=g1.black, player_b=g1.white, user=SYSTEM)  # colours
    with pytest.raises(ValidationError, match="has a result already"):
        round_edits.game_unpair(game=g1, user=SYSTEM)
    assert sorted(r2.games.values_list("pk", "black_id", "white_id", "result")) == before
    _organizer(client, day)
    messages = _post(client, day, "manage_round_swap", {"player_a": g2.white.pk, "player_b": g1.white.pk})
    assert messages[-1][0] == "error" and "never changed" in messages[-1][1]
    assert sorted(r2.games.values_list("pk", "black_id", "white_id", "result")) == before
    # a game without a result may still be edited in a published round: a player did not turn up
    round_edits.game_swap_players(round=r2, player_a=g2.black, player_b=g2.white, user=SYSTEM)
    swapped = r2.games.get(table=2)
    assert (swapped.black_id, swapped.white_id) == (g2.white_id, g2.black_id) and swapped.result == "?"
    assert Game.objects.get(pk=g1.pk).result == "B"


def test_the_round_page_offers_no_unpair_button_for_a_game_with_a_result(client, day, r2):
    round_pair(round=r2, user=SYSTEM)
    round_publish(round=r2, user=SYSTEM)
    g1, g2 = r2.games.order_by("table")
    result_set(game=g1, user=day.user("organizer"), version=g1.version, result="W")
    _organizer(client, day)
    page = _page(client, day)
    assert f'name="game" value="{g2.pk}">\n          <button type="submit" class="small secondary"' in page
    assert page.count("Unpair</button>") == 1


def test_edits_of_a_planned_or_finished_round_are_refused(day, r2):
    alice, bob = _reg(day, "Alice"), _reg(day, "Bob")
    with pytest.raises(ValidationError, match="only be edited while it is paired or published"):
        round_edits.players_pair(round=r2, player_a=alice, player_b=bob, user=SYSTEM)
    day.round1.games.update(result="B")
    day.round1.status = Round.Status.FINISHED
    day.round1.save()
    with pytest.raises(ValidationError, match="only be edited while it is paired or published"):
        round_edits.game_swap_players(round=day.round1, player_a=alice, player_b=_reg(day, "Carol"), user=SYSTEM)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"game": "x"},
        {"game": "999999"},
        {"player_a": "1"},
        {"player_a": "abc", "player_b": "-1"},
        {"player": "0"},
        {"constraint": "1e9"},
    ],
)
def test_odd_input_to_the_edit_views_is_a_message_not_a_500(client, day, r2, data):
    round_pair(round=r2, user=SYSTEM)
    _organizer(client, day)
    for name in (
        "manage_round_unpair_game",
        "manage_round_pair_by_hand",
        "manage_round_bye",
        "manage_round_swap",
        "manage_round_constraint_remove",
    ):
        messages = _post(client, day, name, data)
        assert messages and messages[-1][0] == "error", (name, messages)


@pytest.mark.parametrize(
    "language, tables, words",
    [
        ("en", [12], "Round 3 still lacks the result of table 12: this pairing counts that game as played"),
        ("en", [1, 2, 5], "Round 3 still lacks the results of tables 1, 2 and 5: this pairing counts those games"),
        ("de", [12], "In Runde 3 fehlt noch das Ergebnis von Tisch 12: Diese Paarung zählt die Partie als gespielt"),
        ("de", [1, 2, 5], "In Runde 3 fehlen noch die Ergebnisse der Tische 1, 2 und 5: Diese Paarung zählt die"),
    ],
)
def test_the_missing_results_warning_counts_its_tables(language, tables, words):
    """Issue #21 item 18: "Round 3 still misses results at tables 12"."""
    from django.utils import translation

    from tournament.pairing_words import warning_text

    with translation.override(language):
        assert words in warning_text({"code": "missing-results", "round": 3, "tables": tables})


FACTS = {
    "white": 7,
    "black": 9,
    "players": ["7", "9"],
    "total": 500200004374403,
    "terms": {"duplicate": 500000000000000, "colour_balance": 200004374402, "seeding": 0},
    "groups": [3, 3],
    "places": [2, 5],
    "group_size": 8,
    "same_club": False,
    "same_country": True,
    "colour_balance": [-1, 1],
    "rematch": False,
}


@pytest.mark.parametrize(
    "language, reasons, details",
    [
        (
            "en",
            ["Same score group (3): places 3 and 6 of 8.", "They have not played each other yet.", "Colours even out"],
            ["Colour balance before the round: White -1, Black +1.", "Pairing value"],
        ),
        (
            "de",
            [
                "Gleiche Punktgruppe (3): Plätze 3 und 6 von 8.",
                "Sie haben noch nicht gegeneinander gespielt.",
                "Die Farben",
            ],
            ["Farbbilanz vor der Runde", "Paarungswert"],
        ),
    ],
)
def test_an_explanation_says_first_in_words_why_the_pair_and_keeps_the_numbers_for_details(language, reasons, details):
    """Issue #21 item 20: "Pairing value 500 200 004 374 403 = ..." was the first thing an organizer read."""
    from django.utils import translation

    from tournament.pairing_words import explanation_parts

    with translation.override(language):
        words, numbers = explanation_parts(FACTS)
    text = " ".join(words)
    assert all(r in text for r in reasons), words
    assert "500" not in text and "Pairing value" not in text and "Paarungswert" not in text
    assert all(any(d in n for n in numbers) for d in details), numbers


@pytest.mark.parametrize(
    "language, same, crossing",
    [
        ("en", "Same score (MMS 21.5): places 1 and 4 of 6.", "MMS 21 and MMS 20, of neighbouring categories"),
        ("de", "Gleiche Punktzahl (MMS 21.5): Plätze 1 und 4 von 6.", "MMS 21 und MMS 20, aus benachbarten Kategorien"),
    ],
)
def test_an_explanation_speaks_of_the_standings_scores_and_places_from_1(language, same, crossing):
    """Issue #31 item 18: the score as the standings show it (not the engine's group 43, numbered category
    after category), places counted from 1 (the engine's 0 is the best)."""
    from django.utils import translation

    from tournament.pairing_words import explanation_parts

    facts = {**FACTS, "groups": [43, 43], "places": [0, 3], "group_size": 6, "score_name": "MMS"}
    with translation.override(language):
        words, _numbers = explanation_parts({**facts, "scores_x2": [43, 43], "categories": [1, 1]})
        assert words[0] == same
        words, _numbers = explanation_parts({**facts, "groups": [42, 12], "scores_x2": [42, 40], "categories": [0, 1]})
        assert words[0].startswith(crossing) and "42" not in words[0] and "12" not in words[0]


def test_a_category_pairings_explanations_name_no_internal_group():
    """The engine's explanation of a McMahon with four categories, as the round page words it: every
    game's first sentence names MMS scores as the standings show them, never the category-offset groups."""
    from django.utils import translation

    from tests.pairing.opengotha.oracle import categories_field
    from tournament.pairing.engine import pair_round
    from tournament.pairing.explain import pair_facts
    from tournament.pairing.scores import crit_value
    from tournament.pairing_words import explanation_parts
    from tournament.standings.criteria import format_scaled

    t = categories_field.before(2)
    pairing = pair_round(t, 2)
    facts = [pair_facts(pairing, g.white, g.black) for g in pairing.games]
    assert len(facts) == 20
    mms = {k: format_scaled(crit_value(s, "MMS", 0), 2) for k, s in pairing.context.scores.items()}
    crossing = 0
    with translation.override("en"):
        for f in facts:
            first = explanation_parts(f)[0][0]
            a, b = f["players"]
            assert f"MMS {mms[a]}" in first and f"MMS {mms[b]}" in first, first
            assert "group" not in first and "places 0 " not in first, first
            crossing += "categories" in first
    assert crossing >= 1


def test_the_round_page_shows_the_numbers_behind_a_details_toggle(client, day, r2):
    round_pair(round=r2, user=SYSTEM)
    client.force_login(day.user("organizer"))
    client.cookies["django_language"] = "en"
    page = _page(client, day)
    rows = [line for line in page.splitlines() if 'class="explanation"' in line]
    assert rows
    for row in rows:
        assert "<details" in row and "<summary>" in row and "Pairing value" in row
        assert row.index("MMS ") < row.index("<details"), row
        assert "Pairing value" not in row[: row.index("<details")]


# --- the games' checks are worked out by the pairing, not by every cold view of the round page ---------


def test_the_round_page_shows_the_checks_the_pairing_kept_until_the_games_change(client, day, r2, monkeypatch):
    """At a congress the checks (rematches, colours, handicaps) are the scores of every player over every
    earlier round: the pairing works them out with the data it read, and the round page shows them,
    with the cache emptied, after publishing and after a result of the round, without checking again;
    a hand edit of the round's games is checked anew."""
    from django.core.cache import cache

    from tournament.selectors import round_day

    checked = []
    real = round_day.game_warnings

    def counted(round_, games=None, **kwargs):
        checked.append(round_.number)
        return real(round_, games, **kwargs)

    monkeypatch.setattr(round_day, "game_warnings", counted)
    organizer = day.user("organizer")
    round_pair(round=r2, user=organizer)
    assert checked == [2]  # by the pairing
    _organizer(client, day)
    cache.clear()
    assert "Rematch" not in _page(client, day)
    round_publish(round=r2, user=organizer)
    game = r2.games.order_by("table").first()
    result_set(game=game, user=organizer, version=game.version, result="W")
    cache.clear()
    assert "Rematch" not in _page(client, day)
    assert checked == [2]  # the page read what the pairing kept
    # round 1 paired Alice–Bob and Carol–Dave: a swap that brings both back is checked when shown
    r2.games.exclude(pk=game.pk).delete()
    game.delete()
    Game.objects.create(round=r2, table=1, black=_reg(day, "Alice"), white=_reg(day, "Bob"))
    cache.clear()
    page = _page(client, day)
    assert checked == [2, 2]
    assert "Rematch at table 1:" in page
