"""``python -m games.go [--size N] [--komi K] [--handicap H] [--rules chinese|japanese] [--dead POINTS]
[--neutral POINTS] FILE``: check a Go record and count it with its dead stones."""

import sys

from games.go import Game
from games.go.cli import main

sys.exit(main(Game, "games.go", "Replay a Go record (SGF or plain coordinates) and check it."))
