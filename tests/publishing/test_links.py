"""A page's links in the published copy: relative, in the right language's folder, nothing of the live site."""

from __future__ import annotations

import pytest

from tournament.publishing.folder import Folder, FolderBusy
from tournament.publishing.links import Rewriter, relative
from tournament.publishing.site_map import file_for, link_key

PUBLISHED = {
    "/t/demo/": ("de", "en"),
    "/t/demo/standings/": ("de", "en"),
    "/t/demo/crosstable/?discipline=3": ("de", "en"),
    "/t/demo/standings.pdf?discipline=3&lang=de": ("de",),
    "/t/demo/round/2/game/7/": ("de", "en"),
}


def _rewriter() -> Rewriter:
    table = {}
    for url, languages in PUBLISHED.items():
        for language in languages:
            table[link_key(language, url)] = file_for(url, language)
    table[link_key(None, "/api/v1/tournaments/demo/")] = file_for("/api/v1/tournaments/demo/", None, "json")
    return Rewriter(table, hosts=frozenset({"192.168.1.20:8000"}))


def test_files_of_addresses():
    assert file_for("/t/demo/standings/", "de") == "de/t/demo/standings/index.html"
    assert file_for("/t/demo/crosstable/?discipline=3", "en") == "en/t/demo/crosstable/index-discipline-3.html"
    assert file_for("/t/demo/standings.pdf?lang=de&discipline=3", "de") == "de/t/demo/standings-discipline-3.pdf"
    assert file_for("/api/v1/tournaments/demo/standings/?discipline=3", None, "json") == (
        "api/v1/tournaments/demo/standings/index-discipline-3.json"
    )
    # the order of a query does not matter; `lang` names the folder
    assert link_key("en", "/t/demo/standings.pdf?lang=de&discipline=3") == link_key(
        "de", "/t/demo/standings.pdf?discipline=3&lang=de"
    )
    assert relative("de/t/demo/index.html", "de/t/demo/round/2/game/7/index.html") == "../../../../index.html"


def test_a_page_s_links_become_relative_and_what_is_not_published_goes():
    page = (
        '<html><body hx-headers=\'{"X-CSRFToken": "x"}\'>'
        '<a href="/t/demo/standings/">S</a>'
        '<a href="/t/demo/crosstable/?discipline=3#top">C</a>'
        '<a href="/t/demo/standings.pdf?lang=de&amp;discipline=3">PDF</a>'
        '<a href="/t/demo/" hreflang="en">EN</a>'
        '<a href="http://192.168.1.20:8000/t/demo/">venue</a>'
        '<a href="https://www.europeangodatabase.eu/">EGD</a>'
        '<a href="#board">here</a>'
        '<a href="/accounts/login/?next=/t/demo/">Log in</a>'
        '<div hx-get="/t/demo/standings/?v=1" hx-trigger="every 15s">table</div>'
        '<link rel="stylesheet" href="/static/tournament/site.css">'
        "</body></html>"
    )
    rewriter = _rewriter()
    text, dead = rewriter.page(
        page, url="/t/demo/round/2/game/7/", file="de/t/demo/round/2/game/7/index.html", language="de"
    )
    up = "../../../../"  # from de/t/demo/round/2/game/7/ to de/t/demo/
    assert f'href="{up}standings/index.html"' in text
    assert f'href="{up}crosstable/index-discipline-3.html#top"' in text
    assert f'href="{up}standings-discipline-3.pdf"' in text
    assert f'href="{up}../../../en/t/demo/index.html" hreflang="en"' in text
    assert f'href="{up}index.html">venue' in text  # the venue's own address: a link of the site
    assert 'href="https://www.europeangodatabase.eu/"' in text and 'href="#board"' in text
    assert "<a>Log in</a>" in text and dead == ["/accounts/login/?next=/t/demo/"]
    assert "hx-" not in text and "<div>table</div>" in text
    assert f'href="{up}../../../static/tournament/site.css"' in text
    assert rewriter.statics == {"tournament/site.css"}


def test_the_folder_writes_inside_itself_whole_and_one_run_at_a_time(tmp_path):
    folder = Folder(tmp_path)
    for name in ("../outside.html", "/etc/passwd", "de/../../x", "de//x", "."):
        with pytest.raises(ValueError):
            folder.write(name, b"no")
    folder.write("de/t/demo/index.html", b"<html>")
    assert (tmp_path / "de/t/demo/index.html").read_bytes() == b"<html>"
    assert [p.name for p in (tmp_path / "de/t/demo").iterdir()] == ["index.html"]  # no temporary file left
    folder.remove("de/t/demo/index.html")
    assert not (tmp_path / "de").exists()  # empty folders go with their last file
    with folder.locked():
        with pytest.raises(FolderBusy), Folder(tmp_path).locked(wait=0.3):
            pass
    with Folder(tmp_path).locked(wait=0.3):
        pass
