"""Plain data for the PDF and export tests: many players, umlauts, a Japanese name."""

from __future__ import annotations

import random

from tournament.pdf.data import PairingSheet, SheetPlayer, SheetTable
from tournament.standings import Entrant, Game, RoundInfo, Settings, TournamentData

SURNAMES = ["Müller", "Schröder", "Weiß", "Łukasiewicz", "Håkansson", "Dvořák", "Nuñez"]


def big_tournament(players=150, rounds=6, seed=3) -> TournamentData:
    rnd = random.Random(seed)
    entrants = []
    for i in range(1, players + 1):
        if i == 7:
            entrants.append(Entrant(i, "山田", "太郎", 3, club="東京", country="JP"))
        else:
            entrants.append(
                Entrant(
                    i,
                    f"{SURNAMES[i % len(SURNAMES)]}{i}",
                    "Jürgen",
                    rnd.randint(-20, 4),
                    club="Göttingen",
                    country="DE",
                    egd_pin=f"{10000000 + i}",
                )
            )
    games = []
    for r in range(1, rounds + 1):
        ids = [e.id for e in entrants]
        rnd.shuffle(ids)
        for t in range(len(ids) // 2):
            games.append(Game(r, t + 1, ids[2 * t], ids[2 * t + 1], rnd.choice("BW"), handicap=rnd.choice([0, 0, 2])))
    return TournamentData(
        tuple(entrants),
        tuple(RoundInfo(r, "Go" if r <= 3 else "Ninuki") for r in range(1, rounds + 1)),
        tuple(games),
        settings=Settings(criteria=("mms", "sosmms", "sososmms", "cussmms")),
    )


def sheet(record_required=False, tables=12) -> PairingSheet:
    def p(i):
        if i == 3:
            return SheetPlayer("山田", "太郎", "4d", "東京", "JP")
        return SheetPlayer(f"Schröder{i}", "Jürgen", "5k", "Göttingen", "DE")

    return PairingSheet(
        tournament="Hannover Vielseitigkeitsturnier",
        round=2,
        discipline="Ninuki-Renju",
        discipline_kind="Ninuki-Renju",
        board_size=15,
        record_required=record_required,
        tables=tuple(SheetTable(t, p(2 * t - 1), p(2 * t), handicap=t % 3, komi=6.5) for t in range(1, tables + 1)),
        byes=(SheetPlayer("Übrig", "Ölaf", "3k", "Hannover", "DE"),),
    )
