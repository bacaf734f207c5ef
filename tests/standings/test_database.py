"""Selector, exports, commands and pages against the real database."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse
from pypdf import PdfReader

from tournament.exports.csv import standings_csv
from tournament.exports.dump import dump_tournament, load_tournament, uncovered_models
from tournament.exports.h9 import ascii_text, write_h9
from tournament.models import Game, Player, Round, Tournament
from tournament.selectors import standings as sel

from .dbdata import build

pytestmark = pytest.mark.django_db


@pytest.fixture
def t():
    return build()


def wipe():
    """Empty the database of tournaments and players (rounds protect disciplines)."""
    Game.objects.all().delete()
    Round.objects.all().delete()
    Tournament.objects.all().delete()
    Player.objects.all().delete()


def names(standings):
    return [(r.place_display, r.entrant.surname) for r in standings.rows]


def test_selector_overall_and_per_discipline(t):
    tournament = t["tournament"]
    overall = sel.standings_for(tournament)
    # initial MMS: 2d 30 (bar 1d), 1d 30, 3k 27, 10k 20; Müller won all three
    mms = {r.entrant.surname: r.values[0] for r in overall.rows}
    assert mms == {"Müller": "33", "山田": "30", "Šťastný": "28", "Weiß": "22"}
    assert names(overall)[0] == ("1", "Müller")
    go = sel.standings_for(tournament, discipline="Go")
    assert go.rounds == (1, 2)
    assert {r.entrant.surname for r in go.rows} == {"Müller", "山田", "Šťastný", "Weiß"}
    ninuki = sel.standings_for(tournament, discipline="Ninuki")
    assert ninuki.rounds == (3,)
    # 山田 was absent in round 3 and takes no part in the Ninuki ranking
    assert [r.entrant.surname for r in ninuki.rows] == ["Müller", "Šťastný", "Weiß"]


def test_unpublished_rounds_count_only_for_organizers(db):
    t = build(slug="unpub", published=(1,))
    public = sel.standings_for(t["tournament"])
    assert public.rounds == (1,)
    assert sel.standings_for(t["tournament"], public=False).rounds == (1, 2, 3)


def test_h9_export(t):
    st = sel.go_standings(t["tournament"], public=False)
    text = write_h9(st, sel.h9_header(t["tournament"]))
    lines = text.splitlines()
    assert lines[:8] == [
        "; CL[B]", "; EV[Hannover Vielseitigkeitsturnier]", "; PC[DE, Hannover]",
        "; DT[2026-05-02,2026-05-03]", "; HA[h9]", "; KM[6.5]", "; TM[60]", "; CM[Vielseitig]",
    ]
    rows = [line for line in lines if not line.startswith(";")]
    assert len(rows) == 4
    text.encode("ascii")  # ASCII only
    first = rows[0].split()
    assert first[:6] == ["1", "Mueller", "Juergen", "2d", "DE", "Hann"]
    assert first[-1] == "|12345678"
    number = {r.entrant.surname: r.number for r in st.rows}
    # Müller: W against 山田 in round 1, W with 4 handicap stones given in round 2
    assert first[-3:-1] == [f"{number['山田']}+/w0", f"{number['Weiß']}+/w4"]
    places = [int(r.split()[0]) for r in rows]
    assert places == [1, 2, 3, 4]
    zoe = next(r for r in rows if "Stastny Zoe" in r)
    assert zoe.endswith("|87654321")


def test_h9_writes_unplayed_rounds_and_default_wins_as_free_rounds(t):
    Game.objects.filter(round=t["rounds"][1], table=2).update(by_default=True)
    st = sel.go_standings(t["tournament"], public=False)
    row = next(r for r in st.rows if r.entrant.surname == "Šťastný")
    assert [c.code for c in row.cells][1].startswith(f"{next(r.number for r in st.rows if r.entrant.surname == '山田')}+!")
    text = write_h9(st, sel.h9_header(t["tournament"]))
    line = next(l for l in text.splitlines() if "Stastny" in l)
    assert line.split()[-2] == "0+"


def test_ascii_names():
    assert ascii_text("Müller-Lüdenscheidt Weiß") == "Mueller-Luedenscheidt Weiss"
    assert ascii_text("Šťastný Zoë Łukasz") == "Stastny Zoe Lukasz"
    assert ascii_text("山田") == ""


def test_csv(t):
    st = sel.standings_for(t["tournament"])
    rows = list(csv.DictReader(io.StringIO(standings_csv(st))))
    assert [r["surname"] for r in rows][0] == "Müller"
    assert rows[0]["egd_pin"] == "12345678"
    assert set(rows[0]) >= {"place", "MMS", "SOSM", "SOSOSM", "R1", "R2", "R3"}
    assert rows[0]["R3"].endswith("+/b0")


def test_dump_round_trip(t):
    assert uncovered_models() == []
    tournament = t["tournament"]
    before = dump_tournament(tournament)
    text = json.dumps(before)  # plain JSON data
    standings_before = sel.standings_for(tournament)
    wipe()
    loaded = load_tournament(json.loads(text))
    assert loaded.slug == "hannover"
    after = dump_tournament(loaded)
    assert after == before
    assert sel.standings_for(loaded) == standings_before


@pytest.mark.parametrize("microsecond", [0, 123, 999, 1000, 123456])
def test_dump_keeps_every_microsecond(t, microsecond):
    """Django's JSON encoder cuts times to milliseconds; a backup must not."""
    import datetime

    tournament = t["tournament"]
    stamp = datetime.datetime(2026, 5, 2, 10, 30, 15, microsecond, tzinfo=datetime.UTC)
    Game.objects.filter(round__tournament=tournament).update(updated_at=stamp)
    text = json.dumps(dump_tournament(tournament))
    wipe()
    loaded = load_tournament(json.loads(text))
    assert {g.updated_at for g in Game.objects.filter(round__tournament=loaded)} == {stamp}


def test_dump_refuses_to_overwrite(t):
    data = dump_tournament(t["tournament"])
    from tournament.exports.dump import DumpError

    with pytest.raises(DumpError):
        load_tournament(data)
    data["tournament"] = "other"
    data["objects"] = [o for o in data["objects"] if o["model"] != "tournament.tournament"]
    with pytest.raises(DumpError):
        load_tournament(data)  # the players exist already
    assert Tournament.objects.count() == 1


def test_pdf_command(t, tmp_path):
    for kind in ("standings", "crosstable"):
        out = tmp_path / f"{kind}.pdf"
        call_command("pdf", kind, "--tournament", "hannover", "-o", str(out), stdout=io.StringIO())
        text = "\n".join(p.extract_text() for p in PdfReader(out).pages)
        assert "Müller" in text and "山田" in text
    out = tmp_path / "go.pdf"
    call_command("pdf", "standings", "--tournament", "hannover", "--discipline", "Go", "-o",
                 str(out), stdout=io.StringIO())
    assert "(Go)" in PdfReader(out).pages[0].extract_text()
    for kind in ("pairings", "slips"):
        out = tmp_path / f"{kind}.pdf"
        call_command("pdf", kind, "--tournament", "hannover", "--round", "3", "-o", str(out),
                     stdout=io.StringIO())
        text = "\n".join(p.extract_text() for p in PdfReader(out).pages)
        assert "Šťastný" in text and "Ninuki" in text


def test_export_h9_command(t, tmp_path):
    out = io.StringIO()
    call_command("export_h9", "--tournament", "hannover", stdout=out)
    assert out.getvalue().startswith("; CL[B]\n")
    assert "Mueller Juergen" in out.getvalue()
    call_command("export_h9", "--tournament", "hannover", "--discipline", "Go", "-o",
                 str(tmp_path / "go.h9"))
    assert (tmp_path / "go.h9").read_text(encoding="ascii") == out.getvalue()


def test_backup_and_restore_commands(t, tmp_path):
    path = tmp_path / "backup.json"
    call_command("backup", "--tournament", "hannover", "-o", str(path))
    wipe()
    call_command("restore", str(path), stdout=io.StringIO())
    assert Tournament.objects.get(slug="hannover").rounds.count() == 3


def test_pages_answer(t, client):
    for name in ("standings", "crosstable"):
        response = client.get(reverse(name, args=["hannover"]))
        assert response.status_code == 200
        body = response.content.decode()
        assert "Müller" in body and "山田" in body and "hx-trigger" in body and "<html" in body
    response = client.get(reverse("crosstable", args=["hannover"]), HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body and 'id="crosstable-live"' in body
    # the poll: 204 while nothing changed, the new table after a result
    version = sel.standings_version(t["tournament"])
    url = reverse("standings", args=["hannover"]) + f"?v={version}"
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 204
    game = Game.objects.get(round=t["rounds"][0], table=2)
    game.result = "W"
    game.save()
    response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and 'id="standings-live"' in response.content.decode()
    assert f"v={sel.standings_version(t['tournament'])}" in response.content.decode()
    response = client.get(reverse("standings_discipline", args=["hannover", "Ninuki"]))
    assert response.status_code == 200 and "山田" not in response.content.decode()
    assert client.get(reverse("standings_discipline", args=["hannover", "Chess"])).status_code == 404


def test_the_version_sees_every_round_state(db):
    """planned, paired and published all begin with "p": the version holds the whole state."""
    from tournament.services.rounds import round_publish

    t = build(slug="dl", published=(1, 2))
    round3 = Round.objects.get(tournament=t["tournament"], number=3)
    assert round3.status == Round.Status.PAIRED
    before = sel.standings_version(t["tournament"])
    assert sel.standings_version(t["tournament"]) == before  # asking changes nothing
    round_publish(round=round3)
    assert sel.standings_version(t["tournament"]) != before
    assert sel.standings_version_of("no-such-tournament") is None


def test_one_request_makes_a_new_table_while_the_polls_wait(t, client, monkeypatch):
    """After a result every open page asks for the new table; only one request computes it."""
    from tournament.views import standings as views

    old = reverse("standings", args=["hannover"]) + "?v=old"
    computed = []
    real = sel.standings_for
    monkeypatch.setattr(sel, "standings_for", lambda *a, **k: computed.append(1) or real(*a, **k))
    live = f"{reverse('standings', args=['hannover'])}?v={sel.standings_version(t['tournament'])}"
    from django.core.cache import cache
    from django.utils import translation

    with translation.override("de"):
        key = views._table_key("standings/_standings_table.html", live)
    cache.add(f"{key}:busy", True, 10)  # another worker is making the table
    response = client.get(old, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 204 and computed == []  # keep the old table, ask again later
    cache.delete(f"{key}:busy")  # the other worker is done (or gave up)
    response = client.get(old, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200 and "Müller" in response.content.decode() and computed == [1]
    response = client.get(old, HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200 and computed == [1]  # the same table, from the cache
    # a whole page never waits: it makes the table if nobody has
    cache.clear()
    cache.add(f"{key}:busy", True, 10)
    assert client.get(reverse("standings", args=["hannover"])).status_code == 200 and computed == [1, 1]


def test_downloads_and_access(db, client):
    t = build(slug="dl", published=(1, 2))
    for name in ("pdf_standings", "pdf_crosstable"):
        response = client.get(reverse(name, args=["dl"]))
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert client.get(reverse("csv_standings", args=["dl"])).status_code == 200
    assert client.get(reverse("pdf_pairings", args=["dl", 1])).status_code == 200
    assert client.get(reverse("pdf_slips", args=["dl", 2])).status_code == 200
    # round 3 is only paired: organizers only
    assert client.get(reverse("pdf_pairings", args=["dl", 3])).status_code == 404
    assert client.get(reverse("h9_results", args=["dl"])).status_code == 302  # to the log-in page
    client.force_login(t["organizer"])
    assert client.get(reverse("pdf_pairings", args=["dl", 3])).status_code == 200
    assert client.get(reverse("pdf_slips", args=["dl", 3])).status_code == 200
    response = client.get(reverse("h9_results", args=["dl"]))
    assert response.status_code == 200 and response.content.startswith(b"; CL[B]")
