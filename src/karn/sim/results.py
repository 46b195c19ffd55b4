"""What a simulation between two decks reports: one record per game, and the figures
computed from them (:class:`SimResult`).

Decks are numbered 0 (deck A, the first deck given) and 1 (deck B) in every field.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from karn.sim import stats


class GameRecord(msgspec.Struct, frozen=True, gc=False):
    """One game of a simulation, enough to play it again alone.

    ``seed``: the game's seed (``Game.new(..., seed=seed)``); ``agent_seeds``: the
    seeds of the agents of deck A and deck B (used by random agents); ``seat_a``: deck
    A's seat (0: ``Game.new(deck_a, deck_b)``, 1: ``Game.new(deck_b, deck_a)``);
    ``first``: the deck that played first (103.1); ``winner``: the deck that won, None
    for a draw (104.4a); ``turns``: the game's last turn number (both players' turns
    count); ``mulligans_a``/``mulligans_b``: mulligans taken (103.5); ``decisions``: the
    decisions the agents took.
    """

    index: int
    seed: int
    agent_seeds: tuple[int, int]
    seat_a: int
    first: int
    winner: int | None
    turns: int
    mulligans_a: int
    mulligans_b: int
    decisions: int


class DeckFigures(msgspec.Struct, frozen=True):
    """One deck's results: its wins overall, on the play (it played first) and on the
    draw, and its mulligans."""

    name: str
    wins: int
    win_rate: float
    games_on_play: int
    wins_on_play: int
    win_rate_on_play: float
    games_on_draw: int
    wins_on_draw: int
    win_rate_on_draw: float
    mulligans: int
    mulligans_per_game: float


class SimResult(msgspec.Struct, frozen=True):
    """The results of a simulation: ``deck_a`` against ``deck_b``, ``games`` games.

    ``win_rate_a`` is deck A's wins over all games (a draw is not a win) and
    ``win_rate_a_interval`` its 95% Wilson score interval. ``turns_mean`` and
    ``turns_median`` are the games' lengths in turns (each player's turn counts).
    ``records`` holds every game, by index. The whole result is a function of the
    decks, the agents, ``seed`` and ``games``: the same whatever backend or number of
    workers played them.
    """

    deck_a: DeckFigures
    deck_b: DeckFigures
    agents: tuple[str, str]
    seed: int
    games: int
    draws: int
    win_rate_a: float
    win_rate_a_interval: tuple[float, float]
    turns_mean: float
    turns_median: float
    records: list[GameRecord]

    @property
    def decks(self) -> tuple[DeckFigures, DeckFigures]:
        return (self.deck_a, self.deck_b)

    def to_json(self) -> str:
        """Every figure and every game's record, as indented JSON."""
        return msgspec.json.format(msgspec.json.encode(self), indent=2).decode()

    @classmethod
    def from_json(cls, text: str | bytes) -> SimResult:
        """A result written by :meth:`to_json`."""
        return msgspec.json.decode(text, type=cls)


def summarize(
    names: tuple[str, str], agents: tuple[str, str], seed: int, records: Sequence[GameRecord]
) -> SimResult:
    """The figures of a simulation from its records (in index order)."""
    games = len(records)
    decks = tuple(_deck_figures(deck, names[deck], records) for deck in (0, 1))
    turns = [r.turns for r in records]
    wins_a = decks[0].wins
    return SimResult(
        deck_a=decks[0],
        deck_b=decks[1],
        agents=agents,
        seed=seed,
        games=games,
        draws=sum(1 for r in records if r.winner is None),
        win_rate_a=stats.rate(wins_a, games),
        win_rate_a_interval=stats.wilson_interval(wins_a, games),
        turns_mean=stats.mean(turns) or 0.0,
        turns_median=stats.median(turns) or 0.0,
        records=list(records),
    )


def _deck_figures(deck: int, name: str, records: Sequence[GameRecord]) -> DeckFigures:
    on_play = [r for r in records if r.first == deck]
    on_draw = [r for r in records if r.first != deck]
    wins_on_play = sum(1 for r in on_play if r.winner == deck)
    wins_on_draw = sum(1 for r in on_draw if r.winner == deck)
    mulligans = sum(r.mulligans_a if deck == 0 else r.mulligans_b for r in records)
    return DeckFigures(
        name=name,
        wins=wins_on_play + wins_on_draw,
        win_rate=stats.rate(wins_on_play + wins_on_draw, len(records)),
        games_on_play=len(on_play),
        wins_on_play=wins_on_play,
        win_rate_on_play=stats.rate(wins_on_play, len(on_play)),
        games_on_draw=len(on_draw),
        wins_on_draw=wins_on_draw,
        win_rate_on_draw=stats.rate(wins_on_draw, len(on_draw)),
        mulligans=mulligans,
        mulligans_per_game=stats.rate(mulligans, len(records)),
    )
