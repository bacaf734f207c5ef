"""Filters for the standings pages: column headers and labels in the active language."""

from __future__ import annotations

import html

from django import template
from django.conf import settings
from django.utils.formats import localize, number_format
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from tournament import standings_words
from tournament.standings.gor import format_change
from tournament.standings.square import square_cells

register = template.Library()


@register.filter
def column_header(column) -> str:
    return standings_words.column_header(column)


@register.filter
def column_label(column) -> str:
    return standings_words.column_label(column)


@register.filter
def frozen_note(table) -> str:
    return standings_words.frozen_note(table)


@register.filter
def category_name(category) -> str:
    return standings_words.category_name(category)


def _cell(value) -> str:
    """A value as ``{{ value }}`` shows it: localized, then escaped (text as it is: localizing leaves it)."""
    if type(value) is str:  # plain text (not marked safe): Django's escape, without its lazy-text wrapper
        return html.escape(value)
    if type(value) is int and not settings.USE_THOUSAND_SEPARATOR:  # what localize makes of it: its digits
        return str(value)
    if isinstance(value, str):
        return conditional_escape(value)
    return conditional_escape(str(localize(value)))


@register.filter
def gor_change(value: float) -> str:
    """A GoR change with its sign and one decimal, in the language's decimal separator (``+9,3``)."""
    text = format_change(value)
    return text[0] + number_format(abs(value), 1) if text[0] in "+-" else number_format(0.0, 1)


@register.simple_tag
def standings_rows(standings, gor=None) -> SafeString:
    """The table's rows: the markup of a ``{% for %}`` over them, built in Python.

    The table of a few hundred players is rendered again after every result,
    and the template loop was most of that time. ``gor``: the EGD rating preview
    (:func:`tournament.selectors.gor.gor_preview`), a last column, or None for none.
    """
    rows = []
    names = {c.number: standings_words.category_name(c) for c in standings.categories}
    sections = standings.ranked_by_category
    width = len(standings.value_columns) + 5 + bool(names) + (gor is not None)
    last = None
    for row in standings.rows:
        e = row.entrant
        values = "".join(f'<td class="num">{_cell(v)}</td>' for v in standings.shown_values(row))
        tied = ' class="tied"' if row.tied else ""
        if sections and row.category != last:
            last = row.category
            letter = standings.categories[row.category].letter
            rows.append(
                f'<tr class="category-head" id="category-{letter}" data-category="{letter}">'
                f'<th colspan="{width}">{_cell(names[row.category])}</th></tr>'
            )
        category = ""
        if names:
            letter = standings.categories[row.category].letter
            tied += f' data-category="{letter}"'
            category = f'<td class="col-category">{_cell(standings.category_text(row))}</td>'
        rows.append(
            f"<tr{tied}>"
            f'<td class="num">{_cell(standings.place_text(row))}</td>'
            f'<td class="name">{_cell(e.name)}</td>'
            f'<td class="num">{_cell(row.rank_text)}</td>'
            f"{category}"
            f'<td class="col-club">{_cell(e.club)}</td>'
            f'<td class="col-country">{_cell(e.country)}</td>'
            f"{values}{_gor_cell(gor, e.id)}</tr>"
        )
    return mark_safe("\n".join(rows))  # noqa: S308 - every value escaped above


def _gor_cell(gor, player) -> str:
    """The preview's cell of a row (nothing without a preview; empty for a player without a rated game)."""
    if gor is None:
        return ""
    p = gor.get(player)
    if p is None or not p.games:
        return '<td class="num gor"></td>'
    return f'<td class="num gor">{_cell(gor_change(p.change))}</td>'


def _crosstable_row(standings, row, middle: str) -> str:
    """A crosstable's line: the player's number, place (within the category when ranked apart), name and
    rank, ``middle`` (its cells, escaped by the caller), then the criteria's values (CAT as the letter)."""
    values = "".join(f'<td class="num">{_cell(v)}</td>' for v in standings.display_values(row))
    tied = ' class="tied"' if row.tied else ""
    number = _cell(row.number)
    return (
        f'<tr id="p{number}"{tied}>\n'
        f'      <td class="num">{number}</td>\n'
        f'      <td class="num">{_cell(standings.place_text(row))}</td>\n'
        f'      <td class="name">{_cell(row.entrant.name)}</td>\n'
        f'      <td class="num">{_cell(row.rank_text)}</td>\n'
        f"      {middle}\n"
        f"      {values}\n"
        f"    </tr>"
    )


@register.simple_tag
def crosstable_rows(standings) -> SafeString:
    """The crosstable's rows, built in Python as :func:`standings_rows` (a congress's crosstable is
    2,000 rows of ten rounds: the template loop took seconds)."""
    rows = []
    # a round without a game says what it was in its tooltip (the code alone, 0=, is the same for both)
    unpaired = {kind: _cell(words) for kind, words in standings_words.round_without_game().items()}
    for row in standings.rows:
        e = row.entrant
        cells = "".join(
            # a cell's code is made of digits and +-=?/!bw: nothing to localize or escape
            f'<td class="cell"><a href="#p{c.opponent_place}">{c.code}</a></td>'
            if c.kind == "game"
            else f'<td class="cell {c.kind}" title="{unpaired[c.kind]}">{c.code}</td>'
            if c.kind in unpaired
            else f'<td class="cell">{c.code}</td>'
            for c in row.cells
        )
        rows.append(_crosstable_row(standings, row, f'<td class="col-club">{_cell(e.club)}</td>\n      {cells}'))
    return mark_safe("\n".join(rows))  # noqa: S308 - every value escaped above


@register.simple_tag
def round_robin_rows(standings) -> SafeString:
    """A round robin's crosstable, square (:mod:`tournament.standings.square`): the games' codes in each
    cell with their rounds in its title; the diagonal says in which round the player had the bye."""
    rows = []
    for row in standings.rows:
        cells = []
        for cell in square_cells(standings, row):
            if cell.kind == "self":
                bye = _cell(standings_words.bye_rounds(cell.rounds))
                cells.append(f'<td class="cell self">{bye}</td>')
            elif cell.kind == "game":
                rounds = ", ".join(str(r) for r in cell.rounds)
                # a code is made of digits and +-=?/!bw: nothing to localize or escape
                cells.append(f'<td class="cell" title="R{rounds}">{" ".join(cell.codes)}</td>')
            else:
                cells.append('<td class="cell"></td>')
        rows.append(_crosstable_row(standings, row, "".join(cells)))
    return mark_safe("\n".join(rows))  # noqa: S308 - every value escaped above
