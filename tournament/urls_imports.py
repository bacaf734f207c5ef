"""URLs of the files of other programs: a MacMahon tournament, the rating lists (the site's and a tournament's).

Kept apart so that the organizers' self-service pages (tournament creation,
OpenGotha upload) can take them over.
"""

from django.urls import path

from .views import imports, ratings

urlpatterns = [
    path("import/macmahon/", imports.macmahon, name="import_macmahon"),
    path("ratings/", ratings.site_ratings, name="site_ratings"),
    path("t/<slug:slug>/manage/ratings/", ratings.manage_ratings, name="manage_ratings"),
    path("t/<slug:slug>/manage/ratings/update/", ratings.manage_ratings_update, name="manage_ratings_update"),
]
