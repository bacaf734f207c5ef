"""The Django admin: every model, with list views, filters and search."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.utils.translation import gettext_lazy as _

from tournament.forms.accounts import AdminUserAddForm, AdminUserChangeForm
from tournament.ranks import format_rank
from tournament.services.audit import audit_values, log_action
from tournament.services.pairing_prints import pairing_changed

from .models import (
    AuditEntry,
    Bye,
    Discipline,
    Game,
    PairConstraint,
    Registration,
    Round,
    Tournament,
    TournamentRole,
)
from .models.tournament import SETTINGS_SECTIONS


class DisciplineInline(admin.TabularInline):
    model = Discipline
    extra = 0
    fields = ["position", "name", "kind", "board_size", "rule_set", "komi", "handicap_policy", "record_required"]


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "discipline", "pairing_system", "status", "starts_at"]
    readonly_fields = ["status"]  # pairing, publishing and closing go through the organizer's pages

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "discipline":
            tournament_id = request.resolver_match.kwargs.get("object_id") if request.resolver_match else None
            kwargs["queryset"] = Discipline.objects.filter(tournament_id=tournament_id or 0)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class RoleInline(admin.TabularInline):
    model = TournamentRole
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "start_date", "end_date", "place", "pairing_system", "registration_open"]
    list_filter = ["pairing_system", "registration_open", "start_date"]
    search_fields = ["name", "slug", "place"]
    prepopulated_fields = {"slug": ["name"]}
    date_hierarchy = "start_date"
    inlines = [DisciplineInline, RoundInline, RoleInline]
    #: The settings page's sections, the short name (set when the tournament is created) beside the name.
    fieldsets = [
        (title, {"fields": [("name", "slug") if name == "name" else name for name in names]})
        for title, names in SETTINGS_SECTIONS
    ]


@admin.register(Discipline)
class DisciplineAdmin(admin.ModelAdmin):
    list_display = [
        "name",
        "tournament",
        "kind",
        "board_size",
        "rule_set",
        "komi",
        "handicap_policy",
        "record_required",
    ]
    list_filter = ["kind", "handicap_policy", "record_required", "tournament"]
    search_fields = ["name", "tournament__name"]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = [
        "__str__",
        "tournament",
        "rank_label",
        "club",
        "country",
        "egd_pin",
        "user",
        "status",
        "source",
        "created_at",
    ]
    list_filter = ["status", "source", "country", "tournament"]
    search_fields = [
        "surname",
        "given_name",
        "surname_latin",
        "given_name_latin",
        "club",
        "egd_pin",
        "ffg_licence",
        "aga_id",
        "email",
        "user__username",
    ]
    autocomplete_fields = ["user"]
    list_select_related = ["user", "tournament"]
    readonly_fields = ["claim_code"]
    actions = ["confirm"]

    @admin.display(description=_("rank"), ordering="rank")
    def rank_label(self, obj: Registration) -> str:
        return format_rank(obj.rank)

    @admin.action(description=_("Confirm the selected registrations"))
    def confirm(self, request, queryset):
        from tournament.services.registrations import registration_set_status

        for registration in queryset:
            registration_set_status(
                registration=registration,
                status=Registration.Status.CONFIRMED,
                user=request.user,
                reason="admin",
            )


class VersionedAdmin(admin.ModelAdmin):
    """The admin is a safety net: what it may still change is a change like any other. It bumps
    the row's version, so a form opened on the site before it is refused as stale instead of
    overwriting it, and it goes to the tournament's audit log with before and after."""

    def save_model(self, request, obj, form, change):
        fields = [name for name in form.changed_data if name in {f.name for f in obj._meta.fields}]
        old = type(obj).objects.filter(pk=obj.pk).first() if change else None
        if change and form.changed_data:
            obj.version += 1
        super().save_model(request, obj, form, change)
        if fields:
            log_action(
                tournament=obj.tournament if isinstance(obj, Round) else obj.round.tournament,
                action="admin.change" if change else "admin.add",
                obj=obj,
                user=request.user,
                before=audit_values(old, fields) if old is not None else None,
                after=audit_values(obj, fields),
                reason=str(_("in the Django admin")),
            )


@admin.register(Round)
class RoundAdmin(VersionedAdmin):
    """Rounds are paired, published and closed on the organizer's pages (with the audit log);
    here only the discipline (of the round's own tournament), the start and the pairing system."""

    list_display = ["__str__", "tournament", "number", "discipline", "pairing_system", "status", "starts_at"]
    list_filter = ["status", "tournament", "discipline__kind"]
    search_fields = ["tournament__name", "discipline__name"]
    readonly_fields = ["status", "version"]

    def get_readonly_fields(self, request, obj=None):
        # a round's tournament and number are set when it is made
        return [*self.readonly_fields, "tournament", "number"] if obj else self.readonly_fields

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "discipline":
            object_id = request.resolver_match.kwargs.get("object_id") if request.resolver_match else None
            round_ = Round.objects.filter(pk=object_id).first() if str(object_id or "").isdigit() else None
            if round_ is not None:
                kwargs["queryset"] = Discipline.objects.filter(tournament_id=round_.tournament_id)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class NeitherAddNorDelete:
    """For rows made and removed elsewhere (pairing, the organizer's pages, the services): the admin neither adds
    nor deletes one."""

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(NeitherAddNorDelete, VersionedAdmin):
    """Read-only but for handicap, komi and "kept": players, tables and results change on the
    organizer's and referee's pages, through the services and the audit log."""

    list_display = ["round", "table", "black", "white", "handicap", "komi", "result", "by_default", "result_state"]
    list_filter = ["result_state", "result", "by_default", "round__tournament", "round__number"]
    search_fields = ["black__surname", "white__surname", "black__given_name", "white__given_name"]
    list_select_related = ["round__discipline", "black", "white"]
    readonly_fields = [
        "round",
        "table",
        "black",
        "white",
        "result",
        "by_default",
        "method",
        "result_state",
        "record",
        "verdict",
        "reported_by",
        "reported_at",
        "version",
    ]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change and {"handicap", "komi"} & set(form.changed_data):  # printed on the sheet: a new pairing version
            pairing_changed(obj.round_id)


class ShownOnlyAdmin(NeitherAddNorDelete, admin.ModelAdmin):
    """Rows the admin shows but never adds, changes or deletes."""

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Bye)
class ByeAdmin(ShownOnlyAdmin):
    """Byes come from pairing the round (or the organizer's round page): shown, not changed."""

    list_display = ["round", "player"]
    list_filter = ["round__tournament", "round__number"]
    search_fields = ["player__surname", "player__given_name"]


@admin.register(TournamentRole)
class TournamentRoleAdmin(admin.ModelAdmin):
    list_display = ["user", "tournament", "role"]
    list_filter = ["role", "tournament"]
    search_fields = ["user__username", "user__first_name", "user__last_name", "tournament__name"]
    autocomplete_fields = ["user"]


@admin.register(PairConstraint)
class PairConstraintAdmin(admin.ModelAdmin):
    list_display = ["tournament", "kind", "player_a", "player_b", "round", "reason"]
    list_filter = ["kind", "tournament"]
    search_fields = ["player_a__surname", "player_b__surname", "reason"]
    autocomplete_fields = ["player_a", "player_b"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ShownOnlyAdmin):
    """Read-only: the audit log cannot be edited, not even by an admin."""

    list_display = ["created_at", "tournament", "user", "action", "object_type", "object_id", "reason"]
    list_filter = ["action", "object_type", "tournament"]
    search_fields = ["action", "reason", "user__username"]
    date_hierarchy = "created_at"


class AccountAdmin(UserAdmin):
    """Django's user admin, with user names checked as everywhere else (normalised, unique ignoring case)."""

    form = AdminUserChangeForm
    add_form = AdminUserAddForm


admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), AccountAdmin)
