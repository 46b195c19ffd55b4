"""Text-changing effects (612): "Change the text of target spell or permanent by replacing all
instances of one color word with another." The words are chosen as the effect is applied
(608.2d): first the word to replace, then the word that replaces it ("another": a different
word of the same kind). The result is a layer-3 continuous effect (613.1c) on that object,
lasting indefinitely unless the text says otherwise (611.2a)."""

from __future__ import annotations

from karn import ir
from karn.engine import decisions
from karn.engine.context import Context
from karn.engine.effects.permanents import on_battlefield
from karn.engine.effects.registry import DONE, WAIT, Outcome, handles
from karn.engine.events import StartEffect
from karn.engine.frames import ResolveFrame, WordProgress
from karn.engine.modifications import ContinuousEffect, TextChange
from karn.engine.pipeline import perform
from karn.engine.references import refs, source_id, stack_label
from karn.engine.state import STACK, Obj, Option
from karn.ir.subtypes import COLORS, CREATURE_TYPES
from karn.ir.text import BASIC_LAND_TYPES, word_of


def _words(kind: ir.TextWordKind) -> tuple[str, ...]:
    """The words of a kind (612.2): the five colors, the basic land types, the creature types."""
    if kind == "color":
        return COLORS
    if kind == "land_type":
        return BASIC_LAND_TYPES
    return CREATURE_TYPES


def _choices(e: ir.ChangeText) -> list[tuple[ir.TextWordKind, str]]:
    return [(kind, word) for kind in e.kinds for word in _words(kind)]


def _label(kind: ir.TextWordKind, word: str) -> str:
    return word_of(kind, word) if kind == "color" else word.title()


@handles(ir.ChangeText)
def change_text(ctx: Context, f: ResolveFrame, o: Obj, e: ir.ChangeText) -> Outcome:
    """612.1-612.2, 608.2d: the controller chooses the word to replace, then its replacement
    (of the same kind, not the same word, nor a word the text forbids); the effect begins."""
    targets = [
        t for t in refs(ctx, f, o, e.what) if t > 0 and (on_battlefield(ctx, t) or ctx.obj(t).zone == STACK)
    ]
    if not targets:
        return DONE
    ans = f.answer
    f.answer = None
    progress = f.progress if isinstance(f.progress, WordProgress) else None
    choices = _choices(e)
    if progress is None or ans is None:
        f.progress = WordProgress()
        _ask(ctx, o, "choose the word to replace", choices)
        return WAIT
    if not progress.old:
        kind, old = choices[ans.a] if 0 <= ans.a < len(choices) else choices[0]
        progress.old = f"{kind}/{old}"
        news = [(k, w) for k, w in choices if k == kind and w != old and w not in e.forbidden]
        _ask(ctx, o, f"choose the word that replaces {_label(kind, old)!r}", news)
        return WAIT
    kind_text, _, old = progress.old.partition("/")
    kind = next(k for k in e.kinds if k == kind_text)
    news = [(k, w) for k, w in choices if k == kind and w != old and w not in e.forbidden]
    _, new = news[ans.a] if 0 <= ans.a < len(news) else news[0]
    effect = ContinuousEffect(
        id=0,
        timestamp=0,
        source=source_id(o),
        controller=o.controller,
        affected=targets,
        mods=[TextChange(kind, old, new)],
        duration=e.duration,
        source_name=o.name,
    )
    text = (
        f"{', '.join(ctx.describe(t) for t in targets)}: each {_label(kind, old)!r} in its text "
        f"becomes {_label(kind, new)!r}"
    )
    perform(ctx, StartEffect(effect=effect, text=text, rule="612.1"))
    return DONE


def _ask(ctx: Context, o: Obj, prompt: str, words: list[tuple[ir.TextWordKind, str]]) -> None:
    decisions.ask(
        ctx,
        o.controller,
        "choose_word",
        "608.2d",
        f"{stack_label(ctx, o)}: {prompt}",
        [Option("word", i, label=_label(kind, word)) for i, (kind, word) in enumerate(words)],
    )
