"""The fast engine against a slow, literal reading of RULES.md.

``Reference`` below is written straight from the text, with whole-board
scans and no cleverness; random move sequences (legal and illegal, dense
enough for captures, fives, overlines and double-threes) must get the same
answer from both: the same reason for an illegal move, the same stones,
captures, pending five and outcome after a legal one.  The pbmserv
"last resort" exceptions are left to the diagram tests.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.coords import Point
from games.ninuki import Board, IllegalMove, RuleSet

LINES = [(1, 0), (0, 1), (1, 1), (1, -1)]
DIRS = LINES + [(-dx, -dy) for dx, dy in LINES]


class Illegal(Exception):
    pass


class Reference:
    def __init__(self, rules: RuleSet):
        self.r = rules
        self.n = rules.size
        self.grid = {}
        self.caps = {1: 0, 2: 0}
        self.ply = 0
        self.passes = 0
        self.pending = None  # (colour, frozenset of points)
        self.over = None  # (winner or None, reason)

    def on(self, p):
        return 0 <= p[0] < self.n and 0 <= p[1] < self.n

    def fives(self, c):
        """Every five of c: a set of frozensets of points."""
        out = set()
        for (x, y), v in list(self.grid.items()):
            if v != c:
                continue
            for dx, dy in LINES:
                if self.grid.get((x - dx, y - dy)) == c:
                    continue  # not the start of the run
                run = []
                q = (x, y)
                while self.grid.get(q) == c:
                    run.append(q)
                    q = (q[0] + dx, q[1] + dy)
                if len(run) == 5 or (len(run) > 5 and not self.r.exact_five):
                    out.add(frozenset(run))
        return out

    def place(self, p, c):
        """Put the stone, make the captures; return the captured points."""
        o = 3 - c
        self.grid[p] = c
        taken = []
        for dx, dy in DIRS:
            a, b, e = ((p[0] + k * dx, p[1] + k * dy) for k in (1, 2, 3))
            if self.grid.get(a) == o and self.grid.get(b) == o and self.grid.get(e) == c:
                del self.grid[a], self.grid[b]
                taken += [a, b]
        return taken

    def unplace(self, p, c, taken):
        del self.grid[p]
        for q in taken:
            self.grid[q] = 3 - c

    def open_threes(self, p, c):
        count = 0
        for dx, dy in LINES:

            def at(k, dx=dx, dy=dy):
                q = (p[0] + k * dx, p[1] + k * dy)
                return self.grid.get(q, 0) if self.on(q) else 3

            found = False
            for k in range(-4, 5):
                if at(k) != 0:
                    continue
                q = (p[0] + k * dx, p[1] + k * dy)
                self.grid[q] = c
                lo = 0
                while at(lo - 1) == c:
                    lo -= 1
                hi = 0
                while at(hi + 1) == c:
                    hi += 1
                del self.grid[q]
                if (
                    hi - lo + 1 == 4
                    and lo <= k <= hi
                    and at(lo - 1) == 0
                    and at(hi + 1) == 0
                    and at(lo - 2) != c
                    and at(hi + 2) != c
                ):
                    found = True
            count += found
        return count

    def breakable(self, c):
        o = 3 - c
        five_stones = set().union(*self.fives(c))
        for x in range(self.n):
            for y in range(self.n):
                q = (x, y)
                if q in self.grid:
                    continue
                taken = self.place(q, o)
                ok = bool(set(taken) & five_stones) and not self.fives(c)
                self.unplace(q, o, taken)
                if ok:
                    return True
        return False

    def threats(self, o):
        """Empty points where o would make a new five, by a move legal for o
        (RULES.md, last section) -> the stones of it."""
        out = {}
        before = self.fives(o)
        for x in range(self.n):
            for y in range(self.n):
                t = (x, y)
                if t in self.grid:
                    continue
                self.grid[t] = o
                new = [f for f in self.fives(o) if t in f and f not in before]
                del self.grid[t]
                if new and self.legal_for(t, o):
                    out[t] = set().union(*new) - {t}
        return out

    def legal_for(self, t, o):
        """Is o's stone on the empty t (a five) legal: no double-three, or a
        5-3-3 where allowed, or a capture out of the other side's pending five?"""
        if not self.r.restricts(o):
            return True
        taken = self.place(t, o)
        ok = (
            self.open_threes(t, o) < 2
            or self.r.dt_five
            or (
                self.r.dt_capture_pending != "never"
                and self.pending is not None
                and self.pending[0] == 3 - o
                and bool(set(taken) & self.pending[1])
            )
        )
        self.unplace(t, o, taken)
        return ok

    def play(self, p):  # noqa: C901
        r = self.r
        n = self.ply + 1
        c = 1 if n % 2 else 2
        o = 3 - c
        if self.over:
            raise Illegal("after-end")
        if p is not None and not self.on(p):
            raise Illegal("off-board")
        if p is not None and p in self.grid:
            raise Illegal("occupied")
        centre = (self.n // 2, self.n // 2)
        if n == 1 and p != centre:
            raise Illegal("first-move")
        dist = None if p is None else max(abs(p[0] - centre[0]), abs(p[1] - centre[1]))
        if n == 2 and r.second_move_max is not None and (p is None or dist > r.second_move_max):
            raise Illegal("opening")
        if n == 3 and r.third_move_min is not None and (p is None or dist < r.third_move_min):
            raise Illegal("opening")
        if p is None:
            self.ply = n
            self.passes += 1
            if self.pending and self.pending[0] == o:
                self.over, self.pending = (o, "five"), None
            elif self.passes == 2:
                self.over = (None, "double-pass")
            return
        o_fives_before = self.fives(o)
        threats = self.threats(o) if r.dt_stop_five == "always" else {}
        taken = self.place(p, c)
        if r.restricts(c) and self.open_threes(p, c) >= 2:
            allowed = False
            if r.dt_five and self.fives(c):
                allowed = True
            if (
                r.dt_capture_pending == "always"
                and self.pending
                and self.pending[0] == o
                and set(taken) & self.pending[1]
            ):
                allowed = True
            if r.dt_stop_five == "always":
                for t, stones in threats.items():
                    if t == p or stones & set(taken):
                        allowed = True
            if not allowed:
                self.unplace(p, c, taken)
                raise Illegal("double-three")
        self.ply = n
        self.passes = 0
        self.caps[c] += len(taken) // 2
        created = bool(self.fives(o) - o_fives_before) if taken else False
        pending, self.pending = self.pending, None
        if self.caps[c] >= r.capture_win:
            self.over = (None, "overline-split") if created else (c, "captures")
        elif created:
            self.over = (o, "five")
        elif pending and pending[0] == o and self.fives(o):
            self.over = (o, "five")
        elif self.fives(c):
            if r.perfect_five and self.breakable(c):
                self.pending = (c, frozenset().union(*self.fives(c)))
            else:
                self.over = (c, "five")


def same_state(board: Board, ref: Reference):
    stones = {(p.x, p.y): 1 if v == "black" else 2 for p, v in board.stones().items()}
    assert stones == ref.grid
    assert board.captures == {"black": ref.caps[1], "white": ref.caps[2]}
    winner = {None: None, 1: "black", 2: "white"}
    if ref.over is None:
        assert board.outcome is None
    else:
        assert (board.outcome.winner, board.outcome.reason) == (winner[ref.over[0]], ref.over[1])
    if ref.pending is None:
        assert board.pending is None
    else:
        assert board.pending is not None and board.pending[0] == ref.pending[0]
        assert {(board.point(i).x, board.point(i).y) for i in board.pending[1]} == set(ref.pending[1])


RULES = {
    "hannover": RuleSet.preset("hannover", size=13),
    "hannover-both": RuleSet.preset("hannover", size=13, double_three="both"),
    "japanese": RuleSet.preset("japanese", size=13),
    "pente": RuleSet.preset("pente", size=13),
    "pbmserv-opening": RuleSet.preset("hannover", size=13, second_move_max=1, third_move_min=3),
}


@settings(max_examples=120, deadline=None)
@given(
    rules=st.sampled_from(sorted(RULES)),
    data=st.data(),
    spread=st.integers(2, 5),
    length=st.integers(5, 140),
    captures=st.integers(0, 4),
)
def test_engine_agrees_with_the_literal_reading(rules, data, spread, length, captures):
    rs = RULES[rules]
    board, ref = Board(rs), Reference(rs)
    board._caps[1] = board._caps[2] = ref.caps[1] = ref.caps[2] = captures  # fifth pairs come sooner
    c = rs.size // 2
    coord = st.integers(c - spread, c + spread)
    moves = st.one_of(st.tuples(coord, coord), st.just(None), st.tuples(st.integers(-1, 13), st.integers(-1, 13)))
    for _ in range(length):
        move = data.draw(moves) if board.ply else (c, c)
        try:
            ref.play(move)
            expected = None
        except Illegal as e:
            expected = str(e)
        try:
            board.push(None if move is None else Point(*move))
            got = None
        except IllegalMove as e:
            got = e.reason
        assert got == expected, (move, board.ply)
        same_state(board, ref)
        if board.outcome is not None and data.draw(st.booleans()):
            break
