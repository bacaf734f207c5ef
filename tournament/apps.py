from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.urls import register_converter

        from tournament.views.query import NumberConverter

        # ``<number:pk>`` in the URL patterns: an id or number the database can hold, else a 404
        register_converter(NumberConverter, "number")
