"""OpenGotha keeps the wins (NBW) of byes and absences apart from the McMahon points (MMS): so does the
settings page, and the pairing and the standings use them."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from tests.factories import form_as_sent
from tournament.models import Tournament
from tournament.permissions import SYSTEM
from tournament.selectors.pairing_data import parameters_for

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_visitor")]


def test_the_nbw_values_follow_the_mms_values_unless_set(day):
    t = day.tournament
    g = parameters_for(t).general
    assert (g.mms2_bye, g.nbw2_bye, g.mms2_absent, g.nbw2_absent) == (2, 2, 0, 0)
    Tournament.objects.filter(pk=t.pk).update(bye_points_nbw=Decimal("0"), absence_points_nbw=Decimal("0.5"))
    t.refresh_from_db()
    g = parameters_for(t).general
    assert (g.mms2_bye, g.nbw2_bye, g.mms2_absent, g.nbw2_absent) == (2, 0, 0, 1)


def test_the_settings_page_edits_them_before_round_1(client, day):
    from tournament.models import Round

    t = day.tournament
    Round.objects.filter(tournament=t).update(status=Round.Status.PLANNED)
    client.force_login(day.user("organizer"))
    client.cookies["django_language"] = "en"
    url = reverse("manage_settings", args=[t.slug])
    page = client.get(url)
    assert 'name="bye_points_nbw"' in page.content.decode() and "as the McMahon points" in page.content.decode()
    form = page.context["form"]
    data = form_as_sent(form, bye_points_nbw="0", absence_points_nbw="")
    response = client.post(url, data)
    assert response.status_code == 302, response.context["form"].errors if response.context else response
    t.refresh_from_db()
    assert t.bye_points_nbw == Decimal("0") and t.absence_points_nbw is None
    assert parameters_for(t).general.nbw2_bye == 0


def test_an_opengotha_import_keeps_both(tmp_path):
    from tournament.services.opengotha import import_opengotha

    xml = (
        '<?xml version="1.0"?><Tournament dataVersion="201"><Players/><Games/><TournamentParameterSet>'
        '<GeneralParameterSet name="N" shortName="nbw" numberOfRounds="3" genMMS2ValueBye="2" '
        'genNBW2ValueBye="0" genMMS2ValueAbsent="1" genNBW2ValueAbsent="0"/></TournamentParameterSet></Tournament>'
    )
    t = import_opengotha(xml, user=SYSTEM)
    assert (t.bye_points, t.bye_points_nbw, t.absence_points, t.absence_points_nbw) == (1, 0, Decimal("0.5"), 0)
    g = parameters_for(t).general
    assert (g.mms2_bye, g.nbw2_bye, g.mms2_absent, g.nbw2_absent) == (2, 0, 1, 0)
