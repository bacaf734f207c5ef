"""Writes: business operations that views, commands and the admin call.

Each function is keyword-only, runs in a transaction and records what it
changed in the audit log (:mod:`tournament.services.audit`).

Where each concept lives (the map of them all is ``docs/architecture.md``):

- a replay kept per record version (board viewer, game pages): `tournament/services/replays.py`,
  `tournament/models/replay.py`, `games/packed.py`
- the live board (a game recorded move by move): `games/live.py` (engine side), `tournament/services/live.py`,
  `tournament/models/live.py`; the pages and writes `tournament/views/live.py`, what the board shows (its panel
  for each viewer, the projector's boards) `tournament/views/live_board.py`
- claiming a registration, welcome slips, invitations: `tournament/services/claims.py`,
  `tournament/pdf/welcome.py`
- accounts: user names, sign-up races: the user-name rule and the accounts a name means
  `tournament/selectors/accounts.py` (forms and the log-in backend read it), making an account when two requests
  race `tournament/services/accounts.py`, log-in backend `tournament/auth_backend.py`, client address
  `tournament/client_address.py`
- the audit log, in words: writing: `tournament/services/audit.py` (`log_change(obj, action, ...)`: the object's
  tournament found once); reading: `tournament/selectors/audit.py`, `tournament/audit_words.py`
- a value the audit log keeps (before, after): `audit_value(name, value)` and `audit_values(obj, fields)` in
  `tournament/services/audit.py`, for every service and the admin: a rank as `1d`, a moment as ISO text, a date
  or a decimal (komi, points) as text, JSON as it is; people in entries by their `spoken_name`;
  `tournament/audit_words.py` puts the values into words
- importing a tournament or its players from a file: every reader gives one plain shape,
  `tournament/files/imported.py` (`ImportedTournament`); one writer, `tournament/services/file_import.py`: each
  player checked by the model's rules (the EGD PIN and country rules there and in the model, once), an EGD PIN
  once per file, tables given twice or not at all renumbered, `full_clean`, everything checked before one short
  transaction. The services that read a file and check the user's right: `services/opengotha.py` (also the
  export), `services/macmahon.py`, `services/players.py` (`players_import_csv`, `players_import_opengotha`)
"""
