"""Issue #21 item 9: self-registration closes once the last round is paired (the page says so), a player
is offered only the rounds still to come to miss, and the form marks its required fields."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournament.models import Registration, Round

pytestmark = pytest.mark.usefixtures("english_visitor")

FORM = {
    "given_name": "Erika",
    "surname": "Neu",
    "rank": "5k",
    "club": "",
    "country": "DE",
    "email": "erika@example.org",
    "username": "erika",
    "password": "ein-langes-Passwort-42",
}


def _nav_offers_register(page: str, slug: str) -> bool:
    return f'href="/t/{slug}/register/"' in page


def test_registration_closes_once_the_last_round_is_paired(client, day):
    slug = day.tournament.slug
    url = reverse("register", args=[slug])
    round2 = Round.objects.create(tournament=day.tournament, discipline=day.go, number=2)
    page = client.get(url).content.decode()
    assert 'name="email"' in page and _nav_offers_register(
        client.get(reverse("tournament", args=[slug])).content.decode(), slug
    )

    Round.objects.filter(pk=round2.pk).update(status=Round.Status.PAIRED)  # the last round is paired
    page = client.get(url).content.decode()
    assert 'name="email"' not in page
    assert "Registration is closed: the last round has been paired." in page
    assert not _nav_offers_register(client.get(reverse("tournament", args=[slug])).content.decode(), slug)
    response = client.post(url, FORM)
    assert response.status_code == 200 and "the last round has been paired" in response.content.decode()
    assert not Registration.objects.filter(tournament=day.tournament, surname="Neu").exists()
    client.cookies["django_language"] = "de"
    german = client.get(url).content.decode()
    client.cookies["django_language"] = "en"
    assert "Die Anmeldung ist geschlossen: Die letzte Runde ist ausgelost." in german

    # a tournament still without rounds takes registrations as its organizer set it
    Round.objects.filter(tournament=day.tournament).delete()
    client.post(url, FORM)
    assert Registration.objects.filter(tournament=day.tournament, surname="Neu").exists()


def test_the_service_refuses_a_registration_after_the_last_round_is_paired(day):
    from django.core.exceptions import ValidationError

    from tournament.services.players import player_register_self

    with pytest.raises(ValidationError, match="last round"):
        player_register_self(
            tournament=day.tournament,
            data={"given_name": "Erika", "surname": "Neu", "rank": "5k", "email": "e@example.org"},
            user=day.user("nobody"),
            username="",
            password="",
            address="192.0.2.1",
        )


def test_the_required_fields_are_marked(client, day):
    Round.objects.create(tournament=day.tournament, discipline=day.go, number=2)
    page = client.get(reverse("register", args=[day.tournament.slug])).content.decode()
    label = re.search(r'<label for="id_email"[^>]*>(.*?)</label>', page, re.S)
    assert label is not None and 'class="required-mark"' in label.group(1), label and label.group(1)
    assert re.search(r'<input[^>]*name="email"[^>]*required', page)
    assert re.search(r'<input[^>]*name="email"[^>]*aria-required="true"', page) or re.search(
        r'<input[^>]*name="email"[^>]*required', page
    )
    club = re.search(r'<label for="id_club"[^>]*>(.*?)</label>', page, re.S)
    assert club is not None and "required-mark" not in club.group(1)
    assert "Fields marked * are required." in page


def test_only_rounds_still_to_come_are_offered_to_miss(client, day):
    """A bye is asked for in a planned round only; the absences of begun rounds are shown, not asked again."""
    slug = day.tournament.slug
    Round.objects.create(tournament=day.tournament, discipline=day.go, number=2)
    Registration.objects.filter(user=day.user("carol")).update(absent_rounds=[1])
    client.force_login(day.user("carol"))
    page = client.get(reverse("my_tournament", args=[slug])).content.decode()
    asks = re.findall(r'name="round" value="(\d+)"><button type="submit" class="small">Ask for a bye', page)
    assert asks == ["2"] and 'id="bye-round-1" class="bye-absent"' in page
    client.post(reverse("my_bye", args=[slug]), {"round": "2"})
    registration = Registration.objects.get(user=day.user("carol"), tournament=day.tournament)
    assert registration.absent_rounds == [1] and registration.bye_requests.get().round.number == 2
    Round.objects.filter(tournament=day.tournament, number=2).update(status=Round.Status.PAIRED)
    page = client.get(reverse("my_tournament", args=[slug])).content.decode()
    assert "Ask for a bye</button>" not in page and "Take back" not in page
    assert 'id="bye-round-2" class="bye-pending"' in page
