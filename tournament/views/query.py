"""Reading what a request names: numbers in its path, query and form (ASCII digits only, within
:data:`tournament.limits.MAX_ID`), and the ``next`` address to go on to (a page of this site only)."""

from __future__ import annotations

from django.utils.http import url_has_allowed_host_and_scheme

from tournament.limits import MAX_ID


def int_param(value, *, default: int | None = None, maximum: int = MAX_ID) -> int | None:
    """``"42"`` → 42; anything else (``"²"``, ``"64.0"``, ``"-1"``, 20 digits, None) → ``default``."""
    text = str(value if value is not None else "").strip()
    if not text or len(text) > 10 or not (text.isascii() and text.isdigit()):
        return default
    number = int(text)
    return number if number <= maximum else default


class NumberConverter:
    """``<int:…>`` in the site's URLs: 1 to 10 ASCII digits up to :data:`MAX_ID`; anything larger does not
    match (a 404) instead of reaching a query that the database cannot run."""

    regex = "[0-9]{1,10}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_ID:
            raise ValueError("beyond the largest id")
        return number

    def to_url(self, value) -> str:
        return str(value)


def next_address(request, default: str) -> str:
    """Where to go on to: the request's ``next`` (form first, then query) if it is a path on this site
    (``/t/hannover/``; not ``0``, not another host, not ``//evil.example``), else ``default``."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if (
        wanted.startswith("/")
        and url_has_allowed_host_and_scheme(
            wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        )
        and wanted.isprintable()
    ):
        return wanted
    return default
