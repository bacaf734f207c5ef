"""The staff of a tournament: roles by user name, invitations by link, the last organizer stays."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from tournament.models import AuditEntry, TournamentInvitation, TournamentRole
from tournament.permissions import SYSTEM
from tournament.services.staff import (
    invitation_accept,
    invitation_create,
    invitation_withdraw,
    role_add,
    role_remove,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


def test_a_role_by_user_name_as_typed_at_log_in(day):
    t = day.tournament
    grant = role_add(tournament=t, username="  ＣＡＲＯＬ ", role="referee", user=day.user("organizer"))
    assert (grant.user.username, grant.role) == ("carol", "referee")
    entry = AuditEntry.objects.get(tournament=t, action="role.add")
    assert entry.after == {"user": "carol", "role": "referee"} and entry.user == day.user("organizer")
    with pytest.raises(ValidationError, match="referee already"):
        role_add(tournament=t, username="carol", role="referee", user=day.user("organizer"))
    for name in ("nobody-at-all", "", "car\x00ol", "x" * 500):
        with pytest.raises(ValidationError, match="no account"):
            role_add(tournament=t, username=name, role="referee", user=SYSTEM)
    with pytest.raises(ValidationError):
        role_add(tournament=t, username="carol", role="king", user=SYSTEM)


def test_the_last_organizer_cannot_be_removed(day):
    t = day.tournament
    only = t.roles.get(role="organizer")
    with pytest.raises(ValidationError, match="at least one organizer"):
        role_remove(tournament=t, role=only, user=day.user("organizer"))
    second = role_add(tournament=t, username="bob", role="organizer", user=SYSTEM)
    role_remove(tournament=t, role=only, user=day.user("organizer"), reason="hands over")
    assert list(t.roles.filter(role="organizer").values_list("user__username", flat=True)) == ["bob"]
    entry = AuditEntry.objects.get(tournament=t, action="role.remove")
    assert entry.before == {"user": "organizer", "role": "organizer"} and entry.reason == "hands over"
    with pytest.raises(ValidationError, match="at least one organizer"):
        role_remove(tournament=t, role=second, user=day.user("bob"))
    # a role of another tournament is not removed through this one
    other = day.other.roles.get()
    with pytest.raises(ValidationError, match="removed already"):
        role_remove(tournament=t, role=other, user=SYSTEM)
    assert day.other.roles.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_organizers_removing_each_other_at_once_leave_one(monkeypatch):
    """Real threads; each waits, once it has counted the organizers, until the other has counted too (or 2 s).
    Without the tournament's row lock both would count two organizers and both roles would go."""
    import threading

    from tests.fixtures.day import build_day
    from tests.reliability.together import run_together
    from tournament.services import staff

    t = build_day().tournament
    first = t.roles.get(role="organizer")
    second = role_add(tournament=t, username="bob", role="organizer", user=SYSTEM)
    both_counted = threading.Barrier(2)
    log = staff.log_change

    def log_after_both_counted(*args, **kwargs):
        try:
            both_counted.wait(timeout=2)
        except threading.BrokenBarrierError:
            pass  # the other one waits for the lock: it counts after this one is through
        return log(*args, **kwargs)

    monkeypatch.setattr(staff, "log_change", log_after_both_counted)

    def remove(role):
        def go():
            try:
                role_remove(tournament=t, role=role, user=SYSTEM)
                return "removed"
            except ValidationError:
                return "refused"

        return go

    outcomes = run_together(remove(first), remove(second))
    assert sorted(outcomes) == ["refused", "removed"]
    assert t.roles.filter(role="organizer").count() == 1


def test_an_invitation_link_by_e_mail_is_accepted_once(day, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    t = day.tournament
    invitation = invitation_create(
        tournament=t,
        role="referee",
        email="schiri@example.org",
        user=day.user("organizer"),
        base_url="https://go.example.org/",
        language="de",
    )
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["schiri@example.org"]
    assert "Schiedsrichter" in mail.outbox[0].subject  # in the language of the organizer's page
    link = re.search(r"https://go\.example\.org/invitation/\S+/", mail.outbox[0].body).group(0)
    assert invitation.token in link
    newcomer = get_user_model().objects.create_user("neu", password="pw-neu-123")
    grant = invitation_accept(token=invitation.token, user=newcomer)
    assert (grant.user, grant.role, grant.tournament) == (newcomer, "referee", t)
    # the second of a double click finds it done; anybody else is refused
    assert invitation_accept(token=invitation.token, user=newcomer) == grant
    with pytest.raises(ValidationError, match="accepted already"):
        invitation_accept(token=invitation.token, user=day.user("nobody"))
    assert not TournamentRole.objects.filter(user=day.user("nobody")).exists()
    actions = list(AuditEntry.objects.filter(tournament=t, action__startswith="role.").values_list("action", "user"))
    assert ("role.invite", day.user("organizer").pk) in actions and ("role.accept", newcomer.pk) in actions


def test_withdrawn_expired_and_unknown_invitations_give_nothing(day):
    t = day.tournament
    withdrawn = invitation_create(tournament=t, role="organizer", user=day.user("organizer"))
    invitation_withdraw(tournament=t, invitation=withdrawn, user=day.user("organizer"))
    old = invitation_create(tournament=t, role="organizer", user=SYSTEM)
    TournamentInvitation.objects.filter(pk=old.pk).update(created_at=timezone.now() - dt.timedelta(days=15))
    for token, message in (
        (withdrawn.token, "not known"),
        (old.token, "expired"),
        ("", "not known"),
        ("\x00", "not known"),
        ("x" * 5000, "not known"),
    ):
        with pytest.raises(ValidationError, match=message):
            invitation_accept(token=token, user=day.user("nobody"))
    assert not TournamentRole.objects.filter(user=day.user("nobody")).exists()
    with pytest.raises(ValidationError):
        invitation_withdraw(tournament=t, invitation=withdrawn, user=day.user("organizer"))
    assert AuditEntry.objects.filter(tournament=t, action="role.invite.withdraw").count() == 1


def test_the_team_page_adds_invites_and_removes(client, day, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    t = day.tournament
    client.force_login(day.user("organizer"))
    page = client.get(reverse("manage_team", args=[t.slug])).content.decode()
    assert "referee" in page and "organizer" in page
    assert (
        client.post(reverse("manage_team_add", args=[t.slug]), {"username": "dave", "role": "organizer"}).status_code
        == 302
    )
    assert t.roles.filter(user__username="dave", role="organizer").exists()
    response = client.post(reverse("manage_team_add", args=[t.slug]), {"username": "ghost", "role": "referee"})
    assert response.status_code == 422 and "no account" in response.content.decode()
    client.post(reverse("manage_team_invite", args=[t.slug]), {"email": "", "role": "referee"})
    invitation = t.invitations.get()
    page = client.get(reverse("manage_team", args=[t.slug])).content.decode()
    assert f"/invitation/{invitation.token}/" in page
    response = client.post(reverse("manage_team_invite", args=[t.slug]), {"email": "not an address", "role": "referee"})
    assert response.status_code == 422 and t.invitations.count() == 1
    dave_role = t.roles.get(user__username="dave")
    client.post(reverse("manage_team_remove", args=[t.slug]), {"role": dave_role.pk})
    assert not t.roles.filter(user__username="dave").exists()
    for odd in ("", "abc", "99999999999999999999999", "\x00", str(day.other.roles.get().pk)):
        expected = 400 if odd == "\x00" else 302  # a NUL is refused before the view (tournament.middleware)
        assert client.post(reverse("manage_team_remove", args=[t.slug]), {"role": odd}).status_code == expected
        assert client.post(reverse("manage_team_withdraw", args=[t.slug]), {"invitation": odd}).status_code == expected
    assert day.other.roles.count() == 1
    # the last organizer: the page offers no button, and a forged request is refused
    only = t.roles.get(role="organizer")
    response = client.post(reverse("manage_team_remove", args=[t.slug]), {"role": only.pk}, follow=True)
    assert "at least one organizer" in response.content.decode()
    assert t.roles.filter(role="organizer").count() == 1


def test_the_invitation_page_sends_a_stranger_to_sign_up_and_back(client, day):
    t = day.tournament
    invitation = invitation_create(tournament=t, role="referee", user=day.user("organizer"))
    url = reverse("invitation", args=[invitation.token])
    page = client.get(url).content.decode()
    assert t.name in page and f"/accounts/signup/?next={url}" in page
    assert client.post(url)["Location"].startswith(reverse("login"))
    client.post(
        f"{reverse('signup')}?next={url}",
        {"username": "hanna", "password1": "ein-langes-Passwort-7", "password2": "ein-langes-Passwort-7", "next": url},
    )
    response = client.post(url)
    assert response["Location"] == reverse("referee_queue", args=[t.slug])
    assert t.roles.filter(user__username="hanna", role="referee").exists()
    assert client.get(reverse("invitation", args=["no-such-token"])).status_code == 404


def test_an_organizer_who_leaves_the_organizers_goes_to_their_tournaments(client, day):
    """Issue #24: the page asked for any role left, so a referee was sent to the team page and refused."""
    t = day.tournament
    carol = day.user("carol")
    own = role_add(tournament=t, username="carol", role="organizer", user=SYSTEM)
    role_add(tournament=t, username="carol", role="referee", user=SYSTEM)
    client.force_login(carol)
    response = client.post(reverse("manage_team_remove", args=[t.slug]), {"role": own.pk})
    assert response.status_code == 302 and response["Location"] == reverse("my_tournaments")
    assert t.roles.filter(user=carol, role="referee").exists()
