"""A side of a game played by more than one person (Pair Go, Rengo): who plays next, and its strength.

**The rotation.** Pair Go's rules (as the EGF and the Japanese Pair Go Association write them):
Black's first player plays first, then White's first, Black's second, White's second, and so on
(the *normal rotation*). In a handicap game Black's first player places the handicap stones, and
White's first player makes the first move: White 1, Black 2, White 2, Black 1, ... Rengo is the
same rotation with two or three players a side (Dragon Go Server and pairgoth's ``RENGO2`` /
``RENGO3`` play it so). A pass is a move and takes its turn. The site's live board refuses a move
from anybody but the player whose turn it is, so a rotation error (three points' penalty under the
Pair Go rules) cannot happen there.

The rotation is counted per colour, not from the move number: the member of a colour to play is the
number of moves that colour has made so far (with the handicap placement as Black's first player's
move), modulo the side's size. So it holds for any game whose engine says which colour is to move.

**A side's strength** is the mean of its members' ratings, summed and divided as OpenGotha
divides them for a team's mean rating (its ``MNR``, Java's integer division: towards zero), as
pairgoth rates a team by its members' mean (``TeamTournament.Team.rating``, which divides by the
size of the whole field where it means the team's: the site divides by the side's). The Pair Go
rules take the handicap from "the difference between the two mean grades", which is what the
pairing's handicap then does with two sides' mean ratings; the pairing sees a side as one seat with
that rating. A team's ``MNR`` (:meth:`tournament.pairing.team_model.TeamTournament.mean_rating`)
is the same mean of its first round's line-up.

Pure: no Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeVar

Colour = Literal["black", "white"]
Member = TypeVar("Member")

#: The sizes of a side: one person (an ordinary game), a pair (Pair Go, Rengo of two), three (Rengo).
SIDE_SIZES: tuple[int, ...] = (1, 2, 3)


def member_to_play(colour: Colour, moves_by_colour: int, *, size: int, handicap_placed: bool = False) -> int:
    """The index (0 = the side's first player) of the member of ``colour``'s side who plays next.

    ``moves_by_colour`` counts the moves (passes included) ``colour`` has made so far; in a handicap
    game Black's first player placed the stones, which counts as Black's first move.
    """
    if size not in SIDE_SIZES:
        raise ValueError(f"a side has 1 to 3 players, not {size}")
    if moves_by_colour < 0:
        raise ValueError("a count of moves is never negative")
    placed = 1 if handicap_placed and colour == "black" else 0
    return (moves_by_colour + placed) % size


def rotation(black: Sequence[Member], white: Sequence[Member], *, handicap_placed: bool = False) -> list[Member]:
    """One full turn of the rotation from the game's first move: who plays the 1st, 2nd, ... move.

    Both sides have the same size (Pair Go's and Rengo's rule). After ``len(black) + len(white)``
    moves it starts again.
    """
    if len(black) != len(white):
        raise ValueError("both sides have the same number of players")
    order: list[Member] = []
    counts = {"black": 0, "white": 0}
    colour: Colour = "white" if handicap_placed else "black"
    for _ in range(2 * len(black)):
        side = black if colour == "black" else white
        order.append(side[member_to_play(colour, counts[colour], size=len(side), handicap_placed=handicap_placed)])
        counts[colour] += 1
        colour = "white" if colour == "black" else "black"
    return order


def side_rating(ratings: Sequence[int], *, count: int | None = None) -> int:
    """A side's (or a team's) mean rating: ``ratings`` summed and divided by ``count`` (by default
    their number) as Java divides integers, towards zero (OpenGotha's ``MNR``)."""
    count = len(ratings) if count is None else count
    if count < 1:
        raise ValueError("a side has at least one player")
    total = sum(ratings)
    return -(-total // count) if total < 0 else total // count


def members_of_moves(colours: Sequence[Colour], *, size: int) -> list[int]:
    """The member (index in the side) who made each move of a record whose moves have ``colours``.

    A colour's turn is a run of its moves: one move in Go, the two stones of a Keima-Go turn, or the
    handicap stones Black places one by one (Black's first player's turn). A record that starts with
    White's move had its handicap placed before it (by Black's first player). The one rule of the
    rotation for the record, the live board, the game's page and the SGF alike."""
    counts = {"black": 1 if colours and colours[0] == "white" else 0, "white": 0}
    members: list[int] = []
    previous: Colour | None = None
    for colour in colours:
        if colour == previous:  # the same turn goes on
            members.append(members[-1])
            continue
        members.append(member_to_play(colour, counts[colour], size=size))
        counts[colour] += 1
        previous = colour
    return members


def member_next(colours: Sequence[Colour], to_move: Colour, *, size: int) -> int:
    """The member of ``to_move``'s side to play the next move after moves of ``colours`` (no move yet and
    White to move: the handicap stones stand, placed by Black's first player)."""
    return members_of_moves([*colours, to_move], size=size)[-1]
