"""The Django admin: every model, with list views, filters and search."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.utils.translation import gettext_lazy as _

from tournament.forms.accounts import AdminUserAddForm, AdminUserChangeForm

from tournament.ranks import format_rank

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


class DisciplineInline(admin.TabularInline):
    model = Discipline
    extra = 0
    fields = ["position", "name", "kind", "board_size", "rule_set", "komi", "handicap_policy", "record_required"]


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "discipline", "pairing_system", "status", "starts_at"]


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
    fieldsets = [
        (None, {"fields": ["name", "slug", "start_date", "end_date", "place", "country", "description", "time_control", "registration_open"]}),
        (_("Pairing"), {"fields": ["pairing_system", "mcmahon_bar", "mcmahon_floor", "rematch_scope", "bye_points", "absence_points"]}),
        (_("Handicap"), {"fields": ["handicap_threshold", "handicap_correction", "handicap_ceiling"]}),
        (_("Standings"), {"fields": ["overall_ranking", "best_of", "standings_criteria"]}),
    ]


@admin.register(Discipline)
class DisciplineAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "kind", "board_size", "rule_set", "komi", "handicap_policy", "record_required"]
    list_filter = ["kind", "handicap_policy", "record_required", "tournament"]
    search_fields = ["name", "tournament__name"]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["__str__", "tournament", "rank_label", "club", "country", "egd_pin", "user", "status",
                    "source", "created_at"]
    list_filter = ["status", "source", "country", "tournament"]
    search_fields = ["surname", "given_name", "surname_latin", "given_name_latin", "club", "egd_pin", "email",
                     "user__username"]
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
    """An edit here is a change like any other: it bumps the row's version, so a form
    opened on the site before it is refused as stale instead of overwriting it."""

    def save_model(self, request, obj, form, change):
        if change and form.changed_data:
            obj.version += 1
        super().save_model(request, obj, form, change)


@admin.register(Round)
class RoundAdmin(VersionedAdmin):
    list_display = ["__str__", "tournament", "number", "discipline", "pairing_system", "status", "starts_at"]
    list_filter = ["status", "tournament", "discipline__kind"]
    search_fields = ["tournament__name", "discipline__name"]
    readonly_fields = ["version"]


@admin.register(Game)
class GameAdmin(VersionedAdmin):
    list_display = ["round", "table", "black", "white", "handicap", "komi", "result", "by_default", "result_state"]
    list_filter = ["result_state", "result", "by_default", "round__tournament", "round__number"]
    search_fields = ["black__surname", "white__surname", "black__given_name", "white__given_name"]
    autocomplete_fields = ["black", "white"]
    list_select_related = ["round__discipline", "black", "white"]
    readonly_fields = ["verdict", "reported_by", "reported_at", "version"]


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):
    list_display = ["round", "player"]
    list_filter = ["round__tournament", "round__number"]
    search_fields = ["player__surname", "player__given_name"]
    autocomplete_fields = ["player"]


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
class AuditEntryAdmin(admin.ModelAdmin):
    """Read-only: the audit log cannot be edited, not even by an admin."""

    list_display = ["created_at", "tournament", "user", "action", "object_type", "object_id", "reason"]
    list_filter = ["action", "object_type", "tournament"]
    search_fields = ["action", "reason", "user__username"]
    date_hierarchy = "created_at"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class AccountAdmin(UserAdmin):
    """Django's user admin, with user names checked as everywhere else (normalised, unique ignoring case)."""

    form = AdminUserChangeForm
    add_form = AdminUserAddForm


admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), AccountAdmin)
