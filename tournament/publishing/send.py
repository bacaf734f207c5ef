"""Sending the published folder on: the command ``DJANGO_PUBLISH_COMMAND`` names.

The command is split as a shell would split it (but run without a shell);
``{folder}`` in it stands for the folder, and without it the folder is its
last argument. Examples::

    rsync -a --delete {folder}/ turnier@example.org:/var/www/turnier/
    lftp -e "mirror -R --delete {folder} /htdocs/turnier; quit" ftp.example.org

It runs for at most :data:`TIMEOUT_SECONDS`; a failure (a command that
cannot be read or started, its exit status, the timeout) is returned as a
problem (:mod:`.words`), with the end of what the command wrote.
"""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path

from django.conf import settings

TIMEOUT_SECONDS = 600
#: How much of the command's own words is kept for the dashboard.
TAIL_CHARS = 500


def command_for(folder: Path, command: str) -> list[str]:
    """The command's arguments with the folder in place of ``{folder}`` (or appended)."""
    words = shlex.split(command)
    if any("{folder}" in word for word in words):
        return [word.replace("{folder}", str(folder)) for word in words]
    return [*words, str(folder)]


def send(folder: Path, command: str | None = None) -> dict | None:
    """Run the sending command for ``folder``: None when it worked, else the problem."""
    command = settings.PUBLISH_COMMAND if command is None else command
    if not command:
        return None
    try:
        words = command_for(folder, command)
        done = subprocess.run(words, capture_output=True, text=True, timeout=TIMEOUT_SECONDS, check=False)
    except ValueError as exc:  # shlex: an unclosed quote
        return {"code": "send_unreadable", "detail": str(exc)}
    except OSError as exc:
        return {"code": "send_not_started", "detail": str(exc)}
    except subprocess.TimeoutExpired:
        return {"code": "send_timeout", "seconds": TIMEOUT_SECONDS}
    if done.returncode != 0:
        said = (done.stderr or done.stdout or "").strip()[-TAIL_CHARS:]
        return {"code": "send_failed", "status": done.returncode, "detail": said}
    return None
