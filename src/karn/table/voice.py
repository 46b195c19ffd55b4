"""Seats in words: the viewer is "You" (second person: "You cast", "your turn"), the
others "Opponent" in a two-player game, else their own names.

The engine writes its log and prompts in the third person with the players' names
("A casts Shock", "turn 3: A's turn begins"); :class:`Voice` rewrites such a text for
one viewer. It only renames and conjugates: it never changes what the text says.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

#: Third-person verbs whose second-person form is not the verb minus its "s".
_IRREGULAR = {"has": "have", "is": "are", "does": "do", "goes": "go", "was": "were"}


def second_person(verb: str) -> str:
    """ "casts" -> "cast", "passes" -> "pass", "has" -> "have", "scries" -> "scry"."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


#: Words ending in "s" that follow a player's name without being its verb.
_NOT_VERBS = frozenset({"this", "thus", "plus", "its", "as", "us", "yes", "unless", "less"})


def _verb_like(word: str) -> bool:
    """Mid-sentence, "you discards" but not "you this turn": a third-person verb form."""
    return word.endswith("s") and not word.endswith("ss") and word not in _NOT_VERBS


class Voice:
    """Rewrites the engine's texts for the player `viewer` (None: a spectator, who sees
    every seat by its name, "Opponent" never used)."""

    def __init__(self, names: Sequence[str], viewer: int | None, card_names: Iterable[str] = ()) -> None:
        self.names = list(names)
        self.viewer = viewer
        self.seats = [self.seat_name(i) for i in range(len(self.names))]
        # Longest names first, so that "Ann" is not found inside "Anna".
        order = sorted(range(len(self.names)), key=lambda i: -len(self.names[i]))
        alternatives = "|".join(re.escape(self.names[i]) for i in order)
        self._name = re.compile(rf"(?<![\w#])({alternatives})(?!\w)('s)?( [a-z]+)?") if self.names else None
        # Card names that hold a player's name ("You Meet in a Tavern" and a player "You"):
        # left as they are.
        clashing = sorted(
            (c for c in card_names if self._name is not None and self._name.search(c)), key=lambda c: -len(c)
        )
        self._cards = re.compile("|".join(re.escape(c) for c in clashing)) if clashing else None

    def seat_name(self, index: int) -> str:
        """ "You", "Opponent" (two players) or the player's name."""
        if self.viewer is not None:
            if index == self.viewer:
                return "You"
            if len(self.names) == 2:
                return "Opponent"
        return self.names[index]

    def possessive(self, index: int) -> str:
        """ "your", "Opponent's"."""
        return "your" if index == self.viewer else f"{self.seat_name(index)}'s"

    def text(self, text: str) -> str:
        """The text with each player's name as this viewer reads it."""
        if self._name is None:
            return text
        pattern = self._name
        out: list[str] = []
        pos = 0
        you_subject = False
        kept = [(c.start(), c.end()) for c in self._cards.finditer(text)] if self._cards is not None else []
        for m in pattern.finditer(text):
            if any(start <= m.start() < end for start, end in kept):
                continue  # inside a card's name
            index = self.names.index(m.group(1))
            out.append(text[pos : m.start()])
            start_of_sentence = m.start() == 0 or text[: m.start()].rstrip().endswith((":", ".", ";"))
            possessive, verb = m.group(2), m.group(3)
            if index == self.viewer:
                if possessive:
                    word = "Your" if start_of_sentence else "your"
                    out.append(word + (verb or ""))
                else:
                    out.append("You" if start_of_sentence else "you")
                    if verb and (start_of_sentence or _verb_like(verb[1:])):
                        out.append(" " + second_person(verb[1:]))
                        you_subject = you_subject or start_of_sentence
                    elif verb:
                        out.append(verb)
            else:
                out.append(self.seat_name(index) + (possessive or "") + (verb or ""))
            pos = m.end()
        out.append(text[pos:])
        result = "".join(out)
        if you_subject:
            result = re.sub(r"\btheir\b", "your", result)
            result = re.sub(r"\bits first draw\b", "your first draw", result)
            # "You have 0 life and loses the game": the second verb of the sentence too.
            result = re.sub(
                r" and (loses|wins|draws|gains|discards|sacrifices|skips|reveals)\b",
                lambda m: " and " + second_person(m.group(1)),
                result,
            )
        return result
