"""A page's links made relative, for the published copy.

Every ``href``, ``src`` and ``action`` that names an address of the site is
looked up in the table of published addresses (:func:`.site_map.link_key`)
and replaced by the path from the page's file to that file
(``../../standings/index.html``); a static file (``/static/...``) is
collected to be copied. A link's language is its page's, or the one its
``lang`` query or ``hreflang`` attribute names (the language switch). A link
of the site that is not published (nothing on a public page should be one)
loses its ``href`` and is reported. Links to other sites, fragments and
``mailto:`` stay as they are. htmx's attributes go: the copy does not poll.

Pages are the site's own templates, which quote every attribute with ``"``
and escape ``"``, ``'``, ``<`` and ``>`` in text, so an attribute can be
found by a regular expression.
"""

from __future__ import annotations

import html
import posixpath
import re
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

from .site_map import link_key

_TAG = re.compile(r"<[a-zA-Z][^<>]*>")
_LINK = re.compile(r'(\s)(href|src|action)="([^"]*)"')
_HREFLANG = re.compile(r'\shreflang="([^"]*)"')
_HTMX = re.compile(r"""\shx-[\w:-]+=(?:"[^"]*"|'[^']*')""")
_KEEP = ("#", "mailto:", "tel:", "data:", "javascript:")


def relative(target: str, page_file: str) -> str:
    """The path from the folder of ``page_file`` to ``target`` (both relative to the published folder)."""
    return posixpath.relpath(target, posixpath.dirname(page_file) or ".")


@dataclass
class Rewriter:
    """Rewrites the pages of one run: ``table`` maps :func:`.site_map.link_key` to files."""

    table: dict[tuple[str | None, str, str], str]
    #: the host names the site is known by: absolute links to them are links of the site
    hosts: frozenset[str] = frozenset()
    static_url: str = "/static/"
    #: static files the pages use (names below ``static_url``)
    statics: set[str] = field(default_factory=set)

    def target(self, url: str, language: str | None) -> str | None:
        """The published file of a site address (a path and query), None if it is not published."""
        path = urlsplit(url).path
        if path.startswith(self.static_url):
            name = path[len(self.static_url) :]
            self.statics.add(name)
            return "static/" + name
        if path == "/favicon.ico":
            return "favicon.ico"
        return self.table.get(link_key(language, url.split("#", 1)[0]))

    def page(self, text: str, *, url: str, file: str, language: str | None) -> tuple[str, list[str]]:
        """``text`` (a page made from ``url``, written to ``file``) with its links rewritten, and the
        site's addresses it links that are not published."""
        dead: list[str] = []

        def tag(match: re.Match) -> str:
            element = _HTMX.sub("", match.group(0))
            named = _HREFLANG.search(element)
            link_language = named.group(1) if named else language

            def attribute(found: re.Match) -> str:
                space, name, raw = found.groups()
                value = html.unescape(raw)
                if not value or value.startswith(_KEEP):
                    return found.group(0)
                parts = urlsplit(value)
                if parts.scheme or parts.netloc:
                    if parts.netloc not in self.hosts:
                        return found.group(0)  # another site's address
                    value = value[value.index(parts.netloc) + len(parts.netloc) :] or "/"
                absolute = urljoin(url, value)
                published = self.target(absolute, link_language)
                if published is None:
                    dead.append(absolute)
                    return ""
                fragment = f"#{parts.fragment}" if parts.fragment else ""
                return f'{space}{name}="{html.escape(relative(published, file) + fragment)}"'

            return _LINK.sub(attribute, element)

        return _TAG.sub(tag, text), dead
