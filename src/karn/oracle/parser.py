"""Parse one normalized ability into the AST (:mod:`karn.oracle.syntax`).

The grammar (``grammar.lark``) is compiled once with lark's LALR(1) parser in
strict mode, so a shift/reduce or reduce/reduce conflict raises at build time
(conflicts are grammar bugs). Tokens come from :mod:`karn.oracle.lexer`.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import inspect
import os
import re
import sys
import tempfile
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any, Literal, NamedTuple

import lark
from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError
from lark.tree import Meta

from karn.cards.database import paused_gc
from karn.ir.nodes import ObjectRuleKind
from karn.ir.subtypes import LAND_TYPES
from karn.oracle import lexer as lexer_module
from karn.oracle.keywords import keyword_grammar
from karn.oracle.lexer import OracleLexer
from karn.oracle.syntax import (
    NP,
    AbilityA,
    ActivatedA,
    AddAnyColorVP,
    AddCouldProduceVP,
    AdditionalCostSentence,
    AddManaProducedVP,
    AddManaVP,
    AddOneOfVP,
    AffinityA,
    AltCostA,
    AmountA,
    AsEntersChooseSentence,
    AsEntersExileSentence,
    AsEntersPayLifeSentence,
    AsLongAsConditionSentence,
    AsLongAsSentence,
    AttachVP,
    AttacksTriggerA,
    AttackUnlessVP,
    BecomeCopyVP,
    BecomeMonarchVP,
    BestowA,
    BlockLimitVP,
    CantBeCounteredVP,
    CantBeRegeneratedVP,
    CantBlockWithVP,
    CantCastVP,
    CantEnterVP,
    CantGainLifeVP,
    CantPlayVP,
    CastAsThoughFlashVP,
    CastTriggerA,
    CdaExiledTotalSentence,
    CdaSentence,
    ChainSentence,
    ChangeTextVP,
    ChaosTriggerA,
    CharacteristicQ,
    ChooseColorSentence,
    ChooseVP,
    CombatTriggerA,
    CommanderSentence,
    ConditionA,
    ControlVP,
    CopyAbilityVP,
    CopyExceptions,
    CopyOfChosenVP,
    CopyVP,
    CostA,
    CostIncreaseVP,
    CostReductionVP,
    CountersQ,
    CounterVP,
    CreateCopyTokenVP,
    CreateTokenVP,
    CrewA,
    CyclingA,
    DamageTriggerA,
    DamageVP,
    DayAsEntersSentence,
    DayNightTriggerA,
    DefinedAmountVP,
    DelayedLeavesSentence,
    DelayedSentence,
    Desc,
    DestroyVP,
    DevourA,
    DiedThisWayQ,
    DiesTriggerA,
    DiscardChosenVP,
    DiscardCostA,
    DiscardTriggerA,
    DiscardVP,
    DoesntUntapVP,
    DrawTriggerA,
    DrawVP,
    EachVP,
    EchoA,
    Effects,
    EitherTriggerA,
    EitherVP,
    EmbalmA,
    EnchantA,
    EncounterTriggerA,
    EnergyVP,
    EnterAsCopyVP,
    EntersTriggerA,
    EntersVP,
    EquipA,
    ExchangeControlVP,
    ExileFromCostA,
    ExileSelfCostA,
    ExileTopCostA,
    ExileTopVP,
    ExileUntilVP,
    ExileVP,
    FightVP,
    FlashbackA,
    ForEachOfThemSentence,
    ForEachOpponentSentence,
    GainActivatedOfVP,
    GainControlIfRegeneratesVP,
    GainControlVP,
    GainKeywordAbilityVP,
    GainLifePowerVP,
    GainLifeTriggerA,
    GainLifeVP,
    GetEmblemVP,
    GreatestPowerQ,
    HalfQ,
    HandSizeSentence,
    HaveSelfDealDamageVP,
    IfAPlayerDoesSentence,
    IfConditionSentence,
    IfItsSentence,
    IfKickedSentence,
    IfYouDontSentence,
    IfYouDoSentence,
    InsteadA,
    Item,
    KickerA,
    LayerVP,
    LeavesTriggerA,
    LifeTotalQ,
    LookAnyTimeVP,
    LookHandVP,
    LookTopVP,
    LoseGameVP,
    LoseLifeManaValueVP,
    LoseLifeVP,
    LoyaltyCostMoreVP,
    ManaCostA,
    ManaKeywordA,
    ManifestTopVP,
    MayVP,
    MillCostA,
    MillVP,
    ModalA,
    ModifyVP,
    MorphA,
    MustBlockVP,
    NewTargetsVP,
    NewWordCantBeSentence,
    NumberKeywordA,
    NumberOfA,
    NumberOfQ,
    ObjectRuleVP,
    OnceEachTurnSentence,
    OnlyDuringSentence,
    OpeningHandSentence,
    OrLoseSentence,
    PayEnergyCostA,
    PayLifeCostA,
    PlaneswalkFromTriggerA,
    PlaneswalkToTriggerA,
    PlayFromVP,
    PlayThoseVP,
    PlusQ,
    PreventAllVP,
    PreventDamageVP,
    PreventSharingColorVP,
    ProliferateVP,
    ProtectionA,
    PutCountersCostA,
    PutCountersVP,
    PutIntoGraveyardTriggerA,
    PutIntoVP,
    PutOntoBattlefieldVP,
    PutRestBottomVP,
    Qual,
    QuantityA,
    QuantityNode,
    QuotedA,
    ReflexiveSentence,
    RegenerateVP,
    RemoveCountersCostA,
    ReplacementSentence,
    ReturnCostA,
    ReturnToBattlefieldVP,
    ReturnVP,
    RevealTopSentence,
    RevealTopVP,
    RevealUntilSentence,
    RevealVP,
    SacrificeCostA,
    SacrificeCountVP,
    SacrificeVP,
    SameIsTrueSentence,
    ScryVP,
    SearchVP,
    SentenceA,
    ShuffleVP,
    SignedX,
    SkipStepVP,
    SkipUntapVP,
    SorceryOnlySentence,
    SpendAsAnyColorVP,
    SplitLookedVP,
    StateTriggerA,
    StaticKeywordA,
    StepTriggerA,
    StormA,
    SuspendA,
    TapCostA,
    TapOtherCostA,
    TapsForManaTriggerA,
    TapVP,
    TargetedTriggerA,
    TokenA,
    TotalManaValueQ,
    TransformVP,
    TriggeredA,
    TwiceQ,
    UnearthA,
    UnlessSentence,
    UnpreventableSentence,
    UntapCostA,
    UntapVP,
    UntilNextTurnSentence,
    VerbA,
    WardA,
    WhereXSentence,
    WinGameVP,
    Word,
    WouldA,
    XPlus,
)
from karn.oracle.vocab import COLORS, NUMBER_WORDS

Start = Literal["keyword_item", "activated", "loyalty", "triggered", "effects", "modal"]
STARTS: tuple[Start, ...] = ("keyword_item", "activated", "loyalty", "triggered", "effects", "modal")


class ParseError(Exception):
    """The text does not match the grammar. ``pos`` is the offset of the offending token."""

    def __init__(self, message: str, pos: int) -> None:
        super().__init__(message)
        self.pos = pos


@functools.cache
def grammar_text() -> str:
    """``grammar.lark`` and the keyword alternatives generated from the keyword table."""
    text = resources.files("karn.oracle").joinpath("grammar.lark").read_text(encoding="utf-8")
    return text + keyword_grammar()


def parser_cache_dir() -> Path | None:
    """Where the built parser is kept between processes: ``$KARN_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/karn``, else ``~/.cache/karn``; ``KARN_CACHE_DIR=""`` turns the cache off."""
    configured = os.environ.get("KARN_CACHE_DIR")
    if configured is not None:
        return Path(configured) if configured else None
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "karn"


def parser_cache_key(text: str) -> str:
    """What the built parser depends on: the grammar, the lexer's source (its terminals), the
    start symbols, lark's version and Python's. An edited grammar.lark (or keyword table: the
    text includes the generated keyword rules) gets a new key, so a stale parser is never
    loaded."""
    digest = hashlib.sha256()
    for part in (text, inspect.getsource(lexer_module), ",".join(STARTS), lark.__version__, sys.version):
        digest.update(part.encode("utf-8"))
        digest.update(b"\0")
    return digest.hexdigest()[:32]


def build_parser(text: str, cache_dir: Path | None) -> Lark:
    """The LALR parser for ``text`` (strict: conflicts are errors), loaded from ``cache_dir``
    when a parser built from the same grammar is there (about ×10 faster than building it),
    else built and saved there. The file is written under a temporary name and renamed, so a
    process never reads another's half-written file; an unreadable file is rebuilt, and a
    cache that can't be written is skipped."""
    path = cache_dir / f"oracle-parser-{parser_cache_key(text)}.lark" if cache_dir is not None else None
    if path is not None and path.exists():
        try:
            with path.open("rb") as f, paused_gc():
                loaded: Lark = Lark.load(f)
            return loaded
        except Exception:  # noqa: BLE001 - a damaged cache file is rebuilt below
            pass
    parser = Lark(
        text,
        parser="lalr",
        lexer=OracleLexer,
        start=list(STARTS),
        propagate_positions=True,
        strict=True,
        maybe_placeholders=False,
    )
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
            try:
                with os.fdopen(fd, "wb") as out:
                    parser.save(out)
                os.replace(tmp, path)
            finally:
                if os.path.exists(tmp):
                    os.unlink(tmp)
        except OSError:
            pass
    return parser


@functools.cache
def get_parser() -> Lark:
    """The LALR parser (strict: conflicts are errors), from the parser cache when it can be."""
    return build_parser(grammar_text(), parser_cache_dir())


def parse(norm: str, start: Start) -> AbilityA:
    """Parse normalized ability text (case preserved) with the given start symbol."""
    lowered = norm.lower()
    if len(lowered) != len(norm):  # pragma: no cover - exotic Unicode case mapping
        norm = lowered
    try:
        tree = get_parser().parse(lowered, start=start)
    except UnexpectedToken as e:
        tok = e.token
        if tok.type == "$END":
            raise ParseError("incomplete sentence", len(norm)) from None
        raise ParseError(f"unexpected '{tok.value}'", tok.start_pos or 0) from None
    except UnexpectedEOF:
        raise ParseError("incomplete sentence", len(norm)) from None
    except UnexpectedInput as e:  # pragma: no cover - the word lexer never fails
        raise ParseError(str(e).split("\n", 1)[0], getattr(e, "pos_in_stream", 0) or 0) from None
    except LarkError as e:  # pragma: no cover - defensive
        raise ParseError(str(e), 0) from None
    try:
        result: AbilityA = _Builder(norm).transform(tree)
    except VisitError as e:
        if isinstance(e.orig_exc, ParseError):
            raise e.orig_exc from None
        raise
    return result


_YOU = NP("you", text="you")


def _intervening(effects: Effects) -> tuple[Effects, ConditionA | None]:
    """603.4: "When <event>, if <condition>, <effects>": an "if" clause right after the trigger
    condition is an intervening "if" clause of the whole ability, not an instruction's."""
    first = effects.sentences[0] if effects.sentences else None
    if not isinstance(first, IfConditionSentence) or first.instead or first.condition is None:
        return effects, None
    chain = ChainSentence(first.items, text=first.text)
    return Effects((chain, *effects.sentences[1:]), effects.text), first.condition


def _hand_size_players(np: NP, meta: Meta) -> str:
    """Whose maximum hand size (402.2): "you", "each opponent('s)", "each player('s)" / "players"."""
    if np.kind == "you":
        return "you"
    words = np.text.strip().lower().split()
    if words in (["each", "opponent"], ["each", "opponent's"]):
        return "opponent"
    if words in (["players"], ["each", "player"], ["each", "player's"]):
        return "any"
    raise ParseError(f"the maximum hand size of '{np.text}'", meta.start_pos)


def _amount(tok: Any) -> AmountA:
    return tok  # type: ignore[no-any-return]


@v_args(meta=True)
class _Builder(Transformer[Token, Any]):
    """Parse tree -> AST. ``src`` is the case-preserved text the tree positions index."""

    def __init__(self, src: str) -> None:
        super().__init__()
        self.src = src

    def _text(self, meta: Meta) -> str:
        if getattr(meta, "empty", True):
            return ""
        return self.src[meta.start_pos : meta.end_pos]

    # ------------------------------------------------------------ abilities
    def kwi_static(self, meta: Meta, c: list[Any]) -> StaticKeywordA | ProtectionA:
        if isinstance(c[0], list):
            return ProtectionA(tuple(c[0]))  # 702.16
        return StaticKeywordA(c[0])

    def kwi_enchant(self, meta: Meta, c: list[Any]) -> EnchantA:
        return EnchantA(c[0])

    def kwi_equip(self, meta: Meta, c: list[Any]) -> EquipA:
        return EquipA(str(c[0]))

    def kwi_word(self, meta: Meta, c: list[Any]) -> StaticKeywordA:
        """A printed keyword of the table without a parameter ("exalted")."""
        return StaticKeywordA(" ".join(self._text(meta).lower().split()))

    def kwi_number(self, meta: Meta, c: list[Any]) -> NumberKeywordA:
        """A keyword of the table with a number ("bushido 2", 702.45a)."""
        words = self._text(meta).lower().split()
        return NumberKeywordA(" ".join(words[:-1]), int(str(c[-1])))

    def kwi_mana(self, meta: Meta, c: list[Any]) -> ManaKeywordA:
        """A keyword of the table with a mana cost ("ward {2}", 702.21a)."""
        words = self._text(meta).lower().split()
        return ManaKeywordA(" ".join(words[:-1]), str(c[-1]))

    def kwi_storm(self, meta: Meta, c: list[Any]) -> StormA:
        return StormA()

    def kwi_bestow(self, meta: Meta, c: list[Any]) -> BestowA:
        return BestowA(str(c[0]))

    def kwi_flashback(self, meta: Meta, c: list[Any]) -> FlashbackA:
        return FlashbackA(str(c[0]))

    def kwi_evoke(self, meta: Meta, c: list[Any]) -> AltCostA:
        return AltCostA("evoke", str(c[0]))

    def kwi_dash(self, meta: Meta, c: list[Any]) -> AltCostA:
        return AltCostA("dash", str(c[0]))

    def kwi_overload(self, meta: Meta, c: list[Any]) -> AltCostA:
        return AltCostA("overload", str(c[0]))

    def kwi_spectacle(self, meta: Meta, c: list[Any]) -> AltCostA:
        return AltCostA("spectacle", str(c[0]))

    def kwi_surge(self, meta: Meta, c: list[Any]) -> AltCostA:
        return AltCostA("surge", str(c[0]))

    def kwi_embalm(self, meta: Meta, c: list[Any]) -> EmbalmA:
        return EmbalmA(str(c[0]))

    def kwi_eternalize(self, meta: Meta, c: list[Any]) -> EmbalmA:
        return EmbalmA(str(c[0]), eternalize=True)

    def kwi_cycling(self, meta: Meta, c: list[Any]) -> CyclingA:
        return CyclingA(str(c[0]))

    def kwi_typecycling(self, meta: Meta, c: list[Any]) -> CyclingA:
        return CyclingA(str(c[-1]), tuple(str(t) for t in c[:-1]))

    def cycling_type(self, meta: Meta, c: list[Any]) -> str:
        return str(c[0])

    def kwi_morph(self, meta: Meta, c: list[Any]) -> MorphA:
        return MorphA(str(c[0]))

    def kwi_megamorph(self, meta: Meta, c: list[Any]) -> MorphA:
        return MorphA(str(c[0]), mega=True)

    def kwi_kicker(self, meta: Meta, c: list[Any]) -> KickerA:
        return KickerA(tuple(str(m) for m in c))

    def kwi_multikicker(self, meta: Meta, c: list[Any]) -> KickerA:
        return KickerA((str(c[0]),), multi=True)

    def kwi_devour(self, meta: Meta, c: list[Any]) -> DevourA:
        return DevourA(int(str(c[0])))

    def kwi_devour_type(self, meta: Meta, c: list[Any]) -> DevourA:
        return DevourA(int(str(c[1])), str(c[0]), "type")

    def kwi_devour_subtype(self, meta: Meta, c: list[Any]) -> DevourA:
        return DevourA(int(str(c[1])), str(c[0]), "subtype")

    def kwi_affinity(self, meta: Meta, c: list[Any]) -> AffinityA:
        return AffinityA(str(c[0]))

    def kwi_crew(self, meta: Meta, c: list[Any]) -> CrewA:
        return CrewA(int(str(c[0])))

    def kwi_echo(self, meta: Meta, c: list[Any]) -> EchoA:
        return EchoA(str(c[0]))

    def kwi_unearth(self, meta: Meta, c: list[Any]) -> UnearthA:
        return UnearthA(str(c[0]))

    def kwi_ward(self, meta: Meta, c: list[Any]) -> WardA:
        return WardA((ManaCostA(str(c[0]), str(c[0])),))

    def kwi_suspend(self, meta: Meta, c: list[Any]) -> SuspendA:
        return SuspendA(int(str(c[0])), str(c[1]))

    def kwi_ward_cost(self, meta: Meta, c: list[Any]) -> WardA:
        return WardA(tuple(c[0]))

    def activated(self, meta: Meta, c: list[Any]) -> ActivatedA:
        return ActivatedA(tuple(c[0]), c[1])

    def loyalty(self, meta: Meta, c: list[Any]) -> ActivatedA:
        raw = str(c[0])[1:-1].lower()
        if raw.lstrip("+-") == "x":
            if not raw.startswith("-"):
                raise ParseError("a [+X] loyalty cost", meta.start_pos)
            return ActivatedA((), c[1], loyalty=0, loyalty_x=True)  # 107.7: "[−X]"
        return ActivatedA((), c[1], loyalty=int(raw))

    def triggered(self, meta: Meta, c: list[Any]) -> TriggeredA:
        effects, cond = _intervening(c[2])
        return TriggeredA(c[1], effects, condition=cond)

    def triggered_modal(self, meta: Meta, c: list[Any]) -> TriggeredA:
        n = c[2]
        if not isinstance(n, int):
            raise ParseError("choose X modes", meta.start_pos)
        return TriggeredA(c[1], Effects(()), modal=ModalA(n, tuple(c[3:])))

    def triggered_and_at(self, meta: Meta, c: list[Any]) -> TriggeredA:
        """ "When you planeswalk to ~ and at the beginning of your upkeep, X": two trigger
        events for one effect, each triggering it on its own (603.2c)."""
        either = EitherTriggerA(c[1], c[2], self._text(meta))
        effects, cond = _intervening(c[3])
        return TriggeredA(either, effects, condition=cond)

    def triggered_and_when(self, meta: Meta, c: list[Any]) -> TriggeredA:
        """ "When you cycle this card and when this creature dies, X" (702.29c, 113.6k): two
        trigger conditions for one effect, each triggering it on its own (603.2c)."""
        either = EitherTriggerA(c[1], c[2], self._text(meta))
        effects, cond = _intervening(c[3])
        return TriggeredA(either, effects, condition=cond)

    def triggered_at(self, meta: Meta, c: list[Any]) -> TriggeredA:
        effects, cond = _intervening(c[1])
        return TriggeredA(c[0], effects, condition=cond)

    # 603.4, 608.2c, 611.3a: conditions
    def cond_there_are(self, meta: Meta, c: list[Any]) -> ConditionA:
        op, value = c[0]
        return ConditionA("there_are", _YOU, op, value, desc=c[1], text=self._text(meta))

    def cond_there_is(self, meta: Meta, c: list[Any]) -> ConditionA:
        return ConditionA("there_are", _YOU, ">=", 1, desc=c[0], text=self._text(meta))

    def cond_card_types(self, meta: Meta, c: list[Any]) -> ConditionA:
        op, value = c[0]
        return ConditionA("card_types", _YOU, op, value, desc=c[1], text=self._text(meta))

    def cond_your_turn(self, meta: Meta, c: list[Any]) -> ConditionA:
        return ConditionA("your_turn", _YOU, text=self._text(meta))

    def cond_not_your_turn(self, meta: Meta, c: list[Any]) -> ConditionA:
        return ConditionA("not_your_turn", _YOU, text=self._text(meta))

    def cond_attacked(self, meta: Meta, c: list[Any]) -> ConditionA:
        return ConditionA("attacked", _YOU, ">=", 1, text=self._text(meta))

    def cond_gained_life(self, meta: Meta, c: list[Any]) -> ConditionA:
        return ConditionA("gained_life", _YOU, ">=", 1, text=self._text(meta))

    def cond_drawn(self, meta: Meta, c: list[Any]) -> ConditionA:
        op, value = c[0]
        return ConditionA("drawn", _YOU, op, value, text=self._text(meta))

    def cond_cast(self, meta: Meta, c: list[Any]) -> ConditionA:
        op, value = c[0]
        return ConditionA("cast", _YOU, op, value, text=self._text(meta))

    def cond_died(self, meta: Meta, c: list[Any]) -> ConditionA:
        if str(c[0]) != "creature":
            raise ParseError(f"'a {c[0]} died this turn'", meta.start_pos)
        return ConditionA("creature_died", _YOU, ">=", 1, text=self._text(meta))

    def cond_land_entered(self, meta: Meta, c: list[Any]) -> ConditionA:
        if str(c[0]) != "land":
            raise ParseError(f"'you had a {c[0]} enter the battlefield'", meta.start_pos)
        return ConditionA("land_entered", _YOU, ">=", 1, text=self._text(meta))

    def cond_life(self, meta: Meta, c: list[Any]) -> ConditionA:
        op, value = c[1]
        return ConditionA("life", c[0], op, value, text=self._text(meta))

    def cond_no_cards_in_hand(self, meta: Meta, c: list[Any]) -> ConditionA:
        return ConditionA("no_cards_in_hand", c[0], "<=", 0, text=self._text(meta))

    def cond_control(self, meta: Meta, c: list[Any]) -> ConditionA:
        op, value = c[1]
        return ConditionA("control", c[0], op, value, desc=c[2], text=self._text(meta))

    def cond_control_none(self, meta: Meta, c: list[Any]) -> ConditionA:
        return ConditionA("control", c[0], "<=", 0, desc=c[1], text=self._text(meta))

    def cond_untapped(self, meta: Meta, c: list[Any]) -> ConditionA:
        return ConditionA("untapped", c[0], text=self._text(meta))

    def cond_tapped(self, meta: Meta, c: list[Any]) -> ConditionA:
        return ConditionA("tapped", c[0], text=self._text(meta))

    def cond_card_exiled_this_turn(self, meta: Meta, c: list[Any]) -> ConditionA:
        return ConditionA("card_exiled_this_turn", NP("you", text="you"), ">=", 1, text=self._text(meta))

    def cond_no_spells_last_turn(self, meta: Meta, c: list[Any]) -> ConditionA:
        return ConditionA("no_spells_last_turn", NP("you", text="you"), "<=", 0, text=self._text(meta))

    def cond_spells_last_turn(self, meta: Meta, c: list[Any]) -> ConditionA:
        return ConditionA(
            "spells_last_turn", c[0], ">=", self._count_value(meta, c[1]), text=self._text(meta)
        )

    def _count_value(self, meta: Meta, n: Any) -> int:
        if not isinstance(n, int):
            raise ParseError("a condition on X", meta.start_pos)
        return n

    def cmp_ge(self, meta: Meta, c: list[Any]) -> tuple[str, int]:
        return (">=", self._count_value(meta, c[0]))

    def cmp_le(self, meta: Meta, c: list[Any]) -> tuple[str, int]:
        return ("<=", self._count_value(meta, c[0]))

    def cmp_any(self, meta: Meta, c: list[Any]) -> tuple[str, int]:
        return (">=", 1)

    def triggered_if_kicked(self, meta: Meta, c: list[Any]) -> TriggeredA:
        cost = c[2] if len(c) > 3 else ""
        return TriggeredA(c[1], c[-1], kicked=cost)

    def kicked_with(self, meta: Meta, c: list[Any]) -> str:
        return str(c[0])

    def trigger_word(self, meta: Meta, c: list[Any]) -> str:
        return "when"

    def modal(self, meta: Meta, c: list[Any]) -> ModalA:
        n = c[0]
        if not isinstance(n, int):
            raise ParseError("choose X modes", meta.start_pos)
        return ModalA(n, tuple(c[1:]))

    def modal_or_both(self, meta: Meta, c: list[Any]) -> ModalA:
        """ "Choose one or both —" (700.2): one mode, or both of two."""
        if c[0] != 1 or len(c) != 3:
            raise ParseError("choose N or both with other than two modes", meta.start_pos)
        return ModalA(2, tuple(c[1:]), up_to=True)

    def modal_or_more(self, meta: Meta, c: list[Any]) -> ModalA:
        """ "Choose one or more —" (700.2): any number of the modes, at least one."""
        if c[0] != 1:
            raise ParseError("choose N or more with N other than one", meta.start_pos)
        return ModalA(len(c) - 1, tuple(c[1:]), up_to=True)

    def modal_kicked_any(self, meta: Meta, c: list[Any]) -> ModalA:
        n = c[0]
        if not isinstance(n, int):
            raise ParseError("choose X modes", meta.start_pos)
        return ModalA(n, tuple(c[1:]), any_if_kicked=True)

    def v_look_top(self, meta: Meta, c: list[Any]) -> LookTopVP:
        return LookTopVP(c[0], c[1], text=self._text(meta))

    def v_split_put(self, meta: Meta, c: list[Any]) -> SplitLookedVP:
        if str(c[0]) != "one":
            raise ParseError("a split other than one and the other", meta.start_pos)
        return SplitLookedVP(str(c[1]), str(c[2]), text=self._text(meta))

    def v_split_exile(self, meta: Meta, c: list[Any]) -> SplitLookedVP:
        if str(c[0]) != "one":
            raise ParseError("a split other than one and the other", meta.start_pos)
        return SplitLookedVP("exile", str(c[1]), text=self._text(meta))

    def sd_hand(self, meta: Meta, c: list[Any]) -> str:
        return "hand"

    def sd_graveyard(self, meta: Meta, c: list[Any]) -> str:
        return "graveyard"

    def sd_bottom(self, meta: Meta, c: list[Any]) -> str:
        return "bottom"

    def v_put_rest_bottom(self, meta: Meta, c: list[Any]) -> PutRestBottomVP:
        library = NP("zone", zone="library", owner=NP("you", text="you"), text="your library")
        return PutRestBottomVP(library, text=self._text(meta))

    def q_from_among_them(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("from_among")  # the cards looked at just before

    def np_loyalty_abilities(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(
            meta, "loyalty_abilities", owner=c[0]
        )  # "planeswalkers' loyalty abilities you activate"

    def v_cost_more_loyalty(self, meta: Meta, c: list[Any]) -> LoyaltyCostMoreVP:
        return LoyaltyCostMoreVP(int(str(c[0])[1:-1].replace("−", "-")), text=self._text(meta))

    def v_fight(self, meta: Meta, c: list[Any]) -> FightVP:
        return FightVP(c[0], text=self._text(meta))

    def mode(self, meta: Meta, c: list[Any]) -> Effects:
        eff: Effects = c[0]
        return eff

    # triggers (603.1)
    def t_enters(self, meta: Meta, c: list[Any]) -> EntersTriggerA:
        return EntersTriggerA(c[0], self._text(meta))

    def t_dies(self, meta: Meta, c: list[Any]) -> DiesTriggerA:
        return DiesTriggerA(c[0], self._text(meta))

    def t_leaves(self, meta: Meta, c: list[Any]) -> LeavesTriggerA:
        return LeavesTriggerA(c[0], self._text(meta))

    def t_attacks(self, meta: Meta, c: list[Any]) -> AttacksTriggerA:
        return AttacksTriggerA(c[0], self._text(meta))

    def t_attack_with(self, meta: Meta, c: list[Any]) -> AttacksTriggerA:
        n = self._count_value(meta, c[1])
        return AttacksTriggerA(c[0], self._text(meta), with_at_least=n, with_type=str(c[2]))

    def t_attacks_alone(self, meta: Meta, c: list[Any]) -> AttacksTriggerA:
        return AttacksTriggerA(c[0], self._text(meta), alone=True)

    def t_put_into_graveyard(self, meta: Meta, c: list[Any]) -> PutIntoGraveyardTriggerA:
        return PutIntoGraveyardTriggerA(c[0], self._text(meta))

    def t_cast(self, meta: Meta, c: list[Any]) -> CastTriggerA:
        return CastTriggerA(c[0], c[1], self._text(meta))

    def t_planeswalk_to(self, meta: Meta, c: list[Any]) -> PlaneswalkToTriggerA:
        return PlaneswalkToTriggerA(self._text(meta))

    def t_planeswalk_from(self, meta: Meta, c: list[Any]) -> PlaneswalkFromTriggerA:
        return PlaneswalkFromTriggerA(self._text(meta))

    def t_encounter(self, meta: Meta, c: list[Any]) -> EncounterTriggerA:
        return EncounterTriggerA(self._text(meta))

    def t_becomes_target(self, meta: Meta, c: list[Any]) -> TargetedTriggerA:
        spell_only, whose = c[1]
        return TargetedTriggerA(c[0], spell_only, whose, self._text(meta))

    def ts_spell_or_ability(self, meta: Meta, c: list[Any]) -> tuple[bool, str | None]:
        return False, (c[0] if c else None)

    def ts_spell(self, meta: Meta, c: list[Any]) -> tuple[bool, str | None]:
        return True, (c[0] if c else None)

    def tw_you(self, meta: Meta, c: list[Any]) -> str:
        return "you"

    def tw_opponent(self, meta: Meta, c: list[Any]) -> str:
        return "opponent"

    def t_day_night(self, meta: Meta, c: list[Any]) -> DayNightTriggerA:
        return DayNightTriggerA("day_night", self._text(meta))

    def t_becomes_day(self, meta: Meta, c: list[Any]) -> DayNightTriggerA:
        return DayNightTriggerA("becomes_day", self._text(meta))

    def t_becomes_night(self, meta: Meta, c: list[Any]) -> DayNightTriggerA:
        return DayNightTriggerA("becomes_night", self._text(meta))

    def t_chaos(self, meta: Meta, c: list[Any]) -> ChaosTriggerA:
        return ChaosTriggerA(self._text(meta))

    def t_cycles(self, meta: Meta, c: list[Any]) -> DiscardTriggerA:
        return DiscardTriggerA(c[0], c[1], cycle=True, text=self._text(meta))

    def t_cycles_or_discards(self, meta: Meta, c: list[Any]) -> DiscardTriggerA:
        return DiscardTriggerA(c[0], c[1], text=self._text(meta))

    def t_discards(self, meta: Meta, c: list[Any]) -> DiscardTriggerA:
        return DiscardTriggerA(c[0], c[1], text=self._text(meta))

    def t_gain_life(self, meta: Meta, c: list[Any]) -> GainLifeTriggerA:
        return GainLifeTriggerA(self._text(meta))

    def t_draws(self, meta: Meta, c: list[Any]) -> DrawTriggerA:
        return DrawTriggerA(c[0], text=self._text(meta))

    def t_draws_nth(self, meta: Meta, c: list[Any]) -> DrawTriggerA:
        return DrawTriggerA(c[0], c[-1], text=self._text(meta))

    def draw_whose(self, meta: Meta, c: list[Any]) -> None:
        return None

    def ord_1(self, meta: Meta, c: list[Any]) -> int:
        return 1

    def ord_2(self, meta: Meta, c: list[Any]) -> int:
        return 2

    def ord_3(self, meta: Meta, c: list[Any]) -> int:
        return 3

    def ord_4(self, meta: Meta, c: list[Any]) -> int:
        return 4

    def ord_5(self, meta: Meta, c: list[Any]) -> int:
        return 5

    def triggered_reveal_first(self, meta: Meta, c: list[Any]) -> TriggeredA:
        you = NP("you", text="you")
        return TriggeredA(DrawTriggerA(you, 1, reveal=c[0], text=self._text(meta)), c[1])

    def t_state(self, meta: Meta, c: list[Any]) -> StateTriggerA:
        return StateTriggerA(c[0], text=self._text(meta))

    def t_attacks_or_blocks(self, meta: Meta, c: list[Any]) -> CombatTriggerA:
        return CombatTriggerA(c[0], "attacks_or_blocks", text=self._text(meta))

    def t_blocks(self, meta: Meta, c: list[Any]) -> CombatTriggerA:
        return CombatTriggerA(c[0], "blocks", text=self._text(meta))

    def t_blocks_a(self, meta: Meta, c: list[Any]) -> CombatTriggerA:
        return CombatTriggerA(c[0], "blocks", c[1], text=self._text(meta))

    def t_becomes_blocked(self, meta: Meta, c: list[Any]) -> CombatTriggerA:
        return CombatTriggerA(c[0], "becomes_blocked", text=self._text(meta))

    def t_becomes_tapped(self, meta: Meta, c: list[Any]) -> CombatTriggerA:
        return CombatTriggerA(c[0], "becomes_tapped", text=self._text(meta))

    def t_becomes_untapped(self, meta: Meta, c: list[Any]) -> CombatTriggerA:
        return CombatTriggerA(c[0], "becomes_untapped", text=self._text(meta))

    def t_turned_face_up(self, meta: Meta, c: list[Any]) -> CombatTriggerA:
        return CombatTriggerA(c[0], "turned_face_up", text=self._text(meta))

    def t_transforms_into(self, meta: Meta, c: list[Any]) -> CombatTriggerA:
        return CombatTriggerA(c[0], "transforms_into", text=self._text(meta))

    def t_enters_or_transforms(self, meta: Meta, c: list[Any]) -> EitherTriggerA:
        text = self._text(meta)
        return EitherTriggerA(
            EntersTriggerA(c[0], text), CombatTriggerA(c[0], "transforms_into", text=text), text
        )

    def t_becomes_blocked_by(self, meta: Meta, c: list[Any]) -> CombatTriggerA:
        return CombatTriggerA(c[0], "becomes_blocked", c[1], text=self._text(meta))

    def t_blocks_or_blocked(self, meta: Meta, c: list[Any]) -> CombatTriggerA:
        return CombatTriggerA(c[0], "blocks_or_blocked", text=self._text(meta))

    def t_blocks_or_blocked_by(self, meta: Meta, c: list[Any]) -> CombatTriggerA:
        return CombatTriggerA(c[0], "blocks_or_blocked", c[1], text=self._text(meta))

    def t_deals_damage_to(self, meta: Meta, c: list[Any]) -> DamageTriggerA:
        return DamageTriggerA(c[0], c[1], c[2], text=self._text(meta))

    def t_deals_damage(self, meta: Meta, c: list[Any]) -> DamageTriggerA:
        return DamageTriggerA(c[0], c[1], text=self._text(meta))

    def t_dealt_damage(self, meta: Meta, c: list[Any]) -> DamageTriggerA:
        return DamageTriggerA(c[0], False, dealt=True, text=self._text(meta))

    def dk_any(self, meta: Meta, c: list[Any]) -> bool:
        return False

    def dk_combat(self, meta: Meta, c: list[Any]) -> bool:
        return True

    # "at the beginning of ..." (603.1, 503-513): step_name -> the engine's step name
    def st_whose(self, meta: Meta, c: list[Any]) -> StepTriggerA:
        return StepTriggerA(c[1], c[0], self._text(meta))

    def st_each(self, meta: Meta, c: list[Any]) -> StepTriggerA:
        return StepTriggerA(c[0], "each", self._text(meta))

    def st_yours(self, meta: Meta, c: list[Any]) -> StepTriggerA:
        return StepTriggerA(c[0], "you", self._text(meta))

    def st_of(self, meta: Meta, c: list[Any]) -> StepTriggerA:
        return StepTriggerA(c[0], c[1], self._text(meta))

    def st_combat_on(self, meta: Meta, c: list[Any]) -> StepTriggerA:
        return StepTriggerA("beginning_of_combat", c[0], self._text(meta))

    def sw_you(self, meta: Meta, c: list[Any]) -> str:
        return "you"

    def sw_each(self, meta: Meta, c: list[Any]) -> str:
        return "each"

    def sw_opponent(self, meta: Meta, c: list[Any]) -> str:
        return "opponent"

    def sw_enchanted_player(self, meta: Meta, c: list[Any]) -> str:
        return "enchanted_player"

    def sw_enchanted_controller(self, meta: Meta, c: list[Any]) -> str:
        return "enchanted_controller"

    def sn_upkeep(self, meta: Meta, c: list[Any]) -> str:
        return "upkeep"

    def sn_draw(self, meta: Meta, c: list[Any]) -> str:
        return "draw"

    def sn_precombat_main(self, meta: Meta, c: list[Any]) -> str:
        return "precombat_main"

    def sn_postcombat_main(self, meta: Meta, c: list[Any]) -> str:
        return "postcombat_main"

    def sn_combat(self, meta: Meta, c: list[Any]) -> str:
        return "beginning_of_combat"

    def sn_end(self, meta: Meta, c: list[Any]) -> str:
        return "end"

    def t_enters_or_dies(self, meta: Meta, c: list[Any]) -> EitherTriggerA:
        text = self._text(meta)
        return EitherTriggerA(EntersTriggerA(c[0], text), DiesTriggerA(c[1], text), text)

    def t_taps_for_mana(self, meta: Meta, c: list[Any]) -> TapsForManaTriggerA:
        return TapsForManaTriggerA(c[0], c[1], self._text(meta))

    # costs (118, 602.1)
    def cost(self, meta: Meta, c: list[Any]) -> list[CostA]:
        return list(c)

    def c_mana(self, meta: Meta, c: list[Any]) -> ManaCostA:
        return ManaCostA(str(c[0]), self._text(meta))

    def c_tap(self, meta: Meta, c: list[Any]) -> TapCostA:
        return TapCostA(self._text(meta))

    def c_untap(self, meta: Meta, c: list[Any]) -> UntapCostA:
        return UntapCostA(self._text(meta))

    def c_sacrifice(self, meta: Meta, c: list[Any]) -> SacrificeCostA:
        return SacrificeCostA(c[0], self._text(meta))

    def c_pay_life(self, meta: Meta, c: list[Any]) -> PayLifeCostA:
        return PayLifeCostA(c[0], self._text(meta))

    def c_pay_energy(self, meta: Meta, c: list[Any]) -> PayEnergyCostA:
        times = NUMBER_WORDS.get(str(c[0]), 0) if len(c) > 1 else 1
        return PayEnergyCostA(str(c[-1]), times, self._text(meta))

    def c_discard(self, meta: Meta, c: list[Any]) -> DiscardCostA:
        return DiscardCostA(c[0], self._text(meta))

    def c_exile_top(self, meta: Meta, c: list[Any]) -> ExileTopCostA:
        return ExileTopCostA(c[0], self._text(meta))

    def c_sacrifice_n(self, meta: Meta, c: list[Any]) -> SacrificeCostA:
        """ "Sacrifice two artifacts" (701.21a)."""
        return SacrificeCostA(self._np(meta, "a", desc=c[1]), self._text(meta), count=c[0])

    def c_discard_n(self, meta: Meta, c: list[Any]) -> DiscardCostA:
        return DiscardCostA(self._np(meta, "a", desc=c[1]), self._text(meta), count=c[0])

    def c_discard_random(self, meta: Meta, c: list[Any]) -> DiscardCostA:
        """ "Discard a card at random" (701.9b)."""
        return DiscardCostA(self._np(meta, "a", desc=c[0]), self._text(meta), random=True)

    def c_discard_random_n(self, meta: Meta, c: list[Any]) -> DiscardCostA:
        return DiscardCostA(self._np(meta, "a", desc=c[1]), self._text(meta), count=c[0], random=True)

    def c_remove_counters(self, meta: Meta, c: list[Any]) -> RemoveCountersCostA:
        return RemoveCountersCostA(c[0], c[1], self._text(meta))

    def c_remove_any_counter(self, meta: Meta, c: list[Any]) -> RemoveCountersCostA:
        return RemoveCountersCostA(1, "", self._text(meta))

    def c_put_counters(self, meta: Meta, c: list[Any]) -> PutCountersCostA:
        return PutCountersCostA(c[0], c[1], self._text(meta))

    def c_exile_from(self, meta: Meta, c: list[Any]) -> ExileFromCostA | ExileSelfCostA:
        """ "Exile ~", "Exile a creature card from your graveyard" (the zone is the
        description's own "from your graveyard")."""
        if c[0].kind == "self":
            return ExileSelfCostA(self._text(meta))
        return ExileFromCostA(c[0], self._text(meta))

    def c_exile_n_from(self, meta: Meta, c: list[Any]) -> ExileFromCostA:
        return ExileFromCostA(self._np(meta, "a", desc=c[1]), self._text(meta), count=c[0])

    def c_exile_self_graveyard(self, meta: Meta, c: list[Any]) -> ExileFromCostA:
        return ExileFromCostA(self._np(meta, "self"), self._text(meta), graveyard=True)

    def c_return(self, meta: Meta, c: list[Any]) -> ReturnCostA:
        return ReturnCostA(c[0], self._text(meta))

    def c_tap_one(self, meta: Meta, c: list[Any]) -> TapOtherCostA:
        """ "Tap an untapped creature you control" (the word "untapped" is the cost's own)."""
        return TapOtherCostA(self._np(meta, "a", desc=c[0]), self._text(meta))

    def c_tap_another(self, meta: Meta, c: list[Any]) -> TapOtherCostA:
        return TapOtherCostA(self._np(meta, "another", desc=c[0]), self._text(meta))

    def c_tap_n(self, meta: Meta, c: list[Any]) -> TapOtherCostA:
        """ "Tap two untapped creatures you control": the word "untapped" is the cost's own."""
        return TapOtherCostA(self._np(meta, "a", desc=c[1]), self._text(meta), count=c[0])

    def c_mill(self, meta: Meta, c: list[Any]) -> MillCostA:
        return MillCostA(c[0], self._text(meta))

    # ------------------------------------------------------------ sentences
    def effects(self, meta: Meta, c: list[Any]) -> Effects:
        for sentence in c:
            said = str(getattr(sentence, "text", "")).lower()
            if _NEXT_TURN in said and not isinstance(sentence, UntilNextTurnSentence):
                # 611.2a: never read "until your next turn" as another duration
                raise ParseError("'until your next turn' in a sentence of this shape", meta.start_pos)
        return Effects(tuple(c), self._text(meta))

    def s_chain(self, meta: Meta, c: list[Any]) -> ChainSentence | UntilNextTurnSentence | WhereXSentence:
        text = self._text(meta)
        defined = [i for i in c[0] if isinstance(i.vp, DefinedAmountVP)]
        if defined:
            # "gain life equal to <quantity>": "gain X life, where X is <quantity>" (107.3)
            if len(defined) > 1 or re.search(r"\bx\b", text.lower()) or _NEXT_TURN in text.lower():
                raise ParseError("a counted amount beside another X or duration", meta.start_pos)
            items = tuple(Item(i.subject, i.vp.vp, i.sep) if i in defined else i for i in c[0])
            return WhereXSentence(items, defined[0].vp.x, text=text)
        chain = ChainSentence(tuple(c[0]), text=text)
        if _NEXT_TURN in text.lower():
            # "<chain> until your next turn." (the VP read the duration as one; the sentence
            # says which): every other duration in the sentence would be misread, so refuse one
            if any(d in text.lower() for d in ("until end of turn", "this turn")):
                raise ParseError("two durations in one sentence", meta.start_pos)
            return UntilNextTurnSentence(chain, text=text)
        return chain

    def s_until_next_turn(self, meta: Meta, c: list[Any]) -> UntilNextTurnSentence:
        text = self._text(meta)
        if any(d in text.lower() for d in ("until end of turn", "this turn")):
            raise ParseError("two durations in one sentence", meta.start_pos)
        chain = self.s_until_eot(meta, c)
        return UntilNextTurnSentence(chain, text=text)

    def s_unless(self, meta: Meta, c: list[Any]) -> UnlessSentence:
        return UnlessSentence(tuple(c[0]), c[1], str(c[2]), text=self._text(meta))

    def s_only_during(self, meta: Meta, c: list[Any]) -> OnlyDuringSentence:
        return OnlyDuringSentence(c[0], text=self._text(meta))

    def during_combat(self, meta: Meta, c: list[Any]) -> str:
        return "combat"

    def during_your_turn(self, meta: Meta, c: list[Any]) -> str:
        return "your_turn"

    def during_your_upkeep(self, meta: Meta, c: list[Any]) -> str:
        return "your_upkeep"

    def during_before_attackers(self, meta: Meta, c: list[Any]) -> str:
        return "your_turn_before_attackers"

    def during_declare_blockers(self, meta: Meta, c: list[Any]) -> str:
        return "declare_blockers"

    def during_any_upkeep(self, meta: Meta, c: list[Any]) -> str:
        return "upkeep"

    def s_delayed_leaves(self, meta: Meta, c: list[Any]) -> DelayedLeavesSentence:
        this_turn = len(c) == 3
        return DelayedLeavesSentence(c[0], tuple(c[-1]), this_turn, text=self._text(meta))

    def s_delayed_leaves_or_untapped(self, meta: Meta, c: list[Any]) -> DelayedLeavesSentence:
        return DelayedLeavesSentence(c[0], tuple(c[-1]), text=self._text(meta), or_untapped=True)

    def v_doesnt_untap(self, meta: Meta, c: list[Any]) -> DoesntUntapVP:
        return DoesntUntapVP(text=self._text(meta))

    def leave_turn(self, meta: Meta, c: list[Any]) -> bool:
        return True

    def s_reflexive(self, meta: Meta, c: list[Any]) -> ReflexiveSentence:
        return ReflexiveSentence(tuple(c[0]), text=self._text(meta))

    def s_delayed(self, meta: Meta, c: list[Any]) -> DelayedSentence:
        step, whose = c[1]
        return DelayedSentence(tuple(c[0]), step, whose, text=self._text(meta))

    def s_delayed_first(self, meta: Meta, c: list[Any]) -> DelayedSentence:
        step, whose = c[0]
        return DelayedSentence(tuple(c[1]), step, whose, text=self._text(meta))

    def dt_next(self, meta: Meta, c: list[Any]) -> tuple[str, str]:
        return (c[0], "")

    def dt_your_next(self, meta: Meta, c: list[Any]) -> tuple[str, str]:
        return (c[0], "you")

    def dt_end_of_combat(self, meta: Meta, c: list[Any]) -> tuple[str, str]:
        return ("end_of_combat", "")

    def s_additional_cost(self, meta: Meta, c: list[Any]) -> AdditionalCostSentence:
        return AdditionalCostSentence(tuple(c[0]), text=self._text(meta))

    def s_for_each_opponent(self, meta: Meta, c: list[Any]) -> ForEachOpponentSentence:
        return ForEachOpponentSentence(tuple(c[0]), text=self._text(meta))

    def s_for_each_of_them(self, meta: Meta, c: list[Any]) -> ForEachOfThemSentence:
        return ForEachOfThemSentence(tuple(c[0]), text=self._text(meta))

    def s_if_you_dont(self, meta: Meta, c: list[Any]) -> IfYouDontSentence:
        return IfYouDontSentence(tuple(c[0]), text=self._text(meta))

    def s_if_you_do(self, meta: Meta, c: list[Any]) -> IfYouDoSentence:
        return IfYouDoSentence(tuple(c[0]), text=self._text(meta))

    def s_if_a_player_does(self, meta: Meta, c: list[Any]) -> IfAPlayerDoesSentence:
        return IfAPlayerDoesSentence(tuple(c[-1]), text=self._text(meta))

    def s_if_no_one_does(self, meta: Meta, c: list[Any]) -> IfAPlayerDoesSentence:
        if str(c[0]) != "one":
            raise ParseError(f"if no {c[0]} does", meta.start_pos)
        return IfAPlayerDoesSentence(tuple(c[-1]), none=True, text=self._text(meta))

    def s_if_kicked_instead(self, meta: Meta, c: list[Any]) -> IfConditionSentence:
        return IfConditionSentence(None, tuple(c[0]), instead=True, kicked=True, text=self._text(meta))

    def s_if_condition(self, meta: Meta, c: list[Any]) -> IfConditionSentence:
        return IfConditionSentence(c[0], tuple(c[1]), text=self._text(meta))

    def s_if_condition_instead(self, meta: Meta, c: list[Any]) -> IfConditionSentence:
        return IfConditionSentence(c[0], tuple(c[1]), instead=True, text=self._text(meta))

    def s_instead_if(self, meta: Meta, c: list[Any]) -> IfConditionSentence:
        return IfConditionSentence(c[1], tuple(c[0]), instead=True, text=self._text(meta))

    def s_as_long_as_condition(self, meta: Meta, c: list[Any]) -> AsLongAsConditionSentence:
        return AsLongAsConditionSentence(c[0], tuple(c[1]), text=self._text(meta))

    def s_chain_as_long_as(self, meta: Meta, c: list[Any]) -> AsLongAsConditionSentence:
        return AsLongAsConditionSentence(c[1], tuple(c[0]), text=self._text(meta))

    def s_if_kicked(self, meta: Meta, c: list[Any]) -> IfKickedSentence:
        return IfKickedSentence(tuple(c[0]), text=self._text(meta))

    def s_if_its(self, meta: Meta, c: list[Any]) -> IfItsSentence:
        return IfItsSentence(c[0], tuple(c[1]), text=self._text(meta))

    def s_until_eot(self, meta: Meta, c: list[Any]) -> ChainSentence:
        items: list[Item] = []
        for i in c[0]:
            if not isinstance(i.vp, ModifyVP | GainControlVP | LayerVP):
                # only continuous effects have a duration (611.2a); never drop it
                raise ParseError("'until end of turn' on an effect without a duration", meta.start_pos)
            items.append(Item(i.subject, replace(i.vp, until_eot=True), i.sep))
        return ChainSentence(tuple(items), text=self._text(meta))

    def s_as_enters_pay_life(self, meta: Meta, c: list[Any]) -> AsEntersPayLifeSentence:
        return AsEntersPayLifeSentence(c[0], self._text(meta))

    def s_as_enters_choose(self, meta: Meta, c: list[Any]) -> AsEntersChooseSentence:
        choice: str = c[-1]
        kind: Literal["color", "creature_type", "creature"] = (
            "color" if choice == "color" else "creature" if choice == "creature" else "creature_type"
        )
        return AsEntersChooseSentence(kind, self._text(meta))

    def s_as_enters_exile(self, meta: Meta, c: list[Any]) -> AsEntersExileSentence:
        return AsEntersExileSentence(c[-1], self._text(meta))

    def s_cda_exiled_total(self, meta: Meta, c: list[Any]) -> CdaExiledTotalSentence:
        return CdaExiledTotalSentence(c[0], self._text(meta))

    def choice_color(self, meta: Meta, c: list[Any]) -> str:
        return "color"

    def choice_object(self, meta: Meta, c: list[Any]) -> str:
        """ "choose a creature" (614.12a): an object on the battlefield, not a value."""
        if str(c[0]) != "creature":
            raise ParseError(f"choose a {c[0]}", meta.start_pos)
        return "creature"

    def choice_creature_type(self, meta: Meta, c: list[Any]) -> str:
        if str(c[0]) != "creature":
            raise ParseError(f"choose a {c[0]} type", meta.start_pos)
        return "creature_type"

    def s_same_is_true(self, meta: Meta, c: list[Any]) -> SameIsTrueSentence:
        return SameIsTrueSentence(tuple(x for x in c if isinstance(x, Desc)), self._text(meta))

    def n_card_types(self, meta: Meta, c: list[Any]) -> NumberOfA:
        return NumberOfA("card_types", c[-1])

    def n_objects(self, meta: Meta, c: list[Any]) -> NumberOfA:
        return NumberOfA("objects", c[-1])

    # quantities (107.1)
    def s_where_x(self, meta: Meta, c: list[Any]) -> WhereXSentence:
        return WhereXSentence(tuple(self.chain(meta, c[:-1])), c[-1], text=self._text(meta))

    def q_total_mana_value(self, meta: Meta, c: list[Any]) -> QuantityA:
        return TotalManaValueQ(c[-1])

    def q_number_of(self, meta: Meta, c: list[Any]) -> QuantityA:
        number: NumberOfA = c[0]
        d = number.desc
        if d.quals and d.quals[-1].kind == "died_this_way":
            # "the number of creatures that died this way" (700.4)
            words = [w for g in d.groups for w in g]
            if (
                number.what != "objects"
                or len(d.quals) > 1
                or d.adjs
                or len(words) != 1
                or words[0].kind != "type"
            ):
                raise ParseError(
                    "'the number of ... that died this way' of more than one card type", meta.start_pos
                )
            return DiedThisWayQ(words[0].value)
        return NumberOfQ(number)

    def q_died_this_way_qual(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("died_this_way")

    def q_life_total(self, meta: Meta, c: list[Any]) -> QuantityA:
        return LifeTotalQ()

    def q_power(self, meta: Meta, c: list[Any]) -> QuantityA:
        return CharacteristicQ(c[0], "power")

    def q_toughness(self, meta: Meta, c: list[Any]) -> QuantityA:
        return CharacteristicQ(c[0], "toughness")

    def q_mana_value(self, meta: Meta, c: list[Any]) -> QuantityA:
        return CharacteristicQ(c[0], "mana_value")

    def q_its_power(self, meta: Meta, c: list[Any]) -> QuantityA:
        return CharacteristicQ(NP("it", text="it"), "power")

    def q_its_toughness(self, meta: Meta, c: list[Any]) -> QuantityA:
        return CharacteristicQ(NP("it", text="it"), "toughness")

    def q_its_mana_value(self, meta: Meta, c: list[Any]) -> QuantityA:
        return CharacteristicQ(NP("it", text="it"), "mana_value")

    def q_counters(self, meta: Meta, c: list[Any]) -> QuantityA:
        return CountersQ(str(c[0]), c[-1])

    def q_greatest_power(self, meta: Meta, c: list[Any]) -> QuantityA:
        return GreatestPowerQ(c[-1])

    def q_half_up(self, meta: Meta, c: list[Any]) -> QuantityA:
        return HalfQ(c[0], round_up=True)

    def q_half_down(self, meta: Meta, c: list[Any]) -> QuantityA:
        return HalfQ(c[0], round_up=False)

    def q_plus(self, meta: Meta, c: list[Any]) -> QuantityA:
        return PlusQ((c[0], c[-1]))

    def q_twice(self, meta: Meta, c: list[Any]) -> QuantityA:
        return TwiceQ(c[0])

    def s_cda_power_toughness_plus(self, meta: Meta, c: list[Any]) -> CdaSentence:
        nps = [x for x in c if isinstance(x, NP)]
        number = next(x for x in c if isinstance(x, NumberOfA))
        plus = int(str([x for x in c if isinstance(x, Token) and x.type == "NUMBER"][-1]))
        return CdaSentence(nps[0], number, plus, self._text(meta))

    def s_cda_power_and_toughness(self, meta: Meta, c: list[Any]) -> CdaSentence:
        nps = [x for x in c if isinstance(x, NP)]
        number = next(x for x in c if isinstance(x, NumberOfA))
        return CdaSentence(nps[0], number, None, self._text(meta))

    def s_until_eot_become_with(self, meta: Meta, c: list[Any]) -> ChainSentence:
        """ "Until end of turn, ~ becomes a black and green Plant Zombie creature with "<ability>"
        It's still a land." (the quoted ability ends the sentence, 113.2c)."""
        subject: NP = c[0]
        colors = next((x for x in c if isinstance(x, tuple)), ())
        types, subtypes = self._type_words(c)
        granted = next(x for x in c if isinstance(x, SentenceA))
        still = [x for x in c if isinstance(x, str) and x.startswith("still:")]
        if still and still[0] not in _STILL:
            raise ParseError(f"it's still a {still[0][6:]}", meta.start_pos)
        vp = LayerVP(
            "become_with",
            types=types,
            subtypes=subtypes,
            colors=colors,
            still=bool(still),
            granted=granted,
            until_eot=True,
            text=self._text(meta),
        )
        return ChainSentence((Item(subject, vp),), text=self._text(meta))

    def still_sentence(self, meta: Meta, c: list[Any]) -> str:
        return "still:" + str(c[-1])

    def become_keywords(self, meta: Meta, c: list[Any]) -> _BecomeKeywords:
        return _BecomeKeywords(tuple(c[0]))

    def s_chain_still(self, meta: Meta, c: list[Any]) -> ChainSentence:
        """ "~ becomes a 2/2 Assembly-Worker artifact creature until end of turn. It's still a
        land." (205.1b: it keeps its land type): the second sentence says what the first keeps."""
        return ChainSentence(_still_land(tuple(c[0]), str(c[1]), meta), text=self._text(meta))

    def s_until_eot_still(self, meta: Meta, c: list[Any]) -> ChainSentence:
        """ "Until end of turn, this land becomes a 4/4 ... creature with flying and vigilance. It's
        still a land." (611.2a, 205.1b)."""
        sentence = self.s_until_eot(meta, [c[0]])
        return ChainSentence(_still_land(sentence.items, str(c[1]), meta), text=self._text(meta))

    def s_as_long_as(self, meta: Meta, c: list[Any]) -> AsLongAsSentence:
        types, subtypes = self._type_words(c)
        items = next(x for x in c if isinstance(x, list) and x and isinstance(x[0], Item))
        return AsLongAsSentence(c[0], types, subtypes, items=tuple(items), text=self._text(meta))

    def s_as_long_as_quoted(self, meta: Meta, c: list[Any]) -> AsLongAsSentence:
        types, subtypes = self._type_words(c)
        nps = [x for x in c if isinstance(x, NP)]
        if nps[1].kind != "it":
            raise ParseError(f"as long as ..., {nps[1].text} has", meta.start_pos)
        granted = next(x for x in c if isinstance(x, SentenceA))
        return AsLongAsSentence(nps[0], types, subtypes, granted=granted, text=self._text(meta))

    def s_choose_color(self, meta: Meta, c: list[Any]) -> ChooseColorSentence:
        return ChooseColorSentence(text=self._text(meta))

    def s_sorcery_only(self, meta: Meta, c: list[Any]) -> SorceryOnlySentence:
        if str(c[0]) != "sorcery":
            raise ParseError(f"activate only as a {c[0]}", meta.start_pos)
        return SorceryOnlySentence(text=self._text(meta))

    def s_once_each_turn(self, meta: Meta, c: list[Any]) -> OnceEachTurnSentence:
        return OnceEachTurnSentence(text=self._text(meta))

    def s_sorcery_once(self, meta: Meta, c: list[Any]) -> SorceryOnlySentence:
        if str(c[0]) != "sorcery":
            raise ParseError(f"activate only as a {c[0]}", meta.start_pos)
        return SorceryOnlySentence(text=self._text(meta), once=True)

    def chain(self, meta: Meta, c: list[Any]) -> list[Item]:
        items: list[Item] = []
        sep = ""
        for x in c:
            if isinstance(x, str):
                sep = x
            else:
                subj, vp, *more = x
                items.append(Item(subj, vp, sep))
                # "destroy target creature and target land": the verb once per target (601.2c)
                items.extend(Item(None, _with_object(vp, np, meta), "and") for np in more)
        return items

    def sep_comma(self, meta: Meta, c: list[Any]) -> str:
        return ","

    def sep_and(self, meta: Meta, c: list[Any]) -> str:
        return "and"

    def sep_then(self, meta: Meta, c: list[Any]) -> str:
        return "then"

    def i_subj(self, meta: Meta, c: list[Any]) -> tuple[NP | None, VerbA]:
        return (c[0], c[1])

    def i_imp(self, meta: Meta, c: list[Any]) -> tuple[NP | None, VerbA]:
        return (None, c[0])

    def i_imp_and(self, meta: Meta, c: list[Any]) -> tuple[NP | None, VerbA, NP]:
        return (None, c[0], c[2] if len(c) > 2 else c[1])

    def i_subj_each(self, meta: Meta, c: list[Any]) -> tuple[NP | None, VerbA]:
        return (c[0], EachVP(c[1], c[-1], text=self._text(meta)))

    def i_imp_each(self, meta: Meta, c: list[Any]) -> tuple[NP | None, VerbA]:
        return (None, EachVP(c[0], c[-1], text=self._text(meta)))

    # ------------------------------------------------------------ verb phrases
    def v_damage(self, meta: Meta, c: list[Any]) -> DamageVP:
        return DamageVP(c[0], c[1], text=self._text(meta))

    def v_damage_same(self, meta: Meta, c: list[Any]) -> DamageVP:
        return DamageVP(c[0], NP("same", text=""), text=self._text(meta))

    def v_damage_power(self, meta: Meta, c: list[Any]) -> DamageVP:
        return DamageVP(0, c[1], text=self._text(meta), power_of=c[0])

    def v_damage_mana_value(self, meta: Meta, c: list[Any]) -> DamageVP:
        return DamageVP(0, c[1], text=self._text(meta), mana_value_of=c[0])

    def v_damage_divided(self, meta: Meta, c: list[Any]) -> DamageVP:
        return DamageVP(c[0], c[1], divided=True, text=self._text(meta))

    def v_damage_divided_chosen(self, meta: Meta, c: list[Any]) -> DamageVP:
        return DamageVP(c[0], c[1], divided=True, chosen=True, text=self._text(meta))

    def v_gain_life(self, meta: Meta, c: list[Any]) -> GainLifeVP:
        return GainLifeVP(c[0], text=self._text(meta))

    def v_get_energy(self, meta: Meta, c: list[Any]) -> EnergyVP:
        times = NUMBER_WORDS.get(str(c[0]), 0) if len(c) > 1 else 1
        return EnergyVP(str(c[-1]), times, text=self._text(meta))

    def v_get_energy_each(self, meta: Meta, c: list[Any]) -> EnergyVP:
        return EnergyVP(str(c[0]), 1, each=c[1], text=self._text(meta))

    def v_get_energy_equal(self, meta: Meta, c: list[Any]) -> DefinedAmountVP:
        return self._defined(meta, EnergyVP(str(c[0]), 1, amount="X", text=self._text(meta)), c[-1])

    def v_get_energy_that_many(self, meta: Meta, c: list[Any]) -> EnergyVP:
        return EnergyVP(str(c[0]), 1, amount="that_much", text=self._text(meta))

    def v_pay_energy_any(self, meta: Meta, c: list[Any]) -> EnergyVP:
        return EnergyVP(str(c[-1]), 0, pay=True, any_amount=True, text=self._text(meta))

    def v_pay_energy(self, meta: Meta, c: list[Any]) -> EnergyVP:
        times = NUMBER_WORDS.get(str(c[0]), 0) if len(c) > 1 else 1
        return EnergyVP(str(c[-1]), times, pay=True, text=self._text(meta))

    # amounts the text counts (107.1, 107.3): "<vp reading X>, where X is <quantity>"
    def _defined(self, meta: Meta, vp: VerbA, x: QuantityNode) -> DefinedAmountVP:
        return DefinedAmountVP(vp, x, text=self._text(meta))

    def v_gain_life_equal(self, meta: Meta, c: list[Any]) -> DefinedAmountVP:
        return self._defined(meta, GainLifeVP("X", text=self._text(meta)), c[-1])

    def v_lose_life_equal(self, meta: Meta, c: list[Any]) -> DefinedAmountVP:
        return self._defined(meta, LoseLifeVP("X", text=self._text(meta)), c[-1])

    def v_draw_equal(self, meta: Meta, c: list[Any]) -> DefinedAmountVP:
        return self._defined(meta, DrawVP("X", text=self._text(meta)), c[-1])

    def v_damage_equal(self, meta: Meta, c: list[Any]) -> DefinedAmountVP:
        return self._defined(meta, DamageVP("X", c[0], text=self._text(meta)), c[-1])

    def v_damage_equal_first(self, meta: Meta, c: list[Any]) -> DefinedAmountVP:
        return self._defined(meta, DamageVP("X", c[-1], text=self._text(meta)), c[0])

    def v_gain_life_power(self, meta: Meta, c: list[Any]) -> GainLifePowerVP:
        return GainLifePowerVP(c[0], text=self._text(meta))

    def power_its(self, meta: Meta, c: list[Any]) -> NP:
        return NP("it", text="it")

    def power_np(self, meta: Meta, c: list[Any]) -> NP:
        np_: NP = c[0]
        return np_

    def v_lose_life(self, meta: Meta, c: list[Any]) -> LoseLifeVP:
        return LoseLifeVP(c[0], text=self._text(meta))

    def v_lose_life_mana_value(self, meta: Meta, c: list[Any]) -> LoseLifeManaValueVP:
        return LoseLifeManaValueVP(c[0], text=self._text(meta))

    def v_win_game(self, meta: Meta, c: list[Any]) -> WinGameVP:
        return WinGameVP(text=self._text(meta))

    def v_lose_game(self, meta: Meta, c: list[Any]) -> LoseGameVP:
        return LoseGameVP(text=self._text(meta))

    def v_draw(self, meta: Meta, c: list[Any]) -> DrawVP:
        return DrawVP(c[0], text=self._text(meta))

    def v_discard(self, meta: Meta, c: list[Any]) -> DiscardVP:
        return DiscardVP(c[0], text=self._text(meta))

    def v_mill(self, meta: Meta, c: list[Any]) -> MillVP:
        return MillVP(c[0], text=self._text(meta))

    def v_manifest_top(self, meta: Meta, c: list[Any]) -> ManifestTopVP:
        return ManifestTopVP(text=self._text(meta))

    def v_discard_that(self, meta: Meta, c: list[Any]) -> DiscardChosenVP:
        return DiscardChosenVP(text=self._text(meta))

    def v_destroy(self, meta: Meta, c: list[Any]) -> DestroyVP:
        return DestroyVP(c[0], text=self._text(meta))

    def v_exile(self, meta: Meta, c: list[Any]) -> ExileVP:
        return ExileVP(c[0], text=self._text(meta))

    def v_exile_until(self, meta: Meta, c: list[Any]) -> ExileUntilVP:
        return ExileUntilVP(c[0], text=self._text(meta))

    def v_return(self, meta: Meta, c: list[Any]) -> ReturnVP:
        return ReturnVP(c[0], c[1], text=self._text(meta))

    def v_counter(self, meta: Meta, c: list[Any]) -> CounterVP:
        return CounterVP(c[0], text=self._text(meta))

    def v_copy(self, meta: Meta, c: list[Any]) -> CopyVP:
        return CopyVP(c[0], text=self._text(meta))

    def v_copy_color(self, meta: Meta, c: list[Any]) -> CopyVP:
        return CopyVP(c[0], color=COLORS[str(c[1])], text=self._text(meta))

    def v_copy_ability(self, meta: Meta, c: list[Any]) -> CopyAbilityVP:
        return CopyAbilityVP(tuple(c[0]), text=self._text(meta))

    def ak_triggered(self, meta: Meta, c: list[Any]) -> tuple[str, ...]:
        return ("triggered",)

    def ak_activated(self, meta: Meta, c: list[Any]) -> tuple[str, ...]:
        return ("activated",)

    def ak_activated_or_triggered(self, meta: Meta, c: list[Any]) -> tuple[str, ...]:
        return ("activated", "triggered")

    def v_may_new_targets(self, meta: Meta, c: list[Any]) -> NewTargetsVP:
        return NewTargetsVP(text=self._text(meta))

    def v_get(self, meta: Meta, c: list[Any]) -> ModifyVP:
        p, t = _pt_mod_x(str(c[0]))
        return ModifyVP(power=p, toughness=t, until_eot=_eot(c[1:], meta), text=self._text(meta))

    def v_gain_kw(self, meta: Meta, c: list[Any]) -> ModifyVP:
        keywords, quoted = _granted(c[0])
        return ModifyVP(keywords=keywords, quoted=quoted, until_eot=_eot(c[1:], meta), text=self._text(meta))

    def v_gain_kw_ability(self, meta: Meta, c: list[Any]) -> GainKeywordAbilityVP:
        return GainKeywordAbilityVP(c[0], until_eot=_eot(c[1:], meta), text=self._text(meta))

    def v_have_kw(self, meta: Meta, c: list[Any]) -> ModifyVP:
        keywords, quoted = _granted(c[0])
        return ModifyVP(keywords=keywords, quoted=quoted, text=self._text(meta))

    def v_cant_attack(self, meta: Meta, c: list[Any]) -> ModifyVP:
        return ModifyVP(cant_attack=True, until_eot=_eot(c, meta), text=self._text(meta))

    def v_cant_block(self, meta: Meta, c: list[Any]) -> ModifyVP:
        return ModifyVP(cant_block=True, until_eot=_eot(c, meta), text=self._text(meta))

    def v_become_color(self, meta: Meta, c: list[Any]) -> ModifyVP:
        # 105.3: "becomes black": its color is black (and no other), layer 5 (613.1e)
        return ModifyVP(set_colors=(COLORS[str(c[0])],), until_eot=len(c) > 1, text=self._text(meta))

    def v_cant_be_blocked(self, meta: Meta, c: list[Any]) -> ObjectRuleVP:
        return ObjectRuleVP(ObjectRuleKind.CANT_BE_BLOCKED, until_eot=_eot(c, meta), text=self._text(meta))

    def v_attacks_each_combat(self, meta: Meta, c: list[Any]) -> ObjectRuleVP:
        return ObjectRuleVP(ObjectRuleKind.ATTACKS_EACH_COMBAT, text=self._text(meta))

    def s_attack_unless(self, meta: Meta, c: list[Any]) -> ChainSentence:
        """ "~ can't attack unless defending player controls an Island." (508.1c): one clause
        whose verb is the restriction with its condition."""
        items, subtype = tuple(c[0]), str(c[1])
        if (
            len(items) != 1
            or not isinstance(items[0].vp, ModifyVP)
            or items[0].vp != ModifyVP(cant_attack=True, text=items[0].vp.text)
            or subtype not in LAND_TYPES
        ):
            raise ParseError("'unless ... controls' other than a can't-attack restriction", meta.start_pos)
        vp = AttackUnlessVP(subtype, text=self._text(meta))
        return ChainSentence((Item(items[0].subject, vp),), text=self._text(meta))

    def v_doesnt_untap_its(self, meta: Meta, c: list[Any]) -> ObjectRuleVP:
        whose = c[0]
        if not isinstance(whose, NP) or " ".join(whose.text.lower().split()) != "its controller":
            raise ParseError("doesn't untap during another player's untap step", meta.start_pos)
        return ObjectRuleVP(ObjectRuleKind.DOESNT_UNTAP, text=self._text(meta))

    def v_block_only_flying(self, meta: Meta, c: list[Any]) -> ObjectRuleVP:
        if str(c[0]) != "creature":
            raise ParseError(f"can block only {c[0]}s", meta.start_pos)
        return ObjectRuleVP(ObjectRuleKind.BLOCKS_ONLY_FLYING, text=self._text(meta))

    def v_cant_block_with(self, meta: Meta, c: list[Any]) -> CantBlockWithVP:
        return CantBlockWithVP(c[0], text=self._text(meta))

    def v_cant_cast(self, meta: Meta, c: list[Any]) -> CantCastVP:
        return CantCastVP(c[0], text=self._text(meta))

    def v_cant_attack_or_block(self, meta: Meta, c: list[Any]) -> ModifyVP:
        return ModifyVP(cant_attack=True, cant_block=True, until_eot=_eot(c, meta), text=self._text(meta))

    def v_block_additional(self, meta: Meta, c: list[Any]) -> BlockLimitVP:
        return BlockLimitVP(1, str(c[0]), text=self._text(meta))

    def v_block_any(self, meta: Meta, c: list[Any]) -> BlockLimitVP:
        return BlockLimitVP(-1, str(c[0]), text=self._text(meta))

    def v_each(self, meta: Meta, c: list[Any]) -> VerbA:
        # "Creatures you control each get +1/+1": "each" only stresses that every object
        # of the subject is affected, which a group subject already means (harmless drop).
        vp: VerbA = c[0]
        return vp

    def v_cant_regenerate(self, meta: Meta, c: list[Any]) -> CantBeRegeneratedVP:
        return CantBeRegeneratedVP(text=self._text(meta))

    def v_gain_control(self, meta: Meta, c: list[Any]) -> GainControlVP:
        as_long = len(c) > 1 and c[1] == _AS_LONG
        until_eot = len(c) > 1 and not as_long
        return GainControlVP(c[0], until_eot=until_eot, text=self._text(meta), as_long=as_long)

    def v_control(self, meta: Meta, c: list[Any]) -> ControlVP:
        return ControlVP(c[0], text=self._text(meta))

    def v_change_text(self, meta: Meta, c: list[Any]) -> ChangeTextVP:
        return ChangeTextVP(c[0], tuple(c[1]), until_eot=_eot(c[2:], meta), text=self._text(meta))

    def text_words(self, meta: Meta, c: list[Any]) -> list[str]:
        return list(c)

    def _one(self, tok: Any, meta: Meta) -> None:
        if str(tok) != "one":
            raise ParseError(f"'{tok}' words replaced by a text-changing effect", meta.start_pos)

    def tw_color(self, meta: Meta, c: list[Any]) -> str:
        self._one(c[0], meta)
        return "color"

    def tw_land_type(self, meta: Meta, c: list[Any]) -> str:
        self._one(c[0], meta)
        if str(c[1]) != "basic" or str(c[2]) != "land":
            raise ParseError(f"'{c[1]} {c[2]} type' replaced by a text-changing effect", meta.start_pos)
        return "land_type"

    def tw_creature_type(self, meta: Meta, c: list[Any]) -> str:
        self._one(c[0], meta)
        if str(c[1]) != "creature":
            raise ParseError(f"'{c[1]} type' replaced by a text-changing effect", meta.start_pos)
        return "creature_type"

    def s_new_word_cant_be(self, meta: Meta, c: list[Any]) -> NewWordCantBeSentence:
        if str(c[0]) != "creature":
            raise ParseError(f"'the new {c[0]} type'", meta.start_pos)
        return NewWordCantBeSentence("creature_type", str(c[1]), text=self._text(meta))

    def v_exchange_control(self, meta: Meta, c: list[Any]) -> ExchangeControlVP:
        return ExchangeControlVP(c[0], text=self._text(meta))

    def v_regenerate(self, meta: Meta, c: list[Any]) -> RegenerateVP:
        return RegenerateVP(c[0], text=self._text(meta))

    def v_gain_control_if_regenerates(self, meta: Meta, c: list[Any]) -> GainControlIfRegeneratesVP:
        return GainControlIfRegeneratesVP(c[0], text=self._text(meta))

    def v_prevent_all(self, meta: Meta, c: list[Any]) -> PreventAllVP:
        if c and c[-1] == _AS_LONG:
            raise ParseError("'for as long as' on a prevention effect", meta.start_pos)
        to = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "to"), None)
        by = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "by"), None)
        this_turn = any(x is True for x in c)
        return PreventAllVP(
            combat=any(x is _COMBAT for x in c), text=self._text(meta), to=to, by=by, this_turn=this_turn
        )

    def v_prevent_all_to_and_by(self, meta: Meta, c: list[Any]) -> PreventAllVP:
        if c and c[-1] == _AS_LONG:
            raise ParseError("'for as long as' on a prevention effect", meta.start_pos)
        np = next(x for x in c if isinstance(x, NP))
        return PreventAllVP(
            combat=any(x is _COMBAT for x in c),
            text=self._text(meta),
            to=np,
            by=np,
            this_turn=any(x is True for x in c),
            to_and_by=True,
        )

    def prevent_to(self, meta: Meta, c: list[Any]) -> tuple[str, Any]:
        return ("to", c[0])

    def prevent_by(self, meta: Meta, c: list[Any]) -> tuple[str, Any]:
        return ("by", c[0])

    def v_cant_gain_life(self, meta: Meta, c: list[Any]) -> CantGainLifeVP:
        return CantGainLifeVP(until_eot=_eot(c, meta), text=self._text(meta))

    def v_skip_step(self, meta: Meta, c: list[Any]) -> SkipStepVP:
        text = self._text(meta)
        return SkipStepVP(str(c[0]), next=" next " in f" {text.lower()} ", text=text)

    def step_untap(self, meta: Meta, c: list[Any]) -> str:
        return "untap"

    def step_upkeep(self, meta: Meta, c: list[Any]) -> str:
        return "upkeep"

    def step_draw(self, meta: Meta, c: list[Any]) -> str:
        return "draw"

    def for_as_long(self, meta: Meta, c: list[Any]) -> str:
        return _AS_LONG

    def combat_word(self, meta: Meta, c: list[Any]) -> object:
        return _COMBAT

    # replacement and prevention effects (614.1a, 615.1a)
    def s_replacement(self, meta: Meta, c: list[Any]) -> ReplacementSentence:
        return ReplacementSentence(c[0], c[1], text=self._text(meta))

    def s_redirect(self, meta: Meta, c: list[Any]) -> ReplacementSentence:
        """ "All damage that would be dealt to X is dealt to Y instead." (614.9)."""
        text = self._text(meta)
        return ReplacementSentence(
            WouldA("damage_dealt", on=c[0], text=text), InsteadA("redirect", dest=c[1], text=text), text=text
        )

    def s_day_as_enters(self, meta: Meta, c: list[Any]) -> DayAsEntersSentence:
        return DayAsEntersSentence(text=self._text(meta))

    def s_unpreventable(self, meta: Meta, c: list[Any]) -> UnpreventableSentence:
        return UnpreventableSentence(this_turn=_eot(c, meta), text=self._text(meta))

    def q_chosen_color(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("chosen", "color")

    def q_their_choice(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("their_choice", "")

    def q_chosen_type(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("chosen", "creature_type")

    def s_or_lose(self, meta: Meta, c: list[Any]) -> OrLoseSentence:
        return OrLoseSentence(text=self._text(meta))

    def s_can_be_commander(self, meta: Meta, c: list[Any]) -> CommanderSentence:
        if c[0].kind != "self":  # 903.3d: the card itself
            raise ParseError("another card as a commander", meta.start_pos)
        return CommanderSentence(text=self._text(meta))

    def s_opening_hand(self, meta: Meta, c: list[Any]) -> OpeningHandSentence:
        if c[0].kind != "self":  # 103.6a: the card itself
            raise ParseError("an opening-hand action of another card", meta.start_pos)
        return OpeningHandSentence(text=self._text(meta))

    def s_your_hand_size(self, meta: Meta, c: list[Any]) -> HandSizeSentence:
        change, amount = c[0]
        return HandSizeSentence("you", change, amount, text=self._text(meta))

    def s_hand_size(self, meta: Meta, c: list[Any]) -> HandSizeSentence:
        change, amount = c[1]
        return HandSizeSentence(_hand_size_players(c[0], meta), change, amount, text=self._text(meta))

    def s_no_maximum_hand_size(self, meta: Meta, c: list[Any]) -> HandSizeSentence:
        return HandSizeSentence(_hand_size_players(c[0], meta), "none", text=self._text(meta))

    def hc_increase(self, meta: Meta, c: list[Any]) -> tuple[str, AmountA]:
        return ("increase", c[0])

    def hc_reduce(self, meta: Meta, c: list[Any]) -> tuple[str, AmountA]:
        return ("reduce", c[0])

    def hc_set(self, meta: Meta, c: list[Any]) -> tuple[str, AmountA]:
        return ("set", c[0])

    def one_or_more(self, meta: Meta, c: list[Any]) -> str:
        if c[0] != 1:
            raise ParseError(f"'{c[0]} or more'", meta.start_pos)
        return "one_or_more"

    def would_np(self, meta: Meta, c: list[Any]) -> WouldA:
        w: WouldA = c[1]
        return replace(w, subject=c[0], this_turn=_eot(c[2:], meta), text=self._text(meta))

    def would_tokens_created(self, meta: Meta, c: list[Any]) -> WouldA:
        return WouldA("tokens_created", whose="your", text=self._text(meta))

    def would_counters_put(self, meta: Meta, c: list[Any]) -> WouldA:
        kind = str(c[1]) if len(c) > 2 else ""
        return WouldA("counters_put", counter=kind, on=c[-1], text=self._text(meta))

    def would_damage_dealt(self, meta: Meta, c: list[Any]) -> WouldA:
        return WouldA("damage_dealt", on=c[0], this_turn=_eot(c[1:], meta), text=self._text(meta))

    def wv_die(self, meta: Meta, c: list[Any]) -> WouldA:
        return WouldA("die")

    def wv_any_graveyard(self, meta: Meta, c: list[Any]) -> WouldA:
        return WouldA("any_graveyard")

    def wv_graveyard(self, meta: Meta, c: list[Any]) -> WouldA:
        return WouldA("graveyard", whose=str(c[0]))

    def gy_your(self, meta: Meta, c: list[Any]) -> str:
        return "your"

    def gy_opponent(self, meta: Meta, c: list[Any]) -> str:
        return "opponent"

    def wv_destroyed(self, meta: Meta, c: list[Any]) -> WouldA:
        return WouldA("destroyed")

    def wv_draw(self, meta: Meta, c: list[Any]) -> WouldA:
        return WouldA("draw")

    def wv_draw_empty(self, meta: Meta, c: list[Any]) -> WouldA:
        return WouldA("draw_empty")

    def wv_pay_life_library(self, meta: Meta, c: list[Any]) -> WouldA:
        return WouldA("pay_life_library")

    def ins_win(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(meta, "win")

    def wv_gain_life(self, meta: Meta, c: list[Any]) -> WouldA:
        return WouldA("gain_life")

    def wv_create_tokens(self, meta: Meta, c: list[Any]) -> WouldA:
        return WouldA("create_tokens", whose="your")

    def wv_put_counters(self, meta: Meta, c: list[Any]) -> WouldA:
        return WouldA("put_counters", on=c[-1])

    def wv_deal_damage(self, meta: Meta, c: list[Any]) -> WouldA:
        on = next((x for x in c if isinstance(x, NP)), None)
        return WouldA("deal_damage", on=on, combat=any(x is _COMBAT for x in c))

    def wv_dealt_damage(self, meta: Meta, c: list[Any]) -> WouldA:
        return WouldA("dealt_damage", combat=any(x is _COMBAT for x in c))

    def _instead(self, meta: Meta, kind: str, **kw: Any) -> InsteadA:
        return InsteadA(kind, text=self._text(meta), **kw)

    def ins_exile(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(meta, "exile", obj=c[0])

    def ins_shuffle(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(meta, "shuffle", obj=c[0], dest=c[1])

    def ins_reveal_shuffle(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(meta, "shuffle", reveal=c[0], obj=c[1], dest=c[2])

    def ins_twice_tokens(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(meta, "twice_tokens", subject=c[0] if c else None)

    def ins_twice_counters(self, meta: Meta, c: list[Any]) -> InsteadA:
        if len(c) == 2 and isinstance(c[0], NP):
            return self._instead(meta, "twice_counters", subject=c[0], dest=c[1])
        return self._instead(meta, "twice_counters", counter=str(c[0]), dest=c[1])

    def ins_more_counters(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(
            meta, "more_counters", amount=NUMBER_WORDS[str(c[0])], counter=str(c[1]), dest=c[2]
        )

    def ins_prevent(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(meta, "prevent", amount=c[0])

    def ins_prevent_all(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(meta, "prevent_all")

    def ins_double_damage(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(meta, "double_damage", subject=c[0], dest=c[1] if len(c) > 1 else None)

    def ins_triple_damage(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(meta, "triple_damage", subject=c[0], dest=c[1] if len(c) > 1 else None)

    def ins_damage_plus(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(
            meta, "damage_plus", subject=c[0], amount=c[1], dest=c[2] if len(c) > 2 else None
        )

    def ins_life_plus(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(meta, "life_plus", amount=c[0])

    def ins_life_twice(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(meta, "life_twice")

    def ins_draw_that_many(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(meta, "draw_that_many")

    def ins_draw(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(meta, "draw", amount=c[0])

    def ins_return(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(meta, "return", obj=c[0], dest=c[1])

    def ins_exile_that_many(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(meta, "exile_that_many", dest=c[0])

    def ins_exile_top_that_many(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(meta, "exile_top_that_many")

    def ins_regenerate(self, meta: Meta, c: list[Any]) -> InsteadA:
        return self._instead(meta, "regenerate", obj=c[0])

    def v_tap(self, meta: Meta, c: list[Any]) -> TapVP:
        return TapVP(c[0], text=self._text(meta))

    def v_untap(self, meta: Meta, c: list[Any]) -> UntapVP:
        return UntapVP(c[0], text=self._text(meta))

    def v_transform(self, meta: Meta, c: list[Any]) -> TransformVP:
        return TransformVP(c[0], text=self._text(meta))

    def v_skip_untap(self, meta: Meta, c: list[Any]) -> SkipUntapVP:
        return SkipUntapVP(c[0], text=self._text(meta))

    def v_create(self, meta: Meta, c: list[Any]) -> CreateTokenVP:
        return CreateTokenVP(c[0], text=self._text(meta))

    def v_get_emblem(self, meta: Meta, c: list[Any]) -> GetEmblemVP:
        """114.1: "get an emblem with '<ability>'"."""
        quoted = tuple(int(str(t)) for t in c if isinstance(t, Token) and t.type == "QUOTED")
        return GetEmblemVP(quoted, text=self._text(meta))

    def v_investigate(self, meta: Meta, c: list[Any]) -> CreateTokenVP:
        """701.16a: "Investigate" means "Create a Clue token" (111.10f)."""
        return CreateTokenVP(TokenA(1, 0, 0, (), (), ("clue",), predefined=True), text=self._text(meta))

    def v_investigate_times(self, meta: Meta, c: list[Any]) -> CreateTokenVP:
        n = NUMBER_WORDS[str(c[0])]
        return CreateTokenVP(TokenA(n, 0, 0, (), (), ("clue",), predefined=True), text=self._text(meta))

    def v_investigate_twice(self, meta: Meta, c: list[Any]) -> CreateTokenVP:
        return CreateTokenVP(TokenA(2, 0, 0, (), (), ("clue",), predefined=True), text=self._text(meta))

    def v_add_mana_produced(self, meta: Meta, c: list[Any]) -> AddManaProducedVP:
        n = NUMBER_WORDS.get(str(c[0]), 0)
        return AddManaProducedVP(n, str(c[1]), text=self._text(meta))

    def v_create_copy(self, meta: Meta, c: list[Any]) -> CreateCopyTokenVP:
        ex = c[1] if len(c) > 1 else CopyExceptions()
        return CreateCopyTokenVP(c[0], text=self._text(meta), exceptions=ex)

    def v_add_mana_chosen(self, meta: Meta, c: list[Any]) -> AddManaVP:
        return AddManaVP("", text=self._text(meta), chosen_color=NUMBER_WORDS.get(str(c[0]), 0))

    def v_add_mana_one_of(self, meta: Meta, c: list[Any]) -> AddOneOfVP:
        options = tuple(str(t) for t in c if isinstance(t, Token) and t.type == "MANA")
        return AddOneOfVP(options, text=self._text(meta))

    def v_add_any_color(self, meta: Meta, c: list[Any]) -> AddAnyColorVP:
        return AddAnyColorVP(NUMBER_WORDS.get(str(c[0]), 0), text=self._text(meta))

    def v_add_any_one_color(self, meta: Meta, c: list[Any]) -> AddAnyColorVP:
        # "two mana of any one color": the second number word must be "one"
        n = NUMBER_WORDS.get(str(c[0]), 0) if str(c[1]) == "one" else 0
        return AddAnyColorVP(n, text=self._text(meta))

    def v_add_combination(self, meta: Meta, c: list[Any]) -> AddAnyColorVP:
        return AddAnyColorVP(NUMBER_WORDS.get(str(c[0]), 0), combination=True, text=self._text(meta))

    def v_add_commander_color(self, meta: Meta, c: list[Any]) -> AddAnyColorVP:
        return AddAnyColorVP(NUMBER_WORDS.get(str(c[0]), 0), commander=True, text=self._text(meta))

    def v_add_could_produce_type(self, meta: Meta, c: list[Any]) -> AddCouldProduceVP:
        return AddCouldProduceVP(NUMBER_WORDS.get(str(c[0]), 0), c[1], text=self._text(meta))

    def v_add_could_produce_color(self, meta: Meta, c: list[Any]) -> AddCouldProduceVP:
        n = NUMBER_WORDS.get(str(c[0]), 0)
        return AddCouldProduceVP(n, c[1], colors_only=True, text=self._text(meta))

    def v_add_mana(self, meta: Meta, c: list[Any]) -> AddManaVP:
        return AddManaVP(str(c[0]), text=self._text(meta), each=c[1] if len(c) > 1 else None)

    def v_search(self, meta: Meta, c: list[Any]) -> SearchVP:
        return SearchVP(c[0], c[1], text=self._text(meta))

    def v_put_battlefield(self, meta: Meta, c: list[Any]) -> PutOntoBattlefieldVP:
        tapped, under, counters = _entering(c[1:])
        return PutOntoBattlefieldVP(
            c[0], tapped=tapped, text=self._text(meta), under=under, counters=counters
        )

    def v_return_battlefield(self, meta: Meta, c: list[Any]) -> ReturnToBattlefieldVP:
        tapped, under, counters = _entering(c[1:])
        return ReturnToBattlefieldVP(
            c[0], tapped=tapped, text=self._text(meta), under=under, counters=counters
        )

    def v_return_battlefield_transformed(self, meta: Meta, c: list[Any]) -> ReturnToBattlefieldVP:
        _, under, _ = _entering(c[1:])
        return ReturnToBattlefieldVP(c[0], text=self._text(meta), under=under, transformed=True)

    def under_you(self, meta: Meta, c: list[Any]) -> _Under:
        return _Under("you")

    def under_owner(self, meta: Meta, c: list[Any]) -> _Under:
        return _Under("owner")

    def enter_with(self, meta: Meta, c: list[Any]) -> tuple[str, AmountA]:
        # children: amount, the counter's kind, "it"/"them"
        return (str(c[1]), c[0])

    def counter_pt(self, meta: Meta, c: list[Any]) -> str:
        return str(c[0])

    def counter_named(self, meta: Meta, c: list[Any]) -> str:
        return str(c[0]).lower()

    def counter_loyalty(self, meta: Meta, c: list[Any]) -> str:
        return "loyalty"  # 122.1e, 306.5b

    def counter_keyword(self, meta: Meta, c: list[Any]) -> str:
        return str(c[0])

    def v_must_block(self, meta: Meta, c: list[Any]) -> MustBlockVP:
        return MustBlockVP(c[0], text=self._text(meta))

    def v_gain_activated_of(self, meta: Meta, c: list[Any]) -> GainActivatedOfVP:
        return GainActivatedOfVP(c[0], until_eot=_eot(c[1:], meta), text=self._text(meta))

    def q_exiled_with_self(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("exiled_with_self")

    def q_combat_with_self(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("combat_with_self")

    def v_spend_as_any_color(self, meta: Meta, c: list[Any]) -> SpendAsAnyColorVP:
        return SpendAsAnyColorVP(COLORS[str(c[0])], text=self._text(meta))

    def v_put_into(self, meta: Meta, c: list[Any]) -> PutIntoVP:
        return PutIntoVP(c[0], c[1], text=self._text(meta))

    def v_shuffle(self, meta: Meta, c: list[Any]) -> ShuffleVP:
        return ShuffleVP(text=self._text(meta))

    def v_become_monarch(self, meta: Meta, c: list[Any]) -> BecomeMonarchVP:
        return BecomeMonarchVP(text=self._text(meta))

    def v_proliferate(self, meta: Meta, c: list[Any]) -> ProliferateVP:
        return ProliferateVP(text=self._text(meta))

    def v_scry(self, meta: Meta, c: list[Any]) -> ScryVP:
        return ScryVP(c[0], text=self._text(meta))

    def v_surveil(self, meta: Meta, c: list[Any]) -> ScryVP:
        return ScryVP(c[0], text=self._text(meta), surveil=True)

    def v_put_counters(self, meta: Meta, c: list[Any]) -> PutCountersVP:
        return PutCountersVP(c[0], str(c[1]), c[2], text=self._text(meta))

    def v_prevent_sharing_color(self, meta: Meta, c: list[Any]) -> PreventSharingColorVP:
        return PreventSharingColorVP(c[0], c[1], str(c[2]).lower(), text=self._text(meta))

    def v_prevent(self, meta: Meta, c: list[Any]) -> PreventDamageVP:
        return PreventDamageVP(c[0], c[1], text=self._text(meta))

    def v_reveal_top(self, meta: Meta, c: list[Any]) -> RevealTopVP:
        return RevealTopVP(c[0], text=self._text(meta))

    def v_look_hand(self, meta: Meta, c: list[Any]) -> LookHandVP:
        return LookHandVP(c[0], text=self._text(meta))

    def v_reveal(self, meta: Meta, c: list[Any]) -> RevealVP:
        return RevealVP(c[0], text=self._text(meta))

    def v_choose(self, meta: Meta, c: list[Any]) -> ChooseVP:
        return ChooseVP(c[0], text=self._text(meta))

    def v_may(self, meta: Meta, c: list[Any]) -> MayVP:
        return MayVP(c[0], text=self._text(meta))

    def v_may_cast_as_though_flash(self, meta: Meta, c: list[Any]) -> CastAsThoughFlashVP:
        return CastAsThoughFlashVP(c[0], text=self._text(meta))

    def _land_word(self, meta: Meta, word: Any) -> None:
        if str(word) != "land":
            raise ParseError(f"'play {word}': only lands are played (305.1)", meta.start_pos)

    def _spell_desc(self, meta: Meta, groups: Any) -> Desc:
        """The spells a permission names ("creature spells", "instant and sorcery spells")."""
        return Desc(groups=groups, text=self._text(meta))

    def v_cant_play_lands(self, meta: Meta, c: list[Any]) -> CantPlayVP:
        self._land_word(meta, c[0])
        return CantPlayVP(text=self._text(meta))

    def v_cant_play_from_graveyard(self, meta: Meta, c: list[Any]) -> CantPlayVP:
        self._land_word(meta, c[0])
        return CantPlayVP(from_graveyard=True, until_eot=_eot(c[1:], meta), text=self._text(meta))

    def v_cant_enter(self, meta: Meta, c: list[Any]) -> CantEnterVP:
        return CantEnterVP(text=self._text(meta))

    def v_may_play_from_graveyards(self, meta: Meta, c: list[Any]) -> PlayFromVP:
        self._land_word(meta, c[0])
        spells = self._spell_desc(meta, c[1])
        return PlayFromVP(
            "other_graveyards", lands=True, spells=spells, until_eot=_eot(c[2:], meta), text=self._text(meta)
        )

    def v_may_play_lands_from_top(self, meta: Meta, c: list[Any]) -> PlayFromVP:
        self._land_word(meta, c[0])
        return PlayFromVP("library_top", lands=True, text=self._text(meta))

    def v_may_cast_from_top(self, meta: Meta, c: list[Any]) -> PlayFromVP:
        return PlayFromVP("library_top", spells=self._spell_desc(meta, c[0]), text=self._text(meta))

    def v_may_play_and_cast_from_top(self, meta: Meta, c: list[Any]) -> PlayFromVP:
        self._land_word(meta, c[0])
        return PlayFromVP(
            "library_top", lands=True, spells=self._spell_desc(meta, c[1]), text=self._text(meta)
        )

    def v_may_look_top(self, meta: Meta, c: list[Any]) -> LookAnyTimeVP:
        return LookAnyTimeVP(text=self._text(meta))

    def v_exile_top_one(self, meta: Meta, c: list[Any]) -> ExileTopVP:
        return ExileTopVP(1, c[0], text=self._text(meta))

    def v_exile_top(self, meta: Meta, c: list[Any]) -> ExileTopVP:
        return ExileTopVP(_amount(c[0]), c[1], text=self._text(meta))

    def play_those(self, meta: Meta, c: list[Any]) -> None:
        return None

    def pu_this_turn(self, meta: Meta, c: list[Any]) -> str:
        return "eot"

    def pu_next_turn(self, meta: Meta, c: list[Any]) -> str:
        return "next_turn"

    def v_may_play_those(self, meta: Meta, c: list[Any]) -> PlayThoseVP:
        until = next((x for x in c if isinstance(x, str)), "")
        return PlayThoseVP(
            until="next_turn" if until == "next_turn" else "eot" if until else "", text=self._text(meta)
        )

    def s_until_next_turn_play(self, meta: Meta, c: list[Any]) -> ChainSentence:
        """ "Until the end of your next turn, you may play those cards." """
        text = self._text(meta)
        you = NP("you", text="you")
        return ChainSentence((Item(you, PlayThoseVP(until="next_turn", text=text)),), text=text)

    def s_reveal_until_hand(self, meta: Meta, c: list[Any]) -> RevealUntilSentence:
        return RevealUntilSentence(c[0], text=self._text(meta))

    def s_reveal_top(self, meta: Meta, c: list[Any]) -> RevealTopSentence:
        return RevealTopSentence(text=self._text(meta))

    def v_attach(self, meta: Meta, c: list[Any]) -> AttachVP:
        return AttachVP(c[0], c[1], text=self._text(meta))

    def v_sacrifice(self, meta: Meta, c: list[Any]) -> SacrificeVP:
        return SacrificeVP(c[0], text=self._text(meta))

    def v_sacrifice_count(self, meta: Meta, c: list[Any]) -> SacrificeCountVP:
        return SacrificeCountVP(c[0], c[1], text=self._text(meta))

    def v_sacrifice_or_damage(self, meta: Meta, c: list[Any]) -> EitherVP:
        text = self._text(meta)
        sacrifice = SacrificeCountVP(c[0], c[1], text=text.split(" or ")[0])
        damage = HaveSelfDealDamageVP(c[2], c[3], text=text.split(" or ", 1)[-1])
        return EitherVP((sacrifice, damage), text=text)

    def v_have_self_deal_damage(self, meta: Meta, c: list[Any]) -> HaveSelfDealDamageVP:
        return HaveSelfDealDamageVP(c[0], c[1], text=self._text(meta))

    def v_cost_more(self, meta: Meta, c: list[Any]) -> CostIncreaseVP:
        return CostIncreaseVP(str(c[0]), text=self._text(meta))

    def v_cost_less(self, meta: Meta, c: list[Any]) -> CostReductionVP:
        return CostReductionVP(str(c[0]), text=self._text(meta), each=c[1] if len(c) > 1 else None)

    def v_cost_more_static(self, meta: Meta, c: list[Any]) -> CostReductionVP:
        return CostReductionVP(str(c[0]), text=self._text(meta), more=True)

    def v_lose_all_abilities(self, meta: Meta, c: list[Any]) -> LayerVP:
        return LayerVP("lose_all_abilities", text=self._text(meta))

    def v_base_pt(self, meta: Meta, c: list[Any]) -> LayerVP:
        pt = str(c[0])
        p, _, t = pt.partition("/")
        if not (p.isdigit() and t.isdigit()):
            raise ParseError(f"base power and toughness {pt}", meta.start_pos)
        return LayerVP("base_pt", power=int(p), toughness=int(t), until_eot=len(c) > 1, text=self._text(meta))

    def v_enter_as_copy(self, meta: Meta, c: list[Any]) -> EnterAsCopyVP:
        what: Desc = c[0]
        ex = c[1] if len(c) > 1 else CopyExceptions()
        return EnterAsCopyVP(what, ex.types, ex.subtypes, text=self._text(meta), exceptions=ex)

    def v_become_copy(self, meta: Meta, c: list[Any]) -> BecomeCopyVP:
        ex = c[1] if len(c) > 1 else CopyExceptions()
        return BecomeCopyVP(c[0], ex, text=self._text(meta))

    def v_have_self_become_copy(self, meta: Meta, c: list[Any]) -> BecomeCopyVP:
        ex = c[1] if len(c) > 1 else CopyExceptions()
        return BecomeCopyVP(c[0], ex, text=self._text(meta), have_self=True)

    def cx_gains_triggered(self, meta: Meta, c: list[Any]) -> CopyExceptions:
        trig = next(x for x in c if isinstance(x, TriggeredA))
        text = self._text(meta)
        quoted = text[text.find('"') + 1 : text.rfind('"')]
        return CopyExceptions(gains=((trig, quoted),))

    def copy_choice(self, meta: Meta, c: list[Any]) -> Desc:
        desc: Desc = c[-1]
        return desc

    def copy_except(self, meta: Meta, c: list[Any]) -> CopyExceptions:
        """707.9: the exceptions of one copy effect, combined."""
        out = CopyExceptions()
        for x in c:
            out = replace(
                out,
                types=out.types + x.types,
                subtypes=out.subtypes + x.subtypes,
                power=x.power if x.power is not None else out.power,
                toughness=x.toughness if x.toughness is not None else out.toughness,
                this_ability=out.this_ability or x.this_ability,
                not_color=out.not_color or x.not_color,
                gains=out.gains + x.gains,
                counters=out.counters + x.counters,
                keywords=out.keywords + x.keywords,
                not_supertypes=out.not_supertypes + x.not_supertypes,
            )
        return out

    def cx_keywords(self, meta: Meta, c: list[Any]) -> CopyExceptions:
        return CopyExceptions(keywords=tuple(c[0]))

    def cx_not_supertype(self, meta: Meta, c: list[Any]) -> CopyExceptions:
        return CopyExceptions(not_supertypes=(str(c[0]).lower(),))

    def cx_add_types(self, meta: Meta, c: list[Any]) -> CopyExceptions:
        types, subtypes = self._type_words(c)
        return CopyExceptions(types=types, subtypes=subtypes)

    def cx_pt(self, meta: Meta, c: list[Any]) -> CopyExceptions:
        p, _, t = str(c[0]).partition("/")
        if not (p.isdigit() and t.isdigit()):
            raise ParseError(f"a copy that's {c[0]}", meta.start_pos)
        return CopyExceptions(power=int(p), toughness=int(t))

    def cx_counters(self, meta: Meta, c: list[Any]) -> CopyExceptions:
        return CopyExceptions(counters=((str(c[1]), c[0]),))

    def v_cant_be_countered(self, meta: Meta, c: list[Any]) -> CantBeCounteredVP:
        return CantBeCounteredVP(text=self._text(meta))

    def cx_this_ability(self, meta: Meta, c: list[Any]) -> CopyExceptions:
        return CopyExceptions(this_ability=True)

    def cx_not_color(self, meta: Meta, c: list[Any]) -> CopyExceptions:
        if str(c[0]) != "creature":
            raise ParseError(f"doesn't copy that {c[0]}'s color", meta.start_pos)
        return CopyExceptions(not_color=True)

    def q_on_battlefield(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("zone", "battlefield", player=NP("a", text="a"))

    def v_lose_kw(self, meta: Meta, c: list[Any]) -> LayerVP:
        return LayerVP("lose_keywords", keywords=tuple(c[0]), until_eot=len(c) > 1, text=self._text(meta))

    def v_switch(self, meta: Meta, c: list[Any]) -> LayerVP:
        return LayerVP("switch", subject=c[0], until_eot=len(c) > 1, text=self._text(meta))

    def v_become_color_choice(self, meta: Meta, c: list[Any]) -> LayerVP:
        return LayerVP("choose_color", until_eot=bool(c), text=self._text(meta))

    def become_colors(self, meta: Meta, c: list[Any]) -> tuple[str, ...]:
        return tuple(COLORS[str(x)] for x in c if str(x) in COLORS)

    def still(self, meta: Meta, c: list[Any]) -> str:
        return "still:" + str(c[-1])

    def v_become(self, meta: Meta, c: list[Any]) -> LayerVP:
        pt = str(next(x for x in c if isinstance(x, Token) and x.type == "PT"))
        p, _, t = pt.partition("/")
        if not (p.isdigit() and t.isdigit()):
            raise ParseError(f"becomes a {pt}", meta.start_pos)
        colors = next((x for x in c if isinstance(x, tuple) and not isinstance(x, _BecomeKeywords)), ())
        types, subtypes = self._type_words(c)
        still = [x for x in c if isinstance(x, str) and x.startswith("still:")]
        if still and still[0] not in _STILL:
            raise ParseError(f"that's still a {still[0][6:]}", meta.start_pos)
        keywords = next((x.keywords for x in c if isinstance(x, _BecomeKeywords)), ())
        return LayerVP(
            "become",
            power=int(p),
            toughness=int(t),
            types=types,
            subtypes=subtypes,
            colors=colors,
            keywords=keywords,
            still=bool(still),
            until_eot=any(x is True for x in c),
            text=self._text(meta),
        )

    def v_is_pt_still(self, meta: Meta, c: list[Any]) -> LayerVP:
        """ "All Forests are 1/1 creatures that are still lands" (a static ability's form of
        "becomes a 1/1 creature that's still a land": 613.1d, 613.4b)."""
        if str(c[-1]) != "land":
            raise ParseError(f"that are still {c[-1]}", meta.start_pos)
        vp = self.v_become(meta, [*c[:-1], "still:land"])
        return replace(vp, kind="is_pt_still")

    def v_become_mana_value(self, meta: Meta, c: list[Any]) -> LayerVP:
        types, subtypes = self._type_words(c)
        return LayerVP(
            "become_mana_value",
            types=types,
            subtypes=subtypes,
            until_eot=any(x is True for x in c),
            text=self._text(meta),
        )

    def v_base_pt_mana_value(self, meta: Meta, c: list[Any]) -> LayerVP:
        return LayerVP("base_pt_mana_value", text=self._text(meta))

    def _type_words(self, c: list[Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        words: list[Token] = next(x for x in c if isinstance(x, list))
        types = tuple(str(w) for w in words if w.type == "CTYPE")
        subtypes = tuple(str(w) for w in words if w.type == "SUBTYPE")
        return types, subtypes

    def type_words(self, meta: Meta, c: list[Any]) -> list[Token]:
        return list(c)

    def possessive(self, meta: Meta, c: list[Any]) -> str:
        return "its"

    def v_add_types(self, meta: Meta, c: list[Any]) -> LayerVP:
        types, subtypes = self._type_words(c)
        return LayerVP("add_types", types=types, subtypes=subtypes, text=self._text(meta))

    def v_is_types(self, meta: Meta, c: list[Any]) -> LayerVP:
        types, subtypes = self._type_words(c)
        return LayerVP("is_types", types=types, subtypes=subtypes, text=self._text(meta))

    def v_copy_of_chosen(self, meta: Meta, c: list[Any]) -> CopyOfChosenVP:
        if str(c[-1]) != "creature":
            raise ParseError(f"a copy of the chosen {c[-1]}", meta.start_pos)
        return CopyOfChosenVP(str(c[-1]), text=self._text(meta))

    def v_chosen_type(self, meta: Meta, c: list[Any]) -> LayerVP:
        return LayerVP("chosen_type", text=self._text(meta))

    def v_add_chosen_color(self, meta: Meta, c: list[Any]) -> LayerVP:
        return LayerVP("add_chosen_color", text=self._text(meta))

    def v_enters_tapped(self, meta: Meta, c: list[Any]) -> EntersVP:
        return EntersVP(tapped=True, text=self._text(meta))

    def v_enters_tapped_unless(self, meta: Meta, c: list[Any]) -> EntersVP:
        return EntersVP(tapped=True, unless=c[0], text=self._text(meta))

    def v_enters_as_copy_of_self(self, meta: Meta, c: list[Any]) -> EntersVP:
        return EntersVP(copy_of_source=True, text=self._text(meta))

    def v_enters_with_counters(self, meta: Meta, c: list[Any]) -> EntersVP:
        # children: [tapped], amount, PT_MOD, "it"/"them" (the entering object)
        count, kind = c[-3], str(c[-2])
        return EntersVP(tapped=len(c) == 4, counters=((kind, count),), text=self._text(meta))

    def v_enters_with_counters_kicked(self, meta: Meta, c: list[Any]) -> EntersVP:
        """ "enters with a +1/+1 counter on it for each time it was kicked" (702.33d)."""
        count, kind = c[-3], str(c[-2])
        if count != 1:
            raise ParseError("several counters for each time it was kicked", meta.start_pos)
        return EntersVP(tapped=len(c) == 4, counters=((kind, "kicked"),), text=self._text(meta))

    def enter_counters_on(self, meta: Meta, c: list[Any]) -> str:
        return "it"

    def tapped(self, meta: Meta, c: list[Any]) -> bool:
        return True

    def duration(self, meta: Meta, c: list[Any]) -> bool:
        return True  # "until end of turn" and "this turn" both end in the cleanup step (514.2)

    def dur_next_turn(self, meta: Meta, c: list[Any]) -> bool:
        # "until your next turn": a duration the sentence around it says (s_chain, 611.2a)
        return True

    # tokens (111)
    def token(self, meta: Meta, c: list[Any]) -> TokenA:
        count, pt, colors, words = c[0], str(c[1]), c[2], c[3]
        kws: tuple[str, ...] = tuple(c[4]) if len(c) > 4 else ()
        p, _, t = pt.partition("/")
        if not (p.isdigit() and t.isdigit()):
            raise ParseError("token with variable power/toughness", meta.start_pos)
        types = tuple(w.value for w in words if w.kind == "type")
        subtypes = tuple(w.value for w in words if w.kind == "subtype")
        return TokenA(count, int(p), int(t), colors, types, subtypes, kws)

    def token_predefined(self, meta: Meta, c: list[Any]) -> TokenA:
        """ "a Treasure token", "two Food tokens" (111.10): a predefined token; its
        characteristics are the definition's (the lowering looks it up by its subtype)."""
        words = c[1]
        types = tuple(w.value for w in words if w.kind == "type")
        subtypes = tuple(w.value for w in words if w.kind == "subtype")
        return TokenA(c[0], 0, 0, (), types, subtypes, predefined=True)

    def token_predefined_tapped(self, meta: Meta, c: list[Any]) -> TokenA:
        return dataclasses.replace(self.token_predefined(meta, c), tapped=True)

    def token_tapped(self, meta: Meta, c: list[Any]) -> TokenA:
        """ "a tapped 1/1 white Soldier creature token": it is created tapped (111.2)."""
        return dataclasses.replace(self.token(meta, c), tapped=True)

    def token_quoted(self, meta: Meta, c: list[Any]) -> TokenA:
        """'two 1/1 black Nightmare creature tokens with "At the beginning of combat ..."'
        (111.4, 113.2c): the quoted triggered ability keeps its own words."""
        trig = next(x for x in c if isinstance(x, TriggeredA))
        plain = self.token(meta, [x for x in c if not isinstance(x, TriggeredA)])
        text = self._text(meta)
        quoted = text[text.find('"') + 1 : text.rfind('"')]
        return replace(plain, quoted=((trig, quoted),))

    def colors(self, meta: Meta, c: list[Any]) -> tuple[str, ...]:
        return tuple(COLORS[str(t)] for t in c if t.type == "COLOR")

    def colorless(self, meta: Meta, c: list[Any]) -> tuple[str, ...]:
        return ()

    def token_types(self, meta: Meta, c: list[Any]) -> list[Word]:
        return [Word("type" if t.type == "CTYPE" else "subtype", str(t)) for t in c]

    # keywords (702)
    def grant_list(self, meta: Meta, c: list[Any]) -> list[str | QuotedA]:
        """Keywords and quoted abilities granted together (113.2c)."""
        out: list[str | QuotedA] = []
        for x in c:
            if isinstance(x, list):
                out.extend(x)  # 702.16g: "protection from A and from B"
            elif isinstance(x, QuotedA) or (isinstance(x, str) and not isinstance(x, Token)):
                out.append(x)
        return out

    def grant_quoted(self, meta: Meta, c: list[Any]) -> QuotedA:
        return QuotedA(int(str(c[0])))

    def kw_list(self, meta: Meta, c: list[Any]) -> list[str]:
        out: list[str] = []
        for x in c:
            if isinstance(x, list):
                out.extend(x)  # 702.16g: "protection from A and from B"
            elif isinstance(x, str) and not isinstance(x, Token):
                out.append(x)
        return out

    def kw_protection(self, meta: Meta, c: list[Any]) -> list[str]:
        """702.16a, 702.16g: one "protection from <quality>" keyword per quality, in the card's
        words (the engine reads the quality back from them)."""
        return [f"protection from {q}" for q in c if isinstance(q, str) and not isinstance(q, Token)]

    def pf_color(self, meta: Meta, c: list[Any]) -> str:
        return self._text(meta).lower().removeprefix("from ").strip()

    def pf_words(self, meta: Meta, c: list[Any]) -> str:
        return self._text(meta).lower().removeprefix("from ").strip()

    def kw_word(self, meta: Meta, c: list[Any]) -> str:
        """A keyword of the table (karn.ir.keywords) without a parameter: its words."""
        return " ".join(self._text(meta).lower().split())

    # amounts
    def a_number(self, meta: Meta, c: list[Any]) -> AmountA:
        return int(str(c[0]))

    def a_numword(self, meta: Meta, c: list[Any]) -> AmountA:
        return NUMBER_WORDS[str(c[0])]

    def a_x(self, meta: Meta, c: list[Any]) -> AmountA:
        return "X"

    def a_x_plus(self, meta: Meta, c: list[Any]) -> AmountA:
        return XPlus(int(str(c[-1])))

    def a_one(self, meta: Meta, c: list[Any]) -> AmountA:
        return 1

    def a_that_much(self, meta: Meta, c: list[Any]) -> AmountA:
        return "that_much"

    # ------------------------------------------------------------ noun phrases
    def _np(self, meta: Meta, kind: Any, **kw: Any) -> NP:
        return NP(kind, text=self._text(meta), **kw)

    def np_self(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "self")

    def np_self_or_another(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "self_or_another", desc=c[0])

    def np_it(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "it")

    def np_they(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "those", desc=None)

    def np_you(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "you")

    def np_any_player(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "any_player")

    def np_your_opponents(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "your_opponents")

    def np_that(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "that", desc=c[0])

    def np_those(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "those", desc=c[0])

    def np_enchanted(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "enchanted", desc=c[0])

    def np_equipped(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "equipped", desc=c[0])

    def np_defending(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "defending_player")

    def np_its_controller(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "its_controller")

    def np_its_owner(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "its_owner")

    def np_target(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "target", desc=c[0])

    def np_n_target(self, meta: Meta, c: list[Any]) -> NP:
        n = c[0]
        if not isinstance(n, int):
            raise ParseError("X targets", meta.start_pos)
        return self._np(meta, "target", desc=c[1], min=n, max=n)

    def np_n_or_more_target(self, meta: Meta, c: list[Any]) -> NP:
        n = c[0]
        if not isinstance(n, int):
            raise ParseError("X or more targets", meta.start_pos)
        return self._np(meta, "target", desc=c[1], min=n, max=None)

    def np_n_to_m_target(self, meta: Meta, c: list[Any]) -> NP:
        # "one or two targets", "one, two, or three target creatures" (601.2c): between the
        # first and the last number of targets; "targets" alone is "any target" (115.4)
        counts = [x for x in c if isinstance(x, int) or x == "X"]
        desc = c[-1] if c and isinstance(c[-1], Desc) else None
        if any(not isinstance(n, int) for n in counts):
            raise ParseError("X targets", meta.start_pos)
        low, high = int(counts[0]), int(counts[-1])
        if desc is None:
            return self._np(meta, "any_target", min=low, max=high)
        return self._np(meta, "target", desc=desc, min=low, max=high)

    def np_upto_target(self, meta: Meta, c: list[Any]) -> NP:
        n = c[0]
        if not isinstance(n, int):
            raise ParseError("up to X targets", meta.start_pos)
        return self._np(meta, "target", desc=c[1], min=0, max=n)

    def np_upto_other_target(self, meta: Meta, c: list[Any]) -> NP:
        # "up to two other target artifacts and/or creatures": not the source itself (115.1)
        n = c[0]
        if not isinstance(n, int):
            raise ParseError("up to X targets", meta.start_pos)
        return self._np(meta, "target", desc=c[1], min=0, max=n, other=True)

    def np_upto(self, meta: Meta, c: list[Any]) -> NP:
        n = c[0]
        if not isinstance(n, int):
            raise ParseError("up to X", meta.start_pos)
        return self._np(meta, "upto", desc=c[1], min=0, max=n)

    def np_another_target(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "target", desc=c[0], other=True)

    def np_any_target(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "any_target")

    def np_any_number_target(self, meta: Meta, c: list[Any]) -> NP:
        # "any number" includes zero (601.2c; CR 608.2c's Loaming Shaman example: no card targeted).
        if c:
            return self._np(meta, "target", desc=c[0], min=0, max=None)
        return self._np(meta, "any_target", min=0, max=None)

    def np_all(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "all", desc=c[0])

    def np_each(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "each", desc=c[0])

    def np_another(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "another", desc=c[0])

    def np_a(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "a", desc=c[0])

    def np_bare(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "bare", desc=c[0])

    def np_your_zone(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "zone", zone=c[0], owner=NP("you", text="you"))

    def np_their_zone(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "zone", zone=c[0], owner=NP("it", text="their"))

    def np_all_zones(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "all_zones", zone=c[0])

    def np_poss_zone(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "zone", zone=c[1], owner=c[0])

    def np_poss_controller(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "poss_controller", owner=c[0])

    def np_poss_owner(self, meta: Meta, c: list[Any]) -> NP:
        return self._np(meta, "poss_owner", owner=c[0])

    def z_graveyard(self, meta: Meta, c: list[Any]) -> str:
        return "graveyard"

    def z_hand(self, meta: Meta, c: list[Any]) -> str:
        return "hand"

    def z_library(self, meta: Meta, c: list[Any]) -> str:
        return "library"

    def desc(self, meta: Meta, c: list[Any]) -> Desc:
        adjs: tuple[Word, ...] = ()
        groups: tuple[tuple[Word, ...], ...] = ()
        quals: tuple[Qual, ...] = ()
        for x in c:
            if isinstance(x, tuple) and x and isinstance(x[0], Word):
                adjs = x
            elif isinstance(x, tuple) and x and isinstance(x[0], tuple):
                groups = x
            elif isinstance(x, tuple) and x and isinstance(x[0], Qual):
                quals = x
        return Desc(adjs, groups, quals, self._text(meta))

    def adjs(self, meta: Meta, c: list[Any]) -> tuple[Word, ...]:
        return tuple(x for x in c if isinstance(x, Word))

    def adj_color(self, meta: Meta, c: list[Any]) -> Word:
        return Word("color", COLORS[str(c[0])])

    def adj_noncolor(self, meta: Meta, c: list[Any]) -> Word:
        return Word("noncolor", COLORS[str(c[0])])

    def adj_nontype(self, meta: Meta, c: list[Any]) -> Word:
        return Word("nontype", str(c[0]))

    def adj_nonsubtype(self, meta: Meta, c: list[Any]) -> Word:
        return Word("nonsubtype", str(c[0]))

    def adj_nonsupertype(self, meta: Meta, c: list[Any]) -> Word:
        return Word("nonsupertype", str(c[0]))

    def adj_supertype(self, meta: Meta, c: list[Any]) -> Word:
        return Word("supertype", str(c[0]))

    def adj_other(self, meta: Meta, c: list[Any]) -> Word:
        return Word("other", "other")

    def adj_colorless(self, meta: Meta, c: list[Any]) -> Word:
        return Word("colorless", "colorless")

    def adj_nontoken(self, meta: Meta, c: list[Any]) -> Word:
        return Word("nontoken", "nontoken")

    def adj_tapped(self, meta: Meta, c: list[Any]) -> Word:
        return Word("status", "tapped")

    def adj_untapped(self, meta: Meta, c: list[Any]) -> Word:
        return Word("status", "untapped")

    def adj_attacking(self, meta: Meta, c: list[Any]) -> Word:
        return Word("status", "attacking")

    def adj_blocking(self, meta: Meta, c: list[Any]) -> Word:
        return Word("status", "blocking")

    def nouns(self, meta: Meta, c: list[Any]) -> tuple[tuple[Word, ...], ...]:
        return tuple(x for x in c if isinstance(x, tuple))

    def noun_sep(self, meta: Meta, c: list[Any]) -> None:
        return None

    def noun_group(self, meta: Meta, c: list[Any]) -> tuple[Word, ...]:
        return tuple(c)

    def _plural(self, meta: Meta, base: str) -> bool:
        return self._text(meta).lower() != base

    def nw_type(self, meta: Meta, c: list[Any]) -> Word:
        return Word("type", str(c[0]), self._plural(meta, str(c[0])))

    def nw_subtype(self, meta: Meta, c: list[Any]) -> Word:
        return Word("subtype", str(c[0]), self._plural(meta, str(c[0])))

    def nw_card(self, meta: Meta, c: list[Any]) -> Word:
        return Word("card", "card", self._plural(meta, "card"))

    def nw_spell(self, meta: Meta, c: list[Any]) -> Word:
        return Word("spell", "spell", self._plural(meta, "spell"))

    def nw_ability(self, meta: Meta, c: list[Any]) -> Word:
        # "that spell or ability" (113.1, 701.6b): an ability on the stack
        return Word("ability", "ability", self._plural(meta, "ability"))

    def nw_permanent(self, meta: Meta, c: list[Any]) -> Word:
        return Word("permanent", "permanent", self._plural(meta, "permanent"))

    def nw_token(self, meta: Meta, c: list[Any]) -> Word:
        return Word("token", "token")

    def nw_player(self, meta: Meta, c: list[Any]) -> Word:
        return Word("player", "any")

    def nw_object(self, meta: Meta, c: list[Any]) -> Word:
        return Word("object", "object", self._plural(meta, "object"))

    def q_not_on_battlefield(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("zone", "not_battlefield", player=NP("a", text="a"))

    def nw_opponent(self, meta: Meta, c: list[Any]) -> Word:
        return Word("player", "opponent")

    def nw_source(self, meta: Meta, c: list[Any]) -> Word:
        return Word("source", "source")

    def nw_effect(self, meta: Meta, c: list[Any]) -> Word:
        return Word("effect", "effect")

    def quals(self, meta: Meta, c: list[Any]) -> tuple[Qual, ...]:
        return tuple(c)

    def q_you_control(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("controller", "you")

    def q_you_attacked_with(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("attacked_with", "you")  # "creature you attacked with this turn" (508.1)

    def q_with_enchant(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("enchant", str(c[0]))  # 303.4a: "with enchant creature"

    def q_with_keyword(self, meta: Meta, c: list[Any]) -> Qual:
        return self._keyword_qual("keyword", c[0], meta)  # "with flying" (702)

    def q_without_keyword(self, meta: Meta, c: list[Any]) -> Qual:
        return self._keyword_qual("not_keyword", c[0], meta)  # "without flanking" (702.25a)

    def _keyword_qual(self, kind: Literal["keyword", "not_keyword"], kw: Any, meta: Meta) -> Qual:
        if not isinstance(kw, str):
            raise ParseError("'with protection' as a quality", meta.start_pos)
        return Qual(kind, kw)

    def q_even_mana_value(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("mana_value", "even")  # 202.3: "with even mana values" (zero is even)

    def q_odd_mana_value(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("mana_value", "odd")

    # 202.3, 208.1: "with power 4 or greater", "with mana value X or less"
    def cs_power(self, meta: Meta, c: list[Any]) -> str:
        return "power"

    def cs_toughness(self, meta: Meta, c: list[Any]) -> str:
        return "toughness"

    def cs_mana_value(self, meta: Meta, c: list[Any]) -> str:
        return "mana_value"

    def cs_power_or_toughness(self, meta: Meta, c: list[Any]) -> str:
        return "power_or_toughness"

    def q_compare_ge(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("compare", str(c[0]), op="ge", amount=int(str(c[1])))

    def q_compare_le(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("compare", str(c[0]), op="le", amount=int(str(c[1])))

    def q_compare_eq(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("compare", str(c[0]), op="eq", amount=int(str(c[1])))  # "with mana value 2"

    def q_compare_x_ge(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("compare", str(c[0]), op="ge")

    def q_compare_x_le(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("compare", str(c[0]), op="le")

    def q_thats_colors(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("colors", ",".join(c[0]))  # 105.2: any of these colors

    def qual_colors(self, meta: Meta, c: list[Any]) -> list[str]:
        return [COLORS[str(t)] for t in c if getattr(t, "type", "") == "COLOR"]

    def q_you_cast(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("controller", "you")  # 601.2: the player who casts a spell controls it

    def q_you_dont_control(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("controller", "opponent")

    def q_opponent_control(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("controller", "opponent")

    def q_target_player_control(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual(
            "player_controls",
            player=NP("target", desc=Desc(groups=((Word("player", "any"),),)), text="target player"),
        )

    def q_target_opponent_control(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual(
            "player_controls",
            player=NP("target", desc=Desc(groups=((Word("player", "opponent"),),)), text="target opponent"),
        )

    def q_they_control(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("player_controls", player=NP("it", text="they"))

    def q_that_player_control(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual(
            "player_controls",
            player=NP("that", desc=Desc(groups=((Word("player", "any"),),)), text="that player"),
        )

    def q_defending_player_control(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("player_controls", player=NP("defending_player", text="defending player"))

    def q_you_own(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("owner", "you")

    def q_in_exile(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("zone", "exile", player=NP("a", text="a"))  # anyone's cards in exile (406)

    def q_from_your_zone(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("zone", str(c[0]))

    def q_from_it(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("from_it")

    def q_from_a_graveyard(self, meta: Meta, c: list[Any]) -> Qual:
        return Qual("zone", "graveyard", player=NP("a", text="a"))


_AS_LONG = "for as long as you control ~"
_NEXT_TURN = "until your next turn"
# 205.1b: "that's still a land", "that's still a planeswalker" (an animated planeswalker, 306):
# the object keeps all its prior types
_STILL = frozenset({"still:land", "still:planeswalker"})
_COMBAT = object()  # "combat" in "combat damage"


class _BecomeKeywords(NamedTuple):
    """ "with flying and vigilance" after "becomes a 4/4 ... creature" (613.1f)."""

    keywords: tuple[str, ...]


def _still_land(items: tuple[Item, ...], still: str, meta: Meta) -> tuple[Item, ...]:
    """ "It's still a land." after a sentence whose last clause makes its subject a creature
    (205.1b): that clause keeps the object's other types."""
    if still not in _STILL:
        raise ParseError(f"it's still a {still[6:]}", meta.start_pos)
    last = items[-1] if items else None
    if last is None or not isinstance(last.vp, LayerVP) or last.vp.kind != "become" or last.vp.still:
        raise ParseError(
            "'It's still a land.' after a sentence that doesn't make it a creature", meta.start_pos
        )
    return (*items[:-1], Item(last.subject, replace(last.vp, still=True), last.sep))


@dataclasses.dataclass(frozen=True, slots=True)
class _Under:
    """ "under your control" / "under its owner's control" (110.2a), while parsing."""

    who: str


def _entering(c: list[Any]) -> tuple[bool, str | None, tuple[tuple[str, AmountA], ...]]:
    """How a put or returned object enters: [tapped] [under ...] [with counters]."""
    tapped = any(x is True for x in c)
    under = next((x.who for x in c if isinstance(x, _Under)), None)
    counters = tuple(x for x in c if isinstance(x, tuple))
    return tapped, under, counters


def _granted(items: list[str | QuotedA]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The keywords and the quoted abilities (their indexes) of a :meth:`grant_list`."""
    keywords = tuple(x for x in items if isinstance(x, str))
    return keywords, tuple(x.index for x in items if isinstance(x, QuotedA))


def _eot(c: list[Any], meta: Meta) -> bool:
    """Whether an optional duration ("until end of turn", "this turn") was said; "for as long
    as" is a duration only control-changing effects take (611.2b)."""
    if any(x == _AS_LONG for x in c if isinstance(x, str)):
        raise ParseError("'for as long as' on an effect that can't have that duration", meta.start_pos)
    return bool(c)


def _pt_mod_x(text: str) -> tuple[int | SignedX, int | SignedX]:
    """ "+2/+2", "+X/+X", "-X/-0" (X: the value chosen or defined, 107.3)."""
    return tuple(  # type: ignore[return-value]
        SignedX(-1 if part.startswith("-") else 1) if "x" in part else int(part) for part in text.split("/")
    )


def _pt_mod(text: str, meta: Meta) -> tuple[int, int]:
    p, _, t = text.partition("/")
    if "x" in p or "x" in t:
        raise ParseError("variable power/toughness change", meta.start_pos)
    return int(p), int(t)


def _with_object(vp: VerbA, np: NP, meta: Meta) -> VerbA:
    """The same verb phrase acting on another noun phrase: its one NP field replaced."""
    fields = [f.name for f in dataclasses.fields(vp) if isinstance(getattr(vp, f.name), NP)]  # type: ignore[arg-type]
    if len(fields) != 1 or np.kind != "target":
        raise ParseError("'and target' after a verb with several objects", meta.start_pos)
    return dataclasses.replace(vp, **{fields[0]: np})  # type: ignore[type-var]
