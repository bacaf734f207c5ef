"""The site's limits: the largest (and smallest) number each thing may be, in one place.

Every number a form, a file, a backup or a URL carries is checked against these
before anything is written: the models' validators, the forms (which take them
from the models), the file readers (MacMahon, OpenGotha, CSV), the backup
restore and the URL converters all read them here. Pure Python (no Django): the
OpenGotha reader (:mod:`tournament.files.opengotha`) reads them too.

What they are chosen from: the database's columns, the programs whose files come
in (OpenGotha 3.51: at most 20 rounds, 2,000 players, 1,000 tables, ratings from
-900 to 2949), and what a real tournament needs (a congress has some 2,000
players and ten rounds).

What the site serves at them: the largest tournament each upload takes (an
OpenGotha file of 2,000 players or 1,000 teams of two with 20 rounds' line-ups,
as many rounds played as its 2 MB hold; a MacMahon file of 20,000 games, 2,000
players x 20 rounds or 400 x 100; 1,000 Pair Go sides from a CSV list) has every
download and page answered with a number of queries that does not grow with its
size (``tests/reliability/test_bounded_downloads.py``) in a few seconds of CPU
time, the heaviest (the welcome slips of 2,000 players, the team standings) under
10 (``tests/bench/bench_limits.py``, the README's *Measured*). So these limits
stay where the files of other programs put them; a download used to run one
query per team and round (20,000 for 1,000 teams and 20 rounds).
"""

from __future__ import annotations

from decimal import Decimal

#: The largest id or number a URL or form may name (PostgreSQL's integer; ids beyond it never exist here).
MAX_ID = 2**31 - 1

#: Round numbers go from 1 to this (and so a tournament has at most this many rounds).
MAX_ROUND = 999
#: A bye request closes at most this many hours (two weeks) before its round starts.
MAX_BYE_REQUEST_HOURS = 336
#: Table numbers go from 1 to this.
MAX_TABLE = 9999
#: Komi in half points, from MIN_KOMI to MAX_KOMI (negative: reverse komi).
MIN_KOMI = Decimal("-99.5")
MAX_KOMI = Decimal("99.5")
#: The most handicap stones.
MAX_HANDICAP = 9
#: Ratings (the EGD's GoR): -900 is 30k, the lowest; no GoR comes near the highest (OpenGotha stops at 2949).
MIN_RATING = -900
MAX_RATING = 4000
#: A player's McMahon correction (OpenGotha's smmsCorrection), either way.
MAX_MMS_CORRECTION = 9

#: One file (a MacMahon or OpenGotha tournament, a CSV list of players) holds at most this many players,
#: rounds and games: more than a real tournament has, few enough to be written in a moment.
FILE_PLAYERS = 2000
FILE_ROUNDS = 100
FILE_GAMES = 20_000
#: How deep the elements of an XML file may nest (OpenGotha's and MacMahon's files nest five deep).
XML_DEPTH = 32

#: A team tournament's teams play on this many boards at least and at most (pairgoth's TEAM2 to TEAM5).
MIN_TEAM_BOARDS = 2
MAX_TEAM_BOARDS = 5
#: A team round's match tables go from 1 to this: its boards' games sit at tables up to MAX_TABLE
#: (the database, the model and the service that stores a team round all bound a match by it).
MAX_MATCH_TABLE = MAX_TABLE // MAX_TEAM_BOARDS
#: A team has at most this many members (more than its boards: they are chosen per round); OpenGotha's
#: team holds ten boards a round.
MAX_TEAM_MEMBERS = 10
#: A tournament (or a file) has at most this many teams (every player in a team of two).
MAX_TEAMS = FILE_PLAYERS // 2
assert MAX_TEAMS // 2 <= MAX_MATCH_TABLE  # an imported round's matches numbered from 1 fit
#: A team's name has at most this many characters.
TEAM_NAME_LENGTH = 100
#: A round robin (the whole schedule at once) takes at most this many players: OpenGotha's round-robin
#: frame's limit (``JFrGamesRR.MAX_NUMBER_OF_RR_PLAYERS``), 19 rounds; a larger field is paired by McMahon or Swiss.
MAX_ROUND_ROBIN_PLAYERS = 20
