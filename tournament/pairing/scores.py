"""OpenGotha's scores, the one scoring of the project (pairing, standings, PDFs, exports).

OpenGotha 3.51.02's ``Tournament.fillBaseScoringInfoIfNecessary`` over plain data,
every criterion summed for all players and rounds at once with numpy (a congress's
5,000 players: a tenth of a second); the recorded answers of OpenGotha itself
(``tests/pairing/opengotha/oracle_answers``) are the test, and so is the transcription
player by player and round by round that ``tests/pairing/reference_scores.py`` keeps. All scores are kept doubled
(``x2``; SODOS quadrupled) so that half points stay integers. Round indices in
the arrays are 0-based: ``s.mms2[r]`` is twice the MMS after round ``r + 1``;
:func:`crit_value` accepts index -1 ("before round 1").

A player's round is ``PAIRED`` (a game, whatever its result), ``BYE``,
``ABSENT`` (registered as not playing) or ``NOT_ASSIGNED`` (present, neither).

- Points: a game gives its result's points (a game won by default too); an
  absent round ``nbw2_absent``/``mms2_absent``, a bye ``nbw2_bye``/``mms2_bye``,
  to NBW and MMS separately; with ``round_down_nbw_mms`` their running sum counts
  in whole points only.
- CPS (the Cup score) doubles each round before adding the round's points.
- STS (Strasbourg) is the MMS plus 2 points per round from the third-to-last
  round on for a player with every possible point there.
- With ``count_not_played_as_half`` the SOS family reads the opponents'
  "virtual" scores: real games' results only, and half a point for every round
  without a played game (none, unknown result or by default).
- SOSW family: a round without a game adds 0. SOSM family: it adds the
  player's own starting MMS (SOSOSM: that times the number of rounds so far);
  an opponent's MMS is corrected by the handicap (White adds it, Black
  subtracts it).
- SOS-1/-2: with one round both are 0, with two SOS-1 is the better one;
  OpenGotha 3.51.02 leaves SOSM-1 and SOSM-2 at 0 until the third round.
- EXT/EXR (exploits): the opponent's NBW times 0-3 by how much the handicap
  given exceeded the rank difference; EXR counts won games only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final, Literal

import numpy as np
from numpy.typing import NDArray

from . import categories
from .criteria import TABLE, canonical
from .model import Bye, Game, GeneralParams, Player, Result

#: A player's round (module docstring).
Participation = Literal["absent", "not assigned", "paired", "bye"]
ABSENT: Final = "absent"
NOT_ASSIGNED: Final = "not assigned"
PAIRED: Final = "paired"
BYE: Final = "bye"


def initial_mms(player: Player, general: GeneralParams) -> int:
    """OpenGotha's ``smms``: rank - zero, clamped to [floor, bar], plus correction."""
    zero = general.mm_zero
    smms = player.rank - zero
    smms = max(smms, general.mm_floor - zero)
    smms = min(smms, general.mm_bar - zero)
    return smms + player.mms_correction


def category(rank: int, general: GeneralParams) -> int:
    """OpenGotha's ``Player.category``: 0 is the strongest category."""
    if general.number_of_categories <= 1:
        return 0
    return categories.number(rank, general.lower_category_limits)


@dataclass
class PlayerScores:
    key: str
    smms: int
    rank: int
    rating: int
    category: int = 0
    participation: list[Participation] = field(default_factory=list)
    games: list[Game | None] = field(default_factory=list)
    nbw2: list[int] = field(default_factory=list)
    mms2: list[int] = field(default_factory=list)
    cps2: list[int] = field(default_factory=list)
    sts2: list[int] = field(default_factory=list)
    nbwv2: list[int] = field(default_factory=list)
    mmsv2: list[int] = field(default_factory=list)
    cusw2: list[int] = field(default_factory=list)
    cusm2: list[int] = field(default_factory=list)
    sosw2: list[int] = field(default_factory=list)
    soswm1_2: list[int] = field(default_factory=list)
    soswm2_2: list[int] = field(default_factory=list)
    sodosw4: list[int] = field(default_factory=list)
    sosm2: list[int] = field(default_factory=list)
    sosmm1_2: list[int] = field(default_factory=list)
    sosmm2_2: list[int] = field(default_factory=list)
    sodosm4: list[int] = field(default_factory=list)
    sosts2: list[int] = field(default_factory=list)
    sososw2: list[int] = field(default_factory=list)
    sososm2: list[int] = field(default_factory=list)
    ext2: list[int] = field(default_factory=list)
    exr2: list[int] = field(default_factory=list)

    def mms(self, r: int) -> float:
        """MMS after round index r (-1: before round 1)."""
        return (2 * self.smms if r < 0 else self.mms2[r]) / 2

    def nbw(self, r: int) -> float:
        return (0 if r < 0 else self.nbw2[r]) / 2

    @property
    def took_part(self) -> bool:
        """OpenGotha's "implied": the player has a game or a bye in some round."""
        return any(p in (PAIRED, BYE) for p in self.participation) or any(self.games)


def _played(g: Game) -> bool:
    """OpenGotha's ``gameWasPlayed``: a known result, not by default."""
    return g.result is not Result.UNKNOWN and not g.by_default


#: A player's round (:data:`Participation`) by its number in :class:`_Field`'s array.
_PARTICIPATIONS: tuple[Participation, ...] = (NOT_ASSIGNED, ABSENT, PAIRED, BYE)
_NOT_ASSIGNED, _ABSENT, _PAIRED, _BYE = range(4)
#: The Cup score doubles every round: after this many rounds it may leave 64-bit integers (Python's then).
_CPS_INT64_ROUNDS = 60
#: Twice the points of each result to (White, Black).
_POINTS_X2_WB = {result: (result.points_x2(True), result.points_x2(False)) for result in Result}
#: The criteria made of the opponents' scores (``opponents=True``): the PlayerScores arrays holding them.
_OPPONENTS_ARRAYS = (
    "sosw2",
    "soswm1_2",
    "soswm2_2",
    "sodosw4",
    "sosm2",
    "sosmm1_2",
    "sosmm2_2",
    "sodosm4",
    "sosts2",
    "sososw2",
    "sososm2",
    "ext2",
    "exr2",
)

Ints = NDArray[np.int64]


@dataclass(frozen=True)
class _Field:
    """The tournament as arrays: a row per player (in the order given), a column per round index.
    A cell without a game holds 0 (``game`` -1, ``opponent`` 0: a row that is never read there)."""

    part: NDArray[np.int8]  # the player's round, by its number in _PARTICIPATIONS
    game: Ints  # the game's number in the list of games, -1: none
    opponent: Ints  # the opponent's row
    white: NDArray[np.bool_]  # the player has White
    points: Ints  # the game's points for the player (doubled)
    played: NDArray[np.bool_]  # OpenGotha's gameWasPlayed
    handicap: Ints
    start: Ints  # twice the starting MMS, a value per player
    rank: Ints  # a value per player


def score_table(
    players: Iterable[Player],
    games: Iterable[Game],
    byes: Iterable[Bye],
    general: GeneralParams,
    rounds: int | None = None,
    *,
    opponents: bool = True,
) -> dict[str, PlayerScores]:
    """Scores of every player after every round 1..rounds (OpenGotha's rules, module doc).

    ``rounds`` defaults to the tournament's number of rounds; rounds with games
    or byes beyond it are computed too. ``opponents=False`` leaves out the
    criteria made of the opponents' scores (SOS, SOSOS, SODOS, EXT, EXR...:
    their lists stay empty), most of the work: what checking a pairing needs.

    Every criterion is summed for all players and rounds at once over arrays (a row per player, a
    column per round); ``tests/pairing/reference_scores.py`` keeps the transcription player by player
    and round by round that the tests compare it with.
    """
    players = list(players)
    games = list(games)
    byes = list(byes)
    n = rounds if rounds is not None else general.number_of_rounds
    n = max([n, 1] + [game.round for game in games] + [bye.round for bye in byes])
    if any(game.round < 1 for game in games) or any(bye.round < 1 for bye in byes):
        raise ValueError("rounds are numbered from 1")
    row = {p.key: i for i, p in enumerate(players)}  # a key given twice: its last player, as a dict keeps it
    smms = [initial_mms(p, general) for p in players]
    field_ = _field(players, smms, row, games, byes, n)
    arrays = _base_scores(field_, general, n)
    if opponents:
        arrays |= _opponent_scores(field_, arrays, general, n)
    lists = {name: values.tolist() for name, values in arrays.items()}
    participations = np.array(_PARTICIPATIONS, dtype=object)[field_.part].tolist()
    boxed = np.empty(len(games) + 1, dtype=object)  # the games, then None: what game -1 reads
    boxed[: len(games)] = games
    games_of = boxed[field_.game].tolist()
    table: dict[str, PlayerScores] = {}
    for key, i in row.items():
        p = players[i]
        table[key] = PlayerScores(
            key,
            smms[i],
            p.rank,
            p.rating,
            category(p.rank, general),
            participations[i],
            games_of[i],
            **{name: values[i] for name, values in lists.items()},
        )
    return table


def _field(
    players: list[Player], smms: list[int], row: dict[str, int], games: list[Game], byes: list[Bye], n: int
) -> _Field:
    """The arrays of :class:`_Field` (a player with two games in a round has the later one, and a bye
    there makes the round a bye, as OpenGotha reads them)."""
    count = len(players)
    part = np.zeros((count, n), np.int8)
    for i, p in enumerate(players):
        present = p.participation[:n]
        if not all(present):
            part[i, : len(present)] = [_NOT_ASSIGNED if here else _ABSENT for here in present]
    cell: dict[int, int] = {}  # row * n + round index -> the game's number (the later game wins)
    # a line per game (the players' rows, their points, played, the handicap), then one of 0s: what game -1 reads
    per_game = np.zeros((len(games) + 1, 6), np.int64)
    lines = []
    for number, g in enumerate(games):
        white_row, black_row = row[g.white], row[g.black]
        cell[white_row * n + g.round - 1] = number
        cell[black_row * n + g.round - 1] = number
        lines.append((white_row, black_row, *_POINTS_X2_WB[g.result], _played(g), g.handicap))
    if lines:
        per_game[: len(lines)] = lines
    games_flat = np.full(count * n, -1, np.int64)
    flat = part.reshape(-1)  # a view: writing it writes part
    if cell:
        cells = np.fromiter(cell, np.int64, len(cell))
        games_flat[cells] = np.fromiter(cell.values(), np.int64, len(cell))
        flat[cells] = _PAIRED
    bye_cells = [row[b.player] * n + b.round - 1 for b in byes if b.player in row]
    if bye_cells:
        flat[bye_cells] = _BYE
    game = games_flat.reshape(count, n)
    white_rows, black_rows, white_points, black_points, played, handicap = per_game.T
    white = (white_rows[game] == np.arange(count)[:, None]) & (game >= 0)
    return _Field(
        part=part,
        game=game,
        opponent=np.where(white, black_rows[game], white_rows[game]),
        white=white,
        points=np.where(white, white_points[game], black_points[game]),
        played=played[game].astype(bool),
        handicap=handicap[game],
        start=2 * np.array(smms, np.int64).reshape(count),
        rank=np.array([p.rank for p in players], np.int64).reshape(count),
    )


def _base_scores(f: _Field, general: GeneralParams, n: int) -> dict[str, NDArray[Any]]:
    """The player's own scores after every round: NBW, MMS, CPS, STS, CUSS and the virtual NBW and MMS."""
    absent_or_bye = f.part.astype(np.int64)
    nbw_ab = np.cumsum(np.array([0, general.nbw2_absent, 0, general.nbw2_bye], np.int64)[absent_or_bye], axis=1)
    mms_ab = np.cumsum(np.array([0, general.mms2_absent, 0, general.mms2_bye], np.int64)[absent_or_bye], axis=1)
    if general.round_down_nbw_mms:  # their running sum in whole points only
        nbw_ab, mms_ab = nbw_ab // 2 * 2, mms_ab // 2 * 2
    won = np.cumsum(f.points, axis=1)
    nbw2 = won + nbw_ab
    mms2 = f.start[:, None] + won + mms_ab
    # the virtual scores: real games' results, half a point for every round without a played game
    real = np.cumsum(np.where(f.played, f.points, 0), axis=1) + np.cumsum(~f.played, axis=1, dtype=np.int64)
    return {
        "nbw2": nbw2,
        "mms2": mms2,
        "cps2": _cup_scores(f.points, nbw_ab, n),
        "sts2": _strasbourg_scores(mms2, general, n),
        "nbwv2": real,
        "mmsv2": f.start[:, None] + real,
        "cusw2": np.cumsum(nbw2, axis=1),
        "cusm2": np.cumsum(mms2, axis=1),
    }


def _cup_scores(points: Ints, bonus: Ints, n: int) -> NDArray[Any]:
    """CPS: the running score doubled each round before the round's points are added."""
    wide = n > _CPS_INT64_ROUNDS
    if wide:
        points, bonus = points.astype(object), bonus.astype(object)
    cps = np.empty(points.shape, object if wide else np.int64)
    cp = np.zeros(points.shape[0], object if wide else np.int64)
    for r in range(n):
        cp = cp * 2 + points[:, r]
        cps[:, r] = cp + bonus[:, r]
    return cps


def _strasbourg_scores(mms2: Ints, general: GeneralParams, n: int) -> Ints:
    """STS: the MMS plus 2 points a round from the third-to-last round on for a player with every
    possible point there (then again from the second-to-last)."""
    sts = mms2.copy()
    nb_rounds = general.number_of_rounds
    top = 2 * (30 + general.mm_bar)
    for start, last in ((nb_rounds - 3, nb_rounds - 2), (nb_rounds - 2, nb_rounds - 1)):
        value = mms2[:, start] if 0 <= start < n else np.zeros(len(mms2), np.int64)
        lo, hi = max(start, 0), min(nb_rounds, n)
        if lo < hi:
            sts[value == top + 2 * last, lo:hi] += 4
    return sts


def _two_smallest(values: Ints) -> tuple[Ints, Ints]:
    """The smallest and the second smallest value of every row (rows of two values or more)."""
    two = np.partition(values, 1, axis=1)
    return two[:, 0], two[:, 1]


def _opponent_scores(f: _Field, own: dict[str, NDArray[Any]], general: GeneralParams, n: int) -> dict[str, Ints]:
    """The criteria made of the opponents' scores after every round ``r``: each sums, over the player's
    rounds up to ``r``, the opponent of that round's score after round ``r`` (a round without a game
    adds 0, or the player's own starting MMS in the SOSM family)."""
    virtual = general.count_not_played_as_half
    wins: Ints = own["nbwv2"] if virtual else own["nbw2"]
    mms: Ints = own["mmsv2"] if virtual else own["mms2"]
    # OpenGotha 3.51.02 never fills the virtual STS: it reads 0
    sts: Ints = np.zeros_like(own["sts2"]) if virtual else own["sts2"]
    nbw: Ints = own["nbw2"]
    link = (f.game >= 0) & (f.part == _PAIRED)  # a game in a round given a bye is none for these sums
    opp, points = f.opponent, f.points
    hd = np.where(f.white, 2 * f.handicap, -2 * f.handicap)
    excess = np.where(f.white, f.handicap, -f.handicap) - (f.rank[:, None] - f.rank[opp])
    coef = np.where(link & (excess >= 0), np.minimum(excess + 1, 3), 0)
    start = f.start[:, None]
    out = {name: np.zeros(f.game.shape, np.int64) for name in _OPPONENTS_ARRAYS}
    for r in range(n):
        linked, o, h, res = link[:, : r + 1], opp[:, : r + 1], hd[:, : r + 1], points[:, : r + 1]
        w = np.where(linked, wins[o, r], 0)
        m = np.where(linked, mms[o, r] + h, start)
        e = nbw[o, r] * coef[:, : r + 1]
        out["sosw2"][:, r] = total = w.sum(axis=1)
        out["sodosw4"][:, r] = (w * res).sum(axis=1)
        if r >= 1:  # SOS-1 and SOS-2: without the worst opponent, the two worst
            low, second = _two_smallest(w)
            out["soswm1_2"][:, r] = total - low
            out["soswm2_2"][:, r] = total - low - second
        out["sosm2"][:, r] = total = m.sum(axis=1)
        out["sodosm4"][:, r] = np.where(linked, m * res, 0).sum(axis=1)
        if r >= 2:  # OpenGotha 3.51.02 leaves SOSM-1 and SOSM-2 at 0 until the third round
            low, second = _two_smallest(m)
            out["sosmm1_2"][:, r] = total - low
            out["sosmm2_2"][:, r] = total - low - second
        out["sosts2"][:, r] = np.where(linked, sts[o, r] + h, start).sum(axis=1)
        out["ext2"][:, r] = e.sum(axis=1)
        out["exr2"][:, r] = np.where(res == 2, e, 0).sum(axis=1)
    for r in range(n):  # SOSOS: every player's SOS after round r first
        linked, o = link[:, : r + 1], opp[:, : r + 1]
        out["sososw2"][:, r] = np.where(linked, out["sosw2"][o, r], 0).sum(axis=1)
        out["sososm2"][:, r] = np.where(linked, out["sosm2"][o, r], start * (r + 1)).sum(axis=1)
    return out


#: OpenGotha's name of a criterion -> the array of PlayerScores holding it.
_CRIT_ATTR = {d.name: d.array for d in TABLE if d.array is not None}
#: Criteria whose value before round 1 is the starting McMahon score.
_START_MMS = ("MMS", "STS")


def crit_value(s: PlayerScores, crit: str, r: int) -> int:
    """Value (doubled, as OpenGotha compares them) of a criterion after round index r.

    DC and SDC depend on the whole table: :mod:`tournament.standings.ranking`
    computes them; here they are 0.
    """
    crit = canonical(crit)
    if crit == "Rating":
        return s.rating
    if crit == "Rank":
        return s.rank
    if crit == "CAT":
        return -s.category
    attr = _CRIT_ATTR.get(crit)
    if attr is None:
        return 0
    if r < 0:
        return 2 * s.smms if crit in _START_MMS else 0
    values: list[int] = getattr(s, attr)
    return values[r]
