"""URLs of the files of other programs: a MacMahon tournament, the EGD rating list.

Kept apart so that the organizers' self-service pages (tournament creation,
OpenGotha upload) can take them over.
"""

from django.urls import path

from .views import imports

urlpatterns = [
    path("import/macmahon/", imports.macmahon, name="import_macmahon"),
]
