"""A game kind has one home, its ``Variant`` in ``games/registry.py``: the site derives the rest.

Two facts of the source and one walk over the site:

- the names of the games appear as string literals only in ``games/`` and in
  the stored choices (``DisciplineKind``, the migrations): no ``kind ==
  "ninuki"`` branch, no per-kind table anywhere in ``tournament/`` or the
  templates;
- the site's words cover every code a variant gives (ways of winning,
  handicap policies, rule-option refusals, rule sets not offered) in English
  and German;
- for every kind the site stores (every game of ``games.variants()`` and
  ``other``) the pages, forms, PDFs and downloads show what its variant
  says: the ways of winning in the result forms and on the slips, the
  handicap policies and komi of the discipline form, the rule options on the
  programme page, the rules page and its diagrams, the komi columns, the
  live board, the SGF's game number, the EGD file.

A game added to the registry without all the site needs fails here, naming
what is missing (``games/README.md``, "Adding a game").
"""

from __future__ import annotations

import random
import re
import subprocess
import tokenize
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.template.loader import get_template
from django.urls import reverse
from django.utils import translation
from django.utils.translation import trans_real

import games
from games.registry import OTHER
from games.schema import HANDICAP_POLICIES, WIN_METHODS, RuleOptionError
from tournament.forms.programme import DisciplineForm
from tournament.models import Discipline, Game, Round
from tournament.models.discipline import DisciplineKind, HandicapPolicy
from tournament.models.game import ResultState, WinMethod
from tournament.pairing import model as pm
from tournament.pairing.handicap import rule_for
from tournament.permissions import SYSTEM
from tournament.services.rounds import round_pair, round_publish
from tournament.variants import board_sizes, rule_option_message, variant_for

ROOT = Path(__file__).resolve().parents[2]
#: The kinds the site stores: every game of the registry, and a game it does not know.
SITE_KINDS = [*games.variants(), OTHER.name]
KIND_NAMES = set(games.variants())


# ---- the names as literals ---------------------------------------------------------------------------


def _python_literals(path: Path) -> list[tuple[int, str]]:
    """The string literals of a Python file that are a game's name, with their lines."""
    found = []
    with path.open("rb") as f:
        for tok in tokenize.tokenize(f.readline):
            if tok.type == tokenize.STRING:
                body = re.sub(r"^[rbuRBU]*", "", tok.string)
                for quote in ('"""', "'''", '"', "'"):
                    if body.startswith(quote) and body.endswith(quote) and len(body) >= 2 * len(quote):
                        body = body[len(quote) : -len(quote)]
                        break
                if body in KIND_NAMES:
                    found.append((tok.start[0], body))
    return found


def _stored_choices_lines() -> range:
    """The lines of ``DisciplineKind`` in ``tournament/models/discipline.py``: where the names are stored."""
    lines = (ROOT / "tournament/models/discipline.py").read_text().splitlines()
    start = next(i for i, line in enumerate(lines, 1) if line.startswith("class DisciplineKind("))
    end = next(i for i, line in enumerate(lines[start:], start + 1) if line and not line.startswith((" ", "\t")))
    return range(start, end)


def test_game_names_are_string_literals_only_in_games_and_the_stored_choices():
    stored = _stored_choices_lines()
    found = []
    for path in sorted((ROOT / "tournament").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if "/migrations/" in rel:
            continue
        for line, name in _python_literals(path):
            if rel == "tournament/models/discipline.py" and line in stored:
                continue
            found.append(f"{rel}:{line}: {name!r}")
    names = "|".join(sorted(KIND_NAMES))
    # a game's name in quotes, or a page asking whether a kind is "other" (ask has_rules_page, ...)
    quoted = re.compile(r"""(["'])(""" + names + r""")\1|kind\s*[!=]=\s*["']other["']""")
    for folder in ("templates", "tournament/templates", "tournament/static"):
        files = [p for p in sorted((ROOT / folder).rglob("*")) if p.suffix in (".html", ".js", ".txt", ".css")]
        assert files, folder
        for path in files:
            for line_no, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                for m in quoted.finditer(line):
                    found.append(f"{path.relative_to(ROOT).as_posix()}:{line_no}: {m.group(0)}")
    assert found == [], "a game's name outside games/ and DisciplineKind: ask its Variant instead"
    assert {name for _line, name in _python_literals(ROOT / "tournament/models/discipline.py")} == KIND_NAMES


#: Where a stored kind is named by its member, and why: the data that is of that game.
NAMED_KINDS = {
    "tournament/services/demo.py": "the demo tournament's programme",
    "tournament/services/file_import.py": "an OpenGotha or a MacMahon file holds a Go tournament",
}


def test_no_branch_on_a_stored_kind():
    members = re.compile(r"DisciplineKind\.(" + "|".join(m.name for m in DisciplineKind) + r")\b")
    found = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "tournament").rglob("*.py")
        if "/migrations/" not in path.as_posix() and members.search(path.read_text())
    }
    assert found - {"tournament/models/discipline.py"} <= set(NAMED_KINDS), "ask the kind's Variant instead"


def test_the_scan_finds_a_branch_on_a_kind(tmp_path):
    branch = tmp_path / "branch.py"
    branch.write_text('if kind == "ninuki":\n    pass\nx = f"{kind}"\ny = "rundgo-ish"\n')
    assert _python_literals(branch) == [(1, "ninuki")]


# ---- the stored choices and the words -----------------------------------------------------------------


def _german(msgid: str) -> str | None:
    """The German of ``msgid`` in the site's catalogue (``None``: not translated)."""
    return trans_real.translation("de")._catalog.get(msgid)


def test_the_stored_kinds_are_the_registrys_in_its_order_with_its_titles():
    assert list(DisciplineKind.values) == SITE_KINDS
    for kind in SITE_KINDS:
        with translation.override("en"):
            assert str(DisciplineKind(kind).label) == variant_for(kind).title, kind
        assert _german(variant_for(kind).title), f"{kind}: no German title"


def test_every_code_a_variant_gives_has_words_in_both_languages():
    assert set(WinMethod.values) == {"", *WIN_METHODS}
    assert tuple(HandicapPolicy.values) == HANDICAP_POLICIES == pm.HANDICAP_POLICIES
    for choices in (WinMethod, HandicapPolicy):
        for member in choices:
            with translation.override("en"):
                english = str(member.label)
            assert _german(english), member
    for code in RuleOptionError.CODES:
        exc = RuleOptionError(code, name="n", known="k", expected="e", choices="c", message="m")
        with translation.override("en"):
            english = rule_option_message(exc)
        with translation.override("de"):
            assert rule_option_message(exc) != english, code


# ---- the walk ---------------------------------------------------------------------------------------------


def pdf_text(content: bytes) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=content, capture_output=True, check=True
    ).stdout.decode()


def _post_data(form: DisciplineForm, name: str) -> dict:
    """What the browser sends for ``form`` as it is shown (its initial values), named ``name``."""
    data = {"kind": form.kind, "name": name}
    for field in form.fields:
        value = form[field].value()
        if value is None and getattr(form.fields[field], "choices", None):
            value = form.fields[field].choices[0][0]  # a select shows its first choice
        if field == "name" or value is None:
            continue
        if isinstance(value, bool):
            if value:
                data[field] = "on"
            continue
        data[field] = form.fields[field].prepare_value(value) if field == "rule_options" else value
    return data


@pytest.fixture
def kind_round(day, organizer_client):
    """A discipline of ``kind`` added on the programme page as its form offers it, and its round 2
    paired and published: alice's game in it."""

    def build(kind: str):
        form = DisciplineForm(kind=kind)
        add = reverse("manage_discipline_add", args=[day.tournament.slug])
        response = organizer_client.post(add, _post_data(form, f"Walk {kind}"))
        assert response.status_code == 302, response.content.decode()[-2000:]
        discipline = Discipline.objects.get(tournament=day.tournament, name=f"Walk {kind}")
        round_ = Round.objects.create(tournament=day.tournament, discipline=discipline, number=2)
        round_pair(round=round_, user=SYSTEM)
        round_publish(round=round_, user=SYSTEM)
        alice = day.tournament.registrations.get(user=day.user("alice"))
        game = Game.objects.get(round=round_, black=alice) if round_.games.filter(black=alice).exists() else None
        game = game or Game.objects.get(round=round_, white=alice)
        return discipline, round_, game

    return build


def _options(html: str, name: str) -> list[str]:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S)
    return re.findall(r'<option value="([^"]*)"', select.group(1)) if select else []


@pytest.mark.django_db
@pytest.mark.usefixtures("english_visitor")
@pytest.mark.parametrize("kind", SITE_KINDS)
def test_the_discipline_form_and_its_checks_are_the_variants(kind, day, organizer_client):
    v = variant_for(kind)
    form = DisciplineForm(kind=kind)
    assert [size for size, _label in form.fields["board_size"].choices] == list(board_sizes(kind))
    assert v.default_size in board_sizes(kind), "the usual board is one a tournament plays on"
    assert form.initial["board_size"] == v.default_size
    # handicap: the variant's policies, the usual first; a single one is no choice
    assert all(p in HandicapPolicy.values for p in v.handicap_policies) and v.handicap_policies
    assert form.initial["handicap_policy"] == v.handicap_policies[0]
    if len(v.handicap_policies) > 1:
        assert [p for p, _label in form.fields["handicap_policy"].choices] == list(v.handicap_policies)
    else:
        assert "handicap_policy" not in form.fields
    assert v.has_handicap == (v.handicap_policies != ("none",))
    if kind in games.variants():  # the pairing's usual policy is the form's (a kind it does not know: Go's)
        usual = rule_for(pm.Discipline(kind), pm.HandicapParams(), 6.5)
        assert usual == rule_for(pm.Discipline(kind, v.handicap_policies[0]), pm.HandicapParams(), 6.5)
    # komi: a field with the game's usual komi, or none at all
    assert ("komi" in form.fields) == v.has_komi
    assert v.has_komi or v.default_komi is None
    if v.has_komi:
        assert form.initial["komi"] == Decimal(str(float(v.default_komi or 0)))
    # rule sets and their options (the programme page's help names every option)
    assert (("rule_set" in form.fields), ("rule_options" in form.fields)) == (bool(v.rule_sets), bool(v.rule_options))
    page = organizer_client.get(reverse("manage_discipline_add", args=[day.tournament.slug]) + f"?kind={kind}")
    html = page.content.decode()
    for name, option in v.rule_options.items():
        assert f"{name} = " in html, name
        assert option.default == v.preset_options()[name]
        assert option.choices is None or option.default in option.choices
    assert ("record_required" in form.fields) == v.validated
    assert form.initial.get("record_required", False) == (v.validated and v.record_by_default)
    # the model refuses what the variant refuses, in words
    discipline = Discipline(tournament=day.tournament, name="x", kind=kind, board_size=v.default_size)
    discipline.rule_options = {"no_such_option": 1}
    with pytest.raises(ValidationError) as info:
        discipline.full_clean()
    assert "rule_options" in info.value.message_dict
    discipline.rule_options = v.preset_options()
    discipline.komi = Decimal("0") if not v.has_komi else Decimal("6.5")
    discipline.handicap_policy = v.handicap_policies[0]
    discipline.full_clean()


@pytest.mark.django_db
@pytest.mark.usefixtures("english_visitor")
@pytest.mark.parametrize("kind", SITE_KINDS)
def test_the_rounds_pages_pdfs_and_forms_follow_the_variant(kind, day, client, kind_round):
    v = variant_for(kind)
    discipline, round_, game = kind_round(kind)
    slug = day.tournament.slug
    # the round's page and the pairing sheet: a komi column only for a game with komi
    page = client.get(reverse("round", args=[slug, round_.number])).content.decode().split("<main>")[1]
    assert ("Komi" in page) == v.has_komi
    sheet = pdf_text(client.get(reverse("pdf_pairings", args=[slug, round_.number])).content)
    assert ("Komi" in sheet) == v.has_komi
    # the slips: the ways of winning in the variant's order, in words
    slips = " ".join(pdf_text(client.get(reverse("pdf_slips", args=[slug, round_.number])).content).split())
    words = [str(WinMethod(m).label) for m in v.win_methods]
    assert "won by: " + " · ".join(w + " (____ points)" if w == "counting" else w for w in words) in slips
    assert ("komi " in slips) == v.has_komi
    # the player's result form and the referee's decision offer the same ways of winning
    client.force_login(day.user("alice"))
    report = client.get(reverse("game_report", args=[slug, game.pk])).content.decode()
    assert _options(report, "method") == ["", *v.win_methods]
    assert ('name="record"' in report) == v.validated
    if v.validated:
        assert f"(;GM[{v.sgf_game}]SZ[{discipline.board_size}]" in report
    client.force_login(day.user("referee"))
    decide = client.get(reverse("game", args=[slug, game.pk])).content.decode()
    assert _options(decide, "method") == ["", *v.win_methods]
    # the live board, for a game the engines replay
    live = client.get(reverse("live_board", args=[slug, game.pk]))
    assert live.status_code == (200 if v.validated else 404)
    # the EGD's file lists the disciplines of the games it rates; OpenGotha's those of the games counted with komi
    client.force_login(day.user("organizer"))
    files = client.get(reverse("manage_files", args=[slug]))
    (row,) = [row for row in files.context["export_rows"] if row.discipline == discipline]
    assert (row.egd, row.opengotha) == (v.egd_rated, v.has_komi)


@pytest.mark.django_db
@pytest.mark.usefixtures("english_visitor")
@pytest.mark.parametrize("kind", [k for k in SITE_KINDS if variant_for(k).validated])
def test_a_settled_record_downloads_as_sgf_of_the_variants_game(kind, day, client, kind_round):
    v = variant_for(kind)
    discipline, round_, game = kind_round(kind)
    record = v.sample(
        random.Random(7), size=discipline.board_size, rules=discipline.rule_set or None, handicap=game.handicap
    )
    replay = v.replay(record, size=discipline.board_size, handicap=game.handicap, komi=float(game.komi))
    result = {"black": "B", "white": "W"}.get(replay.outcome or "", "D")
    Game.objects.filter(pk=game.pk).update(record=record, result=result, result_state=ResultState.CONFIRMED)
    assert f"GM[{v.sgf_game}]" in v.write_sgf(replay)
    sgf = client.get(reverse("public_game_sgf", args=[day.tournament.slug, round_.number, game.pk]))
    text = sgf.content.decode()
    assert sgf.status_code == 200 and f"GM[{v.sgf_game}]" in text and text.count("CA[UTF-8]") == 1
    # the project's readers read what it writes: the same moves, the same end (issue #21, item 22)
    again = v.replay(text, size=discipline.board_size, handicap=game.handicap, komi=float(game.komi))
    assert v.write_text(again) == v.write_text(replay)
    assert (again.outcome, again.result) == (replay.outcome, replay.result)
    api = client.get(f"/api/v1/tournaments/{day.tournament.slug}/games/{game.pk}/").json()
    assert api["record"] == text  # the API gives the download's SGF


@pytest.mark.django_db
@pytest.mark.parametrize("kind", SITE_KINDS)
def test_every_game_of_the_registry_has_a_rules_page_with_its_diagrams(kind, client, day):
    v = variant_for(kind)
    has_page = kind in games.variants()
    assert Discipline(kind=kind).has_rules_page == has_page
    for language in ("en", "de"):
        client.cookies["django_language"] = language
        page = client.get(reverse("rules", args=[kind]))
        assert page.status_code == (200 if has_page else 404), language
        if has_page:
            assert v.title in page.content.decode()
            index = client.get(reverse("rules_index")).content.decode()
            assert reverse("rules", args=[kind]) in index
    if has_page:
        source = Path(get_template(f"tournament/rules/{kind}.html").origin.name).read_text()
        used = set(re.findall(r"diagrams\.(\w+)", source))
        assert used == set(v.diagrams), "every diagram the variant gives, and only those, on its page"
        for name, (size, moves) in v.diagrams.items():
            assert size in v.board_sizes and moves.split(), name
    else:
        assert not v.diagrams


def test_no_rules_page_template_without_a_game():
    folder = ROOT / "templates/tournament/rules"
    pages = {p.stem for p in folder.glob("*.html") if not p.stem.startswith("_") and p.stem != "index"}
    assert pages == KIND_NAMES
