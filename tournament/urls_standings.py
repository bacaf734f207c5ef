"""URLs of standings, crosstables and downloads: below ``t/<slug>/``."""

from django.urls import include, path

from .views import knockout
from .views import standings as views

standings_pages = [
    path("standings/", views.standings, name="standings"),
    path("standings/d/<number:discipline>/", views.standings, name="standings_discipline"),
    path("crosstable/", views.crosstable, name="crosstable"),
    path("standings/freeze/", views.standings_freeze, name="manage_standings_freeze"),
    path("standings/unfreeze/", views.standings_unfreeze, name="manage_standings_unfreeze"),
    path("bracket/", knockout.bracket, name="bracket"),
    path("bracket.pdf", knockout.bracket_pdf, name="pdf_bracket"),
    path("standings.pdf", views.pdf_standings, name="pdf_standings"),
    path("crosstable.pdf", views.pdf_crosstable, name="pdf_crosstable"),
    path("standings.csv", views.csv_standings, name="csv_standings"),
    path("team-standings.csv", views.csv_team_standings, name="csv_team_standings"),
    path("results.h9", views.h9_results, name="h9_results"),
    path("round/<number:number>/pairings.pdf", views.pdf_pairings, name="pdf_pairings"),
    path("round/<number:number>/slips.pdf", views.pdf_slips, name="pdf_slips"),
]

urlpatterns = [path("t/<slug:slug>/", include(standings_pages))]
