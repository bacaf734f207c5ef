"""A knockout stage through the pages: seeded by the organizers' page, bad input refused in words, the next
round made there, the bracket public once its round is published, its PDF, and the final places above the
standings; in German and English."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.factories import make_discipline, make_player, make_round, tournament_made_on_the_page
from tests.views.test_round_workflow import pdf_text
from tournament.models import Knockout, Round
from tournament.models.discipline import DisciplineKind
from tournament.models.game import Result
from tournament.models.tournament import KNOCKOUT
from tournament.permissions import SYSTEM
from tournament.services.results import result_set
from tournament.services.round_robin import round_robin_schedule
from tournament.services.rounds import round_finish, round_pair, round_publish

pytestmark = pytest.mark.django_db

WORDS = {
    "en": {
        "stage": "Knockout stage",
        "seed": "Seed it and make its first round",
        "stages": ("Quarter-finals", "Semi-finals", "Final"),
        "third": "Game for third place",
        "places": "Final places",
        "first": "1st",
        "shared": "5th–8th",
        "made": "Knockout stage seeded: 8 players; round 3 is made by the bracket.",
        "too_many": "The knockout stage takes 2 players up to the 10 in the standings, not 12.",
        "not_a_number": "Fill in the form of the knockout stage.",
        "missing": "Enter the results of the knockout games first",
        "decided": "won · round",
        "seeded": "Seeded from the standings after round 2.",
    },
    "de": {
        "stage": "K.-o.-Runde",
        "seed": "Setzen und erste Runde erstellen",
        "stages": ("Viertelfinale", "Halbfinale", "Finale"),
        "third": "Spiel um Platz 3",
        "places": "Endplatzierung",
        "first": "1.",
        "shared": "5.–8.",
        "made": "K.-o.-Runde gesetzt: 8 Spieler; Runde 3 ist aus dem Turnierbaum erstellt.",
        "too_many": "Die K.-o.-Runde nimmt 2 Spieler bis zu den 10 der Tabelle, nicht 12.",
        "not_a_number": "Fülle das Formular der K.-o.-Runde aus.",
        "missing": "Trage zuerst die Ergebnisse der K.-o.-Partien ein",
        "decided": "entschieden · Runde",  # a match's state, not "gewonnen" without a winner named
        "seeded": "Gesetzt gemäß der Tabelle nach Runde 2.",  # not "nach der Tabelle nach"
    },
}

FORM = {
    "action": "make",
    "source": "table",
    "size": "8",
    "per_group": "2",
    "third_place": "on",
    "draw_rule": "seed",
    "colours": "nigiri",
}


@pytest.fixture
def swiss(client):
    t = tournament_made_on_the_page(client, "Stadtmeisterschaft", system="swiss")
    go = make_discipline(t, DisciplineKind.GO, handicap_policy="none")
    names = ["Albers", "Bauer", "Çelik", "Dvořák", "Engel", "Fuchs", "Groß", "Hahn", "Ivanova", "Jäger"]
    for i, name in enumerate(names):
        make_player(t, surname=name, given_name="X", rating=2200 - 10 * i)
    for n in (1, 2):
        r = make_round(t, go, n)
        round_pair(round=r, user=SYSTEM)
        finish(r)
    return t


def finish(round_: Round) -> None:
    """Publish and enter every result: the stronger (made first) wins."""
    round_.refresh_from_db()
    if round_.status == Round.Status.PAIRED:
        round_publish(round=round_, user=SYSTEM)
    for g in round_.games.all():
        won = Result.BLACK if g.black_id < g.white_id else Result.WHITE
        result_set(game=g, user=SYSTEM, version=g.version, result=won)
    round_finish(round=round_, user=SYSTEM)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_knockout_of_eight_through_the_pages(client, swiss, lang):
    w = WORDS[lang]
    client.cookies["django_language"] = lang
    slug = swiss.slug
    manage = reverse("manage_knockout", args=[slug])
    assert w["stage"] in client.get(reverse("manage_rounds", args=[slug])).content.decode()
    html = client.get(manage).content.decode()
    assert w["seed"] in html
    # bad input: said in words, nothing made, never a 500
    for bad, said in (({"size": "12"}, w["too_many"]), ({"size": "acht"}, w["not_a_number"])):
        page = client.post(manage, {**FORM, **bad}, follow=True)
        assert page.status_code == 200 and said in page.content.decode()
        assert not Knockout.objects.exists()
    assert client.get(reverse("bracket", args=[slug])).status_code == 404  # nothing to show yet
    done = client.post(manage, FORM, follow=True).content.decode()
    assert w["made"] in done
    r3 = swiss.rounds.get(number=3)
    assert r3.pairing_system == KNOCKOUT and r3.games.count() == 4
    # not published yet: the public bracket waits; the organizers see it
    client.logout()
    client.cookies["django_language"] = lang
    assert client.get(reverse("bracket", args=[slug])).status_code == 404
    round_publish(round=r3, user=SYSTEM)
    assert reverse("bracket", args=[slug]) in client.get(reverse("round", args=[slug, 3])).content.decode()
    html = client.get(reverse("bracket", args=[slug])).content.decode()
    for name in w["stages"]:
        assert name in html
    assert "Albers X" in html and html.count("data-match=") == 4 + 2 + 1 + 1
    client.force_login(get_user_model().objects.get(username="ute"))
    client.cookies["django_language"] = lang
    finish(r3)
    page = client.post(manage, {"action": "next"}, follow=True).content.decode()
    assert swiss.rounds.get(number=4).games.count() == 2
    page = client.post(manage, {"action": "next"}, follow=True).content.decode()
    assert w["missing"] in page
    finish(swiss.rounds.get(number=4))
    client.post(manage, {"action": "next"})
    finish(swiss.rounds.get(number=5))
    html = client.get(reverse("bracket", args=[slug])).content.decode()
    assert w["places"] in html and w["third"] in html and w["shared"] in html
    assert f'<p class="bracket-state small muted">{w["decided"]} ' in html and w["seeded"] in html
    standings = client.get(reverse("standings", args=[slug])).content.decode()
    assert w["places"] in standings and f"<td>{w['first']}</td><td>Albers X</td>" in standings
    text = pdf_text(client.get(reverse("pdf_bracket", args=[slug]) + f"?lang={lang}").content)
    for name in (*w["stages"], w["third"], w["places"], "Albers X", "Hahn X"):
        assert name in text
    # the rule changed on the page, in the audit log
    client.post(manage, {"action": "rule", "draw_rule": "replay", "reason": "Turnierordnung"})
    assert Knockout.objects.get().draw_rule == "replay"
    assert swiss.audit_entries.filter(action="tournament.knockout_rule").exists()


def test_groups_dealt_on_the_page_of_a_round_robin(client):
    t = tournament_made_on_the_page(client, "9x9", "de")
    make_discipline(t, DisciplineKind.GO, board_size=9)
    for i in range(8):
        make_player(t, surname=f"Neun{i}", given_name="X", rating=2000 - i)
    manage = reverse("manage_knockout", args=[t.slug])
    html = client.post(manage, {"action": "groups", "count": "2"}, follow=True).content.decode()
    assert "Die Spieler sind in 2 Gruppen." in html and "Gruppe A" in html and "Gruppe B" in html
    html = client.post(manage, {"action": "groups", "count": "9"}, follow=True).content.decode()
    assert "Zwischen 1 und 4 Gruppen" in html
    # the schedule plays each group apart; the standings page shows each group's table
    round_robin_schedule(tournament=t, user=SYSTEM)
    first = t.rounds.get(number=1)
    finish(first)
    html = client.get(reverse("standings", args=[t.slug])).content.decode()
    assert (
        html.count('<section class="group-tables">') == 1
        and "<h3>Gruppe A</h3>" in html
        and "<h3>Gruppe B</h3>" in html
    )
    assert html.count("<h3>Gruppe") == 2
    # the knockout from the groups (the two best of each): the page and the PDF say so, in German
    for r in t.rounds.filter(number__gt=1).order_by("number"):
        finish(r)
    client.post(manage, {**FORM, "source": "groups", "per_group": "2", "size": "4"})
    round_publish(round=t.rounds.get(pairing_system=KNOCKOUT), user=SYSTEM)
    seeded = "Gesetzt gemäß der Tabelle jeder Gruppe nach Runde 3."
    assert seeded in client.get(reverse("bracket", args=[t.slug])).content.decode()
    assert seeded in pdf_text(client.get(reverse("pdf_bracket", args=[t.slug]) + "?lang=de").content)
