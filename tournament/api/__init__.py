"""The public, read-only JSON API (``/api/v1/``): a stable contract, written down in the README.

- :mod:`.schemas` -- the shape of every answer (pydantic, through django-ninja);
- :mod:`.endpoints` -- the six GET endpoints, thin: the reads are in
  :mod:`tournament.selectors.public_api`;
- :mod:`.http` -- what every answer shares: GET only, errors as JSON with a
  message, ETag and 304, CORS for other sites' pages;
- :mod:`.urls` -- the URL patterns, included under ``api/v1/``.
"""
