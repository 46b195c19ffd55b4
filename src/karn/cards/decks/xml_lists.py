"""Reading and writing the XML deck lists (MTGO ``.dek``, Cockatrice ``.cod``).

Reading uses the standard library's expat parser (the one beneath
:mod:`xml.etree`) directly, because it tells the line of every element, which
:mod:`xml.etree` does not keep: every problem of a deck list names its line.
Document type declarations are refused (deck lists never have them, and they are
how entity-expansion attacks are written). Writing uses :mod:`xml.etree`.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from xml.parsers import expat

_PROLOG = re.compile(r"^\s*(?:<\?.*?\?>\s*|<!--.*?-->\s*|<!DOCTYPE[^\[>]*(?:\[.*?\])?\s*>\s*)*", re.DOTALL)
_ROOT = re.compile(r"^<([A-Za-z_][\w.:-]*)")


@dataclass
class XmlElement:
    """An element, its attributes, its text, its children and the line it starts on."""

    tag: str
    attributes: dict[str, str]
    line: int
    children: list[XmlElement] = field(default_factory=list)
    text: str = ""


class XmlProblem(Exception):
    """The text is not well-formed XML (or declares a document type)."""

    def __init__(self, reason: str, line: int | None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


def looks_like_xml(text: str) -> bool:
    """Whether ``text`` starts like an XML document."""
    return text.lstrip("\ufeff \t\r\n").startswith("<")


def root_tag(text: str) -> str | None:
    """The name of the document element, when ``text`` looks like XML."""
    m = _ROOT.match(_PROLOG.sub("", text.lstrip("\ufeff"), count=1))
    return m.group(1) if m else None


def parse(text: str) -> XmlElement:
    """The document element of ``text``; raises :class:`XmlProblem`."""
    parser = expat.ParserCreate()
    stack: list[XmlElement] = []
    roots: list[XmlElement] = []

    def start(tag: str, attributes: dict[str, str]) -> None:
        element = XmlElement(tag, dict(attributes), parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(element)
        stack.append(element)

    def end(tag: str) -> None:
        stack.pop()

    def characters(data: str) -> None:
        if stack:
            stack[-1].text += data

    def doctype(*args: object) -> None:
        raise XmlProblem(
            "a document type declaration is not allowed in a deck list", parser.CurrentLineNumber
        )

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    parser.StartDoctypeDeclHandler = doctype
    try:
        parser.Parse(text.lstrip("\ufeff"), True)
    except expat.ExpatError as e:
        raise XmlProblem(f"not well-formed XML: {expat.errors.messages[e.code]}", e.lineno) from None
    return roots[0]


def to_text(root: ET.Element) -> str:
    """``root`` as an indented document with an XML declaration."""
    ET.indent(root, space="  ")
    body = ET.tostring(root, encoding="unicode", short_empty_elements=True)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + body + "\n"
