"""The EGD rating list on the site's pages.

- :func:`lookup`: self-registration and the organizer's late entry search the
  list by name as one types (htmx asks the same page with ``?egd_q=``, which
  answers with the results alone) and fill the form from the chosen player
  (``?egd_pin=``). Without JavaScript the same two parameters reload the
  page with the results and the filled form.
- :func:`manage_ratings`: the organizer uploads a newer list, and sees how the
  ranks of the tournament's players differ from it; :func:`manage_ratings_update`
  takes them over before round 1.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournament.forms.imports import RatingListForm
from tournament.models import Round
from tournament.selectors import ratings as sel
from tournament.services.ratings import RatingListError, ranks_update_from_list, rating_list_import

from .access import ORGANIZER, tournament_page
from .actions import refusal_as_message


def lookup(request):
    """``(response, context, initial)``: the search results alone for htmx's request (else None), what the
    page shows of the list, and the form's values from the player chosen in it."""
    query = request.GET.get("egd_q", "")
    context = {
        "egd_list": sel.current_list(),
        "egd_query": query[:100],
        "egd_results": sel.search(query),
        "egd_searched": len(query.strip()) >= sel.SEARCH_MIN,
    }
    if request.htmx and "egd_q" in request.GET:
        return render(request, "tournament/_egd_results.html", context), context, {}
    rated = sel.by_pin(request.GET.get("egd_pin", ""))
    return None, context, rated.player_data() if rated else {}


@tournament_page(ORGANIZER)
def manage_ratings(request, tournament, roles):
    if request.method == "POST":
        form = RatingListForm(request.POST, request.FILES)
        if form.is_valid():
            upload = request.FILES["file"]
            try:
                rating_list, parsed = rating_list_import(
                    data=form.cleaned_data["file"], file_name=upload.name, user=request.user
                )
            except RatingListError as exc:
                form.add_error("file", str(exc))
            else:
                when = date_format(rating_list.published, "DATE_FORMAT") if rating_list.published else _("no date")
                messages.success(
                    request,
                    _("The EGD rating list of %(date)s is in use: %(n)s players.")
                    % {"date": when, "n": rating_list.size},
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
                return redirect("manage_ratings", slug=tournament.slug)
    else:
        form = RatingListForm()
    differences, unmatched = sel.rank_differences(tournament)
    return render(
        request,
        "tournament/manage/ratings.html",
        {
            "tournament": tournament,
            "roles": roles,
            "form": form,
            "rating_list": sel.current_list(),
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
                "%(n)s player now has the rank of the EGD rating list.",
                "%(n)s players now have the rank of the EGD rating list.",
                n,
            )
            % {"n": n},
        )
    return redirect("manage_ratings", slug=tournament.slug)
