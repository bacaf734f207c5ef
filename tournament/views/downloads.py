"""A file the site hands out (PDF, CSV, h9, SGF, OpenGotha XML): one answer with one safe file name."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.text import slugify


def file_response(content, content_type: str, filename: str, inline: bool = True) -> HttpResponse:
    """A download; the file name is made safe for the header (no newline, quote or path in it)."""
    response = HttpResponse(content, content_type=content_type)
    stem, dot, ext = filename.rpartition(".")
    safe = f"{slugify(stem)[:120] or 'download'}{dot}{slugify(ext)}"
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{safe}"'
    return response
