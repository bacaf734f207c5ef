"""The machine's addresses on the local network: where players' phones reach the venue's laptop.

Nothing here sends a packet or needs the internet. The addresses come from
the network interfaces (Linux: one ``SIOCGIFADDR`` call per interface),
from the host's own name, and from the route the system would take to a
private address (a UDP socket that is connected but never sends); the
best guess comes first: an address of the interface the default route
leaves by, a private address before any other, never a loopback or
link-local one, and no container bridge (``docker0``, ``br-...``,
``virbr0``, ``veth...``).

>>> is_candidate("192.168.1.20"), is_candidate("127.0.0.1"), is_candidate("169.254.3.4")
(True, False, False)

Where each concept lives (the map of them all is ``docs/architecture.md``):

- the venue: the laptop's addresses on the network, the settings for a LAN without TLS, gunicorn on every
  interface with the publisher and the backups: `tournament/network.py`,
  `tournament/management/commands/venue.py` (`venue_environment`), `DJANGO_PLAIN_HTTP` in
  `tournament/settings.py`
"""

from __future__ import annotations

import ipaddress
import socket
import struct
import sys

#: Interfaces of containers and virtual machines on this machine: phones never reach them.
VIRTUAL_PREFIXES = ("docker", "br-", "virbr", "veth", "vmnet", "vboxnet", "lxc", "lxd", "cni", "flannel", "tun", "tap")
_SIOCGIFADDR = 0x8915


def is_candidate(address: str) -> bool:
    """An IPv4 address another machine on the network could reach (not loopback, link-local, any)."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast or ip.is_reserved)


def interface_addresses() -> list[tuple[str, str]]:
    """``(interface, IPv4 address)`` of every interface that has one (Linux; elsewhere an empty list)."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl

    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _index, name in socket.if_nameindex():
            try:
                packed = fcntl.ioctl(s.fileno(), _SIOCGIFADDR, struct.pack("256s", name[:15].encode()))
            except OSError:  # down, or without an IPv4 address
                continue
            found.append((name, socket.inet_ntoa(packed[20:24])))
    return found


def routed_address() -> str | None:
    """The address the system would send from to another network (no packet is sent); None offline."""
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            try:
                s.connect((probe, 9))
                return s.getsockname()[0]
            except OSError:
                continue
    return None


def host_name_addresses() -> list[str]:
    """The addresses the machine's own name resolves to (macOS and Windows name their LAN address)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [info[4][0] for info in infos]


def lan_addresses() -> list[str]:
    """The machine's addresses on the local network, the best guess first (see the module's docstring)."""
    interfaces = [(name, a) for name, a in interface_addresses() if not name.startswith(VIRTUAL_PREFIXES)]
    routed = routed_address()
    found: list[str] = []
    for address in [routed or "", *(a for _n, a in interfaces), *host_name_addresses()]:
        if is_candidate(address) and address not in found:
            found.append(address)
    virtual = {a for name, a in interface_addresses() if name.startswith(VIRTUAL_PREFIXES)}
    found = [a for a in found if a not in virtual]
    # the routed one first, then private addresses before public ones
    return sorted(found, key=lambda a: (a != routed, not ipaddress.IPv4Address(a).is_private))
