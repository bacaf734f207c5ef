"""A round robin through the pages: created as one, its whole schedule made from a round's page, taken back,
its crosstable; in German and English."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.urls import reverse

from tests.factories import make_discipline, make_player, make_round, tournament_made_on_the_page
from tests.views.test_round_workflow import pdf_text
from tournament.models import Game, Round, Tournament
from tournament.models.discipline import DisciplineKind
from tournament.models.game import Result

pytestmark = pytest.mark.django_db

MAKE = {"en": "Make the whole round-robin schedule", "de": "Den ganzen Rundenplan erstellen"}


@pytest.fixture
def robin(client):
    t = tournament_made_on_the_page(client, "Vereinsmeisterschaft", "en")
    go = make_discipline(t, DisciplineKind.GO, handicap_policy="none")
    ninuki = make_discipline(t, DisciplineKind.NINUKI)
    for i, name in enumerate(["Albers", "Bauer", "Çelik", "Dvořák", "Engel"]):
        make_player(t, surname=name, given_name="X", rating=2000 - i)
    for n in range(1, 6):
        make_round(t, go if n % 2 else ninuki, n)
    return t


def test_the_create_and_settings_pages_offer_round_robin(client, robin):
    assert robin.pairing_system == "roundrobin" and robin.standings_criteria == ["nbw", "dc", "sodos"]
    for url in (reverse("tournament_new"), reverse("manage_settings", args=[robin.slug])):
        for lang, word in (("en", "Round robin"), ("de", "Rundenturnier (jeder gegen jeden)")):
            client.cookies["django_language"] = lang
            assert 'value="roundrobin"' in (html := client.get(url).content.decode()) and word in html
    # a single round cannot be a round robin of its own
    html = client.get(reverse("manage_round_edit", args=[robin.slug, 1])).content.decode()
    assert 'value="roundrobin"' not in html


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_round_page_makes_and_removes_the_whole_schedule(client, robin, lang):
    client.cookies["django_language"] = lang
    page = reverse("manage_round", args=[robin.slug, 3])
    html = client.get(page).content.decode()
    assert MAKE[lang] in html
    assert reverse("manage_round_action", args=[robin.slug, 3, "pair"]) not in html
    assert '<section class="warnings">' not in html  # rounds 1 and 2 unpublished: nothing to warn of here
    done = client.post(reverse("manage_round_robin", args=[robin.slug, 3]), follow=True).content.decode()
    said = {
        "en": "Round-robin schedule made: 5 players, 5 rounds paired.",
        "de": "Rundenplan erstellt: 5 Spieler, 5 Runden gepaart.",
    }
    assert said[lang] in done
    assert list(robin.rounds.values_list("status", flat=True)) == [Round.Status.PAIRED] * 5
    assert Game.objects.filter(round__tournament=robin).count() == 10
    html = client.get(page).content.decode()
    assert MAKE[lang] not in html
    assert reverse("manage_round_robin_remove", args=[robin.slug, 3]) in html
    assert reverse("manage_round_action", args=[robin.slug, 3, "pair"]) not in html
    # twice (a double click): refused with a reason, nothing more made
    again = client.post(reverse("manage_round_robin", args=[robin.slug, 1]), follow=True).content.decode()
    assert {"en": "Rounds are paired already", "de": "Es sind schon Runden gepaart"}[lang] in again
    assert Game.objects.filter(round__tournament=robin).count() == 10
    gone = client.post(reverse("manage_round_robin_remove", args=[robin.slug, 3]), follow=True).content.decode()
    assert {
        "en": "Schedule removed: rounds 1, 2, 3, 4, 5",
        "de": "Rundenplan entfernt: Runden 1, 2, 3, 4, 5 sind wieder geplant",
    }[lang] in gone
    assert not Game.objects.filter(round__tournament=robin).exists()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_rounds_page_makes_a_double_schedule_adding_the_rounds_it_needs(client, robin, lang):
    robin.rounds.filter(number__gt=1).delete()
    client.cookies["django_language"] = lang
    page = reverse("manage_rounds", args=[robin.slug])
    assert MAKE[lang] in client.get(page).content.decode()
    html = client.post(reverse("manage_robin", args=[robin.slug]), {"double": "on"}, follow=True).content.decode()
    said = {
        "en": "Rounds 2, 3, 4, 5, 6, 7, 8, 9, 10 were added to the programme; give them their start times there.",
        "de": "Die Runden 2, 3, 4, 5, 6, 7, 8, 9, 10 stehen jetzt im Programm; gib ihnen dort ihre Startzeiten.",
    }
    assert said[lang] in html
    assert list(robin.rounds.values_list("status", flat=True)) == [Round.Status.PAIRED] * 10
    assert Game.objects.filter(round__tournament=robin).count() == 20
    assert MAKE[lang] not in html
    pdf = client.get(reverse("manage_robin_pdf", args=[robin.slug]), {"lang": lang})
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")


def test_a_player_cannot_make_it(client, robin):
    other = get_user_model().objects.create_user("otto", password="x")
    client.force_login(other)
    response = client.post(reverse("manage_round_robin", args=[robin.slug, 1]))
    assert response.status_code in (302, 403, 404)
    assert not Game.objects.filter(round__tournament=robin).exists()


def test_the_crosstable_reads_as_a_round_robin(client, robin):
    client.post(reverse("manage_round_robin", args=[robin.slug, 1]))
    for r in robin.rounds.all():
        client.post(reverse("manage_round_action", args=[robin.slug, r.number, "publish"]))
    Game.objects.filter(round__tournament=robin).update(result=Result.WHITE)
    for lang, words in (("en", "Each player against each"), ("de", "Jeder gegen jeden")):
        client.cookies["django_language"] = lang
        html = client.get(reverse("crosstable", args=[robin.slug])).content.decode()
        assert words in html and 'class="list crosstable round-robin"' in html
    table = html.split("<tbody>")[1].split("</tbody>")[0]
    rows = [r for r in table.split("<tr")[1:]]
    assert len(rows) == 5
    byes = {r.byes.get().player.surname: r.number for r in robin.rounds.all()}
    for number, row in enumerate(rows, 1):
        cells = row.split('class="cell')[1:]
        assert len(cells) == 5  # a square: one cell for each player
        assert cells[number - 1].startswith(' self"')
        name = next(n for n in byes if n in row)
        assert cells[number - 1].startswith(f' self">spielfrei R{byes[name]}</td>')  # the round she rested
        played = [c for c in cells if 'title="R' in c]
        assert len(played) == 4
        assert all(("+/w0" in c) != ("-/b0" in c) for c in played)  # White won every game
    for name in ("Albers", "Bauer", "Çelik", "Dvořák", "Engel"):
        assert name in table
    assert "DC" in html and "SODOS" in html
    # the PDF is square as the page: a column for each player, the byes on the diagonal; 0 points for a bye
    client.cookies["django_language"] = "en"
    text = pdf_text(client.get(reverse("pdf_crosstable", args=[robin.slug]), {"lang": "en"}).content)
    header = next(line for line in text.splitlines() if "Name" in line)
    assert header.split()[-8:] == ["Rank", "1", "2", "3", "4", "5", "NBW", "DC"] or "SODOS" in header
    assert [c for c in header.split() if c.isdigit()] == ["1", "2", "3", "4", "5"]
    assert sum(f"bye R{n}" in text for n in range(1, 6)) == 5 and "R1 " not in header
    assert "the byes on the diagonal" in text


def test_an_absent_player_is_named_and_the_log_says_what_was_done(client, robin):
    reg = robin.registrations.get(surname="Çelik")
    reg.absent_rounds = [2]
    reg.save()
    client.cookies["django_language"] = "de"
    html = client.post(reverse("manage_round_robin", args=[robin.slug, 1]), follow=True).content.decode()
    assert "X Çelik hat angegeben, Runde 2 auszulassen, hat dort aber trotzdem eine Partie." in html
    log = client.get(reverse("audit_log", args=[robin.slug])).content.decode()
    assert "Rundenplan erstellt" in log and "Runde nach dem Rundenplan gepaart" in log
    assert "X Albers / X Bauer / X Çelik / X Dvořák / X Engel" in log  # the seats, strongest first


def test_the_schedule_pdf_is_for_organizers_only(client, robin):
    client.post(reverse("manage_round_robin", args=[robin.slug, 1]))
    client.force_login(get_user_model().objects.create_user("otto", password="x"))
    assert client.get(reverse("manage_robin_pdf", args=[robin.slug])).status_code == 403
    client.logout()
    assert client.get(reverse("manage_robin_pdf", args=[robin.slug])).status_code == 302


WITHDRAWAL = {
    "en": ("Now decide what becomes of the remaining games.", "Please confirm: this is decided once.", "has withdrawn"),
    "de": (
        "Entscheide jetzt, was aus den übrigen Partien wird.",
        "Bitte bestätigen: Das wird einmal entschieden.",
        "hat sich zurückgezogen",
    ),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_withdrawal_after_round_3_is_decided_once_with_one_confirmation(client, robin, lang):
    client.cookies["django_language"] = lang
    client.post(reverse("manage_round_robin", args=[robin.slug, 1]))
    Game.objects.filter(round__tournament=robin, round__number__lte=3).update(result=Result.WHITE)
    her = robin.registrations.get(surname="Engel")
    left = list(Game.objects.filter(round__number__gt=3).filter(Q(black=her) | Q(white=her)))
    status = reverse("manage_registration_status", args=[robin.slug, her.pk])
    answer = client.post(status, {"status": "withdrawn"}, follow=True)
    page = reverse("manage_robin_withdraw", args=[robin.slug, her.pk])
    assert answer.redirect_chain[-1][0] == page
    html = answer.content.decode()
    assert WITHDRAWAL[lang][0] in html and 'value="forfeit" checked' in html
    # with htmx (the players list's button) the browser is sent there too
    her.status = "confirmed"
    her.save()
    assert client.post(status, {"status": "withdrawn"}, HTTP_HX_REQUEST="true")["HX-Redirect"] == page
    # the rounds page and a round's page name her and the decision to make; a game of hers warns "withdrawn"
    for url in (reverse("manage_rounds", args=[robin.slug]), reverse("manage_round", args=[robin.slug, 5])):
        assert page in client.get(url).content.decode()
    round_page = client.get(reverse("manage_round", args=[robin.slug, left[0].round.number])).content.decode()
    assert WITHDRAWAL[lang][2] in round_page and ("marked absent" not in round_page and "abwesend" not in round_page)
    # the choice, then the confirmation: nothing is changed before it
    html = client.post(page, {"remaining": "forfeit"}).content.decode()
    assert WITHDRAWAL[lang][1] in html and 'name="confirm" value="yes"' in html
    assert not Game.objects.filter(pk__in=[g.pk for g in left], by_default=True).exists()
    done = client.post(page, {"remaining": "forfeit", "confirm": "yes"}, follow=True)
    assert done.redirect_chain[-1][0] == reverse("manage_rounds", args=[robin.slug])
    assert Game.objects.filter(pk__in=[g.pk for g in left], by_default=True).count() == len(left)
    assert page not in done.content.decode()
    # once: a second confirmation (a double click) is refused with a reason and changes nothing
    again = client.post(page, {"remaining": "cancel", "confirm": "yes"}, follow=True).content.decode()
    assert {"en": "nothing left to decide", "de": "nichts mehr zu entscheiden"}[lang] in again
    assert Game.objects.filter(round__tournament=robin).count() == 10


def test_cancelling_where_half_is_played_is_not_offered_and_refused(client, robin):
    client.post(reverse("manage_round_robin", args=[robin.slug, 1]))
    Game.objects.filter(round__tournament=robin, round__number__lte=4).update(result=Result.WHITE)
    her = next(r for r in robin.registrations.all() if not r.byes.filter(round__number__lte=4).exists())
    Game.objects.filter(round__number=5).filter(Q(black=her) | Q(white=her)).update(result=Result.UNKNOWN)
    page = reverse("manage_robin_withdraw", args=[robin.slug, her.pk])
    html = client.get(page).content.decode()
    assert 'value="cancel" disabled' in html
    html = client.post(page, {"remaining": "cancel", "confirm": "yes"}, follow=True).content.decode()
    assert "half or more" in html
    assert Game.objects.filter(round__tournament=robin).count() == 10
    assert robin.registrations.get(pk=her.pk).status == "confirmed"


@pytest.mark.parametrize(
    ("lang", "kind", "words"),
    [
        ("en", "pairgo", "Pair Go cannot be a round robin"),
        ("de", "team3", "kann kein Rundenturnier sein"),
    ],
)
def test_a_team_or_pair_go_round_robin_is_refused_by_the_forms(client, robin, lang, kind, words):
    client.cookies["django_language"] = lang
    data = {
        "name": "Paarturnier",
        "start_date": "2027-03-06",
        "end_date": "",
        "place": "Hannover",
        "country": "de",
        "time_zone": "Europe/Berlin",
        "pairing_system": "roundrobin",
        "event_kind": kind,
    }
    html = client.post(reverse("tournament_new"), data).content.decode()
    assert words in html and not Tournament.objects.filter(name="Paarturnier").exists()
    settings = client.get(reverse("manage_settings", args=[robin.slug])).context["form"].initial
    changed = {k: ("" if v is None else v) for k, v in settings.items() if not isinstance(v, list)}
    html = client.post(reverse("manage_settings", args=[robin.slug]), {**changed, "event_kind": kind}).content.decode()
    robin.refresh_from_db()
    assert words in html and robin.event_kind == "individual"


def test_a_withdrawn_player_before_the_schedule_is_left_out_on_the_page(client, robin):
    robin.registrations.filter(surname="Engel").update(status="withdrawn")
    html = client.post(reverse("manage_round_robin", args=[robin.slug, 1]), follow=True).content.decode()
    assert "4 players, 3 rounds paired" in html
    assert Game.objects.filter(round__tournament=robin).count() == 6


def test_the_schedule_pdf_takes_as_many_queries_for_a_double_robin_of_20_as_for_5(client, robin):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries(t) -> int:
        client.post(reverse("manage_robin", args=[t.slug]), {"double": "on"})
        assert Game.objects.filter(round__tournament=t).exists()
        with CaptureQueriesContext(connection) as captured:
            assert client.get(reverse("manage_robin_pdf", args=[t.slug])).status_code == 200
        return len(captured)

    small = queries(robin)
    big = Tournament.objects.create(
        name="Groß", slug="gross", start_date="2027-03-06", end_date="2027-03-06", pairing_system="roundrobin"
    )
    big.roles.create(user=get_user_model().objects.get(username="ute"), role="organizer")
    make_discipline(big, DisciplineKind.GO, handicap_policy="none")
    for i in range(20):
        make_player(big, surname=f"Spieler{i:02d}", rating=2000 - i)
    assert queries(big) == small
    assert big.rounds.count() == 38 and Game.objects.filter(round__tournament=big).count() == 380
