"""Simulation studies and self-play data across a Ray cluster.

    >>> import ray, epic.ray
    >>> ray.init()                     # a local cluster; ray.init(address="auto") joins one
    >>> study = epic.ray.study(["good", "evil", "sage", "wild"], ["random", "greedy"], games=100)
    >>> print(study.table())
    >>> data = epic.ray.self_play(games=200, bot="greedy", seed=1)

A study plays every pairing of decks (ordered, each deck on each seat) against every
pairing of bots (ordered, each bot on each seat), ``games`` games each. Self-play lets
one bot play both seats and keeps, for every decision, what the deciding seat observed,
its legal actions, the action taken and how the game ended for that seat: data to
train a policy and a value on.

Every game is dealt and its bots seeded from the run's seed and the game's place in the
run alone, and the pieces come back in order, so the numbers are the same on one
machine (``use_ray=False``) as on any cluster, however the work is split (``chunk``).
Without a running Ray, ``use_ray=True`` starts a local one (``ray.init()``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from epic import MAX_ACTIONS, Bot, mix
from epic.tables import Table
from epic.tournament import play_out


@dataclass(frozen=True)
class Pairing:
    """One cell of a study: the deck and the bot on each seat."""

    decks: tuple[str, str]
    bots: tuple[str, str]


@dataclass
class Tally:
    """Totals of a cell's games; two tallies add up, so chunks combine in any order."""

    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    unfinished: int = 0
    turns: int = 0
    decisions: int = 0

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        self.draws += other.draws
        self.unfinished += other.unfinished
        self.turns += other.turns
        self.decisions += other.decisions


@dataclass
class Study:
    """A study's results: a tally per pairing, in the order the pairings were made."""

    ruleset: str
    seed: int
    games: int
    pairings: list[Pairing]
    tallies: list[Tally]

    def scores(self) -> dict[str, float]:
        """Each bot's score over every game it played: wins and half the draws, over
        games (unfinished games count as draws)."""
        points: dict[str, float] = {}
        played: dict[str, int] = {}
        for pairing, tally in zip(self.pairings, self.tallies):
            for seat, bot in enumerate(pairing.bots):
                drawn = tally.draws + tally.unfinished
                points[bot] = points.get(bot, 0.0) + tally.wins[seat] + 0.5 * drawn
                played[bot] = played.get(bot, 0) + tally.games
        return {bot: points[bot] / played[bot] for bot in points}

    def table(self) -> str:
        """The results in words: a row per pairing, then each bot's score."""
        rows = [
            f"{'seat 0':<22} {'seat 1':<22} {'games':>6} {'wins 0':>7} {'wins 1':>7} "
            f"{'draws':>6} {'turns':>6}"
        ]
        for pairing, tally in zip(self.pairings, self.tallies):
            sides = [f"{b}:{d}" for b, d in zip(pairing.bots, pairing.decks)]
            turns = tally.turns / tally.games if tally.games else 0.0
            rows.append(
                f"{sides[0]:<22} {sides[1]:<22} {tally.games:>6} {tally.wins[0]:>7} "
                f"{tally.wins[1]:>7} {tally.draws + tally.unfinished:>6} {turns:>6.1f}"
            )
        rows.append("")
        for bot, score in sorted(self.scores().items(), key=lambda kv: -kv[1]):
            rows.append(f"{bot:<22} score {score:.3f}")
        return "\n".join(rows)

    def to_dict(self) -> dict[str, Any]:
        """The results as plain data (for JSON)."""
        return {
            "ruleset": self.ruleset,
            "seed": self.seed,
            "games": self.games,
            "cells": [
                {"decks": list(p.decks), "bots": list(p.bots), **vars(t)}
                for p, t in zip(self.pairings, self.tallies)
            ],
            "scores": self.scores(),
        }


def pairings(decks: Sequence[str], bots: Sequence[str]) -> list[Pairing]:
    """Every ordered pair of different decks (the one deck against itself when only one
    is given) against every ordered pair of different bots (likewise)."""

    def ordered(items: Sequence[str], what: str) -> list[tuple[str, str]]:
        items = [str(i) for i in items]
        if not items:
            raise ValueError(f"a study needs one {what} or more")
        if len(set(items)) != len(items):
            raise ValueError(f"each {what} is named once, not {items}")
        if len(items) == 1:
            return [(items[0], items[0])]
        return list(itertools.permutations(items, 2))

    return [
        Pairing(d, b) for d, b in itertools.product(ordered(decks, "deck"), ordered(bots, "bot"))
    ]


def _play(table: Table, bots: Sequence[str], seed: int, max_decisions: int, on_decision=None):
    """One game at ``table``, dealt from ``seed``, each seat played by its bot, seeded
    from the game's seed and the seat (:func:`epic.tournament.play_out`)."""
    game = table.game(seed)
    players = [Bot(name, seed=mix(seed, seat + 1)) for seat, name in enumerate(bots)]
    choosers = [lambda g, _seat, bot=bot: bot.choose(g) for bot in players]
    play_out(game, choosers, max_decisions, on_decision)
    return game


def _study_chunk(
    ruleset: str, pairing: Pairing, seed: int, cell: int, first: int, last: int, max_decisions: int
) -> Tally:
    """Games ``first`` to ``last - 1`` of the study's ``cell``."""
    table = Table(ruleset=ruleset, decks=pairing.decks)
    tally = Tally()
    for k in range(first, last):
        game = _play(table, pairing.bots, mix(seed, cell, k), max_decisions)
        tally.games += 1
        tally.turns += game.turn
        tally.decisions += game.history_len
        if not game.is_over:
            tally.unfinished += 1
        elif game.winners and len(game.winners) == 1:
            tally.wins[game.winners[0]] += 1
        else:
            tally.draws += 1
    return tally


def _self_play_chunk(
    ruleset: str,
    decks: tuple[str, str],
    bot: str,
    seed: int,
    first: int,
    last: int,
    max_decisions: int,
) -> dict[str, np.ndarray]:
    """The decisions of self-play games ``first`` to ``last - 1``."""
    table = Table(ruleset=ruleset, decks=decks)
    observations, masks, actions, seats, games, outcomes = [], [], [], [], [], []
    for k in range(first, last):
        start = len(actions)

        def keep(game, seat, action):
            observations.append(game.observation(seat))
            masks.append(game.action_mask(seat))
            actions.append(action)
            seats.append(seat)

        game = _play(table, (bot, bot), mix(seed, k), max_decisions, keep)
        rewards = game.rewards()
        games.extend([k] * (len(actions) - start))
        outcomes.extend(rewards[s] for s in seats[start:])
    size = table.game(0).observation_size
    return {
        "observation": np.array(observations, np.float32).reshape(-1, size),
        "action_mask": np.array(masks, np.int8).reshape(-1, MAX_ACTIONS),
        "action": np.array(actions, np.int64),
        "seat": np.array(seats, np.int64),
        "game": np.array(games, np.int64),
        "outcome": np.array(outcomes, np.float32),
    }


def _run(function: Callable, tasks: list[tuple], use_ray: bool) -> list:
    """``function(*task)`` for every task, in order: on the Ray cluster, or here."""
    if not use_ray:
        return [function(*task) for task in tasks]
    import ray

    if not ray.is_initialized():
        ray.init()
    remote = ray.remote(function)
    return ray.get([remote.remote(*task) for task in tasks])


def _chunks(games: int, chunk: int) -> list[tuple[int, int]]:
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if chunk < 1:
        raise ValueError(f"chunk must be at least 1, not {chunk}")
    return [(k, min(k + chunk, games)) for k in range(0, games, chunk)]


def study(
    decks: Sequence[str] = ("good", "evil", "sage", "wild"),
    bots: Sequence[str] = ("random", "greedy"),
    games: int = 100,
    seed: int = 0,
    ruleset: str = "2017",
    chunk: int = 25,
    max_decisions: int = 100_000,
    use_ray: bool = True,
) -> Study:
    """Plays ``games`` games of every pairing of ``decks`` and ``bots`` (see
    :func:`pairings`), in tasks of ``chunk`` games spread over the Ray cluster."""
    cells = pairings(decks, bots)
    for cell in cells:
        Table(ruleset=ruleset, decks=cell.decks)  # a bad deck is told before any work
        for bot in cell.bots:
            Bot(bot)
    tasks = [
        (ruleset, pairing, seed, cell, first, last, max_decisions)
        for cell, pairing in enumerate(cells)
        for first, last in _chunks(games, chunk)
    ]
    tallies = [Tally() for _ in cells]
    for task, tally in zip(tasks, _run(_study_chunk, tasks, use_ray)):
        tallies[task[3]].add(tally)
    return Study(ruleset, seed, games, cells, tallies)


def self_play(
    games: int = 100,
    bot: str = "greedy",
    decks: Sequence[str] = ("good", "evil"),
    seed: int = 0,
    ruleset: str = "2017",
    chunk: int = 10,
    max_decisions: int = 100_000,
    use_ray: bool = True,
) -> dict[str, np.ndarray]:
    """``games`` games of ``bot`` against itself, every decision kept: arrays
    ``observation`` (what the deciding seat observed), ``action_mask``, ``action``,
    ``seat``, ``game`` (its number in the run) and ``outcome`` (+1 if that seat went on
    to win, -1 if it lost, 0 for a draw), one row per decision, in game order. A
    2017 observation is about 13 KB, and a game some 300 decisions."""
    decks = tuple(str(d) for d in decks)
    if len(decks) != 2:
        raise ValueError(f"self-play takes two decks, not {len(decks)}")
    Table(ruleset=ruleset, decks=decks)
    Bot(bot)
    tasks = [
        (ruleset, decks, bot, seed, first, last, max_decisions)
        for first, last in _chunks(games, chunk)
    ]
    parts = _run(_self_play_chunk, tasks, use_ray)
    return {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}
