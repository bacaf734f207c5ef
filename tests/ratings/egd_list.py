"""A small EGD all-world list made here, in the EGD's layout (see tournament/formats/egd_ratings.py)."""

from __future__ import annotations

import io
import zipfile


def egd_line(pin, name, country, club, grade, gor, promo="--", tournaments=3, last="T240101A") -> str:
    """One player in the published columns: PIN 1-8, name 11-47, country 49-51, club 53-56, grade 60-62, GoR 71-74."""
    return (
        f" {pin:>8}  {name:<37} {country:<3} {club:<4}   {grade:>3}   {promo:<2}   {gor:>4}  {tournaments:>4}  {last}"
    )


PLAYERS = [
    ("12345678", "Müller Jürgen", "DE", "Hann", "3k", 1800),
    ("12345679", "Mueller Anna", "DE", "Brem", "1d", 2110),
    ("22334455", "van der Berg Jan Willem", "NL", "Amst", "5d", 2480),
    ("33445566", "Abad Jahin", "FR", "38GJ", "20k", 15),
    ("44556677", "Çelik Ömer", "TR", "Ist", "2k", 1905),
]

HEADER = [
    "<html><head><title>EGD - All World List of Players</title></head><body><pre>",
    " European Go Database - All World List of Players  (14 Mar 2024)",
    "",
    "   Pin      Name                                  Co  Club  Grade Prom.  GoR Tourn. Last",
]


def egd_text(players=PLAYERS, header=HEADER, extra=()) -> str:
    lines = list(header) + [egd_line(*p) for p in players] + list(extra) + ["</pre></body></html>"]
    return "\n".join(lines) + "\n"


def egd_bytes(players=PLAYERS, encoding="utf-8", **kwargs) -> bytes:
    return egd_text(players, **kwargs).encode(encoding)


def egd_zip(data: bytes, name="allworld_lp.html") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, data)
    return buffer.getvalue()
