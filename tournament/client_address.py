"""The client's address as the log-in throttle counts it: ``X-Forwarded-For`` only from a trusted proxy.

``settings.TRUSTED_PROXIES`` (``DJANGO_TRUSTED_PROXIES``) lists the proxies'
addresses or networks. A request from one of them is counted under the
address its proxy chain forwarded for: the right-most entry of
``X-Forwarded-For`` that is not itself a trusted proxy. Any other request is
counted under ``REMOTE_ADDR``, whatever ``X-Forwarded-For`` it claims.

django-ipware (which axes would use) checks the trusted proxies against the
entries *inside* the header, which a client talking to the site directly
can write itself; hence this small function (``AXES_CLIENT_IP_CALLABLE``).
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

from django.conf import settings


@lru_cache(maxsize=8)
def _networks(proxies: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(p.strip(), strict=False) for p in proxies if p.strip())


def _address(text: str):
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def is_trusted_proxy(address: str) -> bool:
    ip = _address(address)
    return ip is not None and any(ip in net for net in _networks(tuple(settings.TRUSTED_PROXIES)))


def client_address(request) -> str | None:
    """The address failures are counted under (see the module's text); None if the request has none."""
    remote_ip = _address(request.META.get("REMOTE_ADDR", "") or "")
    if remote_ip is None:
        return None  # a request made up by a test or a script, or a unix socket without a proxy
    remote = str(remote_ip)
    if not is_trusted_proxy(remote):
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    for part in reversed(forwarded):
        ip = _address(part)
        if ip is None:
            break  # garbage in the chain: trust nothing left of it
        if not is_trusted_proxy(part):
            return str(ip)
    return remote
