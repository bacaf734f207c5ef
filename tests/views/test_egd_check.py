"""Before the EGD results file is sent: the players without an EGD PIN, with a PIN the list does not hold,
and with a name or rank other than the EGD list's."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import RatedPlayer, RatingList, Registration
from tournament.ranks import parse_rank
from tournament.selectors.ratings import egd_check

from ..standings.dbdata import build

pytestmark = pytest.mark.django_db


@pytest.fixture
def t():
    data = build(slug="egdcheck")
    muller, yamada, stastny, weiss = data["players"]
    Registration.objects.filter(pk=weiss.pk).update(egd_pin="11111111")  # not in the list
    egd = RatingList.objects.create(kind="egd", size=3)
    # Müller as the EGD writes him: the same name folded, the same rank
    RatedPlayer.objects.create(rating_list=egd, number="12345678", surname="Mueller", given_name="Juergen",
                               rank=parse_rank("2d"), rating=2230)  # fmt: skip
    # Šťastný: the list has her as 2k, and as "Stastna"
    RatedPlayer.objects.create(rating_list=egd, number="87654321", surname="Stastna", given_name="Zoe",
                               rank=parse_rank("2k"), rating=1850)  # fmt: skip
    return data


def test_the_check_lists_what_differs(t):
    muller, yamada, stastny, weiss = t["players"]
    check = egd_check(t["tournament"])
    assert check.has_list and not check.clean
    assert [r.pk for r in check.without_pin] == [yamada.pk]
    assert [r.pk for r in check.unknown_pin] == [weiss.pk]
    assert [(m.registration.pk, m.name_differs, m.rank_differs) for m in check.mismatches] == [(stastny.pk, True, True)]


def test_the_files_page_shows_the_check_in_both_languages(client, t):
    client.force_login(t["organizer"])
    url = reverse("manage_files", args=[t["tournament"].slug])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    section = english[english.index('id="egd-check"') :]
    assert "1 player without an EGD PIN" in section and "山田 太郎" in section
    assert "11111111" in section[section.index('id="egd-unknown-pin"') :]
    mismatches = section[section.index('id="egd-mismatches"') : section.index("</ul>")]
    assert "Stastna Zoe" in mismatches and "rank 3k, the list's 2k" in mismatches and "Müller" not in mismatches
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Vor dem Senden der EGD-Ergebnisdatei" in german and "Rang 3k, in der Liste 2k" in german
