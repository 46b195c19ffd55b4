"""Reading scenario files (shared/SCENARIOS.md) into checked data.

The loader walks the YAML node tree (not the constructed Python values), so
every key and value it refuses is reported with its file and line, and a
number keeps its written form (``cite: [510.10]`` stays "510.10"). Unknown
keys, wrong types, out-of-range numbers, unknown steps and players are
:class:`ScenarioError` with a one-line message, often with a suggestion
("did you mean battlefield?"). Nothing here needs the card database: card
names are checked when the game is built (:mod:`karn.scenario.setup`).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from yaml.constructor import ConstructorError, SafeConstructor

from karn.engine.values import STEPS

# The steps a scenario names: the engine's, without the optional first-strike damage step
# (510.4), which a scenario reaches as "combat_damage".
SCENARIO_STEPS: tuple[str, ...] = tuple(st for st in STEPS if st != "first_strike_damage")
# Seats, in turn order (SCENARIOS.md: turns pass A, B, C, ... and back to A).
PLAYER_LETTERS = "ABCDEF"
PLAYER_ZONES = ("hand", "battlefield", "graveyard", "exile", "library")
OBJECT_ZONES = ("battlefield", "stack", "hand", "graveyard", "exile", "library", "command")
COLOR_LETTERS = "WUBRG"
CAST_ZONES = ("hand", "graveyard", "exile", "library", "command")

TOP_KEYS = ("name", "cite", "cards", "start", "players", "do", "expect")
START_KEYS = ("turn", "active", "step", "day_night")
#: 731.1: the game's day/night designation a scenario may start with (an extension)
DAY_NIGHT = ("day", "night")
PLAYER_KEYS = ("life", "poison", *PLAYER_ZONES, "planar_deck", "energy")
ENTRY_KEYS = ("card", "tapped", "sick", "counters", "damage", "attached_to", "face_down", "transformed")
#: how a permanent of the board starts face down (708): cast with morph (702.37c) or manifested
#: (701.40a)
FACE_DOWN_WAYS = ("morph", "manifest")
STEP_KEYS: dict[str, tuple[str, ...]] = {
    "play": ("play", "by", "from", "face"),
    "cast": (
        "cast",
        "by",
        "targets",
        "x",
        "mode",
        "pay",
        "from",
        "alt",
        "with",
        "face",
        "divide",
        "convoke",
        "improvise",
        "delve",
        "hybrid",
    ),
    "activate": ("activate", "by", "ability", "targets", "x", "pay", "crew", "hybrid"),
    "turn_face_up": ("turn_face_up", "by"),
    "attack": ("attack", "at"),
    "block": ("block",),
    "choose": ("choose",),
    "to": ("to", "turn"),
    "concede": ("concede",),
    "illegal": ("illegal",),
    "planar_die": ("planar_die",),
}
WORD_STEPS = ("pass", "resolve", "resolve_all")
GAME_EXPECT_KEYS = ("stack", "winner", "over", "turn", "step", "active", "plane", "day_night")
PLAYER_EXPECT_KEYS = (
    "life",
    "poison",
    "hand",
    "battlefield",
    "graveyard",
    "exile",
    "library_count",
    "hand_count",
    "lost",
    "planar_deck_count",
    "emblems",
    "energy",
)
REF_EXPECT_KEYS = (
    "tapped",
    "power",
    "toughness",
    "damage",
    "counters",
    "controller",
    "zone",
    "attached_to",
    "keywords",
    "exists",
    "types",
    "subtypes",
    "supertypes",
    "colors",
    "not_keywords",
    "owner",
    "face_down",
    "attacking",
    "blocking",
    "transformed",
    "face",
    "mana_value",
)

# Bounds that keep every number a game can hold (and far beyond any real game).
MAX_TURN = 1_000_000
MAX_AMOUNT = 1_000_000_000
_RULE = re.compile(r"\d{3}(\.\d+[a-z]?)?")
_OBJECT_REF = re.compile(r"([A-Z])\.(.+?)(?:#(\d+))?")
_STACK_REF = re.compile(r"stack\.(top|\d+)")

_INT = "tag:yaml.org,2002:int"
_STR = "tag:yaml.org,2002:str"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"


class ScenarioError(ValueError):
    """A malformed scenario file; the message names the file and line."""


# ---------------------------------------------------------------------------- the checked data


@dataclass(frozen=True)
class Ref:
    """A reference (SCENARIOS.md "References"): a player, an object by name, or stack.N."""

    text: str
    player: str = ""  # the letter of a player, or of the player an object reference looks at
    name: str = ""  # an object's name ("" for a player or a stack position)
    nth: int = 1  # B.Grizzly Bears#2: the second such object
    stack: int = 0  # stack.N (1: the top)

    @property
    def is_player(self) -> bool:
        return bool(self.player) and not self.name

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class CardEntry:
    """A card a player starts with in one zone."""

    name: str
    line: int
    tapped: bool | None = None
    sick: bool | None = None
    counters: dict[str, int] = field(default_factory=dict)
    damage: int | None = None
    attached_to: Ref | None = None
    face_down: str = ""  # 708: "morph" or "manifest"
    transformed: bool = False  # 712.14a: a double-faced card on the battlefield, back face up


@dataclass
class PlayerSpec:
    letter: str
    line: int
    life: int = 20
    poison: int = 0
    energy: int = 0  # an extension: energy counters (107.14, 122.1)
    zones: dict[str, list[CardEntry]] = field(default_factory=dict)
    library_given: bool = False  # without a library, 30 Wastes (SCENARIOS.md)
    planar_deck: list[CardEntry] | None = None  # 901.4: a Planechase game (top card first)


@dataclass
class Start:
    turn: int = 1
    active: str = "A"
    step: str = "precombat_main"
    day_night: str = ""  # 731.1: "", "day" or "night"
    line: int = 1


@dataclass
class Step:
    """One step of ``do``: the fields its kind uses are filled, the others keep their defaults."""

    kind: str
    line: int
    card: str = ""  # play, cast: the card's name
    source: Ref | None = None  # activate: the object
    by: str | None = None  # the acting player's letter (None: the one the engine waits for)
    targets: list[Ref] = field(default_factory=list)
    x: int | None = None
    modes: list[int] = field(default_factory=list)  # 1-based, Oracle order
    pay: list[Ref] | None = None  # None: paid automatically
    # karn's extension: the mana each listed source adds ("G", "WU"; "": what the cost needs), for
    # sources whose mana is chosen as it resolves (106.1): pay: [{A.Birds of Paradise: G}]
    pay_mana: list[str] = field(default_factory=list)
    cast_from: str = "hand"
    alt: str | None = None
    with_costs: list[tuple[str, int]] = field(default_factory=list)
    face: int = 1
    divide: list[int] = field(default_factory=list)  # cast: 601.2d, the amount for each target, in order
    # an extension: cast: the objects that pay part of the cost with the spell's payment keyword
    # (convoke 702.51a, improvise 702.126a, delve 702.66a), keyword -> objects in order
    units: list[tuple[str, list[Ref]]] = field(default_factory=list)
    crew: list[Ref] | None = None  # an extension: activate: the creatures tapped to crew (702.122a)
    # an extension: cast, activate: how each hybrid or Phyrexian symbol of the cost is paid, in
    # the order asked (601.2b, 107.4e-f): a mana letter, "2" (two generic mana), or "life"
    hybrid: list[str] | None = None
    ability: int = 1
    attackers: list[Ref] = field(default_factory=list)
    at: Ref | None = None  # what every attacker attacks (None: the default opponent)
    at_each: list[tuple[Ref, Ref]] = field(default_factory=list)  # attacker -> what it attacks
    blocks: list[tuple[Ref, list[Ref]]] = field(default_factory=list)  # blocker -> attackers
    labels: list[str] = field(default_factory=list)  # choose
    to: str = ""
    turn: int | None = None
    player: str = ""  # concede
    inner: Step | None = None  # illegal

    def describe(self) -> str:
        """The step as a short text, for messages."""
        if self.kind in WORD_STEPS:
            return self.kind
        if self.kind == "illegal" and self.inner is not None:
            return f"illegal {self.inner.describe()}"
        what = {
            "play": self.card,
            "cast": self.card,
            "activate": str(self.source),
            "turn_face_up": str(self.source),
            "attack": ", ".join(map(str, self.attackers)) or "none",
            "block": ", ".join(str(b) for b, _ in self.blocks) or "none",
            "choose": ", ".join(self.labels),
            "to": self.to,
            "concede": self.player,
            "planar_die": self.player,
        }.get(self.kind, "")
        return f"{self.kind} {what}".strip()


@dataclass(frozen=True)
class Expectation:
    """One checked fact: ``subject`` is a player letter, a REF, or "" for the game itself."""

    subject: str
    key: str
    want: object
    line: int
    ref: Ref | None = None


@dataclass
class Scenario:
    name: str
    cite: list[str]
    start: Start
    players: dict[str, PlayerSpec]  # by letter, in seating (and turn) order
    steps: list[Step]
    expect: list[Expectation]
    source: str = ""
    line: int = 1
    # an extension: a card file (a JSON list of MTGJSON records or an AtomicCards file) whose
    # cards are added to the packaged ones, for cards the packaged data lacks whole (the
    # second halves of split and adventurer cards); a path relative to the scenario file
    cards: str = ""

    @property
    def letters(self) -> list[str]:
        return list(self.players)


# ---------------------------------------------------------------------------- reading YAML nodes


def _suggest(word: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f"; did you mean {close[0]}?" if close else ""


def _line(node: yaml.Node) -> int:
    return int(node.start_mark.line) + 1


class _Reader:
    """Checks one document's nodes; each error names the file and the node's line."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.letters: list[str] = ["A", "B"]

    def error(self, node: yaml.Node | int, message: str) -> ScenarioError:
        line = node if isinstance(node, int) else _line(node)
        return ScenarioError(f"{self.source} line {line}: {message}")

    # -- shapes

    def mapping(self, node: yaml.Node, what: str, example: str) -> list[tuple[str, yaml.Node, yaml.Node]]:
        """A mapping's (key, key node, value node) triples; keys are text, each once."""
        if not isinstance(node, yaml.MappingNode):
            raise self.error(node, f"{what} must be a mapping, e.g. {example} (got {self.shown(node)})")
        seen: set[str] = set()
        out: list[tuple[str, yaml.Node, yaml.Node]] = []
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == _NULL:
                raise self.error(key_node, f"{what}: a key must be a word, got {self.shown(key_node)}")
            key = str(key_node.value)
            if key in seen:
                raise self.error(key_node, f"{what}: {key!r} is given twice")
            seen.add(key)
            out.append((key, key_node, value_node))
        return out

    def check_keys(
        self, pairs: list[tuple[str, yaml.Node, yaml.Node]], allowed: Iterable[str], what: str
    ) -> dict[str, yaml.Node]:
        known = list(allowed)
        for key, key_node, _ in pairs:
            if key not in known:
                raise self.error(
                    key_node,
                    f"unknown key {key!r} in {what}{_suggest(key, known)} (keys: {', '.join(known)})",
                )
        return {key: value for key, _, value in pairs}

    def sequence(self, node: yaml.Node, what: str, example: str) -> list[yaml.Node]:
        if not isinstance(node, yaml.SequenceNode):
            raise self.error(node, f"{what} must be a list, e.g. {example} (got {self.shown(node)})")
        return list(node.value)

    def shown(self, node: yaml.Node) -> str:
        if isinstance(node, yaml.MappingNode):
            return "a mapping"
        if isinstance(node, yaml.SequenceNode):
            return "a list"
        if node.tag == _NULL:
            return "nothing"
        return repr(node.value)

    # -- scalars

    def text(self, node: yaml.Node, what: str) -> str:
        """A word or name: any scalar but nothing, kept as written (``choose: 3`` is "3")."""
        if not isinstance(node, yaml.ScalarNode) or node.tag == _NULL:
            raise self.error(node, f"{what} must be a name or word (got {self.shown(node)})")
        value = str(node.value).strip()
        if not value:
            raise self.error(node, f"{what} is empty")
        return value

    def integer(self, node: yaml.Node, what: str, low: int, high: int) -> int:
        if not isinstance(node, yaml.ScalarNode) or node.tag != _INT:
            raise self.error(node, f"{what} must be a whole number (got {self.shown(node)})")
        value = _construct_scalar(node)
        if not isinstance(value, int) or not low <= value <= high:
            raise self.error(node, f"{what} must be from {low} to {high} (got {node.value})")
        return value

    def boolean(self, node: yaml.Node, what: str) -> bool:
        if not isinstance(node, yaml.ScalarNode) or node.tag != _BOOL:
            raise self.error(node, f"{what} must be true or false (got {self.shown(node)})")
        return bool(_construct_scalar(node))

    def names(self, node: yaml.Node, what: str, example: str) -> list[str]:
        if isinstance(node, yaml.ScalarNode) and node.tag == _NULL:
            return []
        return [self.text(item, f"an entry of {what}") for item in self.sequence(node, what, example)]

    def letter(self, node: yaml.Node, what: str) -> str:
        value = self.text(node, what)
        if value not in self.letters:
            raise self.error(node, f"{what}: unknown player {value!r} (players: {', '.join(self.letters)})")
        return value

    def ref(self, node: yaml.Node, what: str) -> Ref:
        return self.parse_ref(self.text(node, what), node, what)

    def parse_ref(self, text: str, node: yaml.Node, what: str) -> Ref:
        if text in self.letters:
            return Ref(text, player=text)
        m = _STACK_REF.fullmatch(text)
        if m:
            return Ref(text, stack=1 if m.group(1) == "top" else max(1, int(m.group(1))))
        m = _OBJECT_REF.fullmatch(text)
        if m and m.group(1) in self.letters:
            return Ref(text, player=m.group(1), name=m.group(2).strip(), nth=int(m.group(3) or 1))
        if m or (len(text) == 1 and text in PLAYER_LETTERS):
            letter = text[0]
            raise self.error(node, f"{what}: unknown player {letter!r} (players: {', '.join(self.letters)})")
        raise self.error(
            node,
            f"{what}: {text!r} is not a reference: write a player (A), an object by its controller "
            "and name (B.Grizzly Bears, B.Grizzly Bears#2) or stack.top / stack.N"
            + ("; in [...], quote a name that has a comma" if "." not in text else ""),
        )

    def refs(self, node: yaml.Node, what: str) -> list[Ref]:
        if isinstance(node, yaml.ScalarNode) and node.tag == _NULL:
            return []
        if isinstance(node, yaml.ScalarNode):
            return [self.ref(node, what)]
        return [
            self.ref(item, f"an entry of {what}") for item in self.sequence(node, what, "[B.Grizzly Bears]")
        ]

    # -- the document

    def scenario(self, node: yaml.Node, default_name: str) -> Scenario:
        pairs = self.mapping(node, "a scenario", "name: ..., players: ..., do: ..., expect: ...")
        top = self.check_keys(pairs, TOP_KEYS, "the scenario")
        name = self.text(top["name"], "name") if "name" in top else default_name
        cite = self.cite(top["cite"]) if "cite" in top else []
        if "players" in top:
            players = self.players(top["players"])
        else:
            players = {letter: PlayerSpec(letter, _line(node)) for letter in ("A", "B")}
        self.letters = list(players)
        start = self.start(top["start"]) if "start" in top else Start(line=_line(node))
        steps = self.steps(top["do"]) if "do" in top else []
        expect = self.expectations(top["expect"]) if "expect" in top else []
        if not steps and not expect:
            raise self.error(
                node, "a scenario needs steps (do:) or expectations (expect:); without them it cannot fail"
            )
        cards = self.card_file(top["cards"]) if "cards" in top else ""
        return Scenario(name, cite, start, players, steps, expect, self.source, _line(node), cards)

    def card_file(self, node: yaml.Node) -> str:
        """``cards: FILE``: a card file beside the scenario (its path relative to the file)."""
        written = self.text(node, "cards")
        path = Path(self.source).parent / written if self.source != "<scenario>" else Path(written)
        if not path.is_file():
            raise self.error(node, f"cards: {written!r}: no such file (a path relative to the scenario file)")
        return str(path)

    def cite(self, node: yaml.Node) -> list[str]:
        out = []
        for item in self.sequence(node, "cite", "cite: [120.3, 704.5g]"):
            rule = self.text(item, "a rule in cite")
            if not _RULE.fullmatch(rule):
                raise self.error(item, f"cite: {rule!r} is not a rule number like 120.3 or 704.5g")
            out.append(rule)
        return out

    def start(self, node: yaml.Node) -> Start:
        pairs = self.mapping(node, "start", "start: {active: A, step: precombat_main}")
        keys = self.check_keys(pairs, START_KEYS, "start")
        start = Start(line=_line(node))
        if "turn" in keys:
            start.turn = self.integer(keys["turn"], "start.turn", 1, MAX_TURN)
        if "active" in keys:
            start.active = self.letter(keys["active"], "start.active")
        if "step" in keys:
            start.step = self.step_name(keys["step"], "start.step")
        if "day_night" in keys:
            start.day_night = self.day_night(keys["day_night"], "start.day_night")
        return start

    def day_night(self, node: yaml.Node, what: str) -> str:
        """731.1: ``day`` or ``night`` (an expectation may also say ``neither``)."""
        value = self.text(node, what)
        allowed = (*DAY_NIGHT, "neither") if what.startswith("expect") else DAY_NIGHT
        if value not in allowed:
            raise self.error(node, f"{what}: {value!r} must be one of {', '.join(allowed)}")
        return value

    def step_name(self, node: yaml.Node, what: str) -> str:
        value = self.text(node, what)
        if value not in SCENARIO_STEPS:
            raise self.error(
                node,
                f"{what}: unknown step {value!r}{_suggest(value, SCENARIO_STEPS)} (steps: {', '.join(SCENARIO_STEPS)})",
            )
        return value

    def players(self, node: yaml.Node) -> dict[str, PlayerSpec]:
        pairs = self.mapping(node, "players", "players: {A: {hand: [Lightning Bolt]}, B: {}}")
        given = [key for key, _, _ in pairs]
        for key, key_node, _ in pairs:
            if key not in PLAYER_LETTERS:
                raise self.error(key_node, f"players: {key!r} is not a player: players are A to F")
        letters = sorted(given)
        if len(letters) < 2:
            letters = sorted(set(letters) | {"A", "B"})
        expected = list(PLAYER_LETTERS[: len(letters)])
        if letters != expected:
            missing = next(x for x in expected if x not in letters)
            raise self.error(node, f"players: seats are A, B, C, ... in order; {missing} is missing")
        self.letters = letters
        specs = {letter: PlayerSpec(letter, _line(node)) for letter in letters}
        for key, _, value in pairs:
            specs[key] = self.player(key, value)
        return specs

    def player(self, letter: str, node: yaml.Node) -> PlayerSpec:
        spec = PlayerSpec(letter, _line(node))
        if isinstance(node, yaml.ScalarNode) and node.tag == _NULL:
            return spec
        example = f"{letter}: {{battlefield: [Grizzly Bears], life: 20}}"
        pairs = self.mapping(node, f"player {letter}", example)
        keys = self.check_keys(pairs, PLAYER_KEYS, f"player {letter}")
        if "life" in keys:
            spec.life = self.integer(keys["life"], f"{letter}.life", -MAX_AMOUNT, MAX_AMOUNT)
        if "poison" in keys:
            spec.poison = self.integer(keys["poison"], f"{letter}.poison", 0, MAX_AMOUNT)
        if "energy" in keys:
            spec.energy = self.integer(keys["energy"], f"{letter}.energy", 0, MAX_AMOUNT)
        for zone in PLAYER_ZONES:
            if zone in keys:
                spec.zones[zone] = self.zone(letter, zone, keys[zone])
        spec.library_given = "library" in keys
        if "planar_deck" in keys:
            spec.planar_deck = self.zone(letter, "planar_deck", keys["planar_deck"])
        return spec

    def zone(self, letter: str, zone: str, node: yaml.Node) -> list[CardEntry]:
        what = f"{letter}.{zone}"
        if isinstance(node, yaml.ScalarNode) and node.tag == _NULL:
            return []
        hint = " (top card first)" if zone in ("library", "planar_deck") else ""
        items = self.sequence(node, what + hint, f"{zone}: [Grizzly Bears, Forest]")
        return [self.entry(what, zone, item) for item in items]

    def entry(self, what: str, zone: str, node: yaml.Node) -> CardEntry:
        if isinstance(node, yaml.ScalarNode):
            return CardEntry(self.text(node, f"a card in {what}"), _line(node))
        example = "{card: Grizzly Bears, tapped: true}"
        pairs = self.mapping(node, f"a card in {what}", example)
        allowed = ENTRY_KEYS if zone == "battlefield" else ("card",)
        for key, key_node, _ in pairs:
            if key not in allowed and key in ENTRY_KEYS:
                raise self.error(key_node, f"{key!r} applies only to cards on the battlefield, not in {what}")
        keys = self.check_keys(pairs, allowed, f"a card in {what}")
        if "card" not in keys:
            raise self.error(node, f"a card in {what} needs its name: {example}")
        attached = self.ref(keys["attached_to"], "attached_to") if "attached_to" in keys else None
        if attached is not None and attached.stack:
            raise self.error(
                keys["attached_to"], "attached_to names a player or a permanent (B.Grizzly Bears)"
            )
        return CardEntry(
            self.text(keys["card"], "card"),
            _line(node),
            tapped=self.boolean(keys["tapped"], "tapped") if "tapped" in keys else None,
            sick=self.boolean(keys["sick"], "sick") if "sick" in keys else None,
            counters=self.counters(keys["counters"], "counters") if "counters" in keys else {},
            damage=self.integer(keys["damage"], "damage", 0, MAX_AMOUNT) if "damage" in keys else None,
            attached_to=attached,
            face_down=self.face_down_way(keys["face_down"]) if "face_down" in keys else "",
            transformed=self.boolean(keys["transformed"], "transformed") if "transformed" in keys else False,
        )

    def face_down_way(self, node: yaml.Node) -> str:
        """708: ``face_down: morph`` (cast face down with its morph ability, 702.37c) or
        ``face_down: manifest`` (manifested, 701.40a)."""
        way = self.text(node, "face_down")
        if way not in FACE_DOWN_WAYS:
            raise self.error(node, f"face_down: {way!r} must be one of {', '.join(FACE_DOWN_WAYS)}")
        return way

    def counters(self, node: yaml.Node, what: str) -> dict[str, int]:
        example = "counters: {+1/+1: 2}"
        if not isinstance(node, yaml.MappingNode):
            raise self.error(node, f"{what} must be a mapping of counter kind to number, e.g. {example}")
        return {
            key: self.integer(value, f"{what}: {key}", 0, MAX_AMOUNT)
            for key, _, value in self.mapping(node, what, example)
        }

    # -- steps

    def steps(self, node: yaml.Node) -> list[Step]:
        if isinstance(node, yaml.ScalarNode) and node.tag == _NULL:
            return []
        return [self.step(item) for item in self.sequence(node, "do", "do: [resolve]")]

    def step(self, node: yaml.Node) -> Step:
        kinds = [*STEP_KEYS, *WORD_STEPS]
        if isinstance(node, yaml.ScalarNode):
            word = self.text(node, "a step")
            if word in WORD_STEPS:
                return Step(word, _line(node))
            if word in STEP_KEYS:
                raise self.error(node, f"the step {word!r} needs a value, e.g. {{{word}: ...}}")
            raise self.error(
                node, f"unknown step {word!r}{_suggest(word, kinds)} (steps: {', '.join(kinds)})"
            )
        pairs = self.mapping(node, "a step", "{cast: Lightning Bolt, by: A, targets: [B]}")
        present = [key for key, _, _ in pairs if key in STEP_KEYS]
        if len(present) != 1:
            first_key = pairs[0][1] if pairs else node
            if not present and pairs:
                word = pairs[0][0]
                if word in WORD_STEPS:
                    # "{pass: 2}": a word step is written alone ("- pass")
                    raise self.error(first_key, f"the step {word!r} takes no value: write '- {word}'")
                raise self.error(
                    first_key, f"unknown step {word!r}{_suggest(word, kinds)} (steps: {', '.join(kinds)})"
                )
            raise self.error(
                node, f"a step has exactly one of {', '.join(STEP_KEYS)} (got {present or 'none'})"
            )
        kind = present[0]
        keys = self.check_keys(pairs, STEP_KEYS[kind], f"a {kind} step")
        step = Step(kind, _line(node))
        getattr(self, f"step_{kind}")(step, keys)
        return step

    def _by(self, step: Step, keys: dict[str, yaml.Node]) -> None:
        if "by" in keys:
            step.by = self.letter(keys["by"], "by")

    def _x(self, step: Step, keys: dict[str, yaml.Node]) -> None:
        if "x" in keys:
            step.x = self.integer(keys["x"], "x", 0, MAX_AMOUNT)

    def _hybrid(self, step: Step, keys: dict[str, yaml.Node]) -> None:
        """`hybrid: [life, W]`: the way each hybrid or Phyrexian symbol is paid (601.2b)."""
        node = keys.get("hybrid")
        if node is None:
            return
        items = node.value if isinstance(node, yaml.SequenceNode) else [node]
        step.hybrid = []
        for item in items:
            way = self.text(item, "an entry of hybrid").replace("{", "").replace("}", "").strip()
            way = way.lower() if way.lower() == "life" else way.upper()
            if way not in ("life", "2", "W", "U", "B", "R", "G", "C"):
                raise self.error(
                    item,
                    f"hybrid: {way!r} is not a way to pay a hybrid symbol: a letter of WUBRGC, 2 or life",
                )
            step.hybrid.append(way)

    def _pay(self, step: Step, keys: dict[str, yaml.Node]) -> None:
        node = keys.get("pay")
        if node is None or (isinstance(node, yaml.ScalarNode) and node.value == "auto"):
            return
        if not isinstance(node, yaml.SequenceNode):
            raise self.error(node, "pay must be auto or a list of the sources to tap, e.g. pay: [A.Mountain]")
        step.pay = []
        for item in node.value:
            if isinstance(item, yaml.MappingNode):
                # karn's extension: {A.Birds of Paradise: G} names the mana the source adds (106.1)
                if len(item.value) != 1:
                    raise self.error(item, "a pay entry with mana names one source: {A.Birds of Paradise: G}")
                key, value = item.value[0]
                mana = self.text(value, "the mana of a pay entry").replace("{", "").replace("}", "").upper()
                if not mana or any(ch not in "WUBRGC" for ch in mana):
                    raise self.error(
                        value, f"pay: {mana!r} is not mana: write letters of W U B R G C, e.g. G or WU"
                    )
                step.pay.append(self.ref(key, "an entry of pay"))
                step.pay_mana.append(mana)
            else:
                step.pay.append(self.ref(item, "an entry of pay"))
                step.pay_mana.append("")

    def step_play(self, step: Step, keys: dict[str, yaml.Node]) -> None:
        step.card = self.text(keys["play"], "play")
        self._by(step, keys)
        self._from(step, keys)
        if "face" in keys:
            # an extension: the face of a modal double-faced card played as a land (712.12)
            step.face = self.integer(keys["face"], "face", 1, 2)

    def _from(self, step: Step, keys: dict[str, yaml.Node]) -> None:
        """`from: ZONE`: the zone a card is played or cast from (305.1, 601.2a)."""
        if "from" in keys:
            zone = self.text(keys["from"], "from")
            if zone not in CAST_ZONES:
                raise self.error(
                    keys["from"], f"from: {zone!r} is not a zone to cast from ({', '.join(CAST_ZONES)})"
                )
            step.cast_from = zone

    def step_cast(self, step: Step, keys: dict[str, yaml.Node]) -> None:
        step.card = self.text(keys["cast"], "cast")
        self._by(step, keys)
        self._x(step, keys)
        self._pay(step, keys)
        self._hybrid(step, keys)
        if "targets" in keys:
            step.targets = self.refs(keys["targets"], "targets")
        if "mode" in keys:
            node = keys["mode"]
            items = node.value if isinstance(node, yaml.SequenceNode) else [node]
            step.modes = [self.integer(item, "mode", 1, 100) for item in items]
        self._from(step, keys)
        if "alt" in keys:
            step.alt = self.text(keys["alt"], "alt")
        if "with" in keys:
            step.with_costs = self.with_costs(keys["with"])
        if "face" in keys:
            step.face = self.integer(keys["face"], "face", 1, 2)
        for keyword in ("convoke", "improvise", "delve"):
            if keyword in keys:
                step.units.append((keyword, self.refs(keys[keyword], keyword)))
        if "divide" in keys:
            node = keys["divide"]
            if not isinstance(node, yaml.SequenceNode):
                raise self.error(node, "divide must list the amount for each target, e.g. divide: [2, 1]")
            step.divide = [self.integer(item, "divide", 1, 1000) for item in node.value]

    def with_costs(self, node: yaml.Node) -> list[tuple[str, int]]:
        out: list[tuple[str, int]] = []
        items = node.value if isinstance(node, yaml.SequenceNode) else [node]
        for item in items:
            if isinstance(item, yaml.MappingNode):
                for key, _, value in self.mapping(item, "with", "with: [kicker, {multikicker: 2}]"):
                    out.append((key, self.integer(value, f"with: {key}", 0, 100)))
            else:
                out.append((self.text(item, "with"), 1))
        return out

    def step_activate(self, step: Step, keys: dict[str, yaml.Node]) -> None:
        step.source = self.ref(keys["activate"], "activate")
        if step.source.is_player:
            raise self.error(
                keys["activate"], "activate names an object (A.Prodigal Pyromancer), not a player"
            )
        self._by(step, keys)
        self._x(step, keys)
        if "crew" in keys:
            step.crew = self.refs(keys["crew"], "crew")
        self._pay(step, keys)
        self._hybrid(step, keys)
        if "ability" in keys:
            step.ability = self.integer(keys["ability"], "ability", 1, 100)
        if "targets" in keys:
            step.targets = self.refs(keys["targets"], "targets")

    def step_turn_face_up(self, step: Step, keys: dict[str, yaml.Node]) -> None:
        step.source = self.ref(keys["turn_face_up"], "turn_face_up")
        if step.source.is_player:
            raise self.error(keys["turn_face_up"], "turn_face_up names a permanent (A.Grinning Demon)")
        self._by(step, keys)

    def step_planar_die(self, step: Step, keys: dict[str, yaml.Node]) -> None:
        """901.9: ``{planar_die: A}``: A rolls the planar die (a special action, 116.2i)."""
        step.player = self.letter(keys["planar_die"], "planar_die")

    def step_attack(self, step: Step, keys: dict[str, yaml.Node]) -> None:
        step.attackers = self.refs(keys["attack"], "attack")
        node = keys.get("at")
        if node is None:
            return
        if isinstance(node, yaml.MappingNode):
            named = {r.text for r in step.attackers}
            for key, key_node, value in self.mapping(node, "at", "at: {A.Bear: C, A.Wolf: D.Jace}"):
                attacker = self.parse_ref(key, key_node, "at")
                if attacker.text not in named:
                    raise self.error(key_node, f"at: {key} is not one of the attackers of this step")
                step.at_each.append((attacker, self.ref(value, f"at: {key}")))
        else:
            step.at = self.ref(node, "at")

    def step_block(self, step: Step, keys: dict[str, yaml.Node]) -> None:
        node = keys["block"]
        if isinstance(node, yaml.ScalarNode) and node.tag == _NULL:
            return
        example = "block: {B.Grizzly Bears: A.Hill Giant}"
        for key, key_node, value in self.mapping(node, "block", example):
            blocker = self.parse_ref(key, key_node, "block")
            attackers = self.refs(value, f"the attackers {key} blocks")
            if not attackers:
                raise self.error(key_node, f"block: {key} blocks no attacker (leave it out to not block)")
            step.blocks.append((blocker, attackers))

    def step_choose(self, step: Step, keys: dict[str, yaml.Node]) -> None:
        node = keys["choose"]
        items = node.value if isinstance(node, yaml.SequenceNode) else [node]
        step.labels = [self.text(item, "choose") for item in items]
        if not step.labels:
            raise self.error(node, "choose needs an option's label")

    def step_to(self, step: Step, keys: dict[str, yaml.Node]) -> None:
        step.to = self.step_name(keys["to"], "to")
        if "turn" in keys:
            step.turn = self.integer(keys["turn"], "turn", 1, MAX_TURN)

    def step_concede(self, step: Step, keys: dict[str, yaml.Node]) -> None:
        step.player = self.letter(keys["concede"], "concede")

    def step_illegal(self, step: Step, keys: dict[str, yaml.Node]) -> None:
        step.inner = self.step(keys["illegal"])
        if step.inner.kind in ("illegal", "concede", *WORD_STEPS[1:]):
            raise self.error(keys["illegal"], f"{step.inner.kind} can't be tested as illegal")

    # -- expectations

    def expectations(self, node: yaml.Node) -> list[Expectation]:
        if isinstance(node, yaml.ScalarNode) and node.tag == _NULL:
            return []
        out: list[Expectation] = []
        pairs = self.mapping(node, "expect", "expect: {B: {life: 17}}")
        for key, key_node, value in pairs:
            line = _line(key_node)
            if key in GAME_EXPECT_KEYS:
                out.append(Expectation("", key, self.game_value(key, value), line))
            elif key in self.letters:
                example = f"{key}: {{life: 20}}"
                sub = self.check_keys(
                    self.mapping(value, f"the expectations of player {key}", example),
                    PLAYER_EXPECT_KEYS,
                    f"the expectations of player {key}",
                )
                if not sub:
                    raise self.error(value, f"expect: {key} has no expectations")
                for k, v in sub.items():
                    out.append(Expectation(key, k, self.player_value(f"{key}.{k}", k, v), _line(v)))
            elif "." in key:
                ref = self.parse_ref(key, key_node, "expect")
                if ref.is_player:
                    raise self.error(key_node, f"expect: {key} is a player")
                sub = self.check_keys(
                    self.mapping(value, f"the expectations of {key}", f"{key}: {{tapped: true}}"),
                    REF_EXPECT_KEYS,
                    f"the expectations of {key}",
                )
                if not sub:
                    raise self.error(value, f"expect: {key} has no expectations")
                for k, v in sub.items():
                    out.append(Expectation(key, k, self.ref_value(f"{key}.{k}", k, v), _line(v), ref))
            else:
                known = [*GAME_EXPECT_KEYS, *PLAYER_EXPECT_KEYS, *REF_EXPECT_KEYS]
                hint = _suggest(key, known)
                if hint and difflib.get_close_matches(key, GAME_EXPECT_KEYS, n=1, cutoff=0.6) == []:
                    hint += " (it goes under a player or an object: A: {life: 20}, B.Grizzly Bears: {tapped: true})"
                players = ", ".join(self.letters)
                raise self.error(
                    key_node,
                    f"expect: unknown key {key!r}{hint} (keys: a player {players}, a REF like "
                    f"B.Grizzly Bears, or {', '.join(GAME_EXPECT_KEYS)})",
                )
        return out

    def game_value(self, key: str, node: yaml.Node) -> object:
        if key == "stack":
            return self.names(node, "expect.stack", "stack: [Lightning Bolt]")
        if key == "winner":
            value = self.text(node, "winner")
            if value != "draw" and value not in self.letters:
                raise self.error(
                    node, f"winner: {value!r} is not a player ({', '.join(self.letters)}) or draw"
                )
            return value
        if key == "over":
            return self.boolean(node, "over")
        if key == "turn":
            return self.integer(node, "turn", 0, MAX_TURN)
        if key == "step":
            return self.step_name(node, "step")
        if key == "plane":
            return None if _is_null(node) else self.text(node, "plane")  # 901.7: the face-up plane
        if key == "day_night":
            return self.day_night(node, "expect.day_night")  # 731.1
        return self.letter(node, key)  # active

    def player_value(self, what: str, key: str, node: yaml.Node) -> object:
        if key in ("life",):
            return self.integer(node, what, -MAX_AMOUNT, MAX_AMOUNT)
        if key in ("poison", "library_count", "hand_count", "planar_deck_count", "energy"):
            return self.integer(node, what, 0, MAX_AMOUNT)
        if key == "lost":
            return self.boolean(node, what)
        return self.names(node, what, f"{key}: [Grizzly Bears]")

    def ref_value(self, what: str, key: str, node: yaml.Node) -> object:
        readers: dict[str, Callable[[], object]] = {
            "tapped": lambda: self.boolean(node, what),
            "exists": lambda: self.boolean(node, what),
            "face_down": lambda: self.boolean(node, what),
            "transformed": lambda: self.boolean(node, what),
            "mana_value": lambda: self.integer(node, what, 0, MAX_AMOUNT),
            "face": lambda: self.text(node, what),
            "power": lambda: self.integer(node, what, -MAX_AMOUNT, MAX_AMOUNT),
            "toughness": lambda: self.integer(node, what, -MAX_AMOUNT, MAX_AMOUNT),
            "damage": lambda: self.integer(node, what, 0, MAX_AMOUNT),
            "counters": lambda: self.counters(node, what),
            "controller": lambda: self.letter(node, what),
            "owner": lambda: self.letter(node, what),
            "zone": lambda: self.zone_name(node, what),
            "attached_to": lambda: None if _is_null(node) else self.ref(node, what),
            "keywords": lambda: self.names(node, what, "keywords: [flying]"),
            "not_keywords": lambda: self.names(node, what, "not_keywords: [flying]"),
            "types": lambda: self.names(node, what, "types: [artifact, creature]"),
            "subtypes": lambda: self.names(node, what, "subtypes: [bear]"),
            "supertypes": lambda: self.names(node, what, "supertypes: [legendary]"),
            "colors": lambda: self.colors(node, what),
            "attacking": lambda: self.combat_value(node, what, single=True),
            "blocking": lambda: self.combat_value(node, what, single=False),
        }
        return readers[key]()

    def zone_name(self, node: yaml.Node, what: str) -> str:
        value = self.text(node, what)
        if value not in OBJECT_ZONES:
            raise self.error(node, f"{what}: unknown zone {value!r}{_suggest(value, OBJECT_ZONES)}")
        return value

    def colors(self, node: yaml.Node, what: str) -> list[str]:
        out = []
        for value in self.names(node, what, "colors: [W, U] (colors: [] is colorless)"):
            letter = value.upper()
            if letter not in COLOR_LETTERS:
                raise self.error(node, f"{what}: {value!r} is not a color letter (W U B R G)")
            out.append(letter)
        return out

    def combat_value(self, node: yaml.Node, what: str, single: bool) -> object:
        """attacking: false, true, or what it attacks; blocking: false, true, or the attackers."""
        if isinstance(node, yaml.ScalarNode) and node.tag == _BOOL:
            return self.boolean(node, what)
        if single:
            return self.ref(node, what)
        return self.refs(node, what)


def _is_null(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode) and node.tag == _NULL


def _construct_scalar(node: yaml.ScalarNode) -> object:
    constructor = SafeConstructor()
    try:
        return constructor.construct_object(node)
    except (ConstructorError, ValueError):
        return None


# ---------------------------------------------------------------------------- files and text


def load_text(text: str, source: str = "<scenario>") -> list[Scenario]:
    """Parse one or more YAML documents, each a scenario; any mistake is a :class:`ScenarioError`."""
    if text.startswith("\ufeff"):
        text = text[1:]  # YAML 1.2 5.2: a byte order mark may start a stream
    bom = text.find("\ufeff")
    if bom >= 0:
        line = text.count("\n", 0, bom) + 1
        raise ScenarioError(f"{source} line {line}: a byte order mark (U+FEFF) inside the file: remove it")
    try:
        nodes = list(yaml.compose_all(text, Loader=yaml.SafeLoader))
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark is not None else ""
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        raise ScenarioError(f"{source}{where}: invalid YAML: {problem}") from None
    except RecursionError:
        raise ScenarioError(f"{source}: invalid YAML: nested too deeply") from None
    documents = [n for n in nodes if n is not None and not _is_null(n)]
    if not documents:
        raise ScenarioError(f"{source}: no scenario in this file (it is empty)")
    stem = Path(source).stem
    out = []
    for i, node in enumerate(documents):
        default_name = stem if len(documents) == 1 else f"{stem} #{i + 1}"
        out.append(_Reader(source).scenario(node, default_name))
    return out


def load_file(path: str | Path) -> list[Scenario]:
    """Read a scenario file: UTF-8 text (an initial byte order mark is allowed)."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as e:
        raise ScenarioError(f"{p}: cannot read the file: {e.strerror or e}") from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ScenarioError(
            f"{p} line 1: the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise ScenarioError(
            f"{p} line {line}: not UTF-8 text (byte 0x{data[e.start]:02x}); save the file as UTF-8"
        ) from None
    return load_text(text, str(p))


__all__ = [
    "CardEntry",
    "Expectation",
    "PlayerSpec",
    "Ref",
    "SCENARIO_STEPS",
    "Scenario",
    "ScenarioError",
    "Start",
    "Step",
    "load_file",
    "load_text",
]
