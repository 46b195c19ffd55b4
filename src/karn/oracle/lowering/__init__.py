"""Lowering: Oracle AST (:mod:`karn.oracle.syntax`) -> ability IR (:mod:`karn.ir.nodes`).

Each AST node class (verb phrase, sentence, trigger condition, cost part,
keyword) has one lowering function, registered by its class (:mod:`.registry`). The modules hold the lowerings by
family:

* :mod:`.context`: the per-ability state (:class:`Ctx`) and :class:`LowerError`;
* :mod:`.descriptions`: descriptions -> Filters (109, 205);
* :mod:`.references`: noun phrases -> target slots, pronouns, players, groups;
* :mod:`.chains`: sentences, chains of clauses and "you may";
* :mod:`.damage`, :mod:`.life`, :mod:`.cards`, :mod:`.zones`, :mod:`.permanents`,
  :mod:`.tokens`, :mod:`.mana`, :mod:`.counters`, :mod:`.continuous`: one-shot effects;
* :mod:`.search` (search + put + shuffle, 701.23) and :mod:`.reveal` (reveal +
  "if it's", reveal hand + choose + discard, 701.20): the multi-clause fusions;
  :mod:`.zones` also fuses destroy + "can't be regenerated" (701.19c);
* :mod:`.statics` (continuous effects and "enters tapped/with counters",
  614.1c-d), :mod:`.costs`, :mod:`.triggers`, :mod:`.keywords`,
  :mod:`.abilities`: abilities;
* :mod:`.replacements` ("If ... would ..., ... instead", prevention, "can't be prevented",
  skipped steps, opening-hand actions: 614-615, 103.6a), :mod:`.regeneration` (701.19),
  :mod:`.control` (613.1b, 701.12).

Anything the IR cannot express raises :class:`LowerError`; the compiler turns it
into an ``Unsupported`` node naming the clause. A parsed field is never ignored,
except these, which change nothing in the game (each is commented where it
happens):

* "reveal it" after a library search: revealing only informs players (701.20a);
* "each" in "Creatures you control each get +1/+1": a group is every object of it;
* "When" vs "Whenever": both start a trigger condition (603.1);
* "then" vs "and" between clauses: instructions are followed in order (608.2c);
* "this turn" vs "until end of turn" as a duration: both end in the cleanup step (514.2);
* the plural of a noun ("creatures"), which agrees with its determiner.
"""

from __future__ import annotations

# Importing the lowering modules registers their lowerings.
from karn.oracle.lowering import (  # noqa: F401
    battlefield,
    cards,
    chains,
    conditional,
    continuous,
    control,
    copies,
    cost_keywords,
    costs,
    counters,
    damage,
    delayed,
    energy,
    keywords,
    kicker,
    life,
    linked,
    look,
    mana,
    mana_triggers,
    permanents,
    permissions,
    quantities,
    regeneration,
    replacements,
    reveal,
    search,
    statics,
    text,
    tokens,
    triggers,
    zones,
)
from karn.oracle.lowering.abilities import (
    lower_activated,
    lower_chapter,
    lower_modal,
    lower_spell,
    lower_triggered,
)
from karn.oracle.lowering.context import CardTypes, LowerError
from karn.oracle.lowering.costs import (
    is_additional_cost,
    is_cost_increase,
    is_cost_reduction,
    lower_additional_cost,
    lower_cost_increase,
    lower_cost_reduction,
)
from karn.oracle.lowering.registry import lower_keyword
from karn.oracle.lowering.statics import lower_static

__all__ = [
    "CardTypes",
    "LowerError",
    "is_cost_increase",
    "is_additional_cost",
    "lower_additional_cost",
    "is_cost_reduction",
    "lower_cost_reduction",
    "lower_activated",
    "lower_chapter",
    "lower_cost_increase",
    "lower_keyword",
    "lower_modal",
    "lower_spell",
    "lower_static",
    "lower_triggered",
]
