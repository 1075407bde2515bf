"""Epic, the card game, for AI research.

The engine (Rust) plays the 2017 Complete Rules with every real card, and the classic
game of 2009. This package gives them to Python:

- :class:`Game`: one game of any ruleset (``ruleset="2017"``, the default, or
  ``"classic"``) over the engine's decision interface: its per-seat observation tensor,
  fixed action space and legal-action mask, labels, views, events, samples, saves.
- :class:`Bot`: the built-in players (``random``, ``greedy``, the ISMCTS search and
  its levels ``easy``, ``medium``, ``hard``).
- :class:`VecEnv`: many games stepped in one call, in parallel, without the GIL.
- :func:`mix`: the seed of a game from a run's seed and its place in the run
  (SplitMix64), as ``VecEnv`` and :mod:`epic.ray` deal them; :data:`MAX_DECISIONS`: where
  the environments cut a game short unless told otherwise.
- :mod:`epic.pettingzoo`: a PettingZoo AEC environment (``epic.pettingzoo.env()``;
  ``ruleset="classic"`` for the classic game).
- :mod:`epic.gymnasium`: a single-agent Gymnasium environment (``"epic/Epic-v0"``,
  ``"epic/EpicClassic-v0"``).
- :mod:`epic.openspiel`: Epic registered as the OpenSpiel games ``python_epic`` and
  ``python_epic_classic``.
- :func:`epic.tournament.play`: Python agents and built-in bots in a round robin.
- :mod:`epic.ray`: simulation studies and self-play data across a Ray cluster.

Everything a seat receives is built from what that seat may know (docs/python.md).
"""

from epic._epic import (
    ACTION_FEATURES,
    BOT_NAMES,
    CHAMPION_FEATURES,
    CHAMPION_SLOTS,
    CLASSIC_DECK_NAMES,
    CLASSIC_FACE_DOWN,
    CLASSIC_OPTION_KINDS,
    DECK_NAMES,
    MAX_ACTIONS,
    MAX_DECISIONS,
    OPTION_KINDS,
    PLAYER_FEATURES,
    RULESETS,
    Bot,
    Game,
    VecEnv,
    __version__,
    card_names,
    classic_card_names,
    mix,
    rulesets,
)

# The bounds of every number in an observation or an action feature: health saturates
# at the limits of a 32-bit integer, and nothing else comes near them.
LOW = -(2.0**31)
HIGH = 2.0**31

__all__ = [
    "HIGH",
    "LOW",
    "ACTION_FEATURES",
    "BOT_NAMES",
    "CHAMPION_FEATURES",
    "CHAMPION_SLOTS",
    "CLASSIC_DECK_NAMES",
    "CLASSIC_FACE_DOWN",
    "CLASSIC_OPTION_KINDS",
    "DECK_NAMES",
    "MAX_ACTIONS",
    "MAX_DECISIONS",
    "OPTION_KINDS",
    "PLAYER_FEATURES",
    "RULESETS",
    "Bot",
    "Game",
    "VecEnv",
    "__version__",
    "card_names",
    "classic_card_names",
    "mix",
    "rulesets",
]
