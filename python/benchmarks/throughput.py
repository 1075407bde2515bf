"""Throughput of the Python package, as the README reports it.

    python python/benchmarks/throughput.py            # after `pip install ./python`
    python python/benchmarks/throughput.py --json     # the same figures for programs

Measures one game stepped from Python (random legal actions), the time to build a
seat's observation, mask and action features, and the vectorised environment on every
core. With OpenSpiel installed (`pip install open_spiel`), steps its C++ card games
from Python the same way, side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np

import epic

SECONDS = 2.0


def rate(step, seconds=SECONDS):
    """Calls of `step` per second over about `seconds` (each call reports its count)."""
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += step()
    return done / elapsed


def single_game():
    rng = np.random.default_rng(0)
    uniform = rng.random(1 << 20)
    state = {"game": epic.Game(seed=0), "k": 0, "games": 0}

    def step():
        game = state["game"]
        for _ in range(1000):
            if game.is_over:
                state["games"] += 1
                game = state["game"] = epic.Game(seed=state["games"])
            k = state["k"] = (state["k"] + 1) & ((1 << 20) - 1)
            game.apply(int(uniform[k] * game.num_options))
        return 1000

    return rate(step)


def per_call_ns():
    """Nanoseconds per call of each per-seat array, over positions of random games."""
    rng = np.random.default_rng(1)
    games = []
    game = epic.Game(seed=1)
    while len(games) < 200:
        if game.is_over:
            game = epic.Game(seed=len(games))
        game.apply(int(rng.integers(game.num_options)))
        if rng.random() < 0.05:
            games.append(game.clone())
    out = {}
    for name in ("observation", "action_mask", "action_features"):
        start = time.perf_counter()
        calls = 0
        while time.perf_counter() - start < SECONDS:
            for g in games:
                getattr(g, name)(g.decider if g.decider is not None else 0)
            calls += len(games)
        out[name] = (time.perf_counter() - start) / calls * 1e9
    return out


def vectorised(num_envs, observe, features, ruleset="2017"):
    """Every game of a `VecEnv` stepped with a random legal action (the legal actions are
    the first ones of each mask row), the choice drawn in numpy as a learner would."""
    env = epic.VecEnv(num_envs, seed=2, observe=observe, action_features=features, ruleset=ruleset)
    rng = np.random.default_rng(2)
    holder = {"mask": env.observe()[1]}

    def step():
        counts = holder["mask"].sum(axis=1)
        actions = (rng.random(num_envs) * counts).astype(np.int64)
        holder["mask"] = env.step(actions)[1]
        return num_envs

    return rate(step)


def open_spiel_games():
    """OpenSpiel's card games stepped from Python with random legal actions, and Epic as
    an OpenSpiel game (``python_epic``) the same way."""
    try:
        import pyspiel

        import epic.openspiel  # noqa: F401 (registers python_epic)
    except ImportError:
        return None
    out = {}
    for name in ("python_epic", "leduc_poker", "kuhn_poker", "hearts", "bridge", "gin_rummy"):
        try:
            game = pyspiel.load_game(name)
        except Exception:  # noqa: BLE001 (a build without the game)
            continue
        rng = np.random.default_rng(3)
        holder = {"state": game.new_initial_state()}

        def step(game=game, rng=rng, holder=holder):
            for _ in range(1000):
                state = holder["state"]
                if state.is_terminal():
                    state = holder["state"] = game.new_initial_state()
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rng.integers(len(legal)))])
            return 1000

        out[name] = {
            "steps_per_second": rate(step),
            "observation_and_mask_ns": tensor_ns(pyspiel, game),
        }
    return out


def tensor_ns(pyspiel, game):
    """Nanoseconds to build an OpenSpiel state's observation (or, where the game has
    none, information-state) tensor and legal-action mask; None if it has neither."""
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = max(state.current_player(), 0)
    for tensor in (state.observation_tensor, state.information_state_tensor):
        try:
            tensor(player)
        except pyspiel.SpielError:
            continue
        start, calls = time.perf_counter(), 0
        while time.perf_counter() - start < SECONDS / 2:
            tensor(player)
            state.legal_actions_mask(player)
            calls += 1
        return (time.perf_counter() - start) / calls * 1e9
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = {
        "cores": os.cpu_count(),
        "single_game_steps_per_second": single_game(),
        "per_call_ns": per_call_ns(),
        "vectorised_steps_per_second": {
            "no_observation": vectorised(4096, False, False),
            "observation": vectorised(1024, True, False),
            "observation_and_action_features": vectorised(1024, True, True),
            "classic_no_observation": vectorised(4096, False, False, "classic"),
            "classic_observation": vectorised(1024, True, False, "classic"),
        },
        "open_spiel": open_spiel_games(),
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"One game stepped from Python: {figures['single_game_steps_per_second']:,.0f} steps/s")
    for name, ns in figures["per_call_ns"].items():
        print(f"  {name}(seat): {ns:,.0f} ns per call")
    print(f"VecEnv on {figures['cores']} cores:")
    for name, r in figures["vectorised_steps_per_second"].items():
        print(f"  {name.replace('_', ' ')}: {r:,.0f} steps/s")
    if figures["open_spiel"] is None:
        print("OpenSpiel: not installed (pip install open_spiel)")
    else:
        for name, f in figures["open_spiel"].items():
            ns = f["observation_and_mask_ns"]
            tensors = "no tensor" if ns is None else f"observation and mask {ns:,.0f} ns"
            print(f"OpenSpiel {name}: {f['steps_per_second']:,.0f} steps/s, {tensors}")


if __name__ == "__main__":
    main()
