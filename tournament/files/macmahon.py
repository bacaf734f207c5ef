"""Reading a tournament file of Christoph Gerlach's MacMahon program (version 3.9), as plain data.

:func:`read_macmahon` gives the one shape every importer writes
(:class:`~tournament.files.imported.ImportedTournament`); no models here:
:mod:`tournament.services.macmahon` has it written into the site. What the
file holds becomes:

- the tournament's settings: McMahon pairing, or Swiss when the Walllist
  starts with ``Points``; bar and floor; the Walllist criteria as the
  standings criteria; the handicap settings (threshold, correction, ceiling;
  by rank instead of McMahon score as a pairing parameter). The file has no
  dates (the site's writer takes today's).
- one discipline "Go" on 19×19 with komi 7.5 (the file has no komi), handicap
  as McMahon does it when the file uses handicap.
- players: preliminary or confirmed, the rounds they do not play, a super-bar
  member's extra point as McMahon correction.
- games with table, colours, handicap, result (set by the referee or not),
  by default, pinned when the pairing was forced; byes.

The format, as read here (after ``../shared/macmahon/sample-tournament.xml``
and pairgoth's importer, which was ported from OpenGothaCustom):

- The settings are the children of ``<Tournament typeversion="3.9">``
  (inside ``<TournamentData>``, or the root itself): ``Name``,
  ``NumberOfRounds``, ``CurrentRoundNumber`` (not needed: a round's state
  follows from its results), the McMahon bar and floor
  (``UpperMacMahonBar``/``...Level``, ``LowerMacMahonBar``/``...Level``),
  ``RatingDeterminesRank`` (then each player's rank is made from the rating,
  the EGD's way: GoR 2100 is 1d, 100 points a grade), and the handicap:
  ``HandicapUsed``, ``HandicapBelow``/``...Level`` (no handicap above that
  rank), ``HandicapAdjustment``/``...Value`` (added to the rank difference:
  ``-1`` gives one stone less), ``HandicapLimit``/``...Value`` (the most
  stones) and ``HandicapByLevel`` (from the ranks, not the McMahon scores).
- ``<Walllist>``: the placement criteria by ``<Criterion><ShortName>``:
  ``Points`` (wins), ``Score``/``ScoreX`` (McMahon score), ``SOS``,
  ``SOSOS``, ``SODOS``. When ``Points`` comes first the tournament is a
  Swiss one and the sums count wins; otherwise McMahon scores.
- Players: ``<Player>`` (``<IndividualParticipant>`` in older files) with
  ``Id``, ``PreliminaryRegistration``, ``SuperBarMember`` (one point more
  at the start), ``NotPlayingInRound`` (any number of them) and
  ``<GoPlayer>``: ``FirstName``, ``Surname``, ``Club``, ``Country``,
  ``GoLevel`` (or ``Rank``), ``Rating``, ``EgdPin``.
- Rounds: ``<Round>`` (``<TournamentRound>``) with ``RoundNumber`` and
  ``<Pairing>``s: ``BoardNumber``, ``PairingWithBye`` (the player is
  ``Black``; ``White`` is 0), ``White``, ``Black``, ``Handicap``,
  ``Result``, ``ResultByReferee``, ``ForcedPairing``.
- Results are written **Black first**, as MacMahon shows a pairing:
  ``1-0`` Black won, ``0-1`` White won, ``½-½`` (or ``1/2-1/2``, ``=``)
  jigo, ``0-0`` both lost, ``1-1`` both won, ``?-?`` or nothing: no result
  yet; a ``!`` after it: not played, by default.

Anything else -- an element not listed here, a value that is not what its
element holds, a player named twice or not at all -- is refused with a
message naming it (:class:`MacMahonFormatError`): nothing of a file is
left out silently. What the site's rules say of a player's data (an EGD PIN
of eight digits, at most once in the file; a country of two letters; the
lengths of names) the writer checks, for every file alike
(:mod:`tournament.services.file_import`). Every number is checked against the site's limits
(:mod:`tournament.limits`: rounds, tables, handicap, ratings, and how many
players, rounds and games one file may hold) before anything is written,
and the message names the element and the limit.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from decimal import Decimal

from django.utils.translation import gettext as _

from tournament import limits
from tournament.files.safe_xml import TooDeep, UnreadableXML, XmlSource, load_xml
from tournament.pairing.criteria import BY_NAME, MAX_CRITERIA
from tournament.pairing.model import Result
from tournament.ranks import parse_rank, rank_from_rating

from .imported import ImportedBye, ImportedGame, ImportedPlayer, ImportedTournament

__all__ = ["MacMahonFormatError", "read_macmahon", "rank_from_rating"]

#: The komi of an even game (the file has none).
KOMI = Decimal("7.5")
#: "No handicap above" when the file sets no such rank: 9d, i.e. none.
NO_THRESHOLD = 8


class MacMahonFormatError(ValueError):
    """The file cannot be read; ``messages`` lists every problem found."""

    def __init__(self, messages: list[str]):
        self.messages = list(messages)
        super().__init__("; ".join(self.messages))


SETTINGS = {
    "Name",
    "NumberOfRounds",
    "CurrentRoundNumber",
    "UpperMacMahonBar",
    "UpperMacMahonBarLevel",
    "LowerMacMahonBar",
    "LowerMacMahonBarLevel",
    "RatingDeterminesRank",
    "HandicapUsed",
    "HandicapBelow",
    "HandicapBelowLevel",
    "HandicapAdjustment",
    "HandicapAdjustmentValue",
    "HandicapLimit",
    "HandicapLimitValue",
    "HandicapByLevel",
}
PLAYER = {"Id", "PreliminaryRegistration", "SuperBarMember", "NotPlayingInRound", "GoPlayer"}
GO_PLAYER = {"FirstName", "Surname", "Club", "Country", "GoLevel", "Rank", "Rating", "EgdPin"}
PAIRING = {"BoardNumber", "PairingWithBye", "White", "Black", "Handicap", "Result", "ResultByReferee", "ForcedPairing"}
CONTAINERS = {"Playerlist", "Roundlist", "Walllist"}
PLAYER_TAGS = ("Player", "IndividualParticipant")
ROUND_TAGS = ("Round", "TournamentRound")

#: Walllist criteria by OpenGotha's names: (in a McMahon tournament, in a Swiss one).
WALLLIST = {
    "Points": ("NBW", "NBW"),
    "Score": ("MMS", "MMS"),
    "ScoreX": ("MMS", "MMS"),
    "SOS": ("SOSM", "SOSW"),
    "SOSOS": ("SOSOSM", "SOSOSW"),
    "SODOS": ("SODOSM", "SODOSW"),
}
#: Walllist criteria: (McMahon code, Swiss code), the site's codes of :data:`WALLLIST`.
CRITERIA = {name: (BY_NAME[mm].code, BY_NAME[swiss].code) for name, (mm, swiss) in WALLLIST.items()}

#: Results, Black first (see the module docstring).
RESULTS = {
    "1-0": Result.BLACK_WINS,
    "0-1": Result.WHITE_WINS,
    "½-½": Result.DRAW,
    "1/2-1/2": Result.DRAW,
    "=": Result.DRAW,
    "0-0": Result.BOTH_LOSE,
    "1-1": Result.BOTH_WIN,
    "?-?": Result.UNKNOWN,
    "?": Result.UNKNOWN,
    "": Result.UNKNOWN,
}


class _Reader:
    def __init__(self):
        self.problems: list[str] = []

    def fail(self, message: str):
        self.problems.append(message)

    @staticmethod
    def text(el: ET.Element | None, tag: str, default: str = "") -> str:
        if el is None:
            return default
        child = el.find(tag)
        if child is None or child.text is None:
            return default
        return child.text.strip()

    def flag(self, el, tag: str, default: bool, where: str) -> bool:
        value = self.text(el, tag, "")
        if value == "":
            return default
        if value.lower() in ("true", "false"):
            return value.lower() == "true"
        self.fail(
            _("%(where)s: <%(tag)s> must be true or false, not “%(value)s”.")
            % {"where": where, "tag": tag, "value": value}
        )
        return default

    def integer(self, el, tag: str, default: int | None, where: str, *, low: int, high: int) -> int | None:
        """The whole number in ``<tag>``, from ``low`` to ``high`` (else a problem naming both, and ``default``)."""
        return self.number(self.text(el, tag, ""), tag, default, where, low=low, high=high)

    def number(self, value: str, tag: str, default: int | None, where: str, *, low: int, high: int) -> int | None:
        if value == "":
            return default
        shown = value if len(value) <= 20 else value[:20] + "…"
        digits = value[1:] if value[:1] in "+-" else value
        if not (digits.isascii() and digits.isdigit()):
            self.fail(
                _("%(where)s: <%(tag)s> must be a whole number, not “%(value)s”.")
                % {"where": where, "tag": tag, "value": shown}
            )
            return default
        number = int(value) if len(digits) <= 20 else None
        if number is None or not low <= number <= high:
            self.fail(
                _("%(where)s: <%(tag)s> is %(value)s; it may be from %(low)s to %(high)s.")
                % {"where": where, "tag": tag, "value": shown, "low": low, "high": high}
            )
            return default
        return number

    @staticmethod
    def count(found: int, most: int, message: str) -> None:
        """Refuse a file with more players, rounds or games than one file may hold, before reading them."""
        if found > most:
            raise MacMahonFormatError([message % {"found": found, "most": most}])

    def rank(self, value: str, where: str, default: int | None = None) -> int | None:
        if value == "":
            return default
        try:
            return parse_rank(value)
        except ValueError:
            self.fail(_("%(where)s: “%(value)s” is not a rank from 30k to 9d.") % {"where": where, "value": value})
            return default

    def unknown(self, el: ET.Element, known: set[str], where: str) -> None:
        for child in el:
            if child.tag not in known:
                self.fail(_("%(where)s: the element <%(tag)s> cannot be read.") % {"where": where, "tag": child.tag})


def _parse(source: XmlSource) -> ET.Element:
    try:
        return load_xml(source)
    except UnreadableXML as e:
        if isinstance(e.error, TooDeep):
            message = _("The file's elements are nested more than %(most)s deep; a MacMahon file is not.")
            raise MacMahonFormatError([message % {"most": e.error.most}]) from None
        problems = {
            "unreadable": _("The file cannot be read: %(error)s"),
            "malformed": _("This is not well-formed XML: %(error)s"),
            "refused": _("The XML was refused: %(error)s"),
        }
        raise MacMahonFormatError([problems[e.problem] % {"error": e.error}]) from None


def read_macmahon(source: XmlSource) -> ImportedTournament:
    """Read a MacMahon 3.9 file (a path, bytes or text); raise :class:`MacMahonFormatError` with every problem."""
    root = _parse(source)
    r = _Reader()
    if root.tag == "TournamentData":
        settings = root.find("Tournament")
        containers = root
    elif root.tag == "Tournament":
        settings = root
        containers = root
    else:
        raise MacMahonFormatError(
            [
                _("The root element is <%(tag)s>; a MacMahon file has <TournamentData> or <Tournament>.")
                % {"tag": root.tag}
            ]
        )
    if settings is None or settings.get("typeversion") is None:
        raise MacMahonFormatError([_('No <Tournament typeversion="…"> element: this is no MacMahon 3.9 file.')])
    where = _("Tournament settings")
    if settings is root:
        r.unknown(root, SETTINGS | CONTAINERS | set(PLAYER_TAGS) | set(ROUND_TAGS), where)
    else:
        r.unknown(settings, SETTINGS, where)
        r.unknown(root, {"Tournament"} | CONTAINERS, _("The file"))
    name = r.text(settings, "Name")
    if not name:
        r.fail(_("The tournament has no <Name>."))
    rounds = r.integer(settings, "NumberOfRounds", 0, where, low=0, high=limits.FILE_ROUNDS) or 0
    bar = (
        r.rank(r.text(settings, "UpperMacMahonBarLevel"), where)
        if r.flag(settings, "UpperMacMahonBar", False, where)
        else None
    )
    floor = (
        r.rank(r.text(settings, "LowerMacMahonBarLevel"), where)
        if r.flag(settings, "LowerMacMahonBar", False, where)
        else None
    )
    rating_rank = r.flag(settings, "RatingDeterminesRank", False, where)
    handicap_used = r.flag(settings, "HandicapUsed", False, where)
    below = (
        r.rank(r.text(settings, "HandicapBelowLevel"), where)
        if r.flag(settings, "HandicapBelow", False, where)
        else None
    )
    adjustment = (
        (
            r.integer(settings, "HandicapAdjustmentValue", 0, where, low=-limits.MAX_HANDICAP, high=limits.MAX_HANDICAP)
            or 0
        )
        if r.flag(settings, "HandicapAdjustment", False, where)
        else 0
    )
    limit = (
        r.integer(settings, "HandicapLimitValue", limits.MAX_HANDICAP, where, low=0, high=limits.MAX_HANDICAP)
        if r.flag(settings, "HandicapLimit", False, where)
        else None
    )
    by_level = r.flag(settings, "HandicapByLevel", False, where)

    # the criteria
    names = []
    for walllist in containers.findall("Walllist"):
        for criterion in walllist:
            if criterion.tag != "Criterion":
                r.fail(_("Walllist: the element <%(tag)s> cannot be read.") % {"tag": criterion.tag})
                continue
            r.unknown(criterion, {"ShortName"}, _("Walllist"))
            names.append(r.text(criterion, "ShortName"))
    swiss = bool(names) and names[0] == "Points"
    criteria = []
    for n in names:
        if n not in CRITERIA:
            r.fail(
                _("Walllist: the criterion “%(name)s” is not known here (known: %(known)s).")
                % {"name": n, "known": ", ".join(CRITERIA)}
            )
            continue
        code = CRITERIA[n][1 if swiss else 0]
        if code not in criteria:
            criteria.append(code)
    if len(criteria) > MAX_CRITERIA:
        r.fail(_("Walllist: %(n)s criteria; the site ranks by at most six.") % {"n": len(criteria)})

    players = _players(r, containers, rating_rank)
    games, byes, last_round = _pairings(r, containers, {p.key for p in players})
    if r.problems:
        raise MacMahonFormatError(r.problems)
    settings = {
        "pairing_system": "swiss" if swiss else "mcmahon",
        "mcmahon_bar": bar,
        "mcmahon_floor": floor,
        "handicap_threshold": below if below is not None else NO_THRESHOLD,
        "handicap_correction": -adjustment,
        "handicap_ceiling": limit if limit is not None else limits.MAX_HANDICAP,
        "pairing_parameters": {"handicap": {"based_on_mms": False}} if by_level else {},
    }
    if criteria:
        settings["standings_criteria"] = criteria
    return ImportedTournament(
        name=name,
        rounds=max(rounds, last_round),
        players=tuple(players),
        games=tuple(games),
        byes=tuple(byes),
        board_size=19,
        komi=KOMI,
        handicap=handicap_used,
        settings=settings,
    )


def _elements(container: ET.Element, list_tag: str, tags: tuple[str, ...]) -> list[ET.Element]:
    found = [el for tag in tags for el in container.findall(tag)]
    for listing in container.findall(list_tag):
        found += [el for tag in tags for el in listing.findall(tag)]
    return found


def _players(r: _Reader, container: ET.Element, rating_rank: bool) -> list[ImportedPlayer]:
    for listing in container.findall("Playerlist"):
        r.unknown(listing, set(PLAYER_TAGS), "Playerlist")
    elements = _elements(container, "Playerlist", PLAYER_TAGS)
    r.count(
        len(elements), limits.FILE_PLAYERS, _("The file holds %(found)s players; a file may hold at most %(most)s.")
    )
    players, ids = [], set()
    for n, el in enumerate(elements, 1):
        pid = r.text(el, "Id")
        go = el.find("GoPlayer")
        surname, given = r.text(go, "Surname"), r.text(go, "FirstName")
        where = _("Player %(id)s (%(name)s)") % {"id": pid or n, "name": f"{given} {surname}".strip() or "?"}
        r.unknown(el, PLAYER, where)
        if go is None:
            r.fail(_("%(where)s: no <GoPlayer> element.") % {"where": where})
            continue
        r.unknown(go, GO_PLAYER, where)
        if not pid:
            r.fail(_("%(where)s: no <Id>.") % {"where": where})
        elif pid in ids:
            r.fail(_("%(where)s: the Id %(id)s is given twice.") % {"where": where, "id": pid})
        ids.add(pid)
        if not surname:
            r.fail(_("%(where)s: no <Surname>.") % {"where": where})
        rating_text = r.text(go, "Rating")
        if rating_text[:1] == "-" and rating_text[1:6].isascii() and rating_text[1:6].isdigit():
            if int(rating_text[:6]) < limits.MIN_RATING:
                rating_text = ""  # MacMahon's "no rating": below the lowest (-901, -9999...)
        rating = r.number(rating_text, "Rating", None, where, low=limits.MIN_RATING, high=limits.MAX_RATING)
        level = r.text(go, "GoLevel") or r.text(go, "Rank")
        rank = r.rank(level, where, default=-20)
        if not level:
            r.fail(_("%(where)s: no rank (<GoLevel>).") % {"where": where})
        if rating_rank and rating is not None:
            rank = rank_from_rating(rating)
        absent = []
        for round_el in el.findall("NotPlayingInRound"):
            number = r.number(
                (round_el.text or "").strip() or "?", "NotPlayingInRound", None, where, low=1, high=limits.FILE_ROUNDS
            )
            if number is not None:
                absent.append(number)
        players.append(
            ImportedPlayer(
                key=pid,
                number=pid,
                surname=surname,
                given_name=given,
                club=r.text(go, "Club"),
                country=r.text(go, "Country"),
                rank=rank if rank is not None else -20,
                rating=rating,
                egd_pin=r.text(go, "EgdPin"),
                preliminary=r.flag(el, "PreliminaryRegistration", False, where),
                mms_correction=1 if r.flag(el, "SuperBarMember", False, where) else 0,
                absent_rounds=tuple(sorted(set(absent))),
            )
        )
    return players


def _pairings(r: _Reader, container: ET.Element, ids: set[str]) -> tuple[list[ImportedGame], list[ImportedBye], int]:
    """The games and byes of every round, and the last round's number."""
    for listing in container.findall("Roundlist"):
        r.unknown(listing, set(ROUND_TAGS), "Roundlist")
    games: list[ImportedGame] = []
    byes: list[ImportedBye] = []
    last = 0
    elements = _elements(container, "Roundlist", ROUND_TAGS)
    r.count(len(elements), limits.FILE_ROUNDS, _("The file holds %(found)s rounds; a file may hold at most %(most)s."))
    r.count(
        sum(len(el.findall("Pairing")) for el in elements),
        limits.FILE_GAMES,
        _("The file holds %(found)s pairings; a file may hold at most %(most)s."),
    )
    for round_el in elements:
        if r.text(round_el, "RoundNumber") == "":
            r.fail(_("A round without a valid <RoundNumber>."))
            continue
        number = r.integer(round_el, "RoundNumber", None, _("Round"), low=1, high=limits.FILE_ROUNDS)
        if number is None:
            continue
        last = max(last, number)
        r.unknown(round_el, {"RoundNumber", "Pairing"}, _("Round %(n)s") % {"n": number})
        busy: set[str] = set()
        for n, el in enumerate(round_el.findall("Pairing"), 1):
            where = _("Round %(round)s, pairing %(n)s") % {"round": number, "n": n}
            r.unknown(el, PAIRING, where)
            bye = r.flag(el, "PairingWithBye", False, where)
            black, white = r.text(el, "Black"), r.text(el, "White")
            if bye and black in ("", "0") and white not in ("", "0"):
                black, white = white, black
            white_id = None if bye else white
            for pid in [black] + ([white_id] if white_id is not None else []):
                if pid not in ids:
                    r.fail(_("%(where)s: there is no player with the Id “%(id)s”.") % {"where": where, "id": pid})
                elif pid in busy:
                    r.fail(_("%(where)s: player %(id)s is paired twice in this round.") % {"where": where, "id": pid})
                busy.add(pid)
            raw = r.text(el, "Result")
            by_default = raw.endswith("!")
            result = RESULTS.get(raw.rstrip("!").strip())
            if result is None:
                r.fail(_("%(where)s: the result “%(value)s” cannot be read.") % {"where": where, "value": raw})
                result = Result.UNKNOWN
            handicap = r.integer(el, "Handicap", 0, where, low=0, high=limits.MAX_HANDICAP) or 0
            table = r.integer(el, "BoardNumber", 0, where, low=0, high=limits.MAX_TABLE) or 0
            by_referee = r.flag(el, "ResultByReferee", False, where)
            forced = r.flag(el, "ForcedPairing", False, where)
            if white_id is None:
                byes.append(ImportedBye(round=number, player=black))
                continue
            games.append(
                ImportedGame(
                    round=number,
                    table=table,
                    black=black,
                    white=white_id,
                    handicap=handicap,
                    result=result,
                    by_default=by_default,
                    by_referee=by_referee,
                    pinned=forced,
                )
            )
    return games, byes, last
