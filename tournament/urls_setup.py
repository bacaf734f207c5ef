"""URLs of setting a tournament up on the site: creating it, its settings, team, programme, files."""

from django.urls import include, path

from .views import files, programme, team, tournaments

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

#: One tournament's set-up: below ``t/<slug>/manage/``.
setup_pages = [
    path("settings/", tournaments.settings_page, name="manage_settings"),
    path("team/", team.team_page, name="manage_team"),
    path("team/add/", team.team_add, name="manage_team_add"),
    path("team/remove/", team.team_remove, name="manage_team_remove"),
    path("team/invite/", team.team_invite, name="manage_team_invite"),
    path("team/withdraw/", team.team_withdraw, name="manage_team_withdraw"),
    path("programme/", include(programme_pages)),
    path("files/", files.files_page, name="manage_files"),
    path("files/opengotha.xml", files.opengotha_export, name="manage_opengotha_export"),
    path("files/opengotha/<number:discipline>.xml", files.opengotha_export, name="manage_opengotha_export_discipline"),
    path("files/opengotha-players/", files.opengotha_players, name="manage_opengotha_players"),
]

urlpatterns = [
    path("tournaments/new/", tournaments.tournament_new, name="tournament_new"),
    path("tournaments/new/opengotha/", tournaments.tournament_new_opengotha, name="tournament_new_opengotha"),
    path("invitation/<str:token>/", team.invitation, name="invitation"),
    path("t/<slug:slug>/manage/", include(setup_pages)),
]
