"""Pairing engine: pure Python over plain data, no Django.

Entry points: :func:`tournament.pairing.engine.pair_round`,
:mod:`tournament.pairing.scores` (McMahon scores for the standings),
:mod:`tournament.pairing.criteria` (the one table of placement criteria) and
:mod:`tournament.pairing.direct` (direct confrontation, for the standings too).

Where each concept lives (the map of them all is ``docs/architecture.md``):

- OpenGotha's scores (NBW, MMS, SOS... for pairing and standings alike, numpy): `tournament/pairing/scores.py`; a
  tournament's parameters as OpenGotha's: `parameters_for` in `tournament/selectors/pairing_data.py`
- pairing costs, matching, bye, handicap: `tournament/pairing/costs.py` (a pair's cost) and `cost_matrix.py`
  (the whole field's, numpy), `matching.py` / `fast.py` (the certified matching of large fields) / `_blossom.c`,
  `bye.py`, `handicap.py`; what they share (`Pair`, `Options`, `RoundContext`): `context.py`
- hand edits of a pairing (swap, pair by hand, unpair, tables): `tournament/pairing/edits.py` (pure),
  `tournament/services/round_edits.py` (the only caller)
- placement criteria: OpenGotha's name and short name, the site's code, scale, labels: one table,
  `tournament/pairing/criteria.py` (`TABLE`; OpenGotha's team criteria are rows of the same kind in
  `TEAM_TABLE`, the default order `TEAM_DEFAULT`); the pairing's scores, the standings' criteria
  (`tournament/standings/criteria.py`), the settings page's choices (`models/tournament.STANDINGS_CRITERIA`),
  the EGD file's columns and the MacMahon reader derive from it
- team tournaments (engine side): teams and their line-ups per round, the matches read from the board games and
  their team points, the teams' pairing, the boards of a match, the team standings (TEAMP, SOST, BDW,
  BDW1U..BDW9U, MNR): the plain data and OpenGotha's reading of it `tournament/pairing/team_model.py`
  (`TeamTournament`, `Team`, `matches`, `team_score`, `TeamTournament.mean_rating`: MNR); the pairing
  `tournament/pairing/teams.py` (`pair_teams`: OpenGotha's engine over one stand-in a team, as pairgoth pairs
  teams -- OpenGotha pairs teams by hand --, each match's boards as OpenGotha's `Tournament.pairTeams`); the
  standings `tournament/standings/teams.py` (`team_standings`, as `ScoredTeamsSet`). Proven against OpenGotha
  3.51.02's jar playing the same tournaments: `tests/pairing/opengotha/test_oracle_teams.py` (fixtures
  `oracle_answers/teams/`, recorded by `oracle/record_teams.py` with `oracle/TeamOracle.java`)
- rank categories: a player's category from the limits, their letters and ranks, the limits checked and read
  from a line of ranks: `tournament/pairing/categories.py` (pure; the engine's `scores.category` asks it); kept
  as `Tournament.category_limits` and `category_mode`, laid into OpenGotha's parameters by `parameters_for`
  (`selectors/pairing_data.py`), CAT first in `selectors/standings.settings_for` when ranked apart; in words
  `standings_words.category_name`
- a round robin: the Berger schedule, its seats, colours and handicaps: `tournament/pairing/round_robin.py`
  (pure; FIDE's tables; OpenGotha has no schedule, only a frame to make each game by hand); the whole schedule
  made and taken back on the site, and a withdrawal decided, `tournament/services/round_robin.py` (its limit
  `MAX_ROUND_ROBIN_PLAYERS` in `tournament/limits.py`; what a withdrawal decides about and the schedule's
  printout data `tournament/selectors/round_robin.py`, the printout `tournament/pdf/schedule.py`); the square
  crosstable's cells `tournament/standings/square.py` (the page's `round_robin_rows` in
  `tournament/templatetags/standings_tags.py`, the PDF's in `tournament/pdf/crosstable.py`); the jar's standings
  of round robins `tests/pairing/opengotha/oracle/round_robin.py`
- a knockout stage: the single-elimination bracket (seeding 1 v 8, 4 v 5 ..., byes for the top seeds, group
  qualifiers kept apart, advancement read from the games, the game for third place, a game without a winner by
  the director's rule, the final places): `tournament/pairing/knockout.py` (pure); on the site
  `tournament/services/knockout.py` (its rounds made), `selectors/knockout.py`, `pdf/bracket.py`
- why a pair or the bye (pairing explanations): built by `tournament/pairing/explain.py` (`pair_facts`,
  `table_facts`, `bye_facts`; the command line words the same facts), kept with the round (`PairingRecord` in
  `tournament/models/round.py`, its own table: loading a round never loads it), put into words by
  `tournament/pairing_words.py`; "why not these two?" (why two players of a paired round were not paired and
  what pairing them would cost: one matching of the round with the pair fixed, bounded by the dense limit)
  `explain.why_not`, read by `tournament/selectors/why_not.py`, worded by `pairing_words.why_not_lines`
"""
