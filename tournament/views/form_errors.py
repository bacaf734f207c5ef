"""A service's ValidationError shown on the form that was sent."""

from __future__ import annotations

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError


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
                except Exception:  # noqa: BLE001 - a name that is no field: keep it as it is
                    pass
            form.add_error(field, [f"{label}: {m}" for m in messages])
