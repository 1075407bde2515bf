"""The table an environment plays at: a game of any ruleset from one set of options.

``ruleset="2017"`` (decks ``good``, ``evil``, ``sage``, ``wild``, ``random``; formats and
variants of the 2017 game), ``ruleset="classic"`` (decks ``order`` and ``chaos``; the
classic formats, where a limited one deals ``players`` decks from the seed) or
``ruleset="multiverse"`` (decks ``blue``, ``red`` and ``black``; formats ``standard``
and ``mixed``): each is an :class:`epic.Game`, with the same observation, action mask
and action features interface, so an environment runs any of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from epic import RULESETS, Game

# A game of any ruleset: one class serves them all.
AnyGame = Game


def registered_name(ruleset: str, stem: str = "Epic", sep: str = "") -> str:
    """The name a ruleset is registered under in another library: ``stem`` for the
    default ruleset (the first of ``RULESETS``), ``stem`` and the ruleset's name for the
    others (``EpicClassic``; with ``sep="_"``, ``python_epic_classic``)."""
    if ruleset == RULESETS[0]:
        return stem
    suffix = ruleset if sep else ruleset.capitalize()
    return f"{stem}{sep}{suffix}"


@dataclass(frozen=True)
class Table:
    ruleset: str = "2017"
    decks: tuple[Any, ...] | None = None
    format: str | None = None
    variant: str = "ffa"
    team_size: int | None = None
    players: int | None = None

    def __post_init__(self) -> None:
        if self.ruleset not in RULESETS:
            raise ValueError(f"ruleset must be one of {RULESETS}, not {self.ruleset!r}")
        # Checks the table now, so a mistake is told at construction.
        self.game(0)

    def game(self, seed: int) -> AnyGame:
        """A new game at this table, dealt from ``seed``."""
        return Game(
            decks=list(self.decks) if self.decks is not None else None,
            seed=seed,
            format=self.format,
            variant=self.variant,
            team_size=self.team_size,
            players=self.players,
            ruleset=self.ruleset,
        )
