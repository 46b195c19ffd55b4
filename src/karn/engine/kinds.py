"""The kinds of decisions and actions, as enums (the public agent API).

A :class:`~karn.engine.state.Decision`'s ``kind`` and an :class:`~karn.engine.actions.Action`'s
``kind`` are strings; :class:`DecisionKind` and :class:`ActionKind` name the ones the engine
produces, each with a docstring saying what it asks or does and the rule behind it. Both are
``StrEnum``: a member *is* its string, so ``decision.kind == DecisionKind.PRIORITY`` and
``decision.kind == "priority"`` are the same test, and ``Action(ActionKind.PASS)`` is
``Action("pass")``.

**Add new members at the end of their enum**: the order is the environments' slot and
one-hot order (:mod:`karn.env.encoding`), and a member inserted in the middle would change
the meaning of the slots after it (``tests/env`` pins the order).

An agent must still answer a kind it does not know (the engine grows): every decision offers
its complete list of legal actions, and the text form (:mod:`karn.agents.text`) and the
environment's action slots (:mod:`karn.env`) handle any kind generically.

>>> DecisionKind.PRIORITY == "priority", ActionKind("cast") is ActionKind.CAST
(True, True)
>>> print(DecisionKind.BLOCKERS.__doc__)
509.1: the defending player declares blockers, one ``block`` at a time, then ``done``.
"""

from __future__ import annotations

from enum import StrEnum


class _Documented(StrEnum):
    """A StrEnum whose members each carry a docstring: ``NAME = "value", "doc"``."""

    def __new__(cls, value: str, doc: str = "") -> _Documented:
        member = str.__new__(cls, value)
        member._value_ = value
        member.__doc__ = doc
        return member

    @classmethod
    def of(cls, kind: str) -> _Documented | str:
        """The member for ``kind``, or ``kind`` itself when it names no member (a newer kind)."""
        try:
            return cls(kind)
        except ValueError:
            return kind


class DecisionKind(_Documented):
    """What a :class:`~karn.engine.state.Decision` asks (``decision.kind``)."""

    PRIORITY = "priority", "117.1: the player with priority acts (cast, play, activate) or passes."
    MULLIGAN = "mulligan", "103.5: keep the opening hand or take a mulligan."
    BOTTOM = "bottom", "103.5: after a mulligan, choose the cards put on the bottom, one at a time."
    OPENING_HAND = "opening_hand", "103.6: put cards that begin the game on the battlefield (Leylines)."
    ATTACKERS = (
        "attackers",
        "508.1: the active player declares attackers, one ``attack`` at a time, then ``done``.",
    )
    BLOCKERS = (
        "blockers",
        "509.1: the defending player declares blockers, one ``block`` at a time, then ``done``.",
    )
    DAMAGE = "damage", "510.1c-d: how much of a creature's combat damage goes to each creature or player."
    ALT = "alt", "601.2b: how to cast a spell: normally or for an alternative cost."
    MODE = "mode", "601.2b, 603.3c: choose a mode of a modal spell or ability."
    KICKER = "kicker", "601.2b, 702.33: pay the kicker (or multikicker) cost or not."
    X = "x", "601.2b, 107.3: choose the value of X."
    TARGET = "target", "601.2c, 603.3d: choose a target (an object or a player)."
    DIVIDE = "divide", "601.2d: divide damage or counters among the targets."
    PAY = "pay", "601.2g-h: pay a cost: activate mana abilities, then pay (or pay automatically)."
    DISCARD = "discard", "602.2b: discard a card as a cost."
    SACRIFICE = "sacrifice", "601.2h, 701.21a: choose a permanent to sacrifice as a cost."
    COST = (
        "cost",
        "601.2h, 602.2b: choose an object that pays a part of a cost (a permanent to sacrifice, tap"
        " or return to its owner's hand, a card to exile), one at a time.",
    )
    ORDER = "order", "603.3b: put simultaneous triggered abilities on the stack in an order."
    MAY = "may", '603.5, 608.2d: a "you may": yes or no.'
    UNLESS = "unless", "608.2d, 118.12: pay a cost, or the effect happens."
    CHOOSE = "choose", "608.2d, 701.21a: choose objects or options an effect asks for."
    ANY_PLAYER = "any_player", '608.2d: a choice any player may make ("any player may ...").'
    NEXT_TARGET = "next_target", "608.2c: the object an effect for each ... acts on next."
    NEW_TARGET = "new_target", "707.10c: choose new targets for a copy of a spell or ability."
    CHOOSE_WORD = "choose_word", "612: the words a text-changing effect replaces."
    CHOOSE_COLOR = "choose_color", "105.3, 608.2d, 614.12a: choose a color."
    CHOOSE_CREATURE_TYPE = "choose_creature_type", "205.3m, 614.12a: choose a creature type as it enters."
    CHOOSE_CREATURE = "choose_creature", "614.12a: choose a creature as a permanent enters."
    CHOOSE_PROTECTION = "choose_protection", "702.16, 608.2d: choose what protection is from."
    COPY = "copy", "707.2, 614.1c: choose what a permanent enters as a copy of."
    DEVOUR = "devour", "702.82a: choose the creatures to sacrifice as it enters (devour)."
    PAY_LIFE = "pay_life", "614.1c, 119.4: pay life as it enters, or not."
    REPLACEMENT = "replacement", "616.1: choose which replacement effect applies first."
    LEGEND = "legend", "704.5j: the legend rule: choose the legendary permanent to keep."
    SCRY = "scry", "701.22a: scry: top or bottom, card by card."
    SEARCH = "search", "701.23b: search a library: choose the cards found (or find nothing)."
    BUYBACK = "buyback", "702.27a, 601.2b: pay the buyback cost or not."
    CREW = "crew", "702.122a: choose the other untapped creatures to tap for a crew cost, then ``crew_done``."
    MANA_CHOICE = (
        "mana_choice",
        '106.1, 605.3b, 608.2d: choose the mana an ability or effect adds ("{R} or {G}", "one mana of'
        ' any color"), one choice at a time.',
    )
    HYBRID = (
        "hybrid",
        "601.2b, 107.4e-f: announce how a hybrid or Phyrexian mana symbol of a cost is paid (one of"
        " its colors, two generic mana, or 2 life), one symbol at a time.",
    )
    AMOUNT = "amount", '107.1c, 608.2d: choose a number from 0 up ("pay any amount of {E}").'


class ActionKind(_Documented):
    """What an :class:`~karn.engine.actions.Action` does (``action.kind``); ``a`` and ``b``
    are object ids, numbers or players (a player ``p`` encoded as ``-(p + 1)``: see
    :func:`karn.engine.values.player_ref`; the text form names players instead)."""

    PASS = "pass", "117.3d: pass priority."
    PLAY = "play", "305.1, 116.2a: play land ``a`` (``b``: the part of a split or modal card)."
    CAST = "cast", "601.2a: begin casting spell ``a`` (``b``: the part, or 1 for face down)."
    ACTIVATE = "activate", "602.2: activate ability ``b`` of object ``a``."
    MANA = "mana", "605.3a: activate mana ability ``b`` of object ``a``."
    FACE_UP = "face_up", "702.37e, 116.2b: turn face-down permanent ``a`` face up (special action)."
    PLANAR_DIE = "planar_die", "901.9: roll the planar die (``b``: the mana it costs)."
    KEEP = "keep", "103.5: keep this hand (or keep the current choice)."
    MULLIGAN = "mulligan", "103.5: take a mulligan."
    BOTTOM = (
        "bottom",
        "103.5, 701.22a: put card ``a`` on the bottom (of the library, or the graveyard when surveilling).",
    )
    TOP = "top", "701.22a: keep card ``a`` on top."
    OPENING = "opening", "103.6: begin the game with card ``a`` on the battlefield."
    OPENING_DONE = "opening_done", "103.6: no more cards onto the battlefield."
    ATTACK = "attack", "508.1: creature ``a`` attacks ``b`` (a player or a planeswalker)."
    UNATTACK = "unattack", "508.1: undo the attack declared by ``a``."
    BLOCK = "block", "509.1: creature ``a`` blocks attacker ``b``."
    UNBLOCK = "unblock", "509.1: undo the block declared by ``a``."
    NUMBER = "number", "510.1c-d: assign ``a`` damage to ``b``."
    ALT = "alt", "601.2b: cast it the ``a``-th way offered (0: normally)."
    MODE = "mode", "601.2b: choose mode ``a``."
    MODES_DONE = "modes_done", "601.2b: no more modes."
    KICKER = "kicker", "702.33: pay the kicker (``a`` = 1) or not (0)."
    X = "x", "107.3: X is ``a``."
    TARGET = "target", "601.2c: target ``a`` (an object id, or a player)."
    DIVIDE = "divide", "601.2d: ``a`` to the next target."
    PAY = "pay", "601.2h: pay the cost automatically."
    CANCEL = "cancel", "733: undo the cast or activation begun."
    DONE = "done", "Finish a declaration or a choice of several (targets, attackers, blockers)."
    YES = "yes", "603.5, 608.2d: yes (``a``: which one, when it matters)."
    NO = "no", "603.5, 608.2d: no."
    CHOOSE = "choose", "608.2d: choose object ``a`` (or option ``a``, by its index)."
    NONE = "none", "701.23b: find nothing, choose nothing."
    OPTION = "option", '608.2d: take option ``a`` of "any player may".'
    ORDER = "order", "603.3b: put trigger ``a`` on the stack next."
    REPLACE = "replace", "616.1: apply replacement effect ``a`` first."
    WORD = "word", "612: word ``a`` of the list."
    COLOR = "color", "105.1: color ``a`` (white, blue, black, red, green)."
    CREATURE_TYPE = "creature_type", "205.3m: creature type ``a`` of the list."
    CHOOSE_CREATURE = "choose_creature", "614.12a: choose creature ``a``."
    COPY = "copy", "707.2: enter as a copy of ``a``."
    EXILE = "exile", "Exile ``a`` (a cost or a choice as it enters)."
    SACRIFICE = "sacrifice", "701.21a: sacrifice ``a``."
    CONVOKE = (
        "convoke",
        "702.51a: tap creature ``a`` to pay one mana of the spell's cost (``b``: 0 generic, 1-5 W, U, B, R, G).",
    )
    IMPROVISE = "improvise", "702.126a: tap artifact ``a`` to pay one generic mana of the spell's cost."
    DELVE = (
        "delve",
        "702.66a: exile card ``a`` from the graveyard to pay one generic mana of the spell's cost.",
    )
    CREW = "crew", "702.122a: tap creature ``a`` for the crew cost."
    CREW_DONE = "crew_done", "702.122a: no more creatures for the crew cost (their total power is enough)."
    BUYBACK = "buyback", "702.27a: pay the buyback cost (``a`` = 1) or not (0)."
    MANA_CHOICE = "mana_choice", "106.1: add the ``a``-th mana offered (its label names the symbols)."
    HYBRID = (
        "hybrid",
        "601.2b: pay the hybrid or Phyrexian symbol asked about the ``a``-th way offered (its label"
        " names it: a color, two generic mana, or 2 life).",
    )
    AMOUNT = "amount", '107.1c: the number ``a`` (its label), for an effect\'s "any amount".'


__all__ = ["ActionKind", "DecisionKind"]
