"""A simple, fast, deterministic heuristic player.

It plays a land whenever it can; casts creatures, Auras on its best creature,
burn at creatures it can kill (the most valuable first) or at the opponent's
face (late in its own turn, at the end of the opponent's turn, or when it is
lethal), pump spells when they win a fight in combat or save a creature from
a burn spell; pays with the engine's payment solver and never cancels.
It attacks when no possible blocker makes the attack a bad trade (or when
the attack is lethal), and blocks to kill, to trade evenly, or to chump when
the incoming damage would be lethal.

Information: it decides from the legal actions, the observation (its own
hand), and public state (the battlefield, the stack, combat, life totals and
card data). It never reads the opponent's hand nor any library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from karn import ir
from karn.agents import _tactics as t
from karn.engine.actions import Action
from karn.engine.state import BATTLEFIELD

if TYPE_CHECKING:
    from karn.engine.game import Game

CAST_THRESHOLD = 3.5


class HeuristicAgent:
    """A rule-of-thumb player: good enough to beat random play almost always, and fast."""

    def __repr__(self) -> str:
        return "HeuristicAgent()"

    def choose(self, game: Game, player: int) -> Action:
        acts = game.legal_actions()
        if not acts:
            raise ValueError("no decision is pending: the game is over")
        d = game.decision
        kind = d.kind if d is not None else ""
        handler = _HANDLERS.get(kind)
        if handler is not None:
            choice = handler(game, player, acts)
            if choice is not None:
                return choice
        return _fallback(acts)


# ---------------------------------------------------------------------------- helpers


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


def _hand(g: Game, me: int) -> list[tuple[int, str]]:
    obs = g.observation(me)
    return [(c["id"], c["name"]) for c in obs["players"][me].get("hand", [])]


def _is_land(g: Game, name: str) -> bool:
    return "land" in g.face(name).types


def _lands_in_play(g: Game, me: int) -> int:
    return sum(1 for oid in g.s.battlefield if g.controller(oid) == me and g.chars(oid).is_("land"))


# ---------------------------------------------------------------------------- game start and card choices


def _mulligan(g: Game, me: int, acts: list[Action]) -> Action | None:
    hand = _hand(g, me)
    lands = sum(1 for _, n in hand if _is_land(g, n))
    mulls = g.s.players[me].mulligans  # public: everyone sees mulligans taken
    ok = 2 <= lands <= 5 if mulls == 0 else (1 <= lands <= 5 if mulls == 1 else True)
    return _first(acts, "keep" if ok else "mulligan")


def _worst_card(g: Game, me: int, ids: list[int]) -> int:
    """The card of ours we'd miss least: a land when we have plenty, else the most expensive spell."""
    hand = dict(_hand(g, me))
    names = {i: hand.get(i) or g.obj(i).name for i in ids}
    lands = [i for i in ids if _is_land(g, names[i])]
    spells = [i for i in ids if i not in lands]
    have = len(lands) + _lands_in_play(g, me)
    if lands and (have >= 5 or len(lands) > len(ids) // 2 or not spells):
        return lands[-1]
    return max(spells, key=lambda i: (g.face(names[i]).mana_value, i))


def _bottom(g: Game, me: int, acts: list[Action]) -> Action | None:
    opts = [a for a in acts if a.kind == "bottom"]
    if not opts:
        return None
    worst = _worst_card(g, me, [a.a for a in opts])
    return next(a for a in opts if a.a == worst)


def _discard(g: Game, me: int, acts: list[Action]) -> Action | None:
    opts = [a for a in acts if a.kind == "choose"]
    if not opts:
        return None
    mine = [a for a in opts if g.obj(a.a).owner == me]
    if mine:
        worst = _worst_card(g, me, [a.a for a in mine])
        return next(a for a in mine if a.a == worst)
    # Choosing a card an opponent discards (its hand was revealed to us): the most expensive.
    return max(opts, key=lambda a: (g.face(g.obj(a.a).name).mana_value, -a.a))


def _scry(g: Game, me: int, acts: list[Action]) -> Action | None:
    top = _first(acts, "top")
    bottom = _first(acts, "bottom")
    if top is None or bottom is None:
        return None
    name = g.obj(top.a).name  # the card being scried: shown to us by the decision
    lands = _lands_in_play(g, me) + sum(1 for _, n in _hand(g, me) if _is_land(g, n))
    if _is_land(g, name):
        return top if lands < 5 else bottom
    return top if lands >= 3 or g.face(name).mana_value <= 2 else bottom


def _yes(g: Game, me: int, acts: list[Action]) -> Action | None:
    return _first(acts, "yes")


def _x(g: Game, me: int, acts: list[Action]) -> Action | None:
    xs = [a for a in acts if a.kind == "x"]
    return max(xs, key=lambda a: a.a) if xs else None


def _search(g: Game, me: int, acts: list[Action]) -> Action | None:
    return _first(acts, "choose") or _first(acts, "none")


def _pay(g: Game, me: int, acts: list[Action]) -> Action | None:
    # The engine's solver pays; tapping by hand only when it proposes no payment.
    return _first(acts, "pay") or _first(acts, "mana")


def _damage(g: Game, me: int, acts: list[Action]) -> Action | None:
    """510.1c: assign lethal damage to the first blocker in order, the rest to the next."""
    nums = [a for a in acts if a.kind == "number"]
    if not nums:
        return None
    left = max(a.a for a in nums)
    blocker = nums[0].b
    need = left
    if blocker in g.s.objects and g.s.objects[blocker].zone == BATTLEFIELD:
        need = max(0, g.chars(blocker).toughness - g.s.objects[blocker].damage)
        attacker = t.assigning_attacker(g, blocker)
        if attacker and "deathtouch" in g.chars(attacker).keywords:
            need = min(need, 1)
    want = min(left, need)
    return next((a for a in nums if a.a == want), nums[-1])


def _mode(g: Game, me: int, acts: list[Action]) -> Action | None:
    modes = [a for a in acts if a.kind == "mode"]
    if not modes:
        return None
    o = g.s.objects[g.s.stack[-1]] if g.s.stack else None
    sa = t.spell_ability(g, o.name) if o is not None else None
    if sa is None:
        return modes[0]
    return max(modes, key=lambda a: (t.effects_score(g, me, sa.modes[a.a].effects, sa.modes[a.a].targets, o.id if o else 0), -a.a))


# ---------------------------------------------------------------------------- priority


def _priority(g: Game, me: int, acts: list[Action]) -> Action | None:
    s = g.s
    pass_ = _first(acts, "pass")
    if s.stack and s.objects[s.stack[-1]].controller == me:
        return pass_  # let our own spell or ability resolve first
    play = _first(acts, "play")
    if play is not None:
        return play
    best: Action | None = None
    best_score = CAST_THRESHOLD
    for a in acts:
        if a.kind == "cast":
            sc = t.cast_score(g, me, a.a)
        elif a.kind == "activate":
            sc = t.activate_score(g, me, a.a, a.b)
        else:
            continue
        if sc > best_score:
            best, best_score = a, sc
    return best or pass_


# ---------------------------------------------------------------------------- targets


def _target(g: Game, me: int, acts: list[Action]) -> Action | None:
    targets = [a for a in acts if a.kind == "target"]
    done = _first(acts, "done")
    if not targets:
        return done
    scorer = t.pending_target_scorer(g, me)
    scored = [(scorer(a.a), -i, a) for i, a in enumerate(targets)]
    sc, _, best = max(scored, key=lambda x: (x[0], x[1]))
    if done is not None and sc <= 0:
        return done
    return best


# ---------------------------------------------------------------------------- combat


def _attackers(g: Game, me: int, acts: list[Action]) -> Action | None:
    plan = t.attack_plan(g, me, acts)
    opp_ref = t.opponent_ref(g, me)
    for oid in plan:
        opts = [a for a in acts if a.kind == "attack" and a.a == oid]
        if opts:
            return next((a for a in opts if a.b == opp_ref), opts[0])
    return _first(acts, "done")


def _blockers(g: Game, me: int, acts: list[Action]) -> Action | None:
    legal = {(a.a, a.b): a for a in acts if a.kind == "block"}
    for pair in t.block_plan(g, me, acts):
        if pair in legal:
            return legal[pair]
    done = _first(acts, "done")
    if done is not None:
        return done
    return _first(acts, "unblock")


def _order(g: Game, me: int, acts: list[Action]) -> Action | None:
    return _first(acts, "order")


def _legend(g: Game, me: int, acts: list[Action]) -> Action | None:
    opts = [a for a in acts if a.kind == "choose"]
    if not opts:
        return None
    return max(opts, key=lambda a: (g.s.objects[a.a].damage == 0, -a.a))


_HANDLERS = {
    "priority": _priority,
    "mulligan": _mulligan,
    "bottom": _bottom,
    "mode": _mode,
    "x": _x,
    "target": _target,
    "pay": _pay,
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
}

__all__ = ["HeuristicAgent", "CAST_THRESHOLD", "ir"]
