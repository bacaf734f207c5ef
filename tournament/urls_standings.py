"""URLs of standings, crosstables and downloads."""

from django.urls import path

from .views import standings as views

urlpatterns = [
    path("t/<slug:slug>/standings/", views.standings, name="standings"),
    path("t/<slug:slug>/standings/d/<int:discipline>/", views.standings, name="standings_discipline"),
    path("t/<slug:slug>/crosstable/", views.crosstable, name="crosstable"),
    path("t/<slug:slug>/standings.pdf", views.pdf_standings, name="pdf_standings"),
    path("t/<slug:slug>/crosstable.pdf", views.pdf_crosstable, name="pdf_crosstable"),
    path("t/<slug:slug>/standings.csv", views.csv_standings, name="csv_standings"),
    path("t/<slug:slug>/results.h9", views.h9_results, name="h9_results"),
    path("t/<slug:slug>/round/<int:number>/pairings.pdf", views.pdf_pairings, name="pdf_pairings"),
    path("t/<slug:slug>/round/<int:number>/slips.pdf", views.pdf_slips, name="pdf_slips"),
]
