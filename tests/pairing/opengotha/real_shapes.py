"""OpenGotha files in the shapes real files have and the site refused before issue #32, made in memory
from the shared ``Toulouse2024.xml`` (a real McMahon tournament saved by OpenGotha 3.51.02, 38 players,
6 rounds; read in place, never copied):

- ``ratings``: ratings beyond OpenGotha's -900..2949, as real files carry them: -7800 (Soline
  ALBERT_LEDUN, 27k), -1050 (nell mendes, 20k), and 3100 (tae hwan juh, 4d);
- ``byes``: two byes in round 1 (a congress file has them; pairgoth writes one for each player who comes
  late): the players of round 1's last table have no game there, a bye each;
- ``turkish``: the games' keys as OpenGotha writes them on a computer set to Turkish (``i`` upper-cased
  to ``İ``: ``BİLODEAUFLORENT``), the players' names as they are.

:func:`jar_form` is a file as OpenGotha 3.51.02 reads it completely (``dataVersion="201"``: without it the
jar reads an old file, ratings moved by 2050). The jar's answers for these files and for the site's export
of them are recorded by ``oracle/record_real_shapes.py`` in ``oracle_answers/real-shapes.json``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tests.shared import shared
from tournament.files.opengotha import turkish_key

SOURCE = shared("opengotha", "Toulouse2024.xml")

#: The players whose ratings :func:`ratings_file` sets, by key, with the file's new text.
RATINGS = {"ALBERT_LEDUNSOLINE": "-7800", "MENDESNELL": "-1050", "JUHTAEHWAN": "3100"}


def source() -> str:
    return SOURCE.read_text(encoding="utf-8")


def _player_element(text: str, name: str, first_name: str) -> str:
    found = [
        el
        for el in re.findall(r"<Player [^>]*>", text)
        if f' name="{name}"' in el and f' firstName="{first_name}"' in el
    ]
    assert len(found) == 1, (name, first_name)
    return found[0]


def ratings_file() -> str:
    text = source()
    for (name, first), rating in zip(
        [("ALBERT_LEDUN", "Soline"), ("mendes", "nell"), ("juh", "tae hwan")], RATINGS.values()
    ):
        el = _player_element(text, name, first)
        text = text.replace(el, re.sub(r' rating="[^"]*"', f' rating="{rating}"', el), 1)
    return text


def _round_games(text: str, number: int) -> list[str]:
    return re.findall(rf'[ \t]*<Game [^>]*roundNumber="{number}"[^>]*/>\n', text)


def byes_file(*, rounds: int | None = None) -> str:
    """Round 1's last table as two byes, its white player's first (Mendes before Albert_Ledun: OpenGotha
    keeps the last, which is not the last by name);
    ``rounds``: the games of the later rounds left out (the file as it is before pairing round
    ``rounds + 1``)."""
    text = source()
    games = _round_games(text, 1)
    last = max(games, key=lambda g: int(re.search(r'tableNumber="(\d+)"', g).group(1)))
    white = re.search(r'whitePlayer="([^"]*)"', last).group(1)
    black = re.search(r'blackPlayer="([^"]*)"', last).group(1)
    text = text.replace(last, "", 1)
    if rounds is not None:
        for number in range(rounds + 1, 21):
            for game in _round_games(text, number):
                text = text.replace(game, "", 1)
    byes = (
        "    <ByePlayers>\n"
        f'        <ByePlayer player="{white}" roundNumber="1"/>\n'
        f'        <ByePlayer player="{black}" roundNumber="1"/>\n'
        "    </ByePlayers>\n"
    )
    assert "<ByePlayer" not in text
    return text.replace("    </Games>\n", "    </Games>\n" + byes, 1)


def turkish_file() -> str:
    text = source()
    keys = {}
    for el in re.findall(r"<Player [^>]*>", text):
        name = re.search(r' name="([^"]*)"', el).group(1)
        first = re.search(r' firstName="([^"]*)"', el).group(1)
        keys[(name + first).replace(" ", "").upper()] = turkish_key(name, first)
    return re.sub(
        r'((?:whitePlayer|blackPlayer|player)=")([^"]*)"', lambda m: m.group(1) + keys[m.group(2)] + '"', text
    )


SHAPES: dict[str, Callable[[], str]] = {"ratings": ratings_file, "byes": byes_file, "turkish": turkish_file}


def jar_form(text: str) -> str:
    """The file as OpenGotha 3.51.02 reads it completely: with ``dataVersion="201"``."""
    if "dataVersion" in text[:400]:
        return text
    return text.replace("<Tournament", '<Tournament dataVersion="201"', 1)
