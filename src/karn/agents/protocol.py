"""``karn agent-server``: a game whose seats are played by a program in any language, one
JSON object per line over stdin and stdout (docs/AGENT_PROTOCOL.md describes it).

The server writes a ``decision`` request for every decision of a client seat, with the
complete list of legal options (id, kind, values, text form, label), the events since that
seat's previous request, and the seat's observation as plain English (``"observation":
"dict"`` in the hello: the typed observation as JSON instead). The client answers with
one line ``{"action": ID}`` (an option id), ``{"action": "TEXT"}`` (a text form, see
:mod:`karn.agents.text`) or ``{"concede": true}``. A malformed line or an action that is not
legal gets an ``error`` line, the same decision stays pending and nothing changes; the
game ends with a ``game_over`` line. Opponent seats are played by karn's agents.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import IO, Any

from karn.agents import Agent, HeuristicAgent, RandomAgent
from karn.agents.text import ActionTextError, action_text, observation_text, parse_action, visible_names
from karn.engine.actions import Action, IllegalActionError
from karn.game import DeckSpec, Game

PROTOCOL_VERSION = 1
#: The longest request line read (a client's answer is short).
MAX_LINE = 64 * 1024
#: Answers refused in a row before the server gives up on a client.
MAX_REFUSALS = 100


class ClientGone(Exception):
    """The client closed its input, or kept sending refused answers."""


class AgentServer:
    """One game; ``seats``: the seats the client plays, the others karn's agents."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[int],
        opponents: dict[int, Agent],
        reader: IO[str],
        writer: IO[str],
        observation: str = "text",
    ) -> None:
        self.game = game
        self.seats = list(seats)
        self.opponents = opponents
        self.reader = reader
        self.writer = writer
        self.observation = observation
        self.seen = [0] * len(game.state.players)

    def send(self, message: dict[str, Any]) -> None:
        self.writer.write(json.dumps(message, separators=(",", ":")) + "\n")
        self.writer.flush()

    def hello(self) -> None:
        g = self.game
        self.send(
            {
                "type": "hello",
                "protocol": PROTOCOL_VERSION,
                "seats": self.seats,
                "players": [{"seat": p.index, "name": p.name} for p in g.state.players],
            }
        )

    def request(self, seat: int) -> dict[str, Any]:
        g = self.game
        obs = g.observation(seat, self.seen[seat])
        names = visible_names(obs)
        d = obs.decision
        assert d is not None
        options = [
            {
                "id": i,
                "kind": o.kind,
                "a": o.a,
                "b": o.b,
                "text": action_text(Action.of(o), obs, names),
                "label": o.label,
            }
            for i, o in enumerate(d.options)
        ]
        message: dict[str, Any] = {
            "type": "decision",
            "seat": seat,
            "kind": d.kind,
            "rule": d.rule,
            "prompt": d.prompt,
            "options": options,
            "events": [{"rule": e.rule, "text": e.text} for e in obs.log],
        }
        if self.observation == "dict":
            message["observation"] = obs.to_dict()
        elif self.observation == "text":
            message["observation"] = observation_text(obs, log_lines=0)
        return message

    def answer(self, seat: int, line: str) -> bool:
        """Apply the client's answer for ``seat``; False (and an error line) when refused."""
        g = self.game
        try:
            if len(line) > MAX_LINE:
                raise ValueError(f"a line is at most {MAX_LINE} characters")
            try:
                data = json.loads(line)
            except (ValueError, RecursionError) as e:
                raise ValueError(f"not a JSON line: {str(e)[:200]}") from None
            if not isinstance(data, dict):
                raise ValueError('an answer is a JSON object: {"action": ID or "TEXT"}')
            if data.get("concede") is True:
                g.concede(seat)
                return True
            choice = data.get("action")
            legal = g.legal_actions()
            if isinstance(choice, bool) or not isinstance(choice, (int, str)):
                raise ValueError('an answer is {"action": ID} (an option id) or {"action": "TEXT"}')
            if isinstance(choice, int):
                if not 0 <= choice < len(legal):
                    raise ValueError(f"no option {choice}: the options are 0 to {len(legal) - 1}")
                action = legal[choice]
            else:
                action = parse_action(choice, legal, g.observation(seat, len(g.log)))
            g.apply(action, player=seat)
            return True
        except (ValueError, ActionTextError, IllegalActionError) as e:
            self.send({"type": "error", "seat": seat, "message": str(e)})
            return False

    def run(self) -> int:
        """Play the game to its end; the winner's seat (-1: a draw)."""
        g = self.game
        self.hello()
        refusals = 0
        while not g.is_over():
            d = g.decision
            assert d is not None
            seat = d.player
            if seat not in self.seats:
                agent = self.opponents[seat]
                g.apply(agent.choose(g.observation(seat), g.legal_actions()), player=seat)
                continue
            message = self.request(seat)
            self.seen[seat] = len(g.log)
            self.send(message)
            while True:
                line = self.reader.readline()
                if not line:
                    raise ClientGone("the client closed its input")
                if not line.strip():
                    continue
                if self.answer(seat, line):
                    refusals = 0
                    break
                refusals += 1
                if refusals >= MAX_REFUSALS:
                    raise ClientGone(f"{MAX_REFUSALS} refused answers in a row")
        winner = g.winner
        self.send(
            {
                "type": "game_over",
                "winner": winner,
                "events": [
                    {"rule": e.rule, "text": e.text} for e in g.public_observation(min(self.seen)).log
                ],
            }
        )
        return -1 if winner is None else winner


def opponent_agent(name: str, seat: int, seed: int, game: Game) -> Agent:
    if name == "heuristic":
        return HeuristicAgent(game.pool)
    if name == "random":
        return RandomAgent(seed * 7 + seat)
    raise ValueError(f"an opponent is 'heuristic' or 'random', not {name!r}")


def serve(
    decks: Sequence[DeckSpec],
    seats: Sequence[int] = (0,),
    opponent: str = "heuristic",
    seed: int = 0,
    auto_pass: bool = True,
    observation: str = "text",
    reader: IO[str] | None = None,
    writer: IO[str] | None = None,
) -> int:
    """Run one game for a client on ``reader`` / ``writer`` (stdin, stdout by default)."""
    game = Game.new(*decks, seed=seed, auto_pass=auto_pass)
    n = len(game.state.players)
    for s in seats:
        if not 0 <= s < n:
            raise ValueError(f"seat {s}: the seats are 0 to {n - 1}")
    opponents = {p: opponent_agent(opponent, p, seed, game) for p in range(n) if p not in seats}
    server = AgentServer(game, seats, opponents, reader or sys.stdin, writer or sys.stdout, observation)
    return server.run()


__all__ = ["PROTOCOL_VERSION", "AgentServer", "ClientGone", "serve"]
