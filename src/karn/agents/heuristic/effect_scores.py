"""How good one effect is for the heuristic agent, on one target: a scorer registered per IR
effect kind (the completeness test checks every kind has one).

The scorers of damage and of continuous effects, which simulate fights and pumps, are in
:mod:`karn.agents.heuristic.evaluate`. A scorer sees the :class:`Target` the effect acts on — a player, a permanent (with its value
to the agent), or a spell on the stack — and returns the effect's worth to the agent:
positive when it helps the agent, negative when it hurts it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from karn import ir
from karn.agents.heuristic.cards import amount
from karn.agents.heuristic.situation import Situation, toughness_left
from karn.engine.observation import PermanentView, StackItemView


@dataclass(frozen=True, slots=True)
class Target:
    """What an effect acts on: exactly one of ``player``, ``permanent``, ``spell``."""

    mine: bool  # the agent's own player, permanent or spell
    player: int | None = None
    permanent: PermanentView | None = None
    spell: StackItemView | None = None
    value: float = 0.0  # the permanent's worth to its controller

    @property
    def creature(self) -> bool:
        return self.permanent is not None and "creature" in self.permanent.types


Scorer = Callable[[Situation, Any, Target, int], float]
SCORERS: dict[type, Scorer] = {}
S = TypeVar("S", bound=Scorer)


def scores(*effect_types: type) -> Callable[[S], S]:
    def register(fn: S) -> S:
        for t in effect_types:
            SCORERS[t] = fn
        return fn

    return register


def score(v: Situation, e: ir.Effect, target: Target, x: int) -> float:
    return SCORERS[type(e)](v, e, target, x)


def harm(target: Target) -> float:
    """An effect that hurts what it acts on: good on the opponent's, bad on ours."""
    return -1.0 if target.mine else 1.0


@scores(
    ir.Scry,
    ir.SearchLibrary,
    ir.RevealTop,
    ir.LookAtHand,
    ir.AddMana,
    ir.AddOneOf,
    ir.ReturnChosen,
    ir.AddAnyColor,
    ir.AddCouldProduce,
    ir.CreateToken,
    ir.May,
    ir.ForEachTarget,
    ir.CreateDelayed,
    ir.ExileIfLeaves,
    ir.Reflexive,
    ir.Unless,
    ir.Mill,
    ir.IfCondition,
    ir.AddManaProduced,
    ir.Fight,
    ir.LookAndTake,
    ir.RevealUntil,
    ir.LookAndSplit,
    ir.CreateReplacement,
    ir.DamageEach,
    ir.Mill,
    ir.ApplyRules,
    ir.ExileTop,
    ir.GainActivatedAbilities,
    ir.AnyPlayerMay,
    ir.Proliferate,
    ir.RemoveCounters,
)
def _other(v: Situation, e: ir.Effect, target: Target, x: int) -> float:
    """Effects the agent doesn't aim at a target: taken as mildly harmful to whatever they name."""
    return 0.0 if target.spell is not None else harm(target)


@scores(ir.CreateEmblem)
def _emblem(v: Situation, e: ir.CreateEmblem, target: Target, x: int) -> float:
    """114.1: an emblem's abilities last the whole game: one of ours is worth a lot; one given to
    an opponent is a punishment (Ob Nixilis Reignited's)."""
    if target.player is None:
        return 0.0
    return 2.0 if target.mine else harm(target)


@scores(ir.CastWithoutPaying, ir.Cascade, ir.CastForMadness)
def _own_card(v: Situation, e: ir.Effect, target: Target, x: int) -> float:
    """608.2g: a free spell of the agent's own (suspend, cascade): it aims at nothing."""
    return 0.0


@scores(ir.BecomeMonarch)
def _monarch(v: Situation, e: ir.BecomeMonarch, target: Target, x: int) -> float:
    """725.2: the monarch draws a card each end step: worth having."""
    return 1.5 if target.player is None or target.mine else -1.5


@scores(ir.Planeswalk)
def _planeswalk(v: Situation, e: ir.Planeswalk, target: Target, x: int) -> float:
    """701.31: planeswalking has no target; the agent doesn't weigh planes."""
    return 0.0


@scores(ir.ChangeText)
def _change_text(v: Situation, e: ir.ChangeText, target: Target, x: int) -> float:
    """A text change (612): the agent can't tell what the words will do, so it is neutral."""
    return 0.0


@scores(ir.WinGame, ir.LoseGame)
def _game(v: Situation, e: ir.WinGame | ir.LoseGame, target: Target, x: int) -> float:
    """Winning the game is worth everything; losing it, the opposite."""
    if target.player is None:
        return 0.0
    good = target.mine == isinstance(e, ir.WinGame)
    return 1000.0 if good else -1000.0


@scores(ir.CreateCopyToken, ir.PutLinkedExile)
def _copy_token(v: Situation, e: ir.Effect, target: Target, x: int) -> float:
    """A token copy of a permanent: good when it copies one of ours (an extra one), else
    still an extra permanent for us."""
    return 0.0 if target.spell is not None else 1.0


@scores(ir.PutOntoBattlefield)
def _put_onto_battlefield(v: Situation, e: ir.PutOntoBattlefield, target: Target, x: int) -> float:
    """A card put onto the battlefield by the agent's effect enters under the agent's control
    (110.2a) unless it says its owner's: an extra permanent, whatever the card targeted was."""
    return 0.5 if e.enter.owner_control else 2.0


@scores(ir.BecomeCopy)
def _become_copy(v: Situation, e: ir.Effect, target: Target, x: int) -> float:
    """Our permanent becoming a copy of the target (707.4): worth about as much as the target's
    strength, a little less than an extra permanent."""
    return 0.0 if target.spell is not None else 0.5


@scores(ir.Manifest)
def _manifest(v: Situation, e: ir.Manifest, target: Target, x: int) -> float:
    """Manifesting (701.40a): an extra 2/2 creature for us."""
    return 0.0 if target.spell is not None else 1.0


@scores(ir.GainLife, ir.Draw)
def _gain(v: Situation, e: ir.GainLife | ir.Draw, target: Target, x: int) -> float:
    if target.player is not None:
        n = amount(e.amount, x)
        return 1.5 * n if target.mine else -1.5 * n
    return 0.0 if target.spell is not None else harm(target)


@scores(ir.GetEnergy, ir.PayEnergy)
def _energy(v: Situation, e: ir.GetEnergy | ir.PayEnergy, target: Target, x: int) -> float:
    """107.14: energy is a resource worth a little; paying it spends it."""
    if target.player is None:
        return 0.0
    n = 0.4 * amount(e.amount, x) * (1 if isinstance(e, ir.GetEnergy) else -1)
    return n if target.mine else -n


@scores(ir.LoseLife, ir.Discard)
def _lose(v: Situation, e: ir.LoseLife | ir.Discard, target: Target, x: int) -> float:
    if target.player is not None:
        n = amount(e.amount, x)
        return -1.5 * n if target.mine else 1.5 * n
    return 0.0 if target.spell is not None else harm(target)


@scores(ir.CounterSpell)
def _counter(v: Situation, e: ir.CounterSpell, target: Target, x: int) -> float:
    if target.spell is not None:
        return -6.0 if target.mine else 6.0
    return harm(target)


@scores(ir.CopySpell)
def _copy(v: Situation, e: ir.CopySpell, target: Target, x: int) -> float:
    """707.10: a copy of one's own spell is worth about another spell; of an opponent's, less."""
    if target.spell is not None:
        return 4.0 if target.mine else 1.0
    return 0.0


@scores(ir.Destroy, ir.Exile, ir.GainControl, ir.ExchangeControl, ir.ExileUntilSourceLeaves)
def _remove(v: Situation, e: ir.Effect, target: Target, x: int) -> float:
    if target.permanent is None:
        return 0.0 if target.spell is not None else harm(target)
    return -target.value if target.mine else target.value


@scores(ir.Sacrifice)
def _sacrifice(v: Situation, e: ir.Sacrifice, target: Target, x: int) -> float:
    """Sacrificing hurts the players who sacrifice; on a named permanent, like removal."""
    if target.permanent is not None:
        return -target.value if target.mine else target.value
    return 0.0 if target.spell is not None else harm(target) * 2.0


@scores(ir.ReturnToHand)
def _bounce(v: Situation, e: ir.ReturnToHand, target: Target, x: int) -> float:
    if target.permanent is None:
        return 0.0 if target.spell is not None else harm(target)
    return -0.5 * target.value if target.mine else 0.5 * target.value


@scores(ir.Tap, ir.SkipNextUntap, ir.SkipNextStep, ir.MustBlock)
def _tap(v: Situation, e: ir.Effect, target: Target, x: int) -> float:
    return 0.0 if target.spell is not None else harm(target)


@scores(ir.PutCounters)
def _counters(v: Situation, e: ir.PutCounters, target: Target, x: int) -> float:
    p = target.permanent
    if p is None:
        return 0.0 if target.spell is not None else harm(target)
    n = amount(e.amount, x)
    if e.kind == "-1/-1":
        kills = target.creature and n >= toughness_left(p)
        return (-target.value if target.mine else target.value) if kills else (-n if target.mine else n)
    return 2.0 * n if target.mine else -2.0 * n


@scores(ir.Untap, ir.Transform, ir.PreventDamage, ir.Regenerate, ir.PreventDamageSharingColor)
def _help(v: Situation, e: ir.Effect, target: Target, x: int) -> float:
    if target.permanent is None:
        return 0.0 if target.spell is not None else harm(target)
    return 1.0 if target.mine else -1.0


@scores(ir.Attach)
def _attach(v: Situation, e: ir.Attach, target: Target, x: int) -> float:
    if target.permanent is None:
        return 0.0 if target.spell is not None else harm(target)
    return (2.0 + 0.3 * target.value) if (target.mine and target.creature) else -1.0
