"""Issue #21 (16): names in the order German readers expect (DIN 5007-1), on every list ordered by name.

The key (``tournament.collation``), and the lists built with it: the public and the organizer's player
lists, the merge drop-down, the round's forms, the API, the pairing sheet by name and the welcome slips
(PDF text), the rating-list search; and a check that no new ``order_by`` of a name field appears."""

from __future__ import annotations

import ast
import io
import re
from pathlib import Path

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import make_discipline, make_player, make_round, make_tournament
from tournament.collation import name_key, sorted_by_name, split_particle
from tournament.models import Game, Round, TournamentRole

ROOT = Path(__file__).resolve().parent.parent

#: The issue's names, in the order a German reader expects them.
EXPECTED = [
    ("Berg", "Anna"),  # "van der Berg" goes under B, after a plain Berg of the same given name...
    ("van der Berg", "Anna"),
    ("Köhler", "Karl"),
    ("Krüger", "Klara"),
    ("Łukasiewicz", "Jan"),
    ("Öztürk", "Ayşe"),
    ("Zimmermann", "Zoe"),
]


def _shuffled():
    return [EXPECTED[i] for i in (6, 4, 3, 1, 5, 2, 0)]


def test_the_key_sorts_as_din_5007():
    assert sorted(_shuffled(), key=lambda n: name_key(*n)) == EXPECTED
    words = ["Zimmermann", "Mayer", "Maier-Huber", "Maier", "Maierhofer", "Gäbler", "Gabler", "Maße", "Masse", "Lorenz"]
    assert sorted(words, key=name_key) == [
        "Gabler",
        "Gäbler",
        "Lorenz",
        "Maier",
        "Maier-Huber",
        "Maierhofer",
        "Masse",
        "Maße",
        "Mayer",
        "Zimmermann",
    ]
    # Ł as L, Ø as O, ß as ss, accents ignored at first, case ignored
    assert sorted(["Lutz", "Łukasiewicz", "Lorenz"], key=name_key) == ["Lorenz", "Łukasiewicz", "Lutz"]
    assert sorted(["Oz", "Øberg", "Olsen"], key=name_key) == ["Øberg", "Olsen", "Oz"]
    assert sorted(["émile", "Eder", "Ezra"], key=name_key) == ["Eder", "émile", "Ezra"]
    assert sorted(["de Vries", "Vogel", "De Smet", "Dahl"], key=name_key) == ["Dahl", "De Smet", "Vogel", "de Vries"]
    # the same in either language: no locale is read
    assert name_key("Öztürk", "Ayşe") == name_key("Öztürk", "Ayşe")


@pytest.mark.parametrize(
    ("surname", "parts"),
    [
        ("van der Berg", ("van der", "Berg")),
        ("von Weizsäcker", ("von", "Weizsäcker")),
        ("zu Guttenberg", ("zu", "Guttenberg")),
        ("Van Damme", ("", "Van Damme")),  # a capital: part of the name, listed under V
        ("van", ("", "van")),  # nothing would be left
        ("Vanderberg", ("", "Vanderberg")),
    ],
)
def test_particles(surname, parts):
    assert split_particle(surname) == parts


class People:
    def __init__(self, surname, given_name, pk):
        self.surname, self.given_name, self.pk = surname, given_name, pk


def test_two_people_of_one_name_keep_the_order_of_their_ids():
    people = [People("Müller", "Jan", 12), People("Müller", "Jan", 3), People("Mueller", "Jan", 1)]
    assert [p.pk for p in sorted_by_name(people)] == [1, 3, 12]


# --- no list orders by name in the database ---------------------------------------------------------

#: ``order_by`` of a name field allowed outside tournament/collation.py, with the reason.
ALLOWED = {
    # the engine's plain data: the byes of a round in OpenGotha's file order (pairing input, not a list to read)
    "tournament/selectors/pairing_data.py": 1,
}
NAME_FIELD = re.compile(r"""["'][-]?(\w+__)*(surname|given_name)(_latin)?["']""")


def _order_by_name_calls(path: Path) -> int:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "order_by":
            if any(NAME_FIELD.fullmatch(ast.unparse(arg)) for arg in node.args):
                found += 1
    return found


def test_no_list_is_ordered_by_name_in_the_database():
    """A new ``order_by("surname", ...)`` sorts by code point on SQLite and by the server's locale on
    PostgreSQL: lists of people are sorted with ``tournament.collation`` instead."""
    found = {}
    for path in sorted((ROOT / "tournament").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if "/migrations/" in rel or rel == "tournament/collation.py":
            continue
        n = _order_by_name_calls(path)
        if n:
            found[rel] = n
    assert found == ALLOWED


def test_the_check_finds_an_order_by_of_a_name(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('qs.order_by("-rank", "surname")\nbyes.order_by("player__given_name")\nqs.order_by("pk")\n')
    assert _order_by_name_calls(sample) == 2


# --- the lists ------------------------------------------------------------------------------------------


@pytest.fixture
def field(db):
    t = make_tournament(slug="namen")
    regs = [make_player(t, surname=s, given_name=g, rank="5k", country="DE") for s, g in _shuffled()]
    return t, regs


def _order(text: str) -> list[str]:
    """Which of the expected names appear in ``text``, in the order they appear ("van der Berg" before "Berg")."""
    spots = []
    for surname, given in EXPECTED:
        for pattern in (f"{surname} {given}", f"{surname}, {given}", f"{given} {surname}!"):
            for m in re.finditer(re.escape(pattern), text):
                if surname == "Berg" and text[max(0, m.start() - 8) : m.start()].endswith("van der "):
                    continue
                spots.append((m.start(), surname))
    return [s for _pos, s in sorted(spots)]


def _first_of_each(order: list[str]) -> list[str]:
    return list(dict.fromkeys(order))


WANT = [s for s, _g in EXPECTED]


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_public_player_list(client, field, language):
    t, _regs = field
    page = client.get(reverse("players", args=[t.slug]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert _first_of_each(_order(page)) == WANT


def test_the_organizers_list_and_the_merge_drop_down(client, field, django_user_model):
    t, regs = field
    user = django_user_model.objects.create_user("orga", password="pw-orga-123")
    TournamentRole.objects.create(tournament=t, user=user, role="organizer")
    client.force_login(user)
    page = client.get(reverse("manage_registrations", args=[t.slug])).content.decode()
    assert _first_of_each(_order(page)) == WANT
    zimmermann = next(r for r in regs if r.surname == "Zimmermann")
    edit = client.get(reverse("manage_registration", args=[t.slug, zimmermann.pk])).content.decode()
    options = edit.split("<option", 1)[1] if "<option" in edit else ""
    assert _first_of_each(_order(options)) == [s for s in WANT if s != "Zimmermann"]


def test_the_api_and_the_rounds_forms(client, field, django_user_model):
    t, regs = field
    names = [p["surname"] for p in client.get(f"/api/v1/tournaments/{t.slug}/players/").json()]
    assert names == WANT
    from tournament.forms.rounds import player_choices

    assert _first_of_each(_order("\n".join(label for _pk, label in player_choices(t)))) == WANT


def test_the_pairing_sheet_by_name_and_the_welcome_slips(client, field, django_user_model):
    t, regs = field
    discipline = make_discipline(t, name="Go")
    round_ = make_round(t, discipline, 1, status=Round.Status.PUBLISHED)
    by_surname = {r.surname: r for r in regs}
    for table, (a, b) in enumerate([("Zimmermann", "Köhler"), ("Öztürk", "Berg"), ("Krüger", "Łukasiewicz")], 1):
        Game.objects.create(round=round_, table=table, black=by_surname[a], white=by_surname[b])
    # van der Berg is absent this round: listed by name among the players of the sheet
    by_surname["van der Berg"].absent_rounds = [1]
    by_surname["van der Berg"].save()
    for language, heading in (("de", "nach Namen"), ("en", "by name")):
        pdf = client.get(reverse("pdf_pairings", args=[t.slug, 1]) + f"?lang={language}").content
        text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
        lines = text.split(heading, 1)[1].splitlines()
        starts = [next((s for s in reversed(WANT) if line.startswith(s + " ")), None) for line in lines]
        assert [s for s in starts if s] == WANT, text
    user = django_user_model.objects.create_user("orga", password="pw-orga-123")
    TournamentRole.objects.create(tournament=t, user=user, role="organizer")
    client.force_login(user)
    slips = client.get(reverse("manage_welcome_slips", args=[t.slug]) + "?lang=en").content
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(slips)).pages).replace("\n", " ")
    assert _first_of_each(_order(text)) == WANT, text[:1500]
