"""Cards as the table shows them: current characteristics and rules text."""

from __future__ import annotations

from karn.cards.database import CardFace
from karn.engine.observation import CombatView, PermanentView
from karn.engine.values import ref_player
from karn.game import Game
from karn.table.model import CardInfo
from karn.table.voice import Voice

#: 708.2a: how the table names a face-down permanent or spell (it has no name)
FACE_DOWN_NAME = "Face-down 2/2"


def face_of(game: Game, name: str) -> CardFace | None:
    """The card's Oracle face (None for a token or a card the pool doesn't hold)."""
    try:
        return game.face(name)
    except (KeyError, LookupError):
        return None


def type_line(supertypes: tuple[str, ...], types: tuple[str, ...], subtypes: tuple[str, ...]) -> str:
    """ "Legendary Creature — Elf Druid" from lower-case types (205)."""
    left = " ".join(t.capitalize() for t in (*supertypes, *types))
    right = " ".join(t.capitalize() for t in subtypes)
    return f"{left} — {right}" if right else left


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None  # "*", "1+*": a characteristic-defining ability sets it


def card_in_zone(game: Game, oid: int, name: str, zone: str, owner: int) -> CardInfo:
    """A card off the battlefield (hand, graveyard, exile): its own characteristics."""
    face = face_of(game, name)
    if face is None:
        return CardInfo(id=oid, name=name, zone=zone, owner=owner, controller=owner, type_line="")
    return CardInfo(
        id=oid,
        name=name,
        zone=zone,
        owner=owner,
        controller=owner,
        type_line=face.type_line,
        mana_cost=face.mana_cost or "",
        text=face.text,
        power=_int(face.power),
        toughness=_int(face.toughness),
        loyalty=_int(face.loyalty),
        keywords=tuple(k.lower() for k in face.keywords),
        types=face.types,
    )


def defender_name(voice: Voice, ref: int, names: dict[int, str]) -> str:
    """Whom an attacker attacks, in words: a player (encoded negative) or a planeswalker."""
    if ref < 0:
        p = ref_player(ref)
        return "you" if p == voice.viewer else voice.seat_name(p)
    return f"{names.get(ref, '?')} (#{ref})"


def permanent(
    game: Game,
    p: PermanentView,
    voice: Voice,
    attachments: tuple[int, ...],
    combat: CombatView | None,
    names: dict[int, str],
    active: int,
    faces: dict[int, str] | None = None,
) -> CardInfo:
    """A permanent with its characteristics now (613) and its state (`active`: whose turn).
    ``faces``: the face-down objects the viewer may look at and the cards they are (708.5)."""
    face = face_of(game, p.name) if not p.face_down else None
    blocked_by: tuple[int, ...] = ()
    if combat is not None and p.attacking is not None:
        blocked_by = tuple(sorted(b for b, atts in combat.blockers.items() if p.id in atts))
    creature = p.power is not None
    return CardInfo(
        id=p.id,
        name=FACE_DOWN_NAME if p.face_down else p.name,
        zone="battlefield",
        owner=p.owner,
        controller=p.controller,
        type_line=type_line(p.supertypes, p.types, p.subtypes),
        mana_cost=(face.mana_cost or "") if face is not None else "",
        text=face.text if face is not None else "",
        power=p.power,
        toughness=p.toughness,
        loyalty=p.counters.get("loyalty") if "planeswalker" in p.types else None,
        keywords=p.keywords,
        counters={k: v for k, v in p.counters.items() if k != "loyalty" or "planeswalker" not in p.types},
        tapped=p.tapped,
        damage=p.damage,
        # 302.6, 702.10b: it matters in its controller's turn, for a creature without haste
        sick=p.sick and creature and "haste" not in p.keywords and p.controller == active,
        token=p.token,
        attached_to=p.attached_to,
        attachments=attachments,
        attacking=defender_name(voice, p.attacking, names) if p.attacking is not None else "",
        blocking=p.blocking,
        blocked_by=blocked_by,
        types=p.types,
        colors=p.colors,
        face_down=p.face_down,
        face=(faces or {}).get(p.id, "") if p.face_down else "",
    )


def describe_card(card: CardInfo, names: dict[int, str] | None = None) -> str:
    """The card's text block, as ``?`` shows it: name and cost, type line, rules text,
    power/toughness, and its state on the battlefield."""
    names = names or {}
    head = f"{card.name} (#{card.id})" + (f"  {card.mana_cost}" if card.mana_cost else "")
    if card.face:
        head += f"  [face down: {card.face}]"  # 708.5: its controller may look at it
    lines = [head, card.type_line] if card.type_line else [head]
    if card.text:
        lines.append(card.text)
    if card.power is not None:
        lines.append(f"{card.power}/{card.toughness}")
    if card.loyalty is not None:
        lines.append(f"Loyalty: {card.loyalty}")
    state = card_state(card, names)
    if state:
        lines.append(f"[{state}]")
    return "\n".join(lines)


def card_state(card: CardInfo, names: dict[int, str]) -> str:
    """ "tapped, summoning sick, 2 damage, attacking Opponent": what the board shows
    beside a permanent's name."""
    bits: list[str] = []
    if card.tapped:
        bits.append("tapped")
    if card.sick:
        bits.append("summoning sick")
    if card.damage:
        bits.append(f"{card.damage} damage")
    bits.extend(f"{v} {k} counter{'s' if v != 1 else ''}" for k, v in card.counters.items())
    if card.attached_to is not None:
        bits.append(f"attached to {names.get(card.attached_to, '?')} (#{card.attached_to})")
    if card.attachments:
        bits.append("with " + ", ".join(f"{names.get(a, '?')} (#{a})" for a in card.attachments))
    if card.attacking:
        bits.append(f"attacking {card.attacking}")
    if card.blocking:
        bits.append("blocking " + ", ".join(f"{names.get(a, '?')} (#{a})" for a in card.blocking))
    if card.blocked_by:
        bits.append("blocked by " + ", ".join(f"{names.get(b, '?')} (#{b})" for b in card.blocked_by))
    if card.token:
        bits.append("token")
    return ", ".join(bits)
