"""Pairing engine: pure Python over plain data, no Django.

Entry points: :func:`tournament.pairing.engine.pair_round`,
:mod:`tournament.pairing.opengotha_xml` (read/write OpenGotha files),
:mod:`tournament.pairing.scores` (McMahon scores for the standings).
"""
