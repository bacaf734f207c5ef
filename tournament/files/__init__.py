"""Other programs' files, one module per format, each read into plain data and written from it.

- :mod:`.opengotha`: OpenGotha's tournament file (read and written; no Django: ``pair_opengotha`` reads it
  without starting the site); :mod:`.macmahon`: MacMahon 3.9's tournament file (read); :mod:`.safe_xml`:
  XML parsed safely, for both
- :mod:`.player_csv`: a player list (CSV) (read)
- :mod:`.imported`: the one shape the tournament files and player lists are read into, which
  :mod:`tournament.services.file_import` writes
- :mod:`.rating_list`: the one shape of a rating list, and :mod:`.egd_ratings`, :mod:`.ffg_ratings`,
  :mod:`.aga_ratings`: the EGD's, the FFG's and the AGA's lists (read); :mod:`.ratings`: the reader of a kind
- :mod:`.h9`: the EGD's results file (written); :mod:`.egd_time`: the thinking time as the EGD weighs it
- :mod:`.standings_csv`: the standings as CSV (written)

No module here touches the database: the services put what a reader gives into the site, and the
selectors give the writers their plain data.

Where each concept lives (the map of them all is ``docs/architecture.md``):

- other programs' files (OpenGotha, MacMahon, CSV player lists, the EGD's results file, the standings as CSV):
  one module per format in `tournament/files/`: `opengotha.py` (pure reader, section by section, and writer),
  `macmahon.py`, `player_csv.py`, `h9.py` with `egd_time.py`, `standings_csv.py`; XML parsed safely (`load_xml`
  refuses XML nested too deep) in `safe_xml.py`
- rating lists (EGD, FFG, AGA): readers, the site's and a tournament's own, lookups: readers
  `tournament/files/rating_list.py` (the shape, the kinds, a player's number of each kind `ID_PATTERNS`,
  OpenGotha's rating conversions) with `egd_ratings.py`, `ffg_ratings.py`, `aga_ratings.py`, the reader of a
  kind `tournament/files/ratings.py`; model `tournament/models/rating.py`; import
  `tournament/services/ratings.py`; which lists a tournament reads, search, rank differences
  `tournament/selectors/ratings.py`; who replaces the site's `permissions.require_site_rating_lists`
"""
