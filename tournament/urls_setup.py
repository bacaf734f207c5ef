"""URLs of setting a tournament up on the site: creating it, its settings, team, programme, files."""

from django.urls import path

from .views import files, programme, team, tournaments

urlpatterns = [
    path("tournaments/new/", tournaments.tournament_new, name="tournament_new"),
    path("tournaments/new/opengotha/", tournaments.tournament_new_opengotha, name="tournament_new_opengotha"),
    path("invitation/<str:token>/", team.invitation, name="invitation"),
    path("t/<slug:slug>/manage/settings/", tournaments.settings_page, name="manage_settings"),
    path("t/<slug:slug>/manage/team/", team.team_page, name="manage_team"),
    path("t/<slug:slug>/manage/team/add/", team.team_add, name="manage_team_add"),
    path("t/<slug:slug>/manage/team/remove/", team.team_remove, name="manage_team_remove"),
    path("t/<slug:slug>/manage/team/invite/", team.team_invite, name="manage_team_invite"),
    path("t/<slug:slug>/manage/team/withdraw/", team.team_withdraw, name="manage_team_withdraw"),
    path("t/<slug:slug>/manage/programme/", programme.programme_page, name="manage_programme"),
    path("t/<slug:slug>/manage/programme/disciplines/add/", programme.discipline_add, name="manage_discipline_add"),
    path("t/<slug:slug>/manage/programme/disciplines/<int:pk>/", programme.discipline_edit, name="manage_discipline"),
    path(
        "t/<slug:slug>/manage/programme/disciplines/<int:pk>/delete/",
        programme.discipline_delete,
        name="manage_discipline_delete",
    ),
    path("t/<slug:slug>/manage/programme/rounds/add/", programme.round_add, name="manage_round_add"),
    path("t/<slug:slug>/manage/programme/rounds/<int:number>/", programme.round_edit, name="manage_round_edit"),
    path(
        "t/<slug:slug>/manage/programme/rounds/<int:number>/delete/", programme.round_delete, name="manage_round_delete"
    ),
    path("t/<slug:slug>/manage/files/", files.files_page, name="manage_files"),
    path("t/<slug:slug>/manage/files/opengotha.xml", files.opengotha_export, name="manage_opengotha_export"),
    path("t/<slug:slug>/manage/files/opengotha-players/", files.opengotha_players, name="manage_opengotha_players"),
]
