"""``perform``: the one way events change the game (614-616, then the change, then the record).

For each event of a batch (events that happen simultaneously):

1. replacement and prevention effects apply (616.1): self-replacement effects
   first (616.1a), then those that decide under whose control a permanent
   enters (616.1b), as a copy (616.1c), back face up (616.1d), then any
   (616.1e); when more than one could be chosen and they differ, the affected
   player (or the controller of the affected object) chooses — a
   :class:`~karn.engine.state.Decision`, with the pipeline's progress kept in a
   :class:`~karn.engine.frames.ReplaceFrame`, so it can be copied or saved;
   each effect applies at most once to an event (614.5) and the modified event
   may have other effects apply to it (616.1f, 616.2);
2. all the events of the batch are carried out (:mod:`.changes`), each bumping
   the state's version;
3. each event of a kind triggered abilities can watch (:data:`~karn.engine.events.WATCHED`)
   is recorded in the journal, which the triggered-ability scan reads (603.2), with the
   first object id created after the batch: permanents that entered with it see each
   other, later ones don't. The log has its own line for each (with its rule and who
   may see it).
"""

from __future__ import annotations

from karn.engine import decisions
from karn.engine.context import Context
from karn.engine.events import WATCHED, CreateToken, Damage, GameEvent, LifeGain, ZoneChange
from karn.engine.frames import ReplaceFrame
from karn.engine.pipeline.changes import EXECUTORS
from karn.engine.pipeline.replacement import (
    FINDERS,
    PROHIBITIONS,
    Replacement,
    affected_player,
    applicable,
    prohibited,
)
from karn.engine.state import BATTLEFIELD, GRAVEYARD, Option

# 616.1a-d: the kinds that must be chosen first, in this order.
_FIRST = ("self", "control", "copy", "back_face")


def perform(ctx: Context, events: GameEvent | list[GameEvent]) -> list[GameEvent] | None:
    """Perform simultaneous events. Returns them as they were carried out (after
    replacement), or None when a player must first choose a replacement effect: the
    pipeline then waits in a :class:`ReplaceFrame` on top of the agenda and finishes
    when the choice is made (the caller's own progress must already be recorded)."""
    batch = [events] if not isinstance(events, list) else list(events)
    for ev in batch:
        if type(ev) in FINDERS or type(ev) in PROHIBITIONS:
            break
    else:
        # No kind of replacement effect can apply to these events: carry them out.
        follow = execute(ctx, batch)
        if not follow:
            return batch
        rest = _proceed(ctx, ReplaceFrame(pending=follow), pushed=False)
        return None if rest is None else batch + rest
    frame = ReplaceFrame(pending=batch)
    return _proceed(ctx, frame, pushed=False)


def _proceed(ctx: Context, frame: ReplaceFrame, pushed: bool) -> list[GameEvent] | None:
    carried: list[GameEvent] = []
    while True:
        ctx.replacing = frame  # 614.13a: what enters at the same time, for "as enters" choices
        while frame.pending:
            ev = frame.pending[0]
            why = prohibited(ctx, ev)
            if why:
                # 614.17c: an event that can't happen isn't replaced; it just doesn't happen.
                ctx.emit("614.17", why)
                frame.pending.pop(0)
                if isinstance(ev, ZoneChange) and ev.to == BATTLEFIELD and ev.cause == "resolve":
                    # 608.3e: a permanent spell its controller can't put onto the battlefield
                    # goes to its owner's graveyard
                    frame.pending.insert(
                        0, ZoneChange(obj=ev.obj, to=GRAVEYARD, rule="608.3e", cause="resolve")
                    )
                continue
            reps = applicable(ctx, ev)
            if not reps:
                frame.ready.append(frame.pending.pop(0))
                continue
            if frame.picking:
                rep = next((r for r in reps if r.id == frame.picking), None)
                if rep is None:
                    frame.picking = ""
                    frame.answer = None
                    continue
            else:
                rep = _choose(ctx, frame, ev, reps, pushed)
            if rep is None:
                return None  # waiting for the affected player (616.1)
            frame.choices = []
            pick = -1
            if rep.choose is not None:
                chosen = _pick(ctx, frame, ev, rep, pushed)
                if chosen is None:
                    return None  # waiting for the player's choice the effect asks for
                pick = chosen
            ev.applied.append(rep.id)
            # 616.1f, 616.2: look again at what it became.
            frame.pending[0:1] = rep.apply(ctx, ev, pick)
            if rep.continues and pick > 0 and rep.id not in ev.applied:
                frame.picking = rep.id  # "any number": the same effect asks for the next pick
        batch, frame.ready = frame.ready, []
        follow = execute(ctx, batch)
        carried.extend(batch)
        if not follow:
            break
        frame.pending = follow
    if pushed:
        ctx.state.agenda.pop()
    return carried


def _pick(ctx: Context, frame: ReplaceFrame, ev: GameEvent, rep: Replacement, pushed: bool) -> int | None:
    """The option a replacement effect asks its player for as it applies ("return a card from
    your graveyard to your hand instead"): -1 when there is none to pick; None while asking."""
    assert rep.choose is not None
    answer = frame.answer
    if frame.picking == rep.id and answer is not None:
        frame.picking = ""
        frame.answer = None
        return answer.a
    player, options = rep.choose(ctx, ev)
    if not options:
        return -1
    if len({o.a for o in options}) == 1:
        return options[0].a
    frame.picking = rep.id
    if not pushed:
        ctx.state.agenda.append(frame)
    prompt = f"{ctx.player_name(player)}: {rep.text}"
    decisions.ask(ctx, player, rep.choice_kind, rep.choice_rule, prompt, options)
    return None


def _choose(
    ctx: Context, frame: ReplaceFrame, ev: GameEvent, reps: list[Replacement], pushed: bool
) -> Replacement | None:
    # 616.1g: effects on an event contained in another apply after those on the containing one.
    outer = [r for r in reps if not r.inner]
    if outer:
        reps = outer
    for kind in _FIRST:
        first = [r for r in reps if r.kind == kind]
        if first:
            reps = first
            break
    answer = frame.answer
    if answer is not None:
        frame.answer = None
        if 0 <= answer.a < len(frame.choices):
            chosen = frame.choices[answer.a]
            for r in reps:
                if r.id == chosen:
                    return r
    distinct = {r.same_as or r.id for r in reps}
    if len(distinct) == 1:
        return reps[0]
    frame.choices = [r.id for r in reps]
    if not pushed:
        ctx.state.agenda.append(frame)
    player = affected_player(ctx, ev)
    decisions.ask(
        ctx,
        player,
        "replacement",
        "616.1",
        f"{ctx.player_name(player)}: choose the replacement or prevention effect to apply first",
        [Option("replace", i, label=r.text) for i, r in enumerate(reps)],
    )
    return None


def replace_step(ctx: Context, frame: ReplaceFrame) -> None:
    """The agenda runs this when the pipeline waited for a choice (see :func:`perform`)."""
    _proceed(ctx, frame, pushed=True)


def _entering(ev: GameEvent) -> bool:
    return (isinstance(ev, ZoneChange) and ev.to == BATTLEFIELD) or isinstance(ev, CreateToken)


def _apnap_entering(ctx: Context, batch: list[GameEvent]) -> list[GameEvent]:
    """613.7m: objects entering the battlefield at once get timestamps in APNAP order of
    their controllers (the active player's first); the events keep their places otherwise."""
    slots = [i for i, ev in enumerate(batch) if _entering(ev)]
    if len(slots) < 2:
        return batch
    s = ctx.state
    n = len(s.players)

    def rank(ev: GameEvent) -> int:
        if isinstance(ev, CreateToken):
            who = ev.controller
        else:
            assert isinstance(ev, ZoneChange)
            o = s.objects.get(ev.obj)
            who = ev.controller if ev.controller >= 0 else (o.owner if o is not None else s.active)
        return (who - s.active) % n

    ordered = sorted((batch[i] for i in slots), key=rank)
    out = list(batch)
    for i, ev in zip(slots, ordered, strict=True):
        out[i] = ev
    return out


def execute(ctx: Context, batch: list[GameEvent]) -> list[GameEvent]:
    """Carry out a batch of events and record them in the journal; returns follow-up events."""
    follow: list[GameEvent] = []
    lifelink: dict[tuple[int, int], int] | None = None
    watched = False
    if len(batch) > 1:
        batch = _apnap_entering(ctx, batch)
    for ev in batch:
        kind = type(ev)
        found = EXECUTORS[kind](ctx, ev)
        if found:
            follow.extend(found)
        if kind is Damage:
            assert isinstance(ev, Damage)
            if ev.lifelink and ev.dealt > 0:
                lifelink = lifelink or {}
                key = (ev.source, ev.source_controller)
                lifelink[key] = lifelink.get(key, 0) + ev.dealt
        watched = watched or kind in WATCHED
    if lifelink:
        # 702.15b / 119.10: damage dealt at once by a source with lifelink is one life gain.
        follow.extend(LifeGain(player=p, amount=n, rule="702.15b") for (_, p), n in lifelink.items())
    if watched:
        horizon = ctx.state.next_id
        journal = ctx.state.journal
        for ev in batch:
            if type(ev) in WATCHED:
                if isinstance(ev, (ZoneChange, CreateToken)):
                    ev.horizon = horizon
                journal.append(ev)
    return follow
