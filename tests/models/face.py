"""Print, as JSON, what a tournament shows: standings CSV (overall and per discipline), the EGD file and
the crosstable PDF's text. Run in its own process on the database in ``DATABASE_URL``:

    DATABASE_URL=sqlite:///x.sqlite3 python tests/models/face.py demo orga

The migration tests compare its output before and after an upgrade.
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")


def main(slug: str, organizer: str) -> dict:
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client
    from pypdf import PdfReader

    from tournament.models import Tournament

    settings.ALLOWED_HOSTS = ["*"]
    client = Client()
    client.cookies["django_language"] = "en"
    client.force_login(get_user_model().objects.get(username=organizer))
    t = Tournament.objects.get(slug=slug)
    face = {
        "standings.csv": client.get(f"/t/{slug}/standings.csv").content.decode(),
        "results.h9": client.get(f"/t/{slug}/results.h9").content.decode(),
    }
    for name in t.disciplines.order_by("position").values_list("name", flat=True):
        face[f"standings.csv?{name}"] = client.get(f"/t/{slug}/standings.csv", {"discipline": name}).content.decode()
    pdf = client.get(f"/t/{slug}/crosstable.pdf").content
    face["crosstable.pdf"] = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    return face


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], sys.argv[2]), ensure_ascii=False, indent=1, sort_keys=True))
