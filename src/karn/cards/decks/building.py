"""From a reader's entries to a :class:`Deck`: every name checked, all problems at once."""

from __future__ import annotations

from karn.cards.database import CardDatabase, UnknownCardError
from karn.cards.decks.model import MAX_CARDS, Deck, DeckError, DeckProblem
from karn.cards.decks.names import resolve_card
from karn.cards.decks.raw import RawDeck, Section


def build_deck(raw: RawDeck, *, name: str, file_format: str, db: CardDatabase, source: str) -> Deck:
    """The deck ``raw`` lists, each entry by the name of its card.

    Raises one :class:`DeckError` listing every problem: the reader's, unknown card
    names (with the nearest names), unusable counts, too many cards in all, an empty
    main deck. The deck is named by its own title when the file has one.
    """
    problems = list(raw.problems)
    sections: dict[Section, list[tuple[int, str]]] = {s: [] for s in Section}
    names = _Names(db)
    for entry in raw.entries:
        card = names.card(entry.name)
        count = entry.count
        if isinstance(card, UnknownCardError) and entry.whole_line:
            whole = names.card(entry.whole_line)  # a name that starts with a number
            if not isinstance(whole, UnknownCardError):
                card, count = whole, 1
        if count == 0:
            problems.append(DeckProblem(entry.count_problem or "no card count", entry.line))
        elif isinstance(card, UnknownCardError):
            problems.append(DeckProblem(str(card), entry.line, tuple(card.suggestions)))
        else:
            sections[entry.section].append((count, card))

    total = sum(count for entries in sections.values() for count, _ in entries)
    if total > MAX_CARDS:
        problems.append(DeckProblem(f"the list has {total} cards; karn reads at most {MAX_CARDS}"))
    if not any(e.section is Section.MAIN for e in raw.entries) and not problems:
        problems.append(DeckProblem("no cards in the main deck"))
    if problems:
        raise DeckError.of(problems, source)

    sideboard = sections[Section.SIDEBOARD]
    companion: list[str] = []
    for count, card in sections[Section.COMPANION]:
        companion += [card] * count
        if all(card != other for _, other in sideboard):
            sideboard.append((count, card))  # 702.139a: the companion is a sideboard card
    return Deck(
        name=raw.title or name,
        main=tuple(sections[Section.MAIN]),
        sideboard=tuple(sideboard),
        commander=tuple(card for count, card in sections[Section.COMMANDER] for _ in range(count)),
        companion=tuple(companion),
        format=file_format,
    )


class _Names:
    """Card names looked up once per distinct spelling."""

    def __init__(self, db: CardDatabase) -> None:
        self._db = db
        self._known: dict[str, str | UnknownCardError] = {}

    def card(self, written: str) -> str | UnknownCardError:
        found = self._known.get(written)
        if found is None:
            try:
                found = resolve_card(self._db, written)
            except UnknownCardError as e:
                found = e
            self._known[written] = found
        return found
