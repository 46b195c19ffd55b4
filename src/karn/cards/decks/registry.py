"""The deck-list file formats karn reads and writes, and recognizing them.

==========  ==============================================  =========
id          what                                            extension
==========  ==============================================  =========
text        plain text: ``4 Lightning Bolt``                .txt
arena       MTG Arena export: ``Deck``, ``(M10) 146``       .txt
moxfield    Moxfield export: ``*F*``, ``#tags``             .txt
mtgo        MTGO ``.dek`` (XML)                             .dek
cockatrice  Cockatrice ``.cod`` (XML)                       .cod
forge       Forge ``.dck``: ``[Main]``, ``Name|SET``         .dck
xmage       XMage ``.dck``: ``4 [M10:146] Lightning Bolt``   .dck
==========  ==============================================  =========

A text is recognized by its content, formats tried in the order above from the
most particular (the XML ones) to plain text, which reads anything line by line.
"""

from __future__ import annotations

from karn.cards.database import CardDatabase
from karn.cards.decks import arena, cockatrice, forge, moxfield, mtgo, text, xmage
from karn.cards.decks.building import build_deck
from karn.cards.decks.fileformat import FileFormat
from karn.cards.decks.model import Deck, DeckError
from karn.cards.decks.xml_lists import looks_like_xml, root_tag

#: Every format, by id, in the order :func:`detect_format` tries them (plain text last).
FORMATS: dict[str, FileFormat] = {
    f.id: f
    for f in (mtgo.FORMAT, cockatrice.FORMAT, forge.FORMAT, xmage.FORMAT, moxfield.FORMAT, arena.FORMAT)
}
FORMATS[text.FORMAT.id] = text.FORMAT

_ALIASES = {"txt": "text", "plain": "text", "mtga": "arena", "dek": "mtgo", "cod": "cockatrice"}


def get_file_format(name: str) -> FileFormat:
    """The format named ``name`` (an id or an alias such as ``dek``); raises
    :class:`DeckError` naming the formats."""
    key = name.strip().lower().lstrip(".")
    found = FORMATS.get(_ALIASES.get(key, key))
    if found is None:
        raise DeckError(f"unknown deck-list format {name!r} (formats: {', '.join(FORMATS)})")
    return found


def detect_format(deck_text: str) -> FileFormat:
    """The format ``deck_text`` is written in, recognized by its content.

    Raises :class:`DeckError` for XML that is none of the XML formats.
    """
    for candidate in FORMATS.values():
        if candidate is not text.FORMAT and candidate.recognize(deck_text):
            return candidate
    if looks_like_xml(deck_text):
        found = root_tag(deck_text)
        element = f"<{found}>" if found else "no element"
        raise DeckError(
            f"an XML file with {element} is neither an MTGO .dek (<Deck>) nor a Cockatrice .cod (<cockatrice_deck>)"
        )
    return text.FORMAT


def read_deck(
    deck_text: str,
    name: str = "deck",
    db: CardDatabase | None = None,
    *,
    source: str | None = None,
    file_format: str | None = None,
) -> Deck:
    """Read a deck list in any format (recognized, or ``file_format``).

    Card names are checked against ``db`` (the packaged database by default) and
    stored as the names of their cards. ``source`` names the deck in error messages
    (default: ``name``). Raises one :class:`DeckError` listing every problem.
    """
    database = db if db is not None else CardDatabase.default()
    body = deck_text.removeprefix("\ufeff")
    where = name if source is None else source
    try:
        chosen = get_file_format(file_format) if file_format else detect_format(body)
    except DeckError as e:
        raise DeckError(e.reason, source=where) from None
    return build_deck(chosen.read(body), name=name, file_format=chosen.id, db=database, source=where)


def write_deck(deck: Deck, to: str = "text", db: CardDatabase | None = None) -> str:
    """``deck`` written in the format ``to``.

    Where the format has no commander section (MTGO, Cockatrice, XMage), the commander
    is written into the sideboard, where those tools keep it.
    """
    database = db if db is not None else CardDatabase.default()
    return get_file_format(to).write(deck, database)
