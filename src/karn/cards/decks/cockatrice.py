"""Cockatrice ``.cod`` deck lists (XML)::

    <?xml version="1.0" encoding="UTF-8"?>
    <cockatrice_deck version="1">
        <deckname>Mono-Red</deckname>
        <comments></comments>
        <zone name="main">
            <card number="4" name="Lightning Bolt"/>
        </zone>
        <zone name="side">
            <card number="2" name="Smash to Smithereens"/>
        </zone>
    </cockatrice_deck>

A ``tokens`` zone lists the tokens a deck makes, not cards of the deck: it is
skipped. The format has no commander zone: karn writes a commander to the
sideboard.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from karn.cards.database import CardDatabase
from karn.cards.decks import xml_lists as xml
from karn.cards.decks.fileformat import FileFormat, one_line
from karn.cards.decks.model import Deck
from karn.cards.decks.names import export_name
from karn.cards.decks.raw import RawDeck, Section

_ZONES = {"main": Section.MAIN, "side": Section.SIDEBOARD}
_SKIPPED_ZONES = frozenset({"tokens"})
_METADATA = frozenset({"deckname", "comments", "tags", "bannerCard", "lastLoadedTimestamp"})


def read(text: str) -> RawDeck:
    raw = RawDeck()
    try:
        root = xml.parse(text)
    except xml.XmlProblem as e:
        raw.problem(e.reason, e.line)
        return raw
    if root.tag != "cockatrice_deck":
        raw.problem(f"a Cockatrice .cod file has a <cockatrice_deck> element, not <{root.tag}>", root.line)
        return raw
    for element in root.children:
        if element.tag == "deckname":
            raw.title = element.text.strip() or None
        elif element.tag == "zone":
            _read_zone(raw, element)
        elif element.tag not in _METADATA:
            raw.problem(f"unexpected element <{element.tag}> in a Cockatrice deck", element.line)
    return raw


def _read_zone(raw: RawDeck, zone: xml.XmlElement) -> None:
    zone_name = zone.attributes.get("name", "")
    if zone_name in _SKIPPED_ZONES:
        return
    section = _ZONES.get(zone_name)
    if section is None:
        raw.problem(f"unknown zone {zone_name!r} (a Cockatrice deck has 'main' and 'side')", zone.line)
        return
    for card in zone.children:
        name = card.attributes.get("name", "").strip()
        if card.tag != "card" or not name:
            raw.problem(f"expected <card number=... name=...> in zone {zone_name!r}", card.line)
            continue
        raw.add(section, card.attributes.get("number", "1"), name, card.line)


def write(deck: Deck, db: CardDatabase) -> str:
    root = ET.Element("cockatrice_deck", {"version": "1"})
    ET.SubElement(root, "deckname").text = one_line(deck.name)
    ET.SubElement(root, "comments").text = ""
    sideboard = list(deck.sideboard) + [(1, card) for card in deck.commander]
    for zone_name, entries in (("main", list(deck.main)), ("side", sideboard)):
        if not entries:
            continue
        zone = ET.SubElement(root, "zone", {"name": zone_name})
        for count, card in entries:
            ET.SubElement(zone, "card", {"number": str(count), "name": export_name(db, card)})
    return xml.to_text(root)


def recognize(text: str) -> bool:
    return xml.root_tag(text) == "cockatrice_deck"


FORMAT = FileFormat(
    "cockatrice", "Cockatrice .cod (XML)", ".cod", read, write, recognize, commander_section=False
)
