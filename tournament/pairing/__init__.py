"""Pairing engine: pure Python over plain data, no Django.

Entry points: :func:`tournament.pairing.engine.pair_round`,
:mod:`tournament.pairing.scores` (McMahon scores for the standings),
:mod:`tournament.pairing.criteria` (the one table of placement criteria) and
:mod:`tournament.pairing.direct` (direct confrontation, for the standings too).
"""
