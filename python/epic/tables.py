"""The table an environment plays at: either ruleset's game from one set of options.

``ruleset="2017"`` makes :class:`epic.Game` (decks ``good``, ``evil``, ``sage``, ``wild``,
``random``; formats and variants of the 2017 game); ``ruleset="classic"`` makes
:class:`epic.ClassicGame` (decks ``order`` and ``chaos``; the classic formats, where a
limited one deals ``players`` decks from the seed). Both give the same observation,
action mask and action features interface, so an environment runs either.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from epic import ClassicGame, Game

RULESETS = ("2017", "classic")

AnyGame = Union[Game, ClassicGame]


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
        if self.ruleset == "classic" and (self.variant != "ffa" or self.team_size is not None):
            raise ValueError(
                "the classic game has no variants: every player plays for themselves "
                "(leave variant and team_size out)"
            )
        if self.ruleset == "2017" and self.players is not None:
            raise ValueError(
                "players is for the classic game's limited formats; a 2017 table has one "
                "seat per deck"
            )
        # Checks the table now, so a mistake is told at construction.
        self.game(0)

    def game(self, seed: int) -> AnyGame:
        """A new game at this table, dealt from ``seed``."""
        decks = list(self.decks) if self.decks is not None else None
        if self.ruleset == "classic":
            return ClassicGame(decks=decks, seed=seed, format=self.format, players=self.players)
        return Game(
            decks=decks if decks is not None else ["good", "evil"],
            seed=seed,
            format=self.format,
            variant=self.variant,
            team_size=self.team_size,
        )
