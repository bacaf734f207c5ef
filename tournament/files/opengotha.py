"""Read and write OpenGotha tournament files (XML) as plain data.

``read_tournament(path_or_bytes)`` returns a :class:`~tournament.pairing.model.Tournament`
(what the pairing and ``pair_opengotha`` take); ``write_tournament(tournament)``
returns the XML text.  Attributes this package does not interpret (licences,
time system, display settings...) are kept in ``Tournament.extra`` so that a
read/write round trip loses nothing.  :func:`imported` gives what was read in
the shape every importer writes (:mod:`.imported`).  No Django here:
``manage.py pair_opengotha`` reads files without starting the site.
"""

from __future__ import annotations

import datetime as dt
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from decimal import Decimal

from tournament import limits
from tournament.files.opengotha_version import version_of
from tournament.names import spoken_name
from tournament.pairing import categories
from tournament.pairing.criteria import canonical
from tournament.pairing.model import (
    Bye,
    DUDDMode,
    FileExtra,
    Game,
    GeneralParams,
    HandicapParams,
    PairingParams,
    Parameters,
    Player,
    Result,
    SeedSystem,
    Tournament,
    player_key,
)
from tournament.pairing.params_json import JSONValue, to_json
from tournament.ranks import format_rank

from .egd_time import opengotha_time, time_control_text
from .imported import ImportedBye, ImportedGame, ImportedPlayer, ImportedTournament
from .safe_xml import TooDeep, UnreadableXML, XmlSource, load_xml


class OpenGothaFormatError(ValueError):
    """The file is not a readable OpenGotha tournament.

    The text says why in English; ``code`` and ``params`` say it for the site's
    messages in the reader's language: ``range`` (``what``, ``value``, ``low``,
    ``high``: a number beyond what the site takes), ``deep`` (``most``: elements
    nested deeper than that), ``format`` (anything else; the text only).
    """

    def __init__(self, message: str, *, code: str = "format", params: dict[str, object] | None = None):
        super().__init__(message)
        self.code = code
        self.params = params or {}


def _out_of_range(what: str, text: str, low: object, high: object) -> OpenGothaFormatError:
    shown = text if len(text) <= 20 else text[:20] + "…"
    return OpenGothaFormatError(
        f"{what}: {shown} is outside {low}..{high}",
        code="range",
        params={"what": what, "value": shown, "low": low, "high": high},
    )


_RESULTS = {
    "RESULT_UNKNOWN": Result.UNKNOWN,
    "RESULT_WHITEWINS": Result.WHITE_WINS,
    "RESULT_BLACKWINS": Result.BLACK_WINS,
    "RESULT_EQUAL": Result.DRAW,
    "RESULT_BOTHLOSE": Result.BOTH_LOSE,
    "RESULT_BOTHWIN": Result.BOTH_WIN,
}
_RESULT_NAMES = {v: k for k, v in _RESULTS.items()}
#: Other spellings files carry: pairgoth's export (which writes files as "3.52.03") spells both-lose so.
_RESULT_ALIASES = {"RESULT_BOTHLOOSE": "RESULT_BOTHLOSE"}


def _bool(v: str | None, default: bool) -> bool:
    if v is None:
        return default
    return v.strip().lower() == "true"


def _float(v: str | None, default: float, what: str, *, low: float | None = None, high: float | None = None) -> float:
    if v is None or v == "":
        return default
    try:
        value = float(v)
    except ValueError:
        raise OpenGothaFormatError(f"{what}: expected a number, got {v[:20]!r}") from None
    if value != value:
        raise OpenGothaFormatError(f"{what}: expected a number, got {v[:20]!r}")
    if low is not None and high is not None and not low <= value <= high:
        raise _out_of_range(what, v.strip(), low, high)
    if value in (float("inf"), float("-inf")):
        raise OpenGothaFormatError(f"{what}: expected a number, got {v[:20]!r}")
    return value


#: OpenGotha's own limits (``Gotha.MAX_NUMBER_OF_ROUNDS``, ``MAX_NUMBER_OF_TABLES``, ``MAX_NUMBER_OF_PLAYERS``):
#: a file beyond them was not written by OpenGotha, and reading it must not cost more than a real tournament
#: does. Each is within the site's own (:mod:`tournament.limits`), which bound komi and ratings here too.
MAX_ROUNDS = 20
MAX_TABLES = 1000
MAX_PLAYERS = 2000
assert MAX_ROUNDS <= limits.FILE_ROUNDS and MAX_TABLES <= limits.MAX_TABLE and MAX_PLAYERS <= limits.FILE_PLAYERS
assert MAX_ROUNDS * MAX_TABLES <= limits.FILE_GAMES
#: ``pair_opengotha`` pairs larger fields than OpenGotha holds (congresses of 4,700 players and more are
#: played in Asia): the director's own file on the command line, never an upload.
COMMAND_PLAYERS = 10_000
#: Every other number is a Java ``int`` or ``long`` (the pairing weights) in OpenGotha.
JAVA_LONG = 2**63 - 1
JAVA_INT = 2**31 - 1
#: A rating as OpenGotha reads it (``Player.MIN_RATING``, ``MAX_RATING``): its reader puts any rating beyond
#: them on the nearer (real files carry -7800 and -1050: the EGD's GoR of 30k is -900); the site's range holds
#: it. One beyond a Java ``int`` stops OpenGotha's reader, and is refused.
MIN_RATING = -900
MAX_RATING = 2949
assert limits.MIN_RATING <= MIN_RATING < MAX_RATING <= limits.MAX_RATING


def _int(v: str | None, default: int, what: str, *, low: int = -JAVA_LONG - 1, high: int = JAVA_LONG) -> int:
    if v is None or v == "":
        return default
    text = v.strip()
    if len(text) > 20:
        raise _out_of_range(what, text, low, high)
    try:
        value = int(text)
    except ValueError:
        raise OpenGothaFormatError(f"{what}: expected an integer, got {v!r}") from None
    if not low <= value <= high:
        raise _out_of_range(what, text, low, high)
    return value


_RANK_TEXT = re.compile(r"^\s*(\d+)\s*([kKdDpP]?)\s*$")


def opengotha_rank(text: str) -> int:
    """A rank as OpenGotha reads it (``Player.convertKDPToInt``).

    ``5K``, ``1D``; a bare number is kyu; a professional rank counts as 7d
    (1-3p), 8d (4-6p) or 9d; anything beyond 30k or 9d is clamped to them
    (``99K`` is 30k). Raises ValueError for text that is no rank at all,
    where OpenGotha would silently give -99.
    """
    m = _RANK_TEXT.match(text or "")
    if not m:
        raise ValueError(f"invalid rank {text!r}: expected 30K..1K or 1D..9D")
    n, kind = int(m.group(1)), (m.group(2) or "k").lower()
    if kind == "d":
        rank = n - 1
    elif kind == "p":
        rank = 6 if n <= 3 else 7 if n <= 6 else 8
    else:
        rank = -n
    return max(-30, min(8, rank))


def opengotha_rating(rating: int) -> int:
    """A rating as OpenGotha's reader takes it (``importPlayersFromXMLFile``): beyond
    :data:`MIN_RATING`..:data:`MAX_RATING` put on the nearer; the file's text is kept for writing it back."""
    return max(MIN_RATING, min(MAX_RATING, rating))


def _rank(v: str | None, default: int, what: str) -> int:
    if v is None or v == "":
        return default
    try:
        return opengotha_rank(v)
    except ValueError as e:
        raise OpenGothaFormatError(f"{what}: {e}") from None


def _criterion(v: str | None) -> str:
    try:
        return canonical(v or "NULL")
    except ValueError:
        raise OpenGothaFormatError(f"unknown placement criterion {v!r}") from None


# Latin-1 capitals folded to ASCII: OpenGotha's obsolete canonical names fold these only; its
# Gotha.forceToASCII (then upper case: how it finds players by keys written by other versions)
# these and the letters after them
_LATIN1_CAPITALS = [
    ("ÀÁÂÃÄÅ", "A"),
    ("Ç", "C"),
    ("ÈÉÊË", "E"),
    ("ÌÍÎÏ", "I"),
    ("Ñ", "N"),
    ("ÒÓÔÕÖØ", "O"),
    ("ÙÚÛÜ", "U"),
    ("Ý", "Y"),
]
_FORCE_ASCII = _LATIN1_CAPITALS + [
    ("àáâãäå", "a"),
    ("ç", "c"),
    ("èéêë", "e"),
    ("ìíîï", "i"),
    ("ñ", "n"),
    ("òóôõöø", "o"),
    ("ùúûü", "u"),
    ("ý", "y"),
    ("ı", "i"),
    ("ğ", "g"),
    ("ş", "s"),
    ("Ğ", "G"),
    ("Ş", "S"),
    ("İ", "I"),
]
_FORCE_TABLE = {ord(ch): to for chars, to in _FORCE_ASCII for ch in chars}
_CANONICAL_TABLE = {ord(ch): to for chars, to in _LATIN1_CAPITALS for ch in chars}


def force_to_ascii(text: str) -> str:
    text = text.translate(_FORCE_TABLE)
    return "".join(ch if ord(ch) < 128 else "?" for ch in text)


def obsolete_canonical_name(name: str, first_name: str) -> str:
    """OpenGotha's ``getPlayerByObsoleteCanonicalName`` key: upper case, accents of
    Latin-1 folded, everything but A-Z dropped."""
    s = (name.upper() + first_name.upper()).replace(" ", "").translate(_CANONICAL_TABLE)
    return re.sub("[^A-Z]", "", s)


def loose_key(text: str) -> str:
    """A key folded to ASCII letters and digits (Yılmaz, YILMAZ, İ and I alike)."""
    import unicodedata

    text = text.replace("ı", "i").replace("ß", "ss").replace("ø", "o").replace("Ø", "O")
    text = unicodedata.normalize("NFKD", text)
    return re.sub("[^A-Z0-9]", "", "".join(ch for ch in text if not unicodedata.combining(ch)).upper())


def turkish_key(name: str, first_name: str) -> str:
    """The key OpenGotha writes on a computer set to Turkish: Java's ``toUpperCase`` there makes
    ``i`` the dotted ``İ`` (and the dotless ``ı`` an ``I``)."""
    return (name + first_name).replace(" ", "").replace("i", "İ").replace("ı", "I").upper()


#: How a game's or a bye's key found its player, where it is not the player's own key: by OpenGotha's
#: fallback (it finds the player too), or beyond it (OpenGotha 3.51.02 drops the game or bye).
FOUND_BY_OPENGOTHA = "opengotha"
FOUND_BEYOND = "beyond"


class _Keys:
    """Finds the player a game or a bye names, as OpenGotha does: the key with
    spaces removed in upper case; else the key forced to ASCII against each
    player's ASCII-folded name. Beyond OpenGotha (which drops the game then):
    both folded to ASCII letters, when that names exactly one player.
    :attr:`found` keeps every key found otherwise than as the player's own, for the import's notes."""

    def __init__(self, players: Iterable[Player]):
        self.exact = {p.key: p.key for p in players}
        self.folded: dict[str, str] = {}
        self.loose: dict[str, list[str]] = {}
        for p in players:
            self.folded.setdefault(obsolete_canonical_name(p.name, p.first_name), p.key)
            self.loose.setdefault(loose_key(p.name + p.first_name), []).append(p.key)
        #: the file's key -> (the player's key, FOUND_BY_OPENGOTHA or FOUND_BEYOND)
        self.found: dict[str, tuple[str, str]] = {}
        #: the games and the byes naming a player by a key found beyond OpenGotha (which drops them)
        self.dropped = [0, 0]

    def find(self, text: str) -> str | None:
        key = self.exact.get(text.replace(" ", "").upper())
        if key is not None:
            return key
        key = self.folded.get(force_to_ascii(text).upper())
        how = FOUND_BY_OPENGOTHA
        if key is None:
            candidates = self.loose.get(loose_key(text), [])
            key = candidates[0] if len(candidates) == 1 else None
            how = FOUND_BEYOND
        if key is not None:
            self.found[text] = (key, how)
        return key

    def count(self, texts: Iterable[str], *, bye: bool) -> None:
        """Count a game (or a bye) that names its players by ``texts`` if OpenGotha drops it."""
        if any(self.found.get(text, ("", ""))[1] == FOUND_BEYOND for text in texts):
            self.dropped[bye] += 1


_XML_PROBLEMS = {
    "unreadable": "cannot read {source}: {error}",
    "malformed": "not well-formed XML: {error}",
    "refused": "refused XML: {error}",
    "deep": "{error}",
}


def read_tournament(source: XmlSource, *, most_players: int = MAX_PLAYERS) -> Tournament:
    """Parse an OpenGotha file: a path, bytes or str; of at most ``most_players`` players
    (OpenGotha's limit; ``pair_opengotha`` reads up to :data:`COMMAND_PLAYERS`), on as many
    tables as half of them need.

    Section by section, as the file has them: the parameters
    (:func:`_parameters`), the players (:func:`_players`), the games
    (:func:`_games`) and the byes (:func:`_byes`) naming them, and what the
    site keeps for writing the file back (:func:`_extra`).
    """
    root = _root(source)
    tps = root.find("TournamentParameterSet")
    if tps is None:
        raise OpenGothaFormatError("no <TournamentParameterSet> element")
    gps_el = tps.find("GeneralParameterSet")
    if gps_el is None:
        raise OpenGothaFormatError("no <GeneralParameterSet> element")
    params = _parameters(tps, gps_el)
    players, raw_players = _players(root, most_players)
    finder = _Keys(players)
    games = _games(root, finder, max(MAX_TABLES, most_players // 2))
    byes = _byes(root, finder)
    _check_rounds(games, byes, {p.key for p in players})
    extra = _extra(root, tps, raw_players)
    if finder.found:
        extra["found_keys"] = [[text, key, how] for text, (key, how) in finder.found.items()]
        extra["dropped_by_opengotha"] = list(finder.dropped)
    return Tournament(
        players=tuple(players),
        games=tuple(games),
        byes=tuple(byes),
        params=params,
        name=gps_el.get("name", ""),
        short_name=gps_el.get("shortName", ""),
        extra=extra,
    )


def _root(source: XmlSource) -> ET.Element:
    """The file's ``<Tournament>`` element, parsed safely (:func:`~.safe_xml.load_xml`)."""
    try:
        root = load_xml(source)
    except UnreadableXML as e:
        text = _XML_PROBLEMS[e.problem].format(source=str(source)[:100], error=e.error)
        if isinstance(e.error, TooDeep):
            raise OpenGothaFormatError(text, code="deep", params={"most": e.error.most}) from None
        raise OpenGothaFormatError(text) from None
    if root.tag != "Tournament":
        raise OpenGothaFormatError(f"root element is <{root.tag}>, expected <Tournament>")
    return root


def _parameters(tps: ET.Element, gps_el: ET.Element) -> Parameters:
    """``<TournamentParameterSet>``: the general, handicap, pairing and placement parameters, in this order."""
    general = _general(gps_el)
    handicap = _handicap(tps.find("HandicapParameterSet"))
    pairing = _pairing(tps.find("PairingParameterSet"))
    placement = []
    pl = tps.find("PlacementParameterSet")
    if pl is not None:
        for c in pl.iter("PlacementCriterion"):
            name = _criterion(c.get("name"))
            if name != "NULL":
                placement.append(name)
    return Parameters(
        general=general, handicap=handicap, pairing=pairing, placement=tuple(placement) or ("MMS", "SOSM", "SOSOSM")
    )


def _general(gps_el: ET.Element) -> GeneralParams:
    """``<GeneralParameterSet>``: rounds, McMahon bar and floor, bye and absence values, categories, komi, size.

    What the file leaves out is read with the defaults of OpenGotha's reader
    (``ExternalDocument``), not those of a new tournament: McMahon bar 4d, floor
    20k, zero 30k, every value of a bye and an absence 0 (NBW and MMS alike),
    rounding down, not-played games not as half points.
    """
    g = gps_el.attrib
    nrounds = _int(g.get("numberOfRounds"), 5, "numberOfRounds", low=1, high=MAX_ROUNDS)
    ncat = _int(g.get("numberOfCategories"), 1, "numberOfCategories", low=1, high=categories.MAX_LIMITS + 1)
    cat_limits = _category_limits(gps_el, ncat)
    return GeneralParams(
        number_of_rounds=nrounds,
        mm_floor=_rank(g.get("genMMFloor"), -20, "genMMFloor"),
        mm_bar=_rank(g.get("genMMBar"), 3, "genMMBar"),
        mm_zero=_rank(g.get("genMMZero"), -30, "genMMZero"),
        mms2_absent=_int(g.get("genMMS2ValueAbsent"), 0, "genMMS2ValueAbsent"),
        mms2_bye=_int(g.get("genMMS2ValueBye"), 0, "genMMS2ValueBye"),
        nbw2_absent=_int(g.get("genNBW2ValueAbsent"), 0, "genNBW2ValueAbsent"),
        nbw2_bye=_int(g.get("genNBW2ValueBye"), 0, "genNBW2ValueBye"),
        round_down_nbw_mms=_bool(g.get("genRoundDownNBWMMS"), True),
        count_not_played_as_half=_bool(g.get("genCountNotPlayedGamesAsHalfPoint"), False),
        number_of_categories=ncat,
        lower_category_limits=tuple(cat_limits),
        komi=_float(g.get("komi"), 7.5, "komi", low=float(limits.MIN_KOMI), high=float(limits.MAX_KOMI)),
        size=_int(g.get("size"), 19, "size", low=2, high=52),
    )


def _category_limits(gps_el: ET.Element, ncat: int) -> tuple[int, ...]:
    """``<Categories><Category number="1" lowerLimit="1D"/>...``: one lower limit for each category but
    the last, by its number (1 the strongest), as OpenGotha reads them; strictly descending."""
    found: dict[int, int] = {}
    cats = gps_el.find("Categories")
    for c in cats.findall("Category") if cats is not None else ():
        n = _int(c.get("number"), len(found) + 1, "Category number", low=1, high=categories.MAX_LIMITS)
        if n in found:
            raise OpenGothaFormatError(f"category {n} is given twice")
        found[n] = _rank(c.get("lowerLimit"), -30, "Category lowerLimit")
    if ncat <= 1 and not found:
        return ()
    if sorted(found) != list(range(1, ncat)):
        raise OpenGothaFormatError(
            f"numberOfCategories is {ncat}, so categories 1 to {ncat - 1} need their lower limit; "
            f"the file gives {', '.join(map(str, sorted(found))) or 'none'}"
        )
    try:
        return categories.check([found[n] for n in range(1, ncat)])
    except categories.LimitsError:
        raise OpenGothaFormatError(
            "the categories' lower limits must go from strong to weak, between 30K and 9D"
        ) from None


def _handicap(h_el: ET.Element | None) -> HandicapParams:
    """``<HandicapParameterSet>`` (OpenGotha's defaults without one)."""
    h = h_el.attrib if h_el is not None else {}
    return HandicapParams(
        based_on_mms=_bool(h.get("hdBasedOnMMS"), True),
        no_handicap_threshold=_rank(h.get("hdNoHdRankThreshold"), 0, "hdNoHdRankThreshold"),
        correction=_int(h.get("hdCorrection"), 1, "hdCorrection", low=-limits.MAX_HANDICAP, high=limits.MAX_HANDICAP),
        ceiling=_int(h.get("hdCeiling"), 9, "hdCeiling", low=0, high=limits.MAX_HANDICAP),
    )


def _seed(v: str | None, default: SeedSystem) -> SeedSystem:
    try:
        return SeedSystem(v) if v else default
    except ValueError:
        raise OpenGothaFormatError(f"unknown seed system {v!r}") from None


def _dudd(v: str | None, default: DUDDMode) -> DUDDMode:
    try:
        return DUDDMode(v) if v else default
    except ValueError:
        raise OpenGothaFormatError(f"unknown draw-up/down mode {v!r}") from None


def _pairing(p_el: ET.Element | None) -> PairingParams:
    """``<PairingParameterSet>``: the weights and modes of the pairing's costs.

    Where the file says nothing OpenGotha's reader has defaults of its own,
    not those of a new tournament: colour balance 1000, seed system 1 up to
    round 2, rank threshold 4d (ExternalDocument.importTournamentParameterSetFromXMLFile).
    """
    p = p_el.attrib if p_el is not None else {}
    d = PairingParams()
    return PairingParams(
        avoid_duplicate=_int(p.get("paiBaAvoidDuplGame"), d.avoid_duplicate, "paiBaAvoidDuplGame"),
        random=_int(p.get("paiBaRandom"), d.random, "paiBaRandom"),
        deterministic=_bool(p.get("paiBaDeterministic"), True),
        balance_wb=_int(p.get("paiBaBalanceWB"), 1000, "paiBaBalanceWB"),
        avoid_mixing_categories=_int(
            p.get("paiMaAvoidMixingCategories"), d.avoid_mixing_categories, "paiMaAvoidMixingCategories"
        ),
        minimize_score_difference=_int(
            p.get("paiMaMinimizeScoreDifference"), d.minimize_score_difference, "paiMaMinimizeScoreDifference"
        ),
        dudd_weight=_int(p.get("paiMaDUDDWeight"), d.dudd_weight, "paiMaDUDDWeight"),
        compensate_dudd=_bool(p.get("paiMaCompensateDUDD"), True),
        dudd_upper_mode=_dudd(p.get("paiMaDUDDUpperMode"), d.dudd_upper_mode),
        dudd_lower_mode=_dudd(p.get("paiMaDUDDLowerMode"), d.dudd_lower_mode),
        maximize_seeding=_int(p.get("paiMaMaximizeSeeding"), d.maximize_seeding, "paiMaMaximizeSeeding"),
        last_round_for_seed_system1=_int(p.get("paiMaLastRoundForSeedSystem1"), 2, "paiMaLastRoundForSeedSystem1"),
        seed_system1=_seed(p.get("paiMaSeedSystem1"), d.seed_system1),
        seed_system2=_seed(p.get("paiMaSeedSystem2"), d.seed_system2),
        additional_criterion1=_criterion(p.get("paiMaAdditionalPlacementCritSystem1", "RATING")),
        additional_criterion2=_criterion(p.get("paiMaAdditionalPlacementCritSystem2", "NULL")),
        minimize_handicap=_int(p.get("paiSeMinimizeHandicap"), d.minimize_handicap, "paiSeMinimizeHandicap"),
        avoid_same_geo=_int(p.get("paiSeAvoidSameGeo"), d.avoid_same_geo, "paiSeAvoidSameGeo"),
        prefer_mms_diff_rather_than_same_country=_int(
            p.get("paiSePreferMMSDiffRatherThanSameCountry"), 1, "paiSePreferMMSDiffRatherThanSameCountry"
        ),
        prefer_mms_diff_rather_than_same_club=_int(
            p.get("paiSePreferMMSDiffRatherThanSameClub"), 3, "paiSePreferMMSDiffRatherThanSameClub"
        ),
        prefer_mms_diff_rather_than_same_clubs_group=_int(
            p.get("paiSePreferMMSDiffRatherThanSameClubsGroup"), 2, "paiSePreferMMSDiffRatherThanSameClubsGroup"
        ),
        bar_threshold_active=_bool(p.get("paiSeBarThresholdActive"), True),
        nbw_threshold_active=_bool(p.get("paiSeNbWinsThresholdActive"), True),
        rank_threshold=_rank(p.get("paiSeRankThreshold"), 3, "paiSeRankThreshold"),
        nx1_factor=_float(p.get("paiStandardNX1Factor"), 0.5, "paiStandardNX1Factor"),
        def_sec_crit=_int(p.get("paiSeDefSecCrit"), d.def_sec_crit, "paiSeDefSecCrit"),
    )


def _players(root: ET.Element, most: int = MAX_PLAYERS) -> tuple[list[Player], dict[str, dict[str, str]]]:
    """``<Players>``: each player, and each one's attributes as the file writes them (by key)."""
    players = []
    raw_players = {}
    pls = root.find("Players")
    if pls is not None and len(pls) > most:
        holds = "OpenGotha holds" if most == MAX_PLAYERS else "pair_opengotha reads"
        raise OpenGothaFormatError(f"{len(pls)} players: {holds} at most {most}")
    for el in pls.findall("Player") if pls is not None else []:
        player = _player(el.attrib)
        players.append(player)
        raw_players[player.key] = dict(el.attrib)
    if len({pl.key for pl in players}) != len(players):
        raise OpenGothaFormatError("two players have the same key (name + first name)")
    return players, raw_players


def _player(a: dict[str, str]) -> Player:
    """One ``<Player>`` element's attributes."""
    name, first = a.get("name", ""), a.get("firstName", "")
    if not name:
        raise OpenGothaFormatError("a <Player> has no name")
    key = player_key(name, first)
    part = a.get("participating", "")
    if part and set(part) - {"0", "1"}:
        raise OpenGothaFormatError(f"player {key}: participating must be 0s and 1s, got {part[:40]!r}")
    if len(part) > MAX_ROUNDS:
        raise _out_of_range(f"player {key} participating", f"{len(part)} rounds", 0, MAX_ROUNDS)
    return Player(
        key=key,
        name=name,
        first_name=first,
        rank=_rank(a.get("rank"), -30, f"player {key} rank"),
        club=a.get("club", ""),
        country=a.get("country", ""),
        rating=opengotha_rating(_int(a.get("rating"), 0, f"player {key} rating", low=-JAVA_INT - 1, high=JAVA_INT)),
        mms_correction=_int(
            a.get("smmsCorrection"),
            0,
            f"player {key} smmsCorrection",
            low=-limits.MAX_MMS_CORRECTION,
            high=limits.MAX_MMS_CORRECTION,
        ),
        participation=tuple(ch == "1" for ch in part),
        final=a.get("registeringStatus", "FIN") == "FIN",
    )


def _games(root: ET.Element, finder: _Keys, most_tables: int = MAX_TABLES) -> list[Game]:
    """``<Games>``: each game, its players found by the keys the file names them by."""
    games = []
    gms = root.find("Games")
    for el in gms.findall("Game") if gms is not None else []:
        a = el.attrib
        named = a.get("whitePlayer", ""), a.get("blackPlayer", "")
        w, b = (finder.find(k) for k in named)
        if w is None or b is None:
            unknown = named[0] if w is None else named[1]
            raise OpenGothaFormatError(
                f"a game of round {a.get('roundNumber', '1')} names an unknown player {unknown!r}"
            )
        finder.count(named, bye=False)
        res = a.get("result", "RESULT_UNKNOWN")
        by_def = res.endswith("_BYDEF")
        base = res[: -len("_BYDEF")] if by_def else res
        base = _RESULT_ALIASES.get(base, base)
        if base not in _RESULTS:
            raise OpenGothaFormatError(f"unknown game result {res!r}")
        games.append(
            Game(
                round=_int(a.get("roundNumber"), 1, "game roundNumber", low=1, high=MAX_ROUNDS),
                white=w,
                black=b,
                handicap=_int(a.get("handicap"), 0, "game handicap", low=0, high=limits.MAX_HANDICAP),
                result=_RESULTS[base],
                by_default=by_def,
                known_color=_bool(a.get("knownColor"), True),
                table=_int(a.get("tableNumber"), 0, "game tableNumber", low=0, high=most_tables),
            )
        )
    return games


def _byes(root: ET.Element, finder: _Keys) -> list[Bye]:
    """The byes: OpenGotha 3.51 writes ``<ByePlayers><ByePlayer .../></ByePlayers>``, 3.52
    ``<ByePlayer><ByePlayer .../></ByePlayer>``: every element with a player counts, in the file's order.
    A round may have several (pairgoth writes one for each player who comes late): all are kept, where
    OpenGotha keeps the last of the round (:func:`notes` says so)."""
    byes: list[Bye] = []
    for el in root.iter("ByePlayer"):
        if "player" not in el.attrib:
            continue
        bye_player = el.get("player", "")
        k = finder.find(bye_player)
        number = _int(el.get("roundNumber"), 1, "bye roundNumber", low=1, high=MAX_ROUNDS)
        if k is None:
            raise OpenGothaFormatError(f"the bye of round {number} names an unknown player {bye_player!r}")
        finder.count([bye_player], bye=True)
        byes.append(Bye(round=number, player=k))
    return byes


def attribute_pairs(attributes: Mapping[str, str] | Iterable[Sequence[str]]) -> list[list[str]]:
    """An element's attributes as :class:`FileExtra` keeps them: ``[name, value]`` pairs in their order
    (from a dict, as it was kept before, or pairs)."""
    items = attributes.items() if isinstance(attributes, dict) else attributes
    return [[str(name), str(value)] for name, value in items]


def _extra(root: ET.Element, tps: ET.Element, raw_players: dict[str, dict[str, str]]) -> FileExtra:
    """What the site keeps to write the file back whole: the root's and each player's attributes, the
    parameter set, and every other element as the file has it."""
    return {
        "root_attrib": attribute_pairs(root.attrib),
        "players": {key: attribute_pairs(attributes) for key, attributes in raw_players.items()},
        "parameter_set": ET.tostring(tps, encoding="unicode"),
        "others": [
            ET.tostring(el, encoding="unicode")
            for el in root
            if el.tag not in ("Players", "Games", "ByePlayers", "ByePlayer", "TournamentParameterSet")
        ],
    }


def _check_rounds(games: Sequence[Game], byes: Sequence[Bye], keys: set[str]) -> None:
    """Refuse what OpenGotha could not hold: a player twice in one round (two games, a game and a bye, two
    byes), rounds out of range."""
    seen: dict[tuple[int, str], str] = {}
    for g in games:
        if not 1 <= g.round <= MAX_ROUNDS:
            raise OpenGothaFormatError(f"a game has round number {g.round}; OpenGotha has rounds 1 to {MAX_ROUNDS}")
        if g.white == g.black:
            raise OpenGothaFormatError(f"round {g.round}: {g.white} plays against themselves")
        for k in (g.white, g.black):
            if (g.round, k) in seen:
                raise OpenGothaFormatError(f"round {g.round}: {k} has two games")
            seen[(g.round, k)] = "game"
    for b in byes:
        if not 1 <= b.round <= MAX_ROUNDS:
            raise OpenGothaFormatError(f"a bye has round number {b.round}; OpenGotha has rounds 1 to {MAX_ROUNDS}")
        if (b.round, b.player) in seen:
            raise OpenGothaFormatError(f"round {b.round}: {b.player} has a {seen[(b.round, b.player)]} and a bye")
        seen[(b.round, b.player)] = "bye"


def _fmt_bool(v: bool) -> str:
    return "true" if v else "false"


#: The root's attributes of a file the site writes for a tournament not read from one: the data version
#: OpenGotha 3.51 and 3.52 write (without it they read the file as an old one).
DEFAULT_ROOT = (("dataVersion", "201"),)


def write_tournament(t: Tournament) -> str:
    """Serialise a tournament as OpenGotha XML text."""
    extra = t.extra or {}
    root = ET.Element("Tournament", dict(extra.get("root_attrib", DEFAULT_ROOT)))
    # OpenGotha 3.51.02 saves no dataVersion and reads a file without one as an old one (every rating
    # moved by 2050, games of keys with other characters than letters dropped): the file says it is current
    root.attrib.setdefault("dataVersion", "201")
    pls = ET.SubElement(root, "Players")
    nrounds = t.params.general.number_of_rounds
    for p in t.players:
        a = dict(extra.get("players", {}).get(p.key, ()))
        part = "".join(
            "0" if r <= len(p.participation) and not p.participation[r - 1] else "1"
            for r in range(1, max(nrounds, len(p.participation)) + 1)
        )
        # the file's own rank text where it still means the same rank (99K, 2P), and its rating where
        # OpenGotha still reads the same (-7800 as -900)
        raw_rank = a.get("rank", "")
        try:
            keep = opengotha_rank(raw_rank) == p.rank
        except ValueError:
            keep = False
        raw_rating = a.get("rating", "")
        try:
            keep_rating = opengotha_rating(int(raw_rating)) == p.rating
        except ValueError:
            keep_rating = False
        a.update(
            {
                "name": p.name,
                "firstName": p.first_name,
                "rank": raw_rank if keep else format_rank(p.rank).upper(),
                "club": p.club,
                "country": p.country,
                "rating": raw_rating if keep_rating else str(p.rating),
                "smmsCorrection": str(p.mms_correction),
                "participating": part,
                "registeringStatus": "FIN" if p.final else a.get("registeringStatus", "PRE"),
            }
        )
        a.setdefault("grade", format_rank(p.rank).upper())
        ET.SubElement(pls, "Player", a)
    gms = ET.SubElement(root, "Games")
    for g in sorted(t.games, key=lambda g: (g.round, g.table)):
        res = _RESULT_NAMES[g.result] + ("_BYDEF" if g.by_default else "")
        ET.SubElement(
            gms,
            "Game",
            {
                "blackPlayer": g.black,
                "handicap": str(g.handicap),
                "knownColor": _fmt_bool(g.known_color),
                "result": res,
                "roundNumber": str(g.round),
                "tableNumber": str(g.table),
                "whitePlayer": g.white,
            },
        )
    if t.byes:
        bps = ET.SubElement(root, "ByePlayers")
        for b in sorted(t.byes, key=lambda b: b.round):
            ET.SubElement(bps, "ByePlayer", {"player": b.player, "roundNumber": str(b.round)})
    root.append(_parameter_set(t))
    for text in extra.get("others", []):
        root.append(ET.fromstring(text))
    ET.indent(root, space="    ")
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _parameter_set(t: Tournament) -> ET.Element:
    raw = (t.extra or {}).get("parameter_set")
    tps = ET.fromstring(raw) if raw else ET.Element("TournamentParameterSet")
    P = t.params

    def sub(tag: str) -> ET.Element:
        el = tps.find(tag)
        if el is None:
            el = ET.SubElement(tps, tag)
        return el

    g = sub("GeneralParameterSet")
    G = P.general
    g.attrib.update(
        {
            "name": t.name,
            "shortName": t.short_name,
            "numberOfRounds": str(G.number_of_rounds),
            "genMMFloor": format_rank(G.mm_floor).upper(),
            "genMMBar": format_rank(G.mm_bar).upper(),
            "genMMZero": format_rank(G.mm_zero).upper(),
            "genMMS2ValueAbsent": str(G.mms2_absent),
            "genMMS2ValueBye": str(G.mms2_bye),
            "genNBW2ValueAbsent": str(G.nbw2_absent),
            "genNBW2ValueBye": str(G.nbw2_bye),
            "genRoundDownNBWMMS": _fmt_bool(G.round_down_nbw_mms),
            "genCountNotPlayedGamesAsHalfPoint": _fmt_bool(G.count_not_played_as_half),
            "numberOfCategories": str(G.number_of_categories),
            "komi": str(G.komi),
            "size": str(G.size),
        }
    )
    _write_categories(g, G)
    h = sub("HandicapParameterSet")
    H = P.handicap
    h.attrib.update(
        {
            "hdBasedOnMMS": _fmt_bool(H.based_on_mms),
            "hdCeiling": str(H.ceiling),
            "hdCorrection": str(H.correction),
            "hdNoHdRankThreshold": format_rank(H.no_handicap_threshold).upper(),
        }
    )
    pl = sub("PlacementParameterSet")
    crits = pl.find("PlacementCriteria")
    if crits is None:
        crits = ET.SubElement(pl, "PlacementCriteria")
    for c in list(crits):
        crits.remove(c)
    names = list(P.placement) + ["NULL"] * max(0, 6 - len(P.placement))
    for i, n in enumerate(names, 1):
        ET.SubElement(crits, "PlacementCriterion", {"name": n, "number": str(i)})
    p = sub("PairingParameterSet")
    A = P.pairing

    def crit_name(c: str) -> str:
        return "Rating" if c == "RATING" else c

    p.attrib.update(
        {
            "paiBaAvoidDuplGame": str(A.avoid_duplicate),
            "paiBaRandom": str(A.random),
            "paiBaDeterministic": _fmt_bool(A.deterministic),
            "paiBaBalanceWB": str(A.balance_wb),
            "paiMaAvoidMixingCategories": str(A.avoid_mixing_categories),
            "paiMaMinimizeScoreDifference": str(A.minimize_score_difference),
            "paiMaDUDDWeight": str(A.dudd_weight),
            "paiMaCompensateDUDD": _fmt_bool(A.compensate_dudd),
            "paiMaDUDDUpperMode": A.dudd_upper_mode.value,
            "paiMaDUDDLowerMode": A.dudd_lower_mode.value,
            "paiMaMaximizeSeeding": str(A.maximize_seeding),
            "paiMaLastRoundForSeedSystem1": str(A.last_round_for_seed_system1),
            "paiMaSeedSystem1": A.seed_system1.value,
            "paiMaSeedSystem2": A.seed_system2.value,
            "paiMaAdditionalPlacementCritSystem1": crit_name(A.additional_criterion1),
            "paiMaAdditionalPlacementCritSystem2": crit_name(A.additional_criterion2),
            "paiSeMinimizeHandicap": str(A.minimize_handicap),
            "paiSeAvoidSameGeo": str(A.avoid_same_geo),
            "paiSePreferMMSDiffRatherThanSameCountry": str(A.prefer_mms_diff_rather_than_same_country),
            "paiSePreferMMSDiffRatherThanSameClub": str(A.prefer_mms_diff_rather_than_same_club),
            "paiSeBarThresholdActive": _fmt_bool(A.bar_threshold_active),
            "paiSeNbWinsThresholdActive": _fmt_bool(A.nbw_threshold_active),
            "paiSeRankThreshold": format_rank(A.rank_threshold).upper(),
            "paiStandardNX1Factor": repr(A.nx1_factor),
            "paiSeDefSecCrit": str(A.def_sec_crit),
        }
    )
    return tps


def _write_categories(g: ET.Element, G: GeneralParams) -> None:
    """The categories' lower limits as OpenGotha writes them (none with one category)."""
    for old in g.findall("Categories"):
        g.remove(old)
    if G.number_of_categories <= 1 or not G.lower_category_limits:
        g.set("numberOfCategories", "1")
        return
    cats = ET.SubElement(g, "Categories")
    for n, low in enumerate(G.lower_category_limits, 1):
        ET.SubElement(cats, "Category", {"lowerLimit": format_rank(low).upper(), "number": str(n)})


def with_params(t: Tournament, params: Parameters) -> Tournament:
    return replace(t, params=params)


# --- what the import says about a file ------------------------------------------------------------

#: A note on a file that is read all the same: its code and what it names (worded by the service).
Note = tuple[str, dict[str, object]]


def notes(t: Tournament) -> tuple[Note, ...]:
    """What an import of ``t`` says about it, though it reads it whole:

    - ``absent_with_game``: a player marked not participating in a round has a game there; as
      OpenGotha 3.51.02 does (its scoring marks the player paired by the game), the game counts;
    - ``team_section``: a team placement section (``TeamTournamentParameterSet``, OpenGotha 3.52's
      ``TEAMP``, ``BDW``...): kept, written back, not used (the site runs no team tournament);
    - ``rating_read`` (each player), ``several_byes`` (each round), ``turkish_keys``, ``keys_beyond``:
      :func:`_reading_notes`.
    """
    out: list[Note] = list(_reading_notes(t))
    present = {p.key: p for p in t.players}
    for g in sorted(t.games, key=lambda g: (g.round, g.table)):
        for k in (g.black, g.white):
            part = present[k].participation
            if g.round <= len(part) and not part[g.round - 1]:
                out.append(
                    (
                        "absent_with_game",
                        {"player": spoken_name(present[k].name, present[k].first_name), "round": g.round},
                    )
                )
    for raw in (t.extra or {}).get("others", ()):
        el = ET.fromstring(raw)
        if el.tag == "TeamTournamentParameterSet":
            names = [c.get("name", "") for c in el.iter("PlacementCriterion") if c.get("name", "NULL") != "NULL"]
            out.append(("team_section", {"criteria": ", ".join(names)}))
    return tuple(out)


def _reading_notes(t: Tournament) -> Iterable[Note]:
    """Where the file is read otherwise than it says, or otherwise than OpenGotha 3.51.02 reads it:

    - ``rating_read``: a rating beyond OpenGotha's (-7800) is read as OpenGotha reads it (-900); the
      file's text is written back;
    - ``several_byes``: a round with more than one bye (pairgoth gives each player who comes late one):
      all kept, where OpenGotha keeps the last in the file and counts the others as not paired;
    - ``turkish_keys``: games or byes name players by keys OpenGotha wrote on a computer set to
      Turkish (``İ`` for ``i``): found;
    - ``keys_beyond``: keys only the site finds (OpenGotha 3.51.02 leaves out their games and byes).
    """
    extra = t.extra or {}
    raw = {key: dict(attributes) for key, attributes in extra.get("players", {}).items()}
    named = {p.key: spoken_name(p.name, p.first_name) for p in t.players}
    for p in t.players:
        text = raw.get(p.key, {}).get("rating", "").strip()
        if text and text.lstrip("+-").isdigit() and int(text) != p.rating:
            yield "rating_read", {"player": named[p.key], "rating": text, "read": p.rating}
    by_round: dict[int, list[str]] = {}
    for b in t.byes:
        by_round.setdefault(b.round, []).append(b.player)
    for number, keys in sorted(by_round.items()):
        if len(keys) > 1:
            names = ", ".join(named[k] for k in keys)
            yield "several_byes", {"round": number, "count": len(keys), "players": names, "kept": named[keys[-1]]}
    players = {p.key: p for p in t.players}
    found = [(text, key, how) for text, key, how in extra.get("found_keys", ())]
    turkish = [
        (text, key) for text, key, _how in found if text == turkish_key(players[key].name, players[key].first_name)
    ]
    if turkish:
        listed = ", ".join(f"{named[key]} ({text})" for text, key in turkish)
        yield "turkish_keys", {"count": len(turkish), "players": listed}
    beyond = [(text, key) for text, key, how in found if how == FOUND_BEYOND]
    if beyond:
        games, byes = (list(extra.get("dropped_by_opengotha", ())) + [0, 0])[:2]
        listed = ", ".join(f"{named[key]} ({text})" for text, key in beyond)
        yield "keys_beyond", {"players": listed, "games": games, "byes": byes}


# --- the file as the site takes it ------------------------------------------------------------


def imported(t: Tournament) -> ImportedTournament:
    """A tournament read from an OpenGotha file in the one shape every importer writes
    (:class:`~.imported.ImportedTournament`): its settings by the site's names, one Go discipline, the
    players, games and byes. What the site has no field for (OpenGotha's weights, time system,
    publishing options, each player's other attributes) is kept in the settings ``pairing_parameters``
    and ``opengotha_extra``, so that the file written back loses nothing."""
    params = t.params
    g = params.general
    extra = t.extra or {}
    general = _kept_general(extra)
    return ImportedTournament(
        name=t.name,
        short_name=t.short_name,
        rounds=g.number_of_rounds,
        board_size=g.size,
        komi=Decimal(str(g.komi)),
        handicap=True,
        settings={
            **_dates(general),
            "place": general.get("location", ""),
            "time_control": _time_control(general),
            "standings_criteria": list(_criteria_codes(params.placement)),
            "pairing_system": "swiss" if params.main_criterion == "NBW" else "mcmahon",
            "mcmahon_bar": g.mm_bar,
            "mcmahon_floor": g.mm_floor,
            "bye_points": Decimal(g.mms2_bye) / 2,
            "absence_points": Decimal(g.mms2_absent) / 2,
            "bye_points_nbw": Decimal(g.nbw2_bye) / 2,
            "absence_points_nbw": Decimal(g.nbw2_absent) / 2,
            # OpenGotha's "round down NBW/MMS" off: the half points count (the settings page says so)
            "half_points_count": not g.round_down_nbw_mms,
            "handicap_threshold": params.handicap.no_handicap_threshold,
            "handicap_correction": params.handicap.correction,
            "handicap_ceiling": params.handicap.ceiling,
            "pairing_parameters": _stored_parameters(params),
            "opengotha_version": version_of(extra.get("root_attrib", ())),
            "opengotha_extra": {**_kept_extra(extra), "short_name": t.short_name},
            **_categories(params),
        },
        players=tuple(_imported_player(n, p, extra) for n, p in enumerate(t.players, 1)),
        games=tuple(
            ImportedGame(
                round=x.round,
                table=x.table,
                black=x.black,
                white=x.white,
                handicap=x.handicap,
                result=x.result,
                by_default=x.by_default,
            )
            for x in t.games
        ),
        byes=tuple(ImportedBye(round=b.round, player=b.player) for b in t.byes),
    )


def _kept_extra(extra: FileExtra) -> FileExtra:
    """What the site keeps of the file for writing it back: not what the reader found for the notes."""
    kept = extra.copy()
    kept.pop("found_keys", None)
    kept.pop("dropped_by_opengotha", None)
    return kept


def _imported_player(n: int, p: Player, extra: FileExtra) -> ImportedPlayer:
    """A player as the site takes them; the EGD PIN is OpenGotha's ``egfPin`` attribute."""
    pin = str(dict(extra.get("players", {}).get(p.key, ())).get("egfPin", "") or "")
    return ImportedPlayer(
        key=p.key,
        surname=p.name,
        given_name=p.first_name,
        rank=p.rank,
        club=p.club,
        country=p.country,
        rating=p.rating or None,
        egd_pin=pin.strip(),
        preliminary=not p.final,
        absent_rounds=tuple(r for r, here in enumerate(p.participation, 1) if not here),
        mms_correction=p.mms_correction,
        number=str(n),
    )


def _kept_general(extra: FileExtra) -> dict[str, str]:
    """The attributes of the ``GeneralParameterSet`` the reader kept (dates, place, thinking time)."""
    raw = extra.get("parameter_set")
    if not raw:
        return {}
    el = ET.fromstring(raw).find("GeneralParameterSet")
    return dict(el.attrib) if el is not None else {}


def _dates(general: dict[str, str]) -> dict[str, dt.date]:
    """The tournament's first and last day where the file gives them (the last never before the first)."""
    try:
        start = dt.date.fromisoformat(general.get("beginDate", ""))
    except ValueError:
        return {}
    try:
        end = dt.date.fromisoformat(general.get("endDate", ""))
    except ValueError:
        end = start
    return {"start_date": start, "end_date": max(start, end)}


def _time_control(general: dict[str, str]) -> str:
    """The file's thinking time as the site writes it (the EGD class and TM follow from it)."""
    time = opengotha_time(general)
    return time_control_text(time) if time else ""


def _categories(params: Parameters) -> dict[str, object]:
    """The rank categories by the site's fields: the limits, and how they count. OpenGotha always pairs
    its categories apart (its groups are split by category), and ranks them apart when CAT is its
    first placement criterion."""
    g = params.general
    if g.number_of_categories <= 1 or not g.lower_category_limits:
        return {"category_limits": [], "category_mode": "both"}
    ranked = params.placement[:1] == ("CAT",)
    return {"category_limits": list(g.lower_category_limits), "category_mode": "both" if ranked else "paired"}


def _stored_parameters(params: Parameters) -> dict[str, JSONValue]:
    """The parameter set as stored, with the NBW values of byes and absences always
    written: the site's fields hold the MMS values only (``parameters_for``), and the
    categories (``Tournament.category_limits``)."""
    params = replace(params, general=replace(params.general, number_of_categories=1, lower_category_limits=()))
    data = to_json(params)
    general = data.setdefault("general", {})
    assert isinstance(general, dict)
    general["nbw2_bye"] = params.general.nbw2_bye
    general["nbw2_absent"] = params.general.nbw2_absent
    return data


def _criteria_codes(placement: Sequence[str]) -> list[str]:
    """The site's standings criteria for OpenGotha's placement criteria (imported here: the standings
    are not needed to read a file for pairing, and cost ``pair_opengotha`` 80 ms of start-up)."""
    from tournament.standings.opengotha import criteria_codes

    return list(criteria_codes(placement))
