"""A whole tournament as plain, JSON-ready data, and back (backups, moving servers).

:func:`dump_tournament` gives a dict::

    {"format": "vielseitig-tournament", "version": 3,
     "tournament": "<slug>",
     "users": [{"username": ..., "email": ..., ...}],
     "objects": [{"model": "tournament.registration", "pk": 7, "fields": {...}}, ...]}

The objects are Django's serializer output (every field, primary keys
kept), so nothing is lost; user accounts (the players' own, organizers',
referees', and whoever appears in the audit log) are referred to by user
name. Password hashes are left out unless asked for (``with_accounts``):
a backup handed around then holds no secret. Staff and superuser flags are
never written.

:func:`load_tournament` puts everything back in one transaction, with new
primary keys (the database may hold other tournaments; the references and
the audit entries' object ids follow): an existing slug raises and leaves
the database unchanged. It loads only the tournament's own models, every one of them
belonging to that tournament, and refuses anything else with a clear
message. Accounts are matched by user name; a missing one is made as a
plain account (never staff or superuser), without a usable password unless
the backup carries its hash, and an existing account is never changed.
Backups of earlier versions are brought forward step by step (:data:`VERSION`:
version 1 from before the players' data moved onto the registrations, version 2
with an OpenGotha file's attributes as objects), and rank categories an OpenGotha
import kept in the parameter set before they had fields of their own come into the
fields.

Every value is checked before it is written as a form or an import checks it (the
model's own field checks, :meth:`Registration.clean_fields` for a player's data), and
every id inside stored JSON follows the restore as a foreign key does
(:func:`_mapped_record`, :func:`_map_audit_entry`). A restore that cannot be done
raises :class:`DumpError` naming the row and the field, and writes nothing.

Where each concept lives (the map of them all is ``docs/architecture.md``):

- backups: `tournament/backup.py` (`dump_tournament`, `load_tournament`; `manage.py backup` / `restore`;
  `VERSION` and `UPGRADES`, each older version's step forward; a restore checks every row as a form or an import
  does: the models' `clean_fields`, `Registration.clean_fields` for a player's data, `WHOLE_CHECKS`; ids inside
  stored JSON mapped in `_mapped_record` / `_map_audit_entry`); into a folder (a USB stick) during the day:
  `tournament/backup_folder.py` (`manage.py backup --to DIR --every N`; its last round on the dashboard:
  `selectors/venue.backup_status`; `open_backup`: owner-only files with the accounts' hashes, for `-o FILE` too)
"""

from __future__ import annotations

import datetime
import json
import secrets

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.core import serializers
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import DataError, IntegrityError, transaction
from django.db.models import JSONField

from tournament.files.opengotha import attribute_pairs
from tournament.models import (
    AuditEntry,
    Bye,
    ByeRequest,
    Discipline,
    FrozenStandings,
    Game,
    GameReplay,
    Knockout,
    LineUp,
    LiveRecord,
    Match,
    PairConstraint,
    PairingPrint,
    PairingRecord,
    Registration,
    Round,
    TablePlan,
    Team,
    TeamBye,
    TeamMember,
    Tournament,
    TournamentInvitation,
    TournamentRole,
)
from tournament.models.registration import CLAIM_ALPHABET, CLAIM_LENGTH, PLAYER_FIELDS
from tournament.models.round import audited_pairing_record
from tournament.pairing import categories
from tournament.selectors.checkin import NOT_CHECKED_IN
from tournament.standings import frozen

FORMAT = "vielseitig-tournament"
#: 1: the players' data in a site-wide ``tournament.player``; 2: on the registrations; 3: the attributes an
#: OpenGotha import kept as ``[name, value]`` pairs in the file's order (migration 0028).
VERSION = 3
USER_FIELDS = ("username", "first_name", "last_name", "email", "is_active", "date_joined", "last_login")

#: Models in the order they are loaded (referenced before referring).
MODELS = (
    Tournament,
    Discipline,
    Round,
    TablePlan,
    Registration,
    Team,
    TeamMember,
    LineUp,
    Match,
    TeamBye,
    Game,
    LiveRecord,
    Bye,
    ByeRequest,
    Knockout,
    PairConstraint,
    PairingPrint,
    TournamentRole,
    TournamentInvitation,
    FrozenStandings,
    AuditEntry,
)
LABELS = {m._meta.label_lower: m for m in MODELS}
#: Models of derived data, made again when needed: not in a dump.
DERIVED = (GameReplay,)
#: Models a backup writes inside another's rows: a round's pairing record is a field of the round there
#: (``pairing_record``), as it was before it got its own table.
INSIDE = (PairingRecord,)


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
    return {
        Tournament: Tournament.objects.filter(pk=t.pk),
        Discipline: t.disciplines.all(),
        Round: t.rounds.all(),
        TablePlan: t.table_plans.all(),
        Registration: t.registrations.all(),
        Team: t.teams.all(),
        TeamMember: TeamMember.objects.filter(team__tournament=t),
        LineUp: LineUp.objects.filter(round__tournament=t),
        Match: Match.objects.filter(round__tournament=t),
        TeamBye: TeamBye.objects.filter(round__tournament=t),
        Game: Game.objects.filter(round__tournament=t),
        LiveRecord: LiveRecord.objects.filter(game__round__tournament=t),
        Bye: Bye.objects.filter(round__tournament=t),
        ByeRequest: ByeRequest.objects.filter(round__tournament=t),
        Knockout: Knockout.objects.filter(tournament=t),
        PairConstraint: t.pair_constraints.all(),
        PairingPrint: PairingPrint.objects.filter(round__tournament=t),
        TournamentRole: t.roles.all(),
        TournamentInvitation: t.invitations.all(),
        FrozenStandings: FrozenStandings.objects.filter(tournament=t),
        AuditEntry: t.audit_entries.all(),
    }


def _user_fields(model) -> list[str]:
    user_model = get_user_model()
    return [f.name for f in model._meta.concrete_fields if f.is_relation and f.related_model is user_model]


#: Models that are not in a tournament's backup: the rating lists are lookup tables, the site's and a
#: tournament's own (import them again with ``manage.py import_ratings``, ``--tournament`` for its own);
#: registrations keep what they took from them.
SITE_WIDE = ("RatingList", "RatedPlayer")
#: Models of the machine that serves the tournament, not of the tournament: whether and how its pages
#: are published as a static site (turned on again on the dashboard after a restore).
MACHINE = ("Publication",)


def uncovered_models() -> list[str]:
    """Models of the app the dump does not know (a test keeps this empty)."""
    known = (
        set(MODELS) | set(DERIVED) | set(INSIDE) | {apps.get_model("tournament", name) for name in SITE_WIDE + MACHINE}
    )
    return [m.__name__ for m in apps.get_app_config("tournament").get_models() if m not in known]


def dump_tournament(tournament: Tournament, *, with_accounts: bool = False) -> dict:
    """The tournament as a dict; ``with_accounts`` adds the accounts' password hashes."""
    user_model = get_user_model()
    objects = []
    user_ids: set[int] = set()
    for model, qs in _querysets(tournament).items():
        rows = _serialize(qs.order_by("pk"))
        if model is Round:
            _with_pairing_records(rows)
        for field in _user_fields(model):
            user_ids.update(r["fields"][field] for r in rows if r["fields"].get(field))
        if model is LiveRecord:  # who entered each move, by user name
            names = {e[0] for r in rows for e in r["fields"].get("entries") or () if isinstance(e, list) and e}
            user_ids.update(user_model.objects.filter(username__in=names).values_list("pk", flat=True))
        objects.extend(rows)
    users = {u.pk: u for u in user_model.objects.filter(pk__in=user_ids)}
    for row in objects:
        model = apps.get_model(row["model"])
        for field in _user_fields(model):
            uid = row["fields"].get(field)
            row["fields"][field] = users[uid].get_username() if uid else None
    fields = USER_FIELDS + (("password",) if with_accounts else ())
    user_rows = []
    for u in sorted(users.values(), key=lambda u: u.get_username()):
        user_rows.append(_serialize([u], fields=fields)[0]["fields"])
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": tournament.slug,
        "with_accounts": with_accounts,
        "users": user_rows,
        "objects": objects,
    }


# --- reading ------------------------------------------------------------------------


def _claim_code() -> str:
    return "".join(secrets.choice(CLAIM_ALPHABET) for _ in range(CLAIM_LENGTH))


def upgrade_v1(data: dict) -> dict:
    """A version-1 backup (a site-wide ``tournament.player`` per person) as version 2.

    Each registration gets its player's data and account; games, byes and
    pairing constraints name registrations instead of players. A player
    with games but no registration gets a withdrawn one, as the database
    migration does.
    """
    objects = [dict(row, fields=dict(row["fields"])) for row in data.get("objects", [])]
    players = {row["pk"]: row["fields"] for row in objects if row["model"] == "tournament.player"}
    rest = [row for row in objects if row["model"] != "tournament.player"]
    registrations = [row for row in rest if row["model"] == "tournament.registration"]
    tournament_pk = next((row["pk"] for row in rest if row["model"] == "tournament.tournament"), None)
    by_player: dict = {}
    next_pk = max([row["pk"] for row in registrations] or [0]) + 1

    def fill(fields: dict, player_pk) -> None:
        player = players.get(player_pk)
        if player is None:
            raise DumpError(f"the backup names player {player_pk}, which it does not hold")
        for name in PLAYER_FIELDS:
            fields[name] = player.get(name, "" if name not in ("rank", "rating") else None)
        fields["user"] = player.get("user")
        fields["claim_code"] = None if player.get("user") else _claim_code()
        fields.setdefault("invited_at", None)

    for row in registrations:
        player_pk = row["fields"].pop("player", None)
        fill(row["fields"], player_pk)
        by_player[player_pk] = row["pk"]
    added = []

    def registration_of(player_pk):
        nonlocal next_pk
        if player_pk not in by_player:
            fields = {
                "tournament": tournament_pk,
                "status": "withdrawn",
                "source": "organizer",
                "absent_rounds": [],
                "mms_correction": 0,
                "note": "made when player data moved to registrations",
            }
            fill(fields, player_pk)
            added.append({"model": "tournament.registration", "pk": next_pk, "fields": fields})
            by_player[player_pk] = next_pk
            next_pk += 1
        return by_player[player_pk]

    for row in rest:
        f = row["fields"]
        if row["model"] == "tournament.game":
            f["black"], f["white"] = registration_of(f["black"]), registration_of(f["white"])
        elif row["model"] == "tournament.bye":
            f["player"] = registration_of(f["player"])
        elif row["model"] == "tournament.pairconstraint":
            f["player_a"], f["player_b"] = registration_of(f["player_a"]), registration_of(f["player_b"])
    # the new registrations go right after the others (loaded before the games that name them)
    at = max((i for i, row in enumerate(rest) if row["model"] == "tournament.registration"), default=-1) + 1
    rest[at:at] = added
    users = [{k: v for k, v in u.items() if k not in ("is_staff", "is_superuser")} for u in data.get("users", [])]
    return {**data, "version": 2, "users": users, "objects": rest}


def upgrade_v2(data: dict) -> dict:
    """A version-2 backup as version 3: the attributes an OpenGotha import kept (the root's and each
    player's) as ``[name, value]`` pairs, in the order the backup's JSON has them (migration 0028 does the
    same in the database)."""
    objects = []
    for row in data.get("objects", []):
        fields = row.get("fields") if isinstance(row, dict) else None
        extra = fields.get("opengotha_extra") if isinstance(fields, dict) else None
        if row.get("model") == "tournament.tournament" and isinstance(extra, dict):
            extra = dict(extra)
            if isinstance(extra.get("root_attrib"), dict):
                extra["root_attrib"] = attribute_pairs(extra["root_attrib"])
            if isinstance(extra.get("players"), dict):
                extra["players"] = {
                    key: attribute_pairs(attrs) if isinstance(attrs, dict) else attrs
                    for key, attrs in extra["players"].items()
                }
            row = {**row, "fields": {**fields, "opengotha_extra": extra}}
        objects.append(row)
    return {**data, "version": 3, "objects": objects}


#: Each older version's step to the next.
UPGRADES = {1: upgrade_v1, 2: upgrade_v2}


def _check_objects(data: dict) -> None:
    """Only the tournament's own models, each belonging to the one tournament of the backup."""
    objects = data["objects"]
    strange = sorted({row.get("model", "?") for row in objects if row.get("model") not in LABELS})
    if strange:
        raise DumpError("the backup holds objects a tournament backup never has: " + ", ".join(map(str, strange)))
    tournaments = [row for row in objects if row["model"] == "tournament.tournament"]
    if len(tournaments) != 1 or tournaments[0]["fields"].get("slug") != data.get("tournament"):
        raise DumpError("a tournament backup holds exactly one tournament, the one it names")
    t_pk = tournaments[0]["pk"]
    own = {name: {row["pk"] for row in objects if row["model"] == f"tournament.{name}"} for name in _REFERRED}
    for row in objects:
        if not _belongs(row["model"], row["fields"], t_pk, own):
            model = row["model"]
            raise DumpError(f"{model} {row.get('pk')} does not belong to the tournament of the backup")


def _account(user_model, fields: dict):
    """The existing account of that name (left as it is), or a new plain one."""
    username = str(fields.get("username") or "")
    if not username:
        raise DumpError("an account in the backup has no user name")
    user = user_model.objects.filter(username=username).first()
    if user is not None:
        return user
    user = user_model(username=username)
    for name in ("first_name", "last_name", "email", "is_active", "date_joined", "last_login"):
        if name in fields and fields[name] is not None:
            setattr(user, name, fields[name])
    if isinstance(user.date_joined, str) or isinstance(user.last_login, str):
        from django.utils.dateparse import parse_datetime

        user.date_joined = parse_datetime(user.date_joined) if isinstance(user.date_joined, str) else user.date_joined
        user.last_login = parse_datetime(user.last_login) if isinstance(user.last_login, str) else user.last_login
    user.is_staff = False
    user.is_superuser = False
    password = fields.get("password")
    user.password = password if isinstance(password, str) and password else make_password(None)
    user.save()
    return user


@transaction.atomic
def load_tournament(data: dict) -> Tournament:  # noqa: C901
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DumpError("not a Vielseitig tournament backup")
    if not isinstance(data.get("objects"), list) or not isinstance(data.get("users", []), list):
        raise DumpError("the backup has no list of objects")
    if not all(isinstance(row, dict) and isinstance(row.get("fields"), dict) for row in data["objects"]):
        raise DumpError("an object in the backup is not readable (no model and fields)")
    while data.get("version") in UPGRADES:
        data = UPGRADES[data["version"]](data)
    if data.get("version") != VERSION:
        raise DumpError(f"backup version {data.get('version')} is not supported (expected 1 to {VERSION})")
    _check_objects(data)
    if Tournament.objects.filter(slug=data["tournament"]).exists():
        raise DumpError(f"a tournament {data['tournament']!r} exists already")
    user_model = get_user_model()
    user_pk: dict[str, int] = {}
    for fields in data.get("users", []):
        if not isinstance(fields, dict):
            raise DumpError("an account in the backup is not readable")
        user = _account(user_model, fields)
        user_pk[user.get_username()] = user.pk
    for row in data["objects"]:
        for field in _user_fields(LABELS[row["model"]]):
            name = row["fields"].get(field)
            if name and name not in user_pk:
                user_pk[name] = _account(user_model, {"username": name}).pk
    # Every object gets a new primary key (the database may hold other tournaments); the references
    # between them, and the audit entries' object ids, follow.
    new_pk: dict = {model: {} for model in MODELS}
    records: dict = {}  # the rounds' pairing records, by the round's pk in the backup
    by_name = {model._meta.model_name: model for model in MODELS}
    for model in MODELS:
        rows = [row for row in data["objects"] if LABELS[row["model"]] is model]
        prepared = []
        for row in rows:
            fields = dict(row["fields"])
            for f in model._meta.concrete_fields:
                if not f.is_relation or fields.get(f.name) is None:
                    continue
                if f.related_model is user_model:
                    fields[f.name] = user_pk[fields[f.name]]
                elif f.related_model in new_pk:
                    try:
                        fields[f.name] = new_pk[f.related_model][fields[f.name]]
                    except (KeyError, TypeError):
                        raise DumpError(
                            f"{row['model']} {row.get('pk')} names a missing "
                            f"{f.related_model._meta.model_name} {fields[f.name]}"
                        ) from None
            if model is AuditEntry:
                _map_audit_entry(fields, new_pk, by_name)
            if model is FrozenStandings:
                _map_frozen(row, fields, new_pk[Registration])
            if model is Tournament and "category_limits" not in fields:  # a backup from before migration 0023
                fields.update(
                    categories.from_stored_parameters(
                        fields.get("pairing_parameters"), fields.get("standings_criteria")
                    )
                    or {}
                )
            if model is Round:
                records[row["pk"]] = _checked_record(row, fields.pop("pairing_record", None))
            if model is PairingPrint:
                fields["pairing"] = _mapped_print(row, fields.get("pairing"), new_pk[Registration])
            if model is Knockout:
                fields["seeds"] = _mapped_seeds(row, fields.get("seeds"), new_pk[Registration])
            if model is TournamentInvitation:
                fields.pop("token", None)  # a new link: the old one may still be known elsewhere
            if model is Registration and fields.get("claim_code"):
                if fields.get("user") or Registration.objects.filter(claim_code=fields["claim_code"]).exists():
                    fields["claim_code"] = None  # taken here already: the player gets a new one
            prepared.append(fields)
        for row, fields in zip(rows, prepared):
            obj = _deserialized(row, fields)
            _check_fields(row, obj.object)
            obj.object.pk = None
            try:
                obj.save()
            except (IntegrityError, DataError) as exc:  # a rule of the database the checks above do not know
                # (the whole restore is rolled back as this leaves its transaction)
                raise _problem(row, str(exc).strip()) from None
            new_pk[model][row["pk"]] = obj.object.pk
    tournament = Tournament.objects.get(slug=data["tournament"])
    registrations = new_pk[Registration]
    _restore_pairing_records(
        tournament, {new_pk[Round][old]: _mapped_record(record, registrations) for old, record in records.items()}
    )
    return tournament


def _mapped_seeds(row: dict, seeds, registrations: dict) -> list[int]:
    """A knockout stage's seeds (registration ids, seed 1 first) as the restored registrations' ids."""
    if not isinstance(seeds, list) or not all(isinstance(k, int) and k in registrations for k in seeds):
        raise _problem(row, "seeds: not a list of the tournament's registrations")
    return [registrations[k] for k in seeds]


def _problem(row: dict, problems: str) -> DumpError:
    """A refusal naming the row of the backup (``tournament.registration 7: rank: ...``)."""
    return DumpError(f"{row['model']} {row.get('pk')}: {problems}"[:500])


def _deserialized(row: dict, fields: dict):
    """The row as an unsaved object; a value its field cannot take (a rank ``99d``) refused in words."""
    model = LABELS[row["model"]]
    for f in model._meta.concrete_fields:
        if not f.is_relation and f.name in fields and not isinstance(f, JSONField):
            try:
                f.to_python(fields[f.name])
            except ValidationError as exc:
                raise _problem(row, f"{f.name}: {' '.join(exc.messages)}") from None
    try:
        (obj,) = serializers.deserialize("python", [{"model": row["model"], "pk": None, "fields": fields}])
    except serializers.base.DeserializationError as exc:
        raise _problem(row, str(exc)) from None
    return obj


#: The models whose own checks across fields (``clean``: dates in order, known criteria, a board size and rule
#: set the game has) and the database's check constraints a restore runs too, as the import checks a file's
#: tournament, discipline and players (``full_clean``); they need no query.
WHOLE_CHECKS = (Tournament, Discipline, Registration)


def _check_fields(row: dict, obj) -> None:
    """Every value within its field's bounds (:mod:`tournament.limits`: round numbers, tables, komi, ratings...)
    before it is written, by the same checks a form or an import runs: a doctored backup cannot store what
    no form would (references are checked above)."""
    relations = [f.name for f in obj._meta.concrete_fields if f.is_relation]
    try:
        obj.clean_fields(exclude=relations)
        if isinstance(obj, WHOLE_CHECKS):
            obj.clean()
            if isinstance(obj, Tournament):
                obj.validate_constraints()
    except ValidationError as exc:
        problems = "; ".join(f"{name}: {' '.join(messages)}" for name, messages in exc.message_dict.items())
        raise _problem(row, problems) from None


def _with_pairing_records(rows: list[dict]) -> None:
    """The rounds' rows with their pairing records as a field, as backups have always had them."""
    kept = PairingRecord.objects.filter(round_id__in=[row["pk"] for row in rows]).values_list("round_id", "record")
    records = dict(kept)
    for row in rows:
        row["fields"]["pairing_record"] = records.get(row["pk"], {})


# --- references inside stored JSON, mapped like foreign keys ------------------------------------
# Checked for every JSON field of the backed-up models: a pairing record's explanations name the two
# registrations of each table by id (``white``, ``black``, ``players``) and the players left out as not checked
# in (``not_checked_in``), as a ``round.pair`` audit entry
# kept them before migration 0016; a merge's audit entry names the registration merged away
# (``merged_id``); a printed pairing names the players of its games and byes (``pairing``). The rest hold no ids: rounds by number (``absent_rounds``, constraints' ``round``),
# players and teams by name (warnings, the audit's values, the bye's explanation), accounts by user
# name (a live record's ``entries``: those accounts go with the backup), points of the board (marks),
# OpenGotha's own keys and texts (``pairing_parameters``, ``opengotha_extra``).


def _checked_record(row: dict, record):
    """A round's pairing record as the pairing writes it (:data:`PAIRING_RECORD_KEYS`: a list of warnings,
    the explanations by table, the bye's, the games' checks with their version), or none; anything else is refused (the round's page reads it)."""
    if record is None or record == {}:
        return record
    kinds = {
        "warnings": (list,),
        "explanations": (dict,),
        "bye_explanation": (dict, str, type(None)),
        NOT_CHECKED_IN: (list,),
        "checks": (dict,),
    }
    if not isinstance(record, dict) or not all(
        key in kinds and isinstance(value, kinds[key]) for key, value in record.items()
    ):
        raise _problem(row, "pairing_record: not a round's pairing record")
    if not all(isinstance(facts, dict) for facts in record.get("explanations", {}).values()):
        raise _problem(row, "pairing_record: not a round's pairing record")
    if not all(isinstance(pk, int) and not isinstance(pk, bool) for pk in record.get(NOT_CHECKED_IN, ())):
        raise _problem(row, "pairing_record: not a round's pairing record")
    return record


def _mapped_record(record, registrations: dict):
    """A pairing record with the registrations' new ids (``registrations``: old id to new). A table whose
    players are not in the backup (its game removed by hand and the player since) explains no game: it
    goes, as the old id could name another player here; so does a player left out as not checked in
    (``not_checked_in``) who is not in the backup."""
    if isinstance(record, dict) and isinstance(record.get(NOT_CHECKED_IN), list):
        ids = [registrations.get(pk) for pk in record[NOT_CHECKED_IN]]
        record = {**record, NOT_CHECKED_IN: [pk for pk in ids if pk is not None]}
    if not isinstance(record, dict) or not isinstance(record.get("explanations"), dict):
        return record
    explanations = {}
    for table, facts in record["explanations"].items():
        try:
            mapped = {**facts, "white": registrations[facts["white"]], "black": registrations[facts["black"]]}
            if "players" in facts:
                mapped["players"] = [str(registrations[int(key)]) for key in facts["players"]]
        except (KeyError, TypeError, ValueError):
            continue
        explanations[table] = mapped
    return {**record, "explanations": explanations}


def _map_frozen(row: dict, fields: dict, registrations: dict) -> None:
    """The frozen tables and results with the registrations' new ids; a player deleted since the freeze
    (no registration in the backup) keeps a row of the frozen table under an id no registration has.
    Tables the site cannot read back are refused."""

    def new_id(old):
        return registrations.get(old, f"gone-{old}")

    tables = fields.get("tables")
    try:
        if not isinstance(tables, dict):
            raise TypeError("no tables")
        mapped: dict = {"overall": None, "disciplines": {}, "teams": tables.get("teams")}
        if tables.get("overall") is not None:
            mapped["overall"] = frozen.mapped_ids(tables["overall"], new_id)
            frozen.standings_from(mapped["overall"])
        for name, table in (tables.get("disciplines") or {}).items():
            mapped["disciplines"][str(name)] = frozen.mapped_ids(table, new_id)
            frozen.standings_from(mapped["disciplines"][str(name)])
        if mapped["teams"] is not None:
            frozen.team_from(mapped["teams"])
        results = [
            [int(r), int(t), new_id(b), new_id(w), str(res), bool(bd)]
            for r, t, b, w, res, bd in fields.get("results") or []
        ]
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise _problem(row, f"tables: not frozen standings ({exc})") from None
    fields["tables"], fields["results"] = mapped, results


def _mapped_print(row: dict, pairing, registrations: dict) -> dict:
    """A printed pairing (:func:`tournament.selectors.pairing_prints.pairing_snapshot`) with the registrations'
    new ids (``registrations``: old id to new); a player no longer in the backup (removed since the print)
    keeps the printed name under an id no registration has (below zero). Any other shape is refused: the
    dashboard compares it with the round's pairing."""
    if pairing in (None, {}):
        return {}
    games, byes, names = (pairing.get(k) if isinstance(pairing, dict) else None for k in ("games", "byes", "names"))
    if not (
        isinstance(games, list)
        and isinstance(byes, list)
        and isinstance(names, dict)
        and all(isinstance(g, list) and len(g) == 5 and all(isinstance(x, int) for x in g[:4]) for g in games)
        and all(isinstance(pk, int) for pk in byes)
        and all(isinstance(name, str) for name in names.values())
    ):
        raise _problem(row, "pairing: not a printed pairing")
    gone: dict[int, int] = {}

    def new(pk: int) -> int:
        if pk in registrations:
            return registrations[pk]
        return gone.setdefault(pk, -1 - len(gone))

    return {
        "games": [[g[0], new(g[1]), new(g[2]), g[3], str(g[4])] for g in games],
        "byes": [new(pk) for pk in byes],
        "names": {str(new(int(pk))): name for pk, name in names.items() if str(pk).lstrip("-").isdigit()},
    }


def _map_audit_entry(fields: dict, new_pk: dict, by_name: dict) -> None:
    """An audit entry with the new ids of its object and of the ids in its values. An object that is no
    longer there (a deleted player, round, role), or of a model the backup does not hold, has none: its
    old id could name another object here."""
    if fields.get("object_id") is not None:  # an object of no model of the backup has none here either
        target = by_name.get(fields.get("object_type"))
        fields["object_id"] = new_pk[target].get(fields["object_id"]) if target is not None else None
    registrations = new_pk[Registration]
    for side in ("before", "after"):
        value = fields.get(side)
        if isinstance(value, dict):
            value = _mapped_record(value, registrations)
            if value.get("merged_id") is not None:
                value = {**value, "merged_id": registrations.get(value["merged_id"])}
            fields[side] = value


def _restore_pairing_records(tournament: Tournament, records: dict) -> None:
    """Each round's pairing record from the backup (by the round's new pk); a backup made before they
    were kept with the round has them in the audit log only."""
    for round_ in tournament.rounds.all():
        record = records.get(round_.pk)
        if not isinstance(record, dict) or not record:
            record = audited_pairing_record(AuditEntry, round_)
        PairingRecord.keep(round_.pk, record)


_OWN_BY_TOURNAMENT = {
    "tournament.discipline",
    "tournament.round",
    "tournament.registration",
    "tournament.tournamentrole",
    "tournament.tournamentinvitation",
    "tournament.auditentry",
    "tournament.team",
    "tournament.frozenstandings",
}


#: The rows other rows refer to, whose ids :func:`_belongs` checks (by model name).
_REFERRED = ("round", "registration", "game", "team", "match")


def _players(f: dict, own: dict[str, set], *names: str) -> bool:
    return {f.get(name) for name in names} <= own["registration"]


#: For each model not of :data:`_OWN_BY_TOURNAMENT`: whether a row (its fields ``f``) belongs to the tournament
#: ``t`` whose rows of :data:`_REFERRED` have the ids ``own`` (by model name).
_BELONGS = {
    "tournament.pairconstraint": lambda f, t, own: (
        f.get("tournament") == t and _players(f, own, "player_a", "player_b")
    ),
    "tournament.game": lambda f, t, own: (
        f.get("round") in own["round"]
        and _players(f, own, "black", "white")
        and (f.get("match") is None or f.get("match") in own["match"])
    ),
    "tournament.knockout": lambda f, t, own: (
        f.get("tournament") == t and isinstance(f.get("seeds"), list) and set(f["seeds"]) <= own["registration"]
    ),
    "tournament.bye": lambda f, t, own: f.get("round") in own["round"] and _players(f, own, "player"),
    "tournament.tableplan": lambda f, t, own: (
        f.get("tournament") == t and (f.get("round") is None or f.get("round") in own["round"])
    ),
    "tournament.pairingprint": lambda f, t, own: f.get("round") in own["round"],
    "tournament.byerequest": lambda f, t, own: f.get("round") in own["round"] and _players(f, own, "registration"),
    "tournament.liverecord": lambda f, t, own: f.get("game") in own["game"],
    "tournament.teammember": lambda f, t, own: f.get("team") in own["team"] and _players(f, own, "registration"),
    "tournament.lineup": lambda f, t, own: (
        f.get("round") in own["round"] and f.get("team") in own["team"] and _players(f, own, "player")
    ),
    "tournament.teambye": lambda f, t, own: f.get("round") in own["round"] and f.get("team") in own["team"],
    "tournament.match": lambda f, t, own: (
        f.get("round") in own["round"] and {f.get("team1"), f.get("team2")} <= own["team"]
    ),
}


def _belongs(model: str, f: dict, t_pk, own: dict[str, set]) -> bool:
    """Whether one row of a backup belongs to the backup's tournament (``own``: the ids of its rows of
    :data:`_REFERRED`, by model name)."""
    if model in _OWN_BY_TOURNAMENT:
        return f.get("tournament") == t_pk
    rule = _BELONGS.get(model)
    return rule is None or rule(f, t_pk, own)
