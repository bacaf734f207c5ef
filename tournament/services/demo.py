"""The demo tournament: a realistic Hannover Vielseitigkeitsturnier.

About 40 players from clubs around Germany and a few guests, six rounds in
six disciplines. The first rounds are paired with the pairing engine and
have results; where a discipline has a validator, the demo games carry legal
game records made by playing through the rules engine.

:func:`load_demo` is idempotent: it only creates what is missing, never
deletes or overwrites anything, so running it twice changes nothing.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.db import models, transaction

from tournament import result_codes as codes
from tournament.local_time import at_tournament
from tournament.models import (
    Discipline,
    Registration,
    Round,
    Tournament,
    TournamentRole,
)
from tournament.models.discipline import DisciplineKind, HandicapPolicy
from tournament.names import spoken_name
from tournament.permissions import SYSTEM
from tournament.ranks import parse_rank

SLUG = "demo"
PASSWORD = "vielseitig"

#: (username, password, what the account is for)
DEMO_LOGINS = [
    ("admin", PASSWORD, "site administrator (Django admin)"),
    ("orga", PASSWORD, "organizer of the demo tournament"),
    ("schiri", PASSWORD, "referee of the demo tournament"),
    ("anna", PASSWORD, "player: Anna Bergmann"),
    ("jonas", PASSWORD, "player: Jonas Krüger"),
]

# surname, given name, club, country, rank
PLAYERS = [
    ("Bergmann", "Anna", "Hannover", "DE", "3k"),
    ("Krüger", "Jonas", "Hannover", "DE", "1d"),
    ("Schäfer", "Lena", "Hannover", "DE", "12k"),
    ("Wöhler", "Tobias", "Hannover", "DE", "5k"),
    ("Özdemir", "Deniz", "Hannover", "DE", "8k"),
    ("Hoffmann", "Matthias", "Hannover", "DE", "2d"),
    ("Lange", "Friederike", "Hannover", "DE", "15k"),
    ("Brückner", "Stefan", "Braunschweig", "DE", "4k"),
    ("Meißner", "Jana", "Braunschweig", "DE", "10k"),
    ("Vogt", "Henrik", "Braunschweig", "DE", "1k"),
    ("Schulze", "Karin", "Braunschweig", "DE", "18k"),
    ("Petersen", "Ole", "Hamburg", "DE", "3d"),
    ("Jürgens", "Maren", "Hamburg", "DE", "6k"),
    ("Dahl", "Sönke", "Hamburg", "DE", "2k"),
    ("Nguyen", "Minh", "Hamburg", "DE", "9k"),
    ("Albrecht", "Ingo", "Bremen", "DE", "7k"),
    ("Renken", "Hauke", "Bremen", "DE", "13k"),
    ("Focke", "Silke", "Bremen", "DE", "20k"),
    ("Wagner", "Christoph", "Göttingen", "DE", "4d"),
    ("Engel", "Miriam", "Göttingen", "DE", "11k"),
    ("Graf", "Benedikt", "Göttingen", "DE", "5k"),
    ("Kowalski", "Piotr", "Berlin", "DE", "1d"),
    ("Richter", "Sabine", "Berlin", "DE", "14k"),
    ("Lehmann", "Felix", "Berlin", "DE", "6k"),
    ("Zimmermann", "Paula", "Berlin", "DE", "22k"),
    ("Böhm", "Andreas", "Bielefeld", "DE", "3k"),
    ("Kühn", "Laura", "Bielefeld", "DE", "16k"),
    ("Janßen", "Gerrit", "Oldenburg", "DE", "8k"),
    ("Ahlers", "Wiebke", "Oldenburg", "DE", "25k"),
    ("Hartmann", "Ulrich", "Kassel", "DE", "2k"),
    ("Seidel", "Theresa", "Magdeburg", "DE", "10k"),
    ("Franke", "Dominik", "Leipzig", "DE", "5d"),
    ("Lorenz", "Katja", "Leipzig", "DE", "7k"),
    ("de Vries", "Pieter", "Groningen", "NL", "2d"),
    ("van Dijk", "Sanne", "Groningen", "NL", "12k"),
    ("Novák", "Tomáš", "Praha", "CZ", "1k"),
    ("Dubois", "Émilie", "Lille", "FR", "9k"),
    ("Sato", "Haruki", "Düsseldorf", "JP", "3d"),
    ("Tanaka", "Yui", "Düsseldorf", "JP", "4k"),
    ("Kim", "Jiwoo", "Frankfurt", "KR", "2d"),
]

# name, kind, board, rule set, komi, handicap policy, record required
DISCIPLINES = [
    ("Go 9×9", DisciplineKind.GO, 9, "chinese", Decimal("7.5"), HandicapPolicy.MCMAHON, False),
    ("Ninuki-Renju", DisciplineKind.NINUKI, 19, "hannover", Decimal("0"), HandicapPolicy.NONE, True),
    ("Keima-Go", DisciplineKind.KEIMA, 9, "hannover", Decimal("4"), HandicapPolicy.RANK_TABLE, True),
    ("1000-Volt-Go", DisciplineKind.VOLT, 9, "hannover", Decimal("5"), HandicapPolicy.RANK_TABLE, True),
    ("Rund-Go", DisciplineKind.RUNDGO, 19, "", Decimal("6.5"), HandicapPolicy.MCMAHON, False),
    ("Go 13×13", DisciplineKind.GO, 13, "chinese", Decimal("7.5"), HandicapPolicy.MCMAHON, False),
]

#: How far the demo day has got: rounds 1-3 are finished with results,
#: round 4 is published and waiting for its results (Anna's game there is
#: disputed and waits for the referee), 5 and 6 are planned.
FINISHED_ROUNDS = 3
PUBLISHED_ROUNDS = 4


@dataclass
class DemoReport:
    created: list[str] = field(default_factory=list)

    def add(self, what: str) -> None:
        self.created.append(what)

    def summary(self) -> str:
        if not self.created:
            return "The demo tournament is complete already; nothing was changed."
        counts: dict[str, int] = {}
        for item in self.created:
            kind = item.split(" ", 1)[0]
            counts[kind] = counts.get(kind, 0) + 1
        parts = []
        for kind, n in counts.items():
            if kind == "the":  # "the tournament": there is one
                parts.append("the tournament")
                continue
            one, many = _NOUNS.get(kind, (kind, f"{kind}s"))
            parts.append(f"{n} {one if n == 1 else many}")
        return "Demo tournament at /t/demo/: added " + ", ".join(parts) + "."


#: What the summary counts, singular and plural (the command line speaks English).
_NOUNS = {
    "results": ("round's results", "rounds' results"),
    "registration": ("player", "players"),
    "role": ("role", "roles"),
    "user": ("user account", "user accounts"),
    "pairing": ("round paired", "rounds paired"),
    "publication": ("round published", "rounds published"),
}


@transaction.atomic
def load_demo() -> DemoReport:
    report = DemoReport()
    users = _users(report)
    tournament = _tournament(report)
    for username, role in (("orga", TournamentRole.Role.ORGANIZER), ("schiri", TournamentRole.Role.REFEREE)):
        _, made = TournamentRole.objects.get_or_create(tournament=tournament, user=users[username], role=role)
        if made:
            report.add(f"role {role} for {username}")
    disciplines = _disciplines(tournament, report)
    _registrations(tournament, users, report)
    rounds = _rounds(tournament, disciplines, report)
    _play(tournament, rounds, report)
    _dispute(rounds[PUBLISHED_ROUNDS - 1], users["anna"], report)
    return report


def _users(report: DemoReport) -> dict:
    User = get_user_model()
    users = {}
    for username, password, _role in DEMO_LOGINS:
        user = User.objects.filter(username=username).first()
        if user is None:
            user = User.objects.create_user(username=username, password=password)
            if username == "admin":
                user.is_staff = user.is_superuser = True
                user.save()
            report.add(f"user {username}")
        users[username] = user
    return users


def _tournament(report: DemoReport) -> Tournament:
    tournament = Tournament.objects.filter(slug=SLUG).first()
    if tournament is None:
        today = dt.date.today()
        start = today - dt.timedelta(days=today.weekday()) + dt.timedelta(days=5)  # Saturday
        tournament = Tournament(
            slug=SLUG,
            name="Hannoversches Vielseitigkeitsturnier (Demo)",
            start_date=start,
            end_date=start + dt.timedelta(days=1),
            place="Hannover",
            country="DE",
            description=(
                "Sechs Runden, sechs Disziplinen: Go 9×9, Ninuki-Renju, Keima-Go, "
                "1000-Volt-Go, Rund-Go und Go 13×13. Gewertet wird über alle Runden."
            ),
            time_control="30 min sudden death",
            mcmahon_bar=parse_rank("2d"),
            mcmahon_floor=parse_rank("20k"),
            handicap_threshold=parse_rank("1d"),
        )
        tournament.full_clean()
        tournament.save()
        report.add("the tournament")
    return tournament


def _disciplines(tournament: Tournament, report: DemoReport) -> list[Discipline]:
    result = []
    for position, (name, kind, board, rule_set, komi, policy, record) in enumerate(DISCIPLINES):
        discipline, made = Discipline.objects.get_or_create(
            tournament=tournament,
            name=name,
            defaults=dict(
                kind=kind,
                board_size=board,
                rule_set=rule_set,
                komi=komi,
                handicap_policy=policy,
                record_required=record,
                position=position,
            ),
        )
        if made:
            report.add(f"discipline {name}")
        result.append(discipline)
    return result


def _registrations(tournament: Tournament, users: dict, report: DemoReport) -> None:
    """The players, each with the tournament's own copy of their data; Anna and Jonas have accounts."""
    accounts = {("Bergmann", "Anna"): users["anna"], ("Krüger", "Jonas"): users["jonas"]}
    for index, (surname, given, club, country, rank) in enumerate(PLAYERS):
        if Registration.objects.filter(tournament=tournament, surname=surname, given_name=given).exists():
            continue
        # The last two registered themselves and wait for confirmation; one
        # player misses the last round.
        preliminary = index >= len(PLAYERS) - 2
        registration = Registration(
            tournament=tournament,
            user=accounts.get((surname, given)),
            surname=surname,
            given_name=given,
            club=club,
            country=country,
            rank=parse_rank(rank),
            egd_pin=f"1{index + 1:07d}" if index % 3 else "",
            status=Registration.Status.PRELIMINARY if preliminary else Registration.Status.CONFIRMED,
            source=Registration.Source.SELF if preliminary or index % 4 == 0 else Registration.Source.ORGANIZER,
            absent_rounds=[6] if index == 5 else [],
        )
        registration.full_clean()
        registration.save()
        report.add(f"registration of {spoken_name(surname, given)}")


def _rounds(tournament: Tournament, disciplines: list[Discipline], report: DemoReport) -> list[Round]:
    result = []
    # 10:00 where the tournament is played (its time zone), not in UTC
    start = at_tournament(dt.datetime.combine(tournament.start_date, dt.time(10, 0)), tournament)
    times = [
        start,
        start + dt.timedelta(hours=1, minutes=30),
        start + dt.timedelta(hours=4),
        start + dt.timedelta(hours=5, minutes=30),
        start + dt.timedelta(days=1),
        start + dt.timedelta(days=1, hours=2),
    ]
    for number, (discipline, starts_at) in enumerate(zip(disciplines, times), start=1):
        round_, made = Round.objects.get_or_create(
            tournament=tournament,
            number=number,
            defaults=dict(discipline=discipline, starts_at=starts_at),
        )
        if made:
            report.add(f"round {number}")
        result.append(round_)
    return result


def _play(tournament: Tournament, rounds: list[Round], report: DemoReport) -> None:
    """Pair, publish and play the first rounds where that has not happened yet."""
    from tournament.services.demo_games import play_round_results
    from tournament.services.rounds import round_finish, round_pair, round_publish

    rng = random.Random(20261121)
    for round_ in rounds[:PUBLISHED_ROUNDS]:
        round_.refresh_from_db()
        if round_.status == Round.Status.PLANNED:
            round_pair(round=round_, user=SYSTEM)
            report.add(f"pairing of round {round_.number}")
        round_.refresh_from_db()
        if round_.status == Round.Status.PAIRED:
            round_publish(round=round_, user=SYSTEM)
            report.add(f"publication of round {round_.number}")
        if round_.number <= FINISHED_ROUNDS:
            if play_round_results(round_, rng):
                report.add(f"results of round {round_.number}")
            round_.refresh_from_db()
            if round_.status == Round.Status.PUBLISHED:
                round_finish(round=round_, user=SYSTEM)


def _dispute(round_: Round, anna, report: DemoReport) -> None:
    """Anna's game in the running round goes to the referee: she reports a win that her record
    (which ended by counting) does not show, and sends it on to the referee as the page offers.
    Made once: not again once that game has a result of any kind."""
    from tournament.engines import replay_record
    from tournament.models import Game
    from tournament.models.game import Result, ResultState, WinMethod
    from tournament.services.results import result_report

    round_.refresh_from_db()
    game = (
        Game.objects.filter(round=round_, result_state=ResultState.PENDING, result=Result.UNKNOWN)
        .filter(models.Q(black__user=anna) | models.Q(white__user=anna))
        .select_related("round__discipline", "round__tournament", "black", "white")
        .first()
    )
    if round_.status != Round.Status.PUBLISHED or game is None:
        return
    discipline = round_.discipline
    variant = discipline.variant
    if not variant.validated or "score" not in variant.win_methods:  # the dispute is about a count
        return
    rng = random.Random(20261128)
    record, winner = "", None
    for _attempt in range(20):
        record = variant.sample(rng, size=discipline.board_size, komi=float(game.komi), handicap=game.handicap)
        outcome = replay_record(discipline=discipline, record=record, handicap=game.handicap, komi=game.komi).outcome
        winner = codes.of_outcome(outcome)
        if codes.winner_colour(winner):
            break
    if not codes.winner_colour(winner):
        return
    black = game.black.user_id == anna.pk
    anna_wins, opponent_wins = codes.winner("black" if black else "white"), codes.winner("white" if black else "black")
    claimed = anna_wins if winner != anna_wins else opponent_wins
    result_report(
        game=game,
        user=anna,
        version=game.version,
        result=claimed,
        method=WinMethod.SCORE,
        record=record,
        send_to_referee=True,
        note="Bei der Zählung wurde eine tote Gruppe nicht herausgenommen; die Notation stimmt bis dahin.",
    )
    report.add(f"dispute at table {game.table} of round {round_.number}")
