"""Round robins between players, as ``epic sim`` plays them, where a player is a
built-in bot's name or any Python agent: a callable ``agent(game, seat) -> action``
that sees the game only through the seat's own methods (``observation``,
``action_mask``, ``labels``, ``view``).

    >>> from epic.tournament import play
    >>> def first(game, seat):
    ...     return 0
    >>> play({"first": first, "random": "random"}, games=10, seed=1).table()
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Callable, Union

from epic import Bot, Game

Agent = Callable[[Game, int], int]
Player = Union[str, Bot, Agent]


@dataclass
class Results:
    """Games, wins, losses and draws of each player, every seat and pairing counted."""

    games: dict[str, int] = field(default_factory=dict)
    wins: dict[str, int] = field(default_factory=dict)
    draws: dict[str, int] = field(default_factory=dict)

    def win_rate(self, name: str) -> float:
        """Wins over games, a draw counting half."""
        n = self.games.get(name, 0)
        return (self.wins.get(name, 0) + 0.5 * self.draws.get(name, 0)) / n if n else 0.0

    def table(self) -> str:
        """The results in words, best first."""
        names = sorted(self.games, key=self.win_rate, reverse=True)
        rows = [f"{'player':<16} {'games':>6} {'wins':>6} {'draws':>6} {'score':>7}"]
        for n in names:
            rows.append(
                f"{n:<16} {self.games[n]:>6} {self.wins.get(n, 0):>6} "
                f"{self.draws.get(n, 0):>6} {self.win_rate(n):>7.3f}"
            )
        return "\n".join(rows)


def _chooser(player: Player, seed: int) -> Agent:
    if isinstance(player, str):
        player = Bot(player, seed=seed)
    if isinstance(player, Bot):
        bot = player
        return lambda game, seat: bot.choose(game)
    if callable(player):
        return player
    raise TypeError(f"a player is a bot name, an epic.Bot or a callable, not {player!r}")


def play_game(
    players: list[Player], decks: list[Any], seed: int, max_decisions: int = 1_000_000
) -> Game:
    """One game, seat ``i`` played by ``players[i]`` with ``decks[i]``; returns it over."""
    if len(players) != len(decks):
        raise ValueError(f"{len(players)} players for {len(decks)} decks")
    game = Game(decks, seed=seed)
    choosers = [_chooser(p, seed * 31 + i) for i, p in enumerate(players)]
    if not play_out(game, choosers, max_decisions):
        raise RuntimeError(f"the game did not end within {max_decisions} decisions")
    return game


def play_out(
    game: Any,
    choosers: list[Agent],
    max_decisions: int,
    on_decision: Callable[[Any, int, int], None] | None = None,
) -> bool:
    """Plays ``game`` (either ruleset's) on, seat ``i`` choosing by ``choosers[i]``, for
    at most ``max_decisions`` decisions; ``on_decision(game, seat, action)`` sees each
    action before it is taken. Returns whether the game is over."""
    for _ in range(max_decisions):
        if game.is_over:
            return True
        seat = game.decider
        action = int(choosers[seat](game, seat))
        if on_decision is not None:
            on_decision(game, seat, action)
        game.apply(action)
    return game.is_over


def play(
    players: dict[str, Player],
    decks: tuple[Any, Any] | list[Any] = ("good", "evil"),
    games: int = 100,
    seed: int = 0,
) -> Results:
    """Every ordered pair of distinct players plays ``games`` two-player games with
    ``decks`` (seat 0 gets ``decks[0]``), seeds ``seed``, ``seed + 1``, …: each player
    plays each seat and deck equally."""
    if len(players) < 2:
        raise ValueError("a round robin needs two players or more")
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    results = Results()
    for a, b in itertools.permutations(players, 2):
        for k in range(games):
            game = play_game([players[a], players[b]], list(decks), seed + k)
            for seat, name in enumerate((a, b)):
                results.games[name] = results.games.get(name, 0) + 1
                winners = game.winners or []
                if not winners:
                    results.draws[name] = results.draws.get(name, 0) + 1
                elif seat in winners:
                    results.wins[name] = results.wins.get(name, 0) + 1
    return results
