"""The OpenGotha version on the site: an imported file's own decides, a tournament made on the site
pairs as 3.52, the settings page changes it (before the first pairing freely, after it with a reason
in the audit log), the site pairs by it, and the OpenGotha export names it so that the file pairs the
same when read again. Held against the 3.51.02 jar's recorded answer for simpair-1's round 2, where
3.52 pairs otherwise (tests/pairing/opengotha/test_opengotha_versions.py)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.factories import form_as_sent
from tests.pairing.opengotha.oracle.simulate import pairing_scenario
from tournament import pair_opengotha
from tournament.files.opengotha import read_tournament, write_tournament
from tournament.files.opengotha_version import version_of
from tournament.models import AuditEntry, Round, Tournament, TournamentRole
from tournament.pairing.context import opengotha_options
from tournament.pairing.engine import pair_round
from tournament.permissions import SYSTEM
from tournament.services.opengotha import export_opengotha, import_opengotha
from tournament.services.rounds import round_pair, round_unpair
from tournament.services.tournaments import tournament_create, tournament_update_settings

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]

ANSWERS = Path(__file__).resolve().parents[1] / "pairing" / "opengotha" / "oracle_answers"
NAME, ROUND = "simpair-1", 2
ORIGINAL = read_tournament(pairing_scenario(1))


def jar() -> set[tuple[str, str, int]]:
    answers = json.loads((ANSWERS / f"{NAME}.pairings.json").read_text(encoding="utf-8"))
    return {tuple(g) for g in next(a for a in answers if a["round"] == ROUND)["games"]}


def file_until_round(version_number: str = "3.51.02") -> str:
    """simpair-1 with its games before round 2 only, saved by OpenGotha ``version_number``."""
    text = write_tournament(ORIGINAL.before(ROUND))
    return text.replace('fullVersionNumber="3.51.02"', f'fullVersionNumber="{version_number}"')


def site_games(round_: Round) -> set[tuple[str, str, int]]:
    """The round's games by the file's player keys."""
    key = {(p.name, p.first_name): p.key for p in ORIGINAL.players}
    regs = {r.pk: key[(r.surname, r.given_name)] for r in round_.tournament.registrations.all()}
    return {(regs[g.white_id], regs[g.black_id], g.handicap) for g in round_.games.all()}


def pairs(games) -> set[frozenset[str]]:
    return {frozenset(g[:2]) for g in games}


def cli(text: str, tmp_path: Path, *version: str) -> set[tuple[str, str, int]]:
    path = tmp_path / "exported.xml"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    extra = ["--opengotha-version", *version] if version else []
    assert pair_opengotha.main([str(path), "--round", str(ROUND), *extra], stdout=out) == 0
    return {(g["white"], g["black"], g["handicap"]) for g in json.loads(out.getvalue())["games"]}


@pytest.mark.parametrize("number,version", [("3.51.02", "3.51"), ("3.50.04", "3.51"), ("3.52.03", "3.52")])
def test_an_imported_file_pairs_as_the_opengotha_that_saved_it(number, version):
    t = import_opengotha(file_until_round(number), user=SYSTEM)
    assert t.opengotha_version == version


def test_a_tournament_made_on_the_site_pairs_as_352_and_its_file_says_so():
    user = get_user_model().objects.create_user("maker", password="pw-maker-12345")
    t = tournament_create(user=user, data={"name": "Neu", "start_date": "2026-12-05", "pairing_system": "swiss"})
    assert t.opengotha_version == "3.52"
    root = read_tournament(export_opengotha(t)).extra["root_attrib"]
    assert root == [["dataVersion", "201"], ["fullVersionNumber", "3.52.03"]]


def test_the_site_pairs_by_the_tournaments_version_and_the_export_reads_back_the_same(tmp_path):
    t = import_opengotha(file_until_round(), user=SYSTEM)
    assert t.opengotha_version == "3.51"
    round_ = t.rounds.get(number=ROUND)
    round_pair(round=round_, user=SYSTEM)
    assert site_games(round_) == jar()  # the jar's own pairing
    exported = export_opengotha(t)
    assert version_of(read_tournament(exported).extra["root_attrib"]) == "3.51"
    assert cli(exported, tmp_path) == jar()

    # round 1 was paired as 3.51: another version only with a reason, nothing changed without one
    with pytest.raises(ValidationError) as info:
        tournament_update_settings(tournament=t, data={"opengotha_version": "3.52"}, user=SYSTEM)
    assert "reason" in info.value.message_dict
    t.refresh_from_db()
    assert t.opengotha_version == "3.51"
    tournament_update_settings(
        tournament=t, data={"opengotha_version": "3.52"}, user=SYSTEM, reason="Der Turnierleiter hat 3.52"
    )
    entry = AuditEntry.objects.filter(tournament=t, action="tournament.settings").latest("pk")
    assert (entry.before, entry.after, entry.reason) == (
        {"opengotha_version": "3.51"},
        {"opengotha_version": "3.52"},
        "Der Turnierleiter hat 3.52",
    )

    round_unpair(round=round_, user=SYSTEM)
    round_pair(round=round_, user=SYSTEM)
    as_352 = pair_round(ORIGINAL.before(ROUND), ROUND, options=opengotha_options("3.52")).games
    assert site_games(round_) == {(g.white, g.black, g.handicap) for g in as_352}
    assert pairs(site_games(round_)) != pairs(jar())
    exported = export_opengotha(t)
    assert dict(read_tournament(exported).extra["root_attrib"])["fullVersionNumber"] == "3.52.03"
    assert cli(exported, tmp_path) == site_games(round_)  # read back: pairs as 3.52
    assert cli(exported, tmp_path, "3.51") == jar()


def _organizer(client, t: Tournament):
    user = get_user_model().objects.create_user(f"org-{t.slug}", password="pw-organizer-123")
    TournamentRole.objects.create(tournament=t, user=user, role="organizer")
    client.force_login(user)


def test_the_settings_page_shows_and_changes_it(client):
    t = import_opengotha(file_until_round(), user=SYSTEM)
    _organizer(client, t)
    url = reverse("manage_settings", args=[t.slug])
    # the file's round 1 was paired: a change needs a reason
    page = client.get(url)
    text = page.content.decode()
    assert '<option value="3.51" selected>OpenGotha 3.51</option>' in text
    assert "another version needs a reason" in text
    response = client.post(url, form_as_sent(page.context["form"], opengotha_version="3.52"))
    assert response.status_code == 422
    assert "say why the next rounds should pair as OpenGotha 3.52" in response.content.decode()
    t.refresh_from_db()
    assert t.opengotha_version == "3.51"
    response = client.post(url, form_as_sent(page.context["form"], opengotha_version="3.52", reason="wie vor Ort"))
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.opengotha_version == "3.52"
    assert AuditEntry.objects.filter(tournament=t, reason="wie vor Ort").exists()


def test_before_the_first_pairing_it_changes_freely_and_a_form_without_it_keeps_it(client):
    user = get_user_model().objects.create_user("maker", password="pw-maker-12345")
    t = tournament_create(user=user, data={"name": "Frei", "start_date": "2026-12-05", "pairing_system": "mcmahon"})
    client.force_login(user)
    url = reverse("manage_settings", args=[t.slug])
    page = client.get(url)
    assert "another version needs a reason" not in page.content.decode()
    assert client.post(url, form_as_sent(page.context["form"], opengotha_version="3.51")).status_code == 302
    t.refresh_from_db()
    assert t.opengotha_version == "3.51"
    page = client.get(url)
    data = form_as_sent(page.context["form"], description="ohne das Feld")
    del data["opengotha_version"]
    assert client.post(url, data).status_code == 302
    t.refresh_from_db()
    assert (t.opengotha_version, t.description) == ("3.51", "ohne das Feld")


def test_a_backup_carries_it_and_one_from_before_restores_as_352():
    from django.core.serializers.json import DjangoJSONEncoder

    from tournament.backup import dump_tournament, load_tournament

    t = import_opengotha(file_until_round(), slug="als-351", user=SYSTEM)
    backup = json.loads(json.dumps(dump_tournament(t), cls=DjangoJSONEncoder))
    row = next(o for o in backup["objects"] if o["model"] == "tournament.tournament")
    assert row["fields"]["opengotha_version"] == "3.51"
    row["fields"]["slug"] = backup["tournament"] = "wieder-351"
    assert load_tournament(backup).opengotha_version == "3.51"
    # a backup made before the field: its tournaments were paired by 3.52's rules, the only ones then
    del row["fields"]["opengotha_version"]
    row["fields"]["slug"] = backup["tournament"] = "vorher"
    assert load_tournament(backup).opengotha_version == "3.52"


def test_the_site_offers_the_versions_the_engine_and_the_file_know():
    from tournament.files.opengotha_version import FULL_VERSION_NUMBER, VERSIONS
    from tournament.models.tournament import OpenGothaVersion
    from tournament.pairing.context import DEFAULT_OPENGOTHA_VERSION, OPENGOTHA_DIALECTS

    assert list(OpenGothaVersion.values) == list(OPENGOTHA_DIALECTS) == list(VERSIONS) == list(FULL_VERSION_NUMBER)
    assert Tournament._meta.get_field("opengotha_version").default == DEFAULT_OPENGOTHA_VERSION
