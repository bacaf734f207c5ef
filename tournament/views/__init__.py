"""Views, thin: they read with selectors and write with services.

Where each concept lives (the map of them all is ``docs/architecture.md``):

- running a service from a view (refusals as messages, forms): `tournament/views/actions.py`,
  `tournament/views/form_errors.py`
- what is cached: Django's cache framework only (files by default, `DJANGO_REDIS_URL` for Django's Redis
  backend): the public standings per version (the page version, `selectors/page_version`; `selectors/standings.public_standings`, shared by the standings
  page, its poll, the projector, the downloads and the API), the table's HTML per version and language
  (`views/standings._table_html`); the live boards drawn for the projector per game and live-record version
  (`views/live_board.projector_board`); the big lists of a congress per version and language
  (`views/fragments.kept_html`, `kept_with_forms` with each request's CSRF token put in: the organizer's table
  of a round's games and its warnings, the results grid, the player lists, the public round); the API's
  answers of a tournament's players, rounds, standings and teams as their bytes per version
  (`api/http.kept_answer`); conditional
  answers with Django's `condition` (standings poll, live board, both projectors' polls:
  `views/projector.poll_etag`) and `get_conditional_response` (the API); small fragments rendered once per
  process (`views/fragments.py`)
"""
