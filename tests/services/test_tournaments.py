"""Creating a tournament on the site, and its settings (services and pages)."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from tests.factories import make_discipline, make_player, make_round
from tournament.models import AuditEntry, Round, Tournament, TournamentRole
from tournament.permissions import SYSTEM, may_create_tournament
from tournament.ranks import parse_rank
from tournament.selectors.setup import locked_settings, settings_version
from tournament.services.rounds import round_pair
from tournament.services.tournaments import StaleSettings, tournament_create, tournament_update_settings
from tournament.standings.criteria import CRITERIA

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]

DAY = dt.date(2026, 11, 28)


def _user(name, **kwargs):
    return get_user_model().objects.create_user(name, password=f"pw-{name}-123", **kwargs)


# --- who may create -------------------------------------------------------------------


def test_the_creator_becomes_organizer_and_the_creation_is_audited():
    ute = _user("ute")
    t = tournament_create(user=ute, data={"name": "Herbstturnier Celle", "start_date": DAY, "place": "Celle"})
    assert t.slug == "herbstturnier-celle" and t.end_date == DAY and t.time_zone == "Europe/Berlin"
    assert list(t.roles.values_list("user__username", "role")) == [("ute", "organizer")]
    entry = AuditEntry.objects.get(tournament=t, action="tournament.create")
    assert entry.user == ute and entry.after["organizer"] == "ute" and entry.after["name"] == "Herbstturnier Celle"


def test_each_system_starts_with_the_standings_it_pairs_by():
    """A Swiss ranks by wins (NBW, SOS, SOSOS: OpenGotha's Swiss placement, which its pairing reads the
    score from, so that an OpenGotha export ranks as the site does), a McMahon by its scores, a round robin
    as its crosstable reads."""
    ute = _user("ute")
    made = {
        system: tournament_create(
            user=ute, data={"name": f"Turnier {system}", "start_date": DAY, "pairing_system": system}
        )
        for system in ("swiss", "mcmahon", "roundrobin")
    }
    assert {system: t.standings_criteria for system, t in made.items()} == {
        "swiss": ["nbw", "sos", "sosos"],
        "mcmahon": ["mms", "sosmms", "sososmms"],
        "roundrobin": ["nbw", "dc", "sodos"],
    }


def test_a_short_name_is_made_free_or_refused_when_given():
    ute = _user("ute")
    first = tournament_create(user=ute, data={"name": "Go-Tag", "start_date": DAY})
    second = tournament_create(user=ute, data={"name": "Go Tag", "start_date": DAY})
    assert (first.slug, second.slug) == ("go-tag", "go-tag-2")
    with pytest.raises(ValidationError) as info:
        tournament_create(user=ute, data={"name": "Anders", "slug": "go-tag", "start_date": DAY})
    assert "short name exists already" in str(info.value)
    # a name without Latin letters still gets an address
    assert tournament_create(user=ute, data={"name": "囲碁大会", "start_date": DAY}).slug == "tournament"


def test_a_short_name_transliterates_umlauts_and_sharp_s_as_german_does():
    """Issue #21 item 18: "Göttinger Straße" was ``gottinger-strae``; slugs already made stay as they are."""
    ute = _user("ute")
    old = tournament_create(user=ute, data={"name": "Alt", "slug": "gottinger-strae", "start_date": DAY})
    t = tournament_create(user=ute, data={"name": "Göttinger Straße", "start_date": DAY})
    assert t.slug == "goettinger-strasse"
    given = tournament_create(user=ute, data={"name": "X", "slug": "Übungs-Turnier Weiß", "start_date": DAY})
    assert given.slug == "uebungs-turnier-weiss"
    assert tournament_create(user=ute, data={"name": "Éte à Zürich", "start_date": DAY}).slug == "ete-a-zuerich"
    old.refresh_from_db()
    assert old.slug == "gottinger-strae"


def test_only_approved_accounts_create_when_the_site_says_so(settings):
    plain, approved, boss = _user("plain"), _user("approved"), get_user_model().objects.create_superuser("boss")
    assert may_create_tournament(plain)  # the default: anyone logged in
    settings.TOURNAMENT_CREATORS = "approved"
    organizers = Group.objects.create(name="Turnierleitung")
    organizers.permissions.add(Permission.objects.get(codename="add_tournament"))
    approved.groups.add(organizers)
    approved = get_user_model().objects.get(pk=approved.pk)  # permissions are cached per instance
    assert not may_create_tournament(plain)
    assert may_create_tournament(approved) and may_create_tournament(boss)
    with pytest.raises(PermissionDenied):
        tournament_create(user=plain, data={"name": "Nein", "start_date": DAY})
    assert not Tournament.objects.filter(name="Nein").exists()
    plain.is_active = False
    assert not may_create_tournament(plain)


def test_the_create_page(client, settings):
    url = reverse("tournament_new")
    assert client.get(url).status_code == 302  # log in first
    ute = _user("ute")
    client.force_login(ute)
    assert 'id="create-tournament"' in client.get(reverse("home")).content.decode()
    data = {
        "name": "Frühjahrsturnier",
        "start_date": "2027-03-06",
        "end_date": "",
        "place": "Hannover",
        "country": "de",
        "time_zone": "Europe/Berlin",
        "pairing_system": "mcmahon",
    }
    response = client.post(url, data)
    t = Tournament.objects.get(name="Frühjahrsturnier")
    assert response["Location"] == reverse("manage_programme", args=[t.slug])
    assert (t.country, t.end_date) == ("DE", dt.date(2027, 3, 6))
    # the same form sent twice (a double click): still one tournament
    assert client.post(url, data)["Location"] == reverse("manage_programme", args=[t.slug])
    assert Tournament.objects.filter(name="Frühjahrsturnier").count() == 1
    # odd input: a form error, never a 500
    assert client.post(url, {**data, "name": "A\x00B"}).status_code == 400  # refused before the form
    for bad in (
        {**data, "start_date": "99999-01-01"},
        {**data, "time_zone": "Mars/Olympus"},
        {**data, "end_date": "2027-03-01"},
        {**data, "slug": "ä ö"},
    ):
        assert client.post(url, bad).status_code == 200, bad
    settings.TOURNAMENT_CREATORS = "approved"
    response = client.get(url)
    assert response.status_code == 403 and "administrator" in response.content.decode()
    assert 'id="create-tournament"' not in client.get(reverse("home")).content.decode()


def test_my_tournaments_lists_them_by_role(client, day):
    organizer = day.user("organizer")
    TournamentRole.objects.create(tournament=day.other, user=organizer, role="referee")
    client.force_login(organizer)
    page = client.get(reverse("my_tournaments")).content.decode()
    organizing = page[page.index('id="organizing"') : page.index('id="refereeing"')]
    refereeing = page[page.index('id="refereeing"') :]
    assert day.tournament.name in organizing and day.other.name not in organizing
    assert day.other.name in refereeing
    assert reverse("tournament_new") in page


# --- settings -----------------------------------------------------------------------------


def test_settings_are_saved_with_their_values_before_and_after(day, planned):
    t = planned
    changed = tournament_update_settings(
        tournament=t,
        user=day.user("organizer"),
        reason="as announced",
        data={
            "mcmahon_bar": parse_rank("1d"),
            "mcmahon_floor": parse_rank("20k"),
            "bye_points": Decimal("0.5"),
            "standings_criteria": ["mms", "sos", "dc"],
            "place": "Hannover",
            "time_zone": "Europe/Berlin",
        },
    )
    assert sorted(changed) == ["bye_points", "mcmahon_bar", "mcmahon_floor", "standings_criteria"]
    t.refresh_from_db()
    assert (t.mcmahon_bar, t.mcmahon_floor, t.bye_points) == (0, -20, Decimal("0.5"))
    entry = AuditEntry.objects.get(tournament=t, action="tournament.settings")
    assert entry.before == {
        "mcmahon_bar": None,
        "mcmahon_floor": None,
        "bye_points": "1.0",
        "standings_criteria": ["mms", "sosmms", "sososmms"],
    }
    assert entry.after["mcmahon_bar"] == "1d" and entry.after["bye_points"] == "0.5"
    assert entry.reason == "as announced"
    assert tournament_update_settings(tournament=t, user=day.user("organizer"), data={"place": "Hannover"}) == []


def test_settings_the_pairings_were_made_with_are_fixed_once_a_round_is_paired(day):
    t = day.tournament  # round 1 is published
    assert set(locked_settings(t)) >= {"mcmahon_bar", "pairing_system", "handicap_ceiling", "bye_points"}
    with pytest.raises(ValidationError, match="McMahon bar"):
        tournament_update_settings(tournament=t, user=day.user("organizer"), data={"mcmahon_bar": 0})
    t.refresh_from_db()
    assert t.mcmahon_bar is None
    # the others still change
    tournament_update_settings(
        tournament=t,
        user=day.user("organizer"),
        data={"standings_criteria": ["mms", "sos"], "time_control": "60 min + 5x30 s"},
    )
    Round.objects.filter(tournament=t).update(status=Round.Status.PLANNED)
    assert locked_settings(t) == {}


def test_a_stale_settings_form_changes_nothing(day):  # a setting that changes after pairing too
    t = day.tournament
    seen = settings_version(t)
    tournament_update_settings(tournament=t, user=day.user("organizer"), data={"place": "Celle"})
    with pytest.raises(StaleSettings):
        tournament_update_settings(tournament=t, user=day.user("organizer"), data={"place": "Peine"}, version=seen)
    t.refresh_from_db()
    assert t.place == "Celle"


def test_the_model_refuses_what_the_form_would(day):
    t = day.tournament
    t.time_zone = "Europe/Atlantis"
    t.mcmahon_bar, t.mcmahon_floor = parse_rank("5k"), parse_rank("1d")
    with pytest.raises(ValidationError) as info:
        t.full_clean()
    assert {"time_zone", "mcmahon_floor"} <= set(info.value.message_dict)


def _settings_post(t, **changes):
    data = {
        "version": settings_version(t),
        "name": t.name,
        "start_date": t.start_date.isoformat(),
        "end_date": t.end_date.isoformat(),
        "place": t.place,
        "country": t.country,
        "time_zone": t.time_zone,
        "description": "",
        "registration_open": "on",
        "time_control": t.time_control,
        "pairing_system": t.pairing_system,
        "mcmahon_bar": "",
        "mcmahon_floor": "",
        "rematch_scope": t.rematch_scope,
        "bye_points": "1",
        "absence_points": "0",
        "handicap_threshold": "",
        "handicap_correction": "1",
        "handicap_ceiling": "9",
        "overall_ranking": t.overall_ranking,
        "best_of": "",
        **{f"standings_criteria_{i}": c for i, c in enumerate(t.standings_criteria)},
    }
    data.update(changes)
    return data


@pytest.fixture
def planned(day):
    """The tournament day before round 1 was paired."""
    Round.objects.filter(tournament=day.tournament).update(status=Round.Status.PLANNED)
    return day.tournament


def test_the_settings_page_reads_ranks_criteria_and_the_time_control(organizer_client, planned):
    t = planned
    url = reverse("manage_settings", args=[t.slug])
    page = organizer_client.get(url).content.decode()
    assert 'name="mcmahon_bar"' in page and 'name="standings_criteria_5"' in page
    assert "EGD class" in page  # "45 min + 5x30 s" read by the EGD reader
    response = organizer_client.post(
        url,
        _settings_post(
            t,
            mcmahon_bar="1D",
            mcmahon_floor="20k",
            handicap_threshold="3d",
            standings_criteria_0="nbw",
            standings_criteria_1="",
            standings_criteria_2="sos",
            standings_criteria_3="dc",
            time_control="60 min + 15 stones / 5 min",
            reason="Ausschreibung",
        ),
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    t.refresh_from_db()
    assert (t.mcmahon_bar, t.mcmahon_floor, t.handicap_threshold) == (0, -20, 2)
    assert t.standings_criteria == ["nbw", "sos", "dc"]  # in order; the empty choice is skipped
    assert t.time_control == "60 min + 15 stones / 5 min"


def test_the_settings_page_offers_each_criterion_of_the_standings_by_its_name(organizer_client, planned):
    """Issue 15, point 6: the criteria are defined once (tournament.standings.criteria); the page offers
    each of them, in their order, named in the reader's language, and the model takes each."""
    organizer_client.cookies["django_language"] = "de"
    page = organizer_client.get(reverse("manage_settings", args=[planned.slug])).content.decode()
    first = page[page.index('name="standings_criteria_0"') :]
    first = first[: first.index("</select>")]
    assert re.findall(r'<option value="([^"]*)"', first) == ["", *CRITERIA]
    names = dict(re.findall(r'<option value="([^"]+)"[^>]*>([^<]*)</option>', first))
    assert (names["nbw"], names["dc"], names["sosm1mms"], names["sdc"]) == (
        "Siege",
        "Direkter Vergleich",
        "SOS-1 (McMahon)",
        "Vereinfachter direkter Vergleich",
    )
    for code in CRITERIA:
        planned.standings_criteria = [code]
        planned.full_clean()


@pytest.mark.parametrize(
    "changes,field",
    [
        ({"mcmahon_bar": "1 dan"}, "mcmahon_bar"),
        ({"mcmahon_bar": "5k", "mcmahon_floor": "1d"}, "mcmahon_floor"),
        ({"time_control": "a long time"}, "time_control"),
        ({"time_control": "9" * 99 + " min"}, "time_control"),
        ({"standings_criteria_0": "mms", "standings_criteria_1": "mms"}, "standings_criteria"),
        ({"standings_criteria_0": "", "standings_criteria_1": "", "standings_criteria_2": ""}, "standings_criteria"),
        ({"standings_criteria_0": "nonsense"}, "standings_criteria"),
        ({"handicap_correction": "99999999999999999999"}, "handicap_correction"),
        ({"handicap_ceiling": "-1"}, "handicap_ceiling"),
        ({"bye_points": "7"}, "bye_points"),
        ({"overall_ranking": "best-of", "best_of": ""}, "best_of"),
        ({"time_zone": "Europe/Atlantis"}, "time_zone"),
        ({"start_date": "2026-02-30"}, "start_date"),
    ],
)
def test_odd_settings_are_form_errors_not_crashes(organizer_client, planned, changes, field):
    t = planned
    before = Tournament.objects.filter(pk=t.pk).values().get()
    response = organizer_client.post(reverse("manage_settings", args=[t.slug]), _settings_post(t, **changes))
    assert response.status_code == 422
    assert field in response.context["form"].errors, response.context["form"].errors
    assert Tournament.objects.filter(pk=t.pk).values().get() == before


def test_the_settings_page_shows_fixed_settings_read_only_with_the_reason(organizer_client, day):
    t = day.tournament  # round 1 is published
    url = reverse("manage_settings", args=[t.slug])
    page = organizer_client.get(url).content.decode()
    assert "Fixed since a round was paired" in page
    form = organizer_client.get(url).context["form"]
    assert form.fields["mcmahon_bar"].disabled and not form.fields["standings_criteria"].disabled
    # a forged value for a fixed setting is ignored; the others are saved
    response = organizer_client.post(
        url, _settings_post(t, mcmahon_bar="5d", pairing_system="swiss", standings_criteria_0="nbw")
    )
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.mcmahon_bar is None and t.pairing_system == "mcmahon" and t.standings_criteria[0] == "nbw"


def test_the_other_settings_save_when_a_fixed_bar_and_floor_are_set(organizer_client, day):
    """Issue #21 (2): the disabled bar and floor came back as numbers and failed as "“1” is not a rank"."""
    t = day.tournament  # round 1 is published
    Tournament.objects.filter(pk=t.pk).update(mcmahon_bar=parse_rank("2d"), mcmahon_floor=parse_rank("12k"))
    t.refresh_from_db()
    response = organizer_client.post(
        reverse("manage_settings", args=[t.slug]),
        _settings_post(t, description="Vielseitigkeitsturnier", mcmahon_bar="", mcmahon_floor=""),
    )
    assert response.status_code == 302, response.context["form"].errors
    t.refresh_from_db()
    assert t.description == "Vielseitigkeitsturnier"
    assert (t.mcmahon_bar, t.mcmahon_floor) == (parse_rank("2d"), parse_rank("12k"))


def test_a_stale_settings_page_says_so(organizer_client, planned):
    t = planned
    data = _settings_post(t, place="Peine")
    tournament_update_settings(tournament=t, data={"place": "Celle"}, user=SYSTEM)
    response = organizer_client.post(reverse("manage_settings", args=[t.slug]), data, follow=True)
    assert "Somebody else changed the settings" in response.content.decode()
    t.refresh_from_db()
    assert t.place == "Celle"


def test_round_start_times_are_in_the_tournaments_time_zone(organizer_client, planned):
    t = planned
    tournament_update_settings(tournament=t, data={"time_zone": "Asia/Tokyo"}, user=SYSTEM)
    response = organizer_client.post(
        reverse("manage_round_add", args=[t.slug]),
        {"discipline": t.disciplines.first().pk, "starts_at": "2026-11-28T10:00", "last_seen": 1},
    )
    assert response.status_code == 302
    r2 = t.rounds.get(number=2)
    assert r2.starts_at == dt.datetime(2026, 11, 28, 1, 0, tzinfo=dt.UTC)  # 10:00 in Tokyo
    page = organizer_client.get(reverse("manage_programme", args=[t.slug])).content.decode()
    assert "10:00" in page
    form_page = organizer_client.get(reverse("manage_round_edit", args=[t.slug, 2])).content.decode()
    assert 'value="2026-11-28T10:00"' in form_page


def test_a_round_with_no_handicap_is_paired_even(day):
    """The discipline's handicap policy reaches the pairing: "no handicap" means even games."""
    t = day.tournament
    go = make_discipline(t, kind="go", board_size=9, komi=Decimal("7"), handicap_policy="none")
    for rank in ("5d", "20k", "3d", "25k"):
        make_player(t, rank=rank)
    r = make_round(t, go, number=2)
    round_pair(round=r, user=SYSTEM)
    assert r.games.count() == 4 and set(r.games.values_list("handicap", "komi")) == {(0, Decimal("7"))}
    go.handicap_policy = "mcmahon"
    go.save()
    r3 = make_round(t, go, number=3)
    round_pair(round=r3, user=SYSTEM)
    assert max(r3.games.values_list("handicap", flat=True)) > 0
