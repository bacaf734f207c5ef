"""What went wrong in a run, in the reader's words (a run keeps codes and values, not sentences)."""

from __future__ import annotations

from django.utils.translation import gettext as _


def problem_text(problem: dict) -> str:
    """One problem of a run (:attr:`tournament.models.Publication.problems`) in the active language."""
    code = problem.get("code")
    if code == "page":
        return _("The page %(url)s could not be made (%(status)s); its last copy stays.") % problem
    if code == "link":
        return _("The page %(page)s links %(url)s, which is not published.") % problem
    if code == "static":
        return _("The file %(name)s was not found (run collectstatic).") % problem
    if code == "folder":
        return _("The folder could not be written: %(detail)s") % problem
    if code == "symlink":
        return (
            _(
                "%(name)s was a symbolic link to %(target)s: it is a folder or file of its own now, its target "
                "is left alone."
            )
            % problem
        )
    if code == "busy":
        return _("Another run held the folder; this one is tried again shortly.")
    if code == "send_unreadable":
        return _("The sending command cannot be read: %(detail)s") % problem
    if code == "send_not_started":
        return _("The sending command could not be started: %(detail)s") % problem
    if code == "send_timeout":
        return _("The sending command did not finish within %(seconds)s seconds.") % problem
    if code == "send_failed":
        return _("The sending command failed (exit status %(status)s): %(detail)s") % problem
    return str(problem)
