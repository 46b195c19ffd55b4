"""Actions: small hashable values with a readable text form (the python-chess ``Move`` of karn)."""

from __future__ import annotations

from dataclasses import dataclass, field

from karn.engine.state import Option


@dataclass(frozen=True, slots=True)
class Action:
    """One answer to the pending :class:`Decision`.

    ``kind`` says what it does (``pass``, ``play``, ``cast``, ``activate``, ``mana``,
    ``target``, ``done``, ``attack``, ``block``, ``yes``, ``no``, ``choose``,
    ``number``, ``mode``, ``x``, ``pay``, ``cancel``, ``keep``, ``mulligan``,
    ``bottom``, ``order``, ``top``, ...); ``a`` and ``b`` are object ids, encoded
    players or numbers. ``label`` is for people and does not take part in equality.
    """

    kind: str
    a: int = 0
    b: int = 0
    label: str = field(default="", compare=False, hash=False)

    def __str__(self) -> str:
        return self.label or (
            f"{self.kind} {self.a} {self.b}" if self.b else f"{self.kind} {self.a}" if self.a else self.kind
        )

    def __repr__(self) -> str:
        return f"Action({self.kind!r}, {self.a}, {self.b}, {str(self)!r})"

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
