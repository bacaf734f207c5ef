"""An OpenGotha file's teams, read into the plain shape and written back (pure; no Django).

OpenGotha 3.51 writes a team tournament's teams as::

    <Teams>
        <Team teamNumber="1" teamName="Hannover">
            <Board roundNumber="1" boardNumber="1" player="MÜLLERANNA"/>
            ...
        </Team>
    </Teams>
    <TeamTournamentParameterSet>
        <TeamGeneralParameterSet teamSize="3"/>
        <TeamPlacementParameterSet>...</TeamPlacementParameterSet>
    </TeamTournamentParameterSet>

(``ExternalDocument.generateXMLTeamsElement``): every round (1 to 20) and board (1 to 10) that has a
player, the player named by their key string. Boards beyond the team size hold the team's other
members. Reading it as OpenGotha does (``importTeamsFromXMLFile``): a ``Board`` without a
``roundNumber`` puts the player on that board in every round; a player the file does not know is
left out. The reader keeps both elements in ``Tournament.extra``; :func:`with_teams` reads them,
:func:`team_elements` writes the site's.

A player in two teams: OpenGotha reads the file as it is (its teams are boards per round; nothing
ties a player to one team) and plays each round's line-ups. The site does the same where the two
teams are in different rounds, or one of them only holds the player past the team size: every
round's line-up as the file has it, the player a member of the team of their latest line-up (the
team with the smaller number without one), named in the import's notes (:func:`team_notes`). Lined
up for two teams in the same round, OpenGotha would score the player's game for whichever team its
lookup meets first; the site refuses that file, naming the player, the round and the two teams
(``OpenGothaFormatError`` code ``team_twice``).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from tournament import limits
from tournament.names import spoken_name
from tournament.pairing.criteria import MAX_CRITERIA, TEAM_BY_NAME, TEAM_DEFAULT
from tournament.pairing.model import Tournament

from .imported import ImportedTeam, ImportedTournament
from .opengotha import Note, OpenGothaFormatError, _int, _Keys

__all__ = [
    "TeamOfFile",
    "file_boards",
    "past_the_size",
    "team_criteria",
    "team_elements",
    "team_notes",
    "team_size",
    "with_teams",
]

#: OpenGotha's rounds and boards of a team (``Team.teamMembers``: 20 x 10).
OPENGOTHA_ROUNDS = 20
OPENGOTHA_BOARDS = 10
#: OpenGotha's default team placement (``TeamPlacementParameterSet.init``).
TEAM_CRITERIA = TEAM_DEFAULT


def _element(t: Tournament, tag: str) -> ET.Element | None:
    for raw in (t.extra or {}).get("others", ()):
        el = ET.fromstring(raw)
        if el.tag == tag:
            return el
    return None


def team_size(t: Tournament) -> int:
    """The file's team size (``TeamGeneralParameterSet teamSize``); 0 without a team section."""
    section = _element(t, "TeamTournamentParameterSet")
    general = section.find("TeamGeneralParameterSet") if section is not None else None
    if general is None:
        return 0
    return _int(general.get("teamSize"), 4, "teamSize", low=1, high=OPENGOTHA_BOARDS)


def team_criteria(t: Tournament) -> list[str] | None:
    """The file's team placement criteria (``TeamPlacementParameterSet``, by their ``number``, NULL left
    out); None without them or when the site cannot take them (an unknown name, one twice): the
    tournament then keeps OpenGotha's default."""
    section = _element(t, "TeamTournamentParameterSet")
    placement = section.find("TeamPlacementParameterSet") if section is not None else None
    if placement is None:
        return None
    found = []
    for n, el in enumerate(placement.iter("PlacementCriterion")):
        number = _int(el.get("number"), n + 1, "PlacementCriterion number", low=1, high=99)
        found.append((number, el.get("name", "NULL")))
    names = [name for _n, name in sorted(found) if name != "NULL"]
    if not names or len(names) > MAX_CRITERIA or len(set(names)) != len(names):
        return None
    if any(name not in TEAM_BY_NAME for name in names):
        return None
    return names


def _boards(team_el: ET.Element, keys: _Keys, rounds: int, name: str) -> dict[tuple[int, int], str]:
    """``(round, board) -> player key`` of one ``<Team>``, as OpenGotha reads it (the last one wins)."""
    boards: dict[tuple[int, int], str] = {}
    for el in team_el.findall("Board"):
        board = _int(el.get("boardNumber"), 1, f"team {name} boardNumber", low=1, high=OPENGOTHA_BOARDS)
        number = _int(el.get("roundNumber"), 0, f"team {name} roundNumber", low=0, high=OPENGOTHA_ROUNDS)
        key = keys.find(el.get("player", ""))
        if key is None:
            continue
        for r in [number] if number else range(1, rounds + 1):
            boards[(r, board)] = key
    return boards


def _team(team_el: ET.Element, keys: _Keys, rounds: int, size: int) -> ImportedTeam:
    name = _name(team_el)
    number = _int(team_el.get("teamNumber"), 1, f"team {name} teamNumber", low=1, high=limits.MAX_TEAMS)
    boards = _boards(team_el, keys, rounds, name)
    members: list[str] = []
    for (_r, _b), key in sorted(boards.items(), key=lambda item: (item[0][1], item[0][0])):
        if key not in members:
            members.append(key)
    if len(members) > limits.MAX_TEAM_MEMBERS:
        raise _refused(f"team {name} has {len(members)} members; the site takes {limits.MAX_TEAM_MEMBERS}")
    line_ups = tuple((r, b, key) for (r, b), key in sorted(boards.items()) if b <= size and r <= rounds)
    return ImportedTeam(number=number, name=name, members=tuple(members), line_ups=line_ups)


def _name(team_el: ET.Element) -> str:
    return " ".join((team_el.get("teamName") or "").split())[: limits.TEAM_NAME_LENGTH] or "Unnamed team"


def past_the_size(teams: str | None, size: int, rounds: int) -> dict[str, dict[tuple[int, int], str]]:
    """An imported ``<Teams>`` element's (XML text) boards past the team size of rounds 1..``rounds``, by
    team name: ``(round, board) -> the player's key as written`` (a ``Board`` without a round: every
    round). The site keeps no line-up there; OpenGotha counts them (its MNR reads every board of round 1,
    its matches every board), so the export writes them back where the site has not changed the team."""
    out: dict[str, dict[tuple[int, int], str]] = {}
    if not teams:
        return out
    for team_el in ET.fromstring(teams).findall("Team"):
        boards = out.setdefault(_name(team_el), {})
        for el in team_el.findall("Board"):
            try:
                board = int(el.get("boardNumber", ""))
                number = int(el.get("roundNumber") or 0)
            except ValueError:
                continue
            if size < board <= OPENGOTHA_BOARDS and 0 <= number <= rounds:
                for r in [number] if number else range(1, rounds + 1):
                    boards[(r, board)] = el.get("player", "").replace(" ", "").upper()
    return out


def file_boards(
    line_ups: Mapping[tuple[int, int], str],
    members: Sequence[str],
    kept: Mapping[tuple[int, int], str],
    size: int,
    rounds: int,
) -> dict[tuple[int, int], str]:
    """A team's boards as the export writes them, ``(round, board) -> key``: each round's line-up as stored
    (``line_ups``); the imported file's boards past the team size (``kept``: :func:`past_the_size`) of a
    player still in the team and not lined up in that round; and the members no round writes, in
    OpenGotha's last round (20; more of them in 19, 18 ...) past the team size, where OpenGotha counts
    nothing (past the file's ``rounds``) and which it writes back as it read them (a file of 20 rounds has
    no place for them)."""
    boards = dict(line_ups)
    in_team = set(members)
    for (r, b), key in sorted(kept.items()):
        if key in in_team and (r, b) not in boards and key not in {k for (x, _b), k in boards.items() if x == r}:
            boards[(r, b)] = key
    written = set(boards.values())
    rest = [key for key in members if key not in written]
    free = [(r, b) for r in range(OPENGOTHA_ROUNDS, rounds, -1) for b in range(size + 1, OPENGOTHA_BOARDS + 1)]
    boards.update(zip([place for place in free if place not in boards], rest))
    return boards


def _refused(text: str) -> OpenGothaFormatError:
    return OpenGothaFormatError(text)


def with_teams(data: ImportedTournament, t: Tournament) -> ImportedTournament:
    """``data`` (:func:`~.opengotha.imported` of ``t``) with the file's teams and its kind of event
    (teams of the file's size); unchanged without a ``<Teams>`` element."""
    teams_el = _element(t, "Teams")
    if teams_el is None or not teams_el.findall("Team"):
        return data
    size = team_size(t) or 4
    if not limits.MIN_TEAM_BOARDS <= size <= limits.MAX_TEAM_BOARDS:
        raise OpenGothaFormatError(
            f"teams of {size} boards; the site takes teams of {limits.MIN_TEAM_BOARDS} to {limits.MAX_TEAM_BOARDS}",
            code="range",
            params={
                "what": "teamSize",
                "value": size,
                "low": limits.MIN_TEAM_BOARDS,
                "high": limits.MAX_TEAM_BOARDS,
            },
        )
    if len(teams_el.findall("Team")) > limits.MAX_TEAMS:
        raise _refused(f"more than {limits.MAX_TEAMS} teams")
    teams = _teams_of(t, data.rounds, size)
    settings = {**data.settings, "event_kind": f"team{size}"}
    criteria = team_criteria(t)
    if criteria is not None:
        settings["team_criteria"] = criteria
    return replace(data, teams=tuple(teams), settings=settings)


def _teams_of(t: Tournament, rounds: int, size: int) -> list[ImportedTeam]:
    """The file's teams, each player a member of one of them (see the module)."""
    teams = _teams_of_checked(t, rounds, size)
    homes = {key: home for key, (home, _others) in _shared(t, teams).items()}
    return [replace(x, members=tuple(k for k in x.members if homes.get(k, x.name) == x.name)) for x in teams]


def _check(teams: Sequence[ImportedTeam]) -> None:
    """Each team's number and name once (names whatever their case)."""
    if len({t.number for t in teams}) != len(teams):
        raise _refused("two teams have the same teamNumber")
    if len({t.name.casefold() for t in teams}) != len(teams):
        raise _refused("two teams have the same name")


def _shared(t: Tournament, teams: Sequence[ImportedTeam]) -> dict[str, tuple[str, list[str]]]:
    """The players the file puts in more than one team: key -> (the team they stay a member of, the
    others), by team name; ``OpenGothaFormatError`` (``team_twice``) for one lined up for two teams in
    one round."""
    in_teams: dict[str, list[ImportedTeam]] = {}
    for team in sorted(teams, key=lambda x: x.number):
        for key in team.members:
            in_teams.setdefault(key, []).append(team)
    names = {p.key: spoken_name(p.name, p.first_name) for p in t.players}
    out = {}
    for key, found in in_teams.items():
        if len(found) < 2:
            continue
        placed: dict[int, list[tuple[ImportedTeam, int]]] = {}
        for team in found:
            for r, b, k in team.line_ups:
                if k == key:
                    placed.setdefault(r, []).append((team, b))
        for r, both in sorted(placed.items()):
            if len(both) > 1:
                (first, b1), (second, b2) = both[:2]
                raise OpenGothaFormatError(
                    f"{names.get(key, key)} plays in round {r} for {first.name} (board {b1}) "
                    f"and for {second.name} (board {b2})",
                    code="team_twice",
                    params={
                        "player": names.get(key, key),
                        "round": r,
                        "team": first.name,
                        "board": b1,
                        "other": second.name,
                        "other_board": b2,
                    },
                )
        home = placed[max(placed)][0][0].name if placed else found[0].name
        out[key] = (home, [x.name for x in found if x.name != home])
    return out


def team_notes(t: Tournament) -> tuple[Note, ...]:
    """What an import of the file's teams says about them: ``team_member_twice`` for each player in
    more than one team (``player``, ``team``: the one they stay in, ``others``), as :func:`with_teams`
    reads them; nothing for a file it refuses or one without teams."""
    size = team_size(t) or 4
    rounds = t.params.general.number_of_rounds
    try:
        teams = [] if _element(t, "Teams") is None else _teams_of_checked(t, rounds, size)
    except OpenGothaFormatError:
        return ()
    names = {p.key: spoken_name(p.name, p.first_name) for p in t.players}
    return tuple(
        ("team_member_twice", {"player": names.get(key, key), "team": home, "others": ", ".join(others)})
        for key, (home, others) in _shared(t, teams).items()
    )


def _teams_of_checked(t: Tournament, rounds: int, size: int) -> list[ImportedTeam]:
    """The file's teams as it has them, each number and name once."""
    teams_el = _element(t, "Teams")
    keys = _Keys(t.players)
    teams = [_team(el, keys, rounds, size) for el in teams_el.findall("Team")] if teams_el is not None else []
    _check(teams)
    return teams


@dataclass(frozen=True)
class TeamOfFile:
    """A team as the export writes it: its number, name, and ``(round, board) -> player key``
    (:func:`file_boards`)."""

    number: int
    name: str
    boards: dict[tuple[int, int], str]


def team_elements(
    teams: Sequence[TeamOfFile], size: int, kept: str | None, criteria: Sequence[str] | None = None
) -> list[str]:
    """The ``<Teams>`` and ``<TeamTournamentParameterSet>`` elements of the site's teams (XML text);
    ``kept``: the file's own parameter set as imported (its placement kept, its team size set)."""
    root = ET.Element("Teams")
    for team in sorted(teams, key=lambda t: t.number):
        el = ET.SubElement(root, "Team", {"teamNumber": str(team.number), "teamName": team.name})
        for (r, b), key in sorted(team.boards.items()):
            ET.SubElement(el, "Board", {"roundNumber": str(r), "boardNumber": str(b), "player": key})
    section = ET.fromstring(kept) if kept else _default_section()
    general = section.find("TeamGeneralParameterSet")
    if general is None:
        general = ET.Element("TeamGeneralParameterSet")
        section.insert(0, general)
    general.set("teamSize", str(size))
    if criteria:
        _set_criteria(section, criteria)
    return [ET.tostring(root, encoding="unicode"), ET.tostring(section, encoding="unicode")]


def _default_section() -> ET.Element:
    section = ET.Element("TeamTournamentParameterSet")
    ET.SubElement(section, "TeamGeneralParameterSet")
    _set_criteria(section, TEAM_CRITERIA)
    return section


def _set_criteria(section: ET.Element, names: Sequence[str]) -> None:
    """The section's team placement criteria as OpenGotha writes them: six, NULL where none is chosen."""
    placement = section.find("TeamPlacementParameterSet")
    if placement is None:
        placement = ET.SubElement(section, "TeamPlacementParameterSet")
    for old in placement.findall("PlacementCriteria"):
        placement.remove(old)
    criteria = ET.SubElement(placement, "PlacementCriteria")
    padded = [*names, *["NULL"] * (MAX_CRITERIA - len(names))]
    for n, name in enumerate(padded, 1):
        ET.SubElement(criteria, "PlacementCriterion", {"name": name, "number": str(n)})
