"""Builds the one compiled part: the exact blossom matcher of the pairing engine
(tournament/pairing/_blossom.c, needs a C compiler and the Python headers).

Everything else (metadata, dependencies) is in pyproject.toml.  The extension
is optional: without a compiler the install still succeeds and fields above
400 players are matched by rustworkx over every pair (exact, but minutes for
1,000 players; a RuntimeWarning says so and tests/pairing/test_blossom.py is
skipped).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "tournament.pairing._blossom",
            ["tournament/pairing/_blossom.c"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)
