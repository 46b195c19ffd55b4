"""What the browser is sent: one seat's table (or a spectator's) as plain JSON.

Everything here is built from ``Game.observation(seat)`` (or
``Game.public_observation()`` for a spectator): the engine's filtered view, so
nothing the seat may not know can reach it — no card of another player's hand, no
library card, no other player's options. Card text comes from the card pool by the
names the observation already holds (card text is public, 200-209).

An option's ``id`` is ``"kind:a:b"``: stable for the life of the decision (it never
renumbers as the player picks), and what the client sends back.
"""

from __future__ import annotations

from typing import Any

from karn.engine.observation import Observation, PermanentView, StackItemView
from karn.game import Game


def option_id(kind: str, a: int, b: int) -> str:
    return f"{kind}:{a}:{b}"


def parse_option_id(text: str) -> tuple[str, int, int] | None:
    """``"kind:a:b"`` back to its parts (None if it is not one)."""
    parts = text.split(":")
    if len(parts) != 3 or not parts[0] or len(text) > 80:
        return None
    try:
        return parts[0], int(parts[1]), int(parts[2])
    except ValueError:
        return None


def player_ref(encoded: int) -> int:
    """A player encoded as a negative number in targets and attacks (-1: player 0)."""
    return -encoded - 1


class CardTexts:
    """The printed text of the cards a table shows, by name (public information)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._cache: dict[str, dict[str, Any]] = {}

    def card(self, oid: int, name: str) -> dict[str, Any]:
        info = self._cache.get(name)
        if info is None:
            try:
                face = self.game.face(name)
            except KeyError:
                info = {"name": name, "mana_cost": "", "type_line": "", "text": ""}
            else:
                info = {
                    "name": face.name,
                    "mana_cost": face.mana_cost or "",
                    "type_line": face.type_line,
                    "text": face.text,
                    "power": face.power,
                    "toughness": face.toughness,
                    "loyalty": face.loyalty,
                }
            self._cache[name] = info
        return {"id": oid, **info}


def _permanent(p: PermanentView, texts: CardTexts) -> dict[str, Any]:
    out = texts.card(p.id, p.name)
    out.update(
        controller=p.controller,
        owner=p.owner,
        types=list(p.types),
        subtypes=list(p.subtypes),
        colors=list(p.colors),
        power=p.power,
        toughness=p.toughness,
        keywords=list(p.keywords),
        counters=dict(p.counters),
        tapped=p.tapped,
        damage=p.damage,
        sick=p.sick,
        token=p.token,
        attached_to=p.attached_to,
        attacking=None if p.attacking is None else _ref(p.attacking),
        blocking=list(p.blocking),
    )
    return out


def _ref(encoded: int) -> dict[str, Any]:
    """A target or an attacked thing: a player (encoded negative) or an object."""
    if encoded < 0:
        return {"player": player_ref(encoded)}
    return {"object": encoded}


def _stack_item(item: StackItemView, texts: CardTexts, game: Game) -> dict[str, Any]:
    out = texts.card(item.id, item.name)
    if item.kind == "ability" and item.ability is not None:
        try:
            out["text"] = _ability_text(game, item.ability)
        except KeyError:
            pass
    out.update(
        kind=item.kind,
        controller=item.controller,
        source=item.source,
        targets=[_ref(t) for slot in item.targets for t in slot],
        x=item.x,
    )
    return out


def _ability_text(game: Game, ability_id: str) -> str:
    ability = game.pool.ability(ability_id)
    text = getattr(ability, "text", None)
    return str(text) if text else ability_id


def seat_labels(obs: Observation, names: list[str]) -> list[str]:
    """How each player is called at this table: "You" for the viewer."""
    return ["You" if obs.player == i else names[i] for i in range(len(obs.players))]


def table_view(game: Game, seat: int | None, settings: dict[str, Any] | None = None) -> dict[str, Any]:
    """The table as ``seat`` sees it (None: a spectator)."""
    obs = game.observation(seat, log_from=0) if seat is not None else game.public_observation(log_from=0)
    texts = CardTexts(game)
    names = [p.name for p in obs.players]
    labels = seat_labels(obs, names)
    players = []
    for pv in obs.players:
        players.append(
            {
                "index": pv.index,
                "name": pv.name,
                "label": labels[pv.index],
                "life": pv.life,
                "poison": pv.poison,
                "library": pv.library_size,
                "hand_size": pv.hand_size,
                "graveyard": [texts.card(c.id, c.name) for c in pv.graveyard],
                "exile": [texts.card(c.id, c.name) for c in pv.exile],
                "mana_pool": dict(pv.mana_pool),
                "lost": pv.lost,
                "won": pv.won,
            }
        )
    prompt: dict[str, Any] | None = None
    d = obs.decision
    if d is not None:
        visible = {c.id for c in obs.hand} | {p.id for p in obs.battlefield} | {s.id for s in obs.stack}
        for pv in obs.players:
            visible.update(c.id for c in pv.graveyard)
            visible.update(c.id for c in pv.exile)
        options = [
            {"id": option_id(o.kind, o.a, o.b), "kind": o.kind, "label": o.label, "card": _option_card(o.a, visible)}
            for o in d.options
        ]
        prompt = {
            "kind": d.kind,
            "rule": d.rule,
            "text": d.prompt,
            "options": options,
            "default": _default_option(d.kind, options),
            "multi": d.kind in ("attackers", "blockers"),
        }
    waiting = None if obs.decider is None else labels[obs.decider]
    return {
        "you": seat,
        "spectator": seat is None,
        "turn": obs.turn,
        "step": obs.step,
        "active": obs.active,
        "priority": obs.priority,
        "over": obs.over,
        "winner": obs.winner,
        "players": players,
        "hand": [texts.card(c.id, c.name) for c in obs.hand],
        "battlefield": [_permanent(p, texts) for p in obs.battlefield],
        "stack": [_stack_item(s, texts, game) for s in obs.stack],
        "log": [{"rule": e.rule, "text": e.text, "turn": e.turn} for e in obs.log],
        "decider": obs.decider,
        "waiting_for": waiting,
        "decision_kind": obs.decision_kind,
        "prompt": prompt,
        "settings": settings or {},
    }


def _option_card(a: int, visible: set[int]) -> int | None:
    """The object or player an option is about (for choosing it by clicking it on the table):
    an object the seat can see, or a player (encoded negative, -1: player 0)."""
    if a in visible or a < 0:
        return a
    return None


_DEFAULTS = ("pass", "keep", "done", "pay", "ok", "no")


def _default_option(kind: str, options: list[dict[str, Any]]) -> str | None:
    """What space/enter answers: passing, keeping, being done, paying automatically."""
    for wanted in _DEFAULTS:
        for o in options:
            if o["kind"] == wanted:
                return str(o["id"])
    return str(options[0]["id"]) if len(options) == 1 else None


__all__ = ["option_id", "parse_option_id", "player_ref", "table_view"]
