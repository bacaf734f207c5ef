#!/usr/bin/env python
"""Django's command-line utility for the tournament site."""

import os
import sys

#: Django's own options of every command: with any of them the command goes through Django.
_DJANGO_OPTIONS = (
    "-h",
    "--help",
    "--version",
    "-v",
    "--verbosity",
    "--settings",
    "--pythonpath",
    "--traceback",
    "--no-color",
    "--force-color",
    "--skip-checks",
)


def _pure_pair_opengotha(argv) -> int | None:
    """``pair_opengotha`` touches no database: run it without starting Django.

    The same arguments, output and errors as the Django command
    (``tournament/management/commands/pair_opengotha.py``), a second less
    start-up. None when an option of Django's own is given: Django runs it.
    """
    if len(argv) < 2 or argv[1] != "pair_opengotha" or any(a.split("=")[0] in _DJANGO_OPTIONS for a in argv[2:]):
        return None
    import json

    from tournament import pair_opengotha

    args = pair_opengotha.build_parser(prog=f"{os.path.basename(argv[0])} pair_opengotha").parse_args(argv[2:])
    try:
        out = pair_opengotha.run_options(vars(args))
    except (pair_opengotha.OpenGothaFormatError, ValueError) as e:
        sys.stderr.write(f"CommandError: {e}\n")
        return 1
    sys.stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
    return 0


def main() -> None:
    status = _pure_pair_opengotha(sys.argv)
    if status is not None:
        raise SystemExit(status)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
