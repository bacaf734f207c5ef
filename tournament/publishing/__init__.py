"""The public pages as a static web site: ``manage.py publish DIR``, the organizer's button, the publisher.

The pages are made by the site itself -- every page and file through its own
views and templates, as an anonymous visitor sees it, once in German and once
in English -- and written into a folder that any web host serves:

- ``index.html`` (the start page in German), ``de/`` and ``en/`` with the
  same paths as the site (``de/t/<slug>/standings/index.html``), each page's
  language switch leading to the same page in the other folder;
- ``api/v1/...``: the JSON API's answers as files (``index.json``);
- ``static/``: the style sheet, scripts and icons the pages use;
- ``.vielseitig-publish.json``: the manifest (what each file was made from
  and its hash), so that a run writes only what changed.

Links are relative (``../standings/index.html``), so the folder works on
any host, below any path, and from a disk. :mod:`.site_map` lists what is
published, :mod:`.links` rewrites a page's links, :mod:`.render` asks the
site for a page, :mod:`.folder` keeps the manifest and writes, :mod:`.run`
puts them together and :mod:`.send` hands the folder to the command that
sends it on. When and for whom it runs: :mod:`tournament.services.publication`.
"""
