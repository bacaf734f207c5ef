"""The results grid's rows, built in Python from plain values: a congress's round is a thousand rows with
a form each, and the template (an include per row, another per badge) took about a second for them, a
Django form per row another second (its fields deep-copied, each widget drawn). The inputs' HTML is the
one :class:`tournament.forms.results.ResultSetForm` reads back (its prefix ``g<id>``). One row (the htmx
answer of an entry or of a typed result) and the whole grid are drawn by the same function."""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tournament.models import Round
from tournament.models.game import Result, ResultState

from .row_html import csrf_input, row_url
from .side_tags import side_listed, side_rank

register = template.Library()


def _confirm(g, url: str, csrf: str, words: dict, prefix: str) -> str:
    """A reported row's "Confirm": its own small form, the result as it was reported (way of winning too)."""
    if g.result_state != ResultState.REPORTED:
        return ""
    pk = int(g.pk)
    version = f'<input type="hidden" name="{conditional_escape(prefix)}-version" value="{int(g.version)}">'
    return (
        f'    <form class="inline confirm-reported" method="post" action="{url}" hx-post="{url}"'
        f' hx-target="#result-row-{pk}" hx-swap="outerHTML">{csrf}{version}'
        f'<button type="submit" name="confirm" value="1" class="small ok">{words["confirm"]}</button></form>\n'
    )


def _notes(result, words: dict) -> str:
    """Beside the state: the result in words where it has a way of winning, the reason written with it,
    the record's check against the official result (a rejected record labelled)."""
    parts = []
    if result.game.method:
        parts.append(f'<div class="small result-words">{conditional_escape(result.words)}</div>')
    if result.reason:
        parts.append(
            f'<div class="small result-reason"><strong>{conditional_escape(result.reason_label)}:</strong> '
            f"{conditional_escape(result.reason)}</div>"
        )
    if result.rejected:
        parts.append(
            f'<div class="small verdict bad record-rejected"><strong>{conditional_escape(result.record_label)}:'
            f"</strong> {conditional_escape(result.verdict_text)}</div>"
        )
    elif result.verdict_text:
        agrees = "ok" if (result.verdict or {}).get("agrees") else "bad"
        parts.append(f'<div class="small verdict {agrees}">{conditional_escape(result.verdict_text)}</div>')
    return "\n    ".join(parts)


def _match_board(g) -> str:
    """A team match's board and teams under the players (``Game.match_board``); nothing for a single game."""
    if g.match_id is None:
        return ""
    return f'<div class="small muted match-board">{conditional_escape(g.match_board)}</div>'


def _reason(g, pk: str, reason: str, words: dict) -> str:
    """The note sent with a result: hidden in an open round; a closed (finished) round's result changes
    only with a reason (:func:`tournament.services.results.result_set`), so its rows ask for one."""
    value = f' value="{conditional_escape(reason)}"' if reason else ""
    if g.round.status != Round.Status.FINISHED:
        return f'<input type="hidden" name="g{pk}-reason"{value} id="id_g{pk}-reason">'
    field = (
        f'<input type="text" name="g{pk}-reason"{value} maxlength="500" form="result-form-{pk}"'
        f' placeholder="{words["reason_hint"]}" size="16" id="id_g{pk}-reason">'
    )
    return f'<label class="small result-change-reason">{words["reason"]} {field}</label>'


def _values(row: dict) -> tuple[object, str, bool, str, list[str]]:
    """The row's version, result, "not played" and reason as its inputs show them, and its errors: the
    game's own, or those of the form sent back with an error (``row["form"]``, the posted values)."""
    g, form = row["game"], row.get("form")
    if form is None:
        return g.version, g.result, g.by_default, "", []
    errors = [str(e) for e in form.non_field_errors()] + [str(e) for e in form["result"].errors]
    version, result = form["version"].value(), form["result"].value()
    return version, str(result or ""), bool(form["by_default"].value()), str(form["reason"].value() or ""), errors


def _select(pk: str, result: str, options: dict[str, str]) -> str:
    """The result's select (the choices' options made once per grid, ``options``: value -> its <option>)."""
    inner = "".join(
        f"\n  {html.replace('>', ' selected>', 1) if value == result else html}" for value, html in options.items()
    )
    return f'<select name="g{pk}-result" form="result-form-{pk}" id="id_g{pk}-result">{inner}\n</select>'


def _row(row: dict, urls: tuple[tuple[str, str], ...], csrf: str, words: dict, options: dict[str, str]) -> str:
    """One row, drawn from plain values (a congress's thousand rows: no Django form, no template)."""
    g = row["game"]
    pk = int(g.pk)  # numbers as they are (not localized: ids and names of inputs)
    url, game_url = (f"{before}/{pk}/{after}" for before, after in urls)
    version, result, by_default, reason, error_list = _values(row)
    state = words["states"][g.result_state]
    classes = (
        "result-row"
        + (" saved" if row["saved"] else "")
        + (" entered" if row.get("entered") else "")
        + (" has-error" if error_list else "")
    )
    errors = "".join(f'<div class="errorlist" role="alert">{conditional_escape(e)}</div>' for e in error_list)
    saved = f' <span class="saved-mark" aria-live="polite">✓ {words["saved"]}</span>' if row["saved"] else ""
    notes = _notes(row["official"], words)
    checked = " checked" if by_default else ""
    oob = ' hx-swap-oob="true"' if row.get("oob") else ""
    return (
        f'<tr id="result-row-{pk}" class="{classes}"{oob}>\n'
        f'  <td class="num">{int(g.table)}</td>\n'
        f'  <td>● {conditional_escape(side_listed(g, "black"))} <span class="muted">'
        f"{conditional_escape(side_rank(g, 'black'))}</span><br>○ {conditional_escape(side_listed(g, 'white'))}"
        f' <span class="muted">{conditional_escape(side_rank(g, "white"))}</span>{_match_board(g)}</td>\n'
        '  <td class="result-cell">\n'
        f'    <form id="result-form-{pk}" method="post" action="{url}"\n'
        f'          hx-post="{url}" hx-target="#result-row-{pk}" hx-swap="outerHTML"\n'
        f'          hx-trigger="submit, change from:#result-row-{pk}">{csrf}</form>\n'
        f'    <input type="hidden" name="g{pk}-version" value="{conditional_escape(str(version))}" form="result-form-{pk}"'
        f' id="id_g{pk}-version">\n'
        f'    <label class="visually-hidden" for="id_g{pk}-result">{words["result"]}</label>'
        f"{_select(pk, result, options)}\n"
        f'    <label class="nowrap"><input type="checkbox" name="g{pk}-by_default" form="result-form-{pk}"'
        f' id="id_g{pk}-by_default"{checked}> {words["not_played"]}</label>\n'
        f"    {_reason(g, pk, reason, words)}\n"
        f'    <button type="submit" form="result-form-{pk}" class="small">{words["save"]}</button>\n'
        f"{_confirm(g, url, csrf, words, f'g{pk}')}"
        f"    {errors}\n"
        "  </td>\n"
        # the badge is tournament/_result_badge.html's
        f'  <td><span class="badge status-{conditional_escape(g.result_state)}" title="{state}">{state}</span>'
        f"{saved}\n    {notes}</td>\n"
        f'  <td><a href="{game_url}">{words["details"]}</a></td>\n'
        "</tr>"
    )


@register.simple_tag(takes_context=True)
def result_rows(context, rows) -> SafeString:
    """The grid's rows (``rows``: dicts of the game, its official result, whether just saved; ``form``: the
    form sent back with an error; ``entered``: just typed; ``oob``: an answer's out-of-band row)."""
    csrf = csrf_input(context)
    words = {
        key: conditional_escape(text)
        for key, text in {
            "result": _("Result"),
            "not_played": _("not played"),
            "save": _("Save"),
            "saved": _("saved"),
            "details": _("Details"),
            "confirm": _("Confirm"),
            "reason": _("Reason for a change"),
            "reason_hint": _("kept in the audit log"),
        }.items()
    }
    words["states"] = {value: conditional_escape(label) for value, label in ResultState.choices}
    slug = context["tournament"].slug
    # each row's links: the URL of game 0 with the game's number put in (one reverse for a thousand rows)
    urls = tuple(row_url(name, slug) for name in ("manage_result", "game"))
    options = {
        value: f'<option value="{conditional_escape(value)}">{conditional_escape(label)}</option>'
        for value, label in Result.choices
    }
    return mark_safe("\n".join(_row(row, urls, csrf, words, options) for row in rows))  # noqa: S308 - escaped above


@register.simple_tag(takes_context=True)
def result_row(context, row) -> SafeString:
    """One row of the grid (the answer to an entry)."""
    return result_rows(context, [row])
