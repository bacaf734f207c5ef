"""Nothing from the internet: no page of the site asks the browser for anything outside the site.

At the venue the phones reach the laptop and nothing else. Every page of the
demo tournament, for every role (a visitor, the players Anna and Jonas, the
referee, the organizer, the site administrator with the Django admin), is
opened by following the links from the start pages (each kind of page twice
at most: ``/t/demo/round/3/`` and ``/t/demo/round/4/`` are one kind), and
every address it names -- a script, a style sheet, an icon, an image, a
link, a form's target, a ``url()`` -- must be one of the site's own; the
style sheets it loads too; and the Content-Security-Policy sent with it
allows the site's own sources only, so a browser would refuse anything else.
"""

from __future__ import annotations

import html
import io
import re
from collections import Counter, deque
from urllib.parse import urljoin, urlsplit

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.test import Client

pytestmark = pytest.mark.django_db

ROLES = (None, "anna", "jonas", "schiri", "orga", "admin")
STARTS = ("/", "/t/demo/", "/me/", "/t/demo/me/", "/t/demo/referee/", "/t/demo/manage/", "/admin/", "/rules/")
#: attributes that name an address the browser fetches or goes to
ADDRESS = re.compile(r'\s(src|href|action|formaction|srcset|poster|data|xlink:href|hx-get|hx-post)="([^"]*)"')
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)""")
#: what a link may be without naming a place: a fragment, a form's own page
HARMLESS = ("#", "?", "mailto:", "data:")
#: not followed: they change something, or are files (checked by the download tests)
SKIP = re.compile(r"(logout|/i18n/|\.pdf|\.csv|\.h9|\.xml|/sgf/|/api/|welcome|export|/delete/|/history/)")
PER_KIND = 2


def _kind(url: str) -> str:
    """What kind of page: the path with its numbers left out, and the names in its query (the admin's
    lists: the path alone, whatever they are filtered or sorted by)."""
    parts = urlsplit(url)
    query = "&".join(sorted(q.split("=")[0] for q in parts.query.split("&") if q))
    kind = re.sub(r"\d+", "N", parts.path)
    return kind if kind.startswith("/admin/") else f"{kind}?{query}"


def _outside(value: str) -> bool:
    """Whether an address points off the site (another host, or a scheme of its own)."""
    if value.startswith(HARMLESS):
        return False
    parts = urlsplit(value)
    return bool(parts.netloc) or parts.scheme not in ("", "http", "https") or value.startswith("//")


def _crawl(client: Client) -> tuple[int, list[str], set[str]]:
    """Pages visited, the outside addresses found (with their page), the style sheets named."""
    queue, seen, kinds = deque(STARTS), set(STARTS), Counter()
    found, sheets, visited = [], set(), 0
    while queue:
        url = queue.popleft()
        response = client.get(url)
        if response.status_code != 200 or not response["Content-Type"].startswith("text/html"):
            continue
        visited += 1
        policy = response.get("Content-Security-Policy", "")
        assert policy and all(
            source in ("'self'", "'none'", "data:")
            for directive in policy.split(";")
            for source in directive.split()[1:]
        ), (url, policy)
        page = response.content.decode()
        for value in CSS_URL.findall(page):
            if _outside(value):
                found.append(f"{url}: url({value})")
        for attribute, raw in ADDRESS.findall(page):
            for value in html.unescape(raw).split(",") if attribute == "srcset" else [html.unescape(raw)]:
                value = value.strip().split(" ")[0]
                if _outside(value):
                    found.append(f"{url}: {attribute}={value}")
                    continue
                if value.endswith(".css"):
                    sheets.add(urljoin(url, value))
                target = urljoin(url, value).split("#")[0]
                if attribute != "href" or SKIP.search(target) or target in seen or not target.startswith("/"):
                    continue
                kind = _kind(target)
                if kinds[kind] >= PER_KIND:
                    continue
                kinds[kind] += 1
                seen.add(target)
                queue.append(target)
    return visited, found, sheets


def test_no_page_for_any_role_asks_for_anything_outside_the_site():
    call_command("demo", stdout=io.StringIO())
    users = get_user_model().objects
    sheets: set[str] = set()
    for name in ROLES:
        client = Client()
        if name:
            client.force_login(users.get(username=name))
        visited, outside, named = _crawl(client)
        assert outside == [], f"{name or 'visitor'}:\n" + "\n".join(outside)
        assert visited >= (10 if name is None else 15), (name, visited)
        sheets |= named
    assert any(s.endswith("tournament/site.css") for s in sheets)
    for sheet in sheets:  # the style sheets: fonts and pictures from the site only
        path = finders.find(urlsplit(sheet).path.removeprefix(settings.STATIC_URL).lstrip("/"))
        assert path, sheet
        with open(path, encoding="utf-8") as f:
            for value in CSS_URL.findall(f.read()):
                assert not _outside(value), (sheet, value)
