"""PDF documents drawn with ReportLab from plain data.

- :mod:`.fonts` -- DejaVu Sans and IPAexGothic, embedded.
- :mod:`.grid` -- long tables with the header repeated on every page.
- :mod:`.pairings` -- pairing sheet (by table, by name).
- :mod:`.slips` -- result slips to cut and sign.
- :mod:`.standings`, :mod:`.crosstable` -- standings and crosstable.
"""
