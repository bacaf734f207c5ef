"""The audit log in words, in the reader's language.

Entries keep plain data (codes, names, numbers); here they become what an
organizer reads: what happened ("players swapped"), and before and after as
"table 3: Anna Bergmann – Jonas Krüger" or "status: withdrawn" instead of
database ids and the pairing's raw cost terms. :mod:`tournament.selectors.audit`
adds what the entries refer to (round numbers, games, players' names).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.models import PairConstraint, PairingPrint, Registration, Round
from tournament.models.game import Result, ResultState, WinMethod
from tournament.models.tournament import CategoryMode
from tournament.pairing_words import warning_text

ACTIONS = {
    "game.result.report": gettext_lazy("result reported"),
    "game.result.confirm": gettext_lazy("result confirmed"),
    "game.result.dispute": gettext_lazy("result disputed"),
    "game.result.set": gettext_lazy("result entered by an organizer"),
    "game.result.adjudicate": gettext_lazy("result decided by a referee"),
    "game.result.withdraw": gettext_lazy("reported result taken back"),
    "game.result.enter": gettext_lazy("result typed by an organizer"),
    "game.result.undo": gettext_lazy("typed result undone"),
    "game.live.take_back": gettext_lazy("move taken back on the live board"),
    "game.live.take_over": gettext_lazy("recording taken over by a referee"),
    "game.live.hand_back": gettext_lazy("recording handed back to the players"),
    "game.live.scorer": gettext_lazy("scorer named"),
    "game.live.mark": gettext_lazy("dead stones marked on the live board"),
    "game.live.agree": gettext_lazy("count agreed on the live board"),
    "game.live.resume": gettext_lazy("play resumed after the passes"),
    "registration.create": gettext_lazy("registration"),
    "registration.status": gettext_lazy("registration status"),
    "registration.rounds": gettext_lazy("rounds not played"),
    "registration.checkin": gettext_lazy("checked in at the desk"),
    "registration.checkin.undo": gettext_lazy("check-in taken back"),
    "checkin.settings": gettext_lazy("check-in settings changed (open, by name)"),
    "round.checked_in_only": gettext_lazy("“Pair only the players checked in” changed"),
    "bye_request.ask": gettext_lazy("bye asked for"),
    "bye_request.withdraw": gettext_lazy("request for a bye taken back"),
    "bye_request.answer": gettext_lazy("request for a bye answered"),
    "player.rank": gettext_lazy("rank corrected"),
    "registration.edit": gettext_lazy("player's data changed"),
    "registration.delete": gettext_lazy("registration deleted"),
    "registration.merge": gettext_lazy("registrations merged"),
    "registration.claim": gettext_lazy("registration claimed by the player"),
    "registration.link": gettext_lazy("account linked"),
    "registration.unlink": gettext_lazy("account unlinked"),
    "registration.invite": gettext_lazy("invitation sent"),
    "round.create": gettext_lazy("round created"),
    "round.pair": gettext_lazy("round paired"),
    "round.unpair": gettext_lazy("pairing removed"),
    "round.publish": gettext_lazy("round published"),
    "round.finish": gettext_lazy("round closed"),
    "round.unpublish": gettext_lazy("publication withdrawn"),
    "round.reopen": gettext_lazy("round reopened"),
    "round.swap": gettext_lazy("players swapped"),
    "round.unpair_game": gettext_lazy("game taken out of the pairing"),
    "round.pair_by_hand": gettext_lazy("players paired by hand"),
    "round.bye": gettext_lazy("bye given by hand"),
    "round.print": gettext_lazy("pairing printed"),
    "round.print.dismiss": gettext_lazy("stale printed pairing dismissed"),
    "round.robin": gettext_lazy("round paired by the round-robin schedule"),
    "tournament.round_robin": gettext_lazy("round-robin schedule made"),
    "tournament.round_robin_remove": gettext_lazy("round-robin schedule removed"),
    "registration.robin_withdraw": gettext_lazy("withdrawal from the round robin decided"),
    "tournament.groups": gettext_lazy("players dealt into groups"),
    "tournament.knockout": gettext_lazy("knockout stage seeded"),
    "round.knockout": gettext_lazy("round made by the knockout bracket"),
    "tournament.knockout_rule": gettext_lazy("knockout rule for a game without a winner changed"),
    "tournament.knockout_remove": gettext_lazy("knockout stage removed"),
    "round.bye.remove": gettext_lazy("bye taken away"),
    "game.cancel": gettext_lazy("game cancelled"),
    "game.table": gettext_lazy("table changed"),
    "round.renumber": gettext_lazy("tables numbered again"),
    "tables.plan": gettext_lazy("table plan changed"),
    "pairing.constraint": gettext_lazy("pairing constraint"),
    "pairing.remove_constraint": gettext_lazy("pairing constraint removed"),
    "players.import": gettext_lazy("players imported"),
    "tournament.import": gettext_lazy("tournament imported"),
    "tournament.create": gettext_lazy("tournament created"),
    "tournament.settings": gettext_lazy("settings changed"),
    "ratings.list": gettext_lazy("rating list uploaded for this tournament"),
    "role.add": gettext_lazy("role given"),
    "role.remove": gettext_lazy("role removed"),
    "role.invite": gettext_lazy("invitation made"),
    "role.invite.withdraw": gettext_lazy("invitation withdrawn"),
    "role.accept": gettext_lazy("invitation accepted"),
    "discipline.create": gettext_lazy("discipline added"),
    "discipline.edit": gettext_lazy("discipline changed"),
    "discipline.delete": gettext_lazy("discipline deleted"),
    "round.edit": gettext_lazy("round changed"),
    "round.delete": gettext_lazy("round deleted"),
    "publication.start": gettext_lazy("publishing on the web turned on"),
    "publication.stop": gettext_lazy("publishing on the web turned off"),
    "publication.request": gettext_lazy("publishing on the web asked for"),
    "team.create": gettext_lazy("team added"),
    "team.rename": gettext_lazy("team renamed"),
    "team.delete": gettext_lazy("team deleted"),
    "team.member.add": gettext_lazy("team member added"),
    "team.member.remove": gettext_lazy("team member removed"),
    "team.line_up": gettext_lazy("line-up set"),
    "team.round.pair": gettext_lazy("team round paired"),
    "standings.freeze": gettext_lazy("standings frozen for the prize-giving"),
    "standings.unfreeze": gettext_lazy("standings unfrozen"),
    "admin.change": gettext_lazy("changed in the Django admin"),
    "admin.add": gettext_lazy("added in the Django admin"),
}

OBJECTS = {
    "game": gettext_lazy("game"),
    "round": gettext_lazy("round"),
    "registration": gettext_lazy("registration"),
    "player": gettext_lazy("player"),
    "pairconstraint": gettext_lazy("pairing constraint"),
    "tournament": gettext_lazy("tournament"),
    "discipline": gettext_lazy("discipline"),
    "tournamentrole": gettext_lazy("role"),
    "tournamentinvitation": gettext_lazy("invitation"),
    "team": gettext_lazy("team"),
    "tableplan": gettext_lazy("table plan"),
}

#: Keys of the entries' before and after, in words (registration fields use their own names).
#: A round robin's withdrawal: what became of the player's remaining games (:mod:`tournament.services.round_robin`).
REMAINING = {
    "forfeit": gettext_lazy("forfeited: each won by default by the opponent"),
    "cancel": gettext_lazy("all the player’s games cancelled"),
}

KEYS = {
    "games": gettext_lazy("games"),
    "remaining": gettext_lazy("remaining games"),
    "double": gettext_lazy("double round robin"),
    "groups": gettext_lazy("groups"),
    "seeds": gettext_lazy("seeds"),
    "after round": gettext_lazy("seeded after round"),
    "third place": gettext_lazy("game for third place"),
    "draw rule": gettext_lazy("a game without a winner"),
    "colours": gettext_lazy("colours and handicap"),
    "black": gettext_lazy("Black"),
    "white": gettext_lazy("White"),
    "result": gettext_lazy("result"),
    "bye": gettext_lazy("bye"),
    "warnings": gettext_lazy("warnings"),
    "kind": gettext_lazy("kind"),
    "paper": gettext_lazy("paper"),
    "pairing": gettext_lazy("pairing version"),
    "players": gettext_lazy("players"),
    "round": gettext_lazy("round"),
    "table": gettext_lazy("table"),
    "number": gettext_lazy("round"),
    "discipline": gettext_lazy("discipline"),
    "status": gettext_lazy("status"),
    "account": gettext_lazy("account"),
    "player": gettext_lazy("player"),
    "source": gettext_lazy("registered"),
    "games removed": gettext_lazy("games removed"),
    "byes": gettext_lazy("byes"),
    "rounds": gettext_lazy("rounds"),
    "kept": gettext_lazy("kept"),
    "handicap": gettext_lazy("handicap"),
    "komi": gettext_lazy("komi"),
    "pinned": gettext_lazy("kept when re-pairing"),
    "starts_at": gettext_lazy("starts at"),
    "pairing_system": gettext_lazy("pairing system"),
    "moves": gettext_lazy("moves"),
    "dead": gettext_lazy("dead"),
    "alive": gettext_lazy("alive again"),
    "neutral": gettext_lazy("neutral"),
    "unmarked": gettext_lazy("counted again"),
    "count": gettext_lazy("count"),
    "asked_by": gettext_lazy("asked by"),
    "team": gettext_lazy("team"),
    "members": gettext_lazy("members"),
    "boards": gettext_lazy("boards"),
    "matches": gettext_lazy("matches"),
    "teams": gettext_lazy("teams"),
    "category_limits": gettext_lazy("category limits"),
    "category_mode": gettext_lazy("keep categories apart"),
    "open": gettext_lazy("check-in open on the phones"),
    "by name": gettext_lazy("check-in by name"),
    "checked in only": gettext_lazy("only checked-in players"),
    "not checked in": gettext_lazy("not checked in"),
    "frozen_at": gettext_lazy("frozen at"),
    "after_round": gettext_lazy("after round"),
}

#: Keys that are the machine's own (ids, the pairing's cost terms): not shown.
HIDDEN = {"explanations", "bye_explanation", "merged_id"}


def action_label(code: str) -> str:
    return str(ACTIONS.get(code, code))


def object_label(code: str) -> str:
    return str(OBJECTS.get(code, code))


def result_label(snapshot) -> str:
    """A result snapshot of the audit log (``{"result": "B", "state": ...}``) in words."""
    if not isinstance(snapshot, dict) or "result" not in snapshot:
        return ""
    try:
        text = str(Result(snapshot["result"]).label)
    except ValueError:
        text = str(snapshot["result"])
    if snapshot.get("by_default"):
        text += " (" + str(_("by default")) + ")"
    method = snapshot.get("method")
    if method and not snapshot.get("by_default"):
        try:
            text += " (" + str(WinMethod(method).label) + ")"
        except ValueError:
            pass
    state = snapshot.get("state")
    if state:
        try:
            text += " · " + str(ResultState(state).label)
        except ValueError:
            pass
    marks = snapshot.get("marks")
    if isinstance(marks, dict):
        text += " · " + str(_("dead stones: %(points)s") % {"points": words(marks.get("dead"))})
        if marks.get("neutral"):
            text += " · " + str(_("neutral points: %(points)s") % {"points": words(marks["neutral"])})
    return text


def _key(name: str) -> str:
    if name in KEYS:
        return str(KEYS[name])
    try:
        return str(Registration._meta.get_field(name).verbose_name)
    except Exception:  # noqa: BLE001 - not a field: the key itself, readable
        return str(name).replace("_", " ")


def _label(choices, value) -> str | None:
    try:
        return str(choices(value).label)
    except ValueError:
        return None


def _seat(seat: dict) -> str:
    text = _("table %(table)s: %(black)s – %(white)s") % {
        "table": seat.get("table"),
        "black": seat.get("black") or "?",
        "white": seat.get("white") or "?",
    }
    if seat.get("handicap"):
        text += " " + _("(handicap %(n)s)") % {"n": seat["handicap"]}
    return text


#: Keys whose values are the codes of a choice: said by its label.
_CHOICES = {
    "paper": PairingPrint.Kind,
    "kind": PairConstraint.Kind,
    "category_mode": CategoryMode,
    "source": Registration.Source,
}


def words(value, key: str = "") -> str:
    """One value of an entry's before or after in words."""
    if value is None or value == "" or value == []:
        if key == "round":
            return str(_("every round"))
        return "–"
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if key == "warnings" and isinstance(value, list):
        return "; ".join(warning_text(w) for w in value)
    if key == "games" and isinstance(value, list):
        return "; ".join(_seat(s) if isinstance(s, dict) else words(s) for s in value)
    if key == "status" and isinstance(value, str):
        return _label(Registration.Status, value) or _label(Round.Status, value) or value
    if key == "remaining" and value in REMAINING:
        return str(REMAINING[value])
    if key in _CHOICES and isinstance(value, str):
        return _label(_CHOICES[key], value) or value
    if key == "asked_by" and value in ("black", "white"):
        return str(_("Black") if value == "black" else _("White"))
    if key == "players" and isinstance(value, list):
        return " / ".join(str(v) for v in value)
    if isinstance(value, (list, tuple)):
        return ", ".join(words(v) for v in value) or "–"
    if isinstance(value, dict):
        if "result" in value and "state" in value:
            return result_label(value)
        return "; ".join(f"{_key(k)}: {words(v, k)}" for k, v in value.items() if k not in HIDDEN)
    return str(value)


def change_words(value) -> str:
    """An entry's whole before or after in words (a result as a result)."""
    if value in (None, "", {}, []):
        return ""
    return words(value)
