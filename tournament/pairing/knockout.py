"""A knockout stage: a single-elimination bracket over plain data.

The top ``N`` of the standings (or of each group of a group stage) are the
seeds, seed 1 the best. The bracket has ``S`` places, the power of two at or
above ``N``; the seeds ``N+1 .. S`` are missing, so the best seeds meet nobody
in the first stage: a bye, they go on without a game. The first stage is
drawn as every seeded sport draws it (:func:`bracket_order`): 1 v 8, 4 v 5,
2 v 7, 3 v 6 for eight, so seeds 1 and 2 can meet in the final only, 1-4 in
the semi-finals at the earliest, and the sum of the seeds of every first game
is ``S + 1``. Qualifiers from groups (:func:`group_seeds`): the group winners
first (in the groups' order), then the runners-up and so on, each placed
where it meets a player of its own group as late as the bracket allows (the
winner of group A and its runner-up in opposite halves: A1 v B2, B1 v A2 for
two groups of two).

Every stage of the bracket is played in a round of the tournament, its games
made by the bracket (:func:`next_games`); results are entered as for any
game. :func:`bracket` reads the rounds' games back, in order, into the
matches: a game belongs to the undecided match of its two players. A match is
won by the winner of its last game. A drawn game (jigo), a game both lost
(the double forfeit) or both won leaves the match undecided, and the
director's rule (:class:`DrawRule`) decides: the higher seed goes on, or the
two play a replay game (in the next round). The loser of each semi-final
meets the other in a game for third place (optional), played in the round of
the final.

The final places (:func:`final_places`): 1 the champion, 2 the loser of the
final, 3 and 4 the third-place game's (or both losers of the semi-finals
share 3rd-4th), then the losers of each earlier stage share the places that
stage decides (5th-8th, 9th-16th), in seed order.

Keys are any hashable values (the site's registration ids as strings); the
results are the site's codes (:mod:`tournament.result_codes`). Pure: no Django.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Literal, TypeVar

from tournament import result_codes as codes

K = TypeVar("K", bound=Hashable)

#: The fewest and the most players of a bracket (a bracket of 2 is a final).
MIN_SEEDS = 2
MAX_SEEDS = 128


class DrawRule:
    """What becomes of a match whose game ended without a winner (jigo, both lost, both won)."""

    HIGHER_SEED = "seed"  # the higher seed (the smaller seed number) goes on
    REPLAY = "replay"  # the two play again, in the next round, until one wins

    ALL = (HIGHER_SEED, REPLAY)


class BracketError(ValueError):
    """A bracket that cannot be made: ``code`` says why (the site puts it into words)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def bracket_size(seeds: int) -> int:
    """The places of the bracket of ``seeds`` players: the power of two at or above it."""
    size = 1
    while size < seeds:
        size *= 2
    return size


def bracket_order(size: int) -> list[int]:
    """The seeds in the order of the bracket's lines, from the top: ``[1, 8, 4, 5, 2, 7, 3, 6]`` for 8.
    Lines ``2i`` and ``2i + 1`` meet in the first stage."""
    if size < 1 or size & (size - 1):
        raise BracketError("size", f"A bracket has a power of two of places, not {size}.")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def stages(size: int) -> int:
    """How many stages (rounds of games) a bracket of ``size`` places takes: 3 for 8."""
    return max(size.bit_length() - 1, 0)


def meeting_stage(line_a: int, line_b: int) -> int:
    """The stage (from 1) in which the players on two lines of the bracket (from 0) can meet."""
    return (line_a ^ line_b).bit_length()


def group_seeds(groups: Sequence[Sequence[K]]) -> list[K]:
    """The seed order of the qualifiers of a group stage: ``groups`` each lists its qualifiers by place, the
    groups in their order. The group winners take seeds 1, 2, ...; then each further place takes the next
    seeds, every qualifier the seed (of those left to its place) where it meets players of its own group
    as late as possible (ties: the better seed)."""
    tiers = max((len(g) for g in groups), default=0)
    count = sum(len(g) for g in groups)
    size = bracket_size(count)
    line_of = {seed: line for line, seed in enumerate(bracket_order(size))}
    seeds: dict[int, K] = {}
    group_lines: list[list[int]] = [[] for _ in groups]
    first = 1
    for tier in range(tiers):
        members = [(gi, g[tier]) for gi, g in enumerate(groups) if len(g) > tier]
        free = list(range(first, first + len(members)))
        for gi, key in members:
            if tier == 0:
                seed = free[0]
            else:
                seed = max(free, key=lambda s: (min(meeting_stage(line_of[s], other) for other in group_lines[gi]), -s))
            free.remove(seed)
            seeds[seed] = key
            group_lines[gi].append(line_of[seed])
        first += len(members)
    return [seeds[s] for s in sorted(seeds)]


@dataclass(frozen=True)
class PlayedGame(Generic[K]):
    """A game of a round of the bracket, as stored: its round, the two players and the result code."""

    round: int
    white: K
    black: K
    result: str = codes.UNKNOWN
    table: int = 0

    def winner(self) -> K | None:
        colour = codes.winner_colour(self.result)
        return None if colour is None else (self.black if colour == "black" else self.white)


MatchState = Literal["waiting", "bye", "ready", "playing", "replay", "decided"]


@dataclass
class Match(Generic[K]):
    """One match of the bracket: its stage (1 the first), its number in the stage (from 0; the
    third-place match is ``third``), the two seeds and players (``None``: not known yet, or no player:
    a bye), its games in order and the outcome."""

    stage: int
    index: int
    third: bool = False
    top: K | None = None
    bottom: K | None = None
    top_seed: int | None = None
    bottom_seed: int | None = None
    games: list[PlayedGame[K]] = field(default_factory=list)
    winner: K | None = None
    loser: K | None = None
    #: how it was decided: "game", "bye", "seed" (a game without a winner, the higher seed on)
    decided_by: str = ""
    state: MatchState = "waiting"

    @property
    def code(self) -> str:
        """A short name that stays the same: ``3-1`` (stage 3, the second match), ``3-3rd``."""
        return f"{self.stage}-3rd" if self.third else f"{self.stage}-{self.index + 1}"

    def players(self) -> tuple[K | None, K | None]:
        return self.top, self.bottom

    def higher(self) -> K | None:
        """The higher seed of the two (the smaller seed number)."""
        if self.top_seed is None or self.bottom_seed is None:
            return self.top if self.bottom_seed is None else self.bottom
        return self.top if self.top_seed < self.bottom_seed else self.bottom


@dataclass
class Bracket(Generic[K]):
    """The whole bracket as the games so far leave it (:func:`bracket`)."""

    size: int
    seeds: tuple[K, ...]
    third_place: bool
    rule: str
    #: matches by stage (``stages[0]`` the first), the third-place match last in the last stage
    stages: list[list[Match[K]]]
    #: games of the bracket's rounds that belong to no match (a game paired by hand, say)
    strays: list[PlayedGame[K]] = field(default_factory=list)

    def seed_of(self, key: K) -> int:
        return self.seeds.index(key) + 1

    def matches(self) -> Iterable[Match[K]]:
        for stage in self.stages:
            yield from stage

    @property
    def final(self) -> Match[K] | None:
        return next((m for m in self.stages[-1] if not m.third), None) if self.stages else None

    @property
    def third(self) -> Match[K] | None:
        return next((m for m in self.stages[-1] if m.third), None) if self.stages else None

    @property
    def champion(self) -> K | None:
        final = self.final
        return final.winner if final is not None else None

    @property
    def complete(self) -> bool:
        return all(m.state in ("decided", "bye") for m in self.matches())

    def playing(self) -> list[Match[K]]:
        """The matches whose last game has no result yet."""
        return [m for m in self.matches() if m.state == "playing"]

    def current_stage(self) -> int | None:
        """The first stage with a match not decided (None: the bracket is complete)."""
        for number, stage in enumerate(self.stages, 1):
            if any(m.state not in ("decided", "bye") for m in stage):
                return number
        return None


def _check_seeds(seeds: Sequence[K]) -> None:
    if len(set(seeds)) != len(seeds):
        raise BracketError("twice", "Every player takes one seed only.")
    if not MIN_SEEDS <= len(seeds) <= MAX_SEEDS:
        raise BracketError("count", f"A bracket has {MIN_SEEDS} to {MAX_SEEDS} players, not {len(seeds)}.")


def _outcome(match: Match[K], rule: str) -> None:
    """The state of a match whose two players are known, from its games."""
    match.winner = match.loser = None
    match.decided_by = ""
    if not match.games:
        match.state = "ready"
        return
    last = match.games[-1]
    if last.result == codes.UNKNOWN:
        match.state = "playing"
        return
    won = last.winner()
    if won is None and rule == DrawRule.REPLAY:
        match.state = "replay"
        return
    match.winner = won if won is not None else match.higher()
    match.loser = match.bottom if match.winner == match.top else match.top
    match.decided_by = "game" if won is not None else "seed"
    match.state = "decided"


def _fill(b: Bracket[K]) -> None:
    """Put the winners (and the semi-finals' losers) into the matches they go on to, and each match's state."""
    seed = {k: i + 1 for i, k in enumerate(b.seeds)}
    for number, stage in enumerate(b.stages):
        for match in stage:
            if number > 0:
                before = b.stages[number - 1]
                if match.third:
                    feeders = [m for m in before if not m.third]
                    top, bottom = (f.loser if f.state == "decided" else None for f in feeders)
                    if any(f.state == "bye" for f in feeders):  # three players: the one semi-final's loser is 3rd
                        match.top, match.bottom, match.top_seed, match.bottom_seed = None, None, None, None
                        lone = top if top is not None else bottom
                        match.state, match.winner, match.loser = (
                            ("bye", lone, None) if lone else ("waiting", None, None)
                        )
                        match.decided_by = "bye" if lone else ""
                        match.games = []
                        continue
                else:
                    top, bottom = (
                        f.winner if f.state in ("decided", "bye") else None
                        for f in before[2 * match.index : 2 * match.index + 2]
                    )
                match.top, match.bottom = top, bottom
                match.top_seed = None if top is None else seed[top]
                match.bottom_seed = None if bottom is None else seed[bottom]
            if match.top is not None and match.bottom is not None:
                _outcome(match, b.rule)
            elif number == 0 and (match.top is None) != (match.bottom is None):
                match.state = "bye"
                match.winner = match.top if match.top is not None else match.bottom
                match.decided_by = "bye"
            else:
                match.state = "waiting"
                match.games = []


def bracket(
    seeds: Sequence[K],
    rounds: Iterable[Sequence[PlayedGame[K]]] = (),
    *,
    third_place: bool = False,
    rule: str = DrawRule.HIGHER_SEED,
) -> Bracket[K]:
    """The bracket of ``seeds`` (best first) after the games of its ``rounds`` (in order): every game goes to
    the match of its two players that is not decided yet; a game of no such match is a stray."""
    _check_seeds(seeds)
    if rule not in DrawRule.ALL:
        raise BracketError("rule", f"No such rule for a game without a winner: {rule!r}.")
    size = bracket_size(len(seeds))
    count = stages(size)
    order = bracket_order(size)
    first: list[Match[K]] = []
    for i in range(size // 2):
        a, b_ = order[2 * i], order[2 * i + 1]
        first.append(
            Match(
                stage=1,
                index=i,
                top=seeds[a - 1] if a <= len(seeds) else None,
                bottom=seeds[b_ - 1] if b_ <= len(seeds) else None,
                top_seed=a if a <= len(seeds) else None,
                bottom_seed=b_ if b_ <= len(seeds) else None,
            )
        )
    all_stages = [first] + [[Match(stage=s, index=i) for i in range(size >> s)] for s in range(2, count + 1)]
    if third_place and count >= 2:
        all_stages[-1].append(Match(stage=count, index=1, third=True))
    b = Bracket(size=size, seeds=tuple(seeds), third_place=third_place and count >= 2, rule=rule, stages=all_stages)
    _fill(b)
    for games in rounds:
        for game in games:
            pair = {game.white, game.black}
            match = next(
                (m for m in b.matches() if m.state in ("ready", "replay", "playing") and {m.top, m.bottom} == pair),
                None,
            )
            if match is None or match.state == "playing":  # the two's game before has no result yet
                b.strays.append(game)
                continue
            match.games.append(game)
            _fill(b)
    return b


@dataclass(frozen=True)
class NextGame(Generic[K]):
    """A game the next round of the bracket needs: its match, the higher seed and the lower."""

    match: Match[K]
    higher: K
    lower: K
    replay: bool


def next_games(b: Bracket[K]) -> list[NextGame[K]]:
    """The games of the bracket's next round: the matches of the first stage not decided yet that wait for a
    game (a first game, or a replay); none while a game of the bracket has no result, or when it is
    complete. The final first, then the game for third place, then the matches from the top of the bracket."""
    if b.playing():
        return []
    number = b.current_stage()
    if number is None:
        return []
    due = [m for m in b.stages[number - 1] if m.state in ("ready", "replay")]
    due.sort(key=lambda m: (m.third, m.index))
    out = []
    for m in due:
        higher = m.higher()
        assert higher is not None and m.top is not None and m.bottom is not None
        lower = m.bottom if higher == m.top else m.top
        out.append(NextGame(match=m, higher=higher, lower=lower, replay=m.state == "replay"))
    return out


def colours(games: Sequence[NextGame[K]], coins: Sequence[bool]) -> list[tuple[K, K]]:
    """(white, black) of each game by nigiri: ``coins[i]`` true gives the higher seed White."""
    if len(coins) < len(games):
        raise BracketError("coins", "One nigiri for each game.")
    return [(g.higher, g.lower) if coin else (g.lower, g.higher) for g, coin in zip(games, coins)]


@dataclass(frozen=True)
class Place(Generic[K]):
    """A place of the final order: ``first`` .. ``last`` (shared when they differ) and its players in seed
    order, with how they got there (``"champion"``, ``"final"``, ``"third"``, ``"fourth"``, or the stage
    they lost in)."""

    first: int
    last: int
    players: tuple[K, ...]
    how: str
    stage: int = 0

    @property
    def shared(self) -> bool:
        return self.last > self.first


def final_places(b: Bracket[K]) -> list[Place[K]]:
    """The places the bracket has decided so far, from 1 down (a place not decided yet is left out)."""
    out: list[Place[K]] = []
    final = b.final
    if final is not None and final.state in ("decided", "bye"):
        assert final.winner is not None
        out.append(Place(1, 1, (final.winner,), "champion", len(b.stages)))
        if final.loser is not None:
            out.append(Place(2, 2, (final.loser,), "final", len(b.stages)))
    count = len(b.stages)
    for number in range(count - 1, 0, -1):
        losers = [m.loser for m in b.stages[number - 1] if not m.third and m.state == "decided" and m.loser]
        if not losers:
            continue
        losers.sort(key=b.seed_of)
        first = (b.size >> number) + 1
        if number == count - 1 and b.third is not None:
            third = b.third
            if third.state in ("decided", "bye") and third.winner is not None:
                out.append(Place(first, first, (third.winner,), "third", number))
            if third.state == "decided" and third.loser is not None:
                out.append(Place(first + 1, first + 1, (third.loser,), "fourth", number))
            continue
        out.append(Place(first, first + len(losers) - 1, tuple(losers), "stage", number))
    return out


def places_of(b: Bracket[K]) -> Mapping[K, Place[K]]:
    """Each placed player's place."""
    return {k: p for p in final_places(b) for k in p.players}
