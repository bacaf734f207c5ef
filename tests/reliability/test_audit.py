"""The audit log: every change recorded, readable by organizers and referees, editable by nobody."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import AuditEntry
from tournament.services import registrations as registration_services
from tournament.services import results as result_services

from .test_permissions import Site, url_patterns


def _snapshot():
    return sorted(
        AuditEntry.objects.values_list(
            "pk",
            "tournament_id",
            "user_id",
            "action",
            "object_type",
            "object_id",
            "before",
            "after",
            "reason",
            "created_at",
        )
    )


def test_changes_are_recorded_and_shown_in_words(client, day):
    organizer, referee = day.user("organizer"), day.user("referee")
    game = result_services.result_set(game=day.game2, user=organizer, version=0, result="B", reason="slip at desk")
    result_services.result_adjudicate(
        game=game, user=referee, version=game.version, result="W", reason="White won on time"
    )
    reg = day.tournament.registrations.first()
    registration_services.registration_set_status(registration=reg, status="withdrawn", user=organizer, reason="ill")
    for who in ("organizer", "referee"):
        client.force_login(day.user(who))
        response = client.get(reverse("audit_log", args=[day.tournament.slug]))
        assert response.status_code == 200
        text = response.content.decode()
        for needle in ("slip at desk", "White won on time", "ill", "organizer", "referee"):
            assert needle in text, needle
    # before and after in words, not JSON
    table = text[text.index('id="audit-log"') : text.index("</table>", text.index('id="audit-log"'))]
    assert "{&quot;" not in table and '{"' not in table
    assert "Weiß" in table or "White" in table
    entries = list(response.context["page"])
    adjudication = next(e for e in entries if e.action == "game.result.adjudicate")
    assert adjudication.before["result"] == "B" and adjudication.after["result"] == "W"


def test_filters_and_pages(client, day):
    organizer = day.user("organizer")
    game = day.game2
    for i in range(60):
        game = result_services.result_set(
            game=game, user=organizer, version=game.version, result="B" if i % 2 == 0 else "W", reason=f"change {i}"
        )
    registration_services.registration_set_status(
        registration=day.tournament.registrations.first(), status="withdrawn", user=organizer
    )
    client.force_login(organizer)
    url = reverse("audit_log", args=[day.tournament.slug])
    first = client.get(url)
    assert first.context["page"].paginator.count == 61 and len(first.context["page"]) == 50
    second = client.get(url, {"page": 2})
    assert len(second.context["page"]) == 11
    only_registrations = client.get(url, {"action": "registration"})
    assert {e.action for e in only_registrations.context["page"]} == {"registration.status"}
    this_game = client.get(url, {"object": "game", "id": game.pk, "page": 2})
    assert this_game.context["page"].paginator.count == 60
    assert all(e.object_id == game.pk for e in this_game.context["page"])
    assert "page=1" in this_game.content.decode() and "object=game" in this_game.content.decode()
    assert client.get(url, {"page": "x", "id": "nonsense"}).status_code == 200


def test_audit_log_linked_from_the_dashboard(client, day):
    client.force_login(day.user("organizer"))
    response = client.get(reverse("manage", args=[day.tournament.slug]))
    assert reverse("audit_log", args=[day.tournament.slug]).encode() in response.content


def test_other_tournaments_entries_are_not_shown(client, day):
    result_services.result_set(game=day.game2, user=day.user("organizer"), version=0, result="B", reason="ours")
    client.force_login(day.user("other_org"))
    assert client.get(reverse("audit_log", args=[day.tournament.slug])).status_code == 403
    response = client.get(reverse("audit_log", args=[day.other.slug]))
    assert response.status_code == 200 and "ours" not in response.content.decode()


@pytest.mark.parametrize("role", ["organizer", "admin"])
def test_no_url_edits_or_deletes_audit_entries(client, day, role):
    """POST to every URL of the site and the admin (as the most powerful roles): no entry changes or vanishes."""
    site = Site(day)
    result_services.result_set(game=day.game, user=day.user("organizer"), version=0, result="W", reason="x")
    before = _snapshot()
    ids = [row[0] for row in before]
    client.force_login(day.user("organizer" if role == "organizer" else "admin"))
    payload = {
        "post": "yes",
        "action": "delete_selected",
        "_selected_action": ids,
        "index": 0,
        "reason": "rewritten",
        "before": "{}",
        "after": "{}",
        "action_code": "x",
        "user": "",
        "tournament": day.tournament.pk,
        "object_type": "game",
        "object_id": 1,
    }
    skip = ("logout", "admin:logout")  # logging out would end the walk
    urls = [site.url(name, route, pattern) for name, route, pattern in url_patterns() if name not in skip]
    for url in urls:
        client.post(url, payload)
    assert AuditEntry.objects.filter(pk__in=ids).count() == len(ids)
    after = {row[0]: row for row in _snapshot()}
    assert [after[i] for i in ids] == before


def test_admin_cannot_change_or_delete_entries(client, day):
    result_services.result_set(game=day.game, user=day.user("organizer"), version=0, result="W", reason="x")
    entry = AuditEntry.objects.get()
    client.force_login(day.user("admin"))
    change = reverse("admin:tournament_auditentry_change", args=[entry.pk])
    response = client.get(change)
    assert response.status_code == 200 and b'name="reason"' not in response.content  # read-only
    assert client.post(change, {"reason": "rewritten"}).status_code == 403
    assert (
        client.post(reverse("admin:tournament_auditentry_delete", args=[entry.pk]), {"post": "yes"}).status_code == 403
    )
    response = client.post(
        reverse("admin:tournament_auditentry_changelist"),
        {"action": "delete_selected", "_selected_action": [entry.pk], "post": "yes"},
    )
    assert AuditEntry.objects.filter(pk=entry.pk, reason="x").exists()
    # and a tournament with a log cannot be deleted through the admin either
    client.post(reverse("admin:tournament_tournament_delete", args=[day.tournament.pk]), {"post": "yes"})
    assert type(day.tournament).objects.filter(pk=day.tournament.pk).exists()
    assert AuditEntry.objects.filter(pk=entry.pk).exists()
    with pytest.raises(RuntimeError):
        entry.reason = "rewritten"
        entry.save()


def test_deleting_a_user_keeps_the_log(client, day):
    """An account that wrote audit entries cannot be deleted (AuditEntry.user is PROTECT): "who" stays."""
    result_services.result_set(game=day.game, user=day.user("organizer"), version=0, result="W", reason="x")
    client.force_login(day.user("admin"))
    client.post(reverse("admin:auth_user_delete", args=[day.user("organizer").pk]), {"post": "yes"})
    assert AuditEntry.objects.get().user_id == day.user("organizer").pk
