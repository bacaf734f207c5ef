"""The pairing's words in the reader's language, for pages, messages and the audit log.

The pairing engine (:mod:`tournament.pairing`) is pure and speaks in codes
and player keys; the services record warnings and explanations as plain
data (codes, names, numbers), and everything here turns them into text when
a page is drawn, so each reader sees them in their own language.
"""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from tournament.standings.criteria import format_scaled

#: The cost terms in words (OpenGotha's criteria).
TERM_NAMES = {
    "duplicate": gettext_lazy("avoid duplicate game"),
    "random": gettext_lazy("random"),
    "colour_balance": gettext_lazy("colour balance"),
    "category": gettext_lazy("categories"),
    "score_difference": gettext_lazy("score difference"),
    "dudd": gettext_lazy("draw-up/draw-down"),
    "seeding": gettext_lazy("seeding"),
    "handicap": gettext_lazy("handicap"),
    "geography": gettext_lazy("club and country"),
}


def _number(value) -> str:
    return f"{value:,}".replace(",", "\u202f") if isinstance(value, int) else str(value)


def _colour_words(white: int, black: int) -> str:
    """The colours of a pair in words, from each player's games as White minus games as Black
    (``white`` of the player who has White now)."""
    if white < 0 < black:
        return _("Colours even out: each gets the colour they had less often.")
    if white * black < 0:
        return _("One had White more often, the other Black.")
    if white and black:
        return _("Both had the same colour more often: one of them gets it again.")
    if white or black:
        return _("One of them had a colour more often and now gets the other.") if white < 0 or black > 0 else ""
    return ""


def _group_words(data: dict) -> str:
    """Where the two stood before the round, in the standings' terms: the main score as the standings show
    it (MMS, wins...), places in the score group counted from 1, and no internal category offsets (the
    engine numbers its groups category after category). Records kept before the scores were recorded
    (no ``scores_x2``) speak of the engine's group numbers."""
    a, b = (list(data.get("groups") or []) + [None, None])[:2]
    pa, pb = (list(data.get("places") or []) + [None, None])[:2]
    scores = data.get("scores_x2")
    size = data.get("group_size")
    if isinstance(scores, list) and len(scores) == 2 and all(isinstance(x, int) for x in scores):
        name = str(data.get("score_name") or "")
        sa, sb = (f"{name} {format_scaled(x, 2)}".strip() for x in scores)
        cats = (list(data.get("categories") or []) + [0, 0])[:2]
        if a == b and isinstance(pa, int) and isinstance(pb, int) and size:
            return _("Same score (%(score)s): places %(a)s and %(b)s of %(n)s.") % {
                "score": sa,
                "a": pa + 1,
                "b": pb + 1,
                "n": size,
            }
        if cats[0] != cats[1]:
            return _("%(a)s and %(b)s, of neighbouring categories: one of them leaves their category.") % {
                "a": sa,
                "b": sb,
            }
        if sa == sb:
            return _("Same score (%(score)s).") % {"score": sa}
        return _("%(a)s and %(b)s: one is drawn up, the other down.") % {"a": sa, "b": sb}
    if a == b and pa is not None and pb is not None and size:
        return _("Same score group (%(group)s): places %(a)s and %(b)s of %(n)s.") % {
            "group": a,
            "a": pa + 1,
            "b": pb + 1,
            "n": size,
        }
    if a == b:
        return _("Same score group (%(group)s).") % {"group": a}
    return _("Score groups %(a)s and %(b)s: one is drawn up, the other down.") % {"a": a, "b": b}


def explanation_parts(data: dict | list | str | None) -> tuple[list[str], list[str]]:
    """A pair's explanation (as the pairing service records it) in the reader's language: first in words
    why these two (score group, rematch avoided or not, colours, club), then the numbers behind it
    (the colour balance, OpenGotha's cost terms) for whoever wants them."""
    if not data:
        return [], []
    if isinstance(data, str):
        return [data], []
    if isinstance(data, list):
        return [str(x) for x in data], []
    words = [_group_words(data)]
    if data.get("rematch"):
        words.append(_("They have played each other before: no pairing without a rematch was left."))
    else:
        words.append(_("They have not played each other yet."))
    wa, wb = (list(data.get("colour_balance") or []) + [0, 0])[:2]
    if isinstance(wa, int) and isinstance(wb, int):
        colours = _colour_words(wa, wb)
        if colours:
            words.append(colours)
    if data.get("same_club"):
        words.append(_("Same club."))
    elif data.get("same_country"):
        words.append(_("Same country."))
    numbers = []
    try:
        numbers.append(_("Colour balance before the round: White %(w)+d, Black %(b)+d.") % {"w": wa, "b": wb})
    except TypeError:
        pass
    terms = ", ".join(
        f"{TERM_NAMES.get(name, name)} {_number(value)}" for name, value in (data.get("terms") or {}).items() if value
    )
    numbers.append(
        _("Pairing value %(total)s = 1 + %(terms)s.") % {"total": _number(data.get("total", 0)), "terms": terms}
    )
    return words, numbers


def game_explanation(game, explanations: dict) -> tuple[list[str], list[str]]:
    """The explanation recorded for the game's table, if the same two players still sit there: its words
    and its numbers (:func:`explanation_parts`)."""
    data = explanations.get(str(game.table))
    if isinstance(data, dict) and {data.get("white"), data.get("black")} != {game.white_id, game.black_id}:
        return [], []
    return explanation_parts(data)


def bye_explanation_line(data: dict | str | None) -> str:
    if not data:
        return ""
    if isinstance(data, str):
        return data
    others = "; ".join(f"{name} ({weight})" for name, weight in (data.get("runners_up") or [])[:3])
    # the formula the pairing used (:data:`tournament.pairing.bye.Formula`); a round paired before it was
    # recorded says whether it was McMahon's
    formula = data.get("formula") or ("mcmahon" if data.get("mcmahon", True) else "wins")
    if formula == "hand":
        return _("%(player)s got the bye from the director.") % {"player": data.get("player")}
    if formula == "mcmahon":
        text = _(
            "%(player)s has the lowest bye weight, %(weight)s (rank + twice the McMahon score, "
            "1000 more for each earlier bye)."
        )
    else:
        text = _(
            "%(player)s has the lowest bye weight, %(weight)s (rank + 40 per win, 1000 more for each earlier bye)."
        )
    text = text % {"player": data.get("player"), "weight": data.get("weight")}
    if others:
        text += " " + _("Next in line: %(others)s.") % {"others": others}
    return text


def _names(names) -> str:
    return " – ".join(str(n) for n in names or [])


def _join(items) -> str:
    return ", ".join(str(i) for i in items or [])


def _list(items) -> str:
    """``[1, 2, 5]`` → "1, 2 and 5" (German "1, 2 und 5")."""
    return str(get_text_list([str(i) for i in items], pgettext("before the last item of a list", "and")))


def warning_text(warning: dict | str) -> str:
    """One warning about a pairing (as the services record it: a code with names and numbers) in words."""
    if isinstance(warning, str):
        return warning  # recorded before warnings were kept as data
    if not isinstance(warning, dict):
        return str(warning)
    code = warning.get("code")
    if code in ("team-incomplete", "team-rematch"):
        return _team_warning_text(warning)
    table = warning.get("table")
    players = warning.get("players") or []
    if code == "rematch":
        return _("Rematch at table %(table)s: %(names)s have played each other before.") % {
            "table": table,
            "names": _names(players),
        }
    if code == "colour":
        text = (
            _("Colour imbalance at table %(table)s: %(name)s gets White once more (balance %(balance)+d).")
            if warning.get("colour") == "white"
            else _("Colour imbalance at table %(table)s: %(name)s gets Black once more (balance %(balance)+d).")
        )
        return text % {"table": table, "name": _names(players[:1]), "balance": int(warning.get("balance") or 0)}
    if code == "handicap":
        return _(
            "Handicap at table %(table)s: the game has %(actual)s with %(white)s White; the rules give "
            "%(advised)s with %(advised_white)s White."
        ) % {
            "table": table,
            "actual": warning.get("actual"),
            "white": _names(players[:1]),
            "advised": warning.get("advised"),
            "advised_white": warning.get("advised_white", ""),
        }
    if code == "absent":
        return _("Table %(table)s: %(name)s is marked absent in this round.") % {
            "table": table,
            "name": _names(players[:1]),
        }
    if code == "withdrawn":
        return _("Table %(table)s: %(name)s has withdrawn from the tournament.") % {
            "table": table,
            "name": _names(players[:1]),
        }
    if code == "unpaired":
        return _("No pairing is allowed by the constraints for: %(names)s.") % {"names": _join(players)}
    if code == "fixed-absent":
        return _("%(name)s is marked absent but is in a fixed pair.") % {"name": _names(players[:1])}
    if code == "fixed-skipped":
        return _("A fixed pair was left out: %(names)s cannot be paired in this round (not confirmed).") % {
            "names": _join(players)
        }
    if code == "earlier-unpublished":
        return _("Earlier rounds are not published yet: %(rounds)s.") % {"rounds": _join(warning.get("rounds"))}
    if code == "missing-results":
        tables = list(warning.get("tables") or [])
        return ngettext(
            "Round %(number)s still lacks the result of table %(tables)s: this pairing counts that game "
            "as played, with no points for either player.",
            "Round %(number)s still lacks the results of tables %(tables)s: this pairing counts those games "
            "as played, with no points for either player.",
            len(tables),
        ) % {"number": warning.get("round"), "tables": _list(tables)}
    return str(warning.get("text") or code)


def _team_warning_text(warning: dict) -> str:
    """A warning of the team pairing: a team left out without a complete line-up, a rematch of two teams."""
    if warning.get("code") == "team-incomplete":
        return _("%(team)s has no complete line-up for round %(round)s and is not paired.") % {
            "team": warning.get("team"),
            "round": warning.get("round"),
        }
    return _("Rematch in match %(table)s: %(teams)s have played each other before.") % {
        "table": warning.get("table"),
        "teams": _list(warning.get("teams") or []),
    }


#: Why an edit was refused (codes of :class:`tournament.pairing.edits.EditRefused`).
def tables_full_text() -> str:
    """Why a round's games cannot all be seated: the table plan leaves too few tables up to the last
    (:class:`tournament.pairing.tables.TablesFull`; the pairing, a round robin's schedule, a knockout's
    round and renumbering all say so)."""
    return _("There are not enough tables for the round's games: fewer excluded tables, please.")


def refusal_text(code: str, names: list[str], table=None) -> str:
    name = names[0] if names else ""
    if code == "has-result":
        return _(
            "The game at table %(table)s has a result already; a game with a result is never changed "
            "(correct the result first if the pairing was wrong)."
        ) % {"table": table}
    if code == "no-game":
        return _("%(name)s has no game in this round.") % {"name": name}
    if code == "busy":
        if name:
            return _("%(name)s has a game in this round already.") % {"name": name}
        return _("Table %(table)s is taken.") % {"table": table}
    if code == "same-player":
        return _("Choose two different players.")
    if code == "no-table":
        return _("There is no game at table %(table)s.") % {"table": table}
    if code == "bad-table":
        return _("Table numbers start at 1.")
    if code == "excluded-table":
        return _("Table %(table)s is excluded in this round (see the tables' set-up).") % {"table": table}
    if code == "no-free-table":
        return _(
            "No table is left for the game: every table up to %(table)s is in use, excluded or reserved "
            "(see the tables' set-up)."
        ) % {"table": table}
    return _("%(name)s cannot be paired in this round.") % {"name": name}


def _score_text(name: str, x2) -> str:
    return f"{name} {format_scaled(x2, 2)}".strip() if isinstance(x2, int) else str(x2)


def _why_not_reason(reason: dict, name, letters: list) -> str:
    """One reason of "why not these two?" (:func:`tournament.pairing.explain.why_not`) in words."""
    code = reason.get("code")
    who = name(reason.get("player", ""))
    if code == "paired":
        return _("They play each other in this round.")
    if code == "not-in-round":
        return _("%(name)s has no game in this round (absent, withdrawn or not paired).") % {"name": who}
    if code == "bye":
        return _("%(name)s has the bye: pairing them moves the bye to somebody else.") % {"name": who}
    if code == "kept":
        return _("%(name)s’s game was fixed or made by hand: pairing them undoes it.") % {"name": who}
    if code == "forbidden":
        return _("A pairing constraint says never to pair them: the pairing may not put them together.")
    if code == "rematch":
        return ngettext(
            "They have played each other before, in round %(rounds)s.",
            "They have played each other before, in rounds %(rounds)s.",
            len(reason.get("rounds") or []),
        ) % {"rounds": _list(reason.get("rounds") or [])}
    if code == "categories":
        a, b = (list(reason.get("categories") or []) + [0, 0])[:2]
        ca, cb = (letters[i] if isinstance(i, int) and 0 <= i < len(letters) else str(i) for i in (a, b))
        return _("Different categories (%(a)s and %(b)s): the categories are paired apart.") % {"a": ca, "b": cb}
    if code == "score":
        sa, sb = (list(reason.get("scores_x2") or []) + [0, 0])[:2]
        return _("Different scores before the round (%(a)s and %(b)s): one would be drawn up, the other down.") % {
            "a": _score_text(str(reason.get("score_name") or ""), sa),
            "b": _score_text(str(reason.get("score_name") or ""), sb),
        }
    if code == "colour":
        wa, wb = (list(reason.get("colour_balance") or []) + [0, 0])[:2]
        text = (
            _("Both had White more often (%(a)+d, %(b)+d): one of them would get White again.")
            if wa > 0
            else _("Both had Black more often (%(a)+d, %(b)+d): one of them would get Black again.")
        )
        return text % {"a": wa, "b": wb}
    if code == "handicap":
        n = int(reason.get("handicap") or 0)
        return ngettext(
            "Their game would have a handicap of %(n)s stone.", "Their game would have a handicap of %(n)s stones.", n
        ) % {"n": n}
    if code == "club":
        return _("Same club (%(club)s).") % {"club": reason.get("club")}
    if code == "country":
        return _("Same country (%(country)s).") % {"country": reason.get("country")}
    return str(code)


def why_not_lines(data: dict) -> dict:
    """The answer to "why not these two?" (:func:`tournament.selectors.why_not.why_not_these_two`) in the
    reader's language: ``reasons`` (lines), ``cost`` (the pairing's total now and with the two together),
    ``lost`` (the cost terms that lose most), ``removed`` and ``added`` (the pairs that would change),
    ``unpaired`` and ``work`` (the CPU time it took)."""
    names = data.get("names") or {}

    def name(key) -> str:
        return str(names.get(key, key))

    letters = list(data.get("category_letters") or [])
    out: dict = {
        "reasons": [_why_not_reason(r, name, letters) for r in data.get("reasons") or []],
        # each one's game instead, with the words the pairing recorded for it
        "instead": [
            (
                _("%(name)s plays %(opponent)s at table %(table)s.")
                % {"name": name(i.get("player")), "opponent": name(i.get("opponent")), "table": i.get("table")},
                explanation_parts(i.get("recorded"))[0],
            )
            for i in data.get("instead") or []
        ],
        "cost": "",
        "lost": "",
        "removed": [],
        "added": [],
        "unpaired": "",
        "work": "",
    }
    changes = data.get("changes")
    total_with = data.get("total_with")
    if changes is None or total_with is None:
        return out
    now = data.get("total_now", 0)
    out["cost"] = _(
        "The pairing’s total value (the sum of OpenGotha’s pair values; the pairing takes the highest): "
        "%(now)s now, %(with)s with the two together, %(diff)s less."
    ) % {"now": _number(now), "with": _number(total_with), "diff": _number(now - total_with)}
    removed, added = changes.get("terms_removed") or {}, changes.get("terms_added") or {}
    lost = sorted(((removed.get(t, 0) - added.get(t, 0), t) for t in TERM_NAMES), reverse=True)
    lost = [(v, t) for v, t in lost if v > 0][:3]
    if lost:
        out["lost"] = _("It loses most in: %(terms)s.") % {
            "terms": ", ".join(f"{TERM_NAMES[t]} {_number(v)}" for v, t in lost)
        }
    tables = data.get("tables") or {}
    for pair in changes.get("removed") or []:
        table = tables.get(frozenset(pair))
        words = " – ".join(name(k) for k in pair)
        out["removed"].append(_("table %(table)s: %(names)s") % {"table": table, "names": words} if table else words)
    out["added"] = [" – ".join(name(k) for k in pair) for pair in changes.get("added") or []]
    if changes.get("unpaired"):
        out["unpaired"] = _("Without a game then (the bye): %(names)s.") % {
            "names": _join(name(k) for k in changes["unpaired"])
        }
    out["work"] = _("Worked out in %(seconds)s s of processor time.") % {
        "seconds": number_format(float(data.get("cpu_seconds") or 0), 2)
    }
    if data.get("window"):
        out["work"] = (
            _(
                "Matched again among the %(n)s players nearest the two and their partners in the standings; the "
                "others keep their pairs."
            )
            % {"n": data["window"]}
            + " "
            + out["work"]
        )
    return out
