"""Forms for reporting, confirming, disputing, entering and adjudicating results."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.coords import Point, centre
from games.go.marks import split_points
from tournament import limits
from tournament.models.game import Result, WinMethod, win_method_choices
from tournament.result_codes import foreign_digits, read_entry

from .inputs import DrawnCheckboxInput, DrawnHiddenInput, DrawnSelect

MAX_RECORD = 200_000
#: The longest text of marked points a form takes (every point of a 25x25 board, written "T25, ").
MAX_POINTS = 4000


def points_field(label, help_text="", hidden: bool = False) -> forms.CharField:
    """A field of points as players write them (``B5, C3`` or SGF letters), read by :func:`marked_points`."""
    widget = (
        forms.HiddenInput if hidden else forms.TextInput(attrs={"autocapitalize": "characters", "spellcheck": "false"})
    )
    return forms.CharField(label=label, required=False, max_length=MAX_POINTS, help_text=help_text, widget=widget)


def marked_points(text: str, size: int) -> list[str]:
    """The points of a field (:func:`games.go.split_points`), at most the board's points; whether each is
    a point of the board, and names a stone (or an empty point), the engine checks with the record."""
    points = split_points(text or "")
    if len(points) > size * size:
        raise forms.ValidationError(
            _("At most %(n)s points: the board has no more.") % {"n": size * size}, code="too-many"
        )
    return points


def marks_of(data: dict, size: int) -> dict | None:
    """The marks of a form's ``dead`` and ``neutral`` fields as the result services take them; ``None``
    when both are empty (an SGF's ``TB``/``TW`` then name the dead stones)."""
    dead, neutral = data.get("dead") or "", data.get("neutral") or ""
    if not dead.strip() and not neutral.strip():
        return None
    return {"dead": marked_points(dead, size), "neutral": marked_points(neutral, size)}


class VersionForm(forms.Form):
    """Every result form carries the game's version it was opened with."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=limits.MAX_ID)


class ReportForm(VersionForm):
    result = forms.ChoiceField(label=_("Result"), widget=forms.RadioSelect)
    method = forms.ChoiceField(label=_("Won by"), choices=WinMethod.choices, required=False)
    record = forms.CharField(
        label=_("Game record"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 5, "spellcheck": "false", "autocapitalize": "off"}),
        help_text=_("Paste the moves or an SGF, or upload an SGF file below."),
        max_length=MAX_RECORD,
    )
    sgf_file = forms.FileField(label=_("SGF file"), required=False)
    dead = points_field(
        _("Dead stones"),
        _(
            "A Go game that ended with two passes: one stone of each chain both players agreed is dead "
            "(e.g. B5, C3), or SGF letters. Left empty, an SGF's TB/TW name them."
        ),
    )
    neutral = points_field(
        _("Neutral points"),
        _("Empty points that count for nobody (dame, the eyes of a seki under territory counting)."),
    )
    send_to_referee = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.fields["result"].choices = [
            (Result.BLACK, _("Black (%(name)s) won") % {"name": game.black.spoken_name}),
            (Result.WHITE, _("White (%(name)s) won") % {"name": game.white.spoken_name}),
            (Result.DRAW, _("Draw")),
        ]
        discipline = game.round.discipline
        self.fields["method"].choices = win_method_choices(discipline.kind)
        if not discipline.has_validator:
            del self.fields["record"]
            del self.fields["sgf_file"]
        if not (discipline.has_validator and discipline.variant.removes_dead_stones):
            del self.fields["dead"]
            del self.fields["neutral"]
        if discipline.has_validator:
            self.fields["record"].widget.attrs["placeholder"] = record_placeholder(
                discipline.board_size, discipline.variant.sgf_game
            )
            # the example fits the discipline's board (E5 E4 F5 on 9x9, K10 K9 L10 on 19x19)
            self.fields["record"].help_text = _(
                "Paste the moves (e.g. %(moves)s …) or an SGF, or upload an SGF file below."
            ) % {"moves": " ".join(str(p) for p in example_moves(discipline.board_size))}
            if discipline.record_required:
                self.fields["record"].help_text = _(
                    "Required for this discipline: paste the moves or an SGF, or upload an SGF file."
                )

    def clean_sgf_file(self):
        upload = self.cleaned_data.get("sgf_file")
        if not upload:
            return ""
        if upload.size > MAX_RECORD:
            raise forms.ValidationError(
                _("The file is too large for a game record (%(size)s KB; at most %(max)s KB).")
                % {"size": (upload.size + 1023) // 1024, "max": MAX_RECORD // 1024}
            )
        raw = upload.read()
        if b"\x00" in raw:  # no game record has one (and PostgreSQL cannot store it)
            raise forms.ValidationError(_("The file is not a text file."))
        for encoding in ("utf-8", "latin-1"):
            try:
                return raw.decode(encoding)
            except UnicodeDecodeError:
                continue
        raise forms.ValidationError(_("The file is not a text file."))

    def clean(self):
        data = super().clean()
        if data.get("sgf_file"):
            data["record"] = data["sgf_file"]
        if "dead" in self.fields:
            try:
                data["marks"] = marks_of(data, self.game.round.discipline.board_size)
            except forms.ValidationError as exc:
                self.add_error("dead", exc)
        return data


def example_moves(size: int) -> list[Point]:
    """Three moves from the centre of a board of ``size`` (19 for a board the site does not play)."""
    if not isinstance(size, int) or not 3 <= size <= 25:
        size = 19
    c = centre(size)
    return [c, Point(c.x, c.y - 1), Point(c.x + 1, c.y)]


def record_placeholder(size: int, sgf_game: int = 1) -> str:
    """An example record for a board of ``size``: three moves from the centre, and the same as SGF
    (of game number ``sgf_game``, the variant's ``GM``)."""
    if not isinstance(size, int) or not 3 <= size <= 25:
        size = 19  # a board the site does not play: the usual example
    moves = example_moves(size)
    plain = " ".join(str(p) for p in moves)
    sgf = "".join(f";{colour}[{p.to_sgf(size)}]" for colour, p in zip("BW", moves[:2]))
    return f"{plain} …  /  (;GM[{sgf_game}]SZ[{size}]{sgf})"


class DisputeForm(VersionForm):
    reason = forms.CharField(label=_("What is wrong?"), widget=forms.Textarea(attrs={"rows": 3}), max_length=2000)


class ResultSetForm(VersionForm):
    """The organizer's quick entry in the results grid (a row of a thousand at a congress: its
    widgets are drawn in Python)."""

    result = forms.ChoiceField(label=_("Result"), choices=Result.choices, widget=DrawnSelect)
    by_default = forms.BooleanField(label=_("not played"), required=False, widget=DrawnCheckboxInput)
    reason = forms.CharField(label=_("Note"), required=False, max_length=500)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["version"].widget = DrawnHiddenInput()
        self.fields["reason"].hidden_widget = DrawnHiddenInput  # the grid shows it hidden


class ConfirmForm(VersionForm):
    """The results grid's "Confirm" of a reported result, as it was reported (the version only)."""


class AdjudicateForm(VersionForm):
    """The referee's decision; with ``marking`` (a Go record ended by two passes) also the dead stones and
    neutral points the referee marked on the board (hidden fields the board fills)."""

    result = forms.ChoiceField(label=_("Decision"), choices=Result.choices)
    method = forms.ChoiceField(label=_("Won by"), choices=WinMethod.choices, required=False)
    dead = points_field(_("Dead stones"), hidden=True)
    neutral = points_field(_("Neutral points"), hidden=True)

    def __init__(self, *args, game=None, marking: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        if game is not None:
            self.fields["method"].choices = win_method_choices(game.round.discipline.kind)
        if not marking:
            del self.fields["dead"]
            del self.fields["neutral"]

    def clean(self):
        data = super().clean()
        if "dead" in self.fields and self.game is not None:
            size = self.game.round.discipline.board_size
            try:
                data["marks"] = {
                    "dead": marked_points(data.get("dead") or "", size),
                    "neutral": marked_points(data.get("neutral") or "", size),
                }
            except forms.ValidationError as exc:
                self.add_error(None, exc)
        return data

    by_default = forms.BooleanField(label=_("not played (by default)"), required=False)
    reason = forms.CharField(
        label=_("Reason"),
        widget=forms.Textarea(attrs={"rows": 4}),
        max_length=4000,
        help_text=_("The players see this."),
    )


class TypedForm(forms.Form):
    """The results grid's keyboard field (and the phone's entry page's buttons): a table and its result,
    ``37b`` (:func:`tournament.result_codes.read_entry`); ``replace``: the game's version whose different
    result the organizer chose to replace (a conflict's "Replace"); ``game``: the game the phone's entry page
    showed (its result goes to that game, wherever it sits now: the pairing may have changed meanwhile);
    ``pairing``: the round's pairing version the grid was drawn at (a table whose pair changed since is asked
    about, not written: :func:`tournament.selectors.pairing_prints.tables_changed_since`); ``confirmed``: the
    pairing version whose pair at the table the organizer chose to enter it for (that answer's button)."""

    entry = forms.CharField(label=_("Table and result"), max_length=20)
    round = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=limits.MAX_ROUND)
    replace = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0, max_value=limits.MAX_ID)
    game = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1, max_value=limits.MAX_ID)
    pairing = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0, max_value=limits.MAX_ID)
    confirmed = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0, max_value=limits.MAX_ID)

    def clean_entry(self):
        typed = read_entry(self.cleaned_data["entry"])
        if typed is None and foreign_digits(self.cleaned_data["entry"]):
            raise forms.ValidationError(
                _("“%(text)s”: type the table with the digits 0 to 9."),
                params={"text": self.cleaned_data["entry"]},
                code="digits",
            )
        if typed is None:
            raise forms.ValidationError(
                _("“%(text)s” is not a table and a result: type, for example, 37b, 37w, 37=, 37 0, 37w! or 37?."),
                params={"text": self.cleaned_data["entry"]},
                code="unreadable",
            )
        return typed


class UndoForm(forms.Form):
    """An Undo of a typed result: its audit entry, and the round the grid shows."""

    entry = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=limits.MAX_ID)
    round = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=limits.MAX_ROUND)
