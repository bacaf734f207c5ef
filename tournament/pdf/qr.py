"""QR codes, the site's one encoder: in the PDFs (drawn as one path), in pages (an inline SVG, one
path) and in a terminal (``manage.py venue``); the module matrix computed once per code.

ReportLab's :class:`~reportlab.graphics.barcode.qr.QrCodeWidget` encodes a
text again each time it is measured or drawn, lays the whole symbol out
once per mask pattern to pick the best of eight (about 10 ms a code), and
draws one rectangle object per run of dark modules. For a sheet of two
thousand welcome slips that is most of a minute. Here ReportLab's encoder
does what is hard (the data bits and the Reed-Solomon code words,
``QRCode.createData``); the layout of each version (finder, timing and
alignment patterns, the format bits of each mask, where the data bits go)
is made once per process, and the eight masks are applied and scored with
numpy, by ReportLab's own rules (``QRUtil.getLostPoint``), so the matrix is
module for module the one ReportLab would draw (``tests/standings/test_qr.py``
checks it).

>>> m = matrix("https://example.org/claim/ABCDEFGHJK/")
>>> m.shape, bool(m[0, 0]), bool(m[7, 7])
((33, 33), True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from html import escape

import numpy as np
from reportlab.graphics.barcode import qrencoder
from reportlab.pdfgen.canvas import Canvas

#: The error correction level: M restores 15 % of the code words (a fold, a smudge).
LEVEL = qrencoder.QRErrorCorrectLevel.M
#: The light margin around the symbol that scanners need, in modules.
QUIET = 4
#: ReportLab's rule 3 pattern (a finder-like run), looked for along the rows only, as ReportLab does.
_FINDER_LIKE = np.array([1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0], dtype=bool)


@dataclass(frozen=True)
class _Layout:
    """What every symbol of one version shares."""

    size: int
    #: for each mask: the symbol with its function patterns and format bits, data modules still light
    final: tuple[np.ndarray, ...]
    #: the same as ReportLab scores the masks (format bits light)
    test: np.ndarray
    #: the data modules in the order the bits fill them
    rows: np.ndarray
    cols: np.ndarray
    #: for each mask: whether it darkens each data module, in that order
    masks: np.ndarray


def _modules(code: qrencoder.QRCode) -> np.ndarray:
    return np.array(code.modules, dtype=bool)


@cache
def _layout(version: int) -> _Layout:
    code = qrencoder.QRCode(version, LEVEL)
    code.addData("")
    code.makeImpl(True, 0)  # sets the size, which the data positions need
    positions = code.dataPosIterator()
    cols = np.array([c for c, _r in positions], dtype=np.intp)
    rows = np.array([r for _c, r in positions], dtype=np.intp)

    def blank(test: bool, mask: int) -> np.ndarray:
        code.makeImpl(test, mask)
        out = _modules(code)
        out[rows, cols] = False
        return out

    masks = np.array([[qrencoder.QRUtil.getMask(m)(r, c) for c, r in positions] for m in range(8)], dtype=bool)
    return _Layout(
        size=code.getModuleCount(),
        final=tuple(blank(False, m) for m in range(8)),
        test=blank(True, 0),
        rows=rows,
        cols=cols,
        masks=masks,
    )


class _Bits:
    """A bit buffer with ReportLab's ``QRBitBuffer`` interface (what ``QR.write`` calls), kept in one int."""

    def __init__(self) -> None:
        self.value = 0
        self.length = 0

    def put(self, num: int, length: int) -> None:
        self.value = (self.value << length) | (num & ((1 << length) - 1))
        self.length += length

    def putBit(self, bit: bool) -> None:
        self.put(int(bool(bit)), 1)

    def getLengthInBits(self) -> int:
        return self.length


_EXP = qrencoder.EXP_TABLE
_LOG = qrencoder.LOG_TABLE


@cache
def _generator(count: int) -> tuple[int, ...]:
    """The logarithms of the Reed-Solomon generator polynomial's coefficients after the first
    (ReportLab's ``QRUtil.getErrorCorrectPolynomial``)."""
    return tuple(_LOG[c] for c in qrencoder.QRUtil.getErrorCorrectPolynomial(count).num[1:])


def _remainder(data: list[int], count: int) -> list[int]:
    """The ``count`` error correction code words of one block's ``data`` code words."""
    generator = _generator(count)
    rest = [0] * count
    for byte in data:
        factor = byte ^ rest[0]
        rest = rest[1:] + [0]
        if factor:
            f = _LOG[factor]
            rest = [r ^ _EXP[(f + g) % 255] for r, g in zip(rest, generator)]
    return rest


def _code_words(version: int, data_list: list) -> list[int]:
    """ReportLab's ``QRCode.createData``: the data with terminator and padding, cut into blocks,
    each block's error correction, interleaved; with table look-ups instead of polynomial objects."""
    blocks = qrencoder.QRRSBlock.getRSBlocks(version, LEVEL)
    bits = _Bits()
    for data in data_list:
        data.write(bits, version)
    capacity = sum(block.dataCount for block in blocks) * 8
    if bits.length > capacity:
        raise ValueError(f"code length overflow ({bits.length} > {capacity})")
    bits.put(0, min(4, capacity - bits.length))  # the terminator, as far as there is room
    bits.put(0, -bits.length % 8)
    pads = (capacity - bits.length) // 8
    words = list(bits.value.to_bytes(bits.length // 8, "big")) + [0xEC, 0x11] * (pads // 2) + [0xEC] * (pads % 2)
    data_blocks, ec_blocks, offset = [], [], 0
    for block in blocks:
        data_blocks.append(words[offset : offset + block.dataCount])
        offset += block.dataCount
        ec_blocks.append(_remainder(data_blocks[-1], block.totalCount - block.dataCount))
    out = []
    for group in (data_blocks, ec_blocks):
        for i in range(max(len(b) for b in group)):
            out += [b[i] for b in group if i < len(b)]
    return out


def _penalties(symbols: np.ndarray) -> np.ndarray:
    """ReportLab's ``QRUtil.getLostPoint`` of each symbol of ``symbols`` (masks x size x size)."""
    n = symbols.shape[1]
    score = np.zeros(len(symbols), dtype=np.int64)
    for lines in (symbols, symbols.transpose(0, 2, 1)):
        # rule 1: a run of five or more equal modules scores its length - 2, that is one for each
        # five equal modules in a row that it holds, and two more
        same = lines[..., 1:] == lines[..., :-1]
        fives = same[..., :-3] & same[..., 1:-2] & same[..., 2:-1] & same[..., 3:]
        firsts = fives.copy()
        firsts[..., 1:] &= ~same[..., : n - 5]
        score += fives.sum(axis=(1, 2)) + 2 * firsts.sum(axis=(1, 2))
    # rule 2: three for each 2x2 block of one colour
    corner = symbols[:, 1:, 1:]
    block = (corner == symbols[:, :-1, 1:]) & (corner == symbols[:, 1:, :-1]) & (corner == symbols[:, :-1, :-1])
    score += 3 * block.sum(axis=(1, 2))
    # rule 3: 40 for each finder-like run; ReportLab looks along the rows only, at the starts
    # 0 .. size - 12 (the pattern cannot overlap itself, so counting every start is the same)
    starts = n - len(_FINDER_LIKE)
    found = np.ones((len(symbols), n, starts), dtype=bool)
    for i, dark in enumerate(_FINDER_LIKE):
        found &= symbols[:, :, i : i + starts] if dark else ~symbols[:, :, i : i + starts]
    score += 40 * found.sum(axis=(1, 2))
    # rule 4: ten for each five per cent the dark share is off a half
    dark = symbols.sum(axis=(1, 2))
    score += 10 * (np.abs(100 * dark // (n * n) - 50) // 5)
    return score


def matrix(text: str) -> np.ndarray:
    """The QR code of ``text`` (level M, the smallest version it fits, the mask ReportLab would choose):
    a square boolean array, ``True`` for a dark module, row 0 at the top, without the quiet zone."""
    code = qrencoder.QRCode(None, LEVEL)
    code.addData(text)
    version = code.calculate_version()
    layout = _layout(version)
    bits = np.unpackbits(np.array(_code_words(version, code.dataList), dtype=np.uint8)).astype(bool)
    filled = np.zeros(len(layout.rows), dtype=bool)
    filled[: len(bits)] = bits[: len(filled)]
    placed = filled ^ layout.masks  # the data modules under each mask
    trials = np.repeat(layout.test[np.newaxis], 8, axis=0)
    trials[:, layout.rows, layout.cols] = placed
    best = int(np.argmin(_penalties(trials)))  # the first of equals, as ReportLab
    out = layout.final[best].copy()
    out[layout.rows, layout.cols] = placed[best]
    return out


def draw(c: Canvas, modules: np.ndarray, x: float, y: float, side: float) -> None:
    """Draw ``modules`` (from :func:`matrix`) with its quiet zone as a square of ``side`` whose lower
    left corner is at (``x``, ``y``): one filled path of one rectangle per run of dark modules in a row,
    written in module units (whole numbers: no rounding, and a few bytes a run)."""
    n = modules.shape[0]
    unit = side / (n + 2 * QUIET)
    # a hair taller than a module, so that no seam shows between rows in a viewer
    runs = [f"{s} {r} {w} 1.02 re" for r, s, w in _runs(modules)]
    c.saveState()
    c.setFillGray(0)
    # module (0, 0) is the top left corner, one unit a module, rows downwards
    c.transform(unit, 0, 0, -unit, x + QUIET * unit, y + side - QUIET * unit)
    c.addLiteral("\n".join(runs) + "\nf")
    c.restoreState()


def _runs(modules: np.ndarray) -> list[tuple[int, int, int]]:
    """``(row, first column, length)`` of every run of dark modules, row by row."""
    n = modules.shape[0]
    padded = np.zeros((n, n + 2), dtype=np.int8)
    padded[:, 1:-1] = modules
    rows, columns = np.nonzero(np.diff(padded, axis=1))
    starts, ends = columns[0::2].tolist(), columns[1::2].tolist()
    return [(r, s, e - s) for r, s, e in zip(rows[0::2].tolist(), starts, ends)]


@lru_cache(maxsize=64)
def svg(text: str, label: str = "") -> str:
    """The QR code of ``text`` as an inline SVG element (black on white, with its quiet zone, one path
    of one rectangle per run of dark modules), scaled by the page's CSS (class ``qr``); ``label`` is
    what a screen reader says. No style attribute: the Content-Security-Policy allows none."""
    modules = matrix(text)
    side = modules.shape[0] + 2 * QUIET
    path = "".join(f"M{s + QUIET} {r + QUIET}h{w}v1h-{w}z" for r, s, w in _runs(modules))
    title = escape(label or text)
    return (
        f'<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" role="img" '
        f'aria-label="{title}" shape-rendering="crispEdges"><title>{title}</title>'
        f'<rect width="{side}" height="{side}" fill="#fff"/><path fill="#000" d="{path}"/></svg>'
    )


def text_lines(text: str) -> list[str]:
    """The QR code of ``text`` for a terminal: two rows of modules a line in half blocks, the dark
    modules as the terminal's background (a dark terminal shows the code as a scanner expects it,
    light modules lit), with the quiet zone."""
    modules = np.pad(matrix(text), QUIET, constant_values=False)
    if modules.shape[0] % 2:
        modules = np.vstack([modules, np.zeros((1, modules.shape[1]), dtype=bool)])
    glyphs = {(False, False): "\u2588", (False, True): "\u2580", (True, False): "\u2584", (True, True): " "}
    return [
        "".join(glyphs[(bool(top), bool(bottom))] for top, bottom in zip(modules[r], modules[r + 1]))
        for r in range(0, modules.shape[0], 2)
    ]
