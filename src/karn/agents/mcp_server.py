"""``karn mcp``: a Model Context Protocol server that lets a language model play one seat of
a karn game against karn's agents (the ``mcp`` extra, the ``mcp`` 2.x SDK:
``mcp.server.mcpserver.MCPServer``; its 1.x ``FastMCP`` API is not used).

Tools: ``observe`` (the seat's view in plain English, with the legal actions), ``legal_actions``
(their ids and text forms), ``act`` (take one by text form or id; karn's agents then play
until the seat decides again), ``card`` (a card's Oracle text and compiled abilities),
``rule`` (a Comprehensive Rules rule), ``set_auto_pass``, ``concede`` and ``new_game``.
Everything comes from the seat's own observation: nothing hidden from it is shown. An
illegal or malformed action is a tool error naming the legal actions, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import StrictInt, StrictStr

from karn.agents import Agent
from karn.agents.protocol import opponent_agent
from karn.agents.text import ActionTextError, action_text, observation_text, parse_action, visible_names
from karn.engine.actions import IllegalActionError
from karn.game import DeckSpec, Game

INSTRUCTIONS = (
    "You play one seat of a game of Magic: The Gathering run by the karn rules engine. Call "
    "observe to see the game as your seat sees it (the legal actions are listed at the end), then "
    "act with one legal action's text form (or its id from legal_actions). Casting is a sequence "
    "of decisions: cast, then choose targets, then pay. Use card to read a card's text and rule to "
    "read a rule of the Comprehensive Rules. The other seats are played by karn's AI."
)


class Table:
    """The game the server plays: the model's seat and karn's agents in the others."""

    def __init__(
        self, decks: Sequence[DeckSpec], seat: int = 0, seed: int = 0, opponent: str = "heuristic"
    ) -> None:
        self.new(decks, seat, seed, opponent)

    def new(self, decks: Sequence[DeckSpec], seat: int, seed: int, opponent: str) -> None:
        game = Game.new(*decks, seed=seed, auto_pass=True)
        n = len(game.state.players)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat {seat!r}: the seats are 0 to {n - 1}")
        self.game = game
        self.seat = seat
        self.agents: dict[int, Agent] = {
            p: opponent_agent(opponent, p, seed, game) for p in range(n) if p != seat
        }
        self.seen = 0
        self.play_others()

    def play_others(self) -> None:
        g = self.game
        while not g.is_over():
            d = g.decision
            assert d is not None
            if d.player == self.seat:
                return
            g.apply(self.agents[d.player].choose(g.observation(d.player), g.legal_actions()), player=d.player)

    def observe(self) -> str:
        g = self.game
        obs = g.observation(self.seat, self.seen)
        self.seen = obs.log_size
        return observation_text(obs, log_lines=20)

    def legal(self) -> list[dict[str, Any]]:
        g = self.game
        if g.decision is None or g.decision.player != self.seat:
            return []
        obs = g.observation(self.seat, len(g.log))
        names = visible_names(obs)
        return [{"id": i, "text": action_text(a, obs, names)} for i, a in enumerate(g.legal_actions())]

    def act(self, action: str | int) -> str:
        g = self.game
        if g.is_over():
            raise ToolError("the game is over: call new_game to play another")
        legal = g.legal_actions()
        try:
            if isinstance(action, bool):
                raise ActionTextError("an action is a text form or an option id, not a boolean")
            if isinstance(action, int):
                if not 0 <= action < len(legal):
                    raise ActionTextError(f"no action {action}: the ids are 0 to {len(legal) - 1}")
                chosen = legal[action]
            else:
                chosen = parse_action(action, legal, g.observation(self.seat, len(g.log)))
            g.apply(chosen, player=self.seat)
        except (ActionTextError, IllegalActionError, ValueError, TypeError) as e:
            raise ToolError(f"{e} (nothing was changed)") from None
        self.play_others()
        return self.observe()


def build_server(
    decks: Sequence[DeckSpec] = ("red_burn", "green_stompy"),
    seat: int = 0,
    seed: int = 0,
    opponent: str = "heuristic",
) -> MCPServer:
    """The MCP server over a new game (``karn mcp`` runs it over stdio)."""
    table = Table(decks, seat, seed, opponent)
    server = MCPServer(name="karn", instructions=INSTRUCTIONS)

    @server.tool()
    def observe() -> str:
        """The game as your seat sees it, in plain English: life totals, the battlefield, the
        stack, your hand, graveyards, the events since your last look (with their rule
        numbers) and, when you decide, the legal actions' text forms."""
        return table.observe()

    @server.tool()
    def legal_actions() -> list[dict[str, Any]]:
        """The legal actions now, each with its id and text form (empty when you don't decide)."""
        return table.legal()

    @server.tool()
    def act(action: StrictStr | StrictInt) -> str:
        """Take a legal action: its text form (e.g. "cast Lightning Bolt (#41)", "target B",
        "attack with Grizzly Bears (#12) -> B", "pass") or its id from legal_actions. Then the
        other seats play until you decide again; returns your new view."""
        return table.act(action)

    @server.tool()
    def card(name: str) -> str:
        """A card's Oracle text and the abilities karn compiled from it."""
        from karn.cards.database import CardDatabase, UnknownCardError
        from karn.oracle import compile_card
        from karn.oracle.describe import describe_abilities

        try:
            face = CardDatabase.default().get(name)
        except UnknownCardError as e:
            raise ToolError(str(e)) from None
        cc = compile_card(face)
        lines = [f"{face.name} {face.mana_cost or ''}".strip(), face.type_line, face.text or "(no text)"]
        if face.power is not None:
            lines.append(f"{face.power}/{face.toughness}")
        lines.append("Compiled abilities:" if cc.playable else "Compiled abilities (NOT playable):")
        lines += [f"- {line}" for line in describe_abilities(cc)] or ["(none)"]
        return "\n".join(lines)

    @server.tool()
    def rule(number: str) -> str:
        """A rule of the Comprehensive Rules (e.g. "704.5g"), with its examples."""
        from karn import rules_text

        r = rules_text.rule(number)
        if r is None:
            near = ", ".join(rules_text.nearest(number))
            raise ToolError(
                f"no rule {number!r} in the Comprehensive Rules" + (f"; nearby: {near}" if near else "")
            )
        return "\n".join([f"{r.number} {r.text}", *r.examples])

    @server.tool()
    def set_auto_pass(on: bool) -> str:
        """Pass priority for you when passing is your only legal action (on by default)."""
        table.game.state.settings["auto_pass"] = int(on)
        return f"auto-pass is {'on' if on else 'off'}"

    @server.tool()
    def concede() -> str:
        """Concede the game (104.3a)."""
        if table.game.is_over():
            raise ToolError("the game is over")
        table.game.concede(table.seat)
        return table.observe()

    @server.tool()
    def new_game(
        decks: list[str] | None = None, seat: int = 0, seed: int = 0, opponent: str = "heuristic"
    ) -> str:
        """Start a new game: decks (bundled deck names, by default red_burn and green_stompy),
        your seat (0 first), the seed, karn's AI for the other seats (heuristic or random)."""
        from karn.cards.database import UnknownCardError
        from karn.cards.decks import DeckError

        try:
            table.new(decks or ["red_burn", "green_stompy"], seat, seed, opponent)
        except (DeckError, UnknownCardError, ValueError, TypeError) as e:
            raise ToolError(str(e)) from None
        return table.observe()

    return server


def run(decks: Sequence[DeckSpec], seat: int, seed: int, opponent: str) -> None:
    build_server(decks, seat, seed, opponent).run()  # stdio


__all__ = ["INSTRUCTIONS", "Table", "build_server", "run"]
