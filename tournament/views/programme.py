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
from tournament.variants import board_sizes, variant_for

from .access import ORGANIZER, tournament_page
from .actions import refusal_as_message
from .form_errors import render_form, saved, sent


def _kinds() -> list[dict]:
    kinds = []
    for kind, label in DisciplineKind.choices:
        variant = variant_for(kind)
        sizes = board_sizes(kind)
        kinds.append(
            {
                "kind": kind,
                "label": label,
                "rule_sets": ", ".join(variant.rule_sets),
                "sizes": f"{sizes[0]}–{sizes[-1]}" if sizes else "",
                "validated": variant.validated,
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

    def save(form):
        discipline = programme.discipline_create(tournament=tournament, data=form.data_for_service(), user=request.user)
        messages.success(request, _("Discipline %(name)s added.") % {"name": discipline.name})
        return _to_programme(tournament)

    form = DisciplineForm(*sent(request), kind=kind)
    return saved(form, save) or _discipline_page(request, tournament, roles, form, kind, None)


def _discipline_page(request, tournament, roles, form, kind: str, discipline: Discipline | None, **more):
    context = {"tournament": tournament, "roles": roles, "kind": kind, "discipline": discipline}
    return render_form(
        request, "tournament/setup/discipline.html", form, {**context, "kind_label": DisciplineKind(kind).label, **more}
    )


def _discipline(tournament, pk) -> Discipline:
    return get_object_or_404(Discipline, pk=pk, tournament=tournament)


@tournament_page(ORGANIZER)
def discipline_edit(request, tournament, roles, pk):
    discipline = _discipline(tournament, pk)
    played = discipline_played(discipline)
    kind = discipline.kind if played else _kind(request, discipline.kind)
    fixed = _("Fixed: round %(number)s of this discipline is paired.") % {"number": played.number} if played else ""

    def save(form):
        if programme.discipline_update(discipline=discipline, data=form.data_for_service(), user=request.user):
            messages.success(request, _("Discipline %(name)s saved.") % {"name": discipline.name})
        else:
            messages.info(request, _("Nothing was changed."))
        return _to_programme(tournament)

    form = DisciplineForm(*sent(request), kind=kind, instance=discipline, fixed_reason=fixed)
    return saved(form, save) or _discipline_page(
        request,
        tournament,
        roles,
        form,
        kind,
        discipline,
        played=played,
        kinds=_kinds() if not played else [],
        used=discipline.rounds.exists(),
    )


def _to_programme(tournament):
    return redirect("manage_programme", slug=tournament.slug)


@tournament_page(ORGANIZER)
def round_add(request, tournament, roles):
    def save(form):
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
            if getattr(exc, "code", "") != "stale":
                raise  # on the form
            messages.error(request, exc.messages[0])
            return _to_programme(tournament)
        messages.success(request, _("Round %(n)s added.") % {"n": round_.number})
        if request.POST.get("another"):
            return redirect("manage_round_add", slug=tournament.slug)
        return _to_programme(tournament)

    form = RoundForm(*sent(request), tournament=tournament)
    return saved(form, save) or _round_page(
        request, tournament, roles, form, None, no_disciplines=not tournament.disciplines.exists()
    )


def _round(tournament, number) -> Round:
    return get_object_or_404(Round.objects.select_related("discipline"), tournament=tournament, number=number)


@tournament_page(ORGANIZER)
def round_edit(request, tournament, roles, number):
    round_ = _round(tournament, number)

    def save(form):
        data = form.cleaned_data
        programme.round_update(
            round=round_,
            discipline=data["discipline"],
            starts_at=data.get("starts_at"),
            pairing_system=data.get("pairing_system") or "",
            user=request.user,
        )
        messages.success(request, _("Round %(n)s saved.") % {"n": round_.number})
        return _to_programme(tournament)

    form = RoundForm(*sent(request), tournament=tournament, round=round_)
    return saved(form, save) or _round_page(request, tournament, roles, form, round_, deletable=_deletable(round_))


def _deletable(round_) -> bool:
    """Only the last round may be deleted, and only while it is planned."""
    rounds = Round.objects.filter(tournament_id=round_.tournament_id)
    last = rounds.order_by("-number").values_list("number", flat=True).first()
    return round_.number == last and round_.status == Round.Status.PLANNED


def _round_page(request, tournament, roles, form, round_: Round | None, **more):
    context = {"tournament": tournament, "roles": roles, "round": round_}
    return render_form(request, "tournament/setup/round.html", form, {**context, **more})


def _delete_view(find, delete, deleted, back):
    """A delete button of the programme: ``delete`` (a service) the item ``find`` gives; then back to
    the programme saying ``deleted(item)``, or to ``back(tournament, item)`` (the item's page) saying
    why not."""

    @require_POST
    @tournament_page(ORGANIZER)
    def view(request, tournament, roles, **key):
        item = find(tournament, **key)
        refused = back(tournament, item)  # made before the deletion takes the item's id
        with refusal_as_message(request) as outcome:
            delete(item, user=request.user)
            messages.success(request, deleted(item))
        return refused if outcome.refused else _to_programme(tournament)

    return view


discipline_delete = _delete_view(
    find=_discipline,
    delete=lambda discipline, user: programme.discipline_delete(discipline=discipline, user=user),
    deleted=lambda discipline: _("Discipline %(name)s deleted.") % {"name": discipline.name},
    back=lambda tournament, discipline: redirect("manage_discipline", slug=tournament.slug, pk=discipline.pk),
)
round_delete = _delete_view(
    find=_round,
    delete=lambda round_, user: programme.round_delete(round=round_, user=user),
    deleted=lambda round_: _("Round %(n)s deleted.") % {"n": round_.number},
    back=lambda tournament, round_: redirect("manage_round_edit", slug=tournament.slug, number=round_.number),
)
