"""Reading numbers from query strings and forms: ASCII digits only, within the database's range."""

from __future__ import annotations

#: The largest id or number a URL or form may name (PostgreSQL's integer; SQLite stores any size).
MAX_INT = 2**31 - 1


def int_param(value, *, default: int | None = None, maximum: int = MAX_INT) -> int | None:
    """``"42"`` → 42; anything else (``"²"``, ``"64.0"``, ``"-1"``, 20 digits, None) → ``default``."""
    text = str(value if value is not None else "").strip()
    if not text or len(text) > 10 or not (text.isascii() and text.isdigit()):
        return default
    number = int(text)
    return number if number <= maximum else default
