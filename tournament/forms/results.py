"""Forms for reporting, confirming, disputing, entering and adjudicating results."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.coords import Point, centre
from tournament.models.game import Result, WinMethod, win_method_choices

from .inputs import DrawnCheckboxInput, DrawnHiddenInput, DrawnSelect

MAX_RECORD = 200_000


class VersionForm(forms.Form):
    """Every result form carries the game's version it was opened with."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)


class ReportForm(VersionForm):
    result = forms.ChoiceField(label=_("Result"), widget=forms.RadioSelect)
    method = forms.ChoiceField(label=_("Won by"), choices=WinMethod.choices, required=False)
    record = forms.CharField(
        label=_("Game record"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 5, "spellcheck": "false", "autocapitalize": "off"}),
        help_text=_("Paste the moves (e.g. K10 K9 L10 …) or an SGF, or upload an SGF file below."),
        max_length=MAX_RECORD,
    )
    sgf_file = forms.FileField(label=_("SGF file"), required=False)
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
        else:
            self.fields["record"].widget.attrs["placeholder"] = record_placeholder(
                discipline.board_size, discipline.variant.sgf_game
            )
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
        return data


def record_placeholder(size: int, sgf_game: int = 1) -> str:
    """An example record for a board of ``size``: three moves from the centre, and the same as SGF
    (of game number ``sgf_game``, the variant's ``GM``)."""
    if not isinstance(size, int) or not 3 <= size <= 25:
        size = 19  # a board the site does not play: the usual example
    c = centre(size)
    moves = [c, Point(c.x, c.y - 1), Point(c.x + 1, c.y)]
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


class AdjudicateForm(VersionForm):
    result = forms.ChoiceField(label=_("Decision"), choices=Result.choices)
    method = forms.ChoiceField(label=_("Won by"), choices=WinMethod.choices, required=False)

    def __init__(self, *args, game=None, **kwargs):
        super().__init__(*args, **kwargs)
        if game is not None:
            self.fields["method"].choices = win_method_choices(game.round.discipline.kind)

    by_default = forms.BooleanField(label=_("not played (by default)"), required=False)
    reason = forms.CharField(
        label=_("Reason"),
        widget=forms.Textarea(attrs={"rows": 4}),
        max_length=4000,
        help_text=_("The players see this."),
    )
