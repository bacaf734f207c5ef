"""The published copy of the demo tournament: complete, self-contained, the same as the live pages, and
written again only where something changed."""

from __future__ import annotations

import hashlib
import io
import json
import re

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from tournament.models import Game, Round, Tournament
from tournament.models.game import ResultState
from tournament.permissions import SYSTEM
from tournament.publishing.folder import MANIFEST
from tournament.publishing.run import publish
from tournament.services import rounds as round_services
from tournament.services.results import result_set

from .helpers import links, pages, tables, target, text

pytestmark = pytest.mark.django_db
LANGUAGES = ("de", "en")


@pytest.fixture
def demo():
    call_command("demo", stdout=io.StringIO())
    return Tournament.objects.get(slug="demo")


def _live(url: str, language: str) -> str:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def _hashes(folder) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in folder.rglob("*")
        if p.is_file() and p.name != MANIFEST and not p.name.endswith(".lock")
    }


def test_the_published_folder_holds_every_public_page_and_file_links_only_itself_and_shows_the_live_pages(
    demo, tmp_path
):
    report = publish(tmp_path, [demo])
    assert report.problems == []
    public = [r for r in demo.rounds.order_by("number") if r.is_public]
    hidden = [r for r in demo.rounds.order_by("number") if not r.is_public]
    assert [r.number for r in public] == [1, 2, 3, 4] and [r.number for r in hidden] == [5, 6]
    for language in LANGUAGES:
        base = tmp_path / language / "t" / "demo"
        for name in ("index.html", "players/index.html", "standings/index.html", "crosstable/index.html"):
            assert (base / name).is_file(), name
        for d in demo.disciplines.all():
            assert (base / f"standings/d/{d.pk}/index.html").is_file()
            assert (base / f"crosstable/index-discipline-{d.pk}.html").is_file()
            assert (base / f"standings-discipline-{d.pk}.pdf").read_bytes().startswith(b"%PDF")
            assert (base / f"crosstable-discipline-{d.pk}.pdf").read_bytes().startswith(b"%PDF")
        assert (base / "standings.pdf").read_bytes().startswith(b"%PDF")
        assert (base / "standings.csv").is_file()
        for r in public:
            assert (base / f"round/{r.number}/index.html").is_file()
            assert (base / f"round/{r.number}/pairings.pdf").read_bytes().startswith(b"%PDF")
            for game in r.games.all():
                assert (base / f"round/{r.number}/game/{game.pk}/index.html").is_file()
        for r in hidden:  # a pairing that may still change is not on the web
            assert not (base / f"round/{r.number}").exists()
        assert (tmp_path / language / "index.html").is_file()
        assert (tmp_path / language / "rules" / "ninuki" / "index.html").is_file()
    # the SGF of every settled record, under its download's name
    settled = Game.objects.filter(round__in=public, result_state=ResultState.CONFIRMED).exclude(record="")
    assert settled.exists()
    for game in settled:
        name = f"demo-round{game.round.number}-table{game.table}.sgf"
        sgf = tmp_path / "de/t/demo/round" / str(game.round.number) / "game" / str(game.pk) / name
        assert sgf.read_text().startswith("(;"), sgf
    # the API's answers as files, the same as the site's
    api = tmp_path / "api/v1/tournaments"
    assert [t["slug"] for t in json.loads((api / "index.json").read_text())] == ["demo"]
    client = Client()
    for path in ("demo/index.json", "demo/players/index.json", "demo/rounds/4/index.json", "demo/standings/index.json"):
        url = "/api/v1/tournaments/" + path.removesuffix("index.json")
        assert json.loads((api / path).read_text()) == client.get(url).json(), path
    assert not (api / "demo/rounds/5").exists()
    # every page's links are relative and open a file of the folder; nothing else is asked for
    assert (tmp_path / "index.html").is_file()
    for page in pages(tmp_path):
        markup = page.read_text(encoding="utf-8")
        assert "<form" not in markup and " hx-" not in markup and "htmx" not in markup, page
        for attribute, value in links(page):
            if value.startswith("#"):
                continue
            assert not value.startswith(("/", "http:", "https:")), (page, attribute, value)
            assert target(page, value).is_file(), (page, value)
    _same_as_live(demo, tmp_path)


def _same_as_live(demo, tmp_path):
    """A visitor of the copy sees what the live pages show: the same tables, the same game."""
    game = Game.objects.filter(round__number=3, round__tournament=demo).exclude(record="").order_by("table").first()
    discipline = demo.disciplines.order_by("pk").first()
    compared = {
        "/t/demo/players/": "players/index.html",
        "/t/demo/standings/": "standings/index.html",
        f"/t/demo/standings/d/{discipline.pk}/": f"standings/d/{discipline.pk}/index.html",
        f"/t/demo/crosstable/?discipline={discipline.pk}": f"crosstable/index-discipline-{discipline.pk}.html",
        "/t/demo/round/4/": "round/4/index.html",
        "/t/demo/": "index.html",
    }
    for language in LANGUAGES:
        for url, name in compared.items():
            live = _live(url, language)
            copy = (tmp_path / language / "t/demo" / name).read_text(encoding="utf-8")
            assert tables(copy) == tables(live), (language, url)
            assert tables(live), url
            assert f'<html lang="{language}">' in copy
        page = f"/t/demo/round/3/game/{game.pk}/"
        live = _live(page, language)
        copy = (tmp_path / language / f"t/demo/round/3/game/{game.pk}/index.html").read_text(encoding="utf-8")
        for part in (
            r"<h1>.*?</h1>",
            r'<div class="game-players">.*?</div>\s*</div>',
            r'<p class="result-line">.*?</p>',
        ):
            assert text(re.search(part, copy, re.S).group()) == text(re.search(part, live, re.S).group())
        board = re.search(r'<div class="board-wrap">.*?</div>', live, re.S).group()
        assert board in copy  # the board as the game ended, drawn by the same renderer


def test_a_run_writes_only_what_changed_and_removes_what_is_no_longer_public(demo, tmp_path):
    publish(tmp_path, [demo])
    before = _hashes(tmp_path)
    again = publish(tmp_path, [demo])
    assert (again.written, again.removed) == (0, 0) and _hashes(tmp_path) == before

    # a result in round 4: its game, its round, the standings change; no other game's page is written
    game = Game.objects.filter(round__tournament=demo, round__number=4, result_state=ResultState.PENDING).first()
    result_set(game=game, user=SYSTEM, version=game.version, result="B")
    report = publish(tmp_path, [demo])
    after = _hashes(tmp_path)
    changed = {name for name in after if after[name] != before.get(name)}
    assert f"de/t/demo/round/4/game/{game.pk}/index.html" in changed
    assert f"api/v1/tournaments/demo/games/{game.pk}/index.json" in changed
    assert {"de/t/demo/round/4/index.html", "en/t/demo/standings/index.html", "de/t/demo/standings.pdf"} <= changed
    other_games = {n for n in changed if "/game/" in n and f"/game/{game.pk}/" not in n}
    assert other_games == set()
    assert report.written == len(changed) and report.removed == 0
    assert report.kept > 100  # the other games were not even made again

    # a round published, then taken back: its pages come and go
    round5 = demo.rounds.get(number=5)
    round_services.round_pair(round=round5, user=SYSTEM)
    round_services.round_publish(round=Round.objects.get(pk=round5.pk), user=SYSTEM)
    publish(tmp_path, [demo])
    assert (tmp_path / "en/t/demo/round/5/index.html").is_file()
    assert "round/5/index.html" in (tmp_path / "en/t/demo/index.html").read_text()
    round_services.round_unpublish(round=Round.objects.get(pk=round5.pk), user=SYSTEM)
    report = publish(tmp_path, [demo])
    assert report.removed >= 2 * (1 + 1 + round5.games.count()) + 1  # pages, sheets, games, API
    assert (
        not (tmp_path / "en/t/demo/round/5").exists() and not (tmp_path / "api/v1/tournaments/demo/rounds/5").exists()
    )
    assert "round/5/index.html" not in (tmp_path / "en/t/demo/index.html").read_text()


def test_the_publish_command_writes_the_folder_and_sends_it_on(day, tmp_path, settings):
    folder = tmp_path / "site"
    out = io.StringIO()
    slug = day.tournament.slug
    call_command("publish", str(folder), "--tournament", slug, stdout=out)
    assert "written" in out.getvalue() and (folder / f"de/t/{slug}/index.html").is_file()
    assert not (folder / f"de/t/{day.other.slug}").exists()  # only the one named
    copy = tmp_path / "sent"
    settings.PUBLISH_COMMAND = f"cp -r {{folder}} {copy}"
    call_command("publish", str(folder), "--send", stdout=out)  # every tournament
    assert (copy / f"en/t/{slug}/standings/index.html").is_file()
    assert (copy / f"en/t/{day.other.slug}/standings/index.html").is_file()
    settings.PUBLISH_COMMAND = "false"
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="exit status 1|Exit-Status 1"):
        call_command("publish", str(folder), "--send", stdout=out)


def _tree(folder) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_publisher_writes_through_no_symbolic_link(day, tmp_path):
    """Issue #30 item 7: a dangling link in the folder was followed and a folder made outside it. A link on
    the way to anything a run writes (a folder, a page, the manifest, the lock) is removed, its target left
    alone, and the run writes a real folder or file in its place and says so; nothing outside changes."""
    import os

    from django.core.management.base import CommandError

    from tournament.publishing.folder import LOCK
    from tournament.publishing.words import problem_text

    outside = tmp_path / "outside"
    (outside / "kept").mkdir(parents=True)
    (outside / "kept" / "mine.txt").write_text("mine")
    (outside / "index.html").write_text("not yours")
    (outside / "manifest.json").write_text("{}")
    before = _tree(outside)
    folder = tmp_path / "site"
    folder.mkdir()
    os.symlink(outside / "nowhere" / "de", folder / "de")  # dangling, its parent missing too
    os.symlink(outside / "made-here", folder / "api")  # dangling, its parent there
    os.symlink(outside / "kept", folder / "en")  # a folder outside
    os.symlink(outside / "index.html", folder / "index.html")  # a file outside
    os.symlink(outside / "manifest.json", folder / MANIFEST)
    os.symlink(outside / "lock", folder / LOCK)
    slug = day.tournament.slug
    out = io.StringIO()
    with pytest.raises(CommandError) as exc:
        call_command("publish", str(folder), "--tournament", slug, stdout=out)
    assert "written" in out.getvalue()
    assert _tree(outside) == before and sorted(p.name for p in outside.iterdir()) == [
        "index.html",
        "kept",
        "manifest.json",
    ]
    links = [p for p in folder.rglob("*") if p.is_symlink()]
    assert links == []
    for name in ("de", "en", "api"):
        assert (folder / name).is_dir() and not (folder / name).is_symlink()
    assert (folder / f"en/t/{slug}/standings/index.html").is_file()
    assert (folder / f"de/t/{slug}/standings/index.html").is_file()
    assert "<html" in (folder / "index.html").read_text()
    for name in ("de", "en", "api", "index.html", MANIFEST, LOCK):
        assert name in str(exc.value), name
    with translation.override("en"):
        words = problem_text({"code": "symlink", "name": "en", "target": str(outside / "kept")})
    assert (
        words
        == f"en was a symbolic link to {outside / 'kept'}: it is a folder or file of its own now, its target is left alone."
    )
    # the next run: nothing to say
    report = publish(folder, [day.tournament])
    assert report.problems == [] and report.written == 0


def test_a_file_of_a_tournament_no_longer_published_is_not_removed_through_a_link(day, tmp_path):
    import os

    folder = tmp_path / "site"
    publish(folder, [day.tournament])
    outside = tmp_path / "outside"
    shutil_target = folder / "en"
    outside.mkdir()
    for path in shutil_target.rglob("*"):  # the same files outside, then the folder a link to them
        target = outside / path.relative_to(shutil_target)
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.write_bytes(path.read_bytes())
    before = _tree(outside)
    import shutil

    shutil.rmtree(shutil_target)
    os.symlink(outside, shutil_target)
    round_ = day.tournament.rounds.filter(games__isnull=False).first()
    round_services.round_unpublish(round=round_, user=SYSTEM)
    report = publish(folder, [day.tournament])
    assert report.removed > 0 and _tree(outside) == before
    assert not (folder / "en").is_symlink()
