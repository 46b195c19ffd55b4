"""Characteristics of objects with continuous effects applied layer by layer (611-613).

The starting point is an object's copiable values (613.1-613.2: the printed
card from the pool, or the token's definition). Then every continuous effect —
from static abilities (604, 611.3) and from resolved spells and abilities
(611.2), all as :mod:`karn.engine.modifications` — is applied in layer order
(613.1): 2 control, 3 text, 4 type, 5 color, 6 abilities, 7a-7d power and
toughness, then effects on the rules (613.11).

Within a layer, characteristic-defining abilities come first (613.3), then
effects in timestamp order (613.7) unless one depends on another (613.8): a
dependent effect waits until the effects it depends on are applied; effects
in a dependency loop fall back to timestamp order. The set of objects an
effect from a static ability affects is determined when the effect starts to
apply, then kept for its later layers, even if the ability is removed (613.6);
an effect whose ability was removed before it started to apply doesn't apply.

A static ability's values are read each time characteristics are computed: a
characteristic-defining ability's count (604.3, "the number of card types among
cards in all graveyards") as its layer applies, a chosen color from its object
(607.2a). An ability granted in layer 6 generates its own effects from then on,
with the timestamp of 613.7a. Characteristic-defining abilities function in every
zone (604.3), and a static ability may reach objects outside the battlefield
("all cards that aren't on the battlefield"): :func:`offfield_chars`.

Characteristics are a pure function of the state and the card pool; the
context caches them by the state's version.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import msgspec

from karn import ir
from karn.cards.pool import (
    BASIC_LAND_MANA,
    CardPool,
    ability_id,
    intrinsic_ability,
    linked_key,
    nested_id,
    quoted_abilities,
)
from karn.engine.filters import characteristics_match, object_matches
from karn.engine.modifications import (
    LAYER_ORDER,
    AddAbilities,
    AddColors,
    AddTypes,
    AttackUnless,
    BlockLimit,
    ContinuousEffect,
    ControlledBySource,
    Modification,
    ModifyPowerToughness,
    ObjectRules,
    RemoveAbilities,
    RemoveTypes,
    Restriction,
    SetColors,
    SetController,
    SetCreatureTypes,
    SetLandTypes,
    SetPowerToughness,
    SetTypes,
    SwitchPowerToughness,
    TextChange,
    mod_text,
)
from karn.engine.state import BATTLEFIELD, EXILE, STACK, GameState, Obj
from karn.engine.values import CopyValues, QuantityLeaf, TokenDef, chosen_for, quantity
from karn.ir.keywords import KEYWORD_COUNTERS  # 122.1b: they give the keyword in layer 6 (613.1f)
from karn.ir.subtypes import COLOR_NAMES, CREATURE_TYPES, LAND_TYPES, goes_with, kind_of

#: "Any number" of attackers a creature can block (509.1a).
ANY_NUMBER = 1_000


@dataclass(slots=True)
class Chars:
    """An object's characteristics as the game sees them now (109.3), plus its controller.

    ``abilities`` and ``ability_ids`` run in parallel: each ability with its stable id in
    the card pool, so an ability granted (layer 6) or copied (707) is found again when it
    is activated, triggers or resolves.
    """

    name: str
    types: frozenset[str]
    subtypes: frozenset[str]
    supertypes: frozenset[str]
    colors: frozenset[str]
    power: int
    toughness: int
    keywords: set[str]
    controller: int
    abilities: tuple[ir.Ability, ...]
    ability_ids: tuple[str, ...] = ()
    cant_attack: bool = False
    cant_block: bool = False
    max_blocks: int = 1  # 509.1a: how many attackers it may block
    mana_value: int = 0
    printed_keywords: frozenset[str] = field(default_factory=frozenset)
    retyped: bool = False  # a layer 4 effect changed its types (305.6 abilities are looked at again)
    # 612.1, 613.1c: the words layer 3 replaced in its text, in order: (kind, old, new)
    text_changes: tuple[tuple[ir.TextWordKind, str, str], ...] = ()
    # 508.1d, 509.1b: "can't be blocked", "attacks each combat if able" ... (ir.ObjectRuleKind)
    object_rules: frozenset[str] = frozenset()
    # 508.1c: it can attack only a player who controls a land of one of these subtypes
    attack_needs: frozenset[str] = frozenset()

    def is_(self, t: str) -> bool:
        return t in self.types

    def copy(self) -> Chars:
        return Chars(
            self.name,
            self.types,
            self.subtypes,
            self.supertypes,
            self.colors,
            self.power,
            self.toughness,
            set(self.keywords),
            self.controller,
            self.abilities,
            self.ability_ids,
            self.cant_attack,
            self.cant_block,
            self.max_blocks,
            self.mana_value,
            self.printed_keywords,
            self.retyped,
            self.text_changes,
            self.object_rules,
            self.attack_needs,
        )


def final_chapter(c: Chars) -> int:
    """714.2d: a Saga's final chapter number: the greatest among its chapter abilities (0
    without any)."""
    return max(
        (
            n
            for ab in c.abilities
            if isinstance(ab, ir.Triggered) and ab.trigger.event == "chapter"
            for n in ab.trigger.chapters
        ),
        default=0,
    )


def _int(v: str | None) -> int:
    try:
        return int(v) if v is not None else 0
    except ValueError:
        return 0  # 208.2a: a "*" is 0 until a characteristic-defining ability says otherwise


# ---------------------------------------------------------------------------- modifications as the layers read them


@dataclass(frozen=True, slots=True)
class CountedPT:
    """Layer 7b (7a for a characteristic-defining ability): power and/or toughness set to
    amounts read as the layer applies ("equal to the number of card types among cards in all
    graveyards", 604.3; "equal to its mana value"). Only static abilities have these: an
    effect of a resolved spell or ability locks its numbers in as it begins (608.2h)."""

    power: ir.Amount | None
    toughness: ir.Amount | None

    layer = "7b"


@dataclass(frozen=True, slots=True)
class CountedModifyPT:
    """Layer 7c (613.4c): power and toughness changed by amounts a static ability reads as the
    layer applies ("Enchanted creature gets +X/+X, where X is the number of ...")."""

    power: ir.Quantity
    toughness: ir.Quantity

    layer = "7c"


LayerMod = Modification | CountedPT | CountedModifyPT


def layer_of(mod: LayerMod, cda: bool = False) -> str:
    """The layer or sublayer a modification applies in (613.1-613.4)."""
    if cda and isinstance(mod, (SetPowerToughness, CountedPT)):
        return "7a"
    return mod.layer


def modifications_of(
    m: ir.Modify,
    chosen: Mapping[str, str] | None = None,
    quoted: tuple[str, ir.Ability] | None = None,
    amount: Any = None,
) -> tuple[LayerMod, ...]:
    """An IR :class:`~karn.ir.Modify` as layered modifications: "gets +N/+N" (7c), keywords
    and quoted abilities (6), the rules (613.11), and its other changes in their layers.

    ``chosen``: the values chosen for the source as it entered (607.2a) and, for a resolving
    effect, the ones chosen as it resolves; ``quoted``: the id and IR of the ability that
    holds this Modify, so a quoted ability it grants gets its id (:func:`nested_id`);
    ``amount``: how a resolving effect reads a number (locked in, 608.2h) — without it the
    numbers a static ability counts are read each time the layer applies (:class:`CountedPT`).
    """
    chosen = chosen or {}
    out: list[LayerMod] = []
    if m.control:
        out.append(ControlledBySource())  # 613.1b: "You control enchanted creature"
    for change in m.changes:
        out.extend(_change(change, chosen, quoted, amount))
    if m.power or m.toughness:
        out.append(ModifyPowerToughness(m.power, m.toughness))
    if m.add_keywords:
        keywords = chosen_keywords(m.add_keywords, chosen)
        if keywords:
            out.append(AddAbilities(keywords=keywords))
    if m.cant_attack or m.cant_block:
        out.append(Restriction(m.cant_attack, m.cant_block))
    if m.extra_blocks:
        out.append(BlockLimit(m.extra_blocks))
    return tuple(out)


def _change(
    change: ir.Change,
    chosen: Mapping[str, str],
    quoted: tuple[str, ir.Ability] | None,
    amount: Any,
) -> list[LayerMod]:
    if isinstance(change, ir.ObjectRule):
        return [ObjectRules((str(change.kind),))]
    if isinstance(change, ir.AttackUnlessDefenderControls):
        return [AttackUnless(change.subtype)]
    if isinstance(change, ir.SetBasePT):
        p, t = change.power, change.toughness
        if amount is not None:
            return [
                SetPowerToughness(
                    None if p is None else int(amount(p)), None if t is None else int(amount(t))
                )
            ]
        if (p is None or isinstance(p, int)) and (t is None or isinstance(t, int)):
            return [SetPowerToughness(p, t)]
        return [CountedPT(p, t)]
    if isinstance(change, ir.AddPT):
        # 613.4c: "gets +X/+X"; a resolving effect's numbers are locked in (608.2h)
        if amount is not None:
            return [ModifyPowerToughness(int(amount(change.power)), int(amount(change.toughness)))]
        return [CountedModifyPT(change.power, change.toughness)]
    if isinstance(change, ir.SwitchPT):
        return [SwitchPowerToughness()]
    if isinstance(change, ir.AddTypes):
        subtypes = change.subtypes
        if change.chosen_subtype:
            subtypes += tuple(v for v in (chosen.get("creature_type"),) if v)
        return [AddTypes(change.types, subtypes, change.supertypes)]
    if isinstance(change, ir.SetTypes):
        return [SetTypes(change.types, change.subtypes)]
    if isinstance(change, ir.SetLandTypes):
        return [SetLandTypes(change.subtypes)]
    if isinstance(change, ir.SetCreatureTypes):
        subtypes = change.subtypes
        if change.chosen:
            subtypes += tuple(v for v in (chosen.get("creature_type"),) if v)
        return [SetCreatureTypes(subtypes)]
    if isinstance(change, ir.SetColors):
        colors = change.colors
        if change.chosen or change.choose:
            key = "color" if change.chosen else "color_choice"
            colors += tuple(v for v in (chosen.get(key),) if v)
        return [SetColors(colors)]
    if isinstance(change, ir.AddColors):
        colors = change.colors
        if change.chosen:
            colors += tuple(v for v in (chosen.get("color"),) if v)
        return [AddColors(colors)] if colors else []
    if isinstance(change, ir.LoseAbilities):
        return [RemoveAbilities(keywords=change.keywords, everything=change.everything)]
    # GainAbility: the quoted ability, by its id (113.2c)
    if quoted is None:
        return []
    parent_id, parent = quoted
    for i, q in enumerate(quoted_abilities(parent)):
        if q is change.ability:
            return [AddAbilities(abilities=(nested_id(parent_id, i),))]
    return []


#: 702.16a with 607.2a: a protection keyword naming the color chosen as its source entered.
PROTECTION_CHOSEN_COLOR = "protection from the chosen color"
#: 702.16a with 608.2d: "... of your choice" is chosen as the effect begins ("protection from
#: the color of your choice", "protection from artifacts or from the color of your choice").
PROTECTION_CHOICE_SUFFIX = "the color of your choice"


def chosen_keywords(keywords: tuple[str, ...], chosen: Mapping[str, str]) -> tuple[str, ...]:
    """Keywords with their chosen qualities filled in: "protection from the chosen color" with
    the color chosen as the source entered (607.2a), "protection from the color of your choice"
    with the quality chosen as the effect began (608.2d); without a choice, no such keyword."""
    out: list[str] = []
    for k in keywords:
        if k == PROTECTION_CHOSEN_COLOR:
            color = chosen.get("color")
            if color:
                out.append("protection from " + COLOR_NAMES.get(color, color))
        elif k.endswith(PROTECTION_CHOICE_SUFFIX):
            picked = chosen.get("protection_choice")
            if picked:
                out.append("protection from " + picked)
        else:
            out.append(k)
    return tuple(out)


def uses_chosen(m: ir.Modify) -> bool:
    """Does this Modify read a value chosen for its source (607.2a)?"""
    if PROTECTION_CHOSEN_COLOR in m.add_keywords:
        return True
    for c in m.changes:
        if isinstance(c, ir.AddTypes) and c.chosen_subtype:
            return True
        if isinstance(c, (ir.SetCreatureTypes, ir.AddColors)) and c.chosen:
            return True
        if isinstance(c, ir.SetColors) and (c.chosen or c.choose):
            return True
    return False


# ---------------------------------------------------------------------------- printed (copiable) values

_FACE_DOWN_TYPES = frozenset({"creature"})
_NO_VALUES: frozenset[str] = frozenset()
_FACE_DOWN_VALUES = CopyValues(face_down=True)


def face_down_chars(controller: int) -> Chars:
    """708.2a, 702.37a, 701.40a: the characteristics of a face-down spell or permanent: a
    colorless 2/2 creature with no text, no name, no subtypes and no mana cost (layer 1b,
    613.2b); these are its copiable values (613.2c)."""
    return Chars(
        name="",
        types=_FACE_DOWN_TYPES,
        subtypes=_NO_VALUES,
        supertypes=_NO_VALUES,
        colors=_NO_VALUES,
        power=2,
        toughness=2,
        keywords=set(),
        controller=controller,
        abilities=(),
    )


class Printed:
    """Printed characteristics (the 613.1 starting point) of the cards of one pool,
    built once per card name and shared by copies of a game."""

    __slots__ = ("pool", "_templates", "memo")

    def __init__(self, pool: CardPool) -> None:
        self.pool = pool
        self._templates: dict[str, Chars] = {}
        # Other per-card-name facts derived from the pool by procedures ((kind, name) -> value).
        self.memo: dict[tuple[str, Any], Any] = {}

    def of(self, o: Obj, copy: CopyValues | None = None) -> Chars:
        """Copiable values of a card or token (a fresh, mutable copy): the printed ones, or
        those of the copy effect it has (707.2, 613.2a; ``copy`` overrides ``o.copy_of``)."""
        if o.emblem is not None:
            return self._emblem(o)
        if o.face_down and copy is None:
            # 613.2b, 708.2a: layer 1b after the copy effects of 1a: a face-down object is a 2/2
            # creature with no text, no name, no subtypes and no mana cost, whatever it copies
            # (708.10: it stays face down, 707.3 examples)
            return face_down_chars(o.controller)
        values = copy if copy is not None else o.copy_of
        if values is not None and values.face_down:
            return face_down_chars(o.controller)  # 707.2: a copy of a face-down object, face up
        if values is not None:
            c = self._token(values.token, o) if values.token is not None else self._card(values.name, o)
            if values.token is None and self._transform_back(values.name):
                c.mana_value = 0  # 712.8e: a copy of a transformed permanent's back face
            if values.types or values.subtypes or values.not_supertypes:
                # 707.9b: the copy effect's exceptions are part of the copiable values
                c.types = c.types | frozenset(values.types)
                c.subtypes = c.subtypes | frozenset(values.subtypes)
                c.supertypes = c.supertypes - frozenset(values.not_supertypes)
            if (
                values.power is not None
                or values.toughness is not None
                or values.colors is not None
                or values.no_mana_cost
                or values.abilities
            ):
                self._copy_exceptions(c, values)
            return c
        if o.token is not None:
            return self._token(o.token, o)
        c = self._card(o.name, o)
        if o.x and o.zone == STACK and not o.ability:
            c.mana_value += o.x * self.x_symbols(o.name)  # 202.3e: X as chosen on the stack
        return c

    def _transform_back(self, name: str) -> bool:
        """The back face of a transforming double-faced card (712.8e)."""
        face = self.pool.face(name)
        return face.front is not None and face.layout == "transform"

    def x_symbols(self, name: str) -> int:
        """How many {X} a card's mana cost has (107.3, 202.3e)."""
        key = ("x_symbols", name)
        found: int | None = self.memo.get(key)
        if found is None:
            found = self.memo[key] = (self.pool.face(name).mana_cost or "").upper().count("{X}")
        return found

    def _copy_exceptions(self, c: Chars, values: CopyValues) -> None:
        """707.9a-d: a copy's power and toughness, colors or mana cost set by the copy effect
        (the copied characteristic-defining ability for them is not copied, 707.9d: "except
        it's 7/7"; embalm's "it's white ... with no mana cost", 702.128a; eternalize's 4/4
        black, 702.129a), and the abilities it gains as part of the copying (707.9a)."""
        if values.power is not None:
            c.power = values.power
        if values.toughness is not None:
            c.toughness = values.toughness
        if values.colors is not None:
            c.colors = frozenset(values.colors)  # 707.9d: a copied devoid doesn't define them
        if values.no_mana_cost:
            c.mana_value = 0  # 202.3a: an object with no mana cost has mana value 0
        dropped = _cda_changes(values)
        kept = [
            (ab, aid)
            for ab, aid in zip(c.abilities, c.ability_ids, strict=True)
            if not (dropped and isinstance(ab, ir.Static) and ab.cda and _cda_defines(ab, dropped))
        ]
        for aid in values.abilities:
            if aid not in c.ability_ids:
                ab = self.pool.ability(aid)
                kept.append((ab, aid))
                if isinstance(ab, ir.Keyword):
                    c.keywords.add(ab.name)
        c.abilities = tuple(ab for ab, _ in kept)
        c.ability_ids = tuple(aid for _, aid in kept)

    def _emblem(self, o: Obj) -> Chars:
        """114.2: an emblem has no characteristics other than its abilities; it is named here for
        the log by the card that created it."""
        assert o.emblem is not None
        return Chars(
            name=f"{o.name} emblem",
            types=frozenset(),
            subtypes=frozenset(),
            supertypes=frozenset(),
            colors=frozenset(),
            power=0,
            toughness=0,
            keywords=set(),
            controller=o.controller,
            abilities=tuple(self.pool.ability(a) for a in o.emblem),
            ability_ids=o.emblem,
            printed_keywords=frozenset(),
        )

    def _token(self, tok: TokenDef, o: Obj) -> Chars:
        c = Chars(
            name=tok.name,
            types=frozenset(tok.types),
            subtypes=frozenset(tok.subtypes),
            supertypes=frozenset(tok.supertypes),
            colors=frozenset(tok.colors),
            power=tok.power,
            toughness=tok.toughness,
            keywords=set(tok.keywords),
            controller=o.controller,
            abilities=tuple(ir.Keyword(k) for k in tok.keywords)
            + tuple(self.pool.ability(a) for a in tok.abilities),  # 111.4: its quoted abilities
            ability_ids=tuple(f"keyword:{k}" for k in tok.keywords) + tok.abilities,
            printed_keywords=frozenset(tok.keywords),
        )
        if c.subtypes:
            _intrinsic_land_abilities(c)
        _keyword_cdas(c)
        return c

    def _card(self, name: str, o: Obj) -> Chars:
        t = self._templates.get(name)
        if t is None:
            face = self.pool.face(name)
            compiled = self.pool.compiled(name)
            kws = frozenset(a.name for a in compiled.abilities if isinstance(a, ir.Keyword))
            mana_value = face.mana_value
            if face.front is not None and face.layout == "transform":
                # 712.8e, 202.3b: a transformed permanent's mana value is its front face's
                mana_value = self.pool.face(self.pool.card_name(name)).mana_value
            t = self._templates[name] = Chars(
                name=face.name,
                types=frozenset(face.types),
                subtypes=frozenset(face.subtypes),
                supertypes=frozenset(face.supertypes),
                colors=frozenset(face.colors),
                power=_int(face.power),
                toughness=_int(face.toughness),
                keywords=set(kws),
                controller=0,
                abilities=compiled.abilities,
                ability_ids=tuple(ability_id(face.name, i) for i in range(len(compiled.abilities))),
                mana_value=mana_value,
                printed_keywords=kws,
            )
            if t.subtypes:
                _intrinsic_land_abilities(t)
            _keyword_cdas(t)
        c = t.copy()
        c.controller = o.controller
        if o.bestowed:
            # 702.103b: an Aura enchantment with enchant creature, no longer a creature (its
            # creature types go with its card type, 205.3d)
            c.types = (c.types - {"creature"}) | {"enchantment"}
            c.subtypes = frozenset({"aura"})
        return c

    def statics(self, c: Chars) -> bool:
        """Does this ability list have a static ability (cached by the list)?"""
        key = ("statics", c.ability_ids)
        found: bool | None = self.memo.get(key)
        if found is None:
            found = self.memo[key] = any(isinstance(a, ir.Static) for a in c.abilities)
        return found

    def cdas(self, c: Chars) -> bool:
        """Does this ability list have a characteristic-defining ability (604.3)?"""
        key = ("cdas", c.ability_ids)
        found: bool | None = self.memo.get(key)
        if found is None:
            found = self.memo[key] = any(isinstance(a, ir.Static) and a.cda for a in c.abilities)
        return found

    def modifications(
        self, ability: str, static: ir.Static, index: int, chosen: Mapping[str, str]
    ) -> tuple[LayerMod, ...]:
        """The layered modifications the `index`-th :class:`~karn.ir.Modify` of a static
        ability stands for (with the values chosen for its object, 607.2a)."""
        m = static.mods[index]
        key: tuple[str, Any] = ("modify", (ability, index))
        if uses_chosen(m):
            key = ("modify", (ability, index, tuple(sorted(chosen.items()))))
        found: tuple[LayerMod, ...] | None = self.memo.get(key)
        if found is None:
            found = self.memo[key] = modifications_of(m, chosen, (ability, static))
        return found


# ---------------------------------------------------------------------------- the effects


@dataclass(slots=True)
class _Effect:
    """A continuous effect while the layers are applied."""

    timestamp: tuple[int, int]  # 613.7 (a granted ability's effects: 613.7a)
    mods: tuple[LayerMod, ...]
    source: int
    controller: int
    affected: list[int] | None  # None: not yet determined (a static ability's selector)
    selector: ir.Selector | None = None
    ability: str = ""  # for a static ability: its id (it must still be there to start applying)
    cda: bool = False
    order: int = 0  # creation order, for stable sorting
    kind: str = "resolved"  # "static", "resolved", "counter"
    text: str = ""
    only_if: ir.Filter | None = None  # 611.3a "as long as it is a TYPE": the objects must match
    while_source: bool = False  # "for as long as you control ~" (611.2b)
    alt_paid: str = ""  # 702.109a "as long as its dash cost was paid": the objects' Obj.alt_cost
    condition: ir.Condition | None = None  # 611.3a "as long as you control three or more artifacts"


@dataclass(slots=True)
class Step:
    """One line of a derivation (``karn explain``): in ``layer``, ``effect`` applied to the
    object, ordered by ``why`` (613.3 CDA first, 613.7 timestamp, 613.8 dependency)."""

    layer: str
    source: int
    text: str
    timestamp: tuple[int, int]
    why: str
    before: str
    after: str


@dataclass(slots=True)
class _Env:
    """What applying the layers needs besides the effects."""

    s: GameState
    printed: Printed
    chars: dict[int, Chars]  # the objects whose characteristics are being computed
    battlefield: dict[int, Chars]  # the permanents' characteristics (``chars`` itself on the battlefield)
    zone_dependent: bool = False  # a count read a zone other than the battlefield
    life_dependent: bool = False  # a condition read a life total ("as long as you have 30 or more life")
    trace: dict[int, list[Step]] | None = None  # object id -> its derivation, when explaining


@dataclass(slots=True)
class Field:
    """The characteristics of every permanent, and what other zones need (604.3, 611.3):
    the static abilities' effects that reach objects outside the battlefield."""

    chars: dict[int, Chars]
    reach: list[_Effect]
    zone_dependent: bool  # a number counted among other zones' objects (a new count on any zone change)
    life_dependent: bool = False  # a static ability's condition read a life total (611.3a)


def _static_effects(
    s: GameState,
    oid: int,
    c: Chars,
    printed: Printed,
    start: int,
    only: tuple[str, ...] | None = None,
    granted_at: int = 0,
) -> list[_Effect]:
    """The effects of an object's static abilities (611.3), with its timestamp (613.7a);
    ``only``: just these abilities (granted ones, with the granting effect's timestamp)."""
    o = s.objects[oid]
    out: list[_Effect] = []
    for ab, aid in zip(c.abilities, c.ability_ids, strict=True):
        if not isinstance(ab, ir.Static) or (only is not None and aid not in only):
            continue
        ts = (max(o.timestamp, granted_at), granted_at)
        for k, m in enumerate(ab.mods):
            out.append(
                _Effect(
                    ts,
                    printed.modifications(aid, ab, k, chosen_for(o.chosen, aid)),
                    oid,
                    c.controller,
                    None,
                    m.affected,
                    aid,
                    cda=ab.cda,
                    order=start + len(out),
                    kind="static",
                    text=ab.text,
                    only_if=m.only_if,
                    alt_paid=m.alt_paid,
                    condition=m.condition,
                )
            )
    return out


def _gather(s: GameState, chars: dict[int, Chars], printed: Printed) -> list[_Effect]:
    """Every continuous effect that may apply to permanents now (611.2, 611.3), and the
    keyword counters on them (613.1f, with their timestamps, 613.7c)."""
    out: list[_Effect] = []
    statics = printed.statics
    for oid in s.battlefield:
        c = chars[oid]
        if statics(c):
            out += _static_effects(s, oid, c, printed, len(out))
    if s.planechase is not None:
        # 901.7, 311.4: a face-up plane's static abilities affect the game from the command
        # zone; its controller is the planar controller (901.6)
        for oid in s.planechase.face_up:
            c = printed.of(s.objects[oid])
            if statics(c):
                out += _static_effects(s, oid, c, printed, len(out))
    for oid in s.emblems:
        # 114.4: an emblem's static abilities affect the game from the command zone
        c = printed.of(s.objects[oid])
        if statics(c):
            out += _static_effects(s, oid, c, printed, len(out))
    for e in s.effects:
        if e.duration == "while_you_control_source" and e.source not in chars:
            continue  # 611.2b: its source left the battlefield: the effect has ended
        out.append(_effect_of(e, len(out)))
    for oid in s.battlefield:
        o = s.objects[oid]
        if not o.counters:
            continue
        for kind, n in o.counters.items():
            if kind in KEYWORD_COUNTERS and n > 0:
                ts = o.counter_ts.get(kind, o.timestamp) if o.counter_ts else o.timestamp
                out.append(
                    _Effect(
                        (ts, 0),
                        (AddAbilities(keywords=(kind,)),),
                        oid,
                        o.controller,
                        [oid],
                        order=len(out),
                        kind="counter",
                        text=f"a {kind} counter",
                    )
                )
    return out


def _effect_of(e: ContinuousEffect, order: int) -> _Effect:
    return _Effect(
        (e.timestamp, 0),
        tuple(e.mods),
        e.source,
        e.controller,
        list(e.affected),
        order=order,
        text=f"{e.source_name}: " + "; ".join(mod_text(m) for m in e.mods) if e.source_name else "",
        while_source=e.duration == "while_you_control_source",
    )


def _in_zone(f: ir.Filter, o: Obj) -> bool:
    if f.zone == "any":
        return True
    if f.zone == "not_battlefield":
        return o.zone != BATTLEFIELD
    return f.zone == o.zone


def _reaches(sel: ir.Selector | None) -> bool:
    """Does a static ability's selector reach objects outside the battlefield?"""
    return isinstance(sel, ir.Group) and sel.filter.zone != BATTLEFIELD


def _affected(env: _Env, e: _Effect) -> list[int]:
    """The objects a static ability's effect applies to, by their current characteristics
    (and, "as long as it is a TYPE", only while it is, 611.3a)."""
    if e.condition is not None and not _condition_holds(env, e):
        return []  # 611.3a: the condition is false now: the effect doesn't apply
    found = _selected(env, e)
    if e.alt_paid:
        # 702.109a: "as long as this permanent's dash cost was paid"
        found = [oid for oid in found if env.s.objects[oid].alt_cost == e.alt_paid]
    f = e.only_if
    if f is None:
        return found
    return [
        oid
        for oid in found
        if object_matches(
            f,
            env.chars[oid],
            env.chars[oid].controller,
            env.s.objects[oid].owner,
            e.controller,
        )
    ]


def _condition_holds(env: _Env, e: _Effect) -> bool:
    """611.3a: is a static ability's condition true now? "You" is the source's controller; the
    objects it counts have the characteristics the layers gave them so far (613.1)."""
    cond = e.condition
    assert cond is not None
    src = env.battlefield.get(e.source) or env.chars.get(e.source)
    you = src.controller if src is not None else e.controller
    if cond.kind in ("your_turn", "not_your_turn"):
        return (env.s.active == you) == (cond.kind == "your_turn")  # a new turn is a new layers version
    if cond.kind != "compare":
        return False  # the compiler gives statics no other condition
    a = cond.amount
    if isinstance(a, ir.Count):
        n = count(env, a, you, 0, e.source)
    elif isinstance(a, ir.Var) and a.name == "life":
        env.life_dependent = True  # a change of a life total is then a change of characteristics
        n = env.s.players[you].life
    elif isinstance(a, int):
        n = a
    else:
        return False
    return n >= cond.value if cond.op == ">=" else n <= cond.value


def _selected(env: _Env, e: _Effect) -> list[int]:
    s, chars = env.s, env.chars
    sel = e.selector
    src = s.objects.get(e.source)
    if isinstance(sel, ir.Ref):
        if src is None:
            return []
        if sel.kind in ("enchanted", "equipped"):
            return [src.attached_to] if src.attached_to in chars else []
        if sel.kind == "self":
            return [src.id] if src.id in chars else []
        return []
    if sel is None:
        return []
    f = sel.filter
    objects = s.objects
    source = env.battlefield.get(e.source)
    controller = source.controller if source is not None else e.controller
    # 614.12a: "of the chosen color / type": chosen for this ability's linked one (607.5a)
    chosen = chosen_for(src.chosen if src is not None else None, e.ability)
    return [
        oid
        for oid, c in chars.items()
        if not (f.other and oid == e.source)
        and _in_zone(f, objects[oid])
        and characteristics_match(
            f,
            c.types,
            c.subtypes,
            c.supertypes,
            c.colors,
            c.controller,
            objects[oid].owner,
            controller,
            chosen,
            mana_value=c.mana_value,
            # 613.6: the numbers as they are when the effect starts to apply
            power=c.power,
            toughness=c.toughness,
        )
    ]


def _alive(e: _Effect, chars: dict[int, Chars]) -> bool:
    """A static ability's effect that hasn't started applying needs its ability (613.6). A
    face-up plane's (901.7, not a permanent: no layer removes its abilities) always has it."""
    if e.affected is not None or not e.ability:
        return True
    c = chars.get(e.source)
    return c is None or e.ability in c.ability_ids


# ---------------------------------------------------------------------------- counting (604.3, 608.2h)


def count(env: _Env, c: ir.Count, viewer: int, oid: int, source: int) -> int:
    """A :class:`~karn.ir.Count` as a layer applies: objects a filter describes, the card types
    among them (205.2a), or the mana value of the object modified (``Ref("affected")``) or of
    the source (``Ref("self")``); "you" is `viewer`."""
    s = env.s
    if c.what in ("linked_power", "linked_toughness"):
        return _linked_total(env, c, source)
    if c.what == "mana_value":
        target = source if c.ref is not None and c.ref.kind == "self" else oid
        ch = env.chars.get(target) or env.battlefield.get(target)
        if ch is None and target in s.objects:
            ch = env.printed.of(s.objects[target])
        return (ch.mana_value if ch is not None else 0) + c.plus
    f = c.filter or ir.Filter()
    found: list[Chars] = []
    if f.zone == BATTLEFIELD:
        for other, ch in env.battlefield.items():
            o = s.objects[other]
            if f.other and other == source:
                continue
            if object_matches(
                f,
                ch,
                ch.controller,
                o.owner,
                viewer,
            ):
                found.append(ch)
    else:
        env.zone_dependent = True
        pool = s.stack if f.zone == STACK else [x for p in s.players for x in getattr(p, f.zone, ())]
        for other in pool:
            o = s.objects[other]
            ch = env.chars.get(other) or env.printed.of(o)
            if f.other and other == source:
                continue
            if object_matches(
                f,
                ch,
                o.controller,
                o.owner,
                viewer,
            ):
                found.append(ch)
    if c.what == "card_types":
        return len({t for ch in found for t in ch.types}) + c.plus
    return len(found) + c.plus


def _linked_total(env: _Env, c: ir.Count, source: int) -> int:
    """607.2a: the total power or toughness of the cards the source exiled as it entered that
    are still in exile (a card that left exile is a new object, 400.7)."""
    s = env.s
    o = s.objects.get(source)
    if o is None or not o.exiled_with:
        return c.plus
    env.zone_dependent = True  # an exiled card leaving exile changes the total
    total = 0
    for x in o.exiled_with:
        card = s.objects.get(x)
        if card is not None and card.zone == EXILE:
            ch = env.printed.of(card)
            total += ch.power if c.what == "linked_power" else ch.toughness
    return total + c.plus


def _amount(env: _Env, a: ir.Quantity, e: _Effect, oid: int) -> int:
    if isinstance(a, int):
        return a
    return quantity(a, lambda leaf: _read(env, leaf, e, oid))


def _read(env: _Env, a: QuantityLeaf, e: _Effect, oid: int) -> int:
    """A number a static ability reads as the layer applies (604.3, 613.4)."""
    if isinstance(a, ir.Count):
        src = env.battlefield.get(e.source) or env.chars.get(e.source)
        viewer = src.controller if src is not None else e.controller
        return count(env, a, viewer, oid, e.source)
    if isinstance(a, ir.CountersOn) and a.ref.kind == "self":
        # 122.1: the counters on the source ("for each +1/+1 counter on ~")
        obj = env.s.objects.get(e.source)
        counters = obj.counters if obj is not None else {}
        return sum(counters.values()) if not a.kind else counters.get(a.kind, 0)
    return 0  # 208.2a: a number that can't be determined is 0


# ---------------------------------------------------------------------------- applying modifications


def _apply(
    mod: LayerMod, c: Chars, pool: CardPool, env: _Env | None = None, e: _Effect | None = None, oid: int = 0
) -> None:
    if isinstance(mod, SetController):
        c.controller = mod.player
    elif isinstance(mod, TextChange):
        _change_text(c, mod, pool)
    elif isinstance(mod, AddTypes):
        c.retyped = True
        c.types = c.types | set(mod.types)
        c.subtypes = c.subtypes | set(mod.subtypes)
        c.supertypes = c.supertypes | set(mod.supertypes)
    elif isinstance(mod, SetTypes):
        # 205.1a: an instant or sorcery stays one; subtypes go with their card types; the
        # subtypes named replace those of their kind.
        c.retyped = True
        types = frozenset(mod.types) | (c.types & {"instant", "sorcery"})
        kinds = {kind_of(t) for t in mod.subtypes}
        c.subtypes = frozenset(
            t for t in c.subtypes if goes_with(t, types) and kind_of(t) not in kinds
        ) | set(mod.subtypes)
        c.types = types
        if not mod.keep_supertypes:
            c.supertypes = frozenset()
    elif isinstance(mod, SetLandTypes):
        # 305.7: new land types; the abilities of its rules text and old land types are gone
        # (the new types' mana abilities come as layer 6 begins, 305.6).
        c.retyped = True
        c.subtypes = frozenset(t for t in c.subtypes if t not in LAND_TYPES) | set(mod.subtypes)
        c.abilities = ()
        c.ability_ids = ()
        c.keywords = set()
    elif isinstance(mod, SetCreatureTypes):
        c.retyped = True
        c.subtypes = frozenset(t for t in c.subtypes if kind_of(t) != "creature") | set(mod.subtypes)
    elif isinstance(mod, RemoveTypes):
        c.retyped = True
        c.types = c.types - set(mod.types)
        c.subtypes = c.subtypes - set(mod.subtypes)
        c.supertypes = c.supertypes - set(mod.supertypes)
    elif isinstance(mod, SetColors):
        c.colors = frozenset(mod.colors)
    elif isinstance(mod, AddColors):
        c.colors = c.colors | set(mod.colors)
    elif isinstance(mod, AddAbilities):
        c.keywords.update(mod.keywords)
        if mod.abilities:
            new = [a for a in mod.abilities if a not in c.ability_ids]
            c.abilities += tuple(pool.ability(a) for a in new)
            c.ability_ids += tuple(new)
    elif isinstance(mod, RemoveAbilities):
        if mod.everything:
            c.keywords = set()
            c.abilities = ()
            c.ability_ids = ()
        else:
            gone = set(mod.keywords)
            c.keywords -= gone
            kept = [
                (a, i)
                for a, i in zip(c.abilities, c.ability_ids, strict=True)
                if not (isinstance(a, ir.Keyword) and a.name in gone)
            ]
            c.abilities = tuple(a for a, _ in kept)
            c.ability_ids = tuple(i for _, i in kept)
    elif isinstance(mod, SetPowerToughness):
        if mod.power is not None:
            c.power = mod.power
        if mod.toughness is not None:
            c.toughness = mod.toughness
    elif isinstance(mod, CountedPT):
        if env is None or e is None:
            return
        if mod.power is not None:
            c.power = _amount(env, mod.power, e, oid)
        if mod.toughness is not None:
            c.toughness = _amount(env, mod.toughness, e, oid)
    elif isinstance(mod, ModifyPowerToughness):
        c.power += mod.power
        c.toughness += mod.toughness
    elif isinstance(mod, CountedModifyPT):
        if env is None or e is None:
            return
        c.power += _amount(env, mod.power, e, oid)
        c.toughness += _amount(env, mod.toughness, e, oid)
    elif isinstance(mod, SwitchPowerToughness):
        c.power, c.toughness = c.toughness, c.power
    elif isinstance(mod, Restriction):
        c.cant_attack = c.cant_attack or mod.cant_attack
        c.cant_block = c.cant_block or mod.cant_block
    elif isinstance(mod, ObjectRules):
        c.object_rules = c.object_rules | frozenset(mod.kinds)
    elif isinstance(mod, AttackUnless):
        c.attack_needs = c.attack_needs | {mod.subtype}
    elif isinstance(mod, BlockLimit):
        c.max_blocks = ANY_NUMBER if mod.extra < 0 else min(ANY_NUMBER, c.max_blocks + mod.extra)


_INTRINSIC = {t: intrinsic_ability(t) for t in BASIC_LAND_MANA}

_EVERY_CREATURE_TYPE = frozenset(CREATURE_TYPES)


def _keyword_cdas(c: Chars) -> None:
    """604.3, 613.3: the characteristic-defining keywords among the object's printed ones,
    applied first in their layers, in every zone: changeling (702.73a: every creature type,
    layer 4) and devoid (702.114a: colorless, layer 5). Effects that remove abilities apply in
    layer 6, after them."""
    if not c.printed_keywords:
        return
    if "changeling" in c.printed_keywords:
        c.subtypes = c.subtypes | _EVERY_CREATURE_TYPE
    if "devoid" in c.printed_keywords:
        c.colors = frozenset()


def _change_text(c: Chars, mod: TextChange, pool: CardPool) -> None:
    """613.1c, 612.1-612.2: replace a word in the object's text. Its type line: the subtype,
    if it is one of the kind (a land whose "Forest" becomes "Island" has the Island's mana
    ability instead, 305.6, as layer 6 begins); its rules text: each of its abilities that
    uses the word is that ability with the word replaced, under a new id the card pool
    resolves (:func:`karn.ir.text.text_changed_id`). Abilities granted by other effects come
    in layer 6, after this (612.3); a token's are its text too (612.4). Its name and its
    colors (from its mana cost, 202.2) don't change."""
    kind, old, new = mod.kind, mod.old, mod.new
    c.text_changes += ((kind, old, new),)
    if old == new:
        return
    if kind != "color" and old in c.subtypes and (kind_of(old) == "land") == (kind == "land_type"):
        c.subtypes = (c.subtypes - {old}) | {new}
        c.retyped = True
        if kind == "land_type" and old in _INTRINSIC:
            # 305.6: the old land type's mana ability goes with the word (the new one's
            # comes as layer 6 begins)
            kept = [
                (a, i)
                for a, i in zip(c.abilities, c.ability_ids, strict=True)
                if i != f"rules:{old}" and a != _INTRINSIC[old]
            ]
            c.abilities = tuple(a for a, _ in kept)
            c.ability_ids = tuple(i for _, i in kept)
    abilities: list[ir.Ability] = []
    ids: list[str] = []
    for ability, aid in zip(c.abilities, c.ability_ids, strict=True):
        changed = aid if aid.startswith("rules:") else pool.text_changed(aid, kind, old, new)
        if changed != aid:
            aid = changed
            ability = pool.ability(aid)
        abilities.append(ability)
        ids.append(aid)
    before = {a.name for a in c.abilities if isinstance(a, ir.Keyword)}
    c.abilities, c.ability_ids = tuple(abilities), tuple(ids)
    c.keywords = (c.keywords - before) | {a.name for a in abilities if isinstance(a, ir.Keyword)}


def _intrinsic_land_abilities(c: Chars) -> None:
    """305.6: a land with a basic land type has that type's mana ability (in the printed
    characteristics, and again as layer 6 begins when a layer 4 effect changed the types;
    layer 6 effects may still remove it)."""
    if "land" not in c.types:
        return
    for land_type in BASIC_LAND_MANA:
        if land_type in c.subtypes:
            aid = f"rules:{land_type}"
            if aid in c.ability_ids:
                continue
            ability = _INTRINSIC[land_type]
            if ability in c.abilities:
                continue  # the card's own text already carries it
            c.abilities += (ability,)
            c.ability_ids += (aid,)


def _pt_counters(s: GameState, chars: dict[int, Chars]) -> None:
    """613.4c: +1/+1 and -1/-1 counters modify power and toughness in layer 7c."""
    for oid, c in chars.items():
        cnt = s.objects[oid].counters
        if cnt:
            n = cnt.get("+1/+1", 0) - cnt.get("-1/-1", 0)
            c.power += n
            c.toughness += n


# ---------------------------------------------------------------------------- dependencies (613.8)


def _depends(env: _Env, a: _Effect, b: _Effect, layer: str) -> bool:
    """613.8a: does `a` depend on `b`? Applying `b` would change whether `a` exists or
    what it applies to (both in this layer; neither or both from a CDA)."""
    if a.cda != b.cda or a.affected is not None:
        return False
    chars = env.chars
    trial = {oid: c.copy() for oid, c in chars.items()}
    trial_env = _Env(env.s, env.printed, trial, trial if env.battlefield is chars else env.battlefield)
    pool = env.printed.pool
    for oid in _targets_of(trial_env, b):
        for mod in b.mods:
            if layer_of(mod, b.cda) == layer:
                _apply(mod, trial[oid], pool, trial_env, b, oid)
    if _alive(a, chars) != _alive(a, trial):
        return True
    if a.source in chars and any(isinstance(m, ControlledBySource) for m in a.mods):
        # "You control enchanted creature": `b` changing who controls the source changes what
        # `a` does (613.8a), e.g. Donate on Control Magic.
        if chars[a.source].controller != trial[a.source].controller:
            return True
    return sorted(_affected(env, a)) != sorted(_affected(trial_env, a))


def _targets_of(env: _Env, e: _Effect) -> list[int]:
    return [o for o in e.affected if o in env.chars] if e.affected is not None else _affected(env, e)


def _sort_key(e: _Effect) -> tuple[bool, tuple[int, int], int]:
    return (not e.cda, e.timestamp, e.order)


def _next(env: _Env, remaining: list[_Effect], layer: str) -> tuple[_Effect, str]:
    """613.3, 613.7, 613.8: CDAs first, then timestamps, dependencies overriding them,
    reevaluated after each effect is applied (613.8c). Returns the effect and why it's next."""
    first = remaining[0]
    if len(remaining) == 1 or layer.startswith("7") or all(e.affected is not None for e in remaining):
        return first, "613.3 characteristic-defining ability" if first.cda else "613.7 timestamp"
    waits: dict[int, list[_Effect]] = {}
    for e in remaining:
        on = [o for o in remaining if o is not e and _depends(env, e, o, layer)]
        if on:
            waits[id(e)] = on
    free = [e for e in remaining if id(e) not in waits]
    if not free:
        # 613.8b: a dependency loop: timestamp order.
        return first, "613.8b dependency loop: timestamp order"
    nxt = free[0]
    if nxt is not first:
        dependents = [e for e in remaining if any(o is nxt for o in waits.get(id(e), ()))]
        names = "; ".join(f"{_effect_name(env, e)} (timestamp {e.timestamp[0]})" for e in dependents)
        return nxt, f"613.8a-b dependency: before {names}, which depends on it"
    if nxt.cda:
        return nxt, "613.3 characteristic-defining ability"
    return nxt, "613.7 timestamp"


def _effect_name(env: _Env, e: _Effect) -> str:
    o = env.s.objects.get(e.source)
    who = f"{o.name} (object {e.source})" if o is not None else f"object {e.source}"
    text = e.text if len(e.text) <= 60 else e.text[:57] + "..."
    return f"{who}: {text!r}" if text else f"an effect of {who}"


# ---------------------------------------------------------------------------- computing


def _cda_changes(values: CopyValues) -> tuple[type, ...]:
    """The kinds of change a copy effect's exceptions define instead of the copied CDAs (707.9d)."""
    kinds: tuple[type, ...] = ()
    if values.power is not None:
        kinds += (ir.SetBasePT,)
    if values.colors is not None:
        kinds += (ir.SetColors,)
    return kinds


def _cda_defines(ab: ir.Static, kinds: tuple[type, ...]) -> bool:
    """Whether a characteristic-defining ability (604.3) defines one of these characteristics."""
    return any(isinstance(ch, kinds) for m in ab.mods for ch in m.changes)


def with_exceptions(
    printed: Printed, values: CopyValues, x: ir.CopyExcept, copy: Obj, ability: str = ""
) -> CopyValues:
    """707.9: the exceptions of a copy effect become part of the copy's copiable values: added
    types and removed supertypes (707.9b), power and toughness (707.9b, 707.9d), colors and no
    mana cost (embalm, 702.128a), the copy's own colors kept (707.9c: those of its card or
    token), the ability whose effect this is (``ability``, its id), the keywords or the quoted
    abilities of ``x.gains`` gained (707.9a: by their ids, quoted in ``ability``)."""
    replace = msgspec.structs.replace
    if x.types or x.subtypes:
        values = replace(
            values,
            types=values.types + tuple(t for t in x.types if t not in values.types),
            subtypes=values.subtypes + tuple(t for t in x.subtypes if t not in values.subtypes),
        )
    if x.power is not None:
        values = replace(values, power=x.power, toughness=x.toughness)
    if x.colors is not None:
        values = replace(values, colors=x.colors)  # 702.128a: "it's white"
    if x.no_mana_cost:
        values = replace(values, no_mana_cost=True)  # 702.128a: "it has no mana cost"
    if x.not_supertypes:
        values = replace(
            values, not_supertypes=tuple(dict.fromkeys(values.not_supertypes + x.not_supertypes))
        )
    if x.keywords:
        gained = tuple(f"keyword:{k}" for k in x.keywords)  # 707.9a: "except it has haste"
        values = replace(
            values, abilities=values.abilities + tuple(a for a in gained if a not in values.abilities)
        )
    if x.keep_color:
        own = copy.token.colors if copy.token is not None else printed.pool.face(copy.name).colors
        values = replace(values, colors=tuple(own))
    if x.this_ability and ability and ability not in values.abilities:
        values = replace(values, abilities=(*values.abilities, ability))
    if x.gains and ability:
        quoted = quoted_abilities(printed.pool.ability(ability))
        gained = tuple(nested_id(ability, quoted.index(g.ability)) for g in x.gains if g.ability in quoted)
        values = replace(
            values, abilities=values.abilities + tuple(a for a in gained if a not in values.abilities)
        )
    return values


def copiable_values(s: GameState, oid: int, printed: Printed) -> CopyValues:
    """What a copy of this object copies (707.2): its copiable values, those of its own copy
    effect if it has one (707.3: a copy of a copy), exceptions included (707.9b), or of the
    static copy effect that applies to it last (613.2a, 613.7), as modified by its face-down
    status (613.2c, 708.2: a copy of a face-down permanent is a nameless 2/2)."""
    o = s.objects[oid]
    if o.face_down:
        return _FACE_DOWN_VALUES
    if o.zone == BATTLEFIELD:
        static = static_copies(s, printed, None, oid).get(oid)
        if static is not None:
            return static[1]
    if o.copy_of is not None:
        return o.copy_of
    if o.token is not None:
        return CopyValues(token=o.token)
    return CopyValues(name=o.name)


def _layer1_battlefield(s: GameState, printed: Printed) -> dict[int, Chars]:
    """Layer 1 (613.2) for every permanent: its copiable values, then those of the static copy
    effects that apply to it (613.2a, in timestamp order, 613.7: the last one wins)."""
    objects = s.objects
    chars = {oid: printed.of(objects[oid]) for oid in s.battlefield}
    copies = static_copies(s, printed, chars)
    for oid, (_, values) in copies.items():
        chars[oid] = printed.of(objects[oid], values)
    return chars


def static_copies(
    s: GameState, printed: Printed, chars: dict[int, Chars] | None, only: int = 0
) -> dict[int, tuple[int, CopyValues]]:
    """The permanents a static copy effect applies to ("Enchanted creature is a copy of the
    chosen creature."), with the copiable values it grants: those of the chosen object when the
    effect first started to apply, as its source entered (707.2c, kept in ``Obj.chosen_objects``
    by the linked choice, 607.2a). Copy effects apply in timestamp order (613.7; the source's,
    613.7a, 613.7e for an Aura attached anew); each overwrites every copiable value, so the
    latest wins, and a later "becomes a copy" on the permanent itself (``Obj.copy_ts``) wins
    over it. A face-down permanent stays face down (613.2b, 708.2). Each such permanent maps to
    the effect's source and its values; ``chars``: the layer-1 characteristics of the
    permanents, when known; ``only``: just this permanent."""
    found: dict[int, tuple[int, int, CopyValues]] = {}
    objects = s.objects
    for oid in s.battlefield:
        source = objects[oid]
        if source.chosen_objects is None:
            continue
        c = chars[oid] if chars is not None else printed.of(source)
        for ab, aid in zip(c.abilities, c.ability_ids, strict=True):
            if not isinstance(ab, ir.Static) or ab.copy_of_chosen is None:
                continue
            chosen = source.chosen_objects.get(linked_key(aid))  # 607.5a: its own choice
            target = _static_copy_target(source, ab.copy_of_chosen)
            if chosen is None or not target or (only and target != only) or target not in s.battlefield:
                continue
            t = objects[target]
            own = (t.copy_ts or t.timestamp) if t.copy_of is not None else 0
            if t.face_down or own > source.timestamp:
                continue
            before = found.get(target)
            if before is None or before[0] < source.timestamp:
                found[target] = (source.timestamp, oid, chosen.values)
    return {target: (source, values) for target, (_, source, values) in found.items()}


def _static_copy_target(source: Obj, selector: ir.Selector) -> int:
    """The permanent a static copy effect applies to: the one its source enchants or equips."""
    if isinstance(selector, ir.Ref) and selector.kind in ("enchanted", "equipped"):
        return source.attached_to
    return 0


def _describe_chars(c: Chars) -> str:
    kw = f" [{', '.join(sorted(c.keywords))}]" if c.keywords else ""
    sub = f" — {' '.join(sorted(c.subtypes))}" if c.subtypes else ""
    colors = "".join(x for x in "WUBRG" if x in c.colors) or "colorless"
    pt = f" {c.power}/{c.toughness}" if "creature" in c.types else ""
    return f"{' '.join(sorted(c.supertypes | c.types))}{sub} ({colors}){pt}{kw} ctl {c.controller}"


def _apply_layers(env: _Env, effects: list[_Effect], granting: bool) -> None:
    """Apply the effects layer by layer (613.1-613.4), each to the objects of ``env.chars``.
    ``granting``: abilities granted in layer 6 generate their own effects (613.7a)."""
    s, chars = env.s, env.chars
    pool = env.printed.pool
    trace = env.trace
    for layer in LAYER_ORDER:
        if layer in ("1a", "1b"):
            continue  # applied to the copiable values already (613.2)
        if layer == "6":
            for c in chars.values():
                if c.retyped and c.subtypes:
                    _intrinsic_land_abilities(c)
        group = [e for e in effects if any(layer_of(m, e.cda) == layer for m in e.mods)] if effects else []
        remaining = sorted(group, key=_sort_key)
        while remaining:
            e, why = _next(env, remaining, layer)
            remaining.remove(e)
            if not _alive(e, chars):
                effects.remove(e)  # 613.6: its ability is gone before it started to apply
                if trace is not None and e.source in chars:
                    trace.setdefault(e.source, []).append(
                        Step(
                            layer,
                            e.source,
                            e.text,
                            e.timestamp,
                            "its ability was removed before it began "
                            "to apply (613.6, 613.8a): it doesn't apply",
                            "",
                            "",
                        )
                    )
                continue
            if e.affected is None:
                e.affected = _affected(env, e)  # 613.6: the set is kept for later layers
            if e.while_source and e.source in chars and chars[e.source].controller != e.controller:
                continue  # 611.2b: you no longer control its source: the effect has ended
            for oid in e.affected:
                target = chars.get(oid)
                if target is None:
                    continue
                before = _describe_chars(target) if trace is not None else ""
                grants: list[str] = []
                for mod in e.mods:
                    if isinstance(mod, ControlledBySource):
                        # 613.1b: "You control enchanted creature": its source's controller so far.
                        mod = SetController(chars[e.source].controller if e.source in chars else e.controller)
                    if layer_of(mod, e.cda) == layer:
                        if granting and isinstance(mod, AddAbilities) and mod.abilities:
                            grants += [a for a in mod.abilities if a not in target.ability_ids]
                        _apply(mod, target, pool, env, e, oid)
                if trace is not None:
                    trace.setdefault(oid, []).append(
                        Step(layer, e.source, e.text, e.timestamp, why, before, _describe_chars(target))
                    )
                if grants and oid in s.battlefield:
                    # 613.7a: an ability granted in layer 6 generates effects from now on, with
                    # the later of its object's timestamp and the granting effect's.
                    new = _static_effects(
                        s, oid, target, env.printed, len(effects), tuple(grants), e.timestamp[0]
                    )
                    effects.extend(new)
                    remaining.extend(n for n in new if any(layer_of(m, n.cda) == layer for m in n.mods))
                    remaining.sort(key=_sort_key)
        if layer == "3" and group and granting:
            _restate_changed_statics(env, effects)
        if layer == "7c":
            before_counters = (
                {oid: _describe_chars(c) for oid, c in chars.items()} if trace is not None else {}
            )
            _pt_counters(s, chars)
            if trace is not None:
                for oid, c in chars.items():
                    after = _describe_chars(c)
                    if after != before_counters[oid]:
                        trace.setdefault(oid, []).append(
                            Step(
                                "7c",
                                oid,
                                "its +1/+1 and -1/-1 counters (613.4c)",
                                (0, 0),
                                "counters",
                                before_counters[oid],
                                after,
                            )
                        )


def _restate_changed_statics(env: _Env, effects: list[_Effect]) -> None:
    """612.1, 613.1c: a static ability whose text layer 3 changed generates the effects of its
    new text in the later layers, in place of its old ones (same timestamp, 613.7a)."""
    s = env.s
    for oid, c in env.chars.items():
        if not c.text_changes or oid not in s.battlefield:
            continue
        ids = set(c.ability_ids)
        stale = [e for e in effects if e.kind == "static" and e.source == oid and e.ability not in ids]
        if not stale:
            continue
        for e in stale:
            effects.remove(e)
        having = {e.ability for e in effects if e.kind == "static" and e.source == oid}
        changed = tuple(i for i in c.ability_ids if i.startswith("text:") and i not in having)
        effects.extend(_static_effects(s, oid, c, env.printed, len(effects), changed))


def compute_field(s: GameState, printed: Printed, trace: dict[int, list[Step]] | None = None) -> Field:
    """Characteristics of every permanent, all layers applied (613.1), and what other zones
    need from the battlefield."""
    chars = _layer1_battlefield(s, printed)
    effects = _gather(s, chars, printed)
    env = _Env(s, printed, chars, chars, trace=trace)
    _apply_layers(env, effects, granting=True)
    reach = [e for e in effects if e.kind == "static" and e.affected is not None and _reaches(e.selector)]
    return Field(chars, reach, env.zone_dependent, env.life_dependent)


def compute_battlefield(s: GameState, printed: Printed) -> dict[int, Chars]:
    """Characteristics of every permanent, all layers applied (613.1)."""
    return compute_field(s, printed).chars


def offfield_chars(
    s: GameState, printed: Printed, o: Obj, fld: Field, trace: dict[int, list[Step]] | None = None
) -> Chars:
    """Characteristics of an object that is not on the battlefield: its copiable values, its
    characteristic-defining abilities (604.3: they work in every zone), the static abilities
    of permanents that reach its zone (Painter's Servant) and the resolved effects that
    affect it (a spell that "becomes white until end of turn")."""
    c = printed.of(o)
    effects: list[_Effect] = []
    if printed.cdas(c):
        effects += [e for e in _static_effects_anywhere(o, c, printed) if e.cda]
    for r in fld.reach:
        effects.append(
            _Effect(
                r.timestamp,
                r.mods,
                r.source,
                r.controller,
                None,
                r.selector,
                "",
                r.cda,
                r.order,
                r.kind,
                r.text,
            )
        )
    for ce in s.effects:
        if o.id in ce.affected:
            effects.append(_effect_of(ce, len(effects)))
    if not effects:
        return c
    env = _Env(s, printed, {o.id: c}, fld.chars, trace=trace)
    _apply_layers(env, effects, granting=False)
    return c


def _static_effects_anywhere(o: Obj, c: Chars, printed: Printed) -> list[_Effect]:
    out: list[_Effect] = []
    for ab, aid in zip(c.abilities, c.ability_ids, strict=True):
        if isinstance(ab, ir.Static):
            for k, m in enumerate(ab.mods):
                out.append(
                    _Effect(
                        (o.timestamp, 0),
                        printed.modifications(aid, ab, k, chosen_for(o.chosen, aid)),
                        o.id,
                        o.controller,
                        None,
                        m.affected,
                        aid,
                        cda=ab.cda,
                        order=len(out),
                        kind="static",
                        text=ab.text,
                    )
                )
    return out


def chars_of(printed: Printed, o: Obj) -> Chars:
    """An object's copiable printed values (its characteristics outside the battlefield when
    no effect applies to it)."""
    return printed.of(o)
