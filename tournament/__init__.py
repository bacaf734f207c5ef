"""The tournament app: models, services, pairing, standings, PDFs and views.

The Django project (settings, urls, wsgi) lives in this package too.
"""
