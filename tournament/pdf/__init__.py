"""PDF documents drawn with ReportLab from plain data.

- :mod:`.fonts` -- DejaVu Sans and IPAexGothic, embedded.
- :mod:`.grid` -- long tables with the header repeated on every page.
- :mod:`.pairings` -- pairing sheet (by table, by name).
- :mod:`.slips` -- result slips to cut and sign.
- :mod:`.standings`, :mod:`.crosstable` -- standings and crosstable.

Where each concept lives (the map of them all is ``docs/architecture.md``):

- a QR code (encoded once; drawn as one path in a PDF, an inline SVG in a page, half blocks in a terminal), cut
  lines between slips: `tournament/pdf/qr.py` (`matrix`, `draw`, `svg`, `text_lines`),
  `tournament/pdf/cutting.py`
"""
