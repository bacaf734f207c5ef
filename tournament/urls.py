"""URL configuration of the site.

Each area keeps its own patterns: the public pages here, the workflows of
organizers, players and referees in :mod:`tournament.urls_site`, setting a
tournament up (creating it, settings, team, programme, files) in
:mod:`tournament.urls_setup`, standings, crosstables and downloads in
:mod:`tournament.urls_standings`, imports from other programs and the EGD
rating list in :mod:`tournament.urls_imports`, the read-only JSON API in
:mod:`tournament.api.urls`.
"""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from .views import public, rules, sgf

#: One tournament's public pages: below ``t/<slug>/``.
public_pages = [
    path("", public.tournament_detail, name="tournament"),
    path("players/", public.players, name="players"),
    path("round/<number:number>/", public.round_detail, name="round"),
    path("round/<number:number>/game/<number:pk>/", public.public_game, name="public_game"),
    path("round/<number:number>/game/<number:pk>/board/", public.public_game_board, name="public_game_board"),
    path("round/<number:number>/game/<number:pk>/sgf/", sgf.public_game_sgf, name="public_game_sgf"),
]

urlpatterns = [
    path("", public.home, name="home"),
    path("t/<slug:slug>/", include(public_pages)),
    path("rules/", rules.rules_index, name="rules_index"),
    path("rules/<slug:game_kind>/", rules.rules_page, name="rules"),
    path("", include("tournament.urls_site")),
    path("", include("tournament.urls_setup")),
    path("", include("tournament.urls_standings")),
    path("", include("tournament.urls_imports")),
    path("api/v1/", include("tournament.api.urls")),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

handler400 = "tournament.views.errors.bad_request"
handler404 = "tournament.views.errors.page_not_found"
