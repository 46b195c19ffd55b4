"""The heuristic agent and its handlers, one per kind of decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from karn.agents.heuristic.cards import _spell_ability
from karn.agents.heuristic.combat import attack_plan, block_plan
from karn.agents.heuristic.evaluate import (
    _toughness_left,
    activate_score,
    cast_score,
    effects_score,
    pending_target_scorer,
)
from karn.agents.heuristic.situation import _hand, _is_land, _lands_in_play, _on_bf, _opponent
from karn.engine.actions import Action
from karn.engine.state import player_ref

if TYPE_CHECKING:
    from karn.game import Game

#: A cast or activation must score above this to be worth doing now.
CAST_THRESHOLD = 3.5

Handler = Callable[["Game", int, list[Action]], "Action | None"]


class HeuristicAgent:
    """A rule-of-thumb player: beats random play almost always, and is fast."""

    def __repr__(self) -> str:
        return "HeuristicAgent()"

    def choose(self, game: Game, player: int) -> Action:
        acts = game.legal_actions()
        if not acts:
            raise ValueError("no decision is pending: the game is over")
        d = game.decision
        handler = _HANDLERS.get(d.kind) if d is not None else None
        if handler is not None:
            choice = handler(game, player, acts)
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


def _mulligan(g: Game, me: int, acts: list[Action]) -> Action | None:
    hand = _hand(g, me)
    lands = sum(1 for _, n in hand if _is_land(g, n))
    mulls = g.state.players[me].mulligans  # public: everyone sees the mulligans taken
    ok = 2 <= lands <= 5 if mulls == 0 else (1 <= lands <= 5 if mulls == 1 else True)
    return _first(acts, "keep" if ok else "mulligan")


def _worst_card(g: Game, me: int, ids: list[int]) -> int:
    """Our card we'd miss least: a land when we have plenty, else the most expensive spell."""
    names = dict(_hand(g, me))
    lands = [i for i in ids if _is_land(g, names.get(i) or g.obj(i).name)]
    spells = [i for i in ids if i not in lands]
    have = len(lands) + _lands_in_play(g, me)
    if lands and (have >= 5 or len(lands) > len(ids) // 2 or not spells):
        return lands[-1]
    return max(spells, key=lambda i: (g.face(names.get(i) or g.obj(i).name).mana_value, i))


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
    # Choosing the card an opponent discards (shown to us by the decision): the most expensive.
    return max(opts, key=lambda a: (g.face(g.obj(a.a).name).mana_value, -a.a))


def _scry(g: Game, me: int, acts: list[Action]) -> Action | None:
    top = _first(acts, "top")
    bottom = _first(acts, "bottom")
    if top is None or bottom is None:
        return None
    name = g.obj(top.a).name  # the card being scried: this decision shows it to us
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
    # The engine's solver pays; tap by hand only when it proposes no payment.
    return _first(acts, "pay") or _first(acts, "mana")


def _damage(g: Game, me: int, acts: list[Action]) -> Action | None:
    """510.1c: lethal damage to the first blocker in order, the rest to the next ones."""
    nums = [a for a in acts if a.kind == "number"]
    if not nums:
        return None
    left = max(a.a for a in nums)
    blocker = nums[0].b
    need = left
    if _on_bf(g, blocker):
        need = max(0, _toughness_left(g, blocker))
        cb = g.state.combat
        atts = cb.blockers.get(blocker, []) if cb is not None else []
        if any(_on_bf(g, a) and "deathtouch" in g.chars(a).keywords for a in atts):
            need = min(need, 1)
    want = min(left, need)
    return next((a for a in nums if a.a == want), nums[-1])


def _mode(g: Game, me: int, acts: list[Action]) -> Action | None:
    modes = [a for a in acts if a.kind == "mode"]
    if not modes or not g.state.stack:
        return modes[0] if modes else None
    o = g.state.objects[g.state.stack[-1]]
    sa = _spell_ability(g, o.name)
    if sa is None or not sa.modes:
        return modes[0]

    def worth(a: Action) -> float:
        m = sa.modes[a.a]
        return effects_score(g, me, m.effects, m.targets, o.id)

    return max(modes, key=lambda a: (worth(a), -a.a))


def _priority(g: Game, me: int, acts: list[Action]) -> Action | None:
    s = g.state
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
            sc = cast_score(g, me, a.a)
        elif a.kind == "activate":
            sc = activate_score(g, me, a.a, a.b)
        else:
            continue
        if sc > best_score:
            best, best_score = a, sc
    return best or pass_


def _target(g: Game, me: int, acts: list[Action]) -> Action | None:
    targets = [a for a in acts if a.kind == "target"]
    done = _first(acts, "done")
    if not targets:
        return done
    scorer = pending_target_scorer(g, me)
    best = max(targets, key=lambda a: (scorer(a.a), -a.a))
    if done is not None and scorer(best.a) <= 0:
        return done
    return best


def _attackers(g: Game, me: int, acts: list[Action]) -> Action | None:
    opp_ref = player_ref(_opponent(g, me))
    for oid in attack_plan(g, me, acts):
        opts = [a for a in acts if a.kind == "attack" and a.a == oid]
        if opts:
            return next((a for a in opts if a.b == opp_ref), opts[0])
    return _first(acts, "done")


def _blockers(g: Game, me: int, acts: list[Action]) -> Action | None:
    legal = {(a.a, a.b): a for a in acts if a.kind == "block"}
    for pair in block_plan(g, me, acts):
        if pair in legal:
            return legal[pair]
    return _first(acts, "done") or _first(acts, "unblock")


def _order(g: Game, me: int, acts: list[Action]) -> Action | None:
    return _first(acts, "order")


def _legend(g: Game, me: int, acts: list[Action]) -> Action | None:
    opts = [a for a in acts if a.kind == "choose"]
    if not opts:
        return None
    return max(opts, key=lambda a: (-g.state.objects[a.a].damage, -a.a))


_HANDLERS: dict[str, Handler] = {
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
