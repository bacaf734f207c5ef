"""Players take over the registrations an organizer made for them: by code or link, never by PIN or name."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from tournament.models import Registration
from tournament.models.registration import CLAIM_ALPHABET, format_claim_code, normalize_claim_code
from tournament.permissions import SYSTEM
from tournament.services.claims import ClaimError, registration_claim, registration_link, registration_unlink

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


def test_every_registration_without_an_account_has_a_readable_code(two):
    code = two.bernd.claim_code
    assert len(code) == 10 and set(code) <= set(CLAIM_ALPHABET)
    assert two.anna.claim_code is None  # she has an account
    shown = format_claim_code(code)
    assert shown[5] == "-" and normalize_claim_code(shown.lower().replace("-", " - ")) == code


def test_the_claim_link_shows_whose_registration_and_takes_it_after_log_in(client, two):
    url = reverse("claim_code", args=[two.bernd.claim_code])
    page = client.get(url).content.decode()
    assert "Bernd Brandt" in page and "Turnier A" in page
    response = client.post(url)
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert Registration.objects.get(pk=two.bernd.pk).user_id is None
    client.force_login(two.user("mallory"))  # whoever holds the slip: the organizer gave it to this person
    response = client.post(url)
    assert response["Location"] == reverse("my_tournament", args=["a"])
    bernd = Registration.objects.get(pk=two.bernd.pk)
    assert bernd.user == two.user("mallory") and bernd.claim_code is None
    entry = two.a.audit_entries.get(action="registration.claim")
    assert entry.user == two.user("mallory") and entry.after["account"] == "mallory"
    page = client.get(reverse("my_tournament", args=["a"])).content.decode()
    assert "Bernd Brandt" in page and "Anna Bergmann" in page  # his game against Anna
    # the code is used up
    assert client.get(url).status_code == 404


def test_a_code_can_be_typed_in_any_case_with_or_without_the_dash(client, two):
    typed = format_claim_code(two.bernd.claim_code).lower()
    response = client.post(reverse("claim"), {"code": f" {typed} "})
    assert response["Location"] == reverse("claim_code", args=[two.bernd.claim_code])
    response = client.post(reverse("claim"), {"code": "nothing-like-it"})
    assert response.status_code == 302
    assert client.get(response["Location"]).status_code == 404


def test_an_account_registered_already_cannot_claim_a_second_registration_there(two):
    with pytest.raises(ClaimError) as info:
        registration_claim(code=two.bernd.claim_code, user=two.user("anna"))
    assert info.value.code == "registered"
    assert Registration.objects.get(pk=two.bernd.pk).user_id is None


def test_the_organizer_links_and_unlinks_by_hand_each_audited(client, two):
    client.force_login(two.user("orga_a"))
    url = reverse("manage_registration_account", args=["a", two.bernd.pk])
    client.post(url, {"action": "link", "username": "MALLORY", "reason": "at the desk"})
    bernd = Registration.objects.get(pk=two.bernd.pk)
    assert bernd.user == two.user("mallory") and bernd.claim_code is None
    old_code = two.bernd.claim_code
    client.post(url, {"action": "unlink", "reason": "wrong person"})
    bernd.refresh_from_db()
    assert bernd.user is None and bernd.claim_code and bernd.claim_code != old_code
    actions = list(
        two.a.audit_entries.filter(action__in=["registration.link", "registration.unlink"])
        .order_by("pk")
        .values_list("action", "reason", "user__username")
    )
    assert actions == [
        ("registration.link", "at the desk", "orga_a"),
        ("registration.unlink", "wrong person", "orga_a"),
    ]
    # the old slip no longer works
    assert client.get(reverse("claim_code", args=[old_code])).status_code == 404


def test_linking_refuses_unknown_accounts_and_taken_registrations(two):
    with pytest.raises(ClaimError):
        registration_link(registration=two.bernd, username="nobody-here", user=SYSTEM)
    with pytest.raises(ClaimError):
        registration_link(registration=two.anna, username="mallory", user=SYSTEM)  # Anna's account is on it
    assert registration_unlink(registration=two.bernd, user=SYSTEM).user_id is None  # nothing to unlink: no change
    assert not two.a.audit_entries.filter(action="registration.unlink").exists()


def test_invitations_go_to_players_with_an_address_once(client, two, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    client.force_login(two.user("orga_a"))
    client.post(reverse("manage_invitations", args=["a"]))
    assert sorted(m.to[0] for m in mail.outbox) == ["bernd@example.org", "carl@example.org", "dora@example.org"]
    bernd_mail = next(m for m in mail.outbox if m.to == ["bernd@example.org"])
    assert f"/claim/{two.bernd.claim_code}/" in bernd_mail.body and "Turnier A" in bernd_mail.subject
    client.post(reverse("manage_invitations", args=["a"]))
    assert len(mail.outbox) == 3  # not twice
    assert two.a.audit_entries.filter(action="registration.invite").count() == 3
