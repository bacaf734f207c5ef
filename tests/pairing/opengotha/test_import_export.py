"""OpenGotha files into the site and back out, losslessly; pairing an imported round."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.shared import shared
from tournament.files.opengotha import read_tournament
from tournament.files.opengotha_version import version_of
from tournament.models import Game, Round, Tournament
from tournament.pairing import engine
from tournament.pairing.context import opengotha_options
from tournament.permissions import SYSTEM
from tournament.services.opengotha import export_opengotha, import_opengotha
from tournament.services.rounds import round_pair

pytestmark = pytest.mark.django_db

SHARED = shared("opengotha")
FILES = sorted(SHARED.glob("*.xml"))


def summary(t):
    """Everything a round trip must keep, as comparable plain values."""
    n = t.params.general.number_of_rounds
    return {
        "name": t.name,
        "short_name": t.short_name,
        "params": t.params,
        "players": sorted(
            (
                p.key,
                p.name,
                p.first_name,
                p.rank,
                p.club,
                p.country,
                p.rating,
                p.mms_correction,
                p.final,
                tuple(p.present(r) for r in range(1, n + 1)),
            )
            for p in t.players
        ),
        "games": sorted(
            (g.round, g.table, g.white, g.black, g.handicap, g.result.value, g.by_default) for g in t.games
        ),
        "byes": sorted((b.round, b.player) for b in t.byes),
    }


def test_the_fixtures_are_there():
    assert len(FILES) == 6, f"expected the six OpenGotha files in {SHARED}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_round_trip_keeps_players_games_results_byes_and_parameters(path):
    original = read_tournament(path)
    tournament = import_opengotha(path, user=SYSTEM)
    again = read_tournament(export_opengotha(tournament).encode("utf-8"))
    assert summary(again) == summary(original)
    # The raw extras too: OpenGotha's other player attributes and sections.
    assert again.extra["players"].keys() == original.extra["players"].keys()
    for key, pairs in original.extra["players"].items():
        attrs, written = dict(pairs), dict(again.extra["players"][key])
        assert [name for name, _ in again.extra["players"][key]] == [name for name, _ in pairs]  # in their order
        for name in ("egfPin", "ffgLicence", "agaId", "ratingOrigin"):
            assert written.get(name) == attrs.get(name), (key, name)
    assert len(again.extra["others"]) == len(original.extra["others"])


def test_import_maps_onto_the_models():
    path = SHARED / "notsimplemm.xml"
    original = read_tournament(path)
    t = import_opengotha(path, slug="nsmm", user=SYSTEM)
    assert t.slug == "nsmm" and t.pairing_system == "mcmahon"
    assert t.registrations.count() == len(original.players)
    assert Game.objects.filter(round__tournament=t).count() == len(original.games)
    assert sum(r.byes.count() for r in t.rounds.all()) == len(original.byes)
    absent = {(reg.surname, n) for reg in t.registrations.all() for n in reg.absent_rounds}
    expected = {(p.name, r) for p in original.players for r in range(1, 6) if not p.present(r)}
    assert absent == expected
    assert {r.status for r in t.rounds.all()} <= {Round.Status.FINISHED, Round.Status.PUBLISHED, Round.Status.PLANNED}


def test_importing_the_same_slug_twice_is_refused_and_leaves_nothing_half_done():
    path = SHARED / "simplemm.xml"
    import_opengotha(path, slug="twice", user=SYSTEM)
    before = Game.objects.count()
    with pytest.raises(Exception, match="exists already"):
        import_opengotha(path, slug="twice", user=SYSTEM)
    assert Game.objects.count() == before
    assert Tournament.objects.filter(slug="twice").count() == 1


def test_a_malformed_file_gives_a_clear_error_and_no_tournament(tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text("<Tournament><Players><Player name='A'/></Players></Tournament>")
    with pytest.raises(Exception, match="TournamentParameterSet"):
        import_opengotha(bad, user=SYSTEM)
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(
    "name,round_number", [("simplemm", 3), ("notsimplemm", 4), ("simpleswiss", 5), ("Toulouse2024", 4)]
)
def test_pairing_an_imported_round_in_the_site_matches_the_engine_on_the_file(name, round_number):
    """The site's parameters for an imported tournament are the file's own, its OpenGotha version too."""
    path = SHARED / f"{name}.xml"
    read = read_tournament(path)
    options = opengotha_options(version_of(read.extra["root_attrib"]))
    direct = engine.pair_round(read.before(round_number), round_number, options=options)
    t = import_opengotha(path, user=SYSTEM)
    for r in t.rounds.filter(number__gte=round_number):
        r.games.all().delete()
        r.byes.all().delete()
        Round.objects.filter(pk=r.pk).update(status=Round.Status.PLANNED)
    round_ = t.rounds.get(number=round_number)
    round_pair(round=round_, user=SYSTEM)
    keys = {reg.pk: reg for reg in t.registrations.all()}
    from tournament.pairing.model import player_key

    def key(pid):
        p = keys[pid]
        return player_key(p.surname, p.given_name)

    site = sorted((key(g.white_id), key(g.black_id), g.handicap) for g in round_.games.all())
    assert site == sorted((g.white, g.black, g.handicap) for g in direct.games)
    site_bye = [key(b.player_id) for b in round_.byes.all()]
    assert site_bye == ([direct.bye] if direct.bye else [])


def test_commands(tmp_path):
    out = io.StringIO()
    call_command("import_opengotha", str(SHARED / "simpleswiss.xml"), "--slug", "ss", stdout=out)
    assert "/t/ss/" in out.getvalue()
    target = tmp_path / "out.xml"
    call_command("export_opengotha", "--tournament", "ss", "-o", str(target))
    assert summary(read_tournament(target)) == summary(read_tournament(SHARED / "simpleswiss.xml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_standings_of_an_imported_file_are_opengothas(path):
    """The whole site path (import, the one conversion of parameters, the
    standings selector) gives OpenGotha's own table after the last round."""
    import json

    from tournament.selectors.standings import standings_for
    from tournament.standings.criteria import get

    answer = json.loads(
        (Path(__file__).parent / "oracle_answers" / f"{path.stem}.standings.json").read_text(encoding="utf-8")
    )
    original = read_tournament(path)
    t = import_opengotha(path, user=SYSTEM)
    assert [get(c).header for c in t.standings_criteria] == list(original.params.placement)
    last = max(g.round for g in original.games)
    st = standings_for(t)
    keys = {reg.pk: reg for reg in t.registrations.all()}
    from tournament.pairing.model import player_key

    ours = [(player_key(keys[r.entrant.id].surname, keys[r.entrant.id].given_name), r.place) for r in st.rows]
    theirs, place = [], 0
    for key, printed, implied, *_ in answer["rounds"][last - 1]:
        if implied:
            place = int(printed) if printed else place
            theirs.append((key, place))
    assert ours == theirs
