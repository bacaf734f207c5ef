"""``python -m games.keima [--size N] [--komi K] [--handicap H] [--rules hannover] FILE``: check a Keima-Go
record (every stone on the board is alive: no --dead, no --neutral)."""

import sys

from games.go.cli import main
from games.keima import KeimaGame

sys.exit(
    main(
        KeimaGame,
        "games.keima",
        "Replay a Keima-Go record (SGF or plain coordinates, one stone per move) and check it.",
    )
)
