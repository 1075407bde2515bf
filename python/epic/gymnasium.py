"""Epic as a single-agent Gymnasium environment: the learner plays one seat and a
built-in bot plays every other seat (inside the engine, between the learner's steps).

Observations are dicts holding the seat's ``observation`` vector, its ``action_mask``
and, by default, the ``action_features`` of each action; the action space is
``Discrete(MAX_ACTIONS)``. ``action_masks()`` gives the mask too, as masked-action
learners (sb3-contrib's MaskablePPO) ask for it. The reward is +1 for a win, -1 for a
loss, 0 for a draw, at the end.

An illegal action ends the episode with ``illegal_reward`` (default -1) and
``info["illegal_action"] = True`` unless ``illegal_action="raise"``, which raises
``ValueError`` and changes nothing.

A game still going after ``max_decisions`` decisions (every seat's; default
:data:`epic.MAX_DECISIONS`) is cut short: ``truncated=True``, reward 0. The last
observation of an episode, ended or cut short, has action 0 alone in its mask: a masked
policy always has an action to sample, and a vector environment's step that resets the
episode ignores it.

``ruleset="classic"`` plays the classic game (the 2009 Epic Trading Card Game), also
registered as ``"epic/EpicClassic-v0"``, the multiverse game as ``"epic/EpicMultiverse-v0"``.

    >>> import gymnasium, epic.gymnasium
    >>> env = gymnasium.make("epic/Epic-v0", opponent="greedy")
    >>> classic = gymnasium.make("epic/EpicClassic-v0", opponent="greedy")
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from epic import MAX_ACTIONS, MAX_DECISIONS, RULESETS, Bot
from epic.render import board_text
from epic.spaces import observation_space, observe
from epic.tables import AnyGame, Table, registered_name


class EpicEnv(gym.Env):
    metadata = {"render_modes": ["human", "ansi"], "render_fps": 4}

    def __init__(
        self,
        decks: list[Any] | tuple[Any, ...] | None = None,
        seat: int = 0,
        opponent: str = "random",
        format: str | None = None,  # noqa: A002 (the engine's word)
        variant: str = "ffa",
        team_size: int | None = None,
        action_features: bool = True,
        illegal_action: str = "penalty",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        ruleset: str = "2017",
        players: int | None = None,
        max_decisions: int = MAX_DECISIONS,
    ) -> None:
        if illegal_action not in ("penalty", "raise"):
            raise ValueError(f"illegal_action must be 'penalty' or 'raise', not {illegal_action!r}")
        if max_decisions < 1:
            raise ValueError(f"max_decisions must be at least 1, not {max_decisions}")
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
        if not 0 <= seat < probe.seats:
            raise ValueError(f"seat {seat} is not at the table (seats 0 to {probe.seats - 1})")
        Bot(opponent)  # an unknown name is told now
        self.seat = seat
        self.opponent = opponent
        self._features = action_features
        self._illegal = illegal_action
        self._illegal_reward = float(illegal_reward)
        self.max_decisions = int(max_decisions)
        self.render_mode = render_mode
        self.observation_space = observation_space(probe, action_features)
        self.action_space = spaces.Discrete(MAX_ACTIONS)
        self.game: AnyGame | None = None
        self._bots: dict[int, Bot] = {}
        self._done = False

    def _observe(self) -> dict[str, np.ndarray]:
        obs = observe(self.game, self.seat, self._features)
        if self._done:
            obs["action_mask"][:] = 0
            obs["action_mask"][0] = 1
        return obs

    def _truncated(self) -> bool:
        return not self.game.is_over and self.game.history_len >= self.max_decisions

    def _info(self) -> dict[str, Any]:
        return {"decision_kind": self.game.decision_kind, "turn": self.game.turn}

    def _play_others(self) -> None:
        game = self.game
        while not game.is_over and game.decider != self.seat and not self._truncated():
            game.apply(self._bots[game.decider].choose(game))

    def reset(
        self, *, seed: int | None = None, options: dict | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**63))
        self.game = self.table.game(game_seed)
        self._bots = {
            s: Bot(self.opponent, seed=game_seed + s)
            for s in range(self.game.seats)
            if s != self.seat
        }
        self._play_others()
        self._done = self.game.is_over or self._truncated()
        return self._observe(), self._info()

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (sb3-contrib's masked-action interface); after
        the episode, action 0 alone, as in the last observation."""
        return self._observe()["action_mask"].astype(bool)

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.game is None:
            raise RuntimeError("call reset() before step()")
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        action = int(action)
        if not 0 <= action < MAX_ACTIONS or not self.game.action_mask(self.seat)[action]:
            if self._illegal == "raise":
                self.game.apply(action)  # raises ValueError with the legal actions
            self._done = True
            info = self._info() | {"illegal_action": True}
            return self._observe(), self._illegal_reward, True, False, info
        self.game.apply(action)
        self._play_others()
        terminated = self.game.is_over
        truncated = self._truncated()
        self._done = terminated or truncated
        reward = float(self.game.rewards()[self.seat]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = board_text(self.game, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


# One id a ruleset of the registry (``epic/Epic-v0``, ``epic/EpicClassic-v0``, …). The
# learner takes at most every decision of a game, so the time limit is the same bound as
# ``max_decisions``, stated where Gymnasium's tools look for it.
for _ruleset in RULESETS:
    _id = f"epic/{registered_name(_ruleset)}-v0"
    if _id not in gym.registry:
        gym.register(
            id=_id,
            entry_point=EpicEnv,
            kwargs={"ruleset": _ruleset},
            max_episode_steps=MAX_DECISIONS,
        )
