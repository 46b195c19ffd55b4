"""Explaining an object of a scenario (``karn explain SCENARIO.yaml REF``): the scenario's
board is built and its steps run (without checking its expectations), then the object the
reference names is explained layer by layer (613, :meth:`karn.Game.explain`)."""

from __future__ import annotations

from pathlib import Path

from karn.game import Game
from karn.scenario.loader import Ref, load_file
from karn.scenario.runner import Runner


class ExplainError(Exception):
    """The scenario can't be played to its end, or the reference names nothing."""


def played(path: str | Path, index: int = 0) -> Runner:
    """The scenario's game after its steps."""
    scenarios = load_file(path)
    if not scenarios:
        raise ExplainError(f"{path}: no scenario in the file")
    r = Runner(scenarios[index])
    for st in scenarios[index].steps:
        try:
            r.run_step(st)
        except Exception as e:  # noqa: BLE001 - reported as one line, never a traceback
            raise ExplainError(f"{path}: line {st.line}: {st.kind}: {e}") from None
    return r


def find(game: Game, r: Runner | None, ref: str) -> int:
    """An object by scenario reference (``B.Grizzly Bears#2``), object id, or name (first on
    the battlefield, then anywhere)."""
    if ref.isdigit() and int(ref) in game.state.objects:
        return int(ref)
    letters = r.letters if r is not None else []
    head, dot, rest = ref.partition(".")
    if r is not None and dot and head in letters:
        name, _, nth = rest.partition("#")
        try:
            return r.ref(Ref(ref, player=head, name=name.strip(), nth=int(nth or 1)))
        except Exception as e:  # noqa: BLE001
            raise ExplainError(str(e)) from None
    wanted = ref.strip().lower()
    objs = game.state.objects
    for oid in list(game.state.battlefield) + sorted(objs):
        if objs[oid].name.lower() == wanted:
            return oid
    raise ExplainError(f"no object named {ref!r}")


def explain_file(path: str | Path, ref: str) -> str:
    """``karn explain FILE REF``: FILE is a scenario (.yaml) or a saved game."""
    p = Path(path)
    if not p.exists():
        raise ExplainError(f"{path}: no such file")
    if p.suffix in (".yaml", ".yml"):
        r = played(p)
        return r.g.explain(find(r.g, r, ref))
    try:
        g = Game.loads(p.read_bytes())
    except Exception as e:  # noqa: BLE001
        raise ExplainError(f"{path}: not a scenario (.yaml) nor a saved game: {e}") from None
    return g.explain(find(g, None, ref))


__all__ = ["ExplainError", "explain_file", "find", "played"]
