"""``python manage.py demo``: load the demo Vielseitigkeitsturnier (slug ``demo``)."""

from django.core.management.base import BaseCommand

from tournament.services.demo import DEMO_LOGINS, load_demo


class Command(BaseCommand):
    help = "Create the demo tournament (idempotent: a second run adds nothing and destroys nothing)."

    def handle(self, *args, **options):
        report = load_demo()
        self.stdout.write(report.summary())
        self.stdout.write("")
        self.stdout.write("Demo log-ins (user / password):")
        for username, password, role in DEMO_LOGINS:
            self.stdout.write(f"  {username:<10} {password:<12} {role}")
