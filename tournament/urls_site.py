"""URLs of the organizer, player and referee workflows."""

urlpatterns: list = []
