import pytest
from django.urls import reverse

from tests.views.test_round_robin_pages import robin  # noqa: F401
from tournament.models import Game
from tournament.models.game import Result

pytestmark = pytest.mark.django_db


def test_dump(client, robin):  # noqa: F811
    client.post(reverse("manage_robin", args=[robin.slug]), {"double": "on"})
    for g in Game.objects.filter(round__number__lte=3):
        g.result = Result.WHITE
        g.save()
    open("/tmp/rr-schedule.pdf", "wb").write(
        client.get(reverse("manage_robin_pdf", args=[robin.slug]), {"lang": "de"}).content
    )
    for r in robin.rounds.all():
        client.post(reverse("manage_round_action", args=[robin.slug, r.number, "publish"]))
    open("/tmp/rr-cross.pdf", "wb").write(client.get(reverse("pdf_crosstable", args=[robin.slug])).content)
    open("/tmp/rr-cross.html", "w").write(client.get(reverse("crosstable", args=[robin.slug])).content.decode())
