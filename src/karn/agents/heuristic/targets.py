"""Which targets a spell could choose (115), judged from the observation alone.

The engine offers the exact legal targets once a spell is being cast; before that
(deciding whether a card in hand is worth casting) the agent estimates them from the
public characteristics: the filter (:func:`karn.engine.filters.characteristics_match`),
shroud and hexproof (702.18, 702.11b), players still in the game.
"""

from __future__ import annotations

from karn import ir
from karn.agents.heuristic.situation import Situation
from karn.engine.filters import characteristics_match, has_x, object_matches, with_x
from karn.engine.observation import PermanentView
from karn.engine.state import BATTLEFIELD, GRAVEYARD, STACK, player_ref


def _printed(value: str | None) -> int | None:
    """A card's printed power or toughness in a graveyard (208.2a: "*" is 0 there unless
    a characteristic-defining ability says otherwise; the agent guesses 0)."""
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        return 0


def matches(v: Situation, p: PermanentView, f: ir.Filter, source: int = 0) -> bool:
    """Does permanent `p` match `f` ("you" being the agent)?"""
    if f.zone != BATTLEFIELD:
        return False
    if f.other and source and p.id == source:
        return False
    return object_matches(
        f,
        p,
        p.controller,
        p.owner,
        v.me,
    )


def candidates(v: Situation, spec: ir.TargetSpec, source: int = 0) -> list[int]:
    """The targets the agent could choose for one target slot (players encoded negative)."""
    me = v.me
    out: list[int] = []
    if spec.players is not None:
        for pl in v.obs.players:
            if pl.lost:
                continue
            if spec.players == "any" or (spec.players == "opponent") == (pl.index != me):
                out.append(player_ref(pl.index))
    f = spec.objects
    if f is None:
        return out
    if has_x(f):
        f = with_x(f, None)  # "with power X or less": the agent may choose any X (107.3)
    if f.zone == BATTLEFIELD:
        for p in v.obs.battlefield:
            if not matches(v, p, f, source):
                continue
            if "shroud" in p.keywords or ("hexproof" in p.keywords and p.controller != me):
                continue
            out.append(p.id)
    elif f.zone == STACK:
        for item in v.obs.stack:
            if item.kind != "spell" or item.id == source:
                continue  # "target spell": not an ability (113.1)
            face = v.cards.face(item.name)
            if characteristics_match(
                f,
                face.types,
                face.subtypes,
                face.supertypes,
                face.colors,
                item.controller,
                item.owner,
                me,
                mana_value=face.mana_value,  # X aside (202.3e): a guess, the engine decides
            ):
                out.append(item.id)
    elif f.zone == GRAVEYARD:
        for pl in v.obs.players:
            for card in pl.graveyard:
                face = v.cards.face(card.name)
                if characteristics_match(
                    f,
                    face.types,
                    face.subtypes,
                    face.supertypes,
                    face.colors,
                    pl.index,
                    pl.index,
                    me,
                    mana_value=face.mana_value,
                    power=_printed(face.power),
                    toughness=_printed(face.toughness),
                ):
                    out.append(card.id)
    return out
