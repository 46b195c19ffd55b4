"""Actions: small hashable values with a readable text form (the python-chess ``Move`` of karn)."""

from __future__ import annotations

import msgspec

from karn.engine.state import Option


class Action(msgspec.Struct, frozen=True, eq=False, gc=False):
    """One answer to the pending :class:`Decision`.

    ``kind`` says what it does (``pass``, ``play``, ``cast``, ``activate``, ``mana``,
    ``target``, ``done``, ``attack``, ``block``, ``yes``, ``no``, ``choose``,
    ``number``, ``mode``, ``x``, ``pay``, ``cancel``, ``keep``, ``mulligan``,
    ``bottom``, ``order``, ``top``, ...); ``a`` and ``b`` are object ids, encoded
    players or numbers. ``label`` is for people and does not take part in equality.

    >>> Action("cast", 12, label="cast Lightning Bolt") == Action("cast", 12)
    True
    >>> str(Action("attack", 7, -2))
    'attack 7 -2'
    """

    kind: str
    a: int = 0
    b: int = 0
    label: str = ""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self.a == other.a and self.b == other.b

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return not (self.kind == other.kind and self.a == other.a and self.b == other.b)

    def __hash__(self) -> int:
        return hash((self.kind, self.a, self.b))

    def __str__(self) -> str:
        return self.label or (
            f"{self.kind} {self.a} {self.b}" if self.b else f"{self.kind} {self.a}" if self.a else self.kind
        )

    def __repr__(self) -> str:
        return f"Action({self.kind!r}, {self.a!r}, {self.b!r}, {str(self)!r})"

    @staticmethod
    def of(o: Option) -> Action:
        return Action(o.kind, o.a, o.b, o.label)


class IllegalActionError(ValueError):
    """An action that is not legal now. The game is left exactly as it was (733).

    ``rule`` is the rule of the decision that was being answered (117.1 for priority);
    ``violated`` the rule the action breaks, when it is a more precise one (305.2, 601.2c, ...).
    """

    def __init__(self, message: str, rule: str = "", violated: str = "") -> None:
        shown = f"{message} ({violated})" if violated and violated != rule else message
        super().__init__(f"{rule}: {shown}" if rule else shown)
        self.rule = rule
        self.violated = violated or rule
