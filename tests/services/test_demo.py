"""``manage.py demo`` builds a realistic tournament and is idempotent."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.http import HttpRequest  # axes counts log-ins per request: client.login needs one

from tournament.models import AuditEntry, Bye, Discipline, Game, Registration, Round, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

MODELS = [Tournament, Discipline, Registration, Round, Game, Bye, AuditEntry]


def run_demo() -> str:
    out = io.StringIO()
    call_command("demo", stdout=out)
    return out.getvalue()


def counts() -> dict[str, int]:
    result = {m.__name__: m.objects.count() for m in MODELS}
    result["users"] = get_user_model().objects.count()
    return result


def test_the_demo_is_a_realistic_vielseitigkeitsturnier():
    output = run_demo()
    assert "orga" in output and "vielseitig" in output  # the log-ins are printed
    demo = Tournament.objects.get(slug="demo")
    assert 36 <= demo.registrations.count() <= 44
    assert demo.disciplines.values("kind").distinct().count() >= 5
    rounds = list(demo.rounds.order_by("number"))
    assert len(rounds) == 6
    assert len({r.discipline_id for r in rounds}) == 6
    assert [r.status for r in rounds[:3]] == ["finished"] * 3
    assert rounds[3].status == "published"
    assert {r.status for r in rounds[4:]} == {"planned"}
    ranks = set(demo.registrations.values_list("rank", flat=True))
    assert min(ranks) <= -20 and max(ranks) >= 3  # 20k and weaker up to 4d and stronger
    assert demo.registrations.values("club").distinct().count() >= 10
    for round_ in rounds[:3]:
        games = round_.games.all()
        assert games and all(g.result != "?" for g in games)


def test_every_confirmed_player_present_plays_once_per_paired_round():
    run_demo()
    demo = Tournament.objects.get(slug="demo")
    for round_ in demo.rounds.exclude(status="planned"):
        seated = []
        for g in round_.games.all():
            seated += [g.black_id, g.white_id]
        seated += list(round_.byes.values_list("player_id", flat=True))
        expected = {r.pk for r in demo.registrations.all() if r.plays_round(round_.number)}
        assert sorted(seated) == sorted(expected)


def test_demo_records_replay_as_legal_through_the_validators():
    run_demo()
    demo = Tournament.objects.get(slug="demo")
    checked = 0
    for game in Game.objects.filter(round__tournament=demo, round__discipline__record_required=True).exclude(
        result="?"
    ):
        assert game.record, f"{game} has no record"
        assert game.verdict and game.verdict["legal"] is True, game.verdict
        checked += 1
    assert checked > 0


def test_a_second_run_neither_duplicates_nor_destroys():
    run_demo()
    before = counts()
    # Somebody works with the demo: a result corrected, a player renamed.
    game = Game.objects.filter(round__number=1).first()
    game.result = "1"
    game.save()
    Registration.objects.filter(surname="Bergmann").update(club="Hannover 1")
    output = run_demo()
    assert "nothing was changed" in output
    assert counts() == before
    game.refresh_from_db()
    assert game.result == "1"
    assert Registration.objects.get(surname="Bergmann").club == "Hannover 1"


def test_demo_users_can_log_in(client):
    run_demo()
    for username in ("admin", "orga", "schiri", "anna"):
        assert client.login(request=HttpRequest(), username=username, password="vielseitig"), username


def test_the_summary_counts_in_words():
    """Issue #21 item 18: ``make run`` printed "1 × the" for the tournament."""
    output = run_demo()
    summary = next(line for line in output.splitlines() if line.startswith("Demo tournament at"))
    assert "×" not in summary and " the," not in summary and "1 the" not in summary, summary
    assert "the tournament" in summary and "6 disciplines" in summary and "6 rounds" in summary, summary
    assert "1 dispute" in summary and "3 rounds' results" in summary, summary
