"""The results grid's keyboard field through the site, in German and English: a typed result answers
one row (not the grid), a plain form goes back to the grid at the row, unknown tables and keys are
said clearly, a conflict offers "Replace", Undo; the phone's entry page a result slip's QR code opens."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from tournament.models import AuditEntry, Game, Round
from tournament.models.game import ResultState

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _type(client, day, text, htmx=True, **extra):
    url = reverse("manage_result_type", args=[day.tournament.slug])
    return client.post(url, {"round": day.round1.number, "entry": text, **extra}, **(HTMX if htmx else {}))


def _undo(client, day, entry, htmx=True):
    url = reverse("manage_result_undo", args=[day.tournament.slug])
    return client.post(url, {"round": day.round1.number, "entry": entry.pk}, **(HTMX if htmx else {}))


def _answer(response) -> str:
    html = response.content.decode()
    return re.sub(r"\s+", " ", re.search(r'<div id="typed-answer".*?</div>', html, flags=re.S).group(0))


def test_the_grid_has_the_field_above_its_rows(organizer_client, day, english_visitor):
    html = organizer_client.get(reverse("manage_results", args=[day.tournament.slug])).content.decode()
    field = html.index('id="typed-entry-input"')
    assert 'name="entry"' in html and "autofocus" in html[field : field + 300]
    assert field < html.index('id="result-row-')
    assert "tournament/results.js" in html


def test_a_typed_result_answers_its_row_only(organizer_client, day, english_visitor):
    response = _type(organizer_client, day, "2b")
    html = response.content.decode()
    assert response.status_code == 200
    assert "✓ Table 2: Black wins" in _answer(response)
    # the game's row out of band, highlighted; no other row: the grid is not drawn again
    assert re.findall(r'<tr id="result-row-(\d+)" class="([^"]+)" hx-swap-oob="true"', html) == [
        (str(day.game2.pk), "result-row saved entered")
    ]
    assert 'id="typed-entries" class="typed-entries" hx-swap-oob="true"' in html
    assert "Table 2: ? → <strong>1-0</strong>" in html and "typed-undo" in html
    game = Game.objects.get(pk=day.game2.pk)
    assert (game.result, game.result_state) == ("B", ResultState.CONFIRMED)


def test_the_same_result_twice_says_nothing_changed(organizer_client, day, english_visitor):
    _type(organizer_client, day, "2w")
    assert "Table 2 has White wins already: nothing changed." in _answer(_type(organizer_client, day, "2W"))
    assert AuditEntry.objects.filter(action="game.result.enter").count() == 1


def test_errors_in_english(organizer_client, day, english_visitor):
    assert "Round 1 has no table 99." in _answer(_type(organizer_client, day, "99b"))
    assert "“37x” is not a table and a result: type, for example, 37b" in _answer(_type(organizer_client, day, "37x"))
    assert "“370” is not a table and a result" in _answer(_type(organizer_client, day, "370"))
    assert "won, lost or both by default" in _answer(_type(organizer_client, day, "1=!"))
    assert not AuditEntry.objects.filter(action="game.result.enter").exists()


def test_errors_in_german(organizer_client, day):
    assert "Runde 1 hat keinen Tisch 99." in _answer(_type(organizer_client, day, "99b"))
    assert "„37x“ ist kein Tisch mit Ergebnis" in _answer(_type(organizer_client, day, "37x"))
    _type(organizer_client, day, "2b")
    assert "✓ Tisch 2: Schwarz gewinnt schon" not in _answer(_type(organizer_client, day, "2b"))
    assert "Tisch 2 hat schon Schwarz gewinnt: nichts geändert." in _answer(_type(organizer_client, day, "2b"))
    conflict = _answer(_type(organizer_client, day, "2w"))
    assert "Tisch 2 hat schon 1-0 (bestätigt, von organizer)" in conflict and "Durch „2w“ ersetzen" in conflict


def test_a_conflict_offers_to_replace_that_version(client, day, english_visitor):
    client.force_login(day.user("admin"))
    _type(client, day, "2b")
    client.force_login(day.user("organizer"))
    response = _type(client, day, "2w")
    answer = _answer(response)
    assert "Table 2 already has 1-0 (confirmed, by admin): replace it, or leave it." in answer
    assert 'form="typed-replace-form"' in answer
    replace = re.search(r'<form id="typed-replace-form".*?</form>', response.content.decode(), flags=re.S).group(0)
    assert 'name="replace" value="1"' in replace and 'name="entry" value="2w"' in replace
    assert Game.objects.get(pk=day.game2.pk).result == "B"
    assert "✓ Table 2: White wins" in _answer(_type(client, day, "2w", replace=1))
    assert Game.objects.get(pk=day.game2.pk).result == "W"


def test_undo_through_the_grid(organizer_client, day, english_visitor):
    _type(organizer_client, day, "1 0")
    entry = AuditEntry.objects.get(action="game.result.enter")
    response = _undo(organizer_client, day, entry)
    assert "✓ Table 1: undone, back to unknown." in _answer(response)
    assert "Table 1: undone, back to ?" in response.content.decode()
    assert Game.objects.get(pk=day.game.pk).result == "?"
    again = _undo(organizer_client, day, entry)
    assert "Table 1 has changed since (it has ? now): not undone." in _answer(again)
    log = organizer_client.get(reverse("audit_log", args=[day.tournament.slug])).content.decode()
    assert "result typed by an organizer" in log and "typed result undone" in log


def test_without_javascript_the_form_goes_back_to_the_grid_at_the_row(organizer_client, day, english_visitor):
    response = _type(organizer_client, day, "2w", htmx=False)
    grid = reverse("manage_results", args=[day.tournament.slug])
    assert response.status_code == 302 and response["Location"] == f"{grid}?round=1#result-row-{day.game2.pk}"
    page = organizer_client.get(response["Location"]).content.decode()
    assert "Table 2: White wins" in page  # the message
    assert "typed-undo" in page
    # an error: the grid again, the field keeping what was typed, the error under it
    error = _type(organizer_client, day, "9w", htmx=False)
    html = error.content.decode()
    assert error.status_code == 200 and "Round 1 has no table 9." in html
    assert re.search(r'id="typed-entry-input"[^>]*value="9w"', html)
    entry = AuditEntry.objects.get(action="game.result.enter")
    assert _undo(organizer_client, day, entry, htmx=False).status_code == 302
    assert Game.objects.get(pk=day.game2.pk).result == "?"


def test_a_finished_rounds_grid_sends_corrections_to_the_row(organizer_client, day, english_visitor):
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.FINISHED)
    assert "The round is closed: say why its result changes." in _answer(_type(organizer_client, day, "1b"))


# -- the phone's page of one game (the QR code of its slip) ------------------------------------------------


def test_the_slips_address_sends_each_role_to_its_page(client, day):
    slug, game = day.tournament.slug, day.game
    url = reverse("game_slip", args=[slug, game.pk])
    assert url == f"/t/{slug}/game/{game.pk}/slip/"
    expected = {
        None: reverse("public_game", args=[slug, 1, game.pk]),
        "alice": reverse("public_game", args=[slug, 1, game.pk]),
        "referee": reverse("game", args=[slug, game.pk]),
        "organizer": reverse("manage_result", args=[slug, game.pk]),
        "admin": reverse("manage_result", args=[slug, game.pk]),
    }
    for user, where in expected.items():
        client.logout()
        if user:
            client.force_login(day.user(user))
        response = client.get(url)
        assert (response.status_code, response["Location"]) == (302, where), user
    assert client.get(reverse("game_slip", args=[slug, 10**6])).status_code == 404


def test_the_phone_page_enters_and_undoes(organizer_client, day, english_visitor):
    page_url = reverse("manage_result", args=[day.tournament.slug, day.game.pk])
    html = organizer_client.get(page_url).content.decode()
    buttons = re.findall(r'<button type="submit" name="entry" value="([^"]+)"[^>]*>([^<]+)</button>', html)
    assert buttons == [
        ("1b", "Black wins"),
        ("1w", "White wins"),
        ("1=", "draw (jigo)"),  # Ninuki-Renju: no komi, a draw can happen
        ("1 0", "both lose"),
        ("1 1", "both win"),
        ("1b!", "Black wins by default"),
        ("1w!", "White wins by default"),
        ("1 0!", "both lose by default"),
    ]
    response = organizer_client.post(
        reverse("manage_result_type", args=[day.tournament.slug]), {"round": 1, "entry": "1w", "next": "phone"}
    )
    assert (response.status_code, response["Location"]) == (302, page_url)
    html = organizer_client.get(page_url).content.decode()
    assert "Table 1: White wins" in html and "You entered 0-1 (before: ?)." in html
    assert 'value="1?"' in html  # now it can be cleared
    conflict = organizer_client.post(
        reverse("manage_result_type", args=[day.tournament.slug]), {"round": 1, "entry": "1b", "next": "phone"}
    )
    assert conflict.status_code == 200 and "Table 1 already has 0-1" in conflict.content.decode()
    assert 'name="replace" value="1"' in conflict.content.decode()
    entry = AuditEntry.objects.get(action="game.result.enter")
    undo = organizer_client.post(
        reverse("manage_result_undo", args=[day.tournament.slug]), {"round": 1, "entry": entry.pk, "next": "phone"}
    )
    assert undo["Location"] == page_url and Game.objects.get(pk=day.game.pk).result == "?"


def test_the_phone_page_offers_no_jigo_with_half_a_point_of_komi(organizer_client, day):
    round2 = Round.objects.create(tournament=day.tournament, discipline=day.go, number=2, status="published")
    game = Game.objects.create(round=round2, table=5, black=day.game.black, white=day.game.white, komi=Decimal("6.5"))
    html = organizer_client.get(reverse("manage_result", args=[day.tournament.slug, game.pk])).content.decode()
    assert 'value="5b"' in html and 'value="5="' not in html
    assert "Schwarz gewinnt" in html  # German by default
    # the row's own choice is checked alike
    url = reverse("manage_result", args=[day.tournament.slug, game.pk])
    row = organizer_client.post(url, {f"g{game.pk}-version": 0, f"g{game.pk}-result": "D"}, **HTMX)
    assert "Tisch 5 kann nicht unentschieden enden: sein Komi ist 6,5." in row.content.decode()


def _phone_form(html: str) -> dict:
    """The hidden fields of the phone page's result buttons, as the page sent them."""
    form = re.search(r'<form [^>]*class="entry-buttons">(.*?)</form>', html, flags=re.S).group(1)
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))


@pytest.mark.parametrize(
    ("language", "gone"),
    [
        ("en", "The pairing changed since this page was opened: this game is no longer in round 1."),
        (
            "de",
            "Die Paarung hat sich geändert, seit diese Seite geöffnet wurde: Diese Partie ist nicht mehr in Runde 1.",
        ),
    ],
)
def test_the_phone_page_enters_the_game_it_showed_when_the_pairing_changed_meanwhile(
    organizer_client, day, language, gone
):
    """The slip's QR opened Alice–Bob at table 1; before "Black wins" was tapped, another organizer moved them
    to table 2 (Carol–Dave sit at table 1 now): the result is Alice–Bob's, the game the page showed, never
    Carol–Dave's. Taken out of the round meanwhile: refused in words, nothing entered.
    ::

        page shown      table 1: Alice – Bob     table 2: Carol – Dave
        meanwhile       table 1: Carol – Dave    table 2: Alice – Bob
        "1b" tapped  -> Alice – Bob: 1-0         Carol – Dave: ?
    """
    from tournament.services.round_edits import game_move_table, game_unpair

    organizer_client.cookies["django_language"] = language
    url = reverse("manage_result_type", args=[day.tournament.slug])
    shown = _phone_form(
        organizer_client.get(reverse("manage_result", args=[day.tournament.slug, day.game.pk])).content.decode()
    )
    game_move_table(game=day.game, table=2, user=day.user("admin"))
    response = organizer_client.post(url, {**shown, "entry": "1b"})
    assert response.status_code == 302
    assert Game.objects.get(pk=day.game.pk).result == "B" and Game.objects.get(pk=day.game2.pk).result == "?"
    shown = _phone_form(
        organizer_client.get(reverse("manage_result", args=[day.tournament.slug, day.game2.pk])).content.decode()
    )
    game_unpair(game=Game.objects.get(pk=day.game2.pk), user=day.user("admin"))
    refused = organizer_client.post(url, {**shown, "entry": "1w"})
    assert refused.status_code == 200 and gone in refused.content.decode()
    assert AuditEntry.objects.filter(action="game.result.enter").count() == 1


# -- a slip of an older pairing: the grid's field carries the pairing version it was drawn at ----------------


@pytest.fixture
def swapped(organizer_client, day):
    """Round 1 at pairing 1 with a third table, its slips printed; the grid loaded; then Alice and Carol
    swapped (pairing 2; table 1's colours by the rules): tables 1 and 2 seat other pairs, table 3 is as printed.
    ::

        slips, grid (pairing 1)   table 1: Alice – Bob     table 2: Carol – Dave    table 3: Erik – Frank
        after the swap (2)        table 1: Bob – Carol     table 2: Alice – Dave    table 3: Erik – Frank
    """
    from tournament.models import Registration
    from tournament.ranks import parse_rank
    from tournament.services.pairing_prints import pairing_changed, pairing_print_record
    from tournament.services.round_edits import game_swap_players

    erik, frank = (
        Registration.objects.create(
            tournament=day.tournament,
            surname=surname,
            given_name=given,
            rank=parse_rank("5k"),
            status=Registration.Status.CONFIRMED,
        )
        for surname, given in (("Engel", "Erik"), ("Fink", "Frank"))
    )
    Game.objects.create(round=day.round1, table=3, black=erik, white=frank)
    pairing_changed(day.round1)
    day.round1.refresh_from_db()
    pairing_print_record(round=day.round1, kind="slips", user=day.user("organizer"))
    grid = organizer_client.get(reverse("manage_results", args=[day.tournament.slug]) + "?round=1").content.decode()
    drawn = re.search(r'<input type="hidden" name="pairing" value="(\d+)">', grid).group(1)
    assert drawn == "1"
    game_swap_players(round=day.round1, player_a=day.game.black, player_b=day.game2.black, user=day.user("admin"))
    assert Round.objects.get(pk=day.round1.pk).pairing_version == 2
    return drawn


def _confirm_form(response) -> dict:
    form = re.search(r'<form id="typed-confirm-form".*?</form>', response.content.decode(), flags=re.S).group(0)
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))


def test_a_slip_of_an_older_pairing_is_refused_at_a_changed_table(organizer_client, day, swapped, english_visitor):
    response = _type(organizer_client, day, "1b", pairing=swapped)
    answer = _answer(response)
    assert response.status_code == 200
    assert (
        "Table 1 now seats Bob Bauer – Carol Conrad: the pairing changed since pairing 1, which this page shows"
        " (now pairing 2). “1b” was not entered." in answer
    )
    assert "Enter “1b” for Bob Bauer – Carol Conrad" in answer and 'form="typed-confirm-form"' in answer
    assert "Reload the page for pairing 2" in answer
    assert not AuditEntry.objects.filter(action="game.result.enter").exists()
    assert Game.objects.get(round=day.round1, table=1).result == "?"
    # the confirm button carries the pairing now: the result goes to the pair at table 1 now
    confirm = _confirm_form(response)
    assert confirm == {
        "csrfmiddlewaretoken": confirm["csrfmiddlewaretoken"],
        "round": "1",
        "entry": "1b",
        "pairing": "1",  # the page's, still
        "confirmed": "2",
    }
    done = organizer_client.post(reverse("manage_result_type", args=[day.tournament.slug]), confirm, **HTMX)
    assert "✓ Table 1: Black wins" in _answer(done) and "Reload the page for pairing 2" in _answer(done)
    assert "result-row-" not in done.content.decode()  # the game entered has no row on the page drawn at 1
    game = Game.objects.get(round=day.round1, table=1)
    assert (game.table, game.black.given_name, game.white.given_name, game.result) == (1, "Bob", "Carol", "B")


def test_a_slip_of_an_older_pairing_goes_through_at_an_unchanged_table(organizer_client, day, swapped, english_visitor):
    answer = _answer(_type(organizer_client, day, "3w", pairing=swapped))
    assert "✓ Table 3: White wins" in answer
    assert "Reload the page for pairing 2" in answer  # the grid still says its pairing is old
    assert Game.objects.get(round=day.round1, table=3).result == "W"
    # a form of the pairing now, or one without its version (an older page): as before
    assert "✓ Table 2: Black wins" in _answer(_type(organizer_client, day, "2b", pairing=2))
    assert "✓ Table 1: White wins" in _answer(_type(organizer_client, day, "1w"))


def test_a_slip_of_an_older_pairing_in_german(organizer_client, day, swapped):
    answer = _answer(_type(organizer_client, day, "2w", pairing=swapped))
    assert (
        "An Tisch 2 sitzen jetzt Alice Albers – Dave Dietz: Die Paarung hat sich seit Paarung 1 geändert, die"
        " diese Seite zeigt (jetzt Paarung 2). „2w“ wurde nicht eingetragen." in answer
    )
    assert "„2w“ für Alice Albers – Dave Dietz eintragen" in answer
    assert "Seite für Paarung 2 neu laden" in answer
    assert Game.objects.get(round=day.round1, table=2).result == "?"


def test_without_a_print_of_the_grids_pairing_every_table_is_asked(organizer_client, day, swapped, english_visitor):
    """No paper kept pairing 1 (its print is gone): what sat at table 3 then is not known, so it is asked too."""
    from tournament.models import PairingPrint

    PairingPrint.objects.all().delete()
    answer = _answer(_type(organizer_client, day, "3w", pairing=swapped))
    assert "Table 3 now seats Erik Engel – Frank Fink: the pairing changed since pairing 1" in answer
    assert Game.objects.get(round=day.round1, table=3).result == "?"


def test_without_javascript_the_refusal_keeps_the_grids_pairing(organizer_client, day, swapped, english_visitor):
    refused = _type(organizer_client, day, "1b", htmx=False, pairing=swapped)
    html = refused.content.decode()
    assert refused.status_code == 200 and "Table 1 now seats Bob Bauer – Carol Conrad" in html
    assert re.search(r'id="typed-entry-form".*?<input type="hidden" name="pairing" value="1">', html, flags=re.S)
    assert _confirm_form(refused)["confirmed"] == "2"
    assert "Reload the page for pairing 2" in html
    # an unchanged table goes through; the grid it goes back to still carries pairing 1
    done = _type(organizer_client, day, "3b", htmx=False, pairing=swapped)
    assert done.status_code == 302 and "pairing=1" in done["Location"]
    grid = organizer_client.get(done["Location"]).content.decode()
    assert '<input type="hidden" name="pairing" value="1">' in grid and "Reload the page for pairing 2" in grid
    fresh = organizer_client.get(reverse("manage_results", args=[day.tournament.slug]) + "?round=1").content.decode()
    assert '<input type="hidden" name="pairing" value="2">' in fresh and "Reload the page" not in fresh


@pytest.mark.parametrize("text", ["１b", "٣٧b", "1５w"])
def test_only_ascii_digits_are_a_table(organizer_client, day, english_visitor, text):
    answer = _answer(_type(organizer_client, day, text))
    assert f"“{text}”: type the table with the digits 0 to 9." in answer
    assert not AuditEntry.objects.filter(action="game.result.enter").exists()


def test_the_grids_round_number_is_read_as_ascii_digits(organizer_client, day, english_visitor):
    url = reverse("manage_results", args=[day.tournament.slug])
    for bad in ["²", "1.0", "-1", "9" * 30, "١"]:
        response = organizer_client.get(url, {"round": bad})
        assert response.status_code == 200, bad
        assert 'name="round" value="1"' in response.content.decode()  # the last published round instead
