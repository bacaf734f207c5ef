"""One run of the publisher: the tournaments' public pages into the folder, only what changed.

For each item of the site map (:mod:`.site_map`): an item whose key the
manifest holds for an existing file is left alone; any other is asked of the
site (:mod:`.render`), its links made relative (:mod:`.links`), and written
when its content differs from the file's. The static files the pages use are
copied, the files of the run's tournaments that are no longer published (a
round taken back, a game taken out) removed. A page the site fails to make is
reported and its old file kept; the run goes on.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.urls import reverse
from django.utils import timezone

from tournament.models import Tournament
from tournament.selectors.page_version import page_version

from . import site_map
from .context import PublishedCopy
from .folder import Entry, Folder, Manifest, digest
from .links import Rewriter
from .render import PageError, Renderer

_CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)['"]?\s*\)""")


@dataclass
class Report:
    written: int = 0
    unchanged: int = 0
    #: left alone: made from the same data as the file
    kept: int = 0
    removed: int = 0
    #: the run's tournaments' files in the folder afterwards
    files: int = 0
    seconds: float = 0.0
    #: what went wrong, as codes and values (:mod:`.words`)
    problems: list[dict] = field(default_factory=list)

    def summary(self) -> str:
        text = (
            f"{self.written} written, {self.unchanged} unchanged, {self.kept} kept, {self.removed} removed, "
            f"{self.files} files, {self.seconds:.1f} s"
        )
        return text + (f", {len(self.problems)} problems" if self.problems else "")


def _static_source(name: str) -> Path | None:
    """Where the static file ``name`` (as the pages link it, hashed in production) is on this machine."""
    if settings.STATIC_ROOT and (Path(settings.STATIC_ROOT) / name).is_file():
        return Path(settings.STATIC_ROOT) / name
    found = finders.find(name)
    return Path(found) if isinstance(found, str) else None


def _hosts() -> frozenset[str]:
    hosts = {h.lstrip(".") for h in settings.ALLOWED_HOSTS if h not in ("*", "")}
    if settings.SITE_URL:
        hosts.add(settings.SITE_URL.split("://", 1)[-1].split("/", 1)[0])
    return frozenset(hosts)


class Run:
    def __init__(self, folder: Path, tournaments: list[Tournament], *, full: bool = False):
        self.folder = Folder(folder)
        self.tournaments = tournaments
        self.full = full
        self.report = Report()

    def _items(self) -> list[site_map.Item]:
        items = site_map.shared_items()
        for tournament in self.tournaments:
            items += site_map.tournament_items(tournament)
        return items

    def _content(self, item: site_map.Item, renderer: Renderer, rewriter: Rewriter, slugs: set[str]) -> bytes:
        body = renderer.get(item.url, item.language)
        if item.url == reverse("api:tournaments"):  # only the tournaments in the folder
            listed = [t for t in json.loads(body) if t.get("slug") in slugs]
            return json.dumps(listed, ensure_ascii=False).encode()
        if not item.file.endswith(".html"):
            return body
        text, dead = rewriter.page(body.decode(), url=item.url, file=item.file, language=item.language)
        for url in dead:
            self.report.problems.append({"code": "link", "page": item.file, "url": url})
        return text.encode()

    def _put(self, manifest: Manifest, name: str, content: bytes, key: str | None, owner: str) -> None:
        hashed = digest(content)
        old = manifest.files.get(name)
        if old is not None and old.hash == hashed and self.folder.exists(name):
            self.report.unchanged += 1
        else:
            self.folder.write(name, content)
            self.report.written += 1
        manifest.files[name] = Entry(hash=hashed, key=key, owner=owner)

    def _copy_statics(self, manifest: Manifest, names: set[str]) -> None:
        done: set[str] = set()
        while names - done:
            name = sorted(names - done)[0]
            done.add(name)
            source = _static_source(name)
            if source is None:
                self.report.problems.append({"code": "static", "name": name})
                continue
            content = source.read_bytes()
            if name.endswith(".css"):  # what a style sheet refers to comes along
                base = name.rpartition("/")[0]
                for ref in _CSS_URL.findall(content.decode("utf-8", "replace")):
                    if not ref.startswith(("data:", "http:", "https:", "#", "/")):
                        names.add(f"{base}/{ref}".lstrip("/").split("?")[0].split("#")[0])
            self._put(manifest, "static/" + name, content, None, "")

    def execute(self) -> Report:
        started = time.monotonic()
        with self.folder.locked():
            manifest = self.folder.load()
            self._note_states(manifest)
            slugs = set(manifest.tournaments)
            as_of = {slug: dt.datetime.fromisoformat(t["as_of"]) for slug, t in manifest.tournaments.items()}
            copy = PublishedCopy(slugs=frozenset(slugs), as_of=as_of)
            items = self._items()
            table = {site_map.link_key(i.language, i.url): i.file for i in items if i.file != "index.html"}
            renderer = Renderer(copy)
            rewriter = Rewriter(table, hosts=_hosts(), static_url="/" + settings.STATIC_URL.lstrip("/"))
            produced: set[str] = set()
            try:
                for item in items:
                    produced.add(item.file)
                    old = manifest.files.get(item.file)
                    if (
                        not self.full
                        and item.key is not None
                        and old is not None
                        and old.key == item.key
                        and self.folder.exists(item.file)
                    ):
                        self.report.kept += 1
                        continue
                    try:
                        content = self._content(item, renderer, rewriter, slugs)
                    except PageError as exc:
                        self.report.problems.append({"code": "page", "url": exc.url, "status": exc.status})
                        continue
                    self._put(manifest, item.file, content, item.key, item.owner)
                self._copy_statics(manifest, set(rewriter.statics))
                self._copy_root_files(manifest)
                owners = {t.slug for t in self.tournaments}
                for name, entry in list(manifest.files.items()):
                    if entry.owner in owners and name not in produced:
                        self.folder.remove(name)
                        del manifest.files[name]
                        self.report.removed += 1
                self.report.files = sum(1 for e in manifest.files.values() if e.owner in owners)
            finally:
                self.folder.save(manifest)
                self.report.problems += [
                    {"code": "symlink", "name": name, "target": target} for name, target in self.folder.replaced
                ]
        self.report.seconds = time.monotonic() - started
        return self.report

    def _note_states(self, manifest: Manifest) -> None:
        """The run's tournaments in the manifest, with the state they are in and since when the copy
        shows it (kept while the state is the same: the overview's "as of" changes with the data only)."""
        for t in self.tournaments:
            state = page_version(t)
            known = manifest.tournaments.get(t.slug, {})
            if known.get("state") != state or "as_of" not in known:
                known = {"state": state, "as_of": timezone.now().isoformat()}
            manifest.tournaments[t.slug] = {**known, "name": t.name}

    def _copy_root_files(self, manifest: Manifest) -> None:
        root = getattr(settings, "WHITENOISE_ROOT", None)
        if root and (Path(root) / "favicon.ico").is_file():
            self._put(manifest, "favicon.ico", (Path(root) / "favicon.ico").read_bytes(), None, "")


def publish(folder: Path, tournaments: list[Tournament], *, full: bool = False) -> Report:
    """Write the public pages of ``tournaments`` (with the start page and the rules) into ``folder``;
    ``full`` makes every page again, whatever the manifest says."""
    return Run(folder, tournaments, full=full).execute()
