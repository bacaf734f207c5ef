"""URLs of standings, crosstables and downloads."""

urlpatterns: list = []
