"""Downloads in the language the reader chose.

A PDF is often fetched outside the page that links to it: a phone's PDF
viewer or download manager asks again without the site's language cookie,
and then gets the site's default (German). The links therefore carry the
page's language (``?lang=en``), and the download views draw in it; without
it, the request's own language holds (cookie, browser).
"""

from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.utils import translation


def chosen_language(view):
    """Run ``view`` in the language named by ``?lang=`` if it is one of the site's languages."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        language = request.GET.get("lang", "")
        if language in dict(settings.LANGUAGES):
            with translation.override(language):
                return view(request, *args, **kwargs)
        return view(request, *args, **kwargs)

    return wrapper
