"""A round robin's whole schedule at once: FIDE's Berger tables (Handbook C.05, Annex 1).

Plain data in and out: :func:`berger_table` takes the number of players and
gives every round's games as seat numbers, ``(white, black)`` and board by
board; :func:`schedule` puts the players' keys on the seats (seat 1 is the
first key). With an odd number of players the table for one more is used and
the player drawn against the missing seat has the bye of that round (FIDE:
"if there is an odd number of players, the highest number counts as a bye").

The tables are built as FIDE prints them. Round 1 is ``1-n, 2-(n-1), ...,
n/2-(n/2+1)``, the first named playing White. Every later round adds ``n/2``
to each seat of the round before, modulo ``n-1`` (seats ``1..n-1``), keeping
the sides; seat ``n`` stays on board 1 and changes colour every round (White
in the even rounds, Black in the odd ones). For 4, 6, 8, 10... players
this gives FIDE's printed tables literally (``tests/pairing/test_round_robin.py``
holds them).

Colours, as the table allows: every player plays White and Black equally
often or once more the one than the other. With an even number each player's
colours alternate from game to game except at most once, where one repeats
(never three in a row); with an odd number they alternate strictly, the bye
between (``test_colours_balanced`` checks this up to 24 players).
A handicap game gives Black to the weaker player whatever the table says
(:func:`round_games`).

The seats (:func:`seating`): by strength, as OpenGotha's round-robin frame
lists the players (rank, then rating, then name), seat 1 the strongest. FIDE
draws the seats by lot; here they are known in advance and the same every
time the schedule is made (deliberately: nothing random on the site).

OpenGotha (3.51.02) has no such schedule. Its "Games .. Round-robin" frame
(``JFrGamesRR``, at most ``MAX_NUMBER_OF_RR_PLAYERS = 20`` players, listed by
rank) is a square table in which the organizer clicks a cell to make the game
of two players: it goes into the first round in which neither plays yet, with
colours and handicap as OpenGotha's pairing gives them to two players of a
first round. So the schedule here is tested against FIDE's tables only; the
standings of a round robin (NBW or MMS, then direct confrontation, then SODOS)
are tested against the jar's: the files ``rr-N`` of ``tests/pairing/opengotha/oracle/round_robin.py``
in ``test_oracle_standings.py`` (the pure standings) and ``test_site_standings.py`` (the site's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from .engine import build_context
from .model import Game, Player, Tournament

K = TypeVar("K")


@dataclass(frozen=True)
class RobinRound(Generic[K]):
    """One round of the schedule: its number (from 1), the games board by board, the bye (or None)."""

    number: int
    games: tuple[tuple[K, K], ...]  # (white, black)
    bye: K | None = None


def rounds_needed(players: int, *, double: bool = False) -> int:
    """How many rounds a round robin of ``players`` takes (``n-1``, or ``n`` when odd; twice that if ``double``)."""
    if players < 2:
        return 0
    return (players - 1 if players % 2 == 0 else players) * (2 if double else 1)


def berger_table(players: int) -> list[RobinRound[int]]:
    """FIDE's Berger table for ``players`` (seats 1..players); odd: the missing last seat is the bye."""
    if players < 2:
        raise ValueError("A round robin needs at least two players.")
    n = players + players % 2
    half = n // 2

    def turn(seat: int) -> int:  # seats 1..n-1 move on by n/2, modulo n-1
        return (seat - 1 + half) % (n - 1) + 1

    pairs = [(i, n + 1 - i) for i in range(1, half + 1)]
    table: list[RobinRound[int]] = []
    for number in range(1, n):
        if number > 1:
            fixed_seat_white = number % 2 == 0
            rest = [(turn(w), turn(b)) for w, b in pairs[1:]]
            other = turn(pairs[0][0] if pairs[0][1] == n else pairs[0][1])
            pairs = [(n, other) if fixed_seat_white else (other, n), *rest]
        games = tuple(p for p in pairs if n not in p or n == players)
        bye = next((w if b == n else b for w, b in pairs if n in (w, b)), None) if n != players else None
        table.append(RobinRound(number, games, bye))
    return table


def schedule(keys: Sequence[K], *, double: bool = False) -> list[RobinRound[K]]:
    """The Berger table with ``keys[i]`` on seat ``i + 1``; ``double``: then the table once more, each game
    with the colours swapped and the same byes (rounds ``n+1 .. 2n`` of a double round robin, as FIDE's
    Handbook C.05 plays the second cycle)."""
    if len(set(keys)) != len(keys):
        raise ValueError("Every player takes one seat only.")

    def seat(s: int) -> K:
        return keys[s - 1]

    first = [
        RobinRound(r.number, tuple((seat(w), seat(b)) for w, b in r.games), None if r.bye is None else seat(r.bye))
        for r in berger_table(len(keys))
    ]
    if not double:
        return first
    return first + [RobinRound(len(first) + r.number, tuple((b, w) for w, b in r.games), r.bye) for r in first]


def group_schedules(groups: Sequence[Sequence[K]], *, double: bool = False) -> list[list[RobinRound[K]]]:
    """The schedules of a group stage, round by round: ``[i]`` holds round ``i + 1`` of every group that
    has one (a smaller group's schedule ends sooner); each group its own Berger table, its keys seated in
    the order given."""
    each = [schedule(keys, double=double) for keys in groups]
    longest = max((len(s) for s in each), default=0)
    return [[s[i] for s in each if i < len(s)] for i in range(longest)]


def snake_groups(keys: Sequence[K], count: int) -> list[list[K]]:
    """``keys`` (strongest first) dealt into ``count`` groups as a snake: 1 to A, 2 to B ... then back
    (the strongest of the next tier to the last group), so the groups are as even as the field allows."""
    if count < 1:
        raise ValueError("At least one group.")
    groups: list[list[K]] = [[] for _ in range(count)]
    for i, key in enumerate(keys):
        tier, pos = divmod(i, count)
        groups[pos if tier % 2 == 0 else count - 1 - pos].append(key)
    return groups


def group_name(index: int) -> str:
    """The name of the group ``index`` (from 0): A, B, ... Z, then AA, AB ..."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def seating(players: Sequence[Player]) -> list[str]:
    """The players' keys in seat order: strongest first (rank, then rating), then by name and key."""
    return [p.key for p in sorted(players, key=lambda p: (-p.rank, -p.rating, p.name, p.first_name, p.key))]


def round_games(t: Tournament, robin: RobinRound[str], round_number: int) -> list[Game]:
    """The games of one round of the schedule, as the site stores a paired round's.

    Colours as the Berger table gives them, unless the round's handicap rule
    (its discipline's policy, the tournament's handicap parameters:
    :func:`~.engine.build_context`) gives one player an advantage: then the
    stronger takes White, as OpenGotha's pairing does. Handicap and komi by
    the same rule, from the players' scores before ``round_number`` in ``t``
    (the schedule is made before any game: their ranks and McMahon
    corrections). Tables in the table's board order.
    """
    keys = [k for pair in robin.games for k in pair]
    rc = build_context(t, round_number, keys, ranked=False)
    games = []
    for table, (w, b) in enumerate(robin.games, 1):
        if rc.ctx.handicap(rc.seats[w], rc.seats[b]) < 0:
            w, b = b, w
        white, black = rc.seats[w], rc.seats[b]
        setting = rc.handicap.setting(white.rank, black.rank, white.mms2, black.mms2)
        games.append(
            Game(
                round=round_number,
                white=w,
                black=b,
                handicap=setting.stones,
                table=table,
                komi=setting.komi,
                reverse_komi=setting.reverse,
            )
        )
    return games
