"""Building the game a scenario starts from, and finding what its references name.

The cards are looked up and compiled before anything is placed: an unknown
name (with suggestions) or a card karn can't play (the compiler's reason, as
``Game.new`` refuses it in a deck) fails the scenario at the line that names
it. Names resolve the way the card database resolves them, so
"Bonecrusher Giant" is the same card in ``players:``, in a reference and in an
expected list.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from karn.cards.database import CardDatabase, UnknownCardError
from karn.cards.pool import CardPool
from karn.engine.state import BATTLEFIELD, LIBRARY, player_ref
from karn.game import Game
from karn.oracle.pool import build_pool
from karn.scenario.loader import CardEntry, Ref, Scenario

DEFAULT_LIBRARY = ("Wastes",) * 30  # SCENARIOS.md: drawing never ends the game by accident


class SetupError(Exception):
    """The board can't be built; the message starts with the line that is wrong."""


class RefError(Exception):
    """A reference names nothing in the game now."""


# ---------------------------------------------------------------------------- names


def fold(name: str) -> str:
    return " ".join(name.lower().split())


@lru_cache(maxsize=4096)
def canonical(name: str) -> str:
    """The card database's name for ``name`` ("" when it names no card: a token, a typo)."""
    db = CardDatabase.default()
    try:
        return db.resolve(name)
    except UnknownCardError:
        return ""


_DATABASES: dict[str, CardDatabase] = {}


def database_for(sc: Scenario) -> CardDatabase:
    """The cards a scenario plays with: the packaged ones, and those of its ``cards:`` file
    (which win over a packaged card of the same name)."""
    if not sc.cards:
        return CardDatabase.default()
    found = _DATABASES.get(sc.cards)
    if found is None:
        try:
            extra = CardDatabase.from_file(sc.cards)
        except (OSError, ValueError, KeyError) as e:
            raise SetupError(f"line {sc.line}: cards: {sc.cards}: {e}") from None
        found = _DATABASES[sc.cards] = CardDatabase.default().merged(extra)
    return found


def names_match(written: str, name: str) -> bool:
    """Whether a name written in a scenario names an object called ``name``: exactly (case
    aside), by one part of a multi-part card ("Bonecrusher Giant" or "Stomp" for
    "Bonecrusher Giant // Stomp"), or as the card database spells it."""
    w, n = fold(written), fold(name)
    if w == n or (" // " in n and w in n.split(" // ")):
        return True  # 709.4a, 715.5: each of a card's names names it
    found = canonical(written)
    return bool(found) and found == name


def same_names(written: Iterable[str], actual: Iterable[str]) -> bool:
    """Two lists of names are equal as multisets, each written name matching one actual name."""
    left = list(actual)
    for w in written:
        hit = next((i for i, n in enumerate(left) if names_match(w, n)), None)
        if hit is None:
            return False
        left.pop(hit)
    return not left


# ---------------------------------------------------------------------------- the board


def _not_playable(pool: CardPool, name: str, zone: str) -> str:
    """Why karn can't play this card here ("" if it can)."""
    face = pool.face(name)
    reasons = list(pool.compiled(name).unsupported)
    if face.is_back_face and face.layout == "transform" and zone == BATTLEFIELD:
        # 712.14, 712.14a: a transforming card is put onto the battlefield front face up unless
        # it enters transformed: a scenario names the card and says so (the `transformed` key)
        return (
            f"back face of {face.front}: a transforming card is played by its front face (712.8a);"
            f" set it up transformed: {{card: {face.front}, transformed: true}}"
        )
    if face.is_back_face and zone != BATTLEFIELD:
        # 712.8a: outside the battlefield a transforming card is its front face, so a back face
        # named in a hand is a card no player can cast (118.6): the engine refuses it, which is
        # what a scenario about it checks. Its other text must still compile.
        reasons = [u for u in reasons if u.clause != face.name]
    if not reasons:
        return ""
    first = reasons[0]
    if first.clause == face.name or first.clause.startswith("("):
        return first.reason
    return f"{first.reason}, in {first.clause!r}"


def build(sc: Scenario) -> Game:
    """The scenario's game, started in its step with the active player holding priority."""
    letters = sc.letters
    placed: list[tuple[int, str, CardEntry]] = []  # player, zone, entry
    for p, letter in enumerate(letters):
        spec = sc.players[letter]
        library = spec.zones.get("library") if spec.library_given else None
        if library is None:
            library = [CardEntry(name, spec.line) for name in DEFAULT_LIBRARY]
        for entry in reversed(library):  # the file lists the top card first
            placed.append((p, LIBRARY, entry))
        for zone in ("hand", "graveyard", "exile", BATTLEFIELD):
            for entry in spec.zones.get(zone, []):
                placed.append((p, zone, entry))
    resolved: dict[str, str] = {}
    db = database_for(sc)
    planar = [sc.players[letter].planar_deck for letter in letters]
    planes = [(p, "command", e) for p, deck in enumerate(planar) for e in deck or []]
    for _, _, entry in placed + planes:
        if entry.name not in resolved:
            try:
                card = db.resolve(entry.name)
                if db.get(card).part_of is not None:
                    card = db.card_name(card)  # a part is its card (715.2c, 709.2): Chop Down
                resolved[entry.name] = card
            except UnknownCardError as e:
                raise SetupError(f"line {entry.line}: {e}") from None
    pool = build_pool(resolved.values(), db)
    for _, zone, entry in placed + planes:
        why = _not_playable(pool, resolved[entry.name], zone)
        if why:
            card = resolved[entry.name]
            named = card if fold(card) == fold(entry.name) else f"{entry.name} ({card})"
            raise SetupError(f"line {entry.line}: {named} is not playable: {why}")
    g = Game.empty(names=letters, pool=pool)
    attachments: list[tuple[int, CardEntry]] = []
    for p, zone, entry in placed:
        fields: dict[str, object] = {}
        if entry.tapped is not None:
            fields["tapped"] = entry.tapped
        if entry.sick is not None:
            fields["sick"] = entry.sick
        if entry.damage is not None:
            fields["damage"] = entry.damage
        if entry.counters:
            fields["counters"] = dict(entry.counters)
        if entry.face_down:
            fields["face_down"] = entry.face_down  # 708: a face-down permanent
        name = resolved[entry.name]
        if entry.transformed:
            # 712.14a: put onto the battlefield transformed: its back face up (an extension)
            back = pool.face(name).back
            if pool.face(name).layout != "transform" or back is None or back not in pool:
                raise SetupError(
                    f"line {entry.line}: {entry.name} is not a transforming double-faced card:"
                    " it can't be transformed (712.14a)"
                )
            name = back
        oid = g.add_card(p, name, zone, **fields)
        if entry.attached_to is not None:
            attachments.append((oid, entry))
    for p, letter in enumerate(letters):
        player = g.state.players[p]  # setting up, before the game begins (Game.empty)
        player.life = sc.players[letter].life
        player.poison = sc.players[letter].poison
        player.energy = sc.players[letter].energy  # 122.1: counters on a player
    board = Board(g, letters)
    for oid, entry in attachments:
        assert entry.attached_to is not None
        try:
            target = board.ref(entry.attached_to)
        except RefError as e:
            raise SetupError(f"line {entry.line}: attached_to: {e}") from None
        g.state.objects[oid].attached_to = target
    if planes:
        # 901.4: a Planechase game: each player's planar deck, top card first (an extension)
        g.set_planar_decks([[resolved[e.name] for e in deck or []] for deck in planar])
    if sc.start.day_night:
        g.state.day_night = "day" if sc.start.day_night == "day" else "night"  # 731.1 (an extension)
    g.dirty()
    g.begin_at(letters.index(sc.start.active), sc.start.step, sc.start.turn)
    return g


class Board:
    """What a scenario's references name in a game (SCENARIOS.md "References")."""

    def __init__(self, g: Game, letters: list[str]) -> None:
        self.g = g
        self.letters = letters

    def player(self, letter: str) -> int:
        return self.letters.index(letter)

    def ref(self, r: Ref) -> int:
        """An object id, or a player as a negative int (player_ref)."""
        s = self.g.state
        if r.is_player:
            return player_ref(self.player(r.player))
        if r.stack:
            if r.stack > len(s.stack):
                raise RefError(f"{r}: the stack has {len(s.stack)} object(s)")
            return s.stack[-r.stack]
        found = self.find(self.player(r.player), r.name)
        if len(found) < r.nth:
            raise RefError(f"no object {r}")
        return found[r.nth - 1]

    def name(self, oid: int) -> str:
        """An object's name as the game shows it now (characteristics on the battlefield)."""
        o = self.g.state.objects[oid]
        if o.face_down:
            return o.name  # 708.5: a face-down object is named by its card (it has no name)
        if o.zone == BATTLEFIELD:
            # a nameless permanent (a copy of a face-down one, 707.2) is named by its card
            return self.g.chars(oid).name or o.name
        return o.name

    def find(self, p: int, name: str) -> list[int]:
        """The objects called ``name`` that player ``p`` controls on the battlefield; if none,
        on the stack (spells); if none, in their hand, then graveyard, exile, library."""
        g = self.g
        s = g.state
        pl = s.players[p]
        groups = [
            [o for o in s.battlefield if g.controller(o) == p],
            [o for o in s.stack if s.objects[o].controller == p and not s.objects[o].ability],
            pl.hand,
            pl.graveyard,
            pl.exile,
            pl.library,
        ]
        for group in groups:
            hits = [o for o in group if names_match(name, self.name(o))]
            if hits:
                return sorted(hits)
        return []

    def ref_text(self, ref: int) -> str:
        """A player or an object written as a reference: "C", "D.Garruk Wildspeaker"."""
        if ref < 0:
            return self.letters[-ref - 1]
        if ref in self.g.state.objects:
            return f"{self.letters[self.g.controller(ref)]}.{self.name(ref)}"
        return f"object {ref}"

    def describe(self, ref: int) -> str:
        """A player or an object as a message names it: "player B", "Grizzly Bears"."""
        if ref < 0:
            return f"player {self.letters[-ref - 1]}"
        if ref in self.g.state.objects:
            return self.name(ref)
        return f"object {ref}"


__all__ = ["Board", "RefError", "SetupError", "build", "canonical", "names_match", "same_names"]
