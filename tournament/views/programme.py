"""The programme: disciplines (add, edit, delete) and rounds (add, edit, delete while planned)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.forms.programme import DisciplineForm, RoundForm
from tournament.models import Discipline, Round
from tournament.models.discipline import DisciplineKind
from tournament.selectors.setup import discipline_played, disciplines_with_use
from tournament.services import programme
from tournament.variants import variant_facts

from .access import ORGANIZER, tournament_page
from .form_errors import add_errors


def _kinds() -> list[dict]:
    kinds = []
    for kind, label in DisciplineKind.choices:
        facts = variant_facts(kind)
        sizes = facts.board_sizes
        kinds.append(
            {
                "kind": kind,
                "label": label,
                "rule_sets": ", ".join(facts.rule_sets),
                "sizes": f"{sizes[0]}–{sizes[-1]}" if sizes else "",
                "validated": facts.validated,
            }
        )
    return kinds


@tournament_page(ORGANIZER)
def programme_page(request, tournament, roles):
    rounds = tournament.rounds.select_related("discipline").order_by("number")
    return render(
        request,
        "tournament/setup/programme.html",
        {
            "tournament": tournament,
            "roles": roles,
            "disciplines": disciplines_with_use(tournament),
            "rounds": rounds,
            "kinds": _kinds(),
            "last_round": rounds.last(),
        },
    )


def _kind(request, default: str | None = None) -> str | None:
    kind = request.POST.get("kind") or request.GET.get("kind") or default
    return kind if kind in DisciplineKind.values else None


@tournament_page(ORGANIZER)
def discipline_add(request, tournament, roles):
    kind = _kind(request)
    if kind is None:  # first the kind: the form offers what that kind's engine supports
        return render(
            request,
            "tournament/setup/discipline_kind.html",
            {"tournament": tournament, "roles": roles, "kinds": _kinds()},
        )
    if request.method == "POST":
        form = DisciplineForm(request.POST, kind=kind)
        if form.is_valid():
            try:
                discipline = programme.discipline_create(
                    tournament=tournament, data=form.data_for_service(), user=request.user
                )
            except ValidationError as exc:
                add_errors(form, exc)
            else:
                messages.success(request, _("Discipline %(name)s added.") % {"name": discipline.name})
                return redirect("manage_programme", slug=tournament.slug)
    else:
        form = DisciplineForm(kind=kind)
    return render(
        request,
        "tournament/setup/discipline.html",
        {
            "tournament": tournament,
            "roles": roles,
            "form": form,
            "kind": kind,
            "kind_label": DisciplineKind(kind).label,
            "discipline": None,
        },
        status=422 if form.is_bound else 200,
    )


def _discipline(tournament, pk) -> Discipline:
    return get_object_or_404(Discipline, pk=pk, tournament=tournament)


@tournament_page(ORGANIZER)
def discipline_edit(request, tournament, roles, pk):
    discipline = _discipline(tournament, pk)
    played = discipline_played(discipline)
    kind = discipline.kind if played else _kind(request, discipline.kind)
    fixed = _("Fixed: round %(number)s of this discipline is paired.") % {"number": played.number} if played else ""
    if request.method == "POST":
        form = DisciplineForm(request.POST, kind=kind, instance=discipline, fixed_reason=fixed)
        if form.is_valid():
            try:
                changed = programme.discipline_update(
                    discipline=discipline, data=form.data_for_service(), user=request.user
                )
            except ValidationError as exc:
                add_errors(form, exc)
            else:
                if changed:
                    messages.success(request, _("Discipline %(name)s saved.") % {"name": discipline.name})
                else:
                    messages.info(request, _("Nothing was changed."))
                return redirect("manage_programme", slug=tournament.slug)
    else:
        form = DisciplineForm(kind=kind, instance=discipline, fixed_reason=fixed)
    return render(
        request,
        "tournament/setup/discipline.html",
        {
            "tournament": tournament,
            "roles": roles,
            "form": form,
            "kind": kind,
            "kind_label": DisciplineKind(kind).label,
            "discipline": discipline,
            "played": played,
            "kinds": _kinds() if not played else [],
            "used": discipline.rounds.exists(),
        },
        status=422 if form.is_bound else 200,
    )


@require_POST
@tournament_page(ORGANIZER)
def discipline_delete(request, tournament, roles, pk):
    discipline = _discipline(tournament, pk)
    try:
        programme.discipline_delete(discipline=discipline, user=request.user)
    except ValidationError as exc:
        messages.error(request, exc.messages[0])
        return redirect("manage_discipline", slug=tournament.slug, pk=discipline.pk)
    messages.success(request, _("Discipline %(name)s deleted.") % {"name": discipline.name})
    return redirect("manage_programme", slug=tournament.slug)


@tournament_page(ORGANIZER)
def round_add(request, tournament, roles):
    if request.method == "POST":
        form = RoundForm(request.POST, tournament=tournament)
        if form.is_valid():
            data = form.cleaned_data
            try:
                round_ = programme.round_add(
                    tournament=tournament,
                    discipline=data["discipline"],
                    number=data.get("number"),
                    starts_at=data.get("starts_at"),
                    pairing_system=data.get("pairing_system") or "",
                    user=request.user,
                    last_seen=data.get("last_seen"),
                )
            except ValidationError as exc:
                if getattr(exc, "code", "") == "stale":
                    messages.error(request, exc.messages[0])
                    return redirect("manage_programme", slug=tournament.slug)
                add_errors(form, exc)
            else:
                messages.success(request, _("Round %(n)s added.") % {"n": round_.number})
                if request.POST.get("another"):
                    return redirect("manage_round_add", slug=tournament.slug)
                return redirect("manage_programme", slug=tournament.slug)
    else:
        form = RoundForm(tournament=tournament)
    return render(
        request,
        "tournament/setup/round.html",
        {
            "tournament": tournament,
            "roles": roles,
            "form": form,
            "round": None,
            "no_disciplines": not tournament.disciplines.exists(),
        },
        status=422 if form.is_bound else 200,
    )


def _round(tournament, number) -> Round:
    return get_object_or_404(Round.objects.select_related("discipline"), tournament=tournament, number=number)


@tournament_page(ORGANIZER)
def round_edit(request, tournament, roles, number):
    round_ = _round(tournament, number)
    if request.method == "POST":
        form = RoundForm(request.POST, tournament=tournament, round=round_)
        if form.is_valid():
            data = form.cleaned_data
            try:
                programme.round_update(
                    round=round_,
                    discipline=data["discipline"],
                    starts_at=data.get("starts_at"),
                    pairing_system=data.get("pairing_system") or "",
                    user=request.user,
                )
            except ValidationError as exc:
                add_errors(form, exc)
            else:
                messages.success(request, _("Round %(n)s saved.") % {"n": round_.number})
                return redirect("manage_programme", slug=tournament.slug)
    else:
        form = RoundForm(tournament=tournament, round=round_)
    last = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
    return render(
        request,
        "tournament/setup/round.html",
        {
            "tournament": tournament,
            "roles": roles,
            "form": form,
            "round": round_,
            "deletable": round_.number == last and round_.status == Round.Status.PLANNED,
        },
        status=422 if form.is_bound else 200,
    )


@require_POST
@tournament_page(ORGANIZER)
def round_delete(request, tournament, roles, number):
    round_ = _round(tournament, number)
    try:
        programme.round_delete(round=round_, user=request.user)
    except ValidationError as exc:
        messages.error(request, exc.messages[0])
        return redirect("manage_round_edit", slug=tournament.slug, number=round_.number)
    messages.success(request, _("Round %(n)s deleted.") % {"n": round_.number})
    return redirect("manage_programme", slug=tournament.slug)
