"""Continuous effects from resolving spells and abilities (611.2): "gets +N/+N until end of
turn", "loses all abilities and has base power and toughness 0/1", "becomes the color of
your choice" (a choice made as the effect begins, 608.2d), "gain control of" (layer 2). The
affected set is locked in when the effect begins (611.2c), and so are its numbers (608.2h)."""

from __future__ import annotations

from karn import ir
from karn.engine import decisions
from karn.engine.abilities import root_ability
from karn.engine.context import Context
from karn.engine.effects.permanents import on_battlefield
from karn.engine.effects.registry import DONE, WAIT, Outcome, handles
from karn.engine.events import GameEvent, StartEffect
from karn.engine.frames import ChoiceProgress, ResolveFrame
from karn.engine.layers import PROTECTION_CHOICE_SUFFIX, modifications_of
from karn.engine.modifications import ContinuousEffect, Modification, SetController, mod_text
from karn.engine.pipeline import perform
from karn.engine.references import amount, refs, select, source_id, stack_label
from karn.engine.state import BATTLEFIELD, STACK, Obj, Option, ref_player
from karn.ir.subtypes import COLOR_NAMES, COLORS


def _text(mods: list[Modification], single: bool) -> str:
    desc = " and ".join(mod_text(m) for m in mods)
    if not single:
        for one, many in (("gets ", "get "), ("gains ", "gain "), ("loses ", "lose "), ("has ", "have ")):
            desc = desc.replace(one, many)
        desc = desc.replace("is ", "are ")
    return desc


def _chooses_color(m: ir.Modify) -> bool:
    return any(isinstance(c, ir.SetColors) and c.choose for c in m.changes)


def protection_options(keyword: str) -> list[str]:
    """The qualities "protection from the color of your choice" may name (the colors, 105.1),
    and "protection from artifacts or from the color of your choice" (artifacts too)."""
    words = keyword.removeprefix("protection from ").removesuffix(PROTECTION_CHOICE_SUFFIX)
    extra = words.removesuffix(" or from ").strip()
    return ([extra] if extra else []) + [COLOR_NAMES[c] for c in COLORS]


def _protection_options(m: ir.Modify) -> list[str]:
    """The qualities a Modify's "... of your choice" protection keyword may name (608.2d)."""
    for k in m.add_keywords:
        if k.endswith(PROTECTION_CHOICE_SUFFIX):
            return protection_options(k)
    return []


def choice_as_applied(
    ctx: Context, f: ResolveFrame, o: Obj, kind: str, prompt: str, option: str, labels: list[str]
) -> int | None:
    """608.2d: a choice made as the effect is applied ("the color of your choice", "protection
    from the color of your choice"): the index of the answer, or None once the question is on
    the agenda (the frame waits for it as data)."""
    ans = f.answer
    f.answer = None
    if ans is None or not isinstance(f.progress, ChoiceProgress):
        f.progress = ChoiceProgress(asked=True)
        options = [Option(option, i, label=label) for i, label in enumerate(labels)]
        decisions.ask(ctx, o.controller, kind, "608.2d", f"{stack_label(ctx, o)}: {prompt}", options)
        return None
    return ans.a if 0 <= ans.a < len(labels) else 0


@handles(ir.ApplyContinuous)
def apply_continuous(ctx: Context, f: ResolveFrame, o: Obj, e: ir.ApplyContinuous) -> Outcome:
    m = e.mod
    chosen: dict[str, str] = {}
    qualities = _protection_options(m)
    if qualities:
        # 608.2d: "protection from the color of your choice" (702.16a): chosen as it is applied.
        prompt = "choose what it gains protection from"
        pick = choice_as_applied(ctx, f, o, "choose_protection", prompt, "choose", qualities)
        if pick is None:
            return WAIT
        chosen["protection_choice"] = qualities[pick]
    elif _chooses_color(m):
        # 608.2d: "the color of your choice" is chosen as the effect is applied.
        labels = [COLOR_NAMES[c] for c in COLORS]
        pick = choice_as_applied(ctx, f, o, "choose_color", "choose a color", "color", labels)
        if pick is None:
            return WAIT
        chosen["color_choice"] = COLORS[pick]
    # 611.2c: the objects are the ones it applies to now (a spell's too: "becomes white").
    # 608.2b/400.7: a target that left its zone earlier in this resolution (Silumgar's
    # Command returning the creature it then gives -3/-3) is a new object: the effect does
    # nothing to it.
    objects = ctx.state.objects
    affected = [
        t
        for t in select(ctx, f, o, m.affected)
        if t > 0 and t in objects and objects[t].zone in (BATTLEFIELD, STACK)
    ]
    # "Those creatures gain vigilance", "untap them": the objects this effect applies to are
    # the ones a later "those"/"them" in the same resolution refers to (608.2c)
    f.affected = list(affected)
    if affected:
        # 608.2h: its numbers are locked in as it begins (no CountedPT comes back).
        locked = modifications_of(m, chosen, root_ability(ctx, o), lambda a: amount(ctx, f, o, a))
        effect = ContinuousEffect(
            id=0,
            timestamp=0,
            source=source_id(o),
            controller=o.controller,
            affected=affected,
            mods=[x for x in locked if isinstance(x, Modification)],
            duration=e.duration,
            source_name=o.name,
        )
        text = f"{', '.join(ctx.describe(t) for t in affected)} {_text(effect.mods, len(affected) == 1)}"
        perform(ctx, StartEffect(effect=effect, text=text))
    return DONE


@handles(ir.GainControl)
def gain_control(ctx: Context, f: ResolveFrame, o: Obj, e: ir.GainControl) -> Outcome:
    """613.1b: a control-changing effect (layer 2), for the ability's controller or the player
    it names (Donate). A creature whose controller changes has summoning sickness unless it
    has haste (302.6) and leaves combat (506.4): the pipeline sees to both. "For as long as you
    control ~" ends when its source leaves or changes controller (611.2b)."""
    players = [ref_player(r) for r in refs(ctx, f, o, e.player) if r < 0]
    if not players:
        return DONE
    you = players[0]
    if e.duration == "while_you_control_source":
        src = source_id(o)
        if not on_battlefield(ctx, src) or ctx.controller(src) != o.controller:
            # 611.2b: the duration ended before the effect began: it does nothing.
            ctx.emit("611.2b", f"{o.name}'s ability does nothing: its controller no longer controls it")
            return DONE
    events: list[GameEvent] = []
    for t in refs(ctx, f, o, e.what):
        if t > 0 and on_battlefield(ctx, t):
            effect = ContinuousEffect(
                id=0,
                timestamp=0,
                source=source_id(o),
                controller=you,
                affected=[t],
                mods=[SetController(you)],
                duration=e.duration,
                source_name=o.name,
            )
            text = f"{ctx.player_name(you)} gains control of {ctx.describe(t)}"
            events.append(StartEffect(effect=effect, text=text, rule="613.1b"))
    if events:
        perform(ctx, events)  # 608.2f: several targets change control at the same time
    return DONE


@handles(ir.ExchangeControl)
def exchange_control(ctx: Context, f: ResolveFrame, o: Obj, e: ir.ExchangeControl) -> Outcome:
    """701.12a-b: the two permanents change controllers at once; if the whole exchange can't
    be done (one of them is gone) or they have the same controller, nothing happens."""
    both = [t for t in refs(ctx, f, o, e.what) if t > 0 and on_battlefield(ctx, t)]
    if len(both) != 2:
        ctx.emit("701.12a", f"{o.name}: the exchange can't be completed; nothing happens")
        return DONE
    a, b = both
    ca, cb = ctx.controller(a), ctx.controller(b)
    if ca == cb:
        ctx.emit("701.12b", f"{o.name}: both have the same controller; nothing happens")
        return DONE
    events: list[GameEvent] = []
    for t, player in ((a, cb), (b, ca)):
        effect = ContinuousEffect(
            id=0,
            timestamp=0,
            source=source_id(o),
            controller=o.controller,
            affected=[t],
            mods=[SetController(player)],
            duration="permanent",
            source_name=o.name,
        )
        text = f"{ctx.player_name(player)} gains control of {ctx.describe(t)} (exchange)"
        events.append(StartEffect(effect=effect, text=text, rule="701.12b"))
    perform(ctx, events)
    return DONE
