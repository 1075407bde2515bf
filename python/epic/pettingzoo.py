"""Epic as a PettingZoo AEC environment, after the conventions of PettingZoo's classic
card games: agents ``player_0`` … ``player_{n-1}``, observations that are dicts holding
the seat's ``observation`` vector and its ``action_mask`` (and, by default, the
``action_features`` saying what each action does), a ``Discrete(MAX_ACTIONS)`` action
space, and a reward of +1 for a win, -1 for a loss, 0 for a draw at the end.

``ruleset="classic"`` plays the classic game (the 2009 Epic Trading Card Game) with its
own observation and action features (docs/python.md); everything else is the same.

The agent to act is the seat the game waits on, so one agent often acts several times in
a row (a turn is many decisions). A seat eliminated before the end (three players or
more) is terminated then, with -1. An illegal action raises ``ValueError`` and changes
nothing. A game still going after ``max_decisions`` decisions (default
:data:`epic.MAX_DECISIONS`) is cut short: every agent still in it is truncated, reward 0.
``env()`` wraps the environment in PettingZoo's order enforcing, so a ``step`` or
``observe`` before ``reset`` is a clear error.

    >>> from epic.pettingzoo import env
    >>> e = env(decks=["good", "evil"])
    >>> e.reset(seed=1)
    >>> classic = env(ruleset="classic", decks=["order", "chaos"])
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from epic import MAX_ACTIONS, MAX_DECISIONS
from epic.render import board_text
from epic.spaces import observation_space, observe
from epic.tables import AnyGame, Table


def env(**kwargs: Any) -> AECEnv:
    """The environment (PettingZoo's usual entry point), wrapped in its order
    enforcing; the keyword arguments are :class:`raw_env`'s."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for it)
    metadata = {
        "render_modes": ["human", "ansi"],
        "render_fps": 4,
        "name": "epic_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        decks: list[Any] | tuple[Any, ...] | None = None,
        format: str | None = None,  # noqa: A002 (the engine's word)
        variant: str = "ffa",
        team_size: int | None = None,
        action_features: bool = True,
        ruleset: str = "2017",
        players: int | None = None,
        render_mode: str | None = None,
        max_decisions: int = MAX_DECISIONS,
    ) -> None:
        super().__init__()
        if max_decisions < 1:
            raise ValueError(f"max_decisions must be at least 1, not {max_decisions}")
        self.max_decisions = int(max_decisions)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}"
            )
        self.table = Table(
            ruleset=ruleset,
            decks=tuple(decks) if decks is not None else None,
            format=format,
            variant=variant,
            team_size=team_size,
            players=players,
        )
        probe = self.table.game(0)
        self._features = action_features
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(probe.seats)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        space = observation_space(probe, action_features)
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(MAX_ACTIONS) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.game: AnyGame | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return observe(self.game, self.agent_name_mapping[agent], self._features)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game = self.table.game(int(self._rng.integers(2**63)))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self.game.decider]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for a terminated agent")
        self.game.apply(int(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.game.is_over:
            for a, r in zip(self.possible_agents, self.game.rewards()):
                if a in self.agents:
                    self.rewards[a] = float(r)
                    self.terminations[a] = True
        elif self.game.history_len >= self.max_decisions:
            for a in self.agents:
                self.truncations[a] = True
        else:
            for a, out in zip(self.possible_agents, self.game.eliminated):
                if out and a in self.agents and not self.terminations[a]:
                    self.rewards[a] = -1.0
                    self.terminations[a] = True
            self.agent_selection = self.possible_agents[self.game.decider]
        self._accumulate_rewards()
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        seat = self.agent_name_mapping.get(self.agent_selection, 0)
        text = board_text(self.game, seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game = None
