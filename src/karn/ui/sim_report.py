"""The text reports of ``karn sim`` and ``karn goldfish``: the figures of a result, one per line."""

from __future__ import annotations

from karn.sim.goldfish import GoldfishResult
from karn.sim.results import DeckFigures, SimResult


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _labels(result: SimResult) -> tuple[str, str]:
    """The decks' names, told apart when they are the same (a mirror match)."""
    a, b = result.deck_a.name, result.deck_b.name
    return (f"{a} (A)", f"{b} (B)") if a == b else (a, b)


def simulation_lines(result: SimResult) -> list[str]:
    """What ``karn sim`` prints."""
    a, b = _labels(result)
    deck_a, deck_b = result.deck_a, result.deck_b
    low, high = result.win_rate_a_interval

    def split(deck: DeckFigures, label: str, on_play: bool) -> str:
        games = deck.games_on_play if on_play else deck.games_on_draw
        wins = deck.wins_on_play if on_play else deck.wins_on_draw
        rate = deck.win_rate_on_play if on_play else deck.win_rate_on_draw
        return f"{label} {_percent(rate)} ({wins} of {games})"

    def mulligans(deck: DeckFigures, label: str) -> str:
        return f"{label} {deck.mulligans} ({deck.mulligans_per_game:.2f} a game)"

    return [
        f"{a} vs {b}: {result.games} games, agents {result.agents[0]} vs {result.agents[1]}, seed {result.seed}",
        f"wins         {a} {deck_a.wins}, {b} {deck_b.wins}, draws {result.draws}",
        f"win rate     {a} {_percent(result.win_rate_a)} (95% Wilson interval {_percent(low)} to {_percent(high)})",
        f"on the play  {split(deck_a, a, True)}, {split(deck_b, b, True)}",
        f"on the draw  {split(deck_a, a, False)}, {split(deck_b, b, False)}",
        f"game length  mean {result.turns_mean:.1f} turns, median {result.turns_median:g} turns",
        f"mulligans    {mulligans(deck_a, a)}, {mulligans(deck_b, b)}",
    ]


def goldfish_lines(result: GoldfishResult) -> list[str]:
    """What ``karn goldfish`` prints."""
    cap = result.turns

    def turn(value: int | None) -> str:
        return str(value) if value is not None else f"no kill by turn {cap}"

    def mean(value: float | None) -> str:
        return f"{value:.2f}" if value is not None else "-"

    lines = [
        f"{result.deck} goldfish: {result.games} games, seed {result.seed}, at most {cap} turns each; "
        f"on the play in {result.games_on_play}, mulligans {result.mulligans}",
        f"kill turn    mean {mean(result.kill_turn_mean)} (the {result.kills} games with a kill), "
        f"median {turn(result.kill_turn_median)}",
        "percentiles  " + ", ".join(f"{p}%: {turn(v)}" for p, v in result.percentiles.items()),
        f"by play/draw mean {mean(result.kill_turn_mean_on_play)} on the play, "
        f"{mean(result.kill_turn_mean_on_draw)} on the draw",
        "kill turns",
    ]
    widest = max([*result.histogram.values(), result.no_kill, 1])
    rows = [(f"turn {t}", n) for t, n in result.histogram.items() if n] + [
        (f"no kill by turn {cap}", result.no_kill)
    ]
    width = max(len(label) for label, _ in rows)
    for label, count in rows:
        bar = "#" * round(40 * count / widest)
        lines.append(f"  {label:<{width}} {count:>6} {_percent(count / result.games):>6} {bar}")
    spells = sum(result.mana_curve.values())
    average = sum(mv * n for mv, n in result.mana_curve.items()) / spells if spells else 0.0
    curve = ", ".join(f"{mv}: {n}" for mv, n in result.mana_curve.items()) or "no spells"
    lines.append(f"mana curve   {curve} ({spells} spells, mean mana value {average:.2f})")
    sources = [
        f"{kind}: {s.lands} land{'s' if s.lands != 1 else ''}" + (f" + {s.others} other" if s.others else "")
        for kind, s in result.color_sources.items()
    ]
    lines.append("color sources " + (", ".join(sources) or "none"))
    lines.append("on curve     the chance of casting a card on its curve turn, when it is in hand then")
    for card in result.on_curve:
        lines.append(
            f"  {card.card} (mana value {card.mana_value}): {_percent(card.rate)} of {card.games_held} games"
        )
    return lines
