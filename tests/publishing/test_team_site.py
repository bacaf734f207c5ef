"""The published copy of a team tournament: its team standings' CSV and API answer are there, and the
standings and crosstable pages link them and hold the team tables."""

from __future__ import annotations

import json

import pytest

from tournament.publishing.run import publish

pytestmark = pytest.mark.django_db


def test_the_published_team_tournament_has_its_team_standings(three_rounds, tmp_path):
    t = three_rounds.tournament
    report = publish(tmp_path, [t])
    assert report.problems == []
    for language in ("de", "en"):
        base = tmp_path / language / "t" / t.slug
        assert (base / "team-standings.csv").read_text().startswith("place,number,name,TEAMP")
        assert 'id="team-standings-table"' in (base / "standings" / "index.html").read_text()
        assert 'id="team-crosstable-table"' in (base / "crosstable" / "index.html").read_text()
        assert "team-standings.csv" in (base / "standings" / "index.html").read_text()
    answer = json.loads(
        (tmp_path / "api" / "v1" / "tournaments" / t.slug / "team-standings" / "index.json").read_text()
    )
    assert answer["rows"][0]["team"]["name"] == "Hannover"


def _published(folder) -> dict[str, str]:
    """Every file of the folder as a reader sees it: a PDF's text (its creation time changes each time it
    is made), any other file's bytes."""
    import subprocess

    from tournament.publishing.folder import MANIFEST

    out = {}
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.name == MANIFEST or path.name.endswith(".lock"):
            continue
        if path.suffix == ".pdf":
            done = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True)
            out[str(path.relative_to(folder))] = done.stdout.decode()
        else:
            out[str(path.relative_to(folder))] = path.read_bytes().decode("utf-8", "replace")
    return out


def assert_the_copy_follows(folder, t) -> dict[str, str]:
    """A run after a change leaves the folder as a run that makes every page again would: nothing kept
    that the change touched (issue #30 item 6)."""
    report = publish(folder, [t])
    assert report.problems == []
    copy = _published(folder)
    assert publish(folder, [t], full=True).problems == []
    again = _published(folder)
    stale = sorted(name for name in again if copy.get(name) != again[name])
    assert stale == [], stale
    return copy


def test_the_copy_follows_a_team_renamed_and_a_member_added_at_once(three_rounds, tmp_path):
    from tests.factories import make_player
    from tournament.services.teams import team_member_add, team_rename

    t = three_rounds.tournament
    newcomer = make_player(t, surname="Neumann", given_name="Nele", rank="15k")
    publish(tmp_path, [t])
    base = f"en/t/{t.slug}"
    assert "Hannover" in (tmp_path / base / "round" / "1" / "index.html").read_text()
    # each change alone: no player's data changes
    team_rename(team=three_rounds.teams[0], name="Hannover 96", user=three_rounds.organizer)
    copy = assert_the_copy_follows(tmp_path, t)
    for page in (f"{base}/round/1/index.html", f"{base}/round/3/index.html", f"{base}/standings/index.html"):
        assert "Hannover 96" in copy[page], page
    assert "Hannover 96" in copy[f"{base}/round/1/pairings.pdf"]
    team_member_add(team=three_rounds.teams[0], registration=newcomer, user=three_rounds.organizer)
    copy = assert_the_copy_follows(tmp_path, t)
    teams = json.loads(copy[f"api/v1/tournaments/{t.slug}/teams/index.json"])
    assert "Neumann Nele" in [m["name"] for m in teams["teams"][0]["members"]]


def test_the_copy_follows_a_pair_go_partner_renamed_at_once(tmp_path):
    from tests.fixtures.pair_go import build_pair_day
    from tests.views.test_pair_go_documents import played as _played  # noqa: F401
    from tournament.models import Game, Round
    from tournament.services.registrations import registration_update
    from tournament.services.results import result_set
    from tournament.services.team_rounds import team_round_pair

    day = build_pair_day()
    team_round_pair(round=day.round, user=day.organizer)
    Round.objects.filter(pk=day.round.pk).update(status=Round.Status.PUBLISHED)
    game = Game.objects.get(round=day.round)
    result_set(game=game, user=day.organizer, version=game.version, result="B", reason="desk")
    t = day.tournament
    publish(tmp_path, [t])
    # Bob plays second for Alice's side: the game's players are the sides' first players
    assert day.people["bob"].pk not in (game.black_id, game.white_id)
    registration_update(registration=day.people["bob"], data={"given_name": "Robert"}, user=day.organizer)
    copy = assert_the_copy_follows(tmp_path, t)
    base = f"en/t/{t.slug}"
    assert "Berg Robert" in copy[f"{base}/round/1/index.html"]
    assert "Robert Berg" in copy[f"{base}/round/1/game/{game.pk}/index.html"]
