"""Asking the site for a page of the published copy, as an anonymous visitor in one language.

The request goes through the whole site (middleware, views, templates, the
caches the live pages share) as a visitor's does, with the language chosen
by its cookie and the :class:`.context.PublishedCopy` in the WSGI
environment. Django's request client does this in the process, without a
network or a server.
"""

from __future__ import annotations

from django.conf import settings
from django.test import Client

from .context import ENVIRON_KEY, PublishedCopy


class PageError(RuntimeError):
    """The site did not answer a page of the copy with 200."""

    def __init__(self, url: str, status: int):
        super().__init__(f"{url}: {status}")
        self.url, self.status = url, status


def site_host() -> str:
    """A host name the site answers to (the first of ``ALLOWED_HOSTS``; ``localhost`` for a wildcard)."""
    for host in settings.ALLOWED_HOSTS:
        host = host.lstrip(".")
        if host and host != "*":
            return host
    return "localhost"


class Renderer:
    def __init__(self, copy: PublishedCopy):
        self.copy = copy
        self.host = site_host()
        self.clients: dict[str | None, Client] = {}

    def client(self, language: str | None) -> Client:
        if language not in self.clients:
            client = Client(HTTP_HOST=self.host)
            if language:
                client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
            self.clients[language] = client
        return self.clients[language]

    def get(self, url: str, language: str | None) -> bytes:
        """The body of ``url`` (a path and query of the site); :class:`PageError` unless it answers 200."""
        language = language or settings.LANGUAGE_CODE
        response = self.client(language).get(
            url, secure=True, HTTP_ACCEPT_LANGUAGE=language, **{ENVIRON_KEY: self.copy}
        )
        if response.status_code != 200:
            raise PageError(url, response.status_code)
        return b"".join(response) if response.streaming else response.content
