"""A simple, fast, deterministic heuristic player.

It plays a land whenever it can; casts creatures, Auras on its best creature,
burn at creatures it can kill (the most valuable first) or at the opponent's
face (late in its own turn, at the end of the opponent's turn, or when it is
lethal), pump spells when they win a fight in combat or save a creature from
a burn spell; pays with the engine's payment solver and never cancels.
It attacks when no possible blocker makes the attack a bad trade (or when the
attack is lethal), and blocks to kill, to trade evenly, or to chump when the
incoming damage would be lethal.

Information: it decides from the legal actions and its observation (its own
hand, the cards revealed to it, the battlefield with the permanents'
characteristics, the stack, combat, life totals) plus public card text (the
game's card pool when given, else the packaged card database). It never sees
the game, so it can't read the opponent's hand nor any library.
"""

from karn.agents.heuristic.agent import CAST_THRESHOLD, HeuristicAgent
from karn.agents.heuristic.cards import CardKnowledge
from karn.agents.heuristic.combat import attack_plan, block_plan
from karn.agents.heuristic.evaluate import (
    KEYWORD_VALUE,
    Fighter,
    activate_score,
    cast_score,
    creature_value,
    effects_score,
    fight,
    pending_target_scorer,
    permanent_value,
    score_target,
)
from karn.agents.heuristic.situation import Situation

__all__ = [
    "CAST_THRESHOLD",
    "KEYWORD_VALUE",
    "CardKnowledge",
    "Fighter",
    "HeuristicAgent",
    "Situation",
    "activate_score",
    "attack_plan",
    "block_plan",
    "cast_score",
    "creature_value",
    "effects_score",
    "fight",
    "pending_target_scorer",
    "permanent_value",
    "score_target",
]
