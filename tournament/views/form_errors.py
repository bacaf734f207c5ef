"""A form that a service saves: the service's ValidationError shown on the form that was sent."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.http import HttpResponse
from django.shortcuts import render


def add_errors(form, exc: ValidationError, field: str | None = None) -> None:
    """Each message beside its field if the form shows that field, else at the top (or at ``field``)."""
    if not hasattr(exc, "error_dict"):
        form.add_error(field, exc.messages)
        return
    for name, errors in exc.error_dict.items():
        messages = [m for e in errors for m in e.messages]
        if name != NON_FIELD_ERRORS and name in form.fields and not form.fields[name].disabled:
            form.add_error(name, messages)
        elif name == NON_FIELD_ERRORS:
            form.add_error(field, messages)
        else:
            label = name
            model = getattr(getattr(form, "_meta", None), "model", None)
            if model is not None:
                try:
                    label = str(model._meta.get_field(name).verbose_name)
                except Exception:  # noqa: BLE001, S110 - a name that is no field: keep it as it is
                    pass
            form.add_error(field, [f"{label}: {m}" for m in messages])


def each_on_top(form, exc: ValidationError) -> None:
    """Every message of ``exc`` at the top of the form (for services whose messages name no field)."""
    for message in exc.messages:
        form.add_error(None, message)


def sent(request) -> tuple:
    """What a page's form is bound to, as ``Form(*sent(request))``: the data and files of a POST,
    or none (an empty form) on GET."""
    return (request.POST, request.FILES) if request.method == "POST" else (None, None)


def saved(form, save: Callable, errors: Callable = add_errors) -> HttpResponse | None:
    """When ``form`` was sent and is valid, ``save(form)``: the service call and the answer after it
    (a redirect, with a message). A ValidationError it raises goes on the form by ``errors`` and the
    answer is None, as for an empty or invalid form: the view shows the form (again)."""
    if form.is_bound and form.is_valid():
        try:
            return save(form)
        except ValidationError as exc:
            errors(form, exc)
    return None


def render_form(request, template: str, form, context: dict) -> HttpResponse:
    """The page with ``form``: 422 when the form was sent and comes back (invalid or refused)."""
    return render(request, template, {**context, "form": form}, status=422 if form.is_bound else 200)
