"""The heuristic agent and its handlers, one per kind of decision."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from karn.agents.heuristic.cards import CardKnowledge
from karn.agents.heuristic.combat import attack_plan, block_plan
from karn.agents.heuristic.evaluate import (
    activate_score,
    cast_score,
    creature_value,
    effects_score,
    pending_target_scorer,
)
from karn.agents.heuristic.situation import Situation, power, toughness_left
from karn.cards.pool import CardPool
from karn.engine.actions import Action
from karn.engine.observation import Observation

#: A cast or activation must score above this to be worth doing now.
CAST_THRESHOLD = 3.5

Handler = Callable[[Situation, list[Action]], "Action | None"]


class HeuristicAgent:
    """A rule-of-thumb player: beats random play almost always, and is fast.

    It reads only its observation and public card text: the cards of ``pool`` (the
    game's card pool, for games with custom card data), else the packaged card database.
    """

    def __init__(self, pool: CardPool | None = None) -> None:
        self.cards = CardKnowledge(pool)

    def __repr__(self) -> str:
        return "HeuristicAgent()"

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        acts = list(legal_actions)
        if not acts:
            raise ValueError("no decision is pending: the game is over")
        d = observation.decision
        if d is None:
            raise ValueError(f"player {observation.player} has no decision to make in this observation")
        handler = _HANDLERS.get(d.kind)
        if handler is not None:
            choice = handler(Situation(observation, self.cards), acts)
            if choice is not None:
                return choice
        return _fallback(acts)


# ============================================================================ small helpers


def _first(acts: list[Action], kind: str) -> Action | None:
    for a in acts:
        if a.kind == kind:
            return a
    return None


def _fallback(acts: list[Action]) -> Action:
    """Anything but cancel, if possible."""
    for a in acts:
        if a.kind != "cancel":
            return a
    return acts[0]


# ============================================================================ decision handlers


def _mulligan(v: Situation, acts: list[Action]) -> Action | None:
    lands = sum(1 for _, n in v.my_hand() if v.cards.is_land(n))
    mulls = v.obs.players[v.me].mulligans  # public: everyone sees the mulligans taken
    ok = 2 <= lands <= 5 if mulls == 0 else (1 <= lands <= 5 if mulls == 1 else True)
    return _first(acts, "keep" if ok else "mulligan")


def _worst_card(v: Situation, ids: list[int]) -> int:
    """Our card we'd miss least: a land when we have plenty, else the most expensive spell.
    Read through the objects themselves: a token among them has no card of its name (111.4)."""
    lands = [i for i in ids if v.is_land_of(i)]
    spells = [i for i in ids if i not in lands]
    have = len(lands) + v.lands_in_play(v.me)
    if lands and (have >= 5 or len(lands) > len(ids) // 2 or not spells):
        return lands[-1]
    return max(spells, key=lambda i: (v.mana_value_of(i), i))


def _bottom(v: Situation, acts: list[Action]) -> Action | None:
    opts = [a for a in acts if a.kind == "bottom"]
    if not opts:
        return None
    worst = _worst_card(v, [a.a for a in opts])
    return next(a for a in opts if a.a == worst)


def _discard(v: Situation, acts: list[Action]) -> Action | None:
    opts = [a for a in acts if a.kind == "choose"]
    if not opts:
        return None
    mine = [a for a in opts if a.a in v.hand]
    if mine:
        worst = _worst_card(v, [a.a for a in mine])
        return next(a for a in mine if a.a == worst)

    # Choosing the card an opponent discards (their hand was revealed to us): the most expensive.
    # A sacrifice or another player's object (701.21a) may be a token: its own mana value.
    return max(opts, key=lambda a: (v.mana_value_of(a.a), -a.a))


def _scry(v: Situation, acts: list[Action]) -> Action | None:
    top = _first(acts, "top")
    bottom = _first(acts, "bottom")
    if top is None or bottom is None:
        return None
    name = v.name_of(top.a)  # the card being scried: we looked at it (701.22a)
    if name is None:
        return top
    lands = v.lands_in_play(v.me) + sum(1 for _, n in v.my_hand() if v.cards.is_land(n))
    if v.cards.is_land(name):
        return top if lands < 5 else bottom
    return top if lands >= 3 or v.cards.mana_value(name) <= 2 else bottom


def _yes(v: Situation, acts: list[Action]) -> Action | None:
    return _first(acts, "yes")


def _x(v: Situation, acts: list[Action]) -> Action | None:
    xs = [a for a in acts if a.kind == "x"]
    return max(xs, key=lambda a: a.a) if xs else None


def _alt(v: Situation, acts: list[Action]) -> Action | None:
    # 118.9: spectacle and surge (702.137a, 702.117a) cast the same spell for less; the other
    # alternative costs change what the spell does (evoke, dash ...): cast normally when offered
    cheaper = [
        a for a in acts if a.kind == "alt" and ("spectacle cost" in a.label or "surge cost" in a.label)
    ]
    return cheaper[0] if cheaper else None


def _crew(v: Situation, acts: list[Action]) -> Action | None:
    # 702.122a: stop as soon as the total power is enough; else tap the strongest creature left
    # (the fewest creatures tapped)
    done = _first(acts, "crew_done")
    if done is not None:
        return done
    opts = [a for a in acts if a.kind == "crew"]
    if not opts:
        return None
    return max(opts, key=lambda a: (_label_power(a.label), -a.a))


def _label_power(label: str) -> int:
    """The power a crew option's label states ("tap Grizzly Bears (#12) (power 2)")."""
    tail = label.rsplit("(power ", 1)
    return int(tail[1].rstrip(")")) if len(tail) == 2 and tail[1].rstrip(")").lstrip("-").isdigit() else 0


def _search(v: Situation, acts: list[Action]) -> Action | None:
    return _first(acts, "choose") or _first(acts, "none")


def _pay(v: Situation, acts: list[Action]) -> Action | None:
    # The engine's solver pays; tap by hand only when it proposes no payment.
    return _first(acts, "pay") or _first(acts, "mana")


def _damage(v: Situation, acts: list[Action]) -> Action | None:
    """510.1c: lethal damage to the first blocker in order, the rest to the next ones."""
    nums = [a for a in acts if a.kind == "number"]
    if not nums:
        return None
    left = max(a.a for a in nums)
    blocker = v.perm(nums[0].b)
    need = left
    if blocker is not None:
        need = max(0, toughness_left(blocker))
        cb = v.obs.combat
        atts = cb.blockers.get(blocker.id, ()) if cb is not None else ()
        if any(a in v.perms and "deathtouch" in v.perms[a].keywords for a in atts):
            need = min(need, 1)
    want = min(left, need)
    return next((a for a in nums if a.a == want), nums[-1])


def _mode(v: Situation, acts: list[Action]) -> Action | None:
    modes = [a for a in acts if a.kind == "mode"]
    d = v.obs.decision
    item = v.stack_item(d.source) if d is not None and d.source is not None else v.top()
    if not modes or item is None:
        return modes[0] if modes else None
    sa = v.cards.spell_ability(item.name) if item.ability is None else None
    if sa is None or not sa.modes:
        return modes[0]

    def worth(a: Action) -> float:
        m = sa.modes[a.a]
        return effects_score(v, m.effects, m.targets, item.id)

    return max(modes, key=lambda a: (worth(a), -a.a))


def _priority(v: Situation, acts: list[Action]) -> Action | None:
    pass_ = _first(acts, "pass")
    top = v.top()
    if top is not None and top.controller == v.me:
        return pass_  # let our own spell or ability resolve first
    play = _first(acts, "play")
    if play is not None:
        return play
    best: Action | None = None
    best_score = CAST_THRESHOLD
    for a in acts:
        if a.kind == "cast":
            sc = cast_score(v, a.a)
        elif a.kind == "activate":
            sc = activate_score(v, a.a, a.b)
        else:
            continue
        if sc > best_score:
            best, best_score = a, sc
    return best or pass_


def _target(v: Situation, acts: list[Action]) -> Action | None:
    targets = [a for a in acts if a.kind == "target"]
    done = _first(acts, "done")
    if not targets:
        return done
    scorer = pending_target_scorer(v)
    best = max(targets, key=lambda a: (scorer(a.a), -a.a))
    if done is not None and scorer(best.a) <= 0:
        return done
    return best


def _attackers(v: Situation, acts: list[Action]) -> Action | None:
    opp_ref = v.opponent_ref()
    for oid in attack_plan(v, acts):
        opts = [a for a in acts if a.kind == "attack" and a.a == oid]
        if opts:
            return next((a for a in opts if a.b == opp_ref), opts[0])
    # 508.1d: without "done", a creature that attacks each combat if able must attack
    return _first(acts, "done") or _first(acts, "attack")


def _blockers(v: Situation, acts: list[Action]) -> Action | None:
    legal = {(a.a, a.b): a for a in acts if a.kind == "block"}
    for pair in block_plan(v, acts):
        if pair in legal:
            return legal[pair]
    return _first(acts, "done") or _first(acts, "unblock")


def _order(v: Situation, acts: list[Action]) -> Action | None:
    return _first(acts, "order")


def _devour(v: Situation, acts: list[Action]) -> Action | None:
    """Devour (702.82a): feed it tokens of power 1 or less (Saprolings, Goblins), which are worth
    less than the counters; keep every other permanent. Each pick removes an option, and "done"
    is always there, so this ends."""
    for a in acts:
        if a.kind != "sacrifice":
            continue
        p = v.perm(a.a)
        if p is not None and p.token and power(p) <= 1:
            return a
    return _first(acts, "done")


def _choose_creature(v: Situation, acts: list[Action]) -> Action | None:
    """ "As this Aura enters, choose a creature." (614.12a): the most valuable creature on the
    battlefield (what Metamorphic Alteration's enchanted creature becomes a copy of)."""
    opts = [a for a in acts if a.kind == "choose_creature"]
    if not opts:
        return None

    def worth(a: Action) -> float:
        p = v.perm(a.a)
        return creature_value(v, p) if p is not None else 0.0

    return max(opts, key=lambda a: (worth(a), -a.a))


def _pay_life(v: Situation, acts: list[Action]) -> Action | None:
    """ "As this land enters, you may pay 2 life" (614.1c, 119.4): pay while the life total is
    comfortable (more than 10), else let it enter tapped."""
    pay = _first(acts, "yes")
    if pay is not None and v.life(v.me) > 10:
        return pay
    return _first(acts, "no")


def _legend(v: Situation, acts: list[Action]) -> Action | None:
    opts = [a for a in acts if a.kind == "choose"]
    if not opts:
        return None

    def damage(a: Action) -> int:
        p = v.perm(a.a)
        return p.damage if p is not None else 0

    return max(opts, key=lambda a: (-damage(a), -a.a))


_HANDLERS: dict[str, Handler] = {
    "priority": _priority,
    "mulligan": _mulligan,
    "bottom": _bottom,
    "mode": _mode,
    "x": _x,
    "target": _target,
    "pay": _pay,
    "crew": _crew,
    "alt": _alt,
    "attackers": _attackers,
    "blockers": _blockers,
    "damage": _damage,
    "may": _yes,
    "choose": _discard,
    "discard": _discard,
    "search": _search,
    "scry": _scry,
    "order": _order,
    "legend": _legend,
    "devour": _devour,
    "pay_life": _pay_life,
    "choose_creature": _choose_creature,
}
