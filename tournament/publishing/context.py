"""What a page knows while it is made for the published copy (the static site).

The publisher asks the site for each page with :data:`ENVIRON_KEY` in the
request's WSGI environment (a key no HTTP header can set), holding a
:class:`PublishedCopy`; templates see it as ``published_copy`` and leave out
what only the live site can do (log-in, the language form, polling, the
projector and the live boards, stepping through a record).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

ENVIRON_KEY = "vielseitig.published_copy"


@dataclass(frozen=True)
class PublishedCopy:
    #: the tournaments in the folder (the start page lists these)
    slugs: frozenset[str]
    #: per tournament, when the copy first showed its present state (the overview says "as of")
    as_of: dict[str, dt.datetime]


def of_request(request) -> PublishedCopy | None:
    """The published copy the request is made for; None for every real visitor."""
    value = request.META.get(ENVIRON_KEY)
    return value if isinstance(value, PublishedCopy) else None


def published_copy(request) -> dict:
    """Context processor: ``published_copy`` for the templates."""
    return {"published_copy": of_request(request)}
