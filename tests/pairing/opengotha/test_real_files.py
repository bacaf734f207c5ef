"""Every real OpenGotha and pairgoth file imports (issue #32): ratings beyond OpenGotha's range, several
byes in a round, and keys written by OpenGotha on a computer set to Turkish, each in the shape real files
have it (:mod:`.real_shapes`, made from the shared Toulouse2024.xml). Each is read as OpenGotha 3.51.02 reads
it, or better where it loses something, and the import's notice names it; the export is read by OpenGotha
as the file was (its answers recorded in ``oracle_answers/real-shapes.json`` by
``oracle/record_real_shapes.py``)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from tests.shared import needs_shared
from tournament.files.opengotha import FOUND_BEYOND, read_tournament
from tournament.files.opengotha_version import version_of
from tournament.models import Registration, Round
from tournament.pairing import engine
from tournament.pairing.context import opengotha_options
from tournament.pairing.model import player_key
from tournament.pairing.scores import crit_value, score_table
from tournament.permissions import SYSTEM
from tournament.selectors.standings import standings_for
from tournament.services.opengotha import export_opengotha, import_notes, import_opengotha
from tournament.services.rounds import round_pair

from .real_shapes import RATINGS, byes_file, ratings_file, source, turkish_file
from .test_import_fidelity import as_352

pytestmark = needs_shared("opengotha", "Toulouse2024.xml")

ANSWERS = json.loads((Path(__file__).parent / "oracle_answers" / "real-shapes.json").read_text(encoding="utf-8"))


def jar(shape: str, which: str = "file") -> dict:
    """What OpenGotha 3.51.02 read (recorded): ratings by key, games as (round, white, black), byes by round."""
    answer = ANSWERS[shape][which]
    return {
        "ratings": {key: rating for key, _rank, rating in answer["players"]},
        "ranks": {key: rank for key, rank, _rating in answer["players"]},
        "games": sorted((r, w, b) for r, w, b, _result in answer["games"]),
        "byes": {int(r): key for r, key in answer["byes"].items()},
    }


def as_opengotha_reads(text: str) -> dict:
    """The file as OpenGotha 3.51.02 reads it, by the site's reader: the ratings clamped, the last bye of a
    round kept, the games naming a player by a key only the site finds left out."""
    t = read_tournament(text)
    found = {written: key for written, key, _how in t.extra.get("found_keys", ())}
    beyond = {written for written, _key, how in t.extra.get("found_keys", ()) if how == FOUND_BEYOND}

    def key(written: str) -> str:
        return found.get(written, written.replace(" ", "").upper())

    written = [
        (int(g.get("roundNumber")), g.get("whitePlayer"), g.get("blackPlayer"))
        for g in ET.fromstring(text.encode("utf-8")).iter("Game")
    ]
    byes: dict[int, str] = {}
    for b in t.byes:
        byes[b.round] = b.player  # the last of the round
    return {
        "ratings": {p.key: p.rating for p in t.players},
        "ranks": {p.key: p.rank for p in t.players},
        "games": sorted((r, key(w), key(b)) for r, w, b in written if w not in beyond and b not in beyond),
        "byes": byes,
    }


def registrations(t) -> dict[str, Registration]:
    return {player_key(r.surname, r.given_name): r for r in t.registrations.all()}


def notes_in(language: str, text: str) -> list[str]:
    with translation.override(language):
        return import_notes(text)


# --- ratings beyond OpenGotha's -----------------------------------------------------------------


def test_ratings_beyond_opengothas_are_read_as_opengotha_reads_them():
    ours = as_opengotha_reads(ratings_file())
    assert ours["ratings"] == jar("ratings")["ratings"] and ours["ranks"] == jar("ratings")["ranks"]
    assert {key: ours["ratings"][key] for key in RATINGS} == {
        "ALBERT_LEDUNSOLINE": -900,
        "MENDESNELL": -900,
        "JUHTAEHWAN": 2949,
    }


@pytest.mark.django_db
def test_the_import_names_each_player_whose_rating_was_moved_in_english_and_german():
    english = notes_in("en", ratings_file())
    german = notes_in("de", ratings_file())
    for name, written, read in [
        ("Soline ALBERT_LEDUN", "-7800", "-900"),
        ("nell mendes", "-1050", "-900"),
        ("tae hwan juh", "3100", "2949"),
    ]:
        assert any(name in n and f"rating {written} in the file" in n and f"read as {read}" in n for n in english)
        assert any(name in n and f"Wertung {written}" in n and f"als {read}" in n for n in german), german
    assert len([n for n in english if "rating" in n]) == 3


@pytest.mark.django_db
def test_the_site_keeps_the_clamped_rating_and_the_export_writes_the_files_own_back():
    t = import_opengotha(ratings_file(), slug="ratings", user=SYSTEM)
    regs = registrations(t)
    assert [regs[k].rating for k in RATINGS] == [-900, -900, 2949]
    exported = export_opengotha(t)
    root = ET.fromstring(exported.encode("utf-8"))
    assert root.get("dataVersion") == "201"  # else OpenGotha 3.51.02 moves every rating by 2050
    written = {player_key(p.get("name"), p.get("firstName")): p.get("rating") for p in root.iter("Player")}
    assert {k: written[k] for k in RATINGS} == RATINGS
    # OpenGotha reads the export as it read the file (recorded), and the site's export as the writer's
    assert jar("ratings", "export")["ratings"] == jar("ratings")["ratings"]
    assert as_opengotha_reads(exported)["ratings"] == jar("ratings", "export")["ratings"]
    # a rating changed on the site goes out as the site has it
    Registration.objects.filter(pk=regs["MENDESNELL"].pk).update(rating=150)
    root = ET.fromstring(export_opengotha(t).encode("utf-8"))
    assert next(p.get("rating") for p in root.iter("Player") if p.get("firstName") == "nell") == "150"


def test_a_rating_that_is_no_number_is_still_refused():
    from tournament.files.opengotha import OpenGothaFormatError

    with pytest.raises(OpenGothaFormatError, match="rating"):
        read_tournament(ratings_file().replace('rating="-7800"', 'rating="-78x"'))


# --- several byes in a round ----------------------------------------------------------------------


def test_two_byes_in_a_round_are_both_read():
    t = read_tournament(byes_file())
    assert [(b.round, b.player) for b in t.byes] == [(1, "MENDESNELL"), (1, "ALBERT_LEDUNSOLINE")]
    # in 3.52's form too (pairgoth's export: a <ByePlayer> container, keys in mixed case)
    text = as_352(byes_file())
    assert 'player="Mendesnell"' in text and "<ByePlayers>" not in text
    assert read_tournament(text).byes == t.byes
    # OpenGotha keeps the last of the round (recorded), and every game
    assert jar("byes")["byes"] == {1: "ALBERT_LEDUNSOLINE"} == as_opengotha_reads(byes_file())["byes"]
    assert jar("byes")["games"] == as_opengotha_reads(byes_file())["games"]


@pytest.mark.django_db
def test_the_import_says_which_bye_opengotha_keeps_in_english_and_german():
    english = notes_in("en", byes_file())
    assert any(
        "Round 1 has 2 byes (nell mendes, Soline ALBERT_LEDUN)" in n
        and "the last in the file (Soline ALBERT_LEDUN)" in n
        for n in english
    ), english
    german = notes_in("de", byes_file())
    assert any("Runde 1" in n and "nell mendes" in n and "Soline ALBERT_LEDUN" in n for n in german), german


@pytest.mark.django_db
def test_both_byes_count_in_the_standings_and_the_crosstable():
    t = import_opengotha(byes_file(), slug="byes", user=SYSTEM)
    assert sorted(b.player.surname for b in t.rounds.get(number=1).byes.all()) == ["ALBERT_LEDUN", "mendes"]
    standings = standings_for(t, public=False, up_to=1)
    rows = {player_key(r.entrant.surname, r.entrant.given_name): r for r in standings.rows}
    column = [c.code for c in standings.columns].index("mms")
    plain = read_tournament(byes_file())
    table = score_table(plain.players, plain.games, plain.byes, plain.params.general, 1)
    for key in ("MENDESNELL", "ALBERT_LEDUNSOLINE"):
        assert [c.code for c in rows[key].cells] == ["0+"]  # the crosstable's bye
        # the bye's points (MMS 1), as for a single bye: the McMahon start (20k: 10) and 1
        assert rows[key].numbers[column] == crit_value(table[key], "MMS", 0) / 2 == 11
    # OpenGotha (recorded): the bye it keeps gives the same, the other none (not paired)
    assert ANSWERS["byes"]["mms_after_round_1"] == {"ALBERT_LEDUNSOLINE": 22, "MENDESNELL": 20}


@pytest.mark.django_db
def test_the_crosstable_and_the_round_pages_show_both_byes(client):
    import re

    ute = get_user_model().objects.create_user("ute", password="pw-ute-123")
    t = import_opengotha(byes_file(rounds=1), slug="byes", user=ute)
    page = client.get(reverse("crosstable", args=["byes"])).content.decode()
    rows = re.findall(r"<tr[ >].*?</tr>", page, flags=re.S)
    for name in ("ALBERT_LEDUN", "mendes"):
        row = next(r for r in rows if name in r)
        assert "0+" in row, row
    public = client.get(reverse("round", args=["byes", 1]))
    client.force_login(ute)
    manage = client.get(reverse("manage_round", args=["byes", 1]))
    assert t.roles.filter(user=ute).exists()
    for response in (public, manage):
        assert response.status_code == 200
        assert "ALBERT_LEDUN" in response.content.decode() and "mendes" in response.content.decode()


@pytest.mark.django_db
def test_the_next_round_is_paired_after_two_byes():
    text = byes_file(rounds=1)
    t = import_opengotha(text, slug="byes1", user=SYSTEM)
    second = t.rounds.get(number=2)
    assert second.status == Round.Status.PLANNED
    round_pair(round=second, user=SYSTEM)
    regs = {r.pk: player_key(r.surname, r.given_name) for r in t.registrations.all()}
    site = sorted((regs[g.white_id], regs[g.black_id], g.handicap) for g in second.games.all())
    read = read_tournament(text)
    # the site pairs as the OpenGotha that wrote the file (issue #32 item 1): so does the engine here
    options = opengotha_options(version_of(read.extra["root_attrib"]))
    direct = engine.pair_round(read.before(2), 2, options=options)
    assert site == sorted((g.white, g.black, g.handicap) for g in direct.games) and len(site) == 18
    paired = {k for w, b, _h in site for k in (w, b)}
    assert {"MENDESNELL", "ALBERT_LEDUNSOLINE"} <= paired


@pytest.mark.django_db
def test_the_export_writes_both_byes_in_the_files_order_and_opengotha_keeps_the_same():
    t = import_opengotha(byes_file(), slug="byes", user=SYSTEM)
    exported = export_opengotha(t)
    root = ET.fromstring(exported.encode("utf-8"))
    written = [(b.get("roundNumber"), b.get("player")) for b in root.iter("ByePlayer") if b.get("player")]
    assert written == [("1", "MENDESNELL"), ("1", "ALBERT_LEDUNSOLINE")]
    assert jar("byes", "export") == jar("byes")
    assert as_opengotha_reads(exported)["byes"] == jar("byes", "export")["byes"]
    assert as_opengotha_reads(exported)["games"] == jar("byes", "export")["games"]
    # and the site reads its own export whole again
    assert [(b.round, b.player) for b in read_tournament(exported).byes] == [
        (1, "MENDESNELL"),
        (1, "ALBERT_LEDUNSOLINE"),
    ]


def test_a_player_with_two_byes_or_a_game_and_a_bye_in_a_round_is_refused():
    from tournament.files.opengotha import OpenGothaFormatError

    text = byes_file()
    twice = text.replace('<ByePlayer player="MENDESNELL"', '<ByePlayer player="ALBERT_LEDUNSOLINE"', 1)
    with pytest.raises(OpenGothaFormatError, match="ALBERT_LEDUNSOLINE has a bye and a bye"):
        read_tournament(twice)
    played = text.replace('<ByePlayer player="MENDESNELL"', '<ByePlayer player="JUHTAEHWAN"', 1)
    with pytest.raises(OpenGothaFormatError, match="JUHTAEHWAN has a game and a bye"):
        read_tournament(played)


# --- keys written on a computer set to Turkish ------------------------------------------------------


def test_turkish_keys_find_their_players_and_every_game_is_kept():
    ours = read_tournament(turkish_file())
    original = read_tournament(source())
    assert "BİLODEAUFLORENT" in turkish_file()
    assert sorted((g.round, g.table, g.white, g.black, g.result) for g in ours.games) == sorted(
        (g.round, g.table, g.white, g.black, g.result) for g in original.games
    )
    # OpenGotha 3.51.02 (not set to Turkish) loses the 25 games naming a player whose key it cannot fold
    assert len(jar("turkish")["games"]) == 80 == len(original.games) - 25
    assert as_opengotha_reads(turkish_file())["games"] == jar("turkish")["games"]


@pytest.mark.django_db
def test_the_import_says_the_keys_are_turkish_and_which_games_opengotha_loses():
    english = notes_in("en", turkish_file())
    turkish = next(n for n in english if "set to Turkish (İ for i)" in n)
    assert "26 players" in turkish and "Florent Bilodeau (BİLODEAUFLORENT)" in turkish
    lost = next(n for n in english if "leaves out" in n)
    assert "25 games and 0 byes" in lost
    for name in ("Jean-François MENON", "Minh Nguyen_The", "Eric Le_Flochmoen", "Aurélien ALBERT-AGUILAR"):
        assert name in lost
    assert "Florent Bilodeau" not in lost  # OpenGotha folds his key (BİLODEAUFLORENT) itself
    german = notes_in("de", turkish_file())
    assert any("türkischer Spracheinstellung" in n and "BİLODEAUFLORENT" in n for n in german), german
    assert any("25 Partien" in n and "Minh Nguyen_The" in n for n in german), german


@pytest.mark.django_db
def test_a_turkish_file_exports_with_keys_opengotha_finds_everywhere():
    t = import_opengotha(turkish_file(), slug="tr", user=SYSTEM)
    assert t.rounds.get(number=1).games.count() == 19
    exported = export_opengotha(t)
    assert "İ" not in exported
    assert len(jar("turkish", "export")["games"]) == 105
    assert as_opengotha_reads(exported)["games"] == jar("turkish", "export")["games"]
    assert "found_keys" not in (t.opengotha_extra or {})  # read for the notice, not kept


# --- through the page -------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("language,said", [("en", "is read as -900"), ("de", "als -900")])
def test_the_upload_page_shows_the_notices(client, language, said):
    client.cookies["django_language"] = language
    client.force_login(get_user_model().objects.create_user("ute", password="pw-ute-123"))
    upload = SimpleUploadedFile("t.xml", ratings_file().encode("utf-8"), content_type="text/xml")
    response = client.post(reverse("tournament_new_opengotha"), {"file": upload, "slug": "real"}, follow=True)
    page = response.content.decode()
    assert response.status_code == 200 and said in page and "ALBERT_LEDUN" in page
