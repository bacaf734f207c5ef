"""The attributes an OpenGotha import kept (``Tournament.opengotha_extra``: the root's and each player's)
as ``[name, value]`` pairs in the file's order, not as JSON objects: PostgreSQL's JSON column sorts an
object's keys its own way, and the file written back had them in another order. Each object becomes its
pairs in the order the database gives them (the file's, where the database kept it); back again, the
pairs become an object."""

from django.db import migrations


def _pairs(value):
    return [[str(k), str(v)] for k, v in value.items()] if isinstance(value, dict) else value


def _object(value):
    return {str(p[0]): p[1] for p in value} if isinstance(value, list) else value


def _convert(apps, change):
    Tournament = apps.get_model("tournament", "Tournament")
    for t in Tournament.objects.exclude(opengotha_extra={}).only("pk", "opengotha_extra").iterator():
        extra = t.opengotha_extra
        if not isinstance(extra, dict):
            continue
        new = dict(extra)
        if "root_attrib" in extra:
            new["root_attrib"] = change(extra["root_attrib"])
        if isinstance(extra.get("players"), dict):
            new["players"] = {key: change(attrs) for key, attrs in extra["players"].items()}
        if new != extra:
            Tournament.objects.filter(pk=t.pk).update(opengotha_extra=new)


def forwards(apps, schema_editor):
    _convert(apps, _pairs)


def backwards(apps, schema_editor):
    _convert(apps, _object)


class Migration(migrations.Migration):
    dependencies = [("tournament", "0027_audit_entry_without_object")]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
