"""URLs of setting a tournament up on the site: creating it, its settings, staff, programme, files."""

from django.urls import include, path

from .views import files, programme, staff, tables, teams, tournaments

#: The tournament's programme (its disciplines and rounds): below ``t/<slug>/manage/programme/``.
programme_pages = [
    path("", programme.programme_page, name="manage_programme"),
    path("disciplines/add/", programme.discipline_add, name="manage_discipline_add"),
    path("disciplines/<number:pk>/", programme.discipline_edit, name="manage_discipline"),
    path("disciplines/<number:pk>/delete/", programme.discipline_delete, name="manage_discipline_delete"),
    path("rounds/add/", programme.round_add, name="manage_round_add"),
    path("rounds/<number:number>/", programme.round_edit, name="manage_round_edit"),
    path("rounds/<number:number>/delete/", programme.round_delete, name="manage_round_delete"),
]

#: A team tournament's teams: below ``t/<slug>/manage/teams/``.
teams_pages = [
    path("", teams.teams_page, name="manage_teams"),
    path("add/", teams.team_add, name="manage_teams_add"),
    path("<number:pk>/", teams.team_detail, name="manage_teams_team"),
    path("<number:pk>/name/", teams.team_rename, name="manage_teams_rename"),
    path("<number:pk>/delete/", teams.team_delete, name="manage_teams_delete"),
    path("<number:pk>/members/add/", teams.member_add, name="manage_teams_member_add"),
    path("<number:pk>/members/remove/", teams.member_remove, name="manage_teams_member_remove"),
    path("<number:pk>/line-up/", teams.team_line_up, name="manage_teams_line_up"),
]

#: One tournament's set-up: below ``t/<slug>/manage/``.
setup_pages = [
    path("settings/", tournaments.settings_page, name="manage_settings"),
    path("team/", staff.team_page, name="manage_team"),
    path("team/add/", staff.team_add, name="manage_team_add"),
    path("team/remove/", staff.team_remove, name="manage_team_remove"),
    path("team/invite/", staff.team_invite, name="manage_team_invite"),
    path("team/withdraw/", staff.team_withdraw, name="manage_team_withdraw"),
    path("programme/", include(programme_pages)),
    path("teams/", include(teams_pages)),
    path("tables/", tables.tables_page, name="manage_tables"),
    path("files/", files.files_page, name="manage_files"),
    path("files/opengotha.xml", files.opengotha_export, name="manage_opengotha_export"),
    path("files/opengotha/<number:discipline>.xml", files.opengotha_export, name="manage_opengotha_export_discipline"),
    path("files/opengotha-players/", files.opengotha_players, name="manage_opengotha_players"),
]

urlpatterns = [
    path("tournaments/new/", tournaments.tournament_new, name="tournament_new"),
    path("tournaments/new/opengotha/", tournaments.tournament_new_opengotha, name="tournament_new_opengotha"),
    path("invitation/<str:token>/", staff.invitation, name="invitation"),
    path("t/<slug:slug>/manage/", include(setup_pages)),
]
