"""Stops and auto-pass: a player's setting of the table model, not engine behavior.

As in Arena and Forge, a player is asked for priority only where it matters:

* in their own main phases (and their own end step: with an instant-speed play only,
  since nothing else can be done there);
* when an opponent casts a spell or activates an ability (a new object of theirs on
  the stack) — even while "pass until end of turn" or "pass until my next turn" is on;
* when attackers or blockers have been declared (the declare attackers and declare
  blockers steps of a combat with attackers);
* in any step the player added to their stops (``own_stops``, ``opponent_stops``).

Priority is passed automatically everywhere else, and always when passing (or
activating a mana ability, 605.3a) is all the player could do. A decision other than
priority is never answered for the player, except the payment of a cost when
``auto_pay`` is on and the engine's solver can pay it (601.2g-h; the player taps by
hand with ``auto_pay`` off): a trigger's target, a mulligan, blockers, a mode are
always asked.
"""

from __future__ import annotations

import msgspec

from karn.engine.actions import Action
from karn.engine.observation import Observation

#: The steps where a player stops by default in their own turn.
OWN_STOPS = ("precombat_main", "postcombat_main", "end")
#: The steps where a player stops by default in an opponent's turn (combat is its own stop).
OPPONENT_STOPS: tuple[str, ...] = ()

PASS_NONE = ""
PASS_END_OF_TURN = "end_of_turn"
PASS_MY_TURN = "my_turn"


class AutoPass(msgspec.Struct, omit_defaults=True):
    """A player's stops and auto-pass settings (JSON as is: a server stores it per seat).

    ``pass_until`` is "" (no pass setting), "end_of_turn" or "my_turn", set on turn
    ``pass_turn``. ``seen_stack`` holds the stack objects the player was already
    shown (each opponent's spell or ability stops them once).
    """

    enabled: bool = True
    auto_pay: bool = True
    show_mana_abilities: bool = False
    combat_stops: bool = True
    own_stops: list[str] = msgspec.field(default_factory=lambda: list(OWN_STOPS))
    opponent_stops: list[str] = msgspec.field(default_factory=lambda: list(OPPONENT_STOPS))
    pass_until: str = PASS_NONE
    pass_turn: int = 0
    seen_stack: list[int] = msgspec.field(default_factory=list)

    def pass_until_end_of_turn(self, turn: int) -> None:
        """F-key "pass until end of turn": pass (but for an opponent's spell) until the turn ends."""
        self.pass_until = PASS_END_OF_TURN
        self.pass_turn = turn

    def pass_until_my_turn(self, turn: int) -> None:
        """ "Pass until my next turn": pass (but for an opponent's spell) until your turn begins."""
        self.pass_until = PASS_MY_TURN
        self.pass_turn = turn

    def saw(self, obs: Observation) -> None:
        """The player answered (or passed) with the stack as `obs` shows it: its objects
        stop them no more. (A stop is kept until then: asking twice stops twice.)"""
        self.seen_stack = [x.id for x in obs.stack]

    def toggle_stop(self, step: str, own: bool) -> bool:
        """Add or remove a stop; True when the step is now a stop."""
        stops = self.own_stops if own else self.opponent_stops
        if step in stops:
            stops.remove(step)
            return False
        stops.append(step)
        return True


def real_options(actions: list[Action]) -> list[Action]:
    """Options other than passing and mana abilities: something to do."""
    return [a for a in actions if a.kind not in ("pass", "mana")]


def auto_answer(obs: Observation, actions: list[Action], settings: AutoPass) -> tuple[Action | None, str]:
    """The action to take for the player now, with why (None: ask them, and why).

    `obs` is the deciding player's observation, `actions` the legal actions. The
    settings' remembered state (stack objects seen, a pass setting that ran out) is
    updated.
    """
    d = obs.decision
    if d is None or obs.player is None:
        return None, "not your decision"
    me = obs.player
    if d.kind == "pay":
        if settings.enabled and settings.auto_pay and any(a.kind == "pay" for a in actions):
            return next(a for a in actions if a.kind == "pay"), "auto-pay (601.2h)"
        return None, "pay by hand"
    if d.kind != "priority":
        return None, "a real choice"
    # Stop settings that ran out.
    if settings.pass_until == PASS_END_OF_TURN and obs.turn != settings.pass_turn:
        settings.pass_until = PASS_NONE
    if settings.pass_until == PASS_MY_TURN and obs.active == me and obs.turn != settings.pass_turn:
        settings.pass_until = PASS_NONE
    new_from_opponent = [x for x in obs.stack if x.controller != me and x.id not in settings.seen_stack]
    passing = next((a for a in actions if a.kind == "pass"), None)
    if passing is None:
        return None, "passing is not an option"
    action, why = _priority(obs, actions, settings, passing, bool(new_from_opponent))
    if new_from_opponent and action is None and why.startswith("an opponent"):
        why = f"an opponent put {new_from_opponent[0].name} on the stack"
    if action is not None:
        settings.saw(obs)  # passing with the stack as it is: each object was seen
    return action, why


def _priority(
    obs: Observation, actions: list[Action], settings: AutoPass, passing: Action, new_from_opponent: bool
) -> tuple[Action | None, str]:
    me = obs.player
    if not real_options(actions):
        return passing, "nothing to do but pass"
    if not settings.enabled:
        return None, "auto-pass is off"
    if new_from_opponent:
        return None, "an opponent put something on the stack"
    if settings.pass_until:
        return (
            passing,
            f"passing until {'end of turn' if settings.pass_until == PASS_END_OF_TURN else 'your turn'}",
        )
    if obs.stack:
        return passing, "your own spell or ability, or one you saw, is on the stack"
    if settings.combat_stops and obs.combat is not None and obs.combat.attackers:
        if obs.step in ("declare_attackers", "declare_blockers"):
            return None, "attackers or blockers were declared"
    stops = settings.own_stops if obs.active == me else settings.opponent_stops
    if obs.step in stops:
        return None, f"a stop: {obs.step.replace('_', ' ')}"
    return passing, "no stop here"
