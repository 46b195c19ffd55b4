"""What the heuristic agent reads: its observation and public card knowledge, nothing else.

A :class:`Situation` wraps one observation (its player's view: public zones, the
permanents with their characteristics, the stack, combat, its own hand, the decision)
with lookups the evaluation uses over and over.
"""

from __future__ import annotations

from karn.agents.heuristic.cards import CardKnowledge
from karn.engine.observation import Observation, PermanentView, StackItemView
from karn.engine.state import player_ref

_MAIN = ("precombat_main", "postcombat_main")


class Situation:
    """One decision as the agent sees it."""

    __slots__ = ("obs", "me", "cards", "perms", "hand", "known")

    def __init__(self, obs: Observation, cards: CardKnowledge) -> None:
        if obs.player is None:
            raise ValueError("a spectator's observation: an agent decides for a player")
        self.obs = obs
        self.me: int = obs.player
        self.cards = cards
        self.perms: dict[int, PermanentView] = {p.id: p for p in obs.battlefield}
        self.hand: dict[int, str] = {c.id: c.name for c in obs.hand}
        self.known: dict[int, str] = {k.id: k.name for k in obs.known}

    # -------------------------------------------------------------- objects

    def perm(self, oid: int) -> PermanentView | None:
        return self.perms.get(oid)

    def on_bf(self, oid: int) -> bool:
        return oid in self.perms

    def stack_item(self, oid: int) -> StackItemView | None:
        for item in self.obs.stack:
            if item.id == oid:
                return item
        return None

    def top(self) -> StackItemView | None:
        """The top of the stack (the spell or ability being put on it, while it is)."""
        return self.obs.stack[0] if self.obs.stack else None

    def name_of(self, oid: int) -> str | None:
        """The name of a card this player can see (own hand, a known hidden card, a permanent)."""
        name = self.hand.get(oid) or self.known.get(oid)
        if name is None:
            p = self.perms.get(oid)
            name = p.name if p is not None else None
        return name

    def mana_value_of(self, oid: int) -> int:
        """The mana value of an object this player can see: a permanent's current one (a
        token's comes from its own mana cost, 202.3 and 111.3, never from a card of its
        name), a card's printed one (0 when the card is not visible)."""
        p = self.perms.get(oid)
        if p is not None:
            return p.mana_value
        name = self.hand.get(oid) or self.known.get(oid)
        return self.cards.mana_value(name) if name else 0

    def is_land_of(self, oid: int) -> bool:
        """Is this visible object a land (a permanent's current types, a card's printed ones)?"""
        p = self.perms.get(oid)
        if p is not None:
            return "land" in p.types
        name = self.hand.get(oid) or self.known.get(oid)
        return self.cards.is_land(name) if name else False

    # -------------------------------------------------------------- players

    def opponent(self) -> int:
        for p in self.obs.players:
            if p.index != self.me and not p.lost:
                return p.index
        return (self.me + 1) % len(self.obs.players)

    def opponent_ref(self) -> int:
        return player_ref(self.opponent())

    def life(self, player: int) -> int:
        return self.obs.players[player].life

    def my_hand(self) -> list[tuple[int, str]]:
        return [(c.id, c.name) for c in self.obs.hand]

    def lands_in_play(self, player: int) -> int:
        return sum(1 for p in self.obs.battlefield if p.controller == player and "land" in p.types)

    def creatures(self, player: int) -> list[PermanentView]:
        return [p for p in self.obs.battlefield if p.controller == player and p.power is not None]

    # -------------------------------------------------------------- timing

    def my_main(self) -> bool:
        o = self.obs
        return o.active == self.me and o.step in _MAIN and not o.stack

    def face_time(self) -> bool:
        """When damage to the opponent's face is worth spending a card on (if not lethal)."""
        o = self.obs
        return (o.active == self.me and o.step == "postcombat_main") or (
            o.active != self.me and o.step == "end"
        )


def power(p: PermanentView) -> int:
    return max(0, p.power or 0)


def toughness_left(p: PermanentView) -> int:
    return (p.toughness or 0) - p.damage
