"""The standings' rows are built in Python (:mod:`tournament.templatetags.standings_tags`): each value
is written exactly as the template's ``{{ value }}`` writes it, escaped and localized, in English and
German, with and without a thousands separator:

    value           {{ value }}, en    de
    'O<Neil & "Co"' O&lt;Neil &amp; &quot;Co&quot;
    1234            1234               1234     (1,234 / 1.234 with the separator)
    2.5             2.5                2,5
"""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.test import override_settings
from django.utils import translation
from django.utils.safestring import mark_safe

from tournament.templatetags.standings_tags import _cell

VALUES = [
    'O\'Neil <b> & "Co"',
    "Müller",
    "",
    mark_safe("<i>kept</i>"),
    0,
    7,
    -3,
    1234,
    2_000_000,
    True,
    2.5,
    -0.75,
    12.0,
]


@pytest.mark.parametrize("separator", [False, True])
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_value_is_written_as_the_template_writes_it(language, separator):
    template = Template("{{ value }}")
    with override_settings(USE_THOUSAND_SEPARATOR=separator), translation.override(language):
        for value in VALUES:
            assert _cell(value) == template.render(Context({"value": value})), value
