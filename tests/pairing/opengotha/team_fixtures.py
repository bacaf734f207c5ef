"""The team tournaments OpenGotha's jar played (``oracle/record_teams.py``), read back as plain data:
the members' file, the scenario's teams and line-ups, and the jar's games and bye teams; the boards
emptied after a round's pairing (``empty`` lines) are empty from that round's games on."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from tournament.files.opengotha import read_tournament
from tournament.pairing.model import Bye, Game, Result
from tournament.pairing.team_model import Team, TeamTournament

TEAMS_DIR = Path(__file__).resolve().parent / "oracle_answers" / "teams"
#: OpenGotha's result codes (``Game.RESULT_*``, the by-default flag 256 apart).
RESULTS = {
    0: Result.UNKNOWN,
    17: Result.WHITE_WINS,
    18: Result.BLACK_WINS,
    19: Result.DRAW,
    32: Result.BOTH_LOSE,
    35: Result.BOTH_WIN,
}


def team_tournament(xml: str, lines: list[str]) -> TeamTournament:
    """The members' file and the scenario's lines (``size``, ``team``, ``member``) as a team tournament
    without games; a team's key is its stand-in's key in the jar."""
    boards = 0
    teams: dict[str, tuple[int, str]] = {}
    lineups: dict[str, dict[int, dict[int, str]]] = {}
    for line in lines:
        f = line.split()
        if not f:
            continue
        if f[0] == "size":
            boards = int(f[1])
        elif f[0] == "team":
            teams[f[2]] = (int(f[1]), f[3])
            lineups[f[2]] = {}
        elif f[0] == "member":
            lineups[f[1]].setdefault(int(f[2]), {})[int(f[3])] = f[4]
    made = tuple(
        Team(
            key=key,
            name=name,
            number=number,
            lineups={r: tuple(b[i] for i in sorted(b)) for r, b in lineups[name].items()},
        )
        for name, (number, key) in teams.items()
    )
    return TeamTournament(read_tournament(xml), made, boards)


def load(name: str) -> tuple[TeamTournament, dict]:
    """The scenario as a team tournament (no games yet, every line-up as paired) and the jar's answers;
    ``answers["empty"]``: the scenario's boards emptied after the pairing, ``(round, team key, board)``."""
    lines = (TEAMS_DIR / f"{name}.scenario.txt").read_text(encoding="utf-8").splitlines()
    tt = team_tournament((TEAMS_DIR / f"{name}.xml").read_text(encoding="utf-8"), lines)
    answers = json.loads((TEAMS_DIR / f"{name}.answers.json").read_text(encoding="utf-8"))
    key = {t.name: t.key for t in tt.teams}
    answers["empty"] = [
        (int(f[1]), key[f[2]], int(f[3])) for f in (line.split() for line in lines) if f[:1] == ["empty"]
    ]
    return tt, answers


def jar_games(answer: dict) -> list[Game]:
    """A round's board games as the jar made and scored them."""
    out = []
    for table, white, black, handicap, code in answer["games"]:
        out.append(
            Game(
                round=answer["round"],
                white=white,
                black=black,
                handicap=handicap,
                result=RESULTS[code & 255],
                by_default=bool(code & 256),
                table=table,
            )
        )
    return out


def played_until(tt: TeamTournament, answers: dict, last_round: int) -> TeamTournament:
    """The team tournament with the jar's games and bye teams of rounds 1..last_round, and the boards
    emptied in those rounds empty (``None``: board n stays board n)."""
    games: list[Game] = []
    byes: list[Bye] = []
    for answer in answers["rounds"][:last_round]:
        games += jar_games(answer)
        if answer["bye"]:
            byes.append(Bye(answer["round"], answer["bye"]))
    teams = []
    for team in tt.teams:
        lineups = dict(team.lineups)
        for r, key, board in answers.get("empty", []):
            if key == team.key and r <= last_round:
                lineups[r] = tuple(None if b == board else k for b, k in enumerate(lineups[r], 1))
        teams.append(replace(team, lineups=lineups))
    return replace(tt, individual=replace(tt.individual, games=tuple(games)), byes=tuple(byes), teams=tuple(teams))
