"""English dates as a European tournament reads them: 28 Nov 2026, 28.11.2026, 14:30.

Django's own English formats are American (Nov. 28, 2026, 2:30 p.m.);
the site's players and organizers are in Europe. German keeps Django's
formats (28. November 2026, 28.11.2026).
"""

DATE_FORMAT = "j M Y"  # 28 Nov 2026
TIME_FORMAT = "H:i"  # 14:30
DATETIME_FORMAT = "j M Y, H:i"  # 28 Nov 2026, 14:30
YEAR_MONTH_FORMAT = "F Y"  # November 2026
MONTH_DAY_FORMAT = "j F"  # 28 November
SHORT_DATE_FORMAT = "d.m.Y"  # 28.11.2026
SHORT_DATETIME_FORMAT = "d.m.Y H:i"  # 28.11.2026 14:30
FIRST_DAY_OF_WEEK = 1  # Monday

# What forms read: the ISO form (date inputs send it) first, then the European ones.
DATE_INPUT_FORMATS = [
    "%Y-%m-%d",  # 2026-11-28
    "%d.%m.%Y",  # 28.11.2026
    "%d.%m.%y",  # 28.11.26
    "%d/%m/%Y",  # 28/11/2026
    "%d %b %Y",  # 28 Nov 2026
    "%d %B %Y",  # 28 November 2026
]
TIME_INPUT_FORMATS = [
    "%H:%M",  # 14:30
    "%H:%M:%S",  # 14:30:59
    "%H:%M:%S.%f",  # 14:30:59.000200
]
DATETIME_INPUT_FORMATS = [
    "%Y-%m-%d %H:%M:%S",
    "%Y-%m-%d %H:%M:%S.%f",
    "%Y-%m-%d %H:%M",
    "%Y-%m-%dT%H:%M",  # what a datetime-local input sends
    "%d.%m.%Y %H:%M:%S",
    "%d.%m.%Y %H:%M",
    "%d/%m/%Y %H:%M",
]
