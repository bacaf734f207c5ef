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
"""
