"""The standings' words in the active language, for pages and PDFs.

:mod:`tournament.standings` is pure and speaks English; its criteria labels
are marked for ``makemessages``.  Headers are OpenGotha's abbreviations
(NBW, MMS, SOSW ...) in every language, except our own "Pts".
"""

from __future__ import annotations

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext

from tournament.standings.model import BEST_OF, PLACE_POINTS, TOTAL

_MODES = {
    TOTAL: gettext_noop("total over all rounds"),
    PLACE_POINTS: gettext_noop("points per discipline by final place"),
    BEST_OF: gettext_noop("best disciplines"),
}


def column_header(column) -> str:
    if column.code == "points":
        # TRANSLATORS: short column header: points (overall ranking by place points)
        return pgettext("column", "Pts")
    return column.header


def column_label(column) -> str:
    if column.code.startswith("d:"):
        return column.label  # a discipline's name
    return _(column.label)


def mode_text(mode: str) -> str:
    return _(_MODES[mode]) if mode in _MODES else mode


def heading(standings, tournament: str, what: str) -> tuple[str, str]:
    """Title and subtitle of a standings or crosstable document; ``what`` is translated."""
    scope = standings.title or _("overall")
    if tournament:
        title = _("%(tournament)s – %(what)s (%(scope)s)") % {"tournament": tournament, "what": what, "scope": scope}
    else:
        title = f"{what} ({scope})"
    rounds = standings.rounds
    if rounds:
        subtitle = _("after round %(last)s (%(n)s rounds)") % {"last": rounds[-1], "n": len(rounds)}
    else:
        subtitle = _("no round played yet")
    if standings.mode != TOTAL and not standings.title:
        subtitle += " · " + _("overall ranking: %(mode)s") % {"mode": mode_text(standings.mode)}
    frozen = frozen_note(standings)
    if frozen:
        subtitle += " · " + frozen
    return title, subtitle


def frozen_note(table) -> str:
    """The note of a frozen table (players' or teams'), empty for one that follows the results: "Frozen at
    2 Dec 2026, 17:32: places and scores as then, names as corrected since"."""
    at = getattr(table, "frozen_at", None)
    if at is None:
        return ""
    return _("Frozen at %(time)s for the prize-giving: places and scores as they were then.") % {
        "time": date_format(at, "DATETIME_FORMAT")
    }


def rounds_line(standings) -> str:
    """Each round's discipline, for the documents: "Rounds: 1 Go 9×9 · 2 Ninuki-Renju · …"."""
    played = getattr(standings, "round_disciplines", ())
    if not played:
        return ""
    return _("Rounds: %(rounds)s") % {"rounds": " · ".join(f"{n} {name}" for n, name in played)}


def category_name(category) -> str:
    """A rank category in words: "A: 1d and stronger", "B: 5k–1k", "C: 6k and weaker"
    (:class:`tournament.pairing.categories.Category`)."""
    from tournament.ranks import format_rank

    if category.strongest is None and category.weakest is None:
        return category.letter
    if category.strongest is None:
        # TRANSLATORS: a rank category: its letter and its weakest rank, e.g. "A: 1d and stronger"
        return _("%(letter)s: %(rank)s and stronger") % {
            "letter": category.letter,
            "rank": format_rank(category.weakest),
        }
    if category.weakest is None:
        # TRANSLATORS: a rank category: its letter and its strongest rank, e.g. "C: 6k and weaker"
        return _("%(letter)s: %(rank)s and weaker") % {
            "letter": category.letter,
            "rank": format_rank(category.strongest),
        }
    return category.label


def category_names(limits) -> list[tuple[str, str]]:
    """Each rank category of ``limits`` as (letter, words), the strongest first; none without limits."""
    from tournament.pairing import categories

    return [(c.letter, category_name(c)) for c in categories.categories(limits)] if limits else []


def round_without_game() -> dict[str, str]:
    """The crosstable's tooltip of a round without a game, by the cell's kind: the pairing's bye, or not
    paired (absent, or a bye the player asked for and was granted: the same absence in OpenGotha's terms)."""
    return {
        # TRANSLATORS: a crosstable's cell: the player had the round's bye (an odd number of players)
        "bye": pgettext("crosstable", "the bye of the round"),
        # TRANSLATORS: a crosstable's cell: the player was not paired (absent, or a bye asked for and granted)
        "absent": pgettext("crosstable", "not paired: absent or a bye granted"),
    }


def bye_rounds(rounds) -> str:
    """A round robin's diagonal cell: the rounds of the player's byes (``bye R3``), empty without one."""
    if not rounds:
        return ""
    # TRANSLATORS: a round robin's crosstable, on the diagonal: the player rested (had the bye) in round(s) R3
    return pgettext("crosstable", "bye R%(rounds)s") % {"rounds": ", ".join(str(r) for r in rounds)}


def team_words(side_size: int) -> dict[str, str]:
    """The words of a team table (:class:`tournament.standings.team_table.TeamTable`): a team tournament's
    teams (``side_size`` 1), Pair Go's and Rengo's pairs (2) and sides of three (3): the heading, the name
    column, the crosstable's key, the note that a side's players share its games, the PDFs' titles."""
    if side_size == 2:
        return {
            "heading": _("Pairs"),
            "name": pgettext("a side of Pair Go", "Pair"),
            "key": _("2+: against the pair of row 2, won; = drawn, - lost; 0+ a bye; – no game."),
            "shared": _("A pair's players share its games: the pairs are ranked, not their players."),
            "standings": _("Standings of the pairs"),
            "crosstable": _("Crosstable of the pairs"),
        }
    if side_size > 2:
        return {
            "heading": _("Sides"),
            "name": pgettext("a side of Rengo", "Side"),
            "key": _("2+: against the side of row 2, won; = drawn, - lost; 0+ a bye; – no game."),
            "shared": _("A side's players share its games: the sides are ranked, not their players."),
            "standings": _("Standings of the sides"),
            "crosstable": _("Crosstable of the sides"),
        }
    return {
        "heading": _("Teams"),
        "name": _("Team name"),
        "key": _(
            "3+ 2½:½: against the team of row 3, the match won, 2½ boards to ½; = drawn, - lost; 0+ 3:0 a bye; "
            "– no match."
        ),
        "shared": "",
        "standings": _("Team standings"),
        "crosstable": _("Team crosstable"),
    }
