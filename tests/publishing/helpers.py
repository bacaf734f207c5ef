"""Reading a published folder as a browser and a web host would: its links, its tables, its files."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urlsplit

LINK = re.compile(r'\s(href|src|action)="([^"]*)"')
TABLE = re.compile(r"<table\b.*?</table>", re.S)
TAG = re.compile(r"<[^>]+>")


def pages(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.html"))


def links(page: Path) -> list[tuple[str, str]]:
    """(attribute, value) of every link of the page."""
    return [(a, html.unescape(v)) for a, v in LINK.findall(page.read_text(encoding="utf-8"))]


def target(page: Path, value: str) -> Path:
    """The file a relative link of ``page`` opens (what a static server or a disk serves)."""
    return (page.parent / urlsplit(value).path).resolve()


def text(markup: str) -> str:
    """What a reader sees of some HTML: the words, blanks folded."""
    return " ".join(html.unescape(TAG.sub(" ", markup)).split())


def tables(markup: str) -> list[str]:
    """The words of every table of a page, in order (the data a page shows)."""
    return [text(t) for t in TABLE.findall(markup)]
