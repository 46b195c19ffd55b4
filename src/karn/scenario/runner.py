"""Running scenarios (shared/SCENARIOS.md) through the public decision API only.

A step either happens, or the scenario fails with a one-line reason:

* :class:`StepFailed`: the engine refused the step (its reason, with card names) or the
  step can't be carried out now; inside ``illegal:`` this is the expected outcome.
* :class:`NotSupported`: the step needs something karn doesn't do yet (flashback,
  kicker, the second half of a split card); never counted as a refusal.
* :class:`ScenarioMistake`: the step contradicts the card (``x`` on a spell without X);
  never counted as a refusal either.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from karn import ir
from karn.cards.database import UnknownCardError
from karn.cards.mana import ManaCost
from karn.engine.actions import Action, IllegalActionError
from karn.engine.casting import PART_OPTION
from karn.engine.frames import CastFrame
from karn.engine.state import BATTLEFIELD, STEPS, Decision, Option, player_ref
from karn.scenario.expect import check
from karn.scenario.loader import Ref, Scenario, Step
from karn.scenario.setup import Board, RefError, SetupError, build, canonical, database_for, fold, names_match


class StepFailed(Exception):
    """A step could not be carried out (the engine's reason is in the message)."""


class NotSupported(Exception):
    """The step uses something karn doesn't support yet."""


class ScenarioMistake(Exception):
    """The step contradicts the game (a value for X on a spell without X)."""


@dataclass
class Result:
    scenario: Scenario
    passed: bool
    message: str = ""

    def line(self) -> str:
        if self.passed:
            return f"PASS {self.scenario.name}"
        return f"FAIL {self.scenario.name} ({self.scenario.source}): {self.message}"


# A scenario goes at most this many turns ahead in one step: a longer wait is a mistake.
MAX_TURNS_AHEAD = 100
# Decisions that are part of casting a spell or activating an ability (601.2b-h, 602.2b).
#: the alternative costs (118.9) karn can pay: `alt: NAME` in a cast step
SUPPORTED_ALT_COSTS = ("bestow", "flashback", "morph", "evoke", "dash", "overload", "spectacle", "surge")

CASTING_KINDS = (
    "alt",
    "mode",
    "kicker",
    "buyback",
    "x",
    "target",
    "divide",
    "sacrifice",
    "discard",
    "cost",
    "crew",
    "pay",
    "hybrid",
)
# Options whose first number is an object id or a player (not an index, a number or a mode).
NON_OBJECT_OPTIONS = (
    "replace",
    "alt",
    "mode",
    "number",
    "x",
    "divide",
    "order",
    "pay",
    "pass",
    "cancel",
    "done",
    "yes",
    "no",
    "word",  # a text-changing effect's word (612.2), by its label
    "option",  # "any player may": the option's index (101.4), by its label
    "crew_done",
    "hybrid",  # 601.2b: the way a hybrid symbol is paid, by its label
    "amount",  # 107.1c: a number chosen as an effect is applied
)


def _unanswered(d: Decision) -> str:
    labels = [o.label for o in d.options if o.kind != "cancel"]
    return _plain(
        f"unanswered decision ({d.rule}): {d.prompt}; answer it with a choose step (options: {labels})"
    )


def _plain(message: str) -> str:
    """An engine message with cards by name only: "Boggart Brute (#31)" -> "Boggart Brute"."""
    return re.sub(r" \(#\d+\)", "", message)


def _source_in_label(name: str, label: str) -> bool:
    m = re.search(r"\(([^()]+)\)$", label)
    return m is not None and names_match(name, m.group(1))


class Runner:
    def __init__(self, sc: Scenario) -> None:
        self.sc = sc
        self.letters = sc.letters
        self.prepared_hash = ""
        self.g = build(sc)
        self.db = database_for(sc)
        self.casting: Step | None = None  # a cast waiting for a choose step (601.2h sacrifice)

    @property
    def board(self) -> Board:
        return Board(self.g, self.letters)

    # ------------------------------------------------------------------ references

    def pidx(self, letter: str) -> int:
        return self.letters.index(letter)

    def ref(self, r: Ref) -> int:
        """What a reference names; naming nothing is the scenario's mistake, never a refusal
        by the engine (so a misspelled reference can't make an ``illegal:`` step pass)."""
        try:
            return self.board.ref(r)
        except RefError as e:
            if r.name and not canonical(r.name):
                try:
                    self.db.get(r.name)
                except UnknownCardError as unknown:
                    raise ScenarioMistake(f"{e}: {unknown}") from None
            raise ScenarioMistake(str(e)) from None

    def describe(self, ref: int) -> str:
        return self.board.describe(ref)

    # ------------------------------------------------------------------ driving the engine

    def options(self) -> list[Action]:
        return self.g.legal_actions()

    def offered(self, a: Action) -> bool:
        return any(o.kind == a.kind and o.a == a.a and o.b == a.b for o in self.options())

    def apply(self, a: Action) -> None:
        try:
            self.g.apply(a)
        except IllegalActionError as e:
            raise StepFailed(_plain(str(e))) from None

    def pass_once(self) -> None:
        if self.g.decision is None or self.g.decision.kind != "priority":
            self._unanswered()
        self.apply(Action("pass"))

    def _unanswered(self) -> None:
        d = self.g.decision
        if d is None:
            raise ScenarioMistake("the game is over")
        raise ScenarioMistake(
            _plain(f"unanswered decision ({d.rule}): {d.prompt}; options: {[o.label for o in d.options]}")
        )

    def give_priority_to(self, p: int) -> None:
        """Pass with other players until `p` holds priority, without resolving anything."""
        g = self.g
        for _ in range(len(g.state.players)):
            d = g.decision
            if d is None:
                raise ScenarioMistake("the game is over")
            if d.kind != "priority":
                self._unanswered()
            if d.player == p:
                return
            if g.state.passes + 1 >= len(g.state.players):
                raise ScenarioMistake(
                    f"{self.letters[p]} does not get priority before the stack resolves or the step ends"
                )
            self.apply(Action("pass"))
        if g.decision is None or g.decision.player != p:
            raise ScenarioMistake(f"{self.letters[p]} does not hold priority")

    def advance_to(self, step: str, turn: int | None, stop_kinds: tuple[str, ...] = ()) -> None:
        """Pass until `step` of `turn` begins and a player would receive priority (or a
        decision of `stop_kinds` comes up in that step); attacks and blocks in between are
        declared as none."""
        g = self.g
        target_turn = g.state.turn if turn is None else turn
        if target_turn - g.state.turn > MAX_TURNS_AHEAD:
            raise ScenarioMistake(
                f"turn {target_turn} is more than {MAX_TURNS_AHEAD} turns after this one ({g.state.turn})"
            )
        target = (target_turn, STEPS.index(step))
        if (g.state.turn, STEPS.index(g.state.step)) > target:
            raise ScenarioMistake(
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
                if not self.offered(Action("done")):
                    self._unanswered()
                self.apply(Action("done"))
            else:
                return  # another decision came up: the next step answers it

    # ------------------------------------------------------------------ steps

    def run_step(self, st: Step) -> None:
        k = st.kind
        if k == "pass":
            self.pass_once()
        elif k in ("resolve", "resolve_all"):
            self.resolve(all_=k == "resolve_all")
        elif k == "play":
            self.play(st)
        elif k == "cast":
            self.cast(st)
        elif k == "activate":
            self.activate(st)
        elif k == "turn_face_up":
            self.turn_face_up(st)
        elif k == "planar_die":
            self.roll_planar_die(st)
        elif k == "attack":
            self.attack(st)
        elif k == "block":
            self.block(st)
        elif k == "choose":
            for label in st.labels:
                self.choose(label)
                if label.lower() in ("yes", "true"):
                    self._pay_automatically()
        elif k == "to":
            self.advance_to(st.to, st.turn)
        elif k == "concede":
            if self.g.is_over():
                raise ScenarioMistake("the game is over")
            self.g.concede(self.pidx(st.player))
        elif k == "illegal":
            assert st.inner is not None
            self.illegal(st.inner)
        else:  # pragma: no cover - the loader knows every kind
            raise ScenarioMistake(f"unknown step {k}")

    def _actor(self, st: Step) -> int:
        if st.by is not None:
            return self.pidx(st.by)
        d = self.g.decision
        return d.player if d is not None else 0

    def _card_in(self, p: int, name: str, zone: str) -> int:
        pl = self.g.state.players[p]
        cards = {"hand": pl.hand, "graveyard": pl.graveyard, "exile": pl.exile, "library": pl.library}.get(
            zone, []
        )
        for oid in cards:
            if names_match(name, self.g.state.objects[oid].name):
                return oid
        for other in self.g.state.players:
            # a card in another player's public zone a permission lets `p` play (609.4a)
            theirs = {"graveyard": other.graveyard, "exile": other.exile}.get(zone, [])
            for oid in theirs if other.index != p else []:
                if names_match(name, self.g.state.objects[oid].name):
                    return oid
        if not canonical(name):
            try:
                self.db.get(name)
            except UnknownCardError as e:
                raise ScenarioMistake(str(e)) from None
        shown = ", ".join(self.g.state.objects[o].name for o in cards) if zone != "library" else ""
        raise ScenarioMistake(
            f"{name} is not in {self.letters[p]}'s {zone}" + (f" ({zone}: {shown})" if shown else "")
        )

    def play(self, st: Step) -> None:
        p = self._actor(st)
        self.give_priority_to(p)
        self.prepared()
        oid = self._card_in(p, st.card, st.cast_from)
        part_b, _ = self._part(oid, st)
        self.apply(Action("play", oid, part_b))

    def resolve(self, all_: bool) -> None:
        g = self.g
        if not g.state.stack:
            raise ScenarioMistake("resolve: the stack is empty")
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

    def _target_refused(self, oid: int) -> StepFailed:
        d = self.g.decision
        prompt = d.prompt if d is not None else ""
        m = re.match(r"choose (.+) for .+?(?: \(target \d+(?: of (?:up to )?\d+)?\))?$", prompt)
        what = m.group(1) if m else prompt
        what = what.removeprefix("target ").removeprefix("up to one target ")
        return StepFailed(f"{self.describe(oid)} is not a legal target ({what})")

    def _answer_casting(self, st: Step, targets: list[int], resumed: bool = False) -> None:
        """Answer the decisions of 601.2b-h from the step's fields (targets already resolved)."""
        g = self.g
        queue = list(targets)
        modes = [] if resumed else list(st.modes)
        division = [] if resumed else list(st.divide)
        paid_sources = False
        hybrid = None if st.hybrid is None else list(st.hybrid)
        frame = g.state.agenda[-1] if g.state.agenda else None
        if (st.alt or "").lower() == "flashback" and isinstance(frame, CastFrame) and not frame.flashback:
            # 702.34a, 613.1f: the card had no flashback where it was cast from
            raise StepFailed(f"{frame.name} has no flashback cost where it was cast from (702.34a, 613.1f)")
        while g.decision is not None and g.decision.kind in CASTING_KINDS:
            d = g.decision
            if queue and d.kind in ("divide", "sacrifice", "discard", "cost", "pay"):
                # the targets are chosen (601.2c) and some given were never asked for: refused
                # before anything is paid, so the cast is undone
                raise StepFailed(f"unused targets: {', '.join(self.describe(t) for t in queue)}")
            if d.kind == "sacrifice":
                # 601.2h: the permanent to sacrifice for an additional cost; with a choice, the
                # next step (choose) names it and the cast goes on.
                picks = [o for o in d.options if o.kind == "sacrifice"]
                if len(picks) == 1:
                    self.apply(Action("sacrifice", picks[0].a))
                    continue
                self.casting = st
                return
            if d.kind in ("discard", "cost"):
                # 602.2b, 601.2h: the objects that pay a part of a cost (cards to discard,
                # permanents to sacrifice, tap or return, cards to exile): the next step
                # (choose) names them
                self.casting = st
                return
            if d.kind == "crew":
                self._crew(st)
                continue
            if d.kind == "hybrid":
                self._hybrid(d, hybrid)
                continue
            if d.kind == "target" and d.rule != "601.2c":
                break  # a triggered ability's target (603.3d): answered by a later choose step
            if d.kind == "alt":
                # 601.2b: `alt: bestow` casts it for that alternative cost; without `alt`, normally
                want = self._alt_option(d, st.alt)  # the alternative cost offered (bestow, flashback)
                if not self.offered(Action("alt", want)):
                    how = f"for its {st.alt} cost" if want else "normally (without an alternative cost)"
                    raise StepFailed(f"{d.prompt}: it can't be cast {how} now (601.2b, 601.3)")
                self.apply(Action("alt", want))
                continue
            if d.kind == "buyback":
                # 702.27a: `with: [buyback]` pays the buyback cost; without it, it's declined
                wanted = any(n.lower() == "buyback" for n, _ in st.with_costs)
                if wanted and not self.offered(Action("buyback", 1)):
                    raise StepFailed(f"the buyback cost can't be paid (601.2h): {d.prompt}")
                self.apply(Action("buyback", 1 if wanted else 0))
                continue
            if d.kind == "kicker" and self._multikicker(d, st):
                continue
            if d.kind == "kicker":
                # 601.2b: `with: [kicker]` pays every kicker cost, `with: ["kicker {W}"]` that one;
                # without `with`, optional additional costs are declined.
                cost = next(o.label for o in d.options if o.kind == "kicker" and o.a == 0).rsplit(" ", 1)[-1]
                wanted = any(n.lower() in ("kicker", f"kicker {cost}".lower()) for n, _ in st.with_costs)
                if wanted and not self.offered(Action("kicker", 1)):
                    raise StepFailed(f"the kicker cost {cost} can't be paid (601.2h)")
                self.apply(Action("kicker", 1 if wanted else 0))
                continue
            if d.kind == "mode":
                if not modes and self.offered(Action("modes_done")):
                    self.apply(Action("modes_done"))  # "choose any number": these are all
                    continue
                if not modes:
                    raise ScenarioMistake(f"the spell is modal: give mode ({d.prompt})")
                mode = modes.pop(0)
                if not self.offered(Action("mode", mode - 1)):
                    offered = [o.a + 1 for o in self.options() if o.kind == "mode"]
                    raise StepFailed(f"mode {mode} can't be chosen now (modes that can: {offered})")
                self.apply(Action("mode", mode - 1))
            elif d.kind == "divide":
                # 601.2d: `divide: [N, ...]` gives the amount for each target in the order given
                if not division:
                    raise ScenarioMistake(f"the spell divides damage: give divide ({d.prompt})")
                n = division.pop(0)
                if not self.offered(Action("divide", n)):
                    can = [o.a for o in self.options() if o.kind == "divide"]
                    raise StepFailed(f"{n} can't be announced here (601.2d; it can be {can}): {d.prompt}")
                self.apply(Action("divide", n))
            elif d.kind == "x":
                if st.x is None:
                    raise ScenarioMistake("the spell has X: give x")
                if not self.offered(Action("x", st.x)):
                    most = max((o.a for o in self.options() if o.kind == "x"), default=0)
                    raise StepFailed(f"X can't be {st.x}: at most {most} can be paid (601.2f-h)")
                self.apply(Action("x", st.x))
            elif d.kind == "target":
                if queue:
                    target = queue.pop(0)
                    if not self.offered(Action("target", target)):
                        raise self._target_refused(target)
                    self.apply(Action("target", target))
                elif self.offered(Action("done")):
                    self.apply(Action("done"))
                else:
                    raise StepFailed(f"a target is required: {d.prompt}")
            else:  # pay
                if st.units and not paid_sources:
                    self._pay_units(st)
                if st.pay is not None and not paid_sources:
                    for src, named in zip(st.pay, st.pay_mana, strict=True):
                        self._tap_listed(self.ref(src), named)
                    paid_sources = True
                    self._listed_sources_pay()
                    continue
                paid_sources = True
                if self.g.decision is not None and not self.offered(Action("pay")):
                    raise StepFailed(f"the cost can't be paid (601.2h): {self.g.decision.prompt}")
                self.apply(Action("pay"))
        if queue:
            raise StepFailed(f"unused targets: {', '.join(self.describe(t) for t in queue)}")
        if modes:
            raise ScenarioMistake(f"unused modes: {modes}")
        if hybrid:
            raise ScenarioMistake(f"unused hybrid: {hybrid} (the cost has fewer hybrid symbols)")

    def _hybrid(self, d: Decision, ways: list[str] | None) -> None:
        """601.2b: `hybrid: [life, W]` announces how each hybrid or Phyrexian symbol is paid, in
        the order asked; without it, the first way offered (the automatic payment's)."""
        offered = [o for o in d.options if o.kind == "hybrid"]
        if ways is None:
            self.apply(Action.of(offered[0]))
            return
        if not ways:
            raise ScenarioMistake(f"hybrid lists too few ways: {d.prompt}")
        way = ways.pop(0)
        text = "2 life" if way == "life" else f"{{{way}}}"
        found = next((o for o in offered if o.label.endswith(f" with {text}")), None)
        if found is None:
            can = [o.label for o in offered]
            raise StepFailed(f"{d.prompt}: it can't be paid with {text} now (601.2b, 119.4; offered: {can})")
        self.apply(Action.of(found))

    def _still_to_pay(self) -> ManaCost | None:
        """What the cost being paid still needs after the mana in the player's pool (601.2h)."""
        g = self.g
        frame = g.state.agenda[-1] if g.state.agenda else None
        cost = getattr(frame, "cost", None)
        d = g.decision
        if not isinstance(cost, str) or not cost or d is None:
            return None
        return ManaCost.parse(cost).with_x(0).after_pool(g.state.players[d.player].pool)

    def _listed_sources_pay(self) -> None:
        """SCENARIOS.md: `pay` lists the sources that pay the cost, all of them: paying now
        (601.2h) must tap nothing more (tried on a copy of the game)."""
        g = self.g
        d = g.decision
        if d is None or d.kind != "pay":
            return
        if not self.offered(Action("pay")):
            raise StepFailed(f"the sources in pay don't pay the cost (601.2h): {d.prompt}")
        frame = g.state.agenda[-1] if g.state.agenda else None
        # the ability's own {T} (602.2b) is not a mana source
        itself = {getattr(frame, "source", 0), getattr(frame, "obj", 0)}
        untapped = {
            oid for oid in g.state.battlefield if not g.state.objects[oid].tapped and oid not in itself
        }
        trial = g.copy()
        trial.apply(Action("pay"))
        more = [oid for oid in untapped if oid in trial.state.objects and trial.state.objects[oid].tapped]
        if more:
            names = ", ".join(self.describe(oid) for oid in more)
            raise StepFailed(
                f"the sources in pay leave part of the cost to pay (601.2h; it would tap {names})"
            )

    def _tap_listed(self, oid: int, want: str) -> None:
        """Tap a source `pay` lists (601.2g): the mana ability, and the mana chosen as it resolves
        (106.1), that add ``want`` ("G", "WU") or, without it, the most of what the cost still
        needs. Each of the source's mana abilities is tried on a copy of the game first."""
        candidates = [o for o in self.options() if o.kind == "mana" and o.a == oid]
        if not candidates:
            raise StepFailed(f"{self.describe(oid)} can't be tapped for mana now")
        left = self._still_to_pay()
        best: tuple[int, list[Action]] | None = None
        for option in candidates:
            trial = self.g.copy()
            player = trial.decision.player if trial.decision is not None else 0
            before = dict(trial.state.players[player].pool)
            answers = [option]
            trial.apply(answers[0])
            picked = 0
            while trial.decision is not None and trial.decision.kind == "mana_choice":
                choice = _mana_choice(trial.decision.options, want[picked:], left)
                picked += choice.label.count("{")
                answers.append(Action.of(choice))
                trial.apply(answers[-1])
            after = trial.state.players[player].pool
            added = {
                k: after.get(k, 0) - before.get(k, 0) for k in after if after.get(k, 0) > before.get(k, 0)
            }
            if want:
                score = 1 if sorted("".join(k * n for k, n in added.items())) == sorted(want) else -1
            elif left is not None:
                score = left.mana_value - left.after_pool(added).mana_value
            else:
                score = 0
            if score >= 0 and (best is None or score > best[0]):
                best = (score, answers)
        if best is None:
            raise StepFailed(f"{self.describe(oid)} can't add {want} (106.1)")
        for answer in best[1]:
            self.apply(answer)

    def _crew(self, st: Step) -> None:
        """702.122a: `crew: [A.Grizzly Bears]` taps those creatures for the crew cost, in order."""
        if st.crew is None:
            raise ScenarioMistake("the ability has a crew cost: give crew (the creatures to tap)")
        for ref in st.crew:
            oid = self.ref(ref)
            if not self.offered(Action("crew", oid)):
                raise StepFailed(f"{self.describe(oid)} can't be tapped to crew (702.122a)")
            self.apply(Action("crew", oid))
        if not self.offered(Action("crew_done")):
            raise StepFailed(
                f"the creatures tapped don't have enough total power to crew (702.122a): {self.g.decision.prompt if self.g.decision else ''}"
            )
        self.apply(Action("crew_done"))

    def _pay_units(self, st: Step) -> None:
        """601.2h: `convoke: [...]`, `improvise: [...]`, `delve: [...]`: each object pays one
        symbol of the cost with the spell's payment keyword (702.51a, 702.126a, 702.66a), a
        colored one it can pay first."""
        for keyword, refs in st.units:
            for ref in refs:
                oid = self.ref(ref)
                opt = next((o for o in self.options() if o.kind == keyword and o.a == oid), None)
                if opt is None:
                    raise StepFailed(f"{self.describe(oid)} can't pay for the spell with {keyword} now")
                self.apply(Action(opt.kind, opt.a, opt.b))

    def _cancel_if_casting(self) -> None:
        g = self.g
        if g.decision is not None and any(o.kind == "cancel" for o in g.decision.options):
            g.apply(Action("cancel"))

    def _begin_and_answer(self, st: Step, start: Action) -> None:
        """Cast or activate, then answer 601.2b-h; a refused answer rewinds the whole cast (733)."""
        targets = [self.ref(t) for t in st.targets]  # before the spell moves (stack.N)
        self.apply(start)
        try:
            self._answer_casting(st, targets)
        except (StepFailed, ScenarioMistake):
            self._cancel_if_casting()
            raise

    def _multikicker(self, d: Decision, st: Step) -> bool:
        """702.33c: `with: [multikicker: N]` pays the multikicker cost N times (asked again after
        each payment, 601.2b); without it, none. False if ``d`` isn't a multikicker question."""
        decline = next(o.label for o in d.options if o.kind == "kicker" and o.a == 0)
        if not decline.startswith("don't pay multikicker "):
            return False
        times = sum(n for name, n in st.with_costs if name.lower() == "multikicker")
        m = re.search(r"\(paid (\d+) times?", d.prompt)
        paid = int(m.group(1)) if m else 0
        wanted = paid < times
        if wanted and not self.offered(Action("kicker", 1)):
            raise StepFailed(f"the multikicker cost can't be paid {times} times (601.2f-h, 702.33c)")
        self.apply(Action("kicker", 1 if wanted else 0))
        return True

    @staticmethod
    def _alt_option(d: Decision, alt: str | None) -> int:
        """The ``alt`` answer for a cast step's ``alt:``: 0 its mana cost, 1 bestow or flashback,
        else the option offering that alternative cost keyword (evoke, 118.9); -1 if not offered."""
        if alt is None:
            return 0
        if alt.lower() in ("bestow", "flashback"):
            return 1
        label = f"cast it for its {alt.lower()} cost "
        return next((o.a for o in d.options if o.kind == "alt" and o.label.startswith(label)), -1)

    def cast(self, st: Step) -> None:
        if st.alt is not None and st.alt.lower() not in SUPPORTED_ALT_COSTS:
            raise NotSupported(
                f"karn doesn't support the alternative cost {st.alt!r} yet (118.9; karn supports: "
                f"{', '.join(SUPPORTED_ALT_COSTS)})"
            )
        if any(
            not n.lower().startswith("kicker") and n.lower() not in ("multikicker", "buyback")
            for n, _ in st.with_costs
        ):
            costs = ", ".join(name if n == 1 else f"{name} {n}" for name, n in st.with_costs)
            raise NotSupported(f"karn doesn't support optional additional costs yet (with: {costs}; 601.2b)")
        g = self.g
        p = self._actor(st)
        self.give_priority_to(p)
        self.prepared()
        oid = self._card_in(p, st.card, st.cast_from)
        part_b, part = self._part(oid, st)
        name = part or g.state.objects[oid].name
        face = g.face(name)
        if st.x is not None and not face.cost.x:
            raise ScenarioMistake(f"{name} has no X in its mana cost ({face.mana_cost}): remove x")
        spell = g.compiled(name).abilities
        modal = any(isinstance(a, ir.SpellAbility) and a.modes for a in spell)
        if st.with_costs and not any(
            isinstance(a, ir.Kicker) or (isinstance(a, ir.Keyword) and a.name.startswith("buyback "))
            for a in spell
        ):
            raise ScenarioMistake(
                f"{name} has no optional additional costs (kicker) to pay: remove with (601.2b)"
            )
        if st.modes and not modal:
            raise ScenarioMistake(f"{name} is not modal: remove mode")
        alt_kind = {"bestow": ir.Bestow, "flashback": ir.Flashback, "morph": ir.Morph}.get(
            (st.alt or "").lower()
        )
        if alt_kind is None and st.alt is not None:
            # 118.9: an alternative cost keyword (evoke, 702.74a)
            if not any(isinstance(a, ir.AlternativeCost) and a.keyword == st.alt.lower() for a in spell):
                # the engine offers only the alternative costs the card has (601.2b): refused
                raise StepFailed(f"{name} has no {st.alt} cost: it can't be cast for one (118.9, 601.2b)")
        if alt_kind is not None and not any(isinstance(a, alt_kind) for a in spell):
            raise ScenarioMistake(f"{name} has no {st.alt} cost: remove alt (118.9)")
        # 702.37c: casting face down with morph is its own cast option (b=1), turned face down
        # before it moves to the stack (708.4)
        start = Action("cast", oid, 1) if alt_kind is ir.Morph else Action("cast", oid, part_b)
        if alt_kind is ir.Morph and not self.offered(start):
            raise StepFailed(f"{name} can't be cast face down (morph) now (702.37c, 601.3)")
        if alt_kind is ir.Flashback and st.cast_from != "graveyard":
            raise ScenarioMistake(
                "a spell is cast with flashback from a graveyard: add from: graveyard (702.34a)"
            )
        engine_casts_from = st.cast_from == "graveyard" and any(isinstance(a, ir.Flashback) for a in spell)
        if st.cast_from != "hand" and not engine_casts_from and not self.offered(start):
            # 601.3: the engine offers a cast from another zone only when a rule or effect allows
            # it; it refuses this one with its reason
            try:
                self.apply(start)
            except StepFailed as e:
                raise StepFailed(
                    f"karn offers no cast of {name} from {self.letters[p]}'s {st.cast_from}: {e}"
                ) from None
            raise AssertionError("the engine accepted a cast it did not offer")
        self._begin_and_answer(st, start)

    def _part(self, oid: int, st: Step) -> tuple[int, str]:
        """SCENARIOS.md ``face``: the part of the card to cast (709.3, 712.11b, 715.3) or the
        land face to play (712.12) as the option's ``b`` and the part's name; (0, "") for the
        card itself. ``face: 1`` of a split card is its left half; a written part name
        ("Chop Down") picks that part."""
        card = self.g.state.objects[oid].name
        parts = self.g.pool.cast_parts(card)
        split = self.g.face(card).layout == "split"
        named = next((i for i, part in enumerate(parts) if fold(part) == fold(st.card)), None)
        if named is not None:
            index = named
        elif st.face == 1 and not split:
            return 0, ""
        else:
            index = st.face - 1 if split else st.face - 2
        if not 0 <= index < len(parts):
            why = "it has no other part" if not parts else f"its parts are {', '.join(parts)}"
            raise ScenarioMistake(f"{card} has no face {st.face}: {why} (709.3, 712.11b, 715.3)")
        return PART_OPTION + index, parts[index]

    def turn_face_up(self, st: Step) -> None:
        """116.2b, 702.37e, 701.40b: turn a face-down permanent face up (a special action), paying
        its cost automatically."""
        assert st.source is not None
        src = self.ref(st.source)
        p = self.pidx(st.by) if st.by is not None else self.g.controller(src)
        self.give_priority_to(p)
        self.prepared()
        start = Action("face_up", src)
        if not self.offered(start):
            raise StepFailed(f"{self.describe(src)} can't be turned face up now (702.37e, 701.40b)")
        self._begin_and_answer(st, start)

    def roll_planar_die(self, st: Step) -> None:
        """901.9, 116.2i: the player rolls the planar die (a special action), paying its cost
        automatically."""
        p = self.pidx(st.player)
        self.give_priority_to(p)
        self.prepared()
        roll = next((o for o in self.options() if o.kind == "planar_die"), None)
        if roll is None:
            raise StepFailed(
                f"{self.letters[p]} can't roll the planar die now (901.9: the active player, in a main "
                "phase, with an empty stack, paying {N} for the N rolls before this turn)"
            )
        self.apply(Action("planar_die", roll.a, roll.b))
        self._pay_automatically()

    def activate(self, st: Step) -> None:
        g = self.g
        assert st.source is not None
        src = self.ref(st.source)
        p = self.pidx(st.by) if st.by is not None else g.controller(src)
        self.give_priority_to(p)
        self.prepared()
        on_battlefield = g.state.objects[src].zone == BATTLEFIELD
        abilities = (
            g.chars(src).abilities if on_battlefield else g.compiled(g.state.objects[src].name).abilities
        )
        activated = [i for i, a in enumerate(abilities) if isinstance(a, ir.Activated)]
        if st.ability > len(activated):
            raise ScenarioMistake(
                f"{self.describe(src)} has {len(activated)} activated abilit{'y' if len(activated) == 1 else 'ies'}, "
                f"not {st.ability}"
            )
        index = activated[st.ability - 1]
        ab = abilities[index]
        assert isinstance(ab, ir.Activated)
        if st.x is not None and not (ab.cost.mana and "{X}" in ab.cost.mana):
            raise ScenarioMistake(f"this ability of {self.describe(src)} has no X in its cost: remove x")
        action = Action("mana" if ab.mana_ability else "activate", src, index)
        if not on_battlefield and not self.offered(action):
            # 113.6: the abilities of a permanent card function only on the battlefield unless
            # they say otherwise (karn compiles none that do: such a card is not playable).
            raise StepFailed(
                f"{self.describe(src)}'s ability can't be activated from a {g.state.objects[src].zone} (113.6)"
            )
        self._begin_and_answer(st, action)

    # ------------------------------------------------------------------ combat

    def default_defender(self) -> int:
        """The next opponent in turn order who is still in the game (SCENARIOS.md)."""
        s = self.g.state
        n = len(s.players)
        for k in range(1, n):
            p = (s.active + k) % n
            if not (s.players[p].lost or s.players[p].left):
                return player_ref(p)
        return player_ref((s.active + 1) % n)

    def _attack_refused(self, attacker: int, defender: int) -> StepFailed:
        can = [o for o in self.options() if o.kind == "attack"]
        mine = [self.describe(o.b) for o in can if o.a == attacker]
        if mine:
            return StepFailed(
                f"{self.describe(attacker)} can't attack {self.describe(defender)} (it can attack: {', '.join(mine)})"
            )
        able = sorted({self.describe(o.a) for o in can})
        return StepFailed(
            f"{self.describe(attacker)} can't attack now (508.1a; creatures that can: {', '.join(able) or 'none'})"
        )

    def attack(self, st: Step) -> None:
        g = self.g
        self.advance_to("declare_attackers", None, stop_kinds=("attackers",))
        self.prepared()
        if g.decision is None or g.decision.kind != "attackers":
            if g.state.step == "declare_attackers":
                if not st.attackers:
                    return  # no creature could attack: "none" was declared automatically
                names = ", ".join(map(str, st.attackers))
                raise StepFailed(
                    f"{names} can't attack: no creature could attack, so none was declared (508.1a)"
                )
            raise ScenarioMistake("not at the declaration of attackers")
        each = {r.text: target for r, target in st.at_each}
        added: list[int] = []
        try:
            for r in st.attackers:
                oid = self.ref(r)
                target = each.get(r.text, st.at)
                defender = self.ref(target) if target is not None else self.default_defender()
                if not self.offered(Action("attack", oid, defender)):
                    raise self._attack_refused(oid, defender)
                self.apply(Action("attack", oid, defender))
                added.append(oid)
            if g.decision is not None and g.decision.kind == "attackers":
                self.apply(Action("done"))
        except StepFailed:
            self._take_back("attackers", "unattack", added)  # 508.1: the whole declaration is illegal
            raise

    def _take_back(self, kind: str, undo: str, added: list[int]) -> None:
        for oid in added:
            if self.g.decision is not None and self.g.decision.kind == kind:
                self.g.apply(Action(undo, oid))

    def block(self, st: Step) -> None:
        """Each defending player, in APNAP order (802.4), declares the blocks of this step made
        by creatures they control; the others declare none."""
        g = self.g
        self.advance_to("declare_blockers", None, stop_kinds=("blockers",))
        self.prepared()
        pending = [(self.ref(b), [self.ref(a) for a in atts], b) for b, atts in st.blocks]
        if g.decision is None or g.decision.kind != "blockers":
            if g.state.step == "declare_blockers":
                if not pending:
                    return  # the only possible declaration (none) was made automatically
                names = ", ".join(str(r) for _, _, r in pending)
                raise StepFailed(
                    f"{names} can't block: no creature could block, so none was declared (509.1a)"
                )
            raise ScenarioMistake("not at the declaration of blockers")
        defending = self._defending_players()
        for blocker, _, written in pending:
            owner = g.controller(blocker)
            if owner not in defending:
                raise StepFailed(
                    f"{written} can't block: {self.letters[owner]} is not a defending player (506.2, 802.4a)"
                )
        while g.decision is not None and g.decision.kind == "blockers":
            defender = g.decision.player
            self.prepared()
            mine = [entry for entry in pending if g.controller(entry[0]) == defender]
            pending = [entry for entry in pending if entry not in mine]
            added: list[int] = []
            try:
                for blocker, attackers, _ in mine:
                    for attacker in attackers:
                        if not self.offered(Action("block", blocker, attacker)):
                            raise StepFailed(
                                f"{self.describe(blocker)} can't block {self.describe(attacker)} (509.1a)"
                            )
                        self.apply(Action("block", blocker, attacker))
                        if blocker not in added:
                            added.append(blocker)
                self.apply(Action("done"))
            except StepFailed:
                self._take_back("blockers", "unblock", added)  # 509.1: the whole declaration is illegal
                raise
        if pending:
            names = ", ".join(str(r) for _, _, r in pending)
            raise ScenarioMistake(f"{names}: not controlled by a player declaring blockers now")

    def _defending_players(self) -> set[int]:
        """The players attacked, or whose planeswalkers are attacked (506.2); every player
        when that can't be told from the attackers alone."""
        g = self.g
        combat = g.state.combat
        out: set[int] = set()
        for defender in combat.attackers.values() if combat is not None else ():
            if defender < 0:
                out.add(-defender - 1)
            elif defender in g.state.objects:
                out.add(g.controller(defender))
            else:  # a planeswalker that left (506.4c): the engine knows who still defends
                return set(range(len(g.state.players)))
        return out

    # ------------------------------------------------------------------ choices

    def choose(self, label: str) -> None:
        g = self.g
        d = g.decision
        if d is None:
            raise ScenarioMistake("choose: no decision is pending")
        opts = self.options()
        low = label.lower()
        pick: Action | None = None
        for o in opts:
            if o.kind in ("yes", "no", "top", "bottom", "keep", "mulligan", "done", "none") and o.kind == low:
                pick = o
                break
        if pick is None and low in ("true", "false"):
            pick = next((o for o in opts if o.kind == ("yes" if low == "true" else "no")), None)
        if pick is None and re.fullmatch(r"-?\d+", label):
            n = int(label)
            pick = next((o for o in opts if o.kind in ("number", "x", "amount") and o.a == n), None)
            if pick is None:
                pick = next((o for o in opts if o.kind == "mode" and o.a == n - 1), None)
        if pick is None:
            pick = self._by_reference(label, opts)
        if pick is None:
            for o in opts:
                if o.kind not in NON_OBJECT_OPTIONS and o.a in g.state.objects:
                    if names_match(label, g.state.objects[o.a].name):
                        pick = o
                        break
        if pick is None:
            pick = next((o for o in opts if o.label.lower() == low), None)
        if pick is None:  # a replacement or prevention effect by its source: "... (Healing Salve)"
            pick = next((o for o in opts if o.kind == "replace" and _source_in_label(label, o.label)), None)
        if pick is None:  # a triggered ability to order, by its source's name (603.3b)
            pick = next((o for o in opts if o.kind == "order" and o.label.lower().split(":")[0] == low), None)
        if pick is None:
            raise StepFailed(
                _plain(
                    f"choose {label!r}: no such option for '{d.prompt}' (options: {[o.label for o in opts]})"
                )
            )
        self.apply(pick)
        st, self.casting = self.casting, None
        if st is not None and g.decision is not None and g.decision.kind in CASTING_KINDS:
            self._answer_casting(st, [], resumed=True)  # the rest of the cast (601.2h)

    def _pay_automatically(self) -> None:
        """SCENARIOS.md: "yes" to paying a cost ("unless its controller pays", ward, "you may
        pay") pays it as ``cast`` does, from mana in the pool and untapped sources."""
        g = self.g
        while g.decision is not None and g.decision.kind == "pay" and self.offered(Action("pay")):
            self.apply(Action("pay"))

    def _by_reference(self, label: str, opts: list[Action]) -> Action | None:
        m = re.fullmatch(r"([A-F])(?:\.(.+?)(?:#(\d+))?)?", label)
        if m is None or m.group(1) not in self.letters:
            return None
        ref = Ref(label, player=m.group(1), name=(m.group(2) or "").strip(), nth=int(m.group(3) or 1))
        try:
            r = self.board.ref(ref)
        except RefError:
            return None
        return next((o for o in opts if o.a == r and o.kind not in NON_OBJECT_OPTIONS), None)

    # ------------------------------------------------------------------ illegal steps

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
        raise StepFailed(f"expected the engine to refuse {inner.describe()!r}, but it was legal")


def run_scenario(sc: Scenario) -> Result:
    """Build the scenario's game, run its steps and check its expectations."""
    try:
        r = Runner(sc)
    except SetupError as e:
        return Result(sc, False, f"setup: {e}")
    except Exception as e:  # noqa: BLE001 - a crash of the engine is a failure, never a traceback
        return Result(sc, False, f"setup: karn failed: {type(e).__name__}: {e}")
    for st in sc.steps:
        where = f"line {st.line}: {st.kind}"
        if r.g.is_over():
            return Result(sc, False, f"line {st.line}: step {st.kind} after the end of the game")
        d = r.g.decision
        if d is not None and d.kind != "priority" and st.kind not in ("choose", "illegal", "concede"):
            # strict mode: a pending decision must be answered by a choose step
            if not (d.kind in ("attackers", "blockers") and st.kind in ("attack", "block", "to")):
                return Result(sc, False, f"line {st.line}: {_unanswered(d)}")
        try:
            r.run_step(st)
        except (StepFailed, IllegalActionError) as e:
            return Result(sc, False, f"{where}: {e}")
        except NotSupported as e:
            return Result(sc, False, f"{where}: not supported: {e}")
        except ScenarioMistake as e:
            return Result(sc, False, f"{where}: {e}")
        except Exception as e:  # noqa: BLE001 - a crash of the engine is a failure, never a traceback
            return Result(sc, False, f"{where}: karn failed: {type(e).__name__}: {e}")
    d = r.g.decision
    if d is not None and d.kind not in ("priority", "attackers", "blockers"):
        return Result(sc, False, f"at the end: {_unanswered(d)}")
    try:
        fails = check(r.g, r.board, sc.expect)
    except Exception as e:  # noqa: BLE001
        return Result(sc, False, f"expect: karn failed: {type(e).__name__}: {e}")
    if fails:
        return Result(sc, False, "; ".join(fails))
    return Result(sc, True)


__all__ = ["NotSupported", "Result", "Runner", "ScenarioMistake", "StepFailed", "run_scenario"]


def _mana_choice(options: Sequence[Option], want: str, left: ManaCost | None) -> Option:
    """The answer to "choose the mana to add" (106.1): the option adding the next mana of
    ``want``; without it the first option adding only colors the cost still needs, else the first."""
    if want:
        for option in options:
            syms = option.label.replace("{", "").replace("}", "")
            if want.startswith(syms):
                return option
        return options[0]
    needed = {color for color, _ in left.colored} if left is not None else set()
    for option in options:
        syms = option.label.replace("{", "").replace("}", "")
        if syms and all(sym in needed for sym in syms):
            return option
    return options[0]
