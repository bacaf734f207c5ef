"""``python -m games.volt [--size N] [--komi K] [--handicap H] [--rules hannover] FILE``: check a 1000-Volt-Go
record (dead stones are captured during play: no --dead, no --neutral)."""

import sys

from games.go.cli import main
from games.volt import VoltGame

sys.exit(main(VoltGame, "games.volt", "Replay a 1000-Volt-Go record (SGF or plain coordinates) and check it."))
