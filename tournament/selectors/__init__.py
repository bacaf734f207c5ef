"""Reads: queries that views, commands and PDFs share.

Where each concept lives (the map of them all is ``docs/architecture.md``):

- what a public page shows has changed: :mod:`.page_version` (one statement; the ETags, the pages kept per
  version and the published copy's keys all ask it)
- a game's official result and what its record is worth beside it (agrees, rejected, contradicts, unchecked),
  the reason written with it, its SGF `RE`: `tournament/selectors/official.py` (`official`, `officials`,
  `verdict_of`): every page, the results grid, the referee's queue, the SGF and the API ask it; the result
  services keep `Game.verdict` as the check of the record against the game's result. The SGF of a settled game
  (the download and the API's record, `CA[UTF-8]`, the variant's `GM`): `tournament/selectors/game_sgf.py`
- where a submitted result is checked against its record; the site's door to the rules engines:
  `tournament/engines.py` (`check_claim`, `replay_record`, `engine_settings`: the library decides; codes in
  words there; it writes nothing)
"""
