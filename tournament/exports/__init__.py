"""Exports: the EGD results file (:mod:`.h9`), CSV (:mod:`.csv`), and the
JSON dump of a whole tournament (:mod:`.dump`)."""
