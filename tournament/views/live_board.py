"""What the live board shows, drawn for the one who looks: the board's panel (the picture and the
grid of points to tap, whose turn it is, the last move, the counts, who you are at this board, the
moves entered, the marking of a finished Go game) and a board as the playing hall's projector shows
it. The pages and the writes are :mod:`.live`'s.
"""

from __future__ import annotations

import datetime as dt

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from games import svg
from games.common import IllegalMove
from games.coords import Point
from tournament.engines import count_words, end_words
from tournament.kept import get_or_make
from tournament.models import Game, LiveRecord
from tournament.models.game import ResultState
from tournament.names import side_name
from tournament.permissions import (
    board_closed_reason,
    live_capacity,
    may_confirm,
    may_see_game,
    may_take_back,
    speaks_for,
)
from tournament.selectors.sides import colour_players, player_to_move, side_players
from tournament.services import live as live_services
from tournament.services import marking as marking_services
from tournament.variants import dead_stones_text

from . import marking as marking_views
from .board_grid import board_grid

#: The phones ask for the board this often (``live.js`` reads it from the page).
POLL_SECONDS = 2
#: From this board size on, a tap marks the point and a second tap (or "Place") plays it.
CONFIRM_FROM = 13

_COLOUR = {"black": lambda: _("Black"), "white": lambda: _("White")}


def colour_name(colour: str | None) -> str:
    return _COLOUR[colour]() if colour in _COLOUR else ""


def board_etag(game_version: int, live_version: int | None, round_status: str) -> str:
    return f'"{game_version}.{live_version or 0}.{round_status}.{get_language()}"'


# ---- what the board shows ------------------------------------------------------------------


def _grid(snapshot, *, interactive: bool, error_point: Point | None) -> SafeString:
    """The points of the board as a grid over the picture: a button for every empty point
    while the user may play, else plain cells (marks only)."""
    targets = set(snapshot.targets)
    moved_to = {b for _a, b in snapshot.pushed + snapshot.pulled}

    def classes(p: Point) -> list[str]:
        colour = snapshot.stones.get(p)
        marks = [
            (colour, bool(colour)),
            ("target", p in targets),
            ("moved", p in moved_to),
            ("last", p == snapshot.last),
            ("refused", p == error_point),
        ]
        return [name for name, on in marks if on]

    return board_grid(snapshot.size, classes, button=lambda p: interactive and not snapshot.stones.get(p))


def _result_status(game) -> str:
    """What became of a game's result, for a game ended off the board (resignation, time) or settled."""
    if game.result_state == ResultState.REPORTED:
        return _("The game is over: the result is proposed and waits for confirmation.")
    if game.result_state == ResultState.DISPUTED:
        return _("The game is over: the result is disputed and goes to a referee.")
    return _("The game is over. The result is final.")


def _status(snapshot, game, marking=None) -> str:
    """Whose turn it is, or how the game ended, in words (a Go game's end with its ``marking``)."""
    s = snapshot
    if not s.over and game.result_state != ResultState.PENDING:
        return _result_status(game)
    if s.over:
        winner = colour_name(s.winner)
        if marking is not None:  # Go: two passes, then the dead stones marked
            if game.result_state == ResultState.PENDING:
                return _("Two passes: mark the dead stones, then both players agree to the count.")
            return _("Two passes: the game is over, counted with the dead stones marked.")
        if s.result:  # the Go family without marks (every stone lives): two passes, counted by area
            count = count_words(black=s.score["black"], white=s.score["white"], komi=game.komi, result=s.result)
            return _("Two passes: the game is over.") + " " + count
        return end_words(winner, s.reason or "double-pass")
    if s.handicap_left:
        return _("Black places the handicap stones: %(n)s left.") % {"n": s.handicap_left}
    if s.second_stone:
        return _("%(colour)s: the second stone of the turn, a knight's move from %(point)s (marked).") % {
            "colour": colour_name(s.to_move),
            "point": s.first_stone.name(),
        }
    if s.centre_first:
        return _("Black to play: the first stone goes on the centre point.")
    return _("%(colour)s to play.") % {"colour": colour_name(s.to_move)}


def _last_move(snapshot) -> str:
    s = snapshot
    if not s.number:
        return ""
    parts = [
        _("Last move: %(colour)s %(point)s")
        % {"colour": colour_name(s.colour), "point": _("pass") if s.label == "pass" else s.label}
    ]
    if s.captured:
        if s.captured_pairs is not None:
            n = s.captured_pairs
            parts.append(ngettext("%(n)s pair captured", "%(n)s pairs captured", n) % {"n": n})
        else:
            n = len(s.captured)
            parts.append(ngettext("%(n)s stone captured", "%(n)s stones captured", n) % {"n": n})
    if s.lost:
        n = len(s.lost)
        parts.append(ngettext("%(n)s own stone lost", "%(n)s own stones lost", n) % {"n": n})
    pushed = [f"{a.name()}→{b.name()}" for a, b in s.pushed]
    pulled = [f"{a.name()}→{b.name()}" for a, b in s.pulled]
    if pushed:
        parts.append(_("pushed: %(moves)s") % {"moves": ", ".join(pushed)})
    if pulled:
        parts.append(_("pulled: %(moves)s") % {"moves": ", ".join(pulled)})
    return " · ".join(parts)


def _counts(snapshot, board) -> str:
    s = snapshot
    if s.captures is not None:
        return _("Pairs captured: Black %(black)s, White %(white)s (%(win)s win).") % {
            "black": s.captures["black"],
            "white": s.captures["white"],
            "win": board.capture_win,
        }
    if s.prisoners is not None:
        return _("Stones captured: Black %(black)s, White %(white)s.") % s.prisoners
    return ""


def _you(who, live, pair: bool = False) -> str:
    if who.recording:
        return _("You record this game as referee; the players' phones follow it.")
    if who.taken_over:
        return _("A referee (%(name)s) records this game; the board follows it.") % {
            "name": live.recorder.get_username() if live.recorder else "–"
        }
    if who.scorer:
        return _("You are the scorer of this table: enter both players' moves.")
    if who.side and pair:
        return _("You play %(colour)s in a side of several players: enter your own move when it is your turn.") % {
            "colour": colour_name(who.side)
        }
    if who.side:
        return _("You play %(colour)s. Enter every move as it is played, yours and your opponent's.") % {
            "colour": colour_name(who.side)
        }
    return ""


def _entries(live, kind_moves, players=()) -> list[dict]:
    """The moves and who entered each; in Pair Go and Rengo also who played it (``players``)."""
    rows = []
    for n, (move, entry) in enumerate(zip(kind_moves, live.entries), 1):
        who, when = (entry + [None, None])[:2] if isinstance(entry, list) else (None, None)
        at = dt.datetime.fromtimestamp(when, tz=dt.UTC) if isinstance(when, int) else None
        played = players[n - 1].display_name if n <= len(players) else ""
        rows.append({"n": n, "move": move, "by": who or "–", "at": at, "player": played})
    return rows


def _turn(game: Game, board, snapshot) -> str:
    """Pair Go and Rengo: whose turn it is within the side, in words (as a move out of turn is refused)."""
    player = player_to_move(game, board.colours, snapshot.to_move)
    return _("It is %(player)s's turn.") % {"player": player.spoken_name} if player is not None else ""


def panel_context(
    request,
    game: Game,
    live: LiveRecord,
    roles,
    *,
    at: int | None = None,
    error: str = "",
    refused: IllegalMove | None = None,
    board=None,
) -> dict:
    """Everything the board fragment shows, for ``request.user``; ``board``: the game now, if at hand."""
    moves = live.move_list
    last = len(moves)
    step = None if at is None or at >= last else max(0, at)
    if board is None or step is not None:
        board = live_services.new_board(game, moves if step is None else moves[:step])
    snapshot = board.snapshot()
    who = live_capacity(request.user, game, live)
    closed = board_closed_reason(game)
    interactive = step is None and who.may_record and closed is None and not snapshot.over
    # the game has ended: on the board (a five, two passes), or with a result reported or decided
    over = snapshot.over or game.result_state != ResultState.PENDING
    error_point = svg.error_point(refused) if refused is not None else None
    title = _("Position after move %(n)s") % {"n": snapshot.move_number}
    marking = marking_services.marking_of(board, live) if step is None else None
    if marking is not None:
        picture = marking_views.picture(marking, title=title, last_move=snapshot.last)
        grid = marking_views.grid(marking, buttons=who.may_record and closed is None)
    else:
        picture = mark_safe(  # noqa: S308 - drawn by games.svg, text escaped there
            svg.board(
                snapshot.size,
                snapshot.stones,
                last_move=snapshot.last,
                captured=snapshot.captured + snapshot.lost,
                error=error_point,
                title=title,
            )
        )
        grid = _grid(snapshot, interactive=interactive, error_point=error_point)
    user = request.user
    can_take_back = (
        step is None
        and live.pk is not None
        and may_take_back(
            user,
            game,
            live,
            who,
            last_colour=lambda: snapshot.colour,
            last_player=lambda: (colour_players(game, board.colours) or [None])[-1],
        )
    )
    slug = game.round.tournament.slug
    # the game's own page for its players and the referees, else its public page (whoever sees the board sees it)
    own_page = may_see_game(user, roles, game)
    return {
        "game": game,
        "tournament": game.round.tournament,
        "live": live,
        "version": live.version,
        "etag": board_etag(game.version, live.version, game.round.status),
        "snapshot": snapshot,
        # the number of the move to play now (the last one's when the game is over or stepped through)
        # (the handicap stones set up are no moves: the first move is White's after them)
        "move_no": snapshot.move_number + (0 if over or step is not None else 1),
        "over": over and step is None,
        # the LIVE badge: only while the game is being played
        "playing": not over and closed is None,
        "svg": picture,
        "grid": grid,
        "marking": _marking_context(game, live, who, marking, open_=closed is None),
        "dead_stones_rule": "" if snapshot.over or step is not None else dead_stones_text(board.dead_stones),
        "size": snapshot.size,
        "interactive": interactive,
        "confirm_taps": interactive and snapshot.size >= CONFIRM_FROM,
        "zoom": snapshot.size >= CONFIRM_FROM and (interactive or (marking is not None and who.may_record)),
        "poll": step is None and not (closed and game.result_state in (ResultState.CONFIRMED, ResultState.ADJUDICATED)),
        "poll_ms": POLL_SECONDS * 1000,
        "status": _status(snapshot, game, marking),
        "turn": "" if over or step is not None else _turn(game, board, snapshot),
        "sides": _sides(game),
        "last_move": _last_move(snapshot),
        "counts": _counts(snapshot, board),
        "pending_five": snapshot.pending_five
        and _(
            "%(colour)s has a five that can be broken: %(other)s must capture a pair out of it now, or %(colour)s wins."
        )
        % {
            "colour": colour_name(snapshot.pending_five),
            "other": colour_name("white" if snapshot.pending_five == "black" else "black"),
        },
        "you": _you(who, live, pair=side_players(game) is not None),
        "who": who,
        "closed": closed,
        "error": error,
        "may_pass": interactive and snapshot.may_pass,
        "may_end": interactive,
        "can_take_back": can_take_back,
        "can_confirm": may_confirm(user, game),
        "step": step,
        "last": last,
        "shown": snapshot.number,
        # the moves as the players count them (without the handicap stones set up), for the words
        "shown_no": snapshot.move_number,
        "last_no": last - min(last, snapshot.handicap_placed + snapshot.handicap_left),
        "prev": max(0, snapshot.number - 1),
        "next": snapshot.number + 1,
        "entries": _entries(live, moves, colour_players(game, board.colours) if step is None else ())
        if who.referee
        else None,
        "is_referee": who.referee,
        "urls": {
            "board": reverse("live_board", args=[slug, game.pk]),
            "state": reverse("live_state", args=[slug, game.pk]),
            "move": reverse("live_move", args=[slug, game.pk]),
            "undo": reverse("live_undo", args=[slug, game.pk]),
            "end": reverse("live_end", args=[slug, game.pk]),
            "takeover": reverse("live_takeover", args=[slug, game.pk]),
            "mark": reverse("live_mark", args=[slug, game.pk]),
            "agree": reverse("live_agree", args=[slug, game.pk]),
            "resume": reverse("live_resume", args=[slug, game.pk]),
            "call": reverse("live_call_referee", args=[slug, game.pk]),
            "game": reverse("game", args=[slug, game.pk])
            if own_page
            else reverse("public_game", args=[slug, game.round.number, game.pk]),
            "confirm": reverse("game_confirm", args=[slug, game.pk]),
            "rules": reverse("rules", args=[game.round.discipline.kind]),
        },
    }


def _marking_context(game: Game, live: LiveRecord, who, marking, *, open_: bool) -> dict | None:
    """What the marking phase of a Go game shows: the count under the marks, who agreed, and what the
    user may do (mark, agree, resume play, call the referee); ``None`` outside it."""
    if marking is None:
        return None
    may_mark = open_ and who.may_record
    sides = speaks_for(who) if may_mark else ()
    players = {"black": game.black.spoken_name, "white": game.white.spoken_name}
    agreed = []
    for side in ("black", "white"):
        if live.agreed(side):
            text = _("%(colour)s (%(name)s) agrees to this count.")
        else:
            text = _("%(colour)s (%(name)s) has not agreed yet.")
        agreed.append(
            {
                "side": side,
                "agreed": live.agreed(side),
                "text": text % {"colour": colour_name(side), "name": players[side]},
            }
        )
    if len(sides) == 1:  # a player: the opponent plays first
        other = "white" if sides[0] == "black" else "black"
        resume = [
            {"side": sides[0], "label": _("Resume play: %(colour)s plays first") % {"colour": colour_name(other)}}
        ]
    else:  # the scorer or the referee recording says who asks
        resume = [
            {"side": side, "label": _("%(colour)s asks to resume play") % {"colour": colour_name(side)}}
            for side in sides
        ]
    return {
        "count": marking_views.count_text(marking),
        "marks_version": live.marks_version,
        "may_mark": may_mark,
        "agreed": agreed,
        "may_agree": any(not live.agreed(side) for side in sides),
        "resume": resume,
        "may_call": may_mark,
        "max_reason": marking_services.MAX_REASON,
    }


#: A board drawn for the projector is kept this long (its key holds the versions: never stale).
PROJECTOR_BOARD_SECONDS = 600


def projector_board(game: Game, live: LiveRecord) -> dict:
    """What the projector shows of a board (moves, picture, status), drawn once per version of the
    game and its live record and kept in the cache (all workers share it): a poll after a move on one
    board replays that board only."""

    def draw() -> dict:
        board = live_services.new_board(game, live.move_list)
        s = board.snapshot()
        title = _("Table %(table)s after move %(n)s") % {"table": game.table, "n": s.move_number}
        marking = marking_services.marking_of(board, live)
        if marking is not None:
            picture = str(marking_views.picture(marking, title=title, last_move=s.last))
            status = f"{_status(s, game, marking)} {marking_views.count_text(marking)}"
        else:
            picture = svg.board(s.size, s.stones, last_move=s.last, captured=s.captured + s.lost, title=title)
            status = _status(s, game)
        return {"moves": s.move_number, "svg": picture, "status": status}

    key = f"projector-board:{game.pk}:{game.version}:{live.version}:{get_language()}"
    return get_or_make(key, draw, PROJECTOR_BOARD_SECONDS)


def _sides(game: Game) -> list[tuple[str, str]]:
    """Pair Go and Rengo: each colour with its side's players in their order of play."""
    sides = side_players(game)
    if sides is None:
        return []
    return [(colour_name(c), side_name([p.display_name for p in sides[c]])) for c in ("black", "white")]
