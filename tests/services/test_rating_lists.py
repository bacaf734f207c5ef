"""Who replaces the site's rating lists, a tournament's own list, and several kinds of list at once.

Issue #21, item 12: any signed-up user could replace the site-wide EGD list (the right was "an organizer
of any tournament", and anyone may create one). Now only superusers and accounts given the permission
"Can replace the site's rating lists" replace a site list; an organizer uploads a list that only their
own tournament reads, before the site's list of its kind. Issue #25, item 5: the FFG's échelle and the
AGA's TD list beside the EGD's, several in use at once.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.exceptions import PermissionDenied
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tests.fixtures.day import build_day, round_to_come
from tests.fixtures.egd_list import PLAYERS, egd_bytes
from tests.fixtures.other_lists import aga_text, ffg_text
from tournament.models import AuditEntry, RatedPlayer, RatingList, Registration, Round, Tournament
from tournament.permissions import SYSTEM
from tournament.ranks import parse_rank
from tournament.selectors.ratings import by_number, lists_in_use, rank_differences, search
from tournament.services.ratings import (
    rating_kinds_update,
    rating_list_import,
    tournament_rating_list_import,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

STRONG = "Stones-and-Pairs-42"
#: A list of one player whose PIN is also in the site's list, with another rank and rating.
OWN = [("12345678", "Müller Jürgen", "DE", "Hann", "1k", 2000), ("77777777", "Zander Zoe", "DE", "Celle", "4k", 1700)]


@pytest.fixture
def day(db):
    return build_day()


@pytest.fixture
def site_egd(db):
    return rating_list_import(data=egd_bytes(), file_name="allworld_lp.html", user=SYSTEM)[0]


def _names(players):
    return [f"{p.surname} {p.given_name}" for p in players]


def _upload(name: str, data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="application/octet-stream")


def _signed_up_organizer() -> tuple[Client, Tournament]:
    """A stranger signs up on the site and creates a tournament: they are its organizer."""
    client = Client(headers={"Accept-Language": "en"})
    response = client.post(reverse("signup"), {"username": "eve", "password1": STRONG, "password2": STRONG})
    assert response.status_code == 302
    data = {
        "name": "Eves Turnier",
        "start_date": "2027-03-06",
        "end_date": "",
        "place": "Nirgendwo",
        "country": "DE",
        "time_zone": "Europe/Berlin",
        "pairing_system": "swiss",
    }
    assert client.post(reverse("tournament_new"), data).status_code == 302
    return client, Tournament.objects.get(name="Eves Turnier")


# --- who replaces the site's lists -------------------------------------------------------------------


def test_a_signed_up_organizer_cannot_replace_the_site_list_by_the_service(day, site_egd):
    _client, _own = _signed_up_organizer()
    eve = get_user_model().objects.get(username="eve")
    for user in (eve, day.user("organizer"), day.user("other_org"), day.user("alice"), None):
        with pytest.raises(PermissionDenied, match="Only a site administrator"):
            rating_list_import(data=egd_bytes(PLAYERS[:1]), user=user)
    assert list(RatingList.objects.all()) == [site_egd] and site_egd.size == len(PLAYERS)


def test_a_signed_up_organizer_cannot_replace_the_site_list_by_the_pages(day, site_egd):
    client, own = _signed_up_organizer()
    assert client.get(reverse("site_ratings")).status_code == 403
    response = client.post(reverse("site_ratings"), {"kind": "egd", "file": _upload("a.html", egd_bytes(OWN))})
    assert response.status_code == 403
    # their tournament's page takes the file as their tournament's own list, nothing more
    response = client.post(reverse("manage_ratings", args=[own.slug]), {"file": _upload("a.html", egd_bytes(OWN))})
    assert response.status_code == 302
    assert RatingList.objects.get(tournament=None) == site_egd and site_egd.entries.count() == len(PLAYERS)
    assert RatingList.objects.get(tournament=own).size == 2
    # what every other tournament finds is the site's list as it was
    assert _names(search(day.tournament, "zander")) == []
    assert by_number(day.tournament, "egd", "12345678").rank == parse_rank("3k")
    page = client.get(reverse("manage_ratings", args=[own.slug])).content.decode()
    assert f'href="{reverse("site_ratings")}"' not in page  # no link to a page they may not use


def test_superusers_and_accounts_given_the_permission_replace_the_site_lists(day, site_egd):
    admin = Client(headers={"Accept-Language": "en"})
    admin.force_login(day.user("admin"))
    assert "the list of" in admin.get(reverse("site_ratings")).content.decode()
    response = admin.post(
        reverse("site_ratings"), {"kind": "ffg", "file": _upload("ech_ffg_V3.txt", ffg_text().encode())}
    )
    assert response.status_code == 302
    assert RatingList.objects.get(tournament=None, kind="ffg").size == 5
    # an account given "Can replace the site's rating lists" in the admin
    keeper = get_user_model().objects.create_user("keeper", password=STRONG)
    keeper.user_permissions.add(Permission.objects.get(codename="replace_site_rating_lists"))
    rating_list_import(data=egd_bytes(PLAYERS[:2]), user=get_user_model().objects.get(pk=keeper.pk))
    assert RatingList.objects.get(tournament=None, kind="egd").size == 2  # replaced
    assert RatingList.objects.filter(tournament=None).count() == 2  # one per kind: the FFG's stays


def test_the_permission_through_a_group(day, site_egd):
    from django.contrib.auth.models import Group

    group = Group.objects.create(name="Ratings")
    group.permissions.add(Permission.objects.get(codename="replace_site_rating_lists"))
    keeper = get_user_model().objects.create_user("keeper", password=STRONG)
    keeper.groups.add(group)
    client = Client()
    client.force_login(keeper)
    assert client.get(reverse("site_ratings")).status_code == 200
    client.logout()
    assert reverse("login") in client.get(reverse("site_ratings"))["Location"]


# --- a tournament's own list ---------------------------------------------------------------------------


def test_a_tournaments_own_list_is_read_first_and_invisible_to_another(client, day, site_egd):
    round_to_come(day.tournament)
    own, _parsed = tournament_rating_list_import(
        tournament=day.tournament, data=egd_bytes(OWN), file_name="ours.html", user=day.user("organizer")
    )
    assert lists_in_use(day.tournament) == [own, site_egd]
    assert lists_in_use(day.other) == [site_egd]
    # read first: Müller's PIN is in both, the own list's rank wins; a player only in the site's is still found
    assert by_number(day.tournament, "egd", "12345678").rank == parse_rank("1k")
    assert by_number(day.tournament, "egd", "22334455").surname == "van der Berg"
    assert _names(search(day.tournament, "mull")) == ["Müller Jürgen", "Mueller Anna"]  # own first, no twin
    # invisible elsewhere: not searched, not chosen, not compared
    assert _names(search(day.other, "zander")) == [] and by_number(day.other, "egd", "77777777") is None
    assert by_number(day.other, "egd", "12345678").rank == parse_rank("3k")
    url = reverse("register", args=[day.other.slug])
    Tournament.objects.filter(pk=day.other.pk).update(registration_open=True)
    html = client.get(url, {"egd_q": "zander"}).content.decode()
    assert "Zander" not in html
    form = client.get(url, {"rated": "egd:77777777"}).context["form"]
    assert "surname" not in form.initial
    # the same tournament's registration finds it
    url = reverse("register", args=[day.tournament.slug])
    assert "Zander Zoe" in client.get(url, {"egd_q": "zander"}).content.decode()
    assert client.get(url, {"rated": "egd:77777777"}).context["form"].initial["club"] == "Celle"
    # the upload is in the tournament's audit log
    entry = AuditEntry.objects.get(action="ratings.list")
    assert entry.tournament == day.tournament and entry.after["players"] == 2 and entry.after["kind"] == "EGD"


def test_rank_updates_read_the_own_list_first_and_change_only_this_tournament(client, day, site_egd):
    tournament_rating_list_import(tournament=day.tournament, data=egd_bytes(OWN), user=day.user("organizer"))
    regs = {r.given_name: r for r in day.tournament.registrations.all()}
    Registration.objects.filter(pk=regs["Alice"].pk).update(egd_pin="12345678", rank=parse_rank("5k"))
    Registration.objects.filter(pk=regs["Bob"].pk).update(egd_pin="22334455", rank=parse_rank("1d"))
    other = Registration.objects.create(
        tournament=day.other, surname="Müller", given_name="Jürgen", rank=parse_rank("5k"), egd_pin="12345678"
    )
    differences, _unmatched = rank_differences(day.tournament)
    assert {d.registration.given_name: (d.rank_after, d.rated.rating_list.tournament_id) for d in differences} == {
        "Alice": ("1k", day.tournament.pk),  # the own list's
        "Bob": ("5d", None),  # not in the own list: the site's
    }
    (elsewhere,) = rank_differences(day.other)[0]
    assert elsewhere.rank_after == "3k"  # the other tournament compares with the site's list only
    Round.objects.filter(pk=day.round1.pk).update(status=Round.Status.PLANNED)
    client.force_login(day.user("organizer"))
    url = reverse("manage_ratings", args=[day.tournament.slug])
    client.post(
        reverse("manage_ratings_update", args=[day.tournament.slug]),
        {"fingerprint": client.get(url).context["fingerprint"]},
    )
    assert Registration.objects.get(pk=regs["Alice"].pk).rank == parse_rank("1k")
    other.refresh_from_db()
    assert other.rank == parse_rank("5k")


def test_a_newer_own_list_replaces_the_older_one_only(day, site_egd):
    first, _ = tournament_rating_list_import(tournament=day.tournament, data=egd_bytes(OWN), user=SYSTEM)
    elsewhere, _ = tournament_rating_list_import(tournament=day.other, data=egd_bytes(OWN[:1]), user=SYSTEM)
    newer, _ = tournament_rating_list_import(tournament=day.tournament, data=egd_bytes(OWN[1:]), user=SYSTEM)
    assert set(RatingList.objects.all()) == {site_egd, elsewhere, newer}
    assert not RatedPlayer.objects.filter(rating_list_id=first.pk).exists()
    with pytest.raises(PermissionDenied):
        tournament_rating_list_import(tournament=day.tournament, data=egd_bytes(OWN), user=day.user("other_org"))


# --- several kinds at once -------------------------------------------------------------------------------


@pytest.fixture
def three_kinds(site_egd):
    rating_list_import(data=ffg_text().encode("latin-1"), kind="ffg", file_name="ech_ffg_V3.txt", user=SYSTEM)
    rating_list_import(data=aga_text().encode(), kind="aga", file_name="TDListA.txt", user=SYSTEM)


def test_a_tournament_searches_the_kinds_it_uses_in_its_order(day, three_kinds):
    assert [rl.kind for rl in lists_in_use(day.tournament)] == ["egd"]  # the default: the EGD's only
    assert _names(search(day.tournament, "dupont")) == []
    rating_kinds_update(tournament=day.tournament, kinds=["ffg", "egd"], user=day.user("organizer"))
    assert [rl.kind for rl in lists_in_use(day.tournament)] == ["ffg", "egd"]
    assert _names(search(day.tournament, "dupont")) == ["DUPONT Jean"]
    assert [p.kind for p in search(day.tournament, "m")] == []  # too short
    found = search(day.tournament, "schmidt")  # in the FFG's list (no licence) only
    assert [(p.kind, p.number) for p in found] == [("ffg", "")]
    assert by_number(day.tournament, "ffg", "0412345").rank == parse_rank("16k")
    assert by_number(day.tournament, "aga", "12345") is None  # the AGA's list is not used here
    assert [rl.kind for rl in lists_in_use(day.other)] == ["egd"]  # another tournament is not concerned
    entry = AuditEntry.objects.get(action="tournament.settings")
    assert entry.before == {"rating_kinds": "egd"} and entry.after == {"rating_kinds": "ffg,egd"}


def test_choosing_an_ffg_player_fills_the_licence_losslessly(client, day, three_kinds):
    round_to_come(day.tournament)
    rating_kinds_update(tournament=day.tournament, kinds=["ffg", "egd"], user=SYSTEM)
    url = reverse("register", args=[day.tournament.slug])
    partial = client.get(url, {"egd_q": "dupont"}, headers={"HX-Request": "true"}).content.decode()
    assert "?rated=ffg:0412345" in partial and "FFG -1550" in partial
    response = client.get(url, {"rated": "ffg:0412345"})
    form = response.context["form"]
    assert {k: form.initial[k] for k in ("surname", "club", "country", "rank", "rating", "ffg_licence")} == {
        "surname": "DUPONT",
        "club": "38GJ",
        "country": "FR",
        "rank": parse_rank("16k"),
        "rating": 500,
        "ffg_licence": "0412345",
    }
    assert "egd_pin" not in form.initial and "aga_id" not in form.fields  # the AGA's list is not used here
    data = {
        "given_name": "Jean",
        "surname": "DUPONT",
        "club": "38GJ",
        "country": "FR",
        "rank": "16k",
        "rating": "500",
        "egd_pin": "",
        "ffg_licence": "0412345",
        "email": "jean@example.org",
        "username": "jean",
        "password": STRONG,
    }
    assert client.post(url, data).status_code == 302
    reg = Registration.objects.get(tournament=day.tournament, surname="DUPONT")
    assert (reg.ffg_licence, reg.rating, reg.egd_pin) == ("0412345", 500, "")
    # the ranks update finds him by his licence
    Registration.objects.filter(pk=reg.pk).update(rank=parse_rank("18k"))
    (difference,) = [d for d in rank_differences(day.tournament)[0] if d.registration.pk == reg.pk]
    assert (difference.list_name, difference.rank_after) == ("FFG", "16k")


def test_the_organizer_chooses_the_kinds_on_the_page(client, day, three_kinds):
    client.force_login(day.user("organizer"))
    url = reverse("manage_ratings", args=[day.tournament.slug])
    response = client.post(url, {"first": "aga", "also": ["egd", "aga"]}, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert "Registration now looks players up in: AGA, EGD." in response.content.decode()
    day.tournament.refresh_from_db()
    assert day.tournament.rating_kinds == "aga,egd"
    in_use = client.get(url).content.decode().split('id="lists-in-use"')[1].split("</ul>")[0]
    assert in_use.index("<strong>AGA</strong>") < in_use.index("<strong>EGD</strong>")
    assert "<strong>FFG</strong>" not in in_use
    late = client.get(reverse("manage_player_add", args=[day.tournament.slug]), {"rated": "aga:23456"})
    assert late.context["form"].initial["aga_id"] == "23456" and "aga_id" in late.context["form"].fields
    assert client.post(url, {"first": "xyz"}).status_code == 200  # a form error, nothing saved
    day.tournament.refresh_from_db()
    assert day.tournament.rating_kinds == "aga,egd"


def test_the_command_line_as_documented_and_with_a_kind(day, tmp_path, settings, capsys):
    egd = tmp_path / "allworld_lp.html"
    egd.write_bytes(egd_bytes())
    call_command("import_ratings", str(egd))  # as before: the site's EGD list
    assert RatingList.objects.get(tournament=None, kind="egd").size == len(PLAYERS)
    ffg = tmp_path / "ech_ffg_V3.txt"
    ffg.write_bytes(ffg_text().encode("latin-1"))
    call_command("import_ratings", str(ffg), "--kind", "ffg")
    assert "FFG rating list of 2024-03-01: 5 players" in capsys.readouterr().out
    aga = tmp_path / "TDListA.txt"
    aga.write_text(aga_text())
    settings.AGA_RATINGS_URL = aga.as_uri()
    call_command("import_ratings", "--kind", "aga")
    assert RatingList.objects.get(tournament=None, kind="aga").size == 4
    call_command("import_ratings", str(egd), "--tournament", day.tournament.slug)
    assert RatingList.objects.get(tournament=day.tournament).kind == "egd"
    assert RatingList.objects.filter(tournament=None).count() == 3
    from django.core.management import CommandError

    with pytest.raises(CommandError, match="DJANGO_FFG_RATINGS_URL"):
        call_command("import_ratings", "--kind", "ffg")
    with pytest.raises(CommandError, match="no tournament"):
        call_command("import_ratings", str(egd), "--tournament", "nowhere")


@pytest.mark.parametrize(
    "choice", ["xyz:1", ":", "egd:", "egd:" + "ä" * 200, "ffg:0412345:egd", "aga:-1", "egd:1e308", "9" * 40]
)
def test_an_odd_choice_fills_nothing_and_is_no_error(client, day, three_kinds, choice):
    url = reverse("register", args=[day.tournament.slug])
    response = client.get(url, {"rated": choice})
    assert response.status_code == 200 and "surname" not in response.context["form"].initial
    assert client.get(url, {"egd_q": choice}).status_code == 200


# --- a NUL byte (issue #30 item 5: a 500 on PostgreSQL, which cannot store one) ------------------------


def _with_nul(kind: str) -> bytes:
    """A list of ``kind`` whose second player's name holds a NUL byte (line 6, 4 and 2)."""
    if kind == "egd":
        return egd_bytes().replace(b"Mueller Anna", b"Muel\x00ler Anna")
    if kind == "ffg":
        return ffg_text().replace("MARTIN", "MAR\x00TIN").encode("latin-1")
    return aga_text().replace("Tanaka", "Tan\x00aka").encode()


NUL_LINE = {"egd": 6, "ffg": 4, "aga": 2}
NUL_WORDS = {
    "en": "The file is not a text file: line {n} holds a NUL byte.",
    "de": "Die Datei ist keine Textdatei: Zeile {n} enthält ein NUL-Byte.",
}


@pytest.mark.parametrize("kind", ["egd", "ffg", "aga"])
def test_a_list_with_a_nul_byte_is_refused_in_words_and_the_list_in_use_stays(day, site_egd, kind):
    from django.utils import translation

    from tournament.files.rating_list import RatingListError

    before = list(RatingList.objects.values_list("pk", "kind", "tournament_id", "size"))
    players = RatedPlayer.objects.count()
    for language, words in NUL_WORDS.items():
        with translation.override(language):
            with pytest.raises(RatingListError) as exc:
                rating_list_import(data=_with_nul(kind), kind=kind, file_name="list.txt", user=SYSTEM)
            assert str(exc.value) == words.format(n=NUL_LINE[kind])
            with pytest.raises(RatingListError):
                tournament_rating_list_import(
                    tournament=day.tournament, data=_with_nul(kind), kind=kind, file_name="list.txt", user=SYSTEM
                )
    # zipped as the EGD publishes it
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("allworld_lp.html", _with_nul(kind))
    with pytest.raises(RatingListError, match="NUL"):
        rating_list_import(data=buffer.getvalue(), kind=kind, file_name="list.zip", user=SYSTEM)
    assert list(RatingList.objects.values_list("pk", "kind", "tournament_id", "size")) == before
    assert RatedPlayer.objects.count() == players
    assert not AuditEntry.objects.filter(action="ratings.list").exists()


@pytest.mark.parametrize("kind", ["egd", "ffg", "aga"])
def test_a_list_with_a_nul_byte_on_the_upload_pages_and_the_command_line(day, site_egd, kind, tmp_path):
    from django.core.management import CommandError

    client = Client()
    client.cookies["django_language"] = "de"
    client.force_login(day.user("organizer"))
    url = reverse("manage_ratings", args=[day.tournament.slug])
    response = client.post(url, {"kind": kind, "file": _upload("list.txt", _with_nul(kind))})
    assert response.status_code == 200
    assert NUL_WORDS["de"].format(n=NUL_LINE[kind]) in response.content.decode()
    admin = get_user_model().objects.create_superuser(username="root", password=STRONG)
    client.force_login(admin)
    response = client.post(reverse("site_ratings"), {"kind": kind, "file": _upload("list.txt", _with_nul(kind))})
    assert response.status_code == 200
    assert NUL_WORDS["de"].format(n=NUL_LINE[kind]) in response.content.decode()
    path = tmp_path / "list.txt"
    path.write_bytes(_with_nul(kind))
    with pytest.raises(CommandError, match="NUL"):
        call_command("import_ratings", str(path), "--kind", kind)
    with pytest.raises(CommandError, match="NUL"):
        call_command("import_ratings", str(path), "--kind", kind, "--tournament", day.tournament.slug)
    assert list(RatingList.objects.values_list("pk", flat=True)) == [site_egd.pk]
