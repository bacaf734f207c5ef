"""The Django admin as a safety net (issue 12, point 7).

Ranks are typed as on the site (``1d``, ``20k``); a round plays one of its
own tournament's disciplines, whichever way it is saved; results, players,
tables and round status cannot be changed there (they go through the
services and the audit log); what can still be changed is audited.
"""

from __future__ import annotations

import re

import pytest
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.test import RequestFactory
from django.urls import reverse

from tests.factories import make_discipline
from tournament.models import AuditEntry, Bye, Game, Registration, Round, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, day):
    client.force_login(day.user("admin"))
    client.cookies["django_language"] = "en"
    return client


def _input(html: str, name: str) -> str:
    found = re.search(rf'<input[^>]*name="{name}"[^>]*>', html)
    assert found, name
    return found.group(0)


def test_rank_fields_are_text_inputs_in_every_admin_form(admin_client, day):
    t = day.tournament
    t.mcmahon_bar = 0
    t.save()
    html = admin_client.get(reverse("admin:tournament_tournament_change", args=[t.pk])).content.decode()
    for name in ("mcmahon_bar", "mcmahon_floor", "handicap_threshold"):
        assert 'type="text"' in _input(html, name), name
    assert 'value="1d"' in _input(html, "mcmahon_bar")
    reg = Registration.objects.get(tournament=t, given_name="Alice")
    html = admin_client.get(reverse("admin:tournament_registration_change", args=[reg.pk])).content.decode()
    assert 'type="text"' in _input(html, "rank") and 'value="3k"' in _input(html, "rank")


def _tournament_form(day, data):
    request = RequestFactory().get("/admin/")
    request.user = day.user("admin")
    model_admin = admin.site._registry[Tournament]
    form_class = model_admin.get_form(request, day.tournament)
    values = {f: getattr(day.tournament, f) for f in form_class.base_fields if hasattr(day.tournament, f)}
    values.update(standings_criteria='["mms", "sosmms"]', pairing_parameters="{}", **data)
    return form_class(values, instance=day.tournament)


@pytest.mark.parametrize("typed, stored", [("1d", 0), ("20K", -20), (" 3d ", 2), ("1p", 9)])
def test_the_admin_reads_ranks_as_the_site_does(day, typed, stored):
    form = _tournament_form(day, {"mcmahon_bar": typed, "mcmahon_floor": "30k"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["mcmahon_bar"] == stored


@pytest.mark.parametrize("typed", ["1", "0d", "31k", "1x", "d1"])
def test_a_wrong_rank_in_the_admin_is_a_form_error(day, typed):
    form = _tournament_form(day, {"mcmahon_bar": typed})
    assert not form.is_valid() and "mcmahon_bar" in form.errors


def test_a_player_is_saved_in_the_admin(admin_client, day):
    reg = Registration.objects.get(tournament=day.tournament, given_name="Alice")
    data = {
        "tournament": reg.tournament_id,
        "user": reg.user_id,
        "surname": "Albers",
        "given_name": "Alice",
        "surname_latin": "",
        "given_name_latin": "",
        "club": "Hannover",
        "country": "DE",
        "rank": "2d",
        "rating": "",
        "egd_pin": "",
        "email": "",
        "status": "confirmed",
        "source": "organizer",
        "absent_rounds": "[]",
        "mms_correction": "0",
        "note": "",
    }
    response = admin_client.post(reverse("admin:tournament_registration_change", args=[reg.pk]), data)
    assert response.status_code == 302, re.findall(r"errorlist[^>]*>(.*?)</ul>", response.content.decode())
    reg.refresh_from_db()
    assert reg.rank == 1 and reg.club == "Hannover"
    data["rank"] = "2 dan"
    response = admin_client.post(reverse("admin:tournament_registration_change", args=[reg.pk]), data)
    assert response.status_code == 200 and "is not a rank" in response.content.decode()


def test_a_round_cannot_play_another_tournaments_discipline(admin_client, day):
    foreign = make_discipline(day.other)
    round_ = day.round1
    data = {"discipline": foreign.pk, "pairing_system": "", "starts_at_0": "", "starts_at_1": ""}
    response = admin_client.post(reverse("admin:tournament_round_change", args=[round_.pk]), data)
    assert response.status_code == 200
    assert Round.objects.get(pk=round_.pk).discipline_id == day.ninuki.pk
    # the change page offers only the round's own tournament's disciplines
    html = admin_client.get(reverse("admin:tournament_round_change", args=[round_.pk])).content.decode()
    assert f'value="{foreign.pk}"' not in html and f'value="{day.go.pk}"' in html
    # and every other path refuses it too: model validation, and saving it at all
    round_.discipline = foreign
    with pytest.raises(ValidationError):
        round_.full_clean()
    with pytest.raises(ValidationError):
        round_.save()
    with pytest.raises(ValidationError):
        Round.objects.create(tournament=day.tournament, discipline=foreign, number=7)
    assert Round.objects.get(pk=round_.pk).discipline_id == day.ninuki.pk


def test_a_round_added_in_the_admin_with_a_foreign_discipline_is_refused(admin_client, day):
    foreign = make_discipline(day.other)
    data = {
        "tournament": day.tournament.pk,
        "number": 5,
        "discipline": foreign.pk,
        "pairing_system": "",
        "starts_at_0": "",
        "starts_at_1": "",
    }
    response = admin_client.post(reverse("admin:tournament_round_add"), data)
    assert response.status_code == 200
    assert "The discipline belongs to another tournament." in response.content.decode()
    assert not Round.objects.filter(number=5).exists()


def test_round_status_is_read_only_in_the_admin(admin_client, day):
    round_ = day.round1
    data = {
        "discipline": day.go.pk,
        "pairing_system": "swiss",
        "status": "finished",
        "starts_at_0": "2026-11-28",
        "starts_at_1": "10:00",
    }
    response = admin_client.post(reverse("admin:tournament_round_change", args=[round_.pk]), data)
    assert response.status_code == 302
    round_.refresh_from_db()
    assert round_.status == Round.Status.PUBLISHED and round_.pairing_system == "swiss"
    entry = AuditEntry.objects.get(action="admin.change", object_type="round", object_id=round_.pk)
    assert entry.before["discipline"] == "Ninuki-Renju" and entry.after["discipline"] == "Go"


def test_results_players_and_tables_are_read_only_in_the_admin(admin_client, day):
    game = day.game
    data = {
        "table": 9,
        "black": game.white_id,
        "white": game.black_id,
        "result": "B",
        "by_default": "on",
        "method": "five",
        "result_state": "adjudicated",
        "record": "K10",
        "handicap": 0,
        "komi": "0",
    }
    response = admin_client.post(reverse("admin:tournament_game_change", args=[game.pk]), data)
    assert response.status_code == 302
    after = Game.objects.get(pk=game.pk)
    assert (after.table, after.black_id, after.white_id) == (game.table, game.black_id, game.white_id)
    assert (after.result, after.result_state, after.by_default, after.record) == ("?", "pending", False, "")
    assert Round.objects.get(pk=day.round1.pk).pairing_version == 0  # nothing of the pairing changed
    # a handicap changed in the admin is a change of the pairing printed on the sheet: a new pairing version
    response = admin_client.post(reverse("admin:tournament_game_change", args=[game.pk]), {**data, "handicap": 2})
    assert response.status_code == 302 and Game.objects.get(pk=game.pk).handicap == 2
    assert Round.objects.get(pk=day.round1.pk).pairing_version == 1
    assert admin_client.get(reverse("admin:tournament_game_add")).status_code == 403
    assert (
        admin_client.post(reverse("admin:tournament_game_delete", args=[game.pk]), {"post": "yes"}).status_code == 403
    )
    assert Game.objects.filter(pk=game.pk).exists()
    # byes too: they come from pairing
    bye = Bye.objects.create(
        round=day.round1,
        player=Registration.objects.create(
            tournament=day.tournament, surname="Frei", given_name="Fritz", rank=-10, status="confirmed"
        ),
    )
    assert admin_client.post(reverse("admin:tournament_bye_change", args=[bye.pk]), {}).status_code == 403
    assert admin_client.post(reverse("admin:tournament_bye_delete", args=[bye.pk]), {"post": "yes"}).status_code == 403
    assert Bye.objects.filter(pk=bye.pk).exists()
