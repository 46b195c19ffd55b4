"""Property and fuzz tests: random games, with the engine's invariants checked after every action.

Every game here is played by seeded agents (uniformly random legal actions from a
``random.Random``, and, when it exists, the heuristic agent in one seat), and after
*every* action the harness checks:

* card conservation: every physical card is in exactly one zone, and there are as
  many physical cards as the two decks hold (120: two 60-card decks);
* zone consistency: every id in a zone list is an object whose ``.zone`` (and owner,
  for the player zones) matches, every object is in a zone, only tokens and abilities
  are not cards, attachments point at permanents;
* decisions: a non-empty list of legal actions exists exactly until the game is over
  (and a player with priority can always pass);
* no peeking, for every player after every action: the observation shows the sizes of
  hidden zones only, the pending decision only to its decider, no object the player
  can't see, and no name of a card that is only in zones hidden from the player (the
  libraries, the other players' hands, minus the cards the player knows: revealed,
  looked at, seen entering), neither among its names, nor in the decision it shows, nor
  in the log entries the player reads (a name counts for the log when the card was
  hidden before and after the action); on a sample, the cached observations equal
  observations built from nothing;
* an error about an object the actor can't see never names the card;
* an illegal action (an unknown object, ``pass`` outside priority, an opponent's card
  or creature, a legal option with a bogus object, ...) raises
  :class:`karn.IllegalActionError` and changes neither the decision nor the log; on a
  sample of actions the full ``state_hash()`` is compared too (733.1);
* cancelling a cast or activation restores the exact state from before it (733.1);

and at random decision points (preferably mid-resolution ones: search, scry, may,
choose, trigger targets, ...) the game, ``g.copy()`` and ``Game.loads(g.dumps())`` are
continued side by side with identical state hashes at every step and identical logs.

The number of games of the main test is ``KARN_FUZZ_GAMES`` (default 470; with the
other tests, more than 500 games are checked after every action). They are played in
``KARN_FUZZ_WORKERS`` forked processes (default 2). Heavier runs are marked ``slow``
(``pytest -m slow tests/fuzz``; ``KARN_FUZZ_SLOW_GAMES`` sets their size).
A failure names its pairing and seed: ``play_checked(*PAIRINGS[i][1:], seed=N)``
replays it exactly (the agents' and the harness's choices derive from the seed).
"""

from __future__ import annotations

import functools
import hashlib
import json
import multiprocessing
import operator
import os
import queue
import random
import re
import subprocess
import sys
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from karn import Action, Game, IllegalActionError
from karn.cards.decks import load_deck
from karn.engine.state import BATTLEFIELD, COMMAND, STACK, decode_state, encode_state, player_ref

# ---------------------------------------------------------------------------- configuration


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    return int(raw) if raw else default


#: Games of the main invariant test. The other tests of this file play about 130 more
#: (30 of them also checked after every action), so a default run plays > 600 games.
FUZZ_GAMES = _env_int("KARN_FUZZ_GAMES", 470)
#: Random decisions a game may take before the harness calls it a hang.
MAX_ACTIONS = 30_000

#: Hypothesis settings shared by the property tests: deterministic in CI, no example
#: database in the work tree. ``KARN_FUZZ_EXPLORE=1`` draws new examples each run.
_EXPLORE = os.environ.get("KARN_FUZZ_EXPLORE", "") not in ("", "0")


def _hyp(max_examples: int) -> settings:
    return settings(
        max_examples=max_examples,
        deadline=None,
        database=None,
        derandomize=not _EXPLORE,
        suppress_health_check=[HealthCheck.too_slow],
    )


# ---------------------------------------------------------------------------- decks

# Custom 60-card decks (lists of card names) that reach the decisions the bundled
# decks never ask for: search (Rampant Growth, Sakura-Tribe Elder), scry (Opt),
# may (Gravedigger), choose (Duress, Mind Rot), trigger targets (Man-o'-War, Blood
# Artist), the legend rule (Garruk), X (Fireball), counterspells, auras, equipment,
# planeswalkers, lifegain triggers, control changes, ...


def _deck(*entries: tuple[int, str]) -> list[str]:
    cards = [name for n, name in entries for _ in range(n)]
    assert len(cards) == 60, (len(cards), entries)
    return cards


SULTAI = _deck(
    (8, "Swamp"), (8, "Forest"), (6, "Island"),
    (3, "Duress"), (3, "Mind Rot"), (3, "Gravedigger"), (3, "Rampant Growth"),
    (3, "Sakura-Tribe Elder"), (3, "Blood Artist"), (3, "Elvish Visionary"),
    (3, "Man-o'-War"), (3, "Opt"), (2, "Raise Dead"), (2, "Divination"),
    (2, "Counterspell"), (3, "Llanowar Elves"), (2, "Doom Blade"),
)  # fmt: skip

NAYA = _deck(
    (10, "Mountain"), (8, "Plains"), (4, "Forest"),
    (3, "Soul Warden"), (3, "Ajani's Pridemate"), (3, "Lightning Helix"), (2, "Healing Salve"),
    (3, "Goblin Guide"), (2, "Pacifism"), (2, "Prodigal Pyromancer"), (2, "Mogg Fanatic"),
    (2, "Act of Treason"), (2, "Fireball"), (1, "Day of Judgment"), (1, "Glorious Anthem"),
    (3, "Garruk Wildspeaker"), (2, "Tormod's Crypt"), (2, "Bonesplitter"), (1, "Loxodon Warhammer"),
    (2, "Rancor"), (2, "Swords to Plowshares"),
)  # fmt: skip

DIMIR = _deck(
    (11, "Island"), (11, "Swamp"),
    (2, "Vampire Nighthawk"), (3, "Typhoid Rats"), (2, "Unsummon"), (1, "Sleep"),
    (2, "Essence Scatter"), (2, "Negate"), (1, "Cancel"), (1, "Ancestral Recall"),
    (2, "Sign in Blood"), (2, "Dark Ritual"), (2, "Murder"), (2, "Terror"), (2, "Disfigure"),
    (2, "Ornithopter"), (1, "Darksteel Myr"), (2, "Wind Drake"), (1, "Air Elemental"),
    (1, "Scathe Zombies"), (2, "Walking Corpse"), (1, "Mind Spring"), (2, "Opt"), (2, "Gravedigger"),
)  # fmt: skip

SELESNYA = _deck(
    (11, "Forest"), (11, "Plains"),
    (2, "Wall of Omens"), (2, "Serra Angel"), (2, "Giant Spider"), (2, "Naturalize"),
    (2, "Reclamation Sage"), (2, "Titanic Growth"), (1, "Inspired Charge"), (2, "Holy Strength"),
    (2, "Fencing Ace"), (2, "Youthful Knight"), (2, "Mesa Unicorn"), (2, "Savannah Lions"),
    (2, "Elite Vanguard"), (2, "Gladecover Scout"), (2, "Colossal Dreadmaw"), (1, "Glorious Anthem"),
    (1, "Day of Judgment"), (1, "Healing Salve"), (1, "Loxodon Warhammer"), (1, "Garruk Wildspeaker"),
    (2, "Grizzly Bears"), (2, "Swords to Plowshares"),
)  # fmt: skip

# Mana abilities with costs, activated while paying (605.3a, 601.2g): Coal Golem ({3},
# sacrifice: {R}{R}{R}), Signets and Darkwater Catacombs ({1}, {T}), Mind Stone, Blood Pet
# (sacrifice: {B}); with spells of every size to pay for.
MANA_COSTS = _deck(
    (6, "Island"), (6, "Swamp"), (6, "Mountain"), (3, "Plains"), (3, "Darkwater Catacombs"),
    (4, "Coal Golem"), (3, "Azorius Signet"), (3, "Dimir Signet"), (3, "Mind Stone"),
    (4, "Blood Pet"), (3, "Ancient Craving"), (3, "Priest of Gix"), (3, "Lightning Bolt"),
    (3, "Fireball"), (3, "Counterspell"), (2, "Divination"), (2, "Su-Chi"),
)  # fmt: skip

# Triggered abilities of every family (603): beginning of steps with intervening "if"s,
# damage, blocks, becomes tapped, draws (603.11's revealed first draw), state triggers
# (603.8), delayed (603.7) and reflexive (603.12) abilities, sacrifice, win the game.
TRIGGERS_BR = _deck(
    (11, "Swamp"), (11, "Mountain"),
    (2, "Phyrexian Arena"), (3, "Abyssal Specter"), (1, "Dingus Egg"), (1, "Dingus Staff"),
    (2, "Mogg Cannon"), (3, "Fireblade Artist"), (2, "Innocent Blood"), (2, "Diabolic Edict"),
    (2, "Ball Lightning"), (3, "Lightning Bolt"), (1, "Grave Pact"), (2, "Pyric Salamander"),
    (1, "Seizan, Perverter of Truth"), (3, "Mogg Fanatic"), (2, "Dripping Dead"),
    (2, "Crumbling Colossus"), (1, "Sheoldred, the Apocalypse"), (1, "Underworld Dreams"),
    (2, "Fireball"), (2, "Cornered Crook"),
)  # fmt: skip

TRIGGERS_GWU = _deck(
    (8, "Forest"), (8, "Plains"), (6, "Island"),
    (1, "Howling Mine"), (1, "Lifetap"), (2, "Felidar Sovereign"), (2, "Kjeldoran Elite Guard"),
    (2, "Wall of Tears"), (2, "Emperor Crocodile"), (1, "Rowen"), (1, "Primitive Etchings"),
    (3, "Luminarch Aspirant"), (1, "Coastal Piracy"), (2, "Ambush Viper"), (1, "Armadillo Cloak"),
    (1, "Verdant Force"), (1, "Celestial Force"), (2, "Combat Professor"), (1, "Test of Endurance"),
    (2, "Icy Manipulator"), (1, "Curiosity"), (2, "Fungusaur"), (2, "Dromad Purebred"),
    (2, "Beacon Hawk"), (2, "Unsummon"), (1, "Words of Wisdom"), (1, "Wilderness Reclamation"),
    (1, "Grizzly Bears"),
)  # fmt: skip

DeckSpec = str | list[str]

#: Deck pairings the random games cycle through (bundled decks in both seats, custom decks).
PAIRINGS: list[tuple[str, DeckSpec, DeckSpec]] = [
    ("burn-stompy", "red_burn", "green_stompy"),
    ("stompy-burn", "green_stompy", "red_burn"),
    ("sultai-naya", SULTAI, NAYA),
    ("dimir-selesnya", DIMIR, SELESNYA),
    ("naya-dimir", NAYA, DIMIR),
    ("selesnya-sultai", SELESNYA, SULTAI),
    ("burn-sultai", "red_burn", SULTAI),
    ("dimir-stompy", DIMIR, "green_stompy"),
    ("mana-naya", MANA_COSTS, NAYA),
    ("triggers", TRIGGERS_BR, TRIGGERS_GWU),
    ("triggers-sultai", TRIGGERS_GWU, SULTAI),
]
CUSTOM_PAIRINGS = [p for p in PAIRINGS if not isinstance(p[1], str) and not isinstance(p[2], str)]

#: Decisions asked in the middle of a procedure (a resolution, a trigger being put on
#: the stack, combat damage, the legend rule), keyed ``kind/rule``: the most
#: interesting places to copy or save a game.
RARE_MID = frozenset(
    {
        "search/701.23b",  # Rampant Growth, Sakura-Tribe Elder
        "scry/701.22a",  # Opt
        "may/608.2c",  # Gravedigger
        "choose/701.9b",  # Duress, Mind Rot
        "target/603.3d",  # Man-o'-War, Blood Artist, Gravedigger (trigger targets)
        "order/603.3b",  # two triggers at once
        "legend/704.5j",  # two Garruks
        "damage/510.1c",  # an attacker blocked by two creatures
        "x/601.2b",  # Fireball
        "mode/601.2b",  # Fireball's targets, modal spells
    }
)


@functools.cache
def _bundled_size(name: str) -> int:
    return len(load_deck(name).cards())


def _deck_size(d: DeckSpec) -> int:
    return _bundled_size(d) if isinstance(d, str) else len(d)


# ---------------------------------------------------------------------------- agents

Chooser = Callable[[Game, int], Action]


def random_chooser(rng: random.Random) -> Chooser:
    def choose(g: Game, player: int) -> Action:
        return rng.choice(g.legal_actions())

    return choose


# ---------------------------------------------------------------------------- invariants

PLAYER_ZONES = ("library", "hand", "graveyard", "exile")


_ZONE_OWNER = operator.attrgetter("zone", "owner")
_CARD = operator.attrgetter("card")


def check_zones(g: Game, n_cards: int | Sequence[int]) -> None:
    """Card conservation and zone consistency.

    Every id in a zone list is an object of that zone (owned by the player, for the
    player zones); every object is listed exactly once; the physical cards are
    exactly ``1..n_cards``, each in one zone; only tokens (on the battlefield) and
    abilities (on the stack) are not physical cards. (Written for speed: it runs
    after every action of every game.) With ``n_cards`` as each player's deck size, in
    seat order, the cards of a player who left a multiplayer game are gone with them
    (800.4a) and every other card is in exactly one zone.
    """
    s = g.state
    objects = s.objects
    said: dict[int, tuple[str, int]] = {}  # what the zone lists say: id -> (zone, owner)
    n_listed = 0
    for p in s.players:
        for z in PLAYER_ZONES:
            ids = getattr(p, z)
            said.update(dict.fromkeys(ids, (z, p.index)))
            n_listed += len(ids)
    nonphysical = 0
    for zone, ids in ((BATTLEFIELD, s.battlefield), (STACK, s.stack), (COMMAND, s.emblems)):
        for oid in ids:
            o = objects.get(oid)
            said[oid] = (zone, -1 if o is None else o.owner)
            if o is not None and o.card < 0:
                nonphysical += 1
                if (
                    zone == BATTLEFIELD
                    and o.token is None
                    or zone == STACK
                    and not o.ability
                    or zone == COMMAND
                    and o.emblem is None  # 114.5: emblems aren't cards
                ):
                    raise AssertionError(
                        f"#{oid} ({o.name}) on the {zone} is not a card, a token or an ability"
                    )
        n_listed += len(ids)
    have = dict(zip(objects, map(_ZONE_OWNER, objects.values()), strict=True))  # what the objects say
    if said != have or n_listed != len(said):
        problems = [
            f"#{i} listed as {said.get(i)}, object says {have.get(i)}"
            for i in said.keys() | have.keys()
            if said.get(i) != have.get(i)
        ]
        listed = [i for p in s.players for z in PLAYER_ZONES for i in getattr(p, z)]
        listed += s.battlefield + s.stack + s.emblems
        dupes = [oid for oid, n in Counter(listed).items() if n > 1]
        raise AssertionError(f"zone lists and objects disagree: {problems[:8]}; listed twice: {dupes}")
    cards = sorted(map(_CARD, objects.values()))
    expected = _card_ids(n_cards) if isinstance(n_cards, int) else _present_card_ids(g, n_cards)
    if cards[nonphysical:] != expected or (nonphysical and cards[nonphysical - 1] >= 0):
        cards = [c for c in cards if c >= 0]
        doubled = [c for c, n in Counter(cards).items() if n > 1]
        missing = sorted(set(expected) - set(cards))
        raise AssertionError(
            f"{len(cards)} physical cards in the zones, expected {len(expected)}: doubled {doubled}, "
            f"missing {missing}"
            + (" (or a non-card in a player's zone)" if not doubled and not missing else "")
        )
    for oid in s.battlefield:
        at = objects[oid].attached_to
        if at and (at not in objects or objects[at].zone != BATTLEFIELD):
            raise AssertionError(f"#{oid} ({objects[oid].name}) is attached to #{at}, not on the battlefield")


_CARD_IDS: dict[int, list[int]] = {}


def _card_ids(n: int) -> list[int]:
    ids = _CARD_IDS.get(n)
    if ids is None:
        ids = _CARD_IDS[n] = list(range(1, n + 1))
    return ids


def _present_card_ids(g: Game, sizes: Sequence[int]) -> list[int]:
    """The physical cards still in the game: seat i's deck is cards sum(sizes[:i]) + 1 on;
    the cards of a player who left are gone (800.4a)."""
    out: list[int] = []
    first = 1
    for p, size in zip(g.state.players, sizes, strict=True):
        if not p.left:
            out.extend(range(first, first + size))
        first += size
    return out


def check_decision(g: Game) -> None:
    """A legal action exists exactly until the game is over."""
    s = g.state
    if g.is_over():
        assert g.decision is None, "the game is over but a decision is pending"
        assert g.legal_actions() == []
        w = g.winner
        assert w is None or 0 <= w < len(s.players)
        if w is not None:
            assert not s.players[w].lost and all(q.lost for q in s.players if q.index != w)
        return
    d = g.decision
    assert d is not None, "the game is not over but no decision is pending"
    assert d.options, f"decision {d.kind} ({d.prompt}) has no options"
    keys = {(o.kind, o.a, o.b) for o in d.options}
    assert len(keys) == len(d.options), f"duplicate options in {d.kind}: {d.options}"
    assert 0 <= d.player < len(s.players) and not s.players[d.player].lost
    assert d.rule, f"decision {d.kind} names no rule"
    if d.kind == "priority":
        assert d.player == s.priority
        assert ("pass", 0, 0) in keys, "a player with priority can always pass (117.3d)"


class Sight:
    """What each player of a game may see, and what they were already shown of the log.

    ``hidden(p)``: the objects in zones hidden from ``p`` (every library, the other
    players' hands) that ``p`` does not know (``GameState.known``: revealed to them,
    looked at, seen entering the zone); ``hidden_only(p)``: the names of cards that are
    only there (no card of that name is anywhere ``p`` can see).
    """

    def __init__(self, g: Game) -> None:
        self.g = g
        self.seen = [0] * len(g.state.players)  # per player: the log entries already checked
        # Per player: the names that were only in hidden zones at the last check (before the
        # action whose log entries the next check reads).
        self.only: list[set[str] | None] = [None] * len(g.state.players)
        self._state = g.state
        self._cache: dict[tuple[int, int], tuple[set[int], set[str]]] = {}

    def _fresh(self, p: int) -> tuple[set[int], set[str]]:
        """(hidden ids, hidden-only names) for ``p``, computed again when the state changed
        (every change to zones, knowledge or characteristics bumps the state's version)."""
        s = self.g.state
        if s is not self._state:  # a cast rewound (733): another state object
            self._state = s
            self._cache.clear()
        key = (s.version, p)
        found = self._cache.get(key)
        if found is None:
            known = s.known
            objects = s.objects
            hidden: set[int] = set()
            for q in s.players:
                hidden.update(q.library)
                if q.index != p:
                    hidden.update(q.hand)
            if known:
                hidden.difference_update([oid for oid, who in known.items() if p in who])
            names = {objects[oid].name for oid in hidden}
            visible = {objects[oid].name for oid in s.stack}
            visible.update(self.g.chars(oid).name for oid in s.battlefield)
            visible.update(objects[oid].name for oid in s.battlefield)
            for q in s.players:
                visible.update(objects[oid].name for oid in (*q.graveyard, *q.exile))
            visible.update(objects[oid].name for oid in s.players[p].hand)
            visible.update(objects[oid].name for oid, who in known.items() if p in who and oid in objects)
            found = (hidden, names - visible)
            if len(self._cache) > 8:
                self._cache.clear()
            self._cache[key] = found
        return found

    def hidden(self, p: int) -> set[int]:
        return self._fresh(p)[0]

    def hidden_only(self, p: int) -> set[str]:
        return self._fresh(p)[1]


_NAME_CHAR = re.compile(r"[\w'-]")


def names_in(text: str, names: set[str]) -> list[str]:
    """The names that occur in `text` as whole words."""
    out = []
    for name in names:
        i = text.find(name)
        while i >= 0:
            j = i + len(name)
            if (i == 0 or not _NAME_CHAR.match(text[i - 1])) and (
                j == len(text) or not _NAME_CHAR.match(text[j])
            ):
                out.append(name)
                break
            i = text.find(name, i + 1)
    return out


#: Option kinds whose ``a`` is an object id.
_OBJECT_OPTIONS = frozenset({"play", "cast", "activate", "mana", "target", "attack", "unattack", "block",
                             "unblock", "choose", "bottom", "top", "legend"})  # fmt: skip


def check_observation(g: Game, me: int, sight: Sight) -> None:
    """No peeking, for player ``me``: the observation shows the sizes of hidden zones, the
    decision only to its decider, no object ``me`` can't see, and no name of a card that is
    only in zones hidden from ``me`` (in its names, the decision's prompt and labels, and
    the log entries written since ``me``'s previous check, read as ``me`` may read them: a
    name counts for the log only if it was hidden both before and after the action)."""
    s = g.state
    d = g.decision
    obs = g.observation(me, sight.seen[me])
    sight.seen[me] = obs.log_size
    assert obs.player == me and len(obs.players) == len(s.players)
    # The public zones as they are, the player's own hand, the sizes of the hidden zones
    # (a view is a snapshot of the state: the names of the objects it lists are theirs).
    for pv, p in zip(obs.players, s.players, strict=True):
        assert (pv.library_size, pv.hand_size, pv.life) == (len(p.library), len(p.hand), p.life)
        assert [c.id for c in pv.graveyard] == p.graveyard and [c.id for c in pv.exile] == p.exile
    assert [c.id for c in obs.hand] == s.players[me].hand
    assert [v.id for v in obs.battlefield] == s.battlefield
    assert [v.id for v in obs.stack] == s.stack[::-1]
    # Beyond those, only ids of the cards the player knows.
    hidden = sight.hidden(me)
    shown = {k.id for k in obs.known} | {v.attached_to for v in obs.battlefield if v.attached_to}
    shown.update(t for v in obs.stack for slot in v.targets for t in slot)
    texts = [e.text for e in obs.log]
    if d is not None and d.player == me:
        assert obs.decision is not None and (obs.decision.kind, obs.decision.prompt) == (d.kind, d.prompt)
        assert [(o.kind, o.a, o.b, o.label) for o in obs.decision.options] == [
            (o.kind, o.a, o.b, o.label) for o in d.options
        ]
        shown |= {o.a for o in d.options if o.kind in _OBJECT_OPTIONS}
        texts += [d.prompt] + [o.label for o in d.options]
    else:
        assert obs.decision is None, f"player {me} sees the decision of player {obs.decider}"
    leak = shown & hidden
    assert not leak, f"player {me}'s observation shows hidden objects {[s.objects[i].name for i in leak]}"
    for k in obs.known:
        assert me in s.known.get(k.id, ()) and s.objects[k.id].name == k.name
    only = sight.hidden_only(me)
    hidden_only_before = sight.only[me]
    sight.only[me] = only
    if not only:
        return
    logged = [e.text for e in obs.log]
    for text in texts:
        found = names_in(text, only)
        if found and text in logged and hidden_only_before is not None:
            found = [n for n in found if n in hidden_only_before]
        assert not found, f"player {me} reads hidden cards {found} in {text!r}"


def check_observations(g: Game, sight: Sight) -> None:
    for me in range(len(g.state.players)):
        check_observation(g, me, sight)


def check_cached_observations(g: Game) -> None:
    """The observations built from the caches are those built from nothing."""
    ctx = g.ctx
    for me in range(len(g.state.players)):
        cached = g.observation(me, 0)
        kept = (ctx.observer, set(ctx.touched), set(ctx.touched_players), ctx.hidden_changes)
        ctx.observer = None
        fresh = g.observation(me, 0)
        ctx.observer, touched, players, ctx.hidden_changes = kept
        ctx.touched.update(touched)
        ctx.touched_players.update(players)
        assert cached == fresh, f"player {me}'s cached observation differs: " + ", ".join(
            f for f in fresh.__struct_fields__ if getattr(cached, f) != getattr(fresh, f)
        )


def _illegal_of_kind(g: Game, rng: random.Random, which: int) -> Action | None:
    """One kind of illegal action (None when that kind does not apply right now)."""
    s = g.state
    d = g.decision
    assert d is not None
    p = d.player
    opp = next(q.index for q in s.players[p + 1 :] + s.players[:p] if not q.lost)  # the next opponent
    if which == 0:
        return Action("cast", 999999)  # no such object
    if which == 1:
        return Action("pass") if d.kind != "priority" else Action("frobnicate", 1, 2)
    if which == 2:  # a card in the opponent's hand
        hand = s.players[opp].hand
        if not hand:
            return None
        return Action(rng.choice(("cast", "play", "choose", "bottom")), rng.choice(hand))
    if which == 3:  # an opponent's creature attacks (or the attacker's creature blocks)
        if d.kind not in ("attackers", "blockers"):
            return Action("attack", 999999, player_ref(opp))
        want = s.active if d.kind == "blockers" else None
        for oid in s.battlefield:
            c = g.controller(oid)
            if (c == want if want is not None else c != s.active) and g.chars(oid).is_("creature"):
                if d.kind == "attackers":
                    return Action("attack", oid, player_ref(c))
                atk = next(iter(s.combat.attackers), 0) if s.combat else 0
                return Action("block", oid, atk)
        return None
    if which == 4:  # the bottom card of a library: never a legal pick
        lib = s.players[p].library
        return Action("choose", lib[0]) if lib else None
    # a legal option with a bogus object or number
    o = rng.choice(d.options)
    return rng.choice((Action(o.kind, o.a + 100_000, o.b), Action(o.kind, o.a, o.b + 7919)))


def illegal_action(g: Game, rng: random.Random) -> Action:
    """An action that is not among the legal ones right now."""
    d = g.decision
    assert d is not None
    legal = {(o.kind, o.a, o.b) for o in d.options}
    while True:
        a = _illegal_of_kind(g, rng, rng.randrange(6))
        if a is not None and (a.kind, a.a, a.b) not in legal:
            return a


def check_illegal(g: Game, rng: random.Random, *, full: bool, sight: Sight | None = None) -> None:
    """An illegal action raises IllegalActionError and changes nothing (733.1).

    The decision and the log are compared after every attempt; with ``full`` the
    whole state hash too (the harness does that at a sample of the decisions:
    hashing the state is the costliest check). An error about an object the actor
    can't see never names the card.
    """
    a = illegal_action(g, rng)
    d = g.decision
    assert d is not None
    log_len = len(g.log)
    before = g.state_hash() if full else ""
    secret = ""  # the name of the card behind the id, when only hidden zones hold that name
    o = g.state.objects.get(a.a)
    if o is not None and sight is not None and a.a in sight.hidden(d.player):
        if o.name in sight.hidden_only(d.player):
            secret = o.name
    try:
        g.apply(a)
    except IllegalActionError as e:
        assert str(e), f"{a!r}: an IllegalActionError without a message"
        assert not secret or secret not in str(e), f"{a!r}: the error names the hidden card: {e}"
    else:
        raise AssertionError(f"the illegal action {a!r} was accepted at a {d.kind if d else None} decision")
    assert g.decision == d, f"the illegal action {a!r} changed the pending decision"
    assert len(g.log) == log_len, f"the illegal action {a!r} wrote to the log"
    if full:
        assert g.state_hash() == before, f"the illegal action {a!r} changed the state"


#: Shares of the decisions (priority ones, others) at which the state hash is compared
#: around the illegal action, and at which the cached observations are compared with
#: observations built from nothing.
FULL_ILLEGAL_RATE = (0.04, 0.3)
FRESH_OBS_RATE = (0.005, 0.03)


def check_all(g: Game, n_cards: int | Sequence[int], rng: random.Random, sight: Sight) -> None:
    """The invariants checked after each action.

    Zones and the decision; every player's observation (and the log entries they read
    since their last check); an illegal action (the full state hash comparison on a
    sample); the cached observations against fresh ones, on a sample.
    """
    check_zones(g, n_cards)
    check_decision(g)
    d = g.decision
    k = 0 if d is not None and d.kind == "priority" else 1
    check_observations(g, sight)
    if rng.random() < FRESH_OBS_RATE[k]:
        check_cached_observations(g)
    if d is not None:
        check_illegal(g, rng, full=rng.random() < FULL_ILLEGAL_RATE[k], sight=sight)


def check_cancel_restores(g: Game, before: tuple[bytes, int, Any]) -> None:
    """733.1: cancelling a cast or activation returns the game to the moment before it began.

    The state (including the count of passes in succession, 117.4) is the one from just
    before the ``cast``/``activate`` action, the log has no trace of it, and the same
    priority decision is asked again.
    """
    data, log_len, decision = before
    assert data, "a cancel without a cast or activation"
    if encode_state(g.state) != data:
        pre = decode_state(data)
        fields = [f for f in pre.__struct_fields__ if getattr(pre, f) != getattr(g.state, f)]
        raise AssertionError(f"cancelling a cast or activation did not restore the state: {fields} differ")
    assert len(g.log) == log_len, "cancelling a cast or activation left log entries"
    assert g.decision == decision, "after a cancel the player is not asked the same decision again"


# ---------------------------------------------------------------------------- the harness


class Branch:
    """A game copied with ``copy()`` and reloaded with ``loads(dumps())``, continued in lockstep."""

    def __init__(self, g: Game, where: str, steps: int) -> None:
        self.where = where
        self.left = steps
        self.copy = g.copy()
        self.loaded = Game.loads(g.dumps())
        self.check(g)
        assert self.copy.log == g.log and self.loaded.log == g.log

    def check(self, g: Game) -> None:
        h = g.state_hash()
        assert self.copy.state_hash() == h, f"copy() diverged from the game (branched at {self.where})"
        assert self.loaded.state_hash() == h, (
            f"loads(dumps()) diverged from the game (branched at {self.where})"
        )
        assert self.copy.decision == g.decision == self.loaded.decision

    def apply(self, a: Action) -> None:
        self.copy.apply(a)
        self.loaded.apply(a)
        self.left -= 1

    def finish(self, g: Game) -> None:
        self.check(g)
        assert self.copy.log == g.log, f"copy() wrote a different log (branched at {self.where})"
        assert self.loaded.log == g.log, f"loads(dumps()) wrote a different log (branched at {self.where})"
        assert self.copy.is_over() == g.is_over() == self.loaded.is_over()
        assert self.copy.winner == g.winner == self.loaded.winner


class Stats:
    """What a batch of games went through (decision kinds, branch points)."""

    def __init__(self) -> None:
        self.games = 0
        self.actions = 0
        self.kinds: Counter[str] = Counter()
        self.branched: Counter[str] = Counter()
        self.winners: Counter[int | None] = Counter()

    def merge(self, other: Stats) -> None:
        self.games += other.games
        self.actions += other.actions
        self.kinds.update(other.kinds)
        self.branched.update(other.branched)
        self.winners.update(other.winners)


def _where(d: Any) -> str:
    return f"{d.kind}/{d.rule}"


def play_checked(
    deck_a: DeckSpec,
    deck_b: DeckSpec,
    seed: int,
    choosers: Sequence[Chooser] | None = None,
    *,
    more_decks: Sequence[DeckSpec] = (),
    stats: Stats | None = None,
    branch_rates: tuple[float, float, float] = (0.5, 0.03, 0.002),
    branch_steps: int = 30,
    max_branches: int = 3,
) -> tuple[Game, list[Action]]:
    """Play one game to its end, checking every invariant after every action.

    Everything is a function of ``seed``: the game's seed, the random agents' choices
    (unless ``choosers`` are given) and the harness's own (the illegal actions it
    tries, where it copies the game), so ``play_checked(deck_a, deck_b, seed)``
    reproduces a failure. Returns the finished game and its actions.

    At a decision, with probability ``branch_rates[0]`` for the :data:`RARE_MID`
    decisions, ``[1]`` for the other non-priority ones and ``[2]`` for priority, the
    game is copied and saved/loaded, and the three are continued in lockstep for
    ``branch_steps`` actions (at most ``max_branches`` times a game).
    """
    rng = random.Random(seed * 7919 + 17)
    decks = [deck_a, deck_b, *more_decks]
    if choosers is None:
        choosers = [random_chooser(random.Random(seed + k * 1_000_003)) for k in range(len(decks))]
    n_cards: int | list[int] = (
        sum(_deck_size(d) for d in decks) if len(decks) == 2 else [_deck_size(d) for d in decks]
    )
    g = Game.new(*decks, seed=seed)
    stats = stats if stats is not None else Stats()
    actions: list[Action] = []
    branch: Branch | None = None
    branches = 0
    before_cast: tuple[bytes, int, Any] = (b"", 0, None)
    sight = Sight(g)
    check_all(g, n_cards, rng, sight)
    while not g.is_over():
        assert len(actions) < MAX_ACTIONS, f"seed {seed}: the game did not end within {MAX_ACTIONS} actions"
        d = g.decision
        assert d is not None
        stats.kinds[_where(d)] += 1
        if branch is None and branches < max_branches:
            w = _where(d)
            rate = (
                branch_rates[0]
                if w in RARE_MID
                else branch_rates[2]
                if d.kind == "priority"
                else branch_rates[1]
            )
            if rng.random() < rate:
                branch = Branch(g, _where(d), branch_steps)
                branches += 1
                stats.branched[_where(d)] += 1
        a = choosers[d.player](g, d.player)
        if d.kind == "priority" and a.kind in ("cast", "activate"):
            before_cast = (encode_state(g.state), len(g.log), d)
        g.apply(a, player=d.player)
        actions.append(a)
        if a.kind == "cancel":
            check_cancel_restores(g, before_cast)
        if branch is not None:
            branch.apply(a)
            if branch.left <= 0 or g.is_over():
                branch.finish(g)
                branch = None
            else:
                branch.check(g)
        check_all(g, n_cards, rng, sight)
    check_cached_observations(g)
    with pytest.raises(IllegalActionError):
        g.apply(Action("pass"))
    stats.games += 1
    stats.actions += len(actions)
    stats.winners[g.winner] += 1
    return g, actions


def play_fast(deck_a: DeckSpec, deck_b: DeckSpec, seed: int) -> tuple[Game, list[Action]]:
    """Play a random game without checks (the agents of :func:`play_checked` for ``seed``)."""
    choosers = [random_chooser(random.Random(seed)), random_chooser(random.Random(seed + 1_000_003))]
    g = Game.new(deck_a, deck_b, seed=seed)
    actions: list[Action] = []
    while not g.is_over():
        assert len(actions) < MAX_ACTIONS
        d = g.decision
        assert d is not None
        a = choosers[d.player](g, d.player)
        g.apply(a)
        actions.append(a)
    return g, actions


def play_prefix(deck_a: DeckSpec, deck_b: DeckSpec, seed: int, steps: int) -> Game:
    """The game of :func:`play_fast` after ``steps`` actions (or at its end)."""
    choosers = [random_chooser(random.Random(seed)), random_chooser(random.Random(seed + 1_000_003))]
    g = Game.new(deck_a, deck_b, seed=seed)
    for _ in range(steps):
        d = g.decision
        if d is None:
            break
        g.apply(choosers[d.player](g, d.player))
    return g


def replay(deck_a: DeckSpec, deck_b: DeckSpec, seed: int, actions: Sequence[Action]) -> Game:
    g = Game.new(deck_a, deck_b, seed=seed)
    for a in actions:
        g.apply(a)
    return g


# ---------------------------------------------------------------------------- running many games


def _play_job(idx: int, seed: int) -> tuple[dict[str, Any], str | None]:
    """Play pairing ``idx`` with ``seed``; returns plain-data stats and a failure report (or None)."""
    name, deck_a, deck_b = PAIRINGS[idx]
    stats = Stats()
    failure = None
    try:
        play_checked(deck_a, deck_b, seed, stats=stats)
    except (Exception, pytest.fail.Exception) as e:  # reported by the parent process
        failure = (
            f"pairing {name!r} seed {seed}: {type(e).__name__}: {e}\n"
            f"reproduce: play_checked(*PAIRINGS[{idx}][1:], seed={seed})\n{traceback.format_exc(limit=12)}"
        )
    return {"games": stats.games, "actions": stats.actions, "kinds": dict(stats.kinds),
            "branched": dict(stats.branched)}, failure  # fmt: skip


def _worker(jobs: Any, results: Any) -> None:
    """A forked worker: plays jobs from the queue until it gets None."""
    while True:
        job = jobs.get()
        if job is None:
            return
        results.put(_play_job(*job))


def _workers() -> int:
    n = _env_int("KARN_FUZZ_WORKERS", min(2, os.cpu_count() or 1))
    if n > 1 and "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return max(1, n)


def run_games(jobs: list[tuple[int, int]]) -> tuple[Stats, list[str]]:
    """Play the games, in ``KARN_FUZZ_WORKERS`` forked processes (default: 2, or the CPU count
    if smaller); returns the merged stats and the failure reports."""
    total = Stats()
    failures: list[str] = []

    def merge(st_: dict[str, Any], fail: str | None) -> None:
        total.games += st_["games"]
        total.actions += st_["actions"]
        total.kinds.update(st_["kinds"])
        total.branched.update(st_["branched"])
        if fail:
            failures.append(fail)

    workers = min(_workers(), len(jobs))
    if workers <= 1:
        for job in jobs:
            merge(*_play_job(*job))
        return total, failures
    for _, deck_a, deck_b in PAIRINGS:  # compile every card before forking: the workers inherit it
        Game.new(deck_a, deck_b, seed=0)
    ctx = multiprocessing.get_context("fork")
    job_q = ctx.Queue()
    result_q = ctx.Queue()
    for job in jobs:
        job_q.put(job)
    for _ in range(workers):
        job_q.put(None)
    procs = [ctx.Process(target=_worker, args=(job_q, result_q), daemon=True) for _ in range(workers)]
    for pr in procs:
        pr.start()
    try:
        got = 0
        while got < len(jobs):
            try:
                res = result_q.get(timeout=5)
            except queue.Empty:
                assert any(pr.is_alive() for pr in procs), (
                    f"the fuzz workers died after {got} of {len(jobs)} games"
                )
                continue
            merge(*res)
            got += 1
    finally:
        for pr in procs:
            pr.join(timeout=10)
            if pr.is_alive():
                pr.kill()
    return total, failures


#: Relative share of the games of the main test per pairing (short bundled-deck games weigh more).
WEIGHTS = {
    "burn-stompy": 3,
    "stompy-burn": 3,
    "sultai-naya": 1,
    "dimir-selesnya": 1,
    "naya-dimir": 1,
    "selesnya-sultai": 1,
    "burn-sultai": 2,
    "dimir-stompy": 2,
    "mana-naya": 1,
    "triggers": 1,
    "triggers-sultai": 1,
}


def games_per_pairing(total: int) -> dict[str, int]:
    """Split ``total`` games over the pairings by :data:`WEIGHTS` (the counts sum to ``total``)."""
    w = sum(WEIGHTS.values())
    counts = {name: total * WEIGHTS[name] // w for name, _, _ in PAIRINGS}
    left = total - sum(counts.values())
    for name, _, _ in PAIRINGS:
        if left <= 0:
            break
        counts[name] += 1
        left -= 1
    return counts


# ============================================================================ tests


def test_deck_pairings_are_playable() -> None:
    """The custom decks hold only playable cards and 60 cards each (120 physical cards a game)."""
    for name, a, b in PAIRINGS:
        g = Game.new(a, b, seed=1)
        assert len(g.state.objects) == 120, name
        check_zones(g, 120)


@pytest.mark.parametrize("pairing", [p[0] for p in PAIRINGS])
def test_random_games_keep_invariants(pairing: str) -> None:
    """Random games (``KARN_FUZZ_GAMES`` in all) keep every invariant after every action."""
    idx = [p[0] for p in PAIRINGS].index(pairing)
    n = max(1, games_per_pairing(FUZZ_GAMES)[pairing])
    stats, failures = run_games([(idx, seed) for seed in range(n)])
    assert not failures, f"{len(failures)} of {n} games failed:\n\n" + "\n\n".join(failures[:3])
    assert stats.games == n
    assert stats.kinds["mulligan/103.5"] >= n  # every game starts with mulligan decisions
    assert stats.kinds["priority/117.1"] > 0


#: Four-player free-for-all games (806): the decks of each, by index in :data:`PAIRINGS`'s decks.
FOUR_PLAYERS: list[tuple[DeckSpec, DeckSpec, DeckSpec, DeckSpec]] = [
    ("red_burn", "green_stompy", SULTAI, NAYA),
    (DIMIR, SELESNYA, MANA_COSTS, "red_burn"),
]


@pytest.mark.parametrize("table", range(len(FOUR_PLAYERS)))
def test_four_player_random_games_keep_invariants(table: int) -> None:
    """4-player random games keep every invariant after every action, including no peeking
    for each of the four players, copies and saves continuing identically, and players
    leaving the game (800.4a)."""
    a, b, c, d = FOUR_PLAYERS[table]
    stats = Stats()
    games = _env_int("KARN_FUZZ_FOUR_PLAYER_GAMES", 3)
    for k in range(games):
        g, _ = play_checked(a, b, 40_000 + 97 * table + k, more_decks=(c, d), stats=stats)
        assert sum(p.lost for p in g.state.players) >= 3
    assert stats.games == games
    assert any(e.rule == "800.4a" for e in g.log)


def test_copy_and_save_at_mid_resolution_decisions() -> None:
    """copy() and loads(dumps()) taken in the middle of resolutions continue exactly like the game.

    Custom-deck games, copied at every rare mid-resolution decision (search, scry,
    may, choose, trigger targets, ...), until each of those has been a branch point.
    """
    want = {"search/701.23b", "scry/701.22a", "may/608.2c", "choose/701.9b", "target/603.3d"}
    stats = Stats()
    seed = 20_000
    while stats.games < 8 or (not want <= set(stats.branched) and stats.games < 24):
        _, deck_a, deck_b = CUSTOM_PAIRINGS[seed % len(CUSTOM_PAIRINGS)]
        play_checked(deck_a, deck_b, seed, stats=stats, branch_rates=(1.0, 0.05, 0.0), branch_steps=12,
                     max_branches=1000)  # fmt: skip
        seed += 1
    missing = want - set(stats.branched)
    assert not missing, f"no branch at {missing} in {stats.games} games (decisions seen: {dict(stats.kinds)})"


@_hyp(16)
@given(seed=st.integers(0, 2**32 - 1), pairing=st.sampled_from(range(len(PAIRINGS))), cut=st.floats(0.0, 1.0))
def test_determinized_games_show_the_same_view_and_play_on(seed: int, pairing: int, cut: float) -> None:
    """``determinize(p, s)`` at any decision: ``p``'s observation is the same, the cards are
    the same set in zones of the same sizes, and the copy plays on with every invariant."""
    _, deck_a, deck_b = PAIRINGS[pairing]
    ref, actions = play_fast(deck_a, deck_b, seed)
    g = replay(deck_a, deck_b, seed, actions[: int(cut * len(actions))])
    if g.is_over():
        return
    n_cards = _deck_size(deck_a) + _deck_size(deck_b)
    rng = random.Random(seed)
    for p in range(len(g.state.players)):
        h = g.determinize(p, rng.randrange(1 << 30))
        assert h.observation(p, 0) == g.observation(p, 0)
        assert h.public_observation(0) == g.public_observation(0)
        check_zones(h, n_cards)
        for q in h.state.players:
            for zone in PLAYER_ZONES:
                assert len(getattr(q, zone)) == len(getattr(g.state.players[q.index], zone))
        if g.decision is not None and g.decision.player == p:
            assert h.legal_actions() == g.legal_actions()
        sight = Sight(h)
        sight.seen = [len(h.log)] * len(h.state.players)  # what was read before is not checked again
        for _ in range(60):
            if h.is_over():
                break
            h.apply(rng.choice(h.legal_actions()))
            check_zones(h, n_cards)
            check_decision(h)
            check_observations(h, sight)


def test_heuristic_agent_games_keep_invariants() -> None:
    """Games where one seat is the heuristic agent (smart-ish actions) keep every invariant."""
    from karn.agents.heuristic import HeuristicAgent as agent_cls

    n = _env_int("KARN_FUZZ_HEURISTIC_GAMES", 26)
    stats = Stats()
    for k in range(n):
        name, deck_a, deck_b = PAIRINGS[k % len(PAIRINGS)]
        seat = k % 2
        agent = agent_cls()
        rnd = random_chooser(random.Random(k))
        choosers: list[Chooser] = [rnd, rnd]
        choosers[seat] = lambda g, p: agent.choose(g.observation(p), g.legal_actions())  # noqa: B023
        g, actions = play_checked(deck_a, deck_b, 30_000 + k, choosers, stats=stats)
        assert g.is_over(), name
    assert stats.games == n


@_hyp(12)
@given(seed=st.integers(0, 2**32 - 1), pairing=st.sampled_from(range(len(PAIRINGS))))
def test_same_seed_and_decisions_give_the_same_game(seed: int, pairing: int) -> None:
    """Determinism: the same seed and the same decisions give the same final state and log."""
    _, deck_a, deck_b = PAIRINGS[pairing]
    g1, actions1 = play_fast(deck_a, deck_b, seed)
    g2, actions2 = play_fast(deck_a, deck_b, seed)  # the same agents: the same choices
    assert actions1 == actions2
    assert g1.state_hash() == g2.state_hash()
    assert g1.log == g2.log
    g3 = replay(deck_a, deck_b, seed, actions1)  # fed the recorded actions
    assert g3.state_hash() == g1.state_hash()
    assert g3.log == g1.log
    assert g3.winner == g1.winner


@_hyp(12)
@given(
    seed=st.integers(0, 2**32 - 1),
    pairing=st.sampled_from(range(len(PAIRINGS))),
    cut=st.floats(0.0, 1.0),
    other=st.integers(0, 10**6),
)
def test_copies_and_saves_are_independent_and_exact(seed: int, pairing: int, cut: float, other: int) -> None:
    """A copy (or a loaded save) continues exactly like the game, and changing one never changes the other."""
    _, deck_a, deck_b = PAIRINGS[pairing]
    ref, actions = play_fast(deck_a, deck_b, seed)
    k = int(cut * len(actions))
    g = replay(deck_a, deck_b, seed, actions[:k])
    h = g.state_hash()
    data = g.dumps()
    loaded = Game.loads(data)
    assert loaded.state_hash() == h and loaded.log == g.log
    assert loaded.dumps() == data, "dumps(loads(b)) is not b"
    c = g.copy()
    assert c.state_hash() == h
    # Diverge a second copy: the original is untouched.
    if not g.is_over():
        d = g.copy()
        acts = d.legal_actions()
        d.apply(acts[other % len(acts)])
        assert g.state_hash() == h
    for a in actions[k:]:
        g.apply(a)
    assert c.state_hash() == h, "continuing the game changed its copy"
    assert Game.loads(data).state_hash() == h
    for a in actions[k:]:
        c.apply(a)
        loaded.apply(a)
    final = ref.state_hash()
    assert g.state_hash() == c.state_hash() == loaded.state_hash() == final
    assert g.log == c.log == loaded.log == ref.log
    assert g.winner == c.winner == loaded.winner == ref.winner


_HASHSEED_SCRIPT = """
import hashlib, json, sys
sys.path.insert(0, {here!r})
import test_random_games as T
print(json.dumps(T._fingerprints({jobs!r})))
"""


def _fingerprints(jobs: list[tuple[int, int]]) -> list[list[Any]]:
    out: list[list[Any]] = []
    for idx, seed in jobs:
        g, actions = play_fast(*PAIRINGS[idx][1:], seed)
        log = "\n".join(f"{e.turn} {e.rule} {e.text}" for e in g.log)
        out.append([g.state_hash(), hashlib.sha256(log.encode()).hexdigest(), len(actions)])
    return out


def test_games_do_not_depend_on_string_hashing() -> None:
    """Determinism across processes: PYTHONHASHSEED (set and dict-of-str iteration) changes nothing."""
    jobs = [(0, 5), (2, 6), (3, 7), (4, 8)]
    here = os.path.dirname(os.path.abspath(__file__))
    script = _HASHSEED_SCRIPT.format(here=here, jobs=jobs)
    procs = {
        hs: subprocess.Popen(
            [sys.executable, "-c", script],
            env=dict(os.environ, PYTHONHASHSEED=hs),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for hs in ("0", "1", "4242")
    }
    got = {}
    for hs, pr in procs.items():
        out, err = pr.communicate(timeout=600)
        assert pr.returncode == 0, err[-3000:]
        got[hs] = json.loads(out.strip().splitlines()[-1])
    assert got["0"] == got["1"] == got["4242"], f"PYTHONHASHSEED changes the games: {got}"


# ---------------------------------------------------------------------------- arbitrary actions

_KINDS = (
    "pass", "play", "cast", "activate", "mana", "target", "done", "attack", "unattack", "block", "unblock",
    "yes", "no", "choose", "none", "number", "mode", "x", "pay", "cancel", "keep", "mulligan", "bottom",
    "order", "top", "", "frobnicate",
)  # fmt: skip


@_hyp(60)
@given(
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 2500),
    picks=st.lists(
        st.tuples(
            st.sampled_from(_KINDS),
            st.one_of(st.integers(0, 400), st.integers(-(2**63), 2**63)),
            st.one_of(st.integers(-12, 12), st.integers(-(2**63), 2**63)),
        ),
        min_size=1,
        max_size=8,
    ),
)
def test_arbitrary_actions_are_legal_or_rejected_cleanly(
    seed: int, steps: int, picks: list[tuple[str, int, int]]
) -> None:
    """Any (kind, a, b) is applied if it is a legal option, else IllegalActionError and no change."""
    _, deck_a, deck_b = PAIRINGS[seed % len(PAIRINGS)]
    g = play_prefix(deck_a, deck_b, seed, steps)
    for kind, a, b in picks:
        if g.is_over():
            break
        d = g.decision
        assert d is not None
        ids = sorted(g.state.objects)
        if 0 <= a < 400 and ids:
            a = ids[a % len(ids)]  # an existing object most of the time
        act = Action(kind, a, b)
        before = g.state_hash()
        if (kind, a, b) in {(o.kind, o.a, o.b) for o in d.options}:
            g.apply(act)
        else:
            with pytest.raises(IllegalActionError):
                g.apply(act)
            assert g.state_hash() == before
        check_zones(g, 120)
        check_decision(g)


def test_negative_ability_index_is_rejected_cleanly() -> None:
    g = Game.new("red_burn", "green_stompy", seed=3)
    r = random.Random(0)
    while True:  # play until the player with priority controls a permanent
        d = g.decision
        assert d is not None
        if d.kind == "priority" and any(g.controller(o) == d.player for o in g.state.battlefield):
            break
        g.apply(r.choice(g.legal_actions()))
    oid = next(o for o in g.state.battlefield if g.controller(o) == d.player)
    before = g.state_hash()
    with pytest.raises(IllegalActionError):
        g.apply(Action("activate", oid, -100))
    assert g.state_hash() == before


# ---------------------------------------------------------------------------- slow variants


@pytest.mark.slow
def test_many_random_games_slow(request: pytest.FixtureRequest) -> None:
    """``KARN_FUZZ_SLOW_GAMES`` (default 4000) random games with every check, all pairings."""
    n = _env_int("KARN_FUZZ_SLOW_GAMES", 4000)
    jobs = [(k % len(PAIRINGS), 100_000 + k) for k in range(n)]
    stats, failures = run_games(jobs)
    assert not failures, f"{len(failures)} of {n} games failed:\n\n" + "\n\n".join(failures[:5])
    assert stats.games == n


@pytest.mark.slow
def test_many_mid_resolution_copies_slow(request: pytest.FixtureRequest) -> None:
    """Custom-deck games copied and saved at every rare mid-resolution decision."""
    n = _env_int("KARN_FUZZ_SLOW_GAMES", 4000) // 20
    for k in range(n):
        _, deck_a, deck_b = CUSTOM_PAIRINGS[k % len(CUSTOM_PAIRINGS)]
        play_checked(deck_a, deck_b, 200_000 + k, branch_rates=(1.0, 0.2, 0.01), branch_steps=40,
                     max_branches=1000)  # fmt: skip


@pytest.mark.slow
@_hyp(300)
@given(seed=st.integers(0, 2**32 - 1), pairing=st.sampled_from(range(len(PAIRINGS))))
def test_determinism_slow(request: pytest.FixtureRequest, seed: int, pairing: int) -> None:
    test_same_seed_and_decisions_give_the_same_game.hypothesis.inner_test(seed, pairing)  # type: ignore[attr-defined]


@pytest.mark.cr("733.1", "117.4")
def test_cancelled_cast_keeps_the_pass_count() -> None:
    """Regression (found by this fuzzer): cancelling a cast used to reset the count of passes,
    erasing the other player's pass. Seed 4, red_burn vs green_stompy, after 432 random
    actions (random.Random(4)): turn 18, draw step, player 0 holds priority after player 1
    passed. Passing ends the step; casting Searing Spear and cancelling it must not change that.
    """
    g = Game.new("red_burn", "green_stompy", seed=4)
    r = random.Random(4)
    for _ in range(432):
        g.apply(r.choice(g.legal_actions()))
    if (g.state.turn, g.state.step, g.state.passes) != (18, "draw", 1):
        # The random game changed with the engine: find another such moment.
        g = _priority_after_a_pass_with_a_cast()
    d = g.decision
    assert d is not None and d.kind == "priority" and g.state.passes == 1
    cast = next(a for a in g.legal_actions() if a.kind == "cast")
    h = g.state_hash()
    passed = g.copy()
    passed.apply(Action("pass"))
    g.apply(cast)
    assert g.decision is not None and any(a.kind == "cancel" for a in g.legal_actions())
    g.apply(Action("cancel"))
    assert g.state.passes == 1
    assert g.state_hash() == h
    g.apply(Action("pass"))
    assert g.state_hash() == passed.state_hash()


def _priority_after_a_pass_with_a_cast() -> Game:
    for seed in range(50):
        g = Game.new("red_burn", "green_stompy", seed=seed)
        r = random.Random(seed)
        while not g.is_over():
            d = g.decision
            assert d is not None
            if d.kind == "priority" and g.state.passes == 1:
                for a in g.legal_actions():
                    if a.kind == "cast":
                        c = g.copy()
                        c.apply(a)
                        if c.decision is not None and any(x.kind == "cancel" for x in c.legal_actions()):
                            return g
            g.apply(r.choice(g.legal_actions()))
    raise AssertionError("no priority decision after a pass with a cancellable cast in 50 games")
