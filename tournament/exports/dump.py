"""A whole tournament as plain, JSON-ready data, and back (backups, moving servers).

:func:`dump_tournament` gives a dict::

    {"format": "vielseitig-tournament", "version": 1,
     "tournament": "<slug>",
     "users": [{"username": ..., "email": ..., "password": <hash>, ...}],
     "objects": [{"model": "tournament.player", "pk": 7, "fields": {...}}, ...]}

The objects are Django's serializer output (every field, primary keys
kept), so nothing is lost; user accounts are referred to by username and
matched (or created) by username on loading.  :func:`load_tournament` puts
everything back in one transaction: a clash (an existing slug or primary
key) raises and leaves the database unchanged.  It is meant for a database
that does not hold the tournament or its players yet.
"""

from __future__ import annotations

import datetime
import json

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.management.color import no_style
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, transaction

from tournament.models import (
    AuditEntry, Bye, Discipline, Game, PairConstraint, Player, Registration, Round, Tournament,
    TournamentRole,
)

FORMAT = "vielseitig-tournament"
VERSION = 1
USER_FIELDS = ("username", "first_name", "last_name", "email", "password", "is_active",
               "is_staff", "is_superuser", "date_joined", "last_login")

#: Models in the order they are loaded (referenced before referring).
MODELS = (Player, Tournament, Discipline, Round, Registration, Game, Bye, PairConstraint,
          TournamentRole, AuditEntry)


class DumpError(ValueError):
    pass


class _LosslessEncoder(DjangoJSONEncoder):
    """Django's encoder cuts times to milliseconds; a backup keeps every microsecond."""

    def default(self, o):
        if isinstance(o, datetime.datetime):
            text = o.isoformat()
            return text[:-6] + "Z" if text.endswith("+00:00") else text
        if isinstance(o, datetime.time):
            return o.isoformat()
        return super().default(o)


def _serialize(objects, **options) -> list[dict]:
    return json.loads(serializers.serialize("json", objects, cls=_LosslessEncoder, **options))


def _querysets(t: Tournament) -> dict:
    player_ids = set(t.registrations.values_list("player_id", flat=True))
    for b, w in Game.objects.filter(round__tournament=t).values_list("black_id", "white_id"):
        player_ids.update((b, w))
    player_ids.update(Bye.objects.filter(round__tournament=t).values_list("player_id", flat=True))
    for a, b in t.pair_constraints.values_list("player_a_id", "player_b_id"):
        player_ids.update((a, b))
    return {
        Player: Player.objects.filter(pk__in=player_ids),
        Tournament: Tournament.objects.filter(pk=t.pk),
        Discipline: t.disciplines.all(),
        Round: t.rounds.all(),
        Registration: t.registrations.all(),
        Game: Game.objects.filter(round__tournament=t),
        Bye: Bye.objects.filter(round__tournament=t),
        PairConstraint: t.pair_constraints.all(),
        TournamentRole: t.roles.all(),
        AuditEntry: t.audit_entries.all(),
    }


def _user_fields(model) -> list[str]:
    user_model = get_user_model()
    return [f.name for f in model._meta.concrete_fields
            if f.is_relation and f.related_model is user_model]


def uncovered_models() -> list[str]:
    """Models of the app the dump does not know (a test keeps this empty)."""
    known = set(MODELS)
    return [m.__name__ for m in apps.get_app_config("tournament").get_models() if m not in known]


def dump_tournament(tournament: Tournament) -> dict:
    user_model = get_user_model()
    objects = []
    user_ids: set[int] = set()
    for model, qs in _querysets(tournament).items():
        rows = _serialize(qs.order_by("pk"))
        for field in _user_fields(model):
            user_ids.update(r["fields"][field] for r in rows if r["fields"].get(field))
        objects.extend(rows)
    users = {u.pk: u for u in user_model.objects.filter(pk__in=user_ids)}
    for row in objects:
        model = apps.get_model(row["model"])
        for field in _user_fields(model):
            uid = row["fields"].get(field)
            row["fields"][field] = users[uid].get_username() if uid else None
    user_rows = []
    for u in sorted(users.values(), key=lambda u: u.get_username()):
        data = _serialize([u], fields=USER_FIELDS)[0]["fields"]
        user_rows.append(data)
    return {"format": FORMAT, "version": VERSION, "tournament": tournament.slug,
            "users": user_rows, "objects": objects}


@transaction.atomic
def load_tournament(data: dict) -> Tournament:
    if data.get("format") != FORMAT:
        raise DumpError("not a Vielseitig tournament dump")
    if data.get("version") != VERSION:
        raise DumpError(f"dump version {data.get('version')} is not supported (expected {VERSION})")
    if Tournament.objects.filter(slug=data["tournament"]).exists():
        raise DumpError(f"a tournament {data['tournament']!r} exists already")
    user_model = get_user_model()
    user_pk: dict[str, int] = {}
    for fields in data.get("users", []):
        username = fields["username"]
        user = user_model.objects.filter(username=username).first()
        if user is None:
            created = next(serializers.deserialize("json", json.dumps(
                [{"model": user_model._meta.label_lower, "pk": None, "fields": fields}])))
            created.save()
            user = created.object
        user_pk[username] = user.pk
    objects = []
    for row in data["objects"]:
        row = {**row, "fields": dict(row["fields"])}
        model = apps.get_model(row["model"])
        for field in _user_fields(model):
            name = row["fields"].get(field)
            row["fields"][field] = user_pk[name] if name else None
        objects.append(row)
    by_model: dict = {}
    for row in objects:
        by_model.setdefault(apps.get_model(row["model"]), []).append(row["pk"])
    for model, pks in by_model.items():
        clash = model.objects.filter(pk__in=pks).values_list("pk", flat=True)[:5]
        if clash:
            raise DumpError(f"{model.__name__} rows {list(clash)} exist already; "
                            "load into a database without them")
    for obj in serializers.deserialize("json", json.dumps(objects)):
        obj.save()
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), list(MODELS)):
            cursor.execute(sql)
    return Tournament.objects.get(slug=data["tournament"])
