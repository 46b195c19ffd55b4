"""The table model's data: what a front end shows, as msgspec Structs (JSON as is).

Built by :func:`karn.table.build.build_table`; see the package docstring.
"""

from __future__ import annotations

import msgspec

from karn.table.autopass import AutoPass


class CardInfo(msgspec.Struct, frozen=True, omit_defaults=True):
    """A visible card with its current characteristics and its rules text.

    On the battlefield the characteristics are the game's (613: every layer applied);
    elsewhere they are the card's own. ``text`` is the Oracle text; ``keywords`` the
    keywords it has now (printed or granted).
    """

    id: int
    name: str
    zone: str  # "battlefield", "hand", "graveyard", "exile", "stack", "library"
    owner: int
    controller: int
    type_line: str
    mana_cost: str = ""
    text: str = ""
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    keywords: tuple[str, ...] = ()
    counters: dict[str, int] = {}
    tapped: bool = False
    damage: int = 0
    sick: bool = False  # 302.6: summoning sick, when it matters (its controller's turn, no haste)
    token: bool = False
    attached_to: int | None = None
    attachments: tuple[int, ...] = ()  # Auras and Equipment attached to it
    attacking: str = ""  # whom it attacks, in words ("you", "Opponent", "Garruk (#12)")
    blocking: tuple[int, ...] = ()  # the attackers it blocks
    blocked_by: tuple[int, ...] = ()  # the creatures blocking it
    types: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    face_down: bool = False  # 708: a face-down permanent or spell (a nameless 2/2)
    face: str = ""  # 708.5: the card a face-down object is, for its controller only


class Seat(msgspec.Struct, frozen=True):
    """A player at the table, as the viewer sees them."""

    index: int
    name: str  # "You", "Opponent", or the player's name (three or more players)
    player_name: str  # the name the engine knows them by
    you: bool
    life: int
    poison: int
    library: int
    hand_size: int
    hand: list[CardInfo]  # only the viewer's own hand
    lands: list[CardInfo]
    creatures: list[CardInfo]
    others: list[CardInfo]  # other permanents (artifacts, enchantments, planeswalkers)
    graveyard: list[CardInfo]  # top first
    exile: list[CardInfo]
    mana_pool: str  # "{R}{R}{G}" (106.4), "" when empty
    lands_played: int
    active: bool  # it is their turn
    priority: bool  # they hold priority
    lost: bool
    conceded: bool
    energy: int = 0  # energy counters (107.14, 122.1)


class Target(msgspec.Struct, frozen=True):
    """A target of a spell or ability: an object (``id``) or a player (``player``)."""

    name: str
    id: int | None = None
    player: int | None = None


class StackEntry(msgspec.Struct, frozen=True):
    """A spell or ability on the stack (405), top first."""

    id: int
    name: str
    kind: str  # "spell" or "ability"
    controller: int
    controller_name: str  # "You", "Opponent"
    text: str  # the spell's rules text, or the ability's
    targets: list[Target]
    x: int | None = None
    source: int | None = None  # an ability's source object
    copy: bool = False  # 707.10: a copy of a spell or ability (not cast; not a card)


class LogLine(msgspec.Struct, frozen=True, omit_defaults=True):
    """One line of the log as the viewer reads it.

    ``rule`` is the CR rule that made it happen (``karn.rules_text.rule(rule)``);
    ``index`` the entry's position in the whole log; ``folded`` how many entries of the
    whole log (passes of priority, steps where nothing happened) were left out just
    before it in the compact log.
    """

    rule: str
    text: str
    turn: int
    index: int
    kind: str = "event"  # "turn", "step" or "event"
    folded: int = 0


class Choice(msgspec.Struct, frozen=True, omit_defaults=True):
    """The second pick of a two-step option: a blocker's attacker, an attacker's defender."""

    id: str
    label: str
    key: str
    object: int | None = None


class PromptOption(msgspec.Struct, frozen=True, omit_defaults=True):
    """One answer of the prompt.

    ``id`` is stable: it names what the option does (``"cast:41"``, ``"attacker:17"``)
    and does not change while the player picks, nor between decisions. ``key`` is the
    short key a terminal types (numbers in a stable order, letters for the options of
    every prompt of the kind). ``selected``: in a multi-select decision, already picked
    (picking it again takes it back). ``choices``: a second pick (a blocker's attacker).
    """

    id: str
    key: str
    label: str
    kind: str
    object: int | None = None
    selected: bool = False
    choices: list[Choice] = []
    detail: str = ""  # what is picked so far ("blocking Grizzly Bears (#12)")


class Prompt(msgspec.Struct, frozen=True, omit_defaults=True):
    """The viewer's pending decision in words, with its options."""

    kind: str  # the engine's decision kind: "priority", "attackers", "blockers", "target", ...
    rule: str  # the rule that asks
    text: str  # the decision in words
    options: list[PromptOption]
    default: str | None = None  # the id of the default answer (Enter, space)
    multi: bool = False  # several options may be picked before "done"
    hint: str = ""  # the keys, in words


class Table(msgspec.Struct, frozen=True):
    """Everything a front end shows to one player (or a spectator: ``player`` None)."""

    player: int | None
    turn: int
    step: str  # the engine's step ("precombat_main")
    step_name: str  # "precombat main"
    status: str  # "Your turn 5, precombat main" / "Opponent's turn 4, declare attackers"
    active: int
    priority: int
    seats: list[Seat]
    stack: list[StackEntry]  # top first
    log: list[LogLine]
    log_size: int  # the whole log's length (ask from here next time)
    prompt: Prompt | None  # the viewer's decision; None when someone else decides
    waiting: str  # "Opponent is deciding: declare blockers" ("" when the viewer decides)
    over: bool
    winner: int | None
    result: str  # "You win", "Opponent wins", "a draw" ("" while the game goes on)
    combat: bool  # a combat with attackers is under way
    settings: AutoPass | None = None  # the viewer's stops and pass settings (None: a spectator)
    recap: str = ""  # what another player did in the turn before this one ("Opponent's turn 4: ...")
    known: list[CardInfo] = []  # cards in hidden zones the viewer knows (revealed, looked at: 400.2)
    # 901.7: a Planechase game's face-up plane(s), in the command zone, and each seat's planar
    # deck size (the decks themselves are hidden)
    planes: list[CardInfo] = []
    planar_deck_sizes: list[int] = []
