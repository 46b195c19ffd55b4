"""Drawing the table model with rich: the board, the stack, the prompt, the log, card text.

Pure rendering: everything shown comes from a :class:`~karn.table.model.Table`.
"""

from __future__ import annotations

from itertools import groupby

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table as Grid
from rich.text import Text

from karn.table.cards import card_state
from karn.table.model import CardInfo, LogLine, Prompt, Seat, StackEntry, Table


def names_of(table: Table) -> dict[int, str]:
    """Every visible object's name by id (for "attached to X (#12)")."""
    names: dict[int, str] = {}
    for seat in table.seats:
        for zone in (seat.lands, seat.creatures, seat.others, seat.hand, seat.graveyard, seat.exile):
            names.update({c.id: c.name for c in zone})
    names.update({s.id: s.name for s in table.stack})
    return names


def _permanent(card: CardInfo, names: dict[int, str]) -> str:
    pt = f" {card.power}/{card.toughness}" if card.power is not None else ""
    loyalty = f" [loyalty {card.loyalty}]" if card.loyalty is not None else ""
    keywords = " {" + ", ".join(card.keywords) + "}" if card.keywords else ""
    state = card_state(card, names)
    line = f"[bold]#{card.id}[/] {escape(card.name)}{pt}{loyalty}{escape(keywords)}"
    if state:
        line += f" [italic]({escape(state)})[/]"
    if card.attacking or card.blocking:
        line = f"[red]{line}[/]"
    elif card.tapped:
        line = f"[dim]{line}[/]"
    return line


def _lands(lands: list[CardInfo], names: dict[int, str]) -> str:
    """Lands grouped by name and state: "Mountain ×3 (#1 #4 #9), Mountain tapped (#7)"."""
    plain = [
        c
        for c in lands
        if not (c.counters or c.attachments or c.attacking or c.blocking or c.power is not None)
    ]
    special = [c for c in lands if c not in plain]
    parts: list[str] = []
    key = lambda c: (c.name, c.tapped)  # noqa: E731
    for (name, tapped), group in groupby(sorted(plain, key=key), key=key):
        cards = list(group)
        ids = " ".join(f"#{c.id}" for c in cards)
        count = f" ×{len(cards)}" if len(cards) > 1 else ""
        text = f"{escape(name)}{count}{' tapped' if tapped else ''} ({ids})"
        parts.append(f"[dim]{text}[/]" if tapped else text)
    parts.extend(_permanent(c, names) for c in special)
    return ", ".join(parts) or "-"


def _seat(seat: Seat, names: dict[int, str], known: list[CardInfo]) -> Grid:
    g = Grid.grid(padding=(0, 1))
    g.add_column(style="bold", no_wrap=True, min_width=14)
    g.add_column()
    marks = []
    if seat.active:
        marks.append("[green]active[/]")
    if seat.priority:
        marks.append("[yellow]priority[/]")
    head = (
        f"life [bold]{seat.life}[/]"
        + (f"  poison {seat.poison}" if seat.poison else "")
        + (f"  energy {seat.energy}" if seat.energy else "")
        + f"  hand {seat.hand_size}  library {seat.library}  graveyard {len(seat.graveyard)}  exile {len(seat.exile)}"
        + (f"  mana pool {escape(seat.mana_pool)}" if seat.mana_pool else "")
        + ("  " + " ".join(marks) if marks else "")
    )
    title = (
        seat.name
        if seat.you
        else f"{seat.name} ({escape(seat.player_name)})"
        if seat.name != seat.player_name
        else seat.name
    )
    g.add_row(f"[cyan]{escape(title)}[/]", head)
    g.add_row("lands", _lands(seat.lands, names))
    g.add_row("creatures", "\n".join(_permanent(c, names) for c in seat.creatures) or "-")
    if seat.others:
        g.add_row("others", "\n".join(_permanent(c, names) for c in seat.others))
    if seat.graveyard:
        top = seat.graveyard[0]
        g.add_row(
            "graveyard",
            f"top: #{top.id} {escape(top.name)}"
            + (f" (+{len(seat.graveyard) - 1} more: gy)" if len(seat.graveyard) > 1 else ""),
        )
    mine = [c for c in known if c.owner == seat.index]
    if mine:
        g.add_row("known", ", ".join(f"#{c.id} {escape(c.name)} (in {c.zone})" for c in mine))
    if seat.you:
        hand = ", ".join(f"#{c.id} {escape(c.name)}" for c in seat.hand) or "-"
        g.add_row("your hand", hand)
    return g


def _stack(stack: list[StackEntry]) -> Panel:
    g = Grid.grid(padding=(0, 1))
    for s in stack:
        what = "spell" if s.kind == "spell" else "ability"
        if s.copy:
            what = f"copy of a {what}"  # 707.10
        x = f" X={s.x}" if s.x is not None else ""
        targets = " → " + ", ".join(t.name for t in s.targets) if s.targets else ""
        line = (
            f"[bold]#{s.id}[/] {escape(s.name)} ({what}{x}) from {escape(s.controller_name)}{escape(targets)}"
        )
        if s.kind == "ability" and s.text:
            line += f"\n    [dim]{escape(s.text)}[/]"
        g.add_row(line)
    return Panel(g, title="stack (top first)", border_style="yellow")


def render_board(table: Table) -> Panel:
    names = names_of(table)
    you = next((s for s in table.seats if s.you), None)
    others = [s for s in table.seats if not s.you]
    rows: list[RenderableType] = [_seat(s, names, table.known) for s in others]
    for plane in table.planes:  # 901.7: the face-up plane, in the command zone
        sizes = ", ".join(str(n) for n in table.planar_deck_sizes)
        rows.append(
            f"[bold magenta]plane[/] #{plane.id} {escape(plane.name)}: [dim]{escape(plane.text)}[/]"
            f"  [dim](planar decks: {sizes})[/]"
        )
    if table.stack:
        rows.append(_stack(table.stack))
    if you is not None:
        rows.append(_seat(you, names, table.known))
    return Panel(Group(*rows), title=escape(table.status), title_align="left")


def render_prompt(prompt: Prompt) -> RenderableType:
    lines = [f"[bold]{escape(prompt.text)}[/] [dim]({prompt.rule})[/]"]
    settings = []
    for o in prompt.options:
        if o.kind == "setting":
            settings.append(f"[bold]{o.key}[/] {escape(o.label)}")
            continue
        mark = "[green]✔[/] " if prompt.multi and o.selected else "  " if prompt.multi else ""
        default = " [dim](Enter)[/]" if o.id == prompt.default else ""
        detail = f" [italic]— {escape(o.detail)}[/]" if o.detail else ""
        lines.append(f"  {mark}[bold]{o.key:>2}[/]  {escape(o.label)}{detail}{default}")
        if o.choices:
            picks = " · ".join(f"[bold]{c.key}[/] {escape(c.label)}" for c in o.choices)
            lines.append(f"        [dim]then:[/] {picks}")
    if settings:
        lines.append("  " + "    ".join(settings))
    legend = escape(prompt.hint) if prompt.hint else ""
    lines.append(
        f"[dim]{legend}{' · ' if legend else ''}?N card · gy · ex · log · undo · save FILE · q · help[/]"
    )
    return Text.from_markup("\n".join(lines))


def render_log_line(line: LogLine) -> str:
    style = "bold" if line.kind == "turn" else "dim" if line.kind == "step" else ""
    text = escape(line.text)
    text = f"[{style}]{text}[/]" if style else text
    return f"[cyan]{line.rule:>8}[/] {text}"


def render_card(card: CardInfo, names: dict[int, str]) -> Panel:
    """A card's full text, as ``?`` shows it."""
    head = f"[bold]{escape(card.name)}[/] [dim]#{card.id}[/]" + (
        f"  {escape(card.mana_cost)}" if card.mana_cost else ""
    )
    body = [head]
    if card.type_line:
        body.append(escape(card.type_line))
    if card.text:
        body.append("")
        body.append(escape(card.text))
    if card.power is not None:
        body.append(f"[bold]{card.power}/{card.toughness}[/]")
    if card.loyalty is not None:
        body.append(f"Loyalty: {card.loyalty}")
    if card.keywords and card.zone == "battlefield":
        body.append("has: " + ", ".join(card.keywords))
    state = card_state(card, names)
    if state:
        body.append(f"[italic]{escape(state)}[/]")
    return Panel(Text.from_markup("\n".join(body)), title=card.zone, title_align="left", expand=False)


def render_zones(table: Table, zone: str) -> RenderableType:
    """Both players' graveyards ("graveyard", top first) or exiles ("exile")."""
    g = Grid.grid(padding=(0, 1))
    for seat in table.seats:
        cards = seat.graveyard if zone == "graveyard" else seat.exile
        what = "graveyard (top first)" if zone == "graveyard" else "exile"
        owner = "your" if seat.you else f"{seat.name}'s"
        listed = ", ".join(f"#{c.id} {escape(c.name)}" for c in cards) or "empty"
        g.add_row(f"[bold]{owner} {what}[/]", listed)
    return g
