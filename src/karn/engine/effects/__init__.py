"""Effect handlers, one per IR effect kind, by family (608.2c; 701 keyword actions).

Importing this package registers every handler (:data:`HANDLERS`); resolution
(:mod:`karn.engine.resolve`) looks the handler up by the effect's type.
"""

from karn.engine.effects import (
    any_player,
    battlefield,
    cards,
    continuous,
    copies,
    damage,
    each,
    energy,
    life,
    linked,
    mana,
    permanents,
    planes,
    replacements,
    text,
    tokens,
    zones,
)
from karn.engine.effects.registry import (
    DONE,
    ENTER,
    HANDLERS,
    OTHERWISE,
    OTHERWISE_BASE,
    WAIT,
    Outcome,
    handles,
)

__all__ = [
    "DONE",
    "ENTER",
    "HANDLERS",
    "OTHERWISE",
    "OTHERWISE_BASE",
    "WAIT",
    "Outcome",
    "any_player",
    "battlefield",
    "cards",
    "continuous",
    "copies",
    "damage",
    "each",
    "energy",
    "handles",
    "life",
    "linked",
    "mana",
    "permanents",
    "planes",
    "replacements",
    "text",
    "tokens",
    "zones",
]
