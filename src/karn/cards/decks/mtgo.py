"""MTGO ``.dek`` deck lists (XML)::

    <?xml version="1.0" encoding="utf-8"?>
    <Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
      <NetDeckID>0</NetDeckID>
      <PreconstructedDeckID>0</PreconstructedDeckID>
      <Cards CatID="12345" Quantity="4" Sideboard="false" Name="Lightning Bolt" Annotation="0" />
      <Cards CatID="23456" Quantity="2" Sideboard="true" Name="Smash to Smithereens" Annotation="0" />
    </Deck>

One ``Cards`` element per entry; MTGO names a split card "Fire/Ice". The format
has no commander: karn writes a commander to the sideboard, where MTGO keeps it.
karn knows no MTGO catalog ids, so it writes no ``CatID``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from karn.cards.database import CardDatabase
from karn.cards.decks import xml_lists as xml
from karn.cards.decks.fileformat import FileFormat
from karn.cards.decks.model import Deck
from karn.cards.decks.names import export_name
from karn.cards.decks.raw import RawDeck, Section

_IGNORED = frozenset({"NetDeckID", "PreconstructedDeckID"})


def read(text: str) -> RawDeck:
    raw = RawDeck()
    try:
        root = xml.parse(text)
    except xml.XmlProblem as e:
        raw.problem(e.reason, e.line)
        return raw
    if root.tag != "Deck":
        raw.problem(f"an MTGO .dek file has a <Deck> element, not <{root.tag}>", root.line)
        return raw
    for element in root.children:
        if element.tag in _IGNORED:
            continue
        if element.tag != "Cards":
            raw.problem(
                f"unexpected element <{element.tag}> (an MTGO deck holds <Cards> elements)", element.line
            )
            continue
        name = element.attributes.get("Name", "").strip()
        if not name:
            raw.problem("a <Cards> element without a Name", element.line)
            continue
        side = element.attributes.get("Sideboard", "false").strip().lower()
        if side not in ("true", "false"):
            raw.problem(f"Sideboard={side!r} is neither true nor false", element.line)
            continue
        section = Section.SIDEBOARD if side == "true" else Section.MAIN
        raw.add(section, element.attributes.get("Quantity", "1"), name, element.line)
    return raw


def write(deck: Deck, db: CardDatabase) -> str:
    root = ET.Element(
        "Deck",
        {
            "xmlns:xsd": "http://www.w3.org/2001/XMLSchema",
            "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
        },
    )
    ET.SubElement(root, "NetDeckID").text = "0"
    ET.SubElement(root, "PreconstructedDeckID").text = "0"
    sideboard = list(deck.sideboard) + [(1, card) for card in deck.commander]
    for entries, side in ((deck.main, "false"), (sideboard, "true")):
        for count, card in entries:
            name = export_name(db, card, single_slash=True)
            attributes = {"Quantity": str(count), "Sideboard": side, "Name": name, "Annotation": "0"}
            ET.SubElement(root, "Cards", attributes)
    return xml.to_text(root)


def recognize(text: str) -> bool:
    return xml.root_tag(text) == "Deck"


FORMAT = FileFormat("mtgo", "MTGO .dek (XML)", ".dek", read, write, recognize, commander_section=False)
