"""``python -m games.go [--size N] [--komi K] [--handicap H] FILE``: check a Go record."""

import sys

from games.go import Game
from games.go.cli import main

sys.exit(main(Game, "games.go", "Replay a Go record (SGF or plain coordinates) and check it."))
