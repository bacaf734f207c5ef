"""The API's URL patterns (namespace ``api``), each view wrapped by :func:`.http.api_view`."""

from __future__ import annotations

from django.urls import URLPattern, path

from .endpoints import KEPT, api, index
from .http import api_view


def _patterns():
    patterns, _app, namespace = api.urls
    wrapped = []
    for p in patterns:
        assert isinstance(p, URLPattern)
        view = index if p.name == "api-root" else p.callback
        wrapped.append(path(str(p.pattern), api_view(view, kept=KEPT.get(p.name or "")), name=p.name))
    return wrapped, namespace


urlpatterns, app_name = _patterns()
