"""Text-changing effects (612): "Change the text of target spell or permanent by replacing all
instances of one color word with another." and "The new creature type can't be Wall."."""

from __future__ import annotations

import dataclasses

from karn.ir.nodes import ChangeText, Effect
from karn.oracle.lowering.context import Ctx
from karn.oracle.lowering.references import imperative, object_ref
from karn.oracle.lowering.registry import Clause, lowers, lowers_sentence
from karn.oracle.syntax import ChangeTextVP, NewWordCantBeSentence


@lowers(ChangeTextVP)
def lower_change_text(vp: ChangeTextVP, clause: Clause) -> list[Effect]:
    """612.1-612.2: the words are chosen as it resolves (608.2d); the effect lasts
    indefinitely unless the text gives it a duration (611.2a)."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    ctx.spell_or_permanent_ok = True  # the effect applies to a spell as well as a permanent
    try:
        what = object_ref(vp.obj, ctx)
    finally:
        ctx.spell_or_permanent_ok = False
    if what.kind != "target":
        raise ctx.fail(f"changing the text of '{vp.obj.text}' (the IR changes one target's text)")
    return [ChangeText(what, vp.kinds, duration="end_of_turn" if vp.until_eot else "permanent")]


@lowers_sentence(NewWordCantBeSentence)
def lower_new_word_cant_be(sentence: NewWordCantBeSentence, ctx: Ctx, out: list[Effect]) -> None:
    """ "The new creature type can't be Wall.": a word the text-changing effect just before
    can't choose as the new word."""
    last = out[-1] if out else None
    if not isinstance(last, ChangeText) or sentence.kind not in last.kinds:
        raise ctx.fail(f"'{sentence.text}' without a text-changing effect of that kind before it")
    out[-1] = dataclasses.replace(last, forbidden=(*last.forbidden, sentence.word))
