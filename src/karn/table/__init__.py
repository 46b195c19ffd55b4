"""The table model: what a front end shows a player, and how the player answers.

No rules logic lives here: it reads a :class:`~karn.game.Game` (a player's
``observation(player)``, the pending decision, ``legal_actions()``, ``chars(oid)``)
and the card data. Every struct is a msgspec Struct, so ``msgspec.json.encode(table)``
is the JSON a server sends as is (``msgspec.to_builtins(table)`` for plain data).

Building what a player sees::

    from karn.table import PlayerSession, build_table
    table = build_table(game, player)              # a Table (None: a spectator's view)
    session = PlayerSession(game, player)          # a seat: table + settings + answers
    session.auto_pass()                            # pass priority where there is no stop
    t = session.table()                            # log from the current turn, compact
    t = session.table(log_from=0, compact=False)   # the whole log, every entry

``Table``: ``status`` ("Your turn 5, precombat main"), ``seats`` (``Seat``: name "You"
/ "Opponent", life, poison, library and hand sizes, the viewer's own ``hand``, the
permanents as ``lands``/``creatures``/``others``, ``graveyard`` top first, ``exile``,
``mana_pool`` "{R}{G}"), ``stack`` top first (``StackEntry``: controller, rules text,
``targets``), ``log`` (``LogLine``: rule, text, turn, index in the whole log, ``folded``
entries left out before it), ``prompt`` (None while another player decides: see
``waiting``), ``over``/``winner``/``result``, ``recap`` (one line of what the opponent
did in the turn before), ``known`` (hidden cards the viewer knows: revealed, returned to
a hand), ``settings`` (the viewer's ``AutoPass``). Each visible card is a ``CardInfo``:
its current characteristics (613) and Oracle text, counters, damage, tapped, summoning
sick, token, ``attached_to``/``attachments``, ``attacking``/``blocking``/``blocked_by``.

``Prompt``: ``text`` (the decision in words), ``rule``, ``options`` (``PromptOption``:
a stable ``id`` such as ``"cast:41"``, ``"attacker:17"``, ``"done"``; a short ``key``
for a terminal; ``selected`` in a multi-select; ``choices``: a second pick, e.g. the
attacker a blocker blocks), ``default`` (the id Enter/space answers), ``multi``,
``hint``. Answer with ``session.answer(option_id, choice=None)``: a second pick's id
alone (``"block:23:17"``) names its option too, and ``NeedsChoice`` says a second pick
is missing. Declaring attackers and blockers is a multi-select that keeps its ids and
keys while the player picks (``"all"``: attack with all; ``"none"``: no attacks / no
blocks).

Stops and auto-pass (``AutoPass``, a per-player setting, JSON as is): see
:mod:`karn.table.autopass`. ``"pass_turn"`` and ``"pass_until_mine"`` in a priority
prompt set "pass until end of turn" / "pass until my next turn"; an opponent's spell
or ability, a target to choose or any decision but priority and auto-paid costs is
never passed for the player.

Rule texts: :mod:`karn.rules_text` (``rule("704.5g")``). Card text for a ``?``
command: :func:`card_info`, :func:`find_cards`, :func:`describe_card`.
"""

from __future__ import annotations

from karn.table.autopass import AutoPass, auto_answer
from karn.table.build import build_table, card_info, find_cards, table_of
from karn.table.cards import card_state, describe_card
from karn.table.model import (
    CardInfo,
    Choice,
    LogLine,
    Prompt,
    PromptOption,
    Seat,
    StackEntry,
    Table,
    Target,
)
from karn.table.session import NeedsChoice, PlayerSession
from karn.table.voice import Voice

__all__ = [
    "AutoPass",
    "CardInfo",
    "Choice",
    "LogLine",
    "NeedsChoice",
    "PlayerSession",
    "Prompt",
    "PromptOption",
    "Seat",
    "StackEntry",
    "Table",
    "Target",
    "Voice",
    "auto_answer",
    "build_table",
    "card_info",
    "card_state",
    "describe_card",
    "find_cards",
    "table_of",
]
