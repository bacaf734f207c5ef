"""The organizer's table of a round's games, its rows built in Python.

A congress's round is a thousand games, each row with two forms: the
template loop took most of the page's time. The markup is the template's.
"""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from .row_html import csrf_input
from .side_tags import side_listed, side_rank

register = template.Library()


def _text(value) -> str:
    """A value as ``{{ value }}`` shows it: localized, then escaped."""
    return conditional_escape(str(localize(value)))


@register.simple_tag(takes_context=True)
def round_game_rows(context, games) -> SafeString:
    """The rows of ``_round_games.html``: each game (Black, White, handicap, komi, result), its forms to
    move it to another table and to take it out while the round may be edited, and the pairing's
    explanation of it (``game.explanation``, a list of lines) below it."""
    tournament, round_ = context["tournament"], context["round"]
    editable, movable, moved = context.get("editable"), context.get("tables_movable"), context.get("moved")
    has_komi = round_.discipline.has_komi
    csrf = csrf_input(context)
    move_url = conditional_escape(reverse("manage_round_move", args=[tournament.slug, round_.number]))
    unpair_url = conditional_escape(reverse("manage_round_unpair_game", args=[tournament.slug, round_.number]))
    words = {
        key: conditional_escape(text)
        for key, text in {
            "table": _("Table"),
            "black": _("Black"),
            "white": _("White"),
            "hcp": _("Hcp"),
            "komi": _("Komi"),
            "game": _("Game"),
            "kept": _("kept"),
            "kept_title": _("A fixed or hand-made pairing that re-pairing the round keeps."),
            "by_hand": _("set by hand"),
            "by_hand_title": _("A director put this game at this table: renumbering the tables keeps it there."),
            "move": _("Move"),
            "unpair": _("Unpair"),
            # TRANSLATORS: the toggle that shows a pair's cost terms
            "details": pgettext("the numbers behind an explanation", "Details"),
            "unpair_title": _("Take this game out: both players are unpaired and can be paired by hand."),
        }.items()
    }
    span = 7 if editable else 6 if movable else 5
    rows = []
    for g in games:
        pk = _text(g.pk)
        kept = f' <span class="badge pinned" title="{words["kept_title"]}">{words["kept"]}</span>' if g.pinned else ""
        if g.table_by_hand:
            kept += f' <span class="badge by-hand" title="{words["by_hand_title"]}">{words["by_hand"]}</span>'
        komi = f'<td class="num komi" data-label="{words["komi"]}">{_text(g.komi)}</td>' if has_komi else ""
        result = _text(g.result_short) if g.has_result else words["game"]
        game_url = conditional_escape(reverse("game", args=[tournament.slug, g.pk]))
        moved_class = ' class="moved"' if g.pk == moved else ""
        row = [
            f'    <tr id="game-{pk}"{moved_class}>'
            f'<td class="num" data-label="{words["table"]}">{_text(g.table)}{kept}</td>\n'
            f'      <td class="side-black" data-label="{words["black"]}">{conditional_escape(side_listed(g, "black"))}'
            f' <span class="muted">{conditional_escape(side_rank(g, "black"))}</span></td>\n'
            f'      <td class="side-white" data-label="{words["white"]}">{conditional_escape(side_listed(g, "white"))}'
            f' <span class="muted">{conditional_escape(side_rank(g, "white"))}</span></td>\n'
            f'      <td class="num hcp" data-label="{words["hcp"]}">{_text(g.handicap) if g.handicap else ""}</td>'
            f"{komi}\n"
            f'      <td class="result-cell"><a href="{game_url}">{result}</a></td>\n'
        ]
        if movable:
            label = conditional_escape(_("New table for the game at table %(table)s") % {"table": _text(g.table)})
            row.append(
                '      <td class="move-cell">\n'
                f'        <form method="post" class="table-move" action="{move_url}"\n'
                f'              hx-post="{move_url}" hx-target="#round-games" hx-swap="outerHTML">{csrf}\n'
                f'          <input type="hidden" name="game" value="{pk}">\n'
                f'          <label class="visually-hidden" for="move-{pk}">{label}</label>\n'
                f'          <input type="number" id="move-{pk}" name="table" min="1" required inputmode="numeric"'
                f' placeholder="{_text(g.table)}">\n'
                f'          <button type="submit" class="small secondary">{words["move"]}</button>\n'
                "        </form>\n"
                "      </td>"
            )
        if editable:
            unpair = (
                ""
                if g.has_result or g.match_id is not None  # a team match's board goes with its round's pairing
                else f'\n        <form method="post" action="{unpair_url}">{csrf}\n'
                f'          <input type="hidden" name="game" value="{pk}">\n'
                f'          <button type="submit" class="small secondary" title="{words["unpair_title"]}">'
                f"{words['unpair']}</button>\n"
                "        </form>"
            )
            row.append(f'\n      <td class="unpair-cell">{unpair}</td>')
        row.append("</tr>")
        reasons, numbers = getattr(g, "explanation", None) or ([], [])
        if reasons or numbers:
            # why this pair in words; the numbers behind it (OpenGotha's cost terms) behind a toggle
            lines = conditional_escape(" ".join(str(line) for line in reasons))
            if numbers:
                lines += (
                    f' <details class="explanation-numbers"><summary>{words["details"]}</summary>'
                    f"{conditional_escape(' '.join(str(line) for line in numbers))}</details>"
                )
            row.append(
                f'\n    <tr class="explanation"><td></td><td colspan="{span}" class="muted small">{lines}</td></tr>'
            )
        rows.append("".join(row))
    return mark_safe("\n".join(rows))  # noqa: S308 - every value escaped above
