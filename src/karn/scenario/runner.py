"""Running scenarios (shared/SCENARIOS.md) through the public decision API only."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from karn import ir
from karn.cards.database import UnknownCardError
from karn.engine.actions import Action, IllegalActionError
from karn.engine.state import BATTLEFIELD, STEPS, player_ref
from karn.game import Game
from karn.scenario.loader import Scenario, ScenarioError, Step

# The steps a scenario names (shared/SCENARIOS.md): the engine's, without the optional
# first-strike damage step (510.4), which a scenario reaches as "combat_damage".
SCENARIO_STEPS = tuple(st for st in STEPS if st != "first_strike_damage")


class StepFailed(Exception):
    """A step could not be carried out (the engine's reason is in the message)."""


@dataclass
class Result:
    scenario: Scenario
    passed: bool
    message: str = ""

    def line(self) -> str:
        if self.passed:
            return f"PASS {self.scenario.name}"
        return f"FAIL {self.scenario.name} ({self.scenario.source}): {self.message}"


class Runner:
    def __init__(self, sc: Scenario) -> None:
        self.sc = sc
        self.letters = sorted(sc.players) or ["A", "B"]
        self.prepared_hash = ""
        if len(self.letters) < 2:
            self.letters = ["A", "B"]
        self.g = self._build()

    # ------------------------------------------------------------------ setup

    def pidx(self, letter: str) -> int:
        try:
            return self.letters.index(str(letter))
        except ValueError:
            raise StepFailed(f"unknown player {letter!r}") from None

    def _build(self) -> Game:
        sc = self.sc
        g = Game.empty(names=self.letters)
        attach: list[tuple[int, str]] = []
        for letter in self.letters:
            spec = sc.players.get(letter, {})
            p = self.letters.index(letter)
            pl = g.state.players[p]
            pl.life = int(spec.get("life", 20))
            pl.poison = int(spec.get("poison", 0))
            lib = spec.get("library", ["Wastes"] * 30)
            for name in reversed(list(lib or [])):  # top card first in the file
                g.add_card(p, _name(name), "library")
            for zone in ("hand", "graveyard", "exile"):
                for name in spec.get(zone) or []:
                    g.add_card(p, _name(name), zone)
            for entry in spec.get("battlefield") or []:
                if isinstance(entry, str):
                    g.add_card(p, entry, BATTLEFIELD)
                    continue
                if not isinstance(entry, dict) or "card" not in entry:
                    raise ScenarioError(f"{sc.source}: malformed battlefield entry {entry!r}")
                fields: dict[str, Any] = {}
                for k in ("tapped", "sick"):
                    if k in entry:
                        fields[k] = bool(entry[k])
                if "damage" in entry:
                    fields["damage"] = int(entry["damage"])
                if "counters" in entry:
                    fields["counters"] = {str(k): int(v) for k, v in (entry["counters"] or {}).items()}
                oid = g.add_card(p, str(entry["card"]), BATTLEFIELD, **fields)
                if "attached_to" in entry:
                    attach.append((oid, str(entry["attached_to"])))
        self.g = g
        for oid, ref in attach:
            g.state.objects[oid].attached_to = self.ref(ref)
        g.dirty()
        st = sc.start
        step = str(st.get("step", "precombat_main"))
        if step not in SCENARIO_STEPS:
            raise ScenarioError(f"{sc.source}: unknown step {step!r}")
        g.begin_at(self.pidx(str(st.get("active", "A"))), step, int(st.get("turn", 1)))
        return g

    # ------------------------------------------------------------------ references

    def ref(self, ref: Any) -> int:
        """A REF to an object id or an encoded player (SCENARIOS.md 'References')."""
        r = str(ref)
        g = self.g
        s = g.state
        if r in self.letters:
            return player_ref(self.letters.index(r))
        m = re.fullmatch(r"stack\.(top|\d+)", r)
        if m:
            k = 1 if m.group(1) == "top" else int(m.group(1))
            if k > len(s.stack) or k < 1:
                raise StepFailed(f"{r}: the stack has {len(s.stack)} objects")
            return s.stack[-k]
        m = re.fullmatch(r"([A-Z])\.(.+?)(?:#(\d+))?", r)
        if not m:
            raise StepFailed(f"malformed reference {r!r}")
        p = self.pidx(m.group(1))
        name = m.group(2)
        nth = int(m.group(3) or 1)
        found = self.find(p, name)
        if len(found) < nth:
            raise StepFailed(f"no object {r!r}")
        return found[nth - 1]

    def find(self, p: int, name: str) -> list[int]:
        g = self.g
        s = g.state
        low = name.lower()

        def nm(oid: int) -> str:
            o = s.objects[oid]
            return (g.chars(oid).name if o.zone == BATTLEFIELD else o.name).lower()

        groups = [
            [o for o in s.battlefield if g.controller(o) == p and nm(o) == low],
            [
                o
                for o in s.stack
                if s.objects[o].controller == p and not s.objects[o].ability and nm(o) == low
            ],
            [o for o in s.players[p].hand if nm(o) == low],
            [o for o in s.players[p].graveyard if nm(o) == low],
            [o for o in s.players[p].exile if nm(o) == low],
        ]
        for grp in groups:
            if grp:
                return sorted(grp)
        return []

    # ------------------------------------------------------------------ driving the engine

    def options(self) -> list[Action]:
        return self.g.legal_actions()

    def apply(self, a: Action) -> None:
        try:
            self.g.apply(a)
        except IllegalActionError as e:
            raise StepFailed(str(e)) from None

    def decision_kind(self) -> str | None:
        d = self.g.decision
        return d.kind if d is not None else None

    def pass_once(self) -> None:
        if self.decision_kind() != "priority":
            self._unanswered()
        self.apply(Action("pass"))

    def _unanswered(self) -> None:
        d = self.g.decision
        if d is None:
            raise StepFailed("the game is over")
        raise StepFailed(
            f"unanswered decision ({d.rule}): {d.prompt}; options: {[o.label for o in d.options]}"
        )

    def give_priority_to(self, p: int) -> None:
        """Pass with other players until `p` holds priority, without resolving anything."""
        g = self.g
        for _ in range(len(g.state.players)):
            d = g.decision
            if d is None:
                raise StepFailed("the game is over")
            if d.kind != "priority":
                self._unanswered()
            if d.player == p:
                return
            if g.state.passes + 1 >= len(g.state.players):
                raise StepFailed(
                    f"{self.letters[p]} does not get priority before the stack resolves or the step ends"
                )
            self.apply(Action("pass"))
        if g.decision is None or g.decision.player != p:
            raise StepFailed(f"{self.letters[p]} does not hold priority")

    def advance_to(self, step: str, turn: int | None, stop_kinds: tuple[str, ...] = ()) -> None:
        """Pass until `step` of `turn` begins and a player would receive priority (or a
        decision of `stop_kinds` comes up in that step)."""
        g = self.g
        target_turn = g.state.turn if turn is None else turn
        target = (target_turn, STEPS.index(step))
        if (g.state.turn, STEPS.index(g.state.step)) > target:
            raise StepFailed(
                f"step {step} of turn {target_turn} has already passed (now {g.state.step}, turn {g.state.turn})"
            )
        while True:
            d = g.decision
            if d is None:
                return  # the game ended: stop early
            s = g.state
            if (s.turn, STEPS.index(s.step)) >= target and (d.kind == "priority" or d.kind in stop_kinds):
                return
            if d.kind == "priority":
                self.apply(Action("pass"))
            elif d.kind == "attackers":
                self.apply(Action("done"))
            elif d.kind == "blockers":
                if not any(o.kind == "done" for o in self.options()):
                    self._unanswered()
                self.apply(Action("done"))
            else:
                return  # another decision came up: the next step answers it

    # ------------------------------------------------------------------ steps

    def run_step(self, st: Step) -> None:
        k = st.kind
        d = st.data
        if k == "pass":
            self.pass_once()
        elif k in ("resolve", "resolve_all"):
            self.resolve(all_=k == "resolve_all")
        elif k == "play":
            p = self.pidx(d.get("by", self._decider_letter()))
            self.give_priority_to(p)
            self.prepared()
            oid = self._in_hand(p, d["play"])
            self.apply(Action("play", oid))
        elif k == "cast":
            self.cast(d)
        elif k == "activate":
            self.activate(d)
        elif k == "attack":
            self.attack(d)
        elif k == "block":
            self.block(d)
        elif k == "choose":
            labels = d["choose"] if isinstance(d["choose"], list) else [d["choose"]]
            for lab in labels:
                self.choose(lab)
        elif k == "to":
            turn = d.get("turn")
            step = str(d["to"])
            if step not in SCENARIO_STEPS:
                raise StepFailed(f"unknown step {step!r}")
            self.advance_to(step, int(turn) if turn is not None else None)
        elif k == "concede":
            self.g.concede(self.pidx(d["concede"]))
        elif k == "illegal":
            self.illegal(d)
        else:
            raise StepFailed(f"unknown step {k}")

    def _decider_letter(self) -> str:
        d = self.g.decision
        return self.letters[d.player] if d is not None else "A"

    def _in_hand(self, p: int, name: str) -> int:
        for oid in self.g.state.players[p].hand:
            if self.g.state.objects[oid].name.lower() == str(name).lower():
                return oid
        raise StepFailed(f"{name} is not in {self.letters[p]}'s hand")

    def resolve(self, all_: bool) -> None:
        g = self.g
        if not g.state.stack:
            raise StepFailed("resolve: the stack is empty")
        top = g.state.stack[-1]
        while True:
            d = g.decision
            if d is None:
                return
            if all_ and not g.state.stack:
                return
            if not all_ and top not in g.state.stack:
                return
            if d.kind != "priority":
                return  # a choice came up: the next step answers it
            self.apply(Action("pass"))

    def _answer_casting(self, d: dict[str, Any], tq: list[int]) -> None:
        """Answer the decisions of 601.2b-h from the step's fields (targets already resolved)."""
        g = self.g
        targets = list(tq)
        mode = d.get("mode")
        modes = mode if isinstance(mode, list) else ([mode] if mode is not None else [])
        pay = d.get("pay", "auto")
        paid_sources = False
        while g.decision is not None and g.decision.kind in ("mode", "x", "target", "pay"):
            kind = g.decision.kind
            if kind == "target" and g.decision.rule != "601.2c":
                break  # a triggered ability's target (603.3d): answered by a later choose step
            if kind == "mode":
                if not modes:
                    raise StepFailed("the spell is modal: give mode")
                self.apply(Action("mode", int(modes.pop(0)) - 1))
            elif kind == "x":
                if "x" not in d:
                    raise StepFailed("the spell has X: give x")
                self.apply(Action("x", int(d["x"])))
            elif kind == "target":
                if tq:
                    self.apply(Action("target", tq.pop(0)))
                elif any(o.kind == "done" for o in self.options()):
                    self.apply(Action("done"))
                else:
                    raise StepFailed(f"a target is required: {g.decision.prompt}")
            elif kind == "pay":
                if isinstance(pay, list) and not paid_sources:
                    for src in pay:
                        oid = self.ref(src)
                        opt = next((o for o in self.options() if o.kind == "mana" and o.a == oid), None)
                        if opt is None:
                            raise StepFailed(f"{src} can't be tapped for mana now")
                        self.apply(opt)
                    paid_sources = True
                    continue
                self.apply(Action("pay"))
        if tq:
            raise StepFailed(f"unused targets {targets[-len(tq) :]}")

    def _cancel_if_casting(self) -> None:
        g = self.g
        if g.decision is not None and any(o.kind == "cancel" for o in g.decision.options):
            g.apply(Action("cancel"))

    def _begin_and_answer(self, d: dict[str, Any], start: Action) -> None:
        """Cast or activate, then answer 601.2b-h; a refused answer rewinds the whole cast (733)."""
        targets = [self.ref(t) for t in d.get("targets") or []]  # before the spell moves (stack.N)
        self.apply(start)
        try:
            self._answer_casting(d, targets)
        except StepFailed:
            self._cancel_if_casting()
            raise

    def cast(self, d: dict[str, Any]) -> None:
        p = self.pidx(d.get("by", self._decider_letter()))
        self.give_priority_to(p)
        self.prepared()
        oid = self._in_hand(p, d["cast"])
        self._begin_and_answer(d, Action("cast", oid))

    def activate(self, d: dict[str, Any]) -> None:
        g = self.g
        src = self.ref(d["activate"])
        if src < 0:
            raise StepFailed("activate needs an object")
        p = self.pidx(d["by"]) if "by" in d else g.controller(src)
        self.give_priority_to(p)
        self.prepared()
        n = int(d.get("ability", 1))
        abilities = g.chars(src).abilities if g.state.objects[src].zone == BATTLEFIELD else ()
        acts = [i for i, a in enumerate(abilities) if isinstance(a, ir.Activated)]
        if n < 1 or n > len(acts):
            raise StepFailed(f"{d['activate']} has no activated ability {n}")
        idx = acts[n - 1]
        ab = abilities[idx]
        assert isinstance(ab, ir.Activated)
        self._begin_and_answer(d, Action("mana" if ab.mana_ability else "activate", src, idx))

    def attack(self, d: dict[str, Any]) -> None:
        g = self.g
        self.advance_to("declare_attackers", None, stop_kinds=("attackers",))
        self.prepared()
        if g.decision is None or g.decision.kind != "attackers":
            if not d.get("attack") and g.state.step == "declare_attackers":
                return  # no creature could attack: "none" was declared automatically
            raise StepFailed("not at the declaration of attackers")
        at = d.get("at")
        added: list[int] = []
        try:
            for r in d.get("attack") or []:
                oid = self.ref(r)
                if at is not None:
                    dfn = self.ref(at)
                else:
                    dfn = player_ref((g.state.active + 1) % len(g.state.players))
                self.apply(Action("attack", oid, dfn))
                added.append(oid)
            if g.decision is not None and g.decision.kind == "attackers":
                self.apply(Action("done"))
        except StepFailed:
            for oid in added:  # take back the partial declaration (508.1: the whole is illegal)
                if g.decision is not None and g.decision.kind == "attackers":
                    g.apply(Action("unattack", oid))
            raise

    def block(self, d: dict[str, Any]) -> None:
        g = self.g
        self.advance_to("declare_blockers", None, stop_kinds=("blockers",))
        self.prepared()
        blocks = d.get("block") or {}
        if g.decision is None or g.decision.kind != "blockers":
            if not blocks and g.state.step == "declare_blockers":
                return  # the only possible declaration (none) was made automatically
            raise StepFailed("not at the declaration of blockers")
        added: list[int] = []
        try:
            for b, a in blocks.items():
                atts = a if isinstance(a, list) else [a]
                for x in atts:
                    bid = self.ref(b)
                    self.apply(Action("block", bid, self.ref(x)))
                    added.append(bid)
            if g.decision is not None and g.decision.kind == "blockers":
                self.apply(Action("done"))
        except StepFailed:
            for bid in added:  # take back the partial declaration (509.1: the whole is illegal)
                if g.decision is not None and g.decision.kind == "blockers":
                    g.apply(Action("unblock", bid))
            raise

    def choose(self, label: Any) -> None:
        g = self.g
        d = g.decision
        if d is None:
            raise StepFailed("choose: no decision is pending")
        opts = self.options()
        lab = str(label).strip()
        low = lab.lower()
        if isinstance(label, bool):
            low = "yes" if label else "no"
        pick: Action | None = None
        for o in opts:
            if o.kind in ("yes", "no", "top", "bottom", "keep", "mulligan", "done", "none") and o.kind == low:
                pick = o
                break
        if pick is None and re.fullmatch(r"-?\d+", lab):
            n = int(lab)
            pick = next((o for o in opts if o.kind in ("number", "x") and o.a == n), None)
            if pick is None:
                pick = next((o for o in opts if o.kind == "mode" and o.a == n - 1), None)
        if pick is None:
            try:
                r = self.ref(lab)
                pick = next((o for o in opts if o.a == r and o.kind not in ("pass",)), None)
            except StepFailed:
                pick = None
        if pick is None:
            for o in opts:
                oid = o.a
                if oid > 0 and oid in g.state.objects and g.state.objects[oid].name.lower() == low:
                    pick = o
                    break
        if pick is None:
            pick = next((o for o in opts if o.label.lower() == low), None)
        if pick is None:  # a triggered ability to order, by its source's name (603.3b)
            pick = next((o for o in opts if o.kind == "order" and o.label.lower().split(":")[0] == low), None)
        if pick is None:
            raise StepFailed(
                f"choose {lab!r}: no such option for '{d.prompt}' (options: {[o.label for o in opts]})"
            )
        self.apply(pick)

    def prepared(self) -> None:
        """The runner's own moves for a step (passing priority, going to a step) are done:
        what the engine refuses from here on must leave the game exactly as it is now."""
        self.prepared_hash = self.g.state_hash()

    def illegal(self, inner: Step) -> None:
        g = self.g
        snapshot = g.copy()
        self.prepared_hash = g.state_hash()
        try:
            self.run_step(inner)
        except StepFailed as e:
            self._cancel_if_casting()
            if self.g.state_hash() != self.prepared_hash:
                raise StepFailed(f"the refused step changed the game ({e})") from None
            self.g = snapshot  # also undo the runner's own passing before the refused action
            return
        raise StepFailed(f"expected the engine to refuse {inner.data!r}, but it was legal")

    # ------------------------------------------------------------------ expectations

    def check(self) -> list[str]:
        fails: list[str] = []
        g = self.g
        s = g.state
        for key, want in self.sc.expect.items():
            key = str(key)
            if key in self.letters:
                p = self.letters.index(key)
                pl = s.players[p]
                for k, w in (want or {}).items():
                    got: Any
                    if k == "life":
                        got = pl.life
                    elif k == "poison":
                        got = pl.poison
                    elif k in ("hand", "graveyard", "exile"):
                        got = [s.objects[o].name for o in getattr(pl, k)]
                    elif k == "battlefield":
                        got = [g.chars(o).name for o in s.battlefield if g.controller(o) == p]
                    elif k == "library_count":
                        got = len(pl.library)
                    elif k == "hand_count":
                        got = len(pl.hand)
                    elif k == "lost":
                        got = pl.lost
                    else:
                        fails.append(f"{key}.{k}: unknown expectation")
                        continue
                    if isinstance(w, list):
                        if Counter(map(str, w)) != Counter(got):
                            fails.append(f"{key}.{k}: expected {sorted(map(str, w))}, got {sorted(got)}")
                    elif w != got:
                        fails.append(f"{key}.{k}: expected {w!r}, got {got!r}")
            elif key == "stack":
                got = [s.objects[o].name for o in reversed(s.stack)]
                if [str(x) for x in want or []] != got:
                    fails.append(f"stack: expected {want}, got {got}")
            elif key == "winner":
                w = "draw" if s.over and s.winner < 0 else (self.letters[s.winner] if s.over else None)
                if str(want) != str(w):
                    fails.append(f"winner: expected {want}, got {w}")
            elif key == "over":
                if bool(want) != s.over:
                    fails.append(f"over: expected {want}, got {s.over}")
            elif key == "turn":
                if int(want) != s.turn:
                    fails.append(f"turn: expected {want}, got {s.turn}")
            elif key == "step":
                if str(want) != s.step:
                    fails.append(f"step: expected {want}, got {s.step}")
            elif key == "active":
                if str(want) != self.letters[s.active]:
                    fails.append(f"active: expected {want}, got {self.letters[s.active]}")
            else:
                fails.extend(self._check_ref(key, want or {}))
        return fails

    def _check_ref(self, key: str, want: dict[str, Any]) -> list[str]:
        g = self.g
        s = g.state
        try:
            oid = self.ref(key)
        except StepFailed:
            oid = 0
        if "exists" in want:
            on_bf = oid > 0 and s.objects[oid].zone == BATTLEFIELD
            if bool(want["exists"]) != on_bf:
                return [f"{key}.exists: expected {want['exists']}, got {on_bf}"]
        if oid == 0:
            return [] if want.get("exists") is False and len(want) == 1 else [f"{key}: no such object"]
        fails = []
        o = s.objects.get(oid) if oid > 0 else None
        for k, w in want.items():
            if k == "exists":
                continue
            if o is None:
                fails.append(f"{key}: is a player")
                continue
            c = g.chars(oid)
            got: Any
            if k == "tapped":
                got = o.tapped
            elif k == "power":
                got = c.power
            elif k == "toughness":
                got = c.toughness
            elif k == "damage":
                got = o.damage
            elif k == "counters":
                got = {kk: vv for kk, vv in o.counters.items() if vv}
                w = {str(kk): int(vv) for kk, vv in (w or {}).items() if vv}
            elif k == "controller":
                got = self.letters[g.controller(oid)]
            elif k == "zone":
                got = o.zone
            elif k == "attached_to":
                got = o.attached_to
                w = self.ref(w) if w is not None else 0
            elif k == "keywords":
                have = {x.lower() for x in c.keywords}
                missing = [x for x in w if str(x).lower() not in have]
                if missing:
                    fails.append(f"{key}.keywords: missing {missing} (has {sorted(have)})")
                continue
            else:
                fails.append(f"{key}.{k}: unknown expectation")
                continue
            if got != w:
                fails.append(f"{key}.{k}: expected {w!r}, got {got!r}")
        return fails


def _name(n: Any) -> str:
    if isinstance(n, dict):
        return str(n.get("card"))
    return str(n)


def run_scenario(sc: Scenario) -> Result:
    try:
        r = Runner(sc)
    except (StepFailed, ScenarioError, UnknownCardError, ValueError) as e:
        return Result(sc, False, f"setup: {e}")
    for st in sc.steps:
        if r.g.is_over():
            return Result(sc, False, f"line {st.line}: step {st.kind} after the end of the game")
        d = r.g.decision
        if d is not None and d.kind not in ("priority",) and st.kind not in ("choose", "illegal", "concede"):
            # strict mode: a pending decision must be answered by a choose step
            if not (d.kind in ("attackers", "blockers") and st.kind in ("attack", "block", "to")):
                return Result(sc, False, f"line {st.line}: unanswered decision ({d.rule}): {d.prompt}")
        try:
            r.run_step(st)
        except StepFailed as e:
            return Result(sc, False, f"line {st.line}: {st.kind}: {e}")
        except IllegalActionError as e:
            return Result(sc, False, f"line {st.line}: {st.kind}: {e}")
    d = r.g.decision
    if d is not None and d.kind not in ("priority", "attackers", "blockers"):
        return Result(sc, False, f"unanswered decision at the end ({d.rule}): {d.prompt}")
    fails = r.check()
    if fails:
        return Result(sc, False, "; ".join(fails))
    return Result(sc, True)


__all__ = ["Runner", "Result", "run_scenario", "StepFailed"]
