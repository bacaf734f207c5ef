"""Rating lists on the site's pages.

- :func:`lookup`: self-registration and the organizer's late entry search the
  lists the tournament uses by name as one types (htmx asks the same page
  with ``?egd_q=``, which answers with the results alone) and fill the form
  from the chosen player (``?rated=ffg:0412345``; ``?egd_pin=`` names an EGD
  PIN). Without JavaScript the same parameters reload the page with the
  results and the filled form.
- :func:`manage_ratings`: the organizer chooses which kinds of list the
  tournament uses, uploads a list for this tournament alone, and sees how
  the ranks of the tournament's players differ from the lists;
  :func:`manage_ratings_update` takes them over before round 1.
- :func:`site_ratings`: the site's lists (one per kind), replaced only by site
  administrators and accounts given the permission.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournament.forms.imports import RatingKindsForm, RatingListForm
from tournament.models import Round
from tournament.models.rating import RatingKind
from tournament.permissions import may_replace_site_rating_lists
from tournament.selectors import ratings as sel
from tournament.services.ratings import (
    RatingListError,
    ranks_update_from_list,
    rating_kinds_update,
    rating_list_import,
    tournament_rating_list_import,
)

from .access import ORGANIZER, tournament_page
from .actions import refusal_as_message


def lookup(request, tournament):
    """``(response, context, initial)``: the search results alone for htmx's request (else None), what the
    page shows of the lists, and the form's values from the player chosen in them."""
    query = request.GET.get("egd_q", "")
    lists = sel.lists_in_use(tournament)
    context = {
        "egd_lists": lists,
        "egd_list": lists[0] if lists else None,
        "egd_query": query[:100],
        "egd_results": sel.search(tournament, query, lists=lists) if lists else [],
        "egd_searched": len(query.strip()) >= sel.SEARCH_MIN,
        "id_kinds": id_kinds(tournament, lists),
    }
    if request.htmx and "egd_q" in request.GET:
        return render(request, "tournament/_egd_results.html", context), context, {}
    if not lists:
        return None, context, {}
    choice = request.GET.get("rated") or request.GET.get("egd_pin", "")
    rated = sel.chosen(tournament, choice, lists)
    return None, context, rated.player_data() if rated else {}


def id_kinds(tournament, lists=None) -> list[str]:
    """The kinds whose player numbers the tournament's player forms ask for: those it uses."""
    lists = sel.lists_in_use(tournament) if lists is None else lists
    return list(dict.fromkeys([*tournament.rating_kind_list, *(rl.kind for rl in lists)]))


def _imported_message(request, rating_list, parsed) -> None:
    when = date_format(rating_list.published, "DATE_FORMAT") if rating_list.published else _("no date")
    messages.success(
        request,
        _("The %(kind)s rating list of %(date)s is in use: %(n)s players.")
        % {"kind": rating_list.kind_name, "date": when, "n": rating_list.size},
    )
    if parsed.problems:
        n = len(parsed.problems)
        messages.warning(
            request,
            ngettext(
                "%(n)s line could not be read and was skipped; it is listed below.",
                "%(n)s lines could not be read and were skipped; they are listed below.",
                n,
            )
            % {"n": n},
        )


def _upload(request, form: RatingListForm, store) -> bool:
    """Read the posted list with ``store`` (a service); whether it is in use now (else the form has the error)."""
    if not form.is_valid():
        return False
    try:
        rating_list, parsed = store(
            data=form.cleaned_data["file"],
            kind=form.cleaned_data["kind"],
            file_name=request.FILES["file"].name,
            user=request.user,
        )
    except RatingListError as exc:
        form.add_error("file", str(exc))
        return False
    _imported_message(request, rating_list, parsed)
    return True


@tournament_page(ORGANIZER)
def manage_ratings(request, tournament, roles):
    form, kinds_form = RatingListForm(), RatingKindsForm.for_kinds(tournament.rating_kind_list)
    if request.method == "POST" and "first" in request.POST:
        kinds_form = RatingKindsForm(request.POST)
        if kinds_form.is_valid():
            with refusal_as_message(request):
                if rating_kinds_update(tournament=tournament, kinds=kinds_form.kinds(), user=request.user):
                    messages.success(
                        request,
                        _("Registration now looks players up in: %(lists)s.")
                        % {"lists": ", ".join(k.upper() for k in tournament.rating_kind_list)},
                    )
                return redirect("manage_ratings", slug=tournament.slug)
    elif request.method == "POST":
        form = RatingListForm(request.POST, request.FILES)

        def store(**kwargs):
            return tournament_rating_list_import(tournament=tournament, **kwargs)

        if _upload(request, form, store):
            return redirect("manage_ratings", slug=tournament.slug)
    lists = sel.lists_in_use(tournament)
    differences, unmatched = sel.rank_differences(tournament)
    return render(
        request,
        "tournament/manage/ratings.html",
        {
            "tournament": tournament,
            "roles": roles,
            "form": form,
            "kinds_form": kinds_form,
            "lists": lists,
            "own_lists": [rl for rl in lists if rl.tournament_id == tournament.pk],
            "may_replace_site_lists": may_replace_site_rating_lists(request.user),
            "differences": differences,
            "fingerprint": sel.differences_fingerprint(differences),
            "unmatched": unmatched,
            "started": tournament.rounds.exclude(status=Round.Status.PLANNED).exists(),
        },
    )


@require_POST
@tournament_page(ORGANIZER)
def manage_ratings_update(request, tournament, roles):
    with refusal_as_message(request):
        n = ranks_update_from_list(
            tournament=tournament, user=request.user, fingerprint=request.POST.get("fingerprint", "")[:40]
        )
        messages.success(
            request,
            ngettext(
                "%(n)s player now has the rank of the rating list.",
                "%(n)s players now have the rank of the rating list.",
                n,
            )
            % {"n": n},
        )
    return redirect("manage_ratings", slug=tournament.slug)


def site_ratings(request):
    """The site's rating lists, one per kind: shown to and replaced by site administrators only."""
    if not may_replace_site_rating_lists(request.user):
        if not request.user.is_authenticated:
            from django.contrib.auth.views import redirect_to_login

            return redirect_to_login(request.get_full_path())
        raise PermissionDenied(
            _(
                "Only a site administrator may replace the site's rating lists; an organizer uploads a list "
                "for their own tournament."
            )
        )
    form = RatingListForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and _upload(request, form, rating_list_import):
        return redirect("site_ratings")
    site = sel.site_lists()
    return render(
        request,
        "tournament/site_ratings.html",
        {"form": form, "lists": [(kind, label, site.get(kind)) for kind, label in RatingKind.choices]},
    )
