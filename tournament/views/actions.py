"""A button's POST: run a service; its refusal (a ValidationError) becomes the page's error message.

The views call their services with ``user=request.user``; the service
checks the user's right (a PermissionDenied is left to Django: 403) and
refuses what cannot be done with a ValidationError, whose first text is
what the organizer, referee or player reads.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.contrib import messages
from django.core.exceptions import ValidationError


@dataclass
class Outcome:
    refused: bool = False


@contextmanager
def refusal_as_message(request) -> Iterator[Outcome]:
    """Run the block: a service call and what is said when it worked.

    A ValidationError raised in the block ends it; its first text is
    shown as an error message and ``outcome.refused`` is true::

        with refusal_as_message(request) as outcome:
            services.thing_delete(thing=thing, user=request.user)
            messages.success(request, _("Deleted."))
    """
    outcome = Outcome()
    try:
        yield outcome
    except ValidationError as exc:
        messages.error(request, exc.messages[0])
        outcome.refused = True


def cleaned(form, incomplete: str) -> dict:
    """The data of a button's form; a form not filled in right is refused (a ValidationError) with ``incomplete``."""
    if not form.is_valid():
        raise ValidationError(incomplete)
    return form.cleaned_data
