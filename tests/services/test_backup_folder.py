"""Backups onto a USB stick during the day, and the restore on another laptop when this one dies."""

from __future__ import annotations

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from tournament.backup_folder import back_up
from tournament.models import Game, Tournament
from tournament.selectors.venue import backup_status
from tournament.services.results import result_set

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


def test_every_tournament_goes_to_the_stick_whole_and_only_when_it_changed(day, tmp_path):
    stick = tmp_path / "stick"
    stick.mkdir()
    done = back_up(stick, with_accounts=True)
    assert (done.written, done.unchanged, done.problem) == (2, 0, None)
    slug = day.tournament.slug
    latest = json.loads((stick / f"{slug}.json").read_text())
    assert latest["tournament"] == slug and latest["with_accounts"]
    copies = sorted(stick.glob(f"{slug}-*.json"))
    assert len(copies) == 1 and copies[0].read_bytes() == (stick / f"{slug}.json").read_bytes()
    assert not list(stick.glob(".*"))  # nothing half-written left behind

    done = back_up(stick, with_accounts=True)
    assert (done.written, done.unchanged) == (0, 2)  # nothing changed: nothing written

    # older copies beyond `keep` go; the newest stay
    for stamp in ("20261128-0900", "20261128-0910", "20261128-0920"):
        (stick / f"{slug}-{stamp}00.json").write_text("{}")
    result_set(game=day.game, user=day.user("organizer"), version=day.game.version, result="B")
    done = back_up(stick, with_accounts=True, keep=2, slugs=[slug])
    assert done.written == 1
    names = sorted(p.name for p in stick.glob(f"{slug}-*.json"))
    assert len(names) == 2 and names[0] != f"{slug}-20261128-090000.json"
    assert json.loads((stick / f"{slug}.json").read_text()) != latest


def test_a_stick_that_is_not_there_is_reported_on_the_dashboard_not_raised(day, tmp_path, client):
    done = back_up(tmp_path / "not-plugged-in")
    assert done.problem == {"code": "missing", "folder": str(tmp_path / "not-plugged-in")}
    assert "is the USB stick plugged in?" in backup_status()["problem"]
    client.force_login(day.user("organizer"))
    page = client.get(reverse("manage", args=[day.tournament.slug])).content.decode()
    assert "The last backup to" in page and "is the USB stick plugged in?" in page
    stick = tmp_path / "stick"
    stick.mkdir()
    back_up(stick)
    page = client.get(reverse("manage", args=[day.tournament.slug])).content.decode()
    assert f"Backed up to {stick}" in page


def test_the_backup_command_into_a_folder(day, tmp_path):
    with pytest.raises(CommandError, match="--every needs --to"):
        call_command("backup", "--every", "10")
    with pytest.raises(CommandError, match="name one tournament"):
        call_command("backup")
    with pytest.raises(CommandError, match="USB stick"):
        call_command("backup", "--to", str(tmp_path / "missing"), stdout=io.StringIO(), stderr=io.StringIO())
    with pytest.raises(CommandError, match="--every must be"):
        call_command("backup", "--to", str(tmp_path), "--every", "0")
    out = io.StringIO()
    call_command("backup", "--to", str(tmp_path), "--tournament", day.tournament.slug, stdout=out)
    assert "1 written" in out.getvalue() and (tmp_path / f"{day.tournament.slug}.json").is_file()


def test_when_the_laptop_dies_the_stick_s_backup_is_restored_on_another_one(day, tmp_path):
    """The other laptop's database is empty: restore brings the tournament back, and the players log in
    with their own passwords (the backup on the stick carries the accounts)."""
    stick = tmp_path / "stick"
    stick.mkdir()
    result_set(game=day.game, user=day.user("organizer"), version=day.game.version, result="W")
    back_up(stick, with_accounts=True)
    slug = day.tournament.slug
    results = sorted(Game.objects.filter(round__tournament=day.tournament).values_list("table", "result"))
    # the new laptop: nothing of the tournament, none of its accounts
    for t in Tournament.objects.all():
        for r in t.rounds.all():
            r.games.all().delete()
            r.byes.all().delete()
            r.delete()
        t.delete()
    get_user_model().objects.all().delete()

    out = io.StringIO()
    call_command("restore", str(stick / f"{slug}.json"), stdout=out)
    assert f"restored {slug}" in out.getvalue()
    tournament = Tournament.objects.get(slug=slug)
    assert sorted(Game.objects.filter(round__tournament=tournament).values_list("table", "result")) == results
    for name, page in (("alice", "my_tournament"), ("organizer", "manage")):
        client = Client()
        response = client.post(reverse("login"), {"username": name, "password": f"pw-{name}-123"})
        assert response.status_code == 302, name
        assert client.get(reverse(page, args=[slug])).status_code == 200


def _mode(path) -> int:
    return path.stat().st_mode & 0o777


def test_backups_with_password_hashes_are_readable_by_their_owner_only(day, tmp_path):
    """Files with the accounts' hashes were written readable by everyone, the time-stamped copies too."""
    slug = day.tournament.slug
    stick = tmp_path / "stick"
    stick.mkdir(mode=0o755)
    call_command("backup", "--to", str(stick), "--with-accounts", stdout=io.StringIO())
    files = sorted(stick.iterdir())
    assert len(files) == 4 and any(p.name.startswith(f"{slug}-") for p in files)
    assert {p.name: _mode(p) for p in files} == {p.name: 0o600 for p in files}
    assert _mode(stick) == 0o700
    for p in files:  # as an earlier version wrote them
        p.chmod(0o644)
    call_command("backup", "--to", str(stick), "--with-accounts", stdout=io.StringIO())  # nothing changed
    assert {p.name: _mode(p) for p in stick.iterdir()} == {p.name: 0o600 for p in files}

    plain = tmp_path / "plain"
    plain.mkdir(mode=0o755)
    call_command("backup", "--to", str(plain), stdout=io.StringIO())  # no hashes: as the system makes files
    assert _mode(plain) == 0o755

    single = tmp_path / "a.json"
    single.write_text("an older backup")
    single.chmod(0o644)
    call_command("backup", "--tournament", slug, "--with-accounts", "-o", str(single))
    assert _mode(single) == 0o600 and '"password"' in single.read_text()
    fresh = tmp_path / "b.json"
    call_command("backup", "--tournament", slug, "--with-accounts", "-o", str(fresh))
    assert _mode(fresh) == 0o600
