"""``karn play``: you against the heuristic AI in the terminal, on the table model.

The board, the prompt and the log are drawn with rich from *your* view only
(:mod:`karn.table`: no peeking). Priority is passed for you where nothing matters
(:class:`~karn.table.autopass.AutoPass`: own main phases, an opponent's spell or
ability, declared attackers and blockers, your end step with an instant-speed play;
``e`` passes until end of turn, ``u`` until your next turn). Options keep their keys
while you pick; attackers and blockers are picked several at once ("1 3"; a blocker
then its attacker: "2 1"). Commands: ``?`` + id or name (card text), ``gy``, ``ex``,
``log``, ``rule N``, ``undo``, ``save FILE``, ``q`` (with a confirmation; Ctrl-C too).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from karn import rules_text
from karn.agents.heuristic import HeuristicAgent
from karn.engine.actions import IllegalActionError
from karn.game import Game
from karn.saves import CorruptSaveError
from karn.table import AutoPass, NeedsChoice, PlayerSession, build_table, card_info, find_cards
from karn.table.model import Prompt, PromptOption, Table
from karn.table.prompt import find_option
from karn.ui.board import names_of, render_board, render_card, render_log_line, render_prompt, render_zones

YOU = 0
AI = 1
#: What the terminal prints when it waits for you (a pseudo-terminal test waits for it).
INPUT_PROMPT = "karn> "

HELP = """\
[bold]Answering[/]: type the key of an option (1, 2, ... or a letter); Enter takes the default.
  Attackers: several keys at once toggle several creatures ("1 3"); a: all; n: none; Enter: done.
  Blockers: a blocker's key then its attacker's ("2 1"), or the blocker alone and you are asked.
  Priority: e passes until end of turn, u until your next turn.
[bold]Looking[/]: ? N or ? NAME: a card's text (? 704.5g: a rule) · gy: graveyards · ex: exile · b: the board
  log: this turn's whole log · log all: the game's log · rule 704.5g: a rule's text
[bold]Settings[/]: m: show/hide mana abilities · tap: auto-pay on/off (tap lands by hand)
  stop STEP / stop opp STEP: add or remove a stop (steps: upkeep, draw, precombat_main,
  beginning_of_combat, declare_attackers, declare_blockers, end_of_combat, postcombat_main, end)
[bold]Game[/]: undo: cancel the cast or activation under way (or the last land or mana ability)
  save FILE: save (resume with karn play --resume FILE) · q: concede (asks first); Ctrl-C too"""

STEPS = (
    "upkeep",
    "draw",
    "precombat_main",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "combat_damage",
    "end_of_combat",
    "postcombat_main",
    "end",
)


class EndOfInput(Exception):
    """Standard input ended (a script of answers ran out)."""


def read(prompt: str = INPUT_PROMPT) -> str:
    try:
        return input(prompt)
    except EOFError:
        raise EndOfInput from None


class TerminalGame:
    """One game of ``karn play``: the human at seat `human`, the heuristic AI elsewhere."""

    def __init__(self, game: Game, console: Console, human: int = YOU, verbose: bool = False) -> None:
        self.game = game
        self.compact = not verbose  # the compact log (passes and empty steps folded)
        self.con = console
        self.human = human
        self.session = PlayerSession(game, human, AutoPass())
        self.ai = HeuristicAgent(pool=game.pool)
        self.shown = 0  # the log printed so far (as you may read it)
        self.ai_seen: dict[int, int] = {}
        self.ai_decisions = 0
        self.snapshot: Game | None = None  # before your last land, mana ability or cast
        self.snapshot_at = -1  # the AI's decision count when it was taken
        self.recapped = 0  # the turn whose recap of the turn before was printed

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        while not self.game.is_over():
            try:
                self.step()
            except KeyboardInterrupt:
                self.con.print()
                try:
                    if self.confirm("Quit? You concede the game. (y/N) "):
                        self.concede()
                except (KeyboardInterrupt, EndOfInput):  # Ctrl-C twice: leave without conceding
                    self.con.print("\n[bold]game abandoned[/] (save FILE keeps a game for later)")
                    return 0
            except EndOfInput:
                self.con.print("\n[dim]end of input: you concede[/]")
                self.concede()
        self.print_log()
        w = self.game.winner
        self.con.print(
            "[bold]You win![/]"
            if w == self.human
            else "[bold]The AI wins.[/]"
            if w is not None
            else "[bold]Draw.[/]"
        )
        return 0

    def step(self) -> None:
        g = self.game
        d = g.decision
        if d is None:
            return
        if d.player != self.human:
            seen = g.observation(d.player, self.ai_seen.get(d.player, 0))
            self.ai_seen[d.player] = seen.log_size
            g.apply(self.ai.choose(seen, g.legal_actions()), player=d.player)
            self.ai_decisions += 1
            return
        if self.session.auto_pass():
            return
        self.print_log()
        table = self.session.table(log_from=len(g.log))
        if table.recap and self.recapped != g.state.turn:
            self.recapped = g.state.turn
            self.con.print(f"[bold magenta]{escape(table.recap)}[/]")
        self.con.print(render_board(table))
        self.ask(table)

    def print_log(self) -> None:
        t = build_table(self.game, self.human, log_from=self.shown, compact=self.compact)
        for line in t.log:
            self.con.print(render_log_line(line))
        self.shown = t.log_size

    def concede(self) -> None:
        if not self.game.is_over():
            self.game.concede(self.human)

    def confirm(self, question: str) -> bool:
        return read(question).strip().lower() in ("y", "yes")

    # ------------------------------------------------------------------ one prompt

    def ask(self, table: Table) -> None:
        """Show the prompt and read until something is answered."""
        prompt = table.prompt
        assert prompt is not None
        self.con.print(render_prompt(prompt))
        while True:
            raw = read().strip()
            if not self.command(raw, table):
                continue
            # A pick in a multi-select: the same prompt again, with what is picked so far.
            now = self.session.prompt() if self.session.deciding() else None
            if now is None or not now.multi or now.kind != prompt.kind:
                return
            table = self.session.table(log_from=len(self.game.log))
            prompt = now
            self.con.print(render_prompt(prompt))

    def command(self, raw: str, table: Table) -> bool:
        """Handle one line; True when the prompt was answered (or must be drawn anew)."""
        prompt = table.prompt
        assert prompt is not None
        low = raw.lower()
        word, _, rest = low.partition(" ")
        if raw == "":
            if prompt.default is None:
                self.con.print("[red]this decision has no default: enter a number from the list[/]")
                return False
            return self.answer(prompt, [prompt.default])
        if low in ("help", "h") or raw == "?":
            self.con.print(HELP)
            return False
        if raw.startswith("?") or word == "card":
            self.show_card(raw[1:] if raw.startswith("?") else raw[5:], table)
            return False
        if low in ("gy", "graveyard", "graveyards"):
            self.con.print(render_zones(table, "graveyard"))
            return False
        if low in ("ex", "exile"):
            self.con.print(render_zones(table, "exile"))
            return False
        if low in ("b", "board"):
            self.con.print(render_board(table))
            self.con.print(render_prompt(prompt))
            return False
        if word == "log":
            start = 0 if rest == "all" else None
            t = build_table(self.game, self.human, log_from=start, compact=rest == "all")
            for line in t.log:
                self.con.print(render_log_line(line))
            return False
        if word == "rule":
            self.show_rule(rest)
            return False
        if low in ("m", "mana"):
            s = self.session.settings
            s.show_mana_abilities = not s.show_mana_abilities
            self.con.print(f"mana abilities {'shown' if s.show_mana_abilities else 'hidden'}")
            return True
        if low in ("tap", "manual", "autopay", "auto-pay"):
            s = self.session.settings
            s.auto_pay = not s.auto_pay
            self.con.print("auto-pay on" if s.auto_pay else "auto-pay off: you tap your lands by hand")
            return False
        if word in ("stop", "stops"):
            self.stops(rest)
            return False
        if low == "undo":
            return self.undo(prompt)
        if word == "save":
            self.save(raw[5:].strip())
            return False
        if low in ("q", "quit", "concede", "exit"):
            if self.confirm("Really concede? (y/N) "):
                self.concede()
                return True
            self.con.print("the game goes on")
            return False
        tokens = raw.replace(",", " ").split()
        return self.answer(prompt, tokens)

    def answer(self, prompt: Prompt, tokens: list[str]) -> bool:
        """Answer with the keys or ids typed: several in a multi-select, a blocker then its
        attacker; "K:C" picks the option K with its second pick C."""
        if len(tokens) > 1 and not prompt.multi:
            self.con.print("[red]one answer at a time here: enter a number from the list[/]")
            return False
        i = 0
        answered = False
        while i < len(tokens):
            current = self.session.prompt()
            if current is None or current.kind != prompt.kind:
                break
            key, _, choice_key = tokens[i].partition(":")
            option = find_option(current, key)
            if option is None:
                self.con.print(
                    f"[red]{escape(tokens[i])!r} is not an option here: enter a number from the list, "
                    "Enter for the default, or ? for help[/]"
                )
                return answered
            choice: str | None = choice_key or None
            if (
                choice is None
                and option.choices
                and prompt.kind == "blockers"
                and i + 1 < len(tokens)
                and any(c.key == tokens[i + 1] for c in option.choices)
            ):
                i += 1
                choice = tokens[i]
            if not self.pick(current, option, choice):
                return answered
            answered = True
            i += 1
        return True

    def pick(self, prompt: Prompt, option: PromptOption, choice: str | None) -> bool:
        if prompt.kind == "priority" and option.kind in ("play", "cast", "activate", "mana"):
            self.snapshot = self.game.copy()
            self.snapshot_at = self.ai_decisions
        try:
            self.session.answer(option.id, choice)
        except NeedsChoice as e:
            picks = "  ".join(f"[bold]{c.key}[/] {escape(c.label)}" for c in e.option.choices)
            self.con.print(f"{escape(option.label)}: {picks}")
            second = read("which? ").strip()
            if not second:
                return False
            try:
                self.session.answer(option.id, second)
            except (NeedsChoice, KeyError, IllegalActionError) as err:
                self.con.print(f"[red]{escape(str(err))}[/]")
                return False
        except (KeyError, IllegalActionError) as err:
            self.con.print(f"[red]{escape(str(err))}[/]")
            return False
        return True

    # ------------------------------------------------------------------ commands

    def show_card(self, what: str, table: Table) -> None:
        what = what.strip().lstrip("#")
        names = names_of(table)
        if re.fullmatch(r"\d{3}(\.\d+[a-z]?)?", what) and (
            "." in what or not card_info(self.game, table, int(what))
        ):
            self.show_rule(what)  # "? 704.5g": a rule cited by the log
            return
        if not what:
            self.con.print("? N shows the card with id #N; ? NAME a visible card by (part of) its name")
            return
        if what.isdigit():
            card = card_info(self.game, table, int(what))
            if card is None:
                self.con.print(f"[red]no card #{what} in sight[/]")
                return
            self.con.print(render_card(card, names))
            return
        found = find_cards(table, what, self.game)
        if not found:
            self.con.print(f"[red]no visible card named {escape(what)!r}[/]")
            return
        shown: set[str] = set()
        for card in found:
            if card.name in shown and card.zone != "battlefield":
                continue
            shown.add(card.name)
            self.con.print(render_card(card, names))

    def show_rule(self, number: str) -> None:
        r = rules_text.rule(number)
        if r is None:
            self.con.print(f"[red]no rule {escape(number)!r}[/]")
            return
        self.con.print(f"[bold cyan]{r.number}[/] {escape(r.text)}")
        for example in r.examples:
            self.con.print(f"[dim]{escape(example)}[/]")

    def stops(self, rest: str) -> None:
        s = self.session.settings
        words = rest.split()
        if not words:
            self.con.print(
                f"your turn: {', '.join(s.own_stops) or '-'}; the opponent's turn: "
                f"{', '.join(s.opponent_stops) or '-'}; combat: {'on' if s.combat_stops else 'off'}"
            )
            return
        own = words[0] not in ("opp", "opponent")
        step = words[-1] if own or len(words) > 1 else ""
        if step not in STEPS:
            self.con.print(f"[red]steps: {', '.join(STEPS)}[/]")
            return
        on = s.toggle_stop(step, own)
        whose = "your" if own else "the opponent's"
        self.con.print(f"{'stop' if on else 'no stop'} in {whose} {step.replace('_', ' ')} step")

    def undo(self, prompt: Prompt) -> bool:
        if any(o.id == "cancel" for o in prompt.options):
            self.session.answer("cancel")
            self.con.print("cancelled: the game is back as it was before (733)")
            self.shown = min(self.shown, len(self.game.log))
            return True
        snap = self.snapshot
        if snap is None or self.snapshot_at != self.ai_decisions or snap.state.rng != self.game.state.rng:
            self.con.print("[red]nothing to undo: the opponent has acted since, or nothing was done[/]")
            return False
        self.game = snap
        self.session.game = snap
        self.snapshot = None
        self.shown = min(self.shown, len(snap.log))
        self.con.print("undone: back to before your last action")
        return True

    def save(self, name: str) -> None:
        if not name:
            self.con.print("[red]save FILE: name the file to write[/]")
            return
        path = Path(name).expanduser()
        try:
            path.write_bytes(self.game.dumps())
        except OSError as e:
            self.con.print(f"[red]could not save: {escape(str(e))}[/]")
            return
        self.con.print(f"saved to {escape(str(path))}: resume with karn play --resume {escape(str(path))}")


def play_terminal(
    deck: str,
    ai_deck: str,
    seed: int | None,
    console: Console | None = None,
    resume: str | None = None,
    verbose: bool = False,
) -> int:
    """Play `deck` against the AI's `ai_deck` (or the game saved in `resume`)."""
    con = console or Console(highlight=False)
    if resume is not None:
        try:
            g = Game.loads(Path(resume).expanduser().read_bytes())
        except OSError as e:
            con.print(f"[red]karn: can't read {escape(resume)}: {escape(e.strerror or str(e))}[/]")
            return 2
        except CorruptSaveError as e:
            con.print(f"[red]karn: {escape(resume)} is not a karn game: {escape(str(e))}[/]")
            return 2
        names = [p.name for p in g.state.players]
        human = names.index("You") if "You" in names else YOU
        con.print(
            f"[bold]karn[/]: game resumed from {escape(resume)}, turn {g.state.turn}. ? for help, q to concede."
        )
        game = TerminalGame(g, con, human, verbose)
        game.shown = max(0, len(g.log) - 12)  # the last few lines, for context
        return game.run()
    seed = seed if seed is not None else random.randrange(1 << 30)
    g = Game.new(deck, ai_deck, seed=seed, names=("You", "AI"), auto_pass=True)
    con.print(
        f"[bold]karn[/]: you ({escape(deck)}) against the AI ({escape(ai_deck)}), seed {seed}. "
        "Enter takes the default answer; ? for help; q to concede."
    )
    return TerminalGame(g, con, verbose=verbose).run()
