"""Rules engines for Go and its variants: pure Python, no Django, no I/O.

``coords`` (Go coordinates), ``sgf`` (a small SGF reader/writer) and ``svg``
(board diagrams) are shared; each game has its own subpackage (``ninuki``,
``go``, ...).
"""
