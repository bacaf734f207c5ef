"""Log-in by user name as people type it: ``ＡＤＭＩＮ`` or ``Admin`` finds the account ``admin``."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend

from tournament.selectors.accounts import find_user

#: The dotted path of :class:`NameBackend` (for ``login(request, user, backend=...)``).
BACKEND = "tournament.auth_backend.NameBackend"


class NameBackend(ModelBackend):
    """Django's model backend, with the user name normalised and compared ignoring case."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if username is None or password is None:
            return None
        user = find_user(str(username))
        if user is None:
            # as ModelBackend does: hash once anyway, so a missing name takes as long as a wrong password
            get_user_model()().set_password(password)
            return None
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        return None
