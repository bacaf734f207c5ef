"""The organizer's list of players, its rows built in Python from plain values: a congress's 2,000 players,
each row with its buttons' forms, where a template per row (and one per button) took more than a second.
One row (the htmx answer of a button, the dashboard's registrations to confirm) and the whole list are
drawn by the same function; the markup is what ``_registration_row.html`` drew."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tournament.models import Registration

from .row_html import csrf_input, row_url

register = template.Library()

CONFIRMED, WITHDRAWN = Registration.Status.CONFIRMED, Registration.Status.WITHDRAWN


def _details(reg: Registration, words: dict) -> str:
    """The line under the name: club, country, the rating lists' numbers, the rounds the player misses."""
    text = conditional_escape
    parts = f"{text(reg.club)} · " if reg.club else ""
    parts += text(reg.country)
    for label, number in (("EGD", reg.egd_pin), ("FFG", reg.ffg_licence), ("AGA", reg.aga_id)):
        if number:
            parts += f" · {label} {text(number)}"
    if reg.absent_rounds:
        parts += f" · {words['misses']} {', '.join(text(str(n)) for n in reg.absent_rounds)}"
    return parts


def _account(reg: Registration, words: dict, flagged: Collection[int]) -> str:
    """The second line: the account linked (or none yet, invited or not), and a likely duplicate."""
    if reg.user_id:
        line = f"{words['account']}: {conditional_escape(reg.user.get_username())}"
    else:
        line = words["no_account"] + (f" · {words['invited']}" if reg.invited_at else "")
    if reg.pk in flagged:
        line += f' · <strong class="warn-text">{words["twice"]}</strong>'
    return line


def _status_button(pk: int, status: str, label: str, button_class: str, url: str, csrf: str, back: str) -> str:
    """A button that gives the registration another status; htmx swaps the row."""
    return (
        f'<form method="post" action="{url}" class="inline" hx-post="{url}" hx-target="#reg-{pk}"'
        f' hx-swap="outerHTML">\n  {csrf}<input type="hidden" name="status" value="{status}">'
        f'<input type="hidden" name="next" value="{back}">\n'
        f'  <button type="submit" class="{button_class} small">{label}</button></form>'
    )


def _row(reg: Registration, urls: tuple[tuple[str, str], ...], csrf: str, back: str, words: dict, flagged) -> str:
    """One row, drawn from plain values."""
    pk = int(reg.pk)  # numbers as they are (not localized: ids and names of inputs)
    (edit_before, edit_after), (status_before, status_after) = urls
    name = conditional_escape(reg.display_name)
    chosen = ""
    buttons = []
    status_url = f"{status_before}/{pk}/{status_after}"
    if reg.status != CONFIRMED:
        choose = conditional_escape(_("Choose %(name)s") % {"name": reg.display_name})
        chosen = f'<input type="checkbox" name="chosen" value="{pk}" form="confirm-chosen" aria-label="{choose}">'
        buttons.append(_status_button(pk, CONFIRMED, words["confirm"], "ok", status_url, csrf, back))
    if reg.status != WITHDRAWN:
        buttons.append(_status_button(pk, WITHDRAWN, words["withdraw"], "secondary", status_url, csrf, back))
    self_registered = (
        f' <span class="muted small">{words["self"]}</span>' if reg.source == Registration.Source.SELF else ""
    )
    status = conditional_escape(reg.status)
    return (
        f'<tr id="reg-{pk}">\n'
        f"  <td>{chosen}</td>\n"
        f'  <td><a href="{edit_before}/{pk}/{edit_after}">{name}</a>\n'
        f'    <div class="muted small">{_details(reg, words)}</div>\n'
        f'    <div class="muted small">{_account(reg, words, flagged)}</div></td>\n'
        f"  <td>{conditional_escape(reg.rank_display)}</td>\n"
        f'  <td><span class="badge status-{status}">{words["statuses"].get(reg.status, status)}</span>'
        f"{self_registered}</td>\n"
        f'  <td class="row-actions">\n    {chr(10).join(buttons)}\n  </td>\n'
        "</tr>"
    )


@register.simple_tag(takes_context=True)
def registration_rows(context, registrations: Iterable[Registration], flagged: Collection[int] = ()) -> SafeString:
    """The rows of ``registrations`` (each with its account: ``select_related("user")``); ``flagged``: the
    ids of those perhaps entered twice. The buttons send the page's address back (``next``)."""
    words = {
        key: conditional_escape(text)
        for key, text in {
            "misses": _("misses"),
            "account": _("account"),
            "no_account": _("no account yet"),
            "invited": _("invited"),
            "twice": _("perhaps entered twice"),
            "self": _("self"),
            "confirm": _("Confirm"),
            "withdraw": _("Withdraw"),
        }.items()
    }
    words["statuses"] = {value: conditional_escape(label) for value, label in Registration.Status.choices}
    slug = context["tournament"].slug
    urls = (row_url("manage_registration", slug), row_url("manage_registration_status", slug))
    request = context.get("request")
    back = conditional_escape(request.get_full_path()) if request is not None else ""
    csrf = csrf_input(context)
    return mark_safe(  # noqa: S308 - every value escaped above
        "\n".join(_row(reg, urls, csrf, back, words, flagged or ()) for reg in registrations)
    )


@register.simple_tag(takes_context=True)
def registration_row(context, reg: Registration) -> SafeString:
    """One row of the list (the answer to a button)."""
    return registration_rows(context, [reg])
