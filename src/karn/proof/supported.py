"""The definition of a *supported* card (issue 15, part 4), checked card by card, and its cache.

A card is **supported** when

* (a) it is *playable*: every ability of the card and of each part it may be cast as compiles,
  with no ``Unsupported`` node;
* (b) it *renders back*: its IR, rendered to English from the IR's fields alone, matches its
  normalized Oracle text (:mod:`karn.proof.render_back`, ``docs/RENDER_BACK.md``);
* (c) it is *handled*: every IR effect and cost part it uses has an engine handler;
* (d) its *sandbox passes*: in the every-card sandbox game (:mod:`karn.proof.sandbox`) it was
  cast or played and no invariant of the engine failed.

The sandbox results are cached (``$XDG_CACHE_HOME/karn/sandbox.json``, by default
``~/.cache/karn``), keyed by the card's compiled hash and a hash of the engine's and the
sandbox's source, so ``karn coverage`` reads them and stays fast; ``karn coverage --sandbox``
plays the cards whose result is missing or stale.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import typing
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from karn import ir
from karn.cards.database import CardDatabase, CardFace
from karn.ir.nodes import CompiledCard

DEFINITION = """\
A card is supported when (a) every ability of it and of each part it may be cast as compiles with
no Unsupported node (playable), (b) its IR rendered back to English from the IR's fields alone
matches its normalized Oracle text (docs/RENDER_BACK.md), (c) every IR effect and cost part it
uses has an engine handler, and (d) the every-card sandbox passes for it: cast or played in a
small game, its abilities activated, the engine's invariants checked after every action
(karn.proof.sandbox; results cached, `karn coverage --sandbox` plays the missing ones)."""


# ---------------------------------------------------------------------------- (c) handled


def _nodes(value: Any) -> Iterator[Any]:
    """Every IR dataclass instance inside ``value`` (itself included)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        yield value
        for f in dataclasses.fields(value):
            yield from _nodes(getattr(value, f.name))
    elif isinstance(value, tuple | list):
        for v in value:
            yield from _nodes(v)


@cache
def _kinds() -> tuple[frozenset[type], frozenset[type], frozenset[type], frozenset[type]]:
    from karn.engine.costs import PARTS
    from karn.engine.effects import HANDLERS

    effects = frozenset(typing.get_args(ir.Effect))
    parts = frozenset(typing.get_args(ir.CostPart))
    return effects, frozenset(HANDLERS), parts, frozenset(PARTS)


def unhandled(compiled: CompiledCard) -> list[str]:
    """The IR effect and cost part kinds the card uses that have no engine handler."""
    effects, handlers, parts, paid = _kinds()
    missing: set[str] = set()
    for node in _nodes(compiled.abilities):
        t = type(node)
        if t in effects and t not in handlers or t in parts and t not in paid:
            missing.add(t.__name__)
    return sorted(missing)


# ---------------------------------------------------------------------------- (d) sandbox cache

#: Bumped when the sandbox's meaning of "passes" changes.
SANDBOX_VERSION = 1


@cache
def engine_key() -> str:
    """A hash of the engine's and the sandbox's source: a cached result is for this code."""
    root = Path(__file__).resolve().parents[1]
    h = hashlib.blake2b(f"{SANDBOX_VERSION}:{ir.IR_VERSION}".encode(), digest_size=8)
    for path in sorted((root / "engine").rglob("*.py")) + [root / "proof" / "sandbox.py", root / "game.py"]:
        h.update(path.read_bytes())
    return h.hexdigest()


def cache_path() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "karn" / "sandbox.json"


def card_key(face: CardFace, compiled: CompiledCard) -> str:
    return hashlib.blake2b(f"{face!r}\n{compiled!r}".encode(), digest_size=8).hexdigest()


class SandboxCache:
    """Sandbox statuses by card name, valid for one engine and one compilation of each card."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else cache_path()
        self.engine = engine_key()
        self.results: dict[str, dict[str, str]] = {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("engine") == self.engine:
                self.results = data.get("cards", {})
        except (OSError, ValueError, AttributeError):
            pass

    def get(self, name: str, key: str) -> str | None:
        """The cached status ("passed", "failed", "not_cast"), None when missing or stale."""
        found = self.results.get(name)
        return found["status"] if found is not None and found.get("key") == key else None

    def put(self, name: str, key: str, status: str, error: str = "") -> None:
        self.results[name] = {"key": key, "status": status, "error": error}

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"engine": self.engine, "cards": self.results}), encoding="utf-8")
        tmp.replace(self.path)


def fill_cache(
    cards: Mapping[str, str], cache_: SandboxCache, workers: int = 2, db: CardDatabase | None = None
) -> int:
    """Play the sandbox for the cards (name -> compiled key) whose result is missing; returns how
    many were played."""
    from karn.proof.sandbox import run_many

    todo = [n for n, k in cards.items() if cache_.get(n, k) is None]
    for r in run_many(todo, seed=0, workers=workers, db=db):
        cache_.put(r.card, cards[r.card], r.status, r.error)
    if todo:
        cache_.save()
    return len(todo)


# ---------------------------------------------------------------------------- mechanic families

_FAMILY_SUBTYPES = ("aura", "equipment", "vehicle", "saga", "class", "siege", "room", "case")


def families(face: CardFace) -> list[str]:
    """The mechanic families a card belongs to: its keywords (MTGJSON's list), its layout when
    it isn't a normal card, and the subtypes that are mechanics (Aura, Equipment, Vehicle, Saga,
    Class...); "(none)" for a card with none of them."""
    out = [k.lower() for k in face.keywords]
    if face.layout not in ("normal", ""):
        out.append(f"layout:{face.layout}")
    out += [f"subtype:{s}" for s in face.subtypes if s in _FAMILY_SUBTYPES]
    if "planeswalker" in face.types:
        out.append("type:planeswalker")
    return out or ["(none)"]


def tally(rows: Iterable[tuple[list[str], bool, bool]]) -> dict[str, list[int]]:
    """[total, playable, supported] per key from (keys, playable, supported) rows."""
    out: dict[str, list[int]] = {}
    for keys, playable, supported in rows:
        for k in keys:
            t = out.setdefault(k, [0, 0, 0])
            t[0] += 1
            t[1] += playable
            t[2] += supported
    return out
