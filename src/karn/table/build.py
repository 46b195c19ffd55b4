"""Building a :class:`~karn.table.model.Table` from a game and a player's observation."""

from __future__ import annotations

import msgspec

from karn.engine.observation import Observation, PermanentView, StackItemView
from karn.engine.values import ref_player
from karn.game import Game
from karn.table.autopass import AutoPass
from karn.table.cards import FACE_DOWN_NAME, card_in_zone, face_of, permanent
from karn.table.log import log_lines, turn_summary
from karn.table.model import CardInfo, Seat, StackEntry, Table, Target
from karn.table.prompt import build_prompt
from karn.table.voice import Voice


def voice_for(game: Game, player: int | None) -> Voice:
    return Voice([p.name for p in game.state.players], player, game.pool.names())


def build_table(
    game: Game,
    player: int | None,
    settings: AutoPass | None = None,
    log_from: int | None = None,
    compact: bool = True,
) -> Table:
    """What `player` (None: a spectator) sees now. The log runs from entry `log_from`
    (default: the start of the current turn) to the end, compact (passes and empty
    steps folded) unless `compact` is False."""
    obs = game.observation(player, log_from) if player is not None else game.public_observation(log_from)
    table = table_of(game, obs, settings if settings is not None else AutoPass(), compact)
    summary = recap(game, player)
    return msgspec.structs.replace(table, recap=summary) if summary else table


def recap(game: Game, player: int | None) -> str:
    """What another player did in the turn before this one, in one line ("" when the turn
    before was `player`'s own, or there was none)."""
    log = game.log
    turn = game.state.turn - 1
    if turn < 1:
        return ""
    start = len(log)
    while start > 0 and log[start - 1].turn >= turn:
        start -= 1
    names = [p.name for p in game.state.players]
    active = None
    for e in log[start:]:
        if e.turn == turn and e.rule == "500.1":
            active = next((i for i, n in enumerate(names) if e.text.endswith(f"{n}'s turn begins")), None)
            break
    if active is None or active == player:
        return ""
    obs = game.observation(player, start) if player is not None else game.public_observation(start)
    return turn_summary(obs.log, turn, active, voice_for(game, player))


def table_of(game: Game, obs: Observation, settings: AutoPass, compact: bool = True) -> Table:
    voice = voice_for(game, obs.player)
    names = {p.id: FACE_DOWN_NAME if p.face_down else p.name for p in obs.battlefield}
    # 708.5: the face-down spells and permanents the viewer controls, which they may look at
    faces = {k.id: k.name for k in obs.known if k.zone in ("battlefield", "stack")}
    for pv in obs.players:
        names.update({c.id: c.name for c in (*pv.graveyard, *pv.exile)})
    names.update({c.id: c.name for c in obs.hand})
    names.update({s.id: FACE_DOWN_NAME if s.face_down else s.name for s in obs.stack})
    attachments: dict[int, list[int]] = {}
    for p in obs.battlefield:
        if p.attached_to is not None:
            attachments.setdefault(p.attached_to, []).append(p.id)
    perms = {
        p.id: permanent(
            game, p, voice, tuple(attachments.get(p.id, ())), obs.combat, names, obs.active, faces
        )
        for p in obs.battlefield
    }
    seats = [_seat(game, obs, i, voice, perms) for i in range(len(obs.players))]
    stack = [_stack_entry(game, s, voice, names) for s in obs.stack]
    prompt = build_prompt(obs, voice, settings.show_mana_abilities)
    step_name = obs.step.replace("_", " ") if obs.turn else "mulligans"
    if obs.turn:
        whose = voice.possessive(obs.active)
        status = f"{whose[:1].upper()}{whose[1:]} turn {obs.turn}, {step_name}"
    else:
        status = "Before the game: mulligans (103.5)"
    waiting = ""
    if prompt is None and obs.decider is not None:
        kind = obs.decision_kind.replace("_", " ")
        waiting = f"{voice.seat_name(obs.decider)} is deciding ({kind})"
    result = ""
    if obs.over:
        if obs.winner is None:
            result = "The game is a draw"
        elif obs.winner == obs.player:
            result = "You win"
        else:
            result = f"{voice.seat_name(obs.winner)} wins"
    return Table(
        player=obs.player,
        turn=obs.turn,
        step=obs.step,
        step_name=step_name,
        status=status,
        active=obs.active,
        priority=obs.priority,
        seats=seats,
        stack=stack,
        log=log_lines(obs.log, obs.log_from, voice, compact),
        log_size=obs.log_size,
        prompt=prompt,
        waiting=waiting,
        over=obs.over,
        winner=obs.winner,
        result=result,
        combat=obs.combat is not None and bool(obs.combat.attackers),
        settings=settings if obs.player is not None else None,
        known=[
            card_in_zone(game, k.id, k.name, k.zone, k.owner)
            for k in obs.known
            if not (k.zone == "hand" and k.owner == obs.player)
        ],
        planes=[_plane(game, c.id, c.name, obs) for c in obs.planes],
        planar_deck_sizes=list(obs.planar_deck_sizes),
    )


def _plane(game: Game, oid: int, name: str, obs: Observation) -> CardInfo:
    """901.7: a face-up plane in the command zone, controlled by the planar controller (901.6)."""
    info = card_in_zone(game, oid, name, "command", game.state.objects[oid].owner)
    controller = obs.planar_controller if obs.planar_controller is not None else info.controller
    return msgspec.structs.replace(info, controller=controller)


def _seat(game: Game, obs: Observation, index: int, voice: Voice, perms: dict[int, CardInfo]) -> Seat:
    pv = obs.players[index]
    mine = [perms[p.id] for p in obs.battlefield if p.controller == index]
    views: dict[int, PermanentView] = {p.id: p for p in obs.battlefield}
    lands = [c for c in mine if "land" in views[c.id].types]
    creatures = [c for c in mine if "creature" in views[c.id].types and "land" not in views[c.id].types]
    others = [c for c in mine if c not in lands and c not in creatures]
    hand = [card_in_zone(game, c.id, c.name, "hand", index) for c in obs.hand] if index == obs.player else []
    return Seat(
        index=index,
        name=voice.seat_name(index),
        player_name=pv.name,
        you=index == obs.player,
        life=pv.life,
        poison=pv.poison,
        energy=pv.energy,
        library=pv.library_size,
        hand_size=pv.hand_size,
        hand=hand,
        lands=lands,
        creatures=creatures,
        others=others,
        graveyard=[card_in_zone(game, c.id, c.name, "graveyard", index) for c in reversed(pv.graveyard)],
        exile=[card_in_zone(game, c.id, c.name, "exile", index) for c in pv.exile],
        mana_pool="".join(("{" + k + "}") * v for k, v in pv.mana_pool.items()),
        lands_played=pv.lands_played,
        active=index == obs.active,
        priority=index == obs.priority and obs.decision_kind == "priority" and not obs.over,
        lost=pv.lost,
        conceded=pv.conceded,
    )


def _target_name(ref: int, voice: Voice, names: dict[int, str]) -> Target:
    if ref < 0:
        p = ref_player(ref)
        return Target(name="you" if p == voice.viewer else voice.seat_name(p), player=p)
    return Target(name=f"{names.get(ref, '?')} (#{ref})", id=ref)


def _stack_entry(game: Game, s: StackItemView, voice: Voice, names: dict[int, str]) -> StackEntry:
    text = ""
    if s.face_down:
        pass  # 708.4, 708.2a: a face-down creature spell has no text
    elif s.kind == "spell":
        face = face_of(game, s.name)
        text = face.text if face is not None else ""
    elif s.ability is not None:
        try:
            text = getattr(game.pool.ability(s.ability), "text", "") or ""
        except KeyError:
            text = ""
    return StackEntry(
        id=s.id,
        name=FACE_DOWN_NAME if s.face_down else s.name,
        kind=s.kind,
        controller=s.controller,
        controller_name=voice.seat_name(s.controller),
        text=text,
        targets=[_target_name(t, voice, names) for slot in s.targets for t in slot],
        x=s.x if s.x else None,
        source=s.source,
        copy=s.copy,
    )


def card_info(game: Game, table: Table, oid: int) -> CardInfo | None:
    """The card with this id anywhere the table shows it (battlefield, hands, graveyards,
    exile), or None."""
    for seat in table.seats:
        for zone in (seat.lands, seat.creatures, seat.others, seat.hand, seat.graveyard, seat.exile):
            for c in zone:
                if c.id == oid:
                    return c
    for s in table.stack:
        if s.id == oid and s.kind == "spell":
            if s.name == FACE_DOWN_NAME:  # 708.4: a face-down spell: no text to show
                return CardInfo(
                    id=s.id,
                    name=s.name,
                    zone="stack",
                    owner=s.controller,
                    controller=s.controller,
                    type_line="Creature",
                    power=2,
                    toughness=2,
                    types=("creature",),
                    face_down=True,
                )
            return card_in_zone(game, s.id, s.name, "stack", s.controller)
    return None


def find_cards(table: Table, name: str, game: Game | None = None) -> list[CardInfo]:
    """Visible cards whose name contains `name` (case-insensitive), exact matches first;
    with the `game`, the spells on the stack too."""
    wanted = name.strip().lower()
    found: list[CardInfo] = []
    for seat in table.seats:
        for zone in (seat.lands, seat.creatures, seat.others, seat.hand, seat.graveyard, seat.exile):
            found.extend(c for c in zone if wanted in c.name.lower())
    if game is not None:
        for s in table.stack:
            if s.kind == "spell" and wanted in s.name.lower() and s.name != FACE_DOWN_NAME:
                found.append(card_in_zone(game, s.id, s.name, "stack", s.controller))
    found.sort(key=lambda c: c.name.lower() != wanted)
    return found
