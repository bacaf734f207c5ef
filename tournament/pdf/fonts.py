"""Fonts for the PDFs: DejaVu Sans (umlauts, accents) and IPAexGothic (Japanese).

Both are TrueType and embedded (as subsets) in every document.  They are
looked for in ``$VIELSEITIG_FONT_DIR``, then where Debian's
``fonts-dejavu-core`` and ``fonts-ipaexfont-gothic`` put them, then in
``matplotlib`` (ships DejaVu Sans) and ``japanize_matplotlib`` (ships
IPAexGothic) when those are installed.
"""

from __future__ import annotations

import importlib.util
import os
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

SANS = "DejaVuSans"
SANS_BOLD = "DejaVuSans-Bold"
CJK = "IPAexGothic"

_FILES = {
    SANS: "DejaVuSans.ttf",
    SANS_BOLD: "DejaVuSans-Bold.ttf",
    CJK: "ipaexg.ttf",
}


class FontsMissing(RuntimeError):
    pass


def _package_dir(name: str, *parts: str) -> Path | None:
    """Where an installed package lives, without importing it."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0]).joinpath(*parts)


def search_dirs() -> list[Path]:
    dirs = []
    if os.environ.get("VIELSEITIG_FONT_DIR"):
        dirs.append(Path(os.environ["VIELSEITIG_FONT_DIR"]))
    dirs += [
        Path("/usr/share/fonts/truetype/dejavu"),
        Path("/usr/share/fonts/opentype/ipaexfont-gothic"),
        Path("/usr/share/fonts/truetype/ipaexfont-gothic"),
        Path("/usr/share/fonts/dejavu"),
        Path("/usr/local/share/fonts"),
    ]
    for found in (_package_dir("matplotlib", "mpl-data", "fonts", "ttf"), _package_dir("japanize_matplotlib", "fonts")):
        if found:
            dirs.append(found)
    return dirs


def find(filename: str) -> Path:
    for d in search_dirs():
        path = d / filename
        if path.is_file():
            return path
    raise FontsMissing(
        f"font file {filename} not found in {', '.join(map(str, search_dirs()))}; "
        "install fonts-dejavu-core and fonts-ipaexfont-gothic (apt) or set VIELSEITIG_FONT_DIR"
    )


@cache
def register() -> None:
    """Register the fonts with ReportLab once per process."""
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(find(filename))))
    pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=SANS_BOLD, italic=SANS, boldItalic=SANS_BOLD)


def needs_cjk(text: str) -> bool:
    """True when DejaVu Sans lacks glyphs for the text (CJK, kana, Hangul, full width)."""
    return any(ord(ch) >= 0x2E80 for ch in text)


def font_for(text: str, bold: bool = False) -> str:
    if needs_cjk(text):
        return CJK
    return SANS_BOLD if bold else SANS


def width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


def clip(text: str, font: str, size: float, room: float) -> str:
    """``text``, cut and ended with "…" where it would be wider than ``room`` at ``size``."""
    if width(text, font, size) <= room + 0.01:
        return text
    while text and width(text + "…", font, size) > room:
        text = text[:-1]
    return text + "…"
