"""The observation both environments give a seat, and its Gymnasium space: a dict of
the ``observation`` vector, the ``action_mask`` (int8, the package's one mask type, as
PettingZoo's classic games give it) and, when asked for, the ``action_features`` of each
action. The sizes are the game's own, so either ruleset's game fits."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from epic import HIGH, LOW, MAX_ACTIONS
from epic.tables import AnyGame


def observation_space(game: AnyGame, action_features: bool) -> spaces.Dict:
    fields: dict[str, spaces.Space] = {
        "observation": spaces.Box(LOW, HIGH, (game.observation_size,), np.float32),
        "action_mask": spaces.Box(0, 1, (MAX_ACTIONS,), np.int8),
    }
    if action_features:
        fields["action_features"] = spaces.Box(
            LOW, HIGH, (MAX_ACTIONS, game.action_feature_size), np.float32
        )
    return spaces.Dict(fields)


def observe(game: AnyGame, seat: int, action_features: bool) -> dict[str, np.ndarray]:
    obs = {
        "observation": game.observation(seat),
        "action_mask": game.action_mask(seat),
    }
    if action_features:
        obs["action_features"] = game.action_features(seat)
    return obs
