"""A player at a game: the table they see, their settings, and answering by option id.

:class:`PlayerSession` is what a front end holds per seat: it builds the
:class:`~karn.table.model.Table`, applies the player's answers (by the prompt's stable
option ids, with multi-select and pass settings) and passes priority for them where
their :class:`~karn.table.autopass.AutoPass` settings say so.
"""

from __future__ import annotations

from karn.engine.actions import Action
from karn.game import Game
from karn.table.autopass import AutoPass, auto_answer
from karn.table.build import build_table, voice_for
from karn.table.model import Prompt, PromptOption, Table
from karn.table.prompt import PASS_TURN, PASS_UNTIL_MINE, actions_for, build_prompt, find_option


class NeedsChoice(ValueError):
    """The option needs a second pick (a blocker's attacker): ``option.choices`` lists them."""

    def __init__(self, option: PromptOption) -> None:
        super().__init__(
            f"{option.label}: pick one of " + ", ".join(f"{c.key}. {c.label}" for c in option.choices)
        )
        self.option = option


class PlayerSession:
    """One player's seat at `game` (`player`: their index), with their settings."""

    def __init__(self, game: Game, player: int, settings: AutoPass | None = None) -> None:
        self.game = game
        self.player = player
        self.settings = settings if settings is not None else AutoPass()

    def deciding(self) -> bool:
        d = self.game.decision
        return d is not None and d.player == self.player and not self.game.is_over()

    def table(self, log_from: int | None = None, compact: bool = True) -> Table:
        return build_table(self.game, self.player, self.settings, log_from, compact)

    def prompt(self) -> Prompt | None:
        """The player's prompt (None: someone else decides, or the game is over)."""
        if not self.deciding():
            return None
        g = self.game
        obs = g.observation(self.player, len(g.log))
        return build_prompt(obs, voice_for(g, self.player), self.settings.show_mana_abilities)

    def auto_step(self) -> tuple[Action | None, str]:
        """Answer one decision for the player if their settings say so; returns the action
        taken (None: the player must decide) and why."""
        if not self.deciding():
            return None, "not your decision"
        g = self.game
        obs = g.observation(self.player, len(g.log))
        action, why = auto_answer(obs, g.legal_actions(), self.settings)
        if action is not None:
            g.apply(action, player=self.player)
        return action, why

    def auto_pass(self, limit: int = 10_000) -> int:
        """Answer for the player while their settings say so; how many answers were given."""
        n = 0
        while n < limit:
            action, _ = self.auto_step()
            if action is None:
                return n
            n += 1
        return n

    def answer(self, option_id: str, choice: str | None = None) -> list[Action]:
        """Answer the prompt with the option of this id or key (`choice`: its second
        pick; a second pick's id alone names its option too). Returns the engine actions applied. A pass setting applies its first pass.
        Raises :class:`NeedsChoice` when the option needs a second pick, ``KeyError`` for
        an id that is not an option now."""
        prompt = self.prompt()
        if prompt is None:
            raise KeyError("no decision of yours is pending")
        option = find_option(prompt, option_id)
        if option is None:
            # A second pick's id given alone ("block:23:17", "attack:17:-2"): its option.
            for o in prompt.options:
                if any(c.id == option_id for c in o.choices):
                    option, choice = o, option_id
                    break
        if option is None:
            raise KeyError(f"no option {option_id!r} now")
        g = self.game
        if prompt.kind == "priority":
            self.settings.saw(g.observation(self.player, len(g.log)))
        if option.id == PASS_TURN:
            self.settings.pass_until_end_of_turn(g.state.turn)
            acts = [Action("pass")]
        elif option.id == PASS_UNTIL_MINE:
            self.settings.pass_until_my_turn(g.state.turn)
            acts = [Action("pass")]
        else:
            obs = g.observation(self.player, len(g.log))
            acts = actions_for(prompt, option, choice, obs)
            if not acts:
                raise NeedsChoice(option)
        done = []
        for a in acts:
            g.apply(a, player=self.player)
            done.append(a)
            if not self.deciding():
                break
        return done
