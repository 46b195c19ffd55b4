"""``karn play``: you against the heuristic AI in the terminal.

The board is drawn with rich from *your* observation only (no peeking); every
decision is a numbered list of choices; the log shows the CR rule of each event.
"""

from __future__ import annotations

import random
from typing import Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table

from karn.engine.observation import Observation, PermanentView
from karn.game import Game

YOU = 0
AI = 1


def _perm_line(p: PermanentView) -> str:
    s = p.name
    if p.power is not None:
        s += f" {p.power}/{p.toughness}"
        if p.damage:
            s += f" ({p.damage} dmg)"
    if p.counters:
        s += " [" + ", ".join(f"{k}:{v}" for k, v in p.counters.items()) + "]"
    if p.keywords:
        s += " {" + ", ".join(p.keywords) + "}"
    if p.tapped:
        s = f"[dim]{s} (tapped)[/]"
    return s


def render_board(obs: Observation) -> Panel:
    rows: list[Any] = []
    for pv in reversed(obs.players):
        idx = pv.index
        perms = [p for p in obs.battlefield if p.controller == idx]
        lands = [p for p in perms if "land" in p.types]
        others = [p for p in perms if "land" not in p.types]
        t = Table.grid(padding=(0, 1))
        who = "You" if idx == obs.player else "AI"
        t.add_row(
            f"[bold]{who} ({pv.name})[/]",
            f"life [bold]{pv.life}[/]  hand {pv.hand_size}  library {pv.library_size}  graveyard {len(pv.graveyard)}",
        )
        t.add_row("lands", ", ".join(_perm_line(p) for p in lands) or "-")
        t.add_row("permanents", "\n".join(_perm_line(p) for p in others) or "-")
        if pv.mana_pool:
            t.add_row("mana pool", " ".join(f"{k}x{v}" for k, v in pv.mana_pool.items()))
        if idx == obs.player:
            t.add_row("[bold]your hand[/]", ", ".join(c.name for c in obs.hand) or "-")
        rows.append(t)
    if obs.stack:
        st = Table.grid()
        for item in obs.stack:
            st.add_row(f"{item.name} ({item.kind})")
        rows.insert(1, Panel(st, title="stack (top first)"))
    title = f"turn {obs.turn}: {obs.step.replace('_', ' ')}"
    return Panel(Group(*rows), title=title)


def _print_log(con: Console, g: Game, shown: int) -> int:
    """Print the log entries from `shown` on as you may read them; returns where to go on."""
    obs = g.observation(YOU, shown)
    for e in obs.log:
        con.print(f"[cyan]{e.rule:>8}[/] {e.text}")
    return obs.log_size


def play_terminal(deck: str, ai_deck: str, seed: int | None, console: Console | None = None) -> int:
    from karn.agents.heuristic import HeuristicAgent

    con = console or Console(highlight=False)
    seed = seed if seed is not None else random.randrange(1 << 30)
    g = Game.new(deck, ai_deck, seed=seed, names=("You", "AI"), auto_pass=True)
    ai = HeuristicAgent(pool=g.pool)
    shown = 0  # the log as you may read it (no card drawn by the AI, ...)
    ai_seen = 0
    con.print(f"[bold]karn[/]: you ({deck}) against the AI ({ai_deck}), seed {seed}. Type q to concede.")
    while not g.is_over():
        shown = _print_log(con, g, shown)
        d = g.decision
        assert d is not None
        if d.player == AI:
            seen = g.observation(AI, ai_seen)
            ai_seen = seen.log_size
            g.apply(ai.choose(seen, g.legal_actions()), player=AI)
            continue
        acts = g.legal_actions()
        if d.kind == "priority" and all(a.kind in ("pass", "mana") for a in acts):
            # Nothing to do but float mana: pass on the player's behalf (like an auto-pass stop).
            g.apply(acts[0])
            continue
        con.print(render_board(g.observation(YOU, shown)))
        con.print(f"[bold]{d.prompt}[/] [dim]({d.rule})[/]")
        for i, a in enumerate(acts, 1):
            con.print(f"  {i:>2}. {a}")
        while True:
            try:
                raw = input("> ").strip()
            except EOFError:
                raw = "q"
            if raw.lower() in ("q", "quit", "concede"):
                g.concede(YOU)
                break
            if raw == "" and acts and acts[0].kind == "pass":
                g.apply(acts[0], player=YOU)
                break
            if raw.isdigit() and 1 <= int(raw) <= len(acts):
                g.apply(acts[int(raw) - 1], player=YOU)
                break
            con.print(f"[red]enter a number from 1 to {len(acts)} (Enter passes, q concedes)[/]")
    _print_log(con, g, shown)
    w = g.winner
    con.print("[bold]You win![/]" if w == YOU else "[bold]The AI wins.[/]" if w == AI else "[bold]Draw.[/]")
    return 0
