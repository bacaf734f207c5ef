"""Builds the one compiled part: the exact blossom matcher of the pairing engine.

Everything else (metadata, dependencies) is in pyproject.toml.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "tournament.pairing._blossom",
            ["tournament/pairing/_blossom.c"],
            extra_compile_args=["-O2"],
        )
    ]
)
