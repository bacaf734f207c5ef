"""The address players open, and how phones join the playing hall's network.

On the web the site's address is the one the request came by. At the venue
(``manage.py venue``) the organizer opens the site on the laptop itself
(``http://127.0.0.1:8000``) while players' phones need the laptop's address
on the hall's network: ``DJANGO_SITE_URL`` names it, and the welcome slips,
the invitations, the dashboard and the projector show it, with a QR code.
``DJANGO_VENUE_WIFI`` (and its password) adds the network's name and a QR
code that phones join the Wi-Fi by.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from tournament.pdf import qr


def site_url(request, path: str = "/") -> str:
    """The absolute address of ``path`` (a path of this site) as players open it."""
    if settings.SITE_URL:
        return settings.SITE_URL + path
    return request.build_absolute_uri(path)


def _wifi_escape(text: str) -> str:
    """A value in a Wi-Fi QR code (``WIFI:S:...;``): backslash, semicolon, comma, colon and quote escaped."""
    for char in '\\;,:"':
        text = text.replace(char, "\\" + char)
    return text


def wifi_code(name: str, password: str) -> str:
    """What a phone's camera reads to join the network ``name`` (WPA, or open without a password)."""
    if password:
        return f"WIFI:T:WPA;S:{_wifi_escape(name)};P:{_wifi_escape(password)};;"
    return f"WIFI:T:nopass;S:{_wifi_escape(name)};;"


@dataclass(frozen=True)
class Join:
    """How a player gets to the tournament's pages: the hall's Wi-Fi (if set) and the address, each with its QR code."""

    url: str
    qr: SafeString
    wifi: str
    wifi_password: str
    wifi_qr: SafeString | None


def join(request, tournament) -> Join:
    """The tournament's public page as players open it, and the hall's Wi-Fi."""
    url = site_url(request, reverse("tournament", args=[tournament.slug]))
    wifi, password = settings.VENUE_WIFI, settings.VENUE_WIFI_PASSWORD
    return Join(
        url=url,
        qr=mark_safe(qr.svg(url)),  # noqa: S308 - our own SVG, the text escaped in it
        wifi=wifi,
        wifi_password=password,
        wifi_qr=mark_safe(qr.svg(wifi_code(wifi, password), wifi)) if wifi else None,  # noqa: S308
    )
