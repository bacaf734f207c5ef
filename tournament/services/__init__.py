"""Writes: business operations that views, commands and the admin call.

Each function is keyword-only, runs in a transaction and records what it
changed in the audit log (:mod:`tournament.services.audit`).
"""
