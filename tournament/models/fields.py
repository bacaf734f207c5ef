"""Model fields shared by several models."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.names import invisible_character
from tournament.ranks import MAX_RANK, MIN_RANK, format_rank, parse_rank


def not_a_rank(text) -> ValidationError:
    """The one refusal of something that is not a rank, whoever read it (a form, the model, a restore)."""
    return ValidationError(
        _("“%(text)s” is not a rank: write 30k to 1k, 1d to 9d or 1p to 9p."),
        params={"text": str(text)[:20]},
        code="invalid_rank",
    )


def rank_in_range(value) -> None:
    """A validator: a stored rank from 30k (-30) to 9p (17); a number beyond them is no rank (a doctored
    backup's 98 crashed the export and the round pages)."""
    if isinstance(value, bool) or not isinstance(value, int) or not MIN_RANK <= value <= MAX_RANK:
        raise not_a_rank(value)


class RankInput(forms.TextInput):
    """A short text input for a rank (``5k``, ``1d``)."""

    def __init__(self, attrs=None):
        super().__init__(
            {"size": 5, "autocapitalize": "off", "spellcheck": "false", "placeholder": "5k", **(attrs or {})}
        )


class RankFormField(forms.CharField):
    """A form field that reads ``5k``, ``2D``, ``1p`` and gives the rank number."""

    def to_python(self, value):
        if isinstance(value, int) and not isinstance(value, bool):
            return value  # a rank as stored: the initial value of a disabled (fixed) field
        value = super().to_python(value)
        if value in self.empty_values:
            return None
        try:
            return parse_rank(value)
        except ValueError as exc:
            raise not_a_rank(value) from exc

    def prepare_value(self, value):
        if isinstance(value, int):
            return format_rank(value)
        return value


class RankField(models.IntegerField):
    """A Go rank stored as an integer (see :mod:`tournament.ranks`).

    In forms and the admin it is written and read as ``30k``..``1k``,
    ``1d``..``9d``, ``1p``..``9p``; anything else is a validation error.
    """

    description = _("Go rank")
    default_validators = [rank_in_range]

    def to_python(self, value):
        if value is None or isinstance(value, int):
            return value
        try:
            return parse_rank(str(value))
        except ValueError as exc:
            raise not_a_rank(value) from exc

    def formfield(self, **kwargs):
        kwargs.setdefault("form_class", RankFormField)
        kwargs.setdefault("help_text", _("30k to 1k, 1d to 9d, 1p to 9p"))
        kwargs.pop("min_value", None)
        kwargs.pop("max_value", None)
        # A rank is text (``1d``): the admin hands every integer field a number input,
        # in which ``1d`` cannot even be typed. Every form gets a text input instead.
        widget = kwargs.get("widget")
        if (
            widget is None
            or isinstance(widget, forms.NumberInput)
            or (isinstance(widget, type) and issubclass(widget, forms.NumberInput))
        ):
            kwargs["widget"] = RankInput
        return models.Field.formfield(self, **kwargs)

    def value_to_string(self, obj):
        value = self.value_from_object(obj)
        return "" if value is None else format_rank(value)


class PointsField(models.DecimalField):
    """Points in half steps (0, 0.5, 1, ...)."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("max_digits", 4)
        kwargs.setdefault("decimal_places", 1)
        super().__init__(*args, **kwargs)


def user_account(verbose_name, *, on_delete=models.SET_NULL, related_name: str = "+", **kwargs) -> models.ForeignKey:
    """A link to a user account that may be empty: who did something (reported a result, invited,
    imported a list), or whose a registration is. Deleting the account empties the link unless
    ``on_delete`` says otherwise; the account has no way back to the row unless ``related_name`` gives one."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=on_delete,
        null=True,
        blank=True,
        related_name=related_name,
        verbose_name=verbose_name,
        **kwargs,
    )


def check_names(instance: models.Model, fields: tuple[str, ...]) -> None:
    """The rule of every name (:func:`tournament.names.invisible_character`) on ``fields`` of ``instance``
    (a model's ``clean``): :class:`ValidationError` by field, each naming the character."""
    errors = {}
    for name in fields:
        culprit = invisible_character(str(getattr(instance, name) or ""))
        if culprit:
            errors[name] = ValidationError(
                _("The name contains an invisible or control character (%(char)s); please type it again."),
                params={"char": culprit},
                code="invisible",
            )
    if errors:
        raise ValidationError(errors)
