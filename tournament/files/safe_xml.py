"""XML files parsed safely, for the readers of OpenGotha's and MacMahon's files.

:func:`load_xml` parses with defusedxml (no entities, no DTD) and refuses
elements nested deeper than :data:`tournament.limits.XML_DEPTH` while it
parses; each reader puts :class:`UnreadableXML` into its own words.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Literal

from defusedxml import ElementTree as SafeET

from tournament import limits

#: An XML file as :func:`load_xml` takes it: a path, its bytes, or its text (text that starts with ``<``).
XmlSource = str | Path | bytes


class UnreadableXML(ValueError):
    """:func:`load_xml` could not parse a file. ``problem``: ``unreadable`` (the file cannot be read),
    ``malformed`` (not well-formed XML), ``refused`` (defusedxml refused it: entities, DTD...) or ``deep``
    (elements nested deeper than :data:`tournament.limits.XML_DEPTH`); ``error`` the exception that says so."""

    def __init__(self, problem: Literal["unreadable", "malformed", "refused", "deep"], error: Exception):
        super().__init__(f"{problem}: {error}")
        self.problem = problem
        self.error = error


class TooDeep(ValueError):
    """An element nested deeper than ``most``: refused while parsing, before anything walks the tree
    (Python's serializer and the readers recurse, and would fail with a RecursionError)."""

    def __init__(self, most: int):
        super().__init__(f"elements nested more than {most} deep")
        self.most = most


class _ShallowTree(ET.TreeBuilder):
    """ElementTree's tree builder that refuses elements nested deeper than ``most``."""

    def __init__(self, most: int):
        super().__init__()
        self.most = most
        self.depth = 0

    def start(self, tag: str, attrs: dict[str, str]) -> ET.Element:
        self.depth += 1
        if self.depth > self.most:
            raise TooDeep(self.most)
        return super().start(tag, attrs)

    def end(self, tag: str) -> ET.Element:
        self.depth -= 1
        return super().end(tag)


def load_xml(source: XmlSource) -> ET.Element:
    """The root element of an XML file, parsed safely (defusedxml); the readers of OpenGotha's
    and MacMahon's files put :class:`UnreadableXML` into their own words."""
    try:
        if isinstance(source, str) and source.lstrip().startswith("<"):
            data = source.encode("utf-8")
        elif isinstance(source, (str, Path)):
            data = Path(source).read_bytes()
        else:
            data = source
        parser = SafeET.DefusedXMLParser(target=_ShallowTree(limits.XML_DEPTH))
        parser.feed(data)
        root: ET.Element = parser.close()
        return root
    except TooDeep as e:
        raise UnreadableXML("deep", e) from None
    except OSError as e:
        raise UnreadableXML("unreadable", e) from None
    except ET.ParseError as e:
        raise UnreadableXML("malformed", e) from None
    except Exception as e:  # noqa: BLE001 - defusedxml's refusals (entities, DTD...) and whatever else the parser raises: unreadable, never a 500
        raise UnreadableXML("refused", e) from None
