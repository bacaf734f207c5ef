"""Disciplines (checked against their engine) and planned rounds: services, model validation, pages."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.factories import make_discipline, make_round
from tournament.models import AuditEntry, Discipline, Round
from tournament.permissions import SYSTEM
from tournament.services.programme import (
    discipline_create,
    discipline_delete,
    discipline_update,
    round_add,
    round_delete,
    round_update,
)
from tournament.services.rounds import round_pair
from tournament.variants import board_sizes, variant_for

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


# --- what the engines support --------------------------------------------------------------


def test_the_engines_facts():
    ninuki, go, keima, volt = (variant_for(k) for k in ("ninuki", "go", "keima", "volt"))
    assert ninuki.rule_sets == ("hannover", "japanese", "pbmserv", "pente")
    assert board_sizes("ninuki") == (13, 15, 17, 19, 21) and ninuki.default_komi is None and not ninuki.has_komi
    assert "double_three" in ninuki.rule_options and ninuki.rule_options["capture_win"].default == 5
    assert (go.default_size, go.default_komi, keima.default_size, keima.default_komi, volt.default_komi) == (
        19,
        7.5,
        9,
        4.0,
        5.0,
    )
    assert 9 in board_sizes("go") and 4 not in board_sizes("go")
    assert not variant_for("rundgo").validated and variant_for("rundgo").rule_sets == ()
    assert variant_for("rundgo").default_komi == 6.5 and board_sizes("rundgo") == board_sizes("other")


@pytest.mark.parametrize(
    "changes,field",
    [
        ({"kind": "ninuki", "board_size": 18}, "board_size"),
        ({"kind": "ninuki", "rule_options": {"double_tree": "both"}}, "rule_options"),  # a typo
        ({"kind": "ninuki", "rule_options": {"double_three": "everybody"}}, "rule_options"),
        ({"kind": "ninuki", "rule_options": {"exact_five": "yes"}}, "rule_options"),
        ({"kind": "ninuki", "rule_options": {"capture_win": 0}}, "rule_options"),
        ({"kind": "ninuki", "rule_options": {"capture_win": 10**30}}, "rule_options"),
        ({"kind": "ninuki", "rule_options": ["double_three"]}, "rule_options"),
        ({"kind": "ninuki", "komi": Decimal("6.5")}, "komi"),
        ({"kind": "ninuki", "handicap_policy": "mcmahon"}, "handicap_policy"),
        ({"kind": "go", "rule_options": {"double_three": "both"}}, "rule_options"),
        ({"kind": "go", "rule_set": "hannover"}, "rule_set"),
        ({"kind": "go", "board_size": 26}, "board_size"),
        ({"kind": "rundgo", "record_required": True}, "record_required"),
    ],
)
def test_discipline_clean_refuses_what_the_engine_does_not_support(day, changes, field):
    """Model validation: the site, the admin and every other path refuse the same."""
    d = Discipline(tournament=day.tournament, name="X", **{"board_size": 19, **changes})
    with pytest.raises(ValidationError) as info:
        d.full_clean()
    assert field in info.value.message_dict, info.value.message_dict


def test_discipline_clean_takes_what_the_engine_supports(day):
    for kind, size, rules, options, policy in (
        ("ninuki", 15, "japanese", {"double_three": "both", "capture_win": 7, "second_move_max": None}, "none"),
        ("go", 9, "chinese", {}, "mcmahon"),
        ("keima", 9, "hannover", {}, "rank-table"),
        ("volt", 9, "", {}, "none"),
        ("rundgo", 19, "", {}, "mcmahon"),
    ):
        Discipline(
            tournament=day.tournament,
            name=kind,
            kind=kind,
            board_size=size,
            rule_set=rules,
            rule_options=options,
            handicap_policy=policy,
        ).full_clean()


# --- disciplines -------------------------------------------------------------------------------


def test_a_discipline_is_added_changed_and_deleted_with_the_audit_log(day):
    t = day.tournament
    volt = discipline_create(
        tournament=t,
        user=day.user("organizer"),
        data={
            "name": "1000-Volt-Go",
            "kind": "volt",
            "board_size": 9,
            "komi": Decimal("5"),
            "handicap_policy": "rank-table",
            "record_required": True,
        },
    )
    assert volt.rule_set == "hannover" and volt.position == 2  # after Ninuki (0) and Go (1)
    assert discipline_update(
        discipline=volt, user=day.user("organizer"), data={"komi": Decimal("4.5"), "board_size": 11}
    ) == ["board_size", "komi"]
    entry = AuditEntry.objects.get(tournament=t, action="discipline.edit")
    assert entry.before == {"board_size": 9, "komi": "5.0"} and entry.after == {"board_size": 11, "komi": "4.5"}
    with pytest.raises(ValidationError, match="exists"):
        discipline_create(tournament=t, data={"name": "1000-Volt-Go", "kind": "volt", "board_size": 9}, user=SYSTEM)
    discipline_delete(discipline=volt, user=day.user("organizer"))
    assert not Discipline.objects.filter(pk=volt.pk).exists()
    assert AuditEntry.objects.get(tournament=t, action="discipline.delete").before["name"] == "1000-Volt-Go"


def test_a_discipline_a_round_plays_is_not_deleted(day):
    with pytest.raises(ValidationError, match="Rounds 1 play"):
        discipline_delete(discipline=day.ninuki, user=day.user("organizer"))
    assert Discipline.objects.filter(pk=day.ninuki.pk).exists()


def test_rules_are_fixed_once_a_round_of_the_discipline_is_paired(day):
    ninuki = day.ninuki  # round 1 (published) plays it
    with pytest.raises(ValidationError, match="Round 1"):
        discipline_update(discipline=ninuki, data={"rule_set": "pente"}, user=SYSTEM)
    with pytest.raises(ValidationError, match="Round 1"):
        discipline_update(discipline=ninuki, data={"rule_options": {"double_three": "both"}}, user=SYSTEM)
    discipline_update(discipline=ninuki, data={"name": "Ninuki-Renju 19×19", "record_required": False}, user=SYSTEM)
    ninuki.refresh_from_db()
    assert ninuki.rule_set == "hannover" and ninuki.name == "Ninuki-Renju 19×19"


# --- rounds --------------------------------------------------------------------------------------


def test_rounds_are_added_with_the_next_number_and_a_stale_form_adds_nothing(day):
    t = day.tournament
    r2 = round_add(tournament=t, discipline=day.go, user=day.user("organizer"), last_seen=1)
    assert r2.number == 2
    with pytest.raises(ValidationError, match="Round 2 was added meanwhile"):
        round_add(tournament=t, discipline=day.go, last_seen=1, user=SYSTEM)  # the same form again
    assert t.rounds.count() == 2
    with pytest.raises(ValidationError, match="another tournament"):
        round_add(tournament=t, discipline=make_discipline(day.other), last_seen=2, user=SYSTEM)
    with pytest.raises(ValidationError):
        round_add(tournament=t, discipline=day.go, number=10**9, user=SYSTEM)
    assert t.rounds.count() == 2


def test_a_planned_round_changes_its_discipline_a_paired_one_only_its_time(day):
    import datetime as dt

    t = day.tournament
    r2 = make_round(t, day.go, number=2)
    when = dt.datetime(2026, 11, 29, 9, 30, tzinfo=dt.UTC)
    round_update(round=r2, discipline=day.ninuki, starts_at=when, pairing_system="swiss", user=day.user("organizer"))
    r2.refresh_from_db()
    assert (r2.discipline, r2.starts_at, r2.pairing_system, r2.version) == (day.ninuki, when, "swiss", 1)
    entry = AuditEntry.objects.get(tournament=t, action="round.edit")
    assert entry.before["discipline"] == day.go.name and entry.after["discipline"] == day.ninuki.name
    r1 = day.round1  # published
    with pytest.raises(ValidationError, match="published"):
        round_update(round=r1, discipline=day.go, starts_at=None, user=SYSTEM)
    round_update(round=r1, discipline=day.ninuki, starts_at=when, user=SYSTEM)
    r1.refresh_from_db()
    assert r1.discipline == day.ninuki and r1.starts_at == when
    with pytest.raises(ValidationError, match="another tournament"):
        round_update(round=r2, discipline=make_discipline(day.other), starts_at=None, user=SYSTEM)


def test_only_the_last_planned_round_is_deleted_and_absences_from_it_go(day):
    t = day.tournament
    r2, r3 = make_round(t, day.go, number=2), make_round(t, day.go, number=3)
    alice = t.registrations.get(surname="Albers")
    alice.absent_rounds = [2, 3]
    alice.save()
    with pytest.raises(ValidationError, match="Only the last round"):
        round_delete(round=r2, user=day.user("organizer"))
    round_delete(round=r3, user=day.user("organizer"))
    alice.refresh_from_db()
    assert alice.absent_rounds == [2] and not Round.objects.filter(pk=r3.pk).exists()
    assert AuditEntry.objects.get(tournament=t, action="round.delete").before["absences removed"] == 1
    round_pair(round=r2, user=SYSTEM)
    with pytest.raises(ValidationError, match="paired"):
        round_delete(round=Round.objects.get(pk=r2.pk), user=day.user("organizer"))
    with pytest.raises(ValidationError, match="paired"):
        round_update(round=Round.objects.get(pk=r2.pk), discipline=day.ninuki, starts_at=None, user=SYSTEM)


# --- pages ---------------------------------------------------------------------------------------


def test_the_discipline_pages_offer_what_the_kind_supports(organizer_client, day):
    t = day.tournament
    add = reverse("manage_discipline_add", args=[t.slug])
    assert "Keima-Go" in organizer_client.get(add).content.decode()  # first the kind
    page = organizer_client.get(add + "?kind=ninuki").content.decode()
    assert 'value="pbmserv"' in page and 'name="komi"' not in page and 'name="handicap_policy"' not in page
    assert "double_three" in page  # the options of the preset, as help
    page = organizer_client.get(add + "?kind=keima").content.decode()
    assert 'value="rank-table" selected' in page and 'value="4.0"' in page and 'name="rule_options"' not in page
    response = organizer_client.post(
        add,
        {
            "kind": "ninuki",
            "name": "Ninuki 15",
            "board_size": "15",
            "rule_set": "hannover",
            "rule_options": "double_tree = both",
            "record_required": "on",
        },
    )
    assert response.status_code == 422 and "Unknown rule option" in response.content.decode()
    response = organizer_client.post(
        add,
        {
            "kind": "ninuki",
            "name": "Ninuki 15",
            "board_size": "15",
            "rule_set": "hannover",
            "rule_options": "double_three = both\ncapture_win=7",
            "record_required": "on",
        },
    )
    assert response.status_code == 302
    d = t.disciplines.get(name="Ninuki 15")
    assert d.rule_options == {"double_three": "both", "capture_win": 7} and d.komi == 0
    edit = reverse("manage_discipline", args=[t.slug, d.pk])
    assert "capture_win = 7" in organizer_client.get(edit).content.decode()
    # changing the game of an unplayed discipline: the form of the new kind
    response = organizer_client.post(
        edit + "?kind=go",
        {
            "kind": "go",
            "name": "Go 13",
            "board_size": "13",
            "rule_set": "chinese",
            "komi": "6.5",
            "handicap_policy": "none",
        },
    )
    assert response.status_code == 302
    d.refresh_from_db()
    assert (d.kind, d.board_size, d.rule_options, d.komi) == ("go", 13, {}, Decimal("6.5"))
    assert organizer_client.post(reverse("manage_discipline_delete", args=[t.slug, d.pk])).status_code == 302
    assert not Discipline.objects.filter(pk=d.pk).exists()


@pytest.mark.parametrize(
    "data",
    [
        {
            "kind": "go",
            "name": "Go",
            "board_size": "9",
            "rule_set": "chinese",
            "komi": "99999999",
            "handicap_policy": "none",
        },
        {
            "kind": "go",
            "name": "Go",
            "board_size": "9",
            "rule_set": "chinese",
            "komi": "6.3",
            "handicap_policy": "none",
        },
        {"kind": "go", "name": "Go", "board_size": "99999999999999999999", "rule_set": "chinese", "komi": "6.5"},
        {
            "kind": "go",
            "name": "Go\x00",
            "board_size": "9",
            "rule_set": "chinese",
            "komi": "6.5",
            "handicap_policy": "none",
        },
        {"kind": "ninuki", "name": "N", "board_size": "19", "rule_set": "hannover", "rule_options": "{not json"},
        {"kind": "ninuki", "name": "N", "board_size": "19", "rule_set": "hannover", "rule_options": "[1, 2]"},
        {"kind": "ninuki", "name": "N", "board_size": "19", "rule_set": "hannover", "rule_options": "no equals sign"},
        {"kind": "ninuki", "name": "N", "board_size": "19", "rule_set": "hannover", "rule_options": "a = b\x00"},
        {"kind": "ninuki", "name": "N", "board_size": "19", "rule_set": "hannover", "rule_options": "x = 1\n" * 2000},
        {
            "kind": "go",
            "name": "Ninuki-Renju",
            "board_size": "9",
            "rule_set": "chinese",
            "komi": "6.5",
            "handicap_policy": "none",
        },  # the name of another discipline
    ],
)
def test_odd_discipline_input_is_a_form_error(organizer_client, day, data):
    count = Discipline.objects.count()
    response = organizer_client.post(reverse("manage_discipline_add", args=[day.tournament.slug]), data)
    # a NUL character is refused before any form (the 400 page, tournament.middleware)
    assert response.status_code == (400 if any("\x00" in v for v in data.values()) else 422)
    assert Discipline.objects.count() == count


def test_the_round_pages(organizer_client, day):
    t = day.tournament
    add = reverse("manage_round_add", args=[t.slug])
    page = organizer_client.get(add).content.decode()
    assert 'name="last_seen" value="1"' in page and "Europe/Berlin" in page
    response = organizer_client.post(
        add, {"discipline": day.go.pk, "starts_at": "2026-11-28T14:30", "last_seen": "1", "another": "1"}
    )
    assert response["Location"] == add
    r2 = t.rounds.get(number=2)
    assert r2.starts_at.isoformat() == "2026-11-28T13:30:00+00:00"  # 14:30 in Hannover, winter time
    # the same form again: nothing added, the organizer is told
    response = organizer_client.post(add, {"discipline": day.go.pk, "last_seen": "1"}, follow=True)
    assert "added meanwhile" in response.content.decode() and t.rounds.count() == 2
    for odd in (
        {"discipline": "x"},
        {"discipline": day.go.pk, "starts_at": "99999-01-01T10:00", "last_seen": "2"},
        {"discipline": day.go.pk, "starts_at": "2026-13-01T10:00", "last_seen": "2"},
        {"discipline": day.go.pk, "number": "1", "last_seen": "2"},
        {"discipline": day.go.pk, "number": "99999999999999999999", "last_seen": "2"},
        {"discipline": make_discipline(day.other).pk, "last_seen": "2"},
    ):
        assert organizer_client.post(add, odd).status_code == 422, odd
    assert t.rounds.count() == 2
    edit = reverse("manage_round_edit", args=[t.slug, 2])
    assert organizer_client.post(edit, {"discipline": day.ninuki.pk, "starts_at": ""}).status_code == 302
    r2.refresh_from_db()
    assert r2.discipline == day.ninuki and r2.starts_at is None
    page = organizer_client.get(reverse("manage_round_edit", args=[t.slug, 1])).content.decode()
    assert "disabled" in page  # round 1 is published: its discipline is fixed
    assert organizer_client.post(reverse("manage_round_delete", args=[t.slug, 1])).status_code == 302
    assert t.rounds.filter(number=1).exists()
    assert organizer_client.post(reverse("manage_round_delete", args=[t.slug, 2])).status_code == 302
    assert not t.rounds.filter(number=2).exists()
    assert organizer_client.get(reverse("manage_round_edit", args=[t.slug, 7])).status_code == 404


def test_huge_numbers_in_addresses_are_404(organizer_client, day):
    slug = day.tournament.slug
    huge = 10**20
    for url in (
        f"/t/{slug}/manage/programme/disciplines/{huge}/",
        f"/t/{slug}/manage/programme/rounds/{huge}/",
        f"/t/{slug}/manage/programme/disciplines/add/?kind=%00",
        f"/invitation/{'x' * 300}/",
    ):
        assert organizer_client.get(url).status_code in (200, 400, 404), url
    for url in (
        f"/t/{slug}/manage/programme/disciplines/{huge}/delete/",
        f"/t/{slug}/manage/programme/rounds/{huge}/delete/",
    ):
        assert organizer_client.post(url).status_code == 404, url
