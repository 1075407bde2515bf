"""The PettingZoo and Gymnasium environments pass their libraries' own checkers, for
the 2017 game and the classic game."""

import functools

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import epic
import epic.gymnasium  # noqa: F401 (registers epic/Epic-v0)
from epic import CLASSIC_OPTION_KINDS
from epic.gymnasium import EpicEnv
from epic.pettingzoo import env, raw_env
from epic.tables import registered_name


def test_pettingzoo_api_test():
    api_test(env(), num_cycles=2000)


def test_pettingzoo_api_test_three_players_without_features():
    api_test(env(decks=["good", "evil", "sage"], action_features=False), num_cycles=2000)


def test_pettingzoo_seed_test():
    seed_test(env, num_cycles=500)


def play_out(e, seed):
    """Plays a whole game of `e` from `seed` with random legal actions; each agent's
    total reward."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        rewards[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return rewards


def test_pettingzoo_plays_whole_games_with_masks():
    e = env(decks=["wild", "sage"])
    for seed in range(3):
        rewards = play_out(e, seed)
        assert sorted(rewards.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_pettingzoo_refuses_an_illegal_action():
    e = raw_env()
    e.reset(seed=1)
    before = e.game.digest()
    with pytest.raises(ValueError, match="not legal"):
        e.step(255)
    assert e.game.digest() == before


def test_gymnasium_check_env():
    check_env(EpicEnv(), skip_render_check=False)
    check_env(gymnasium.make("epic/Epic-v0", opponent="greedy").unwrapped)


def test_gymnasium_episode_against_a_bot():
    environment = gymnasium.make("epic/Epic-v0", opponent="random", seat=1, render_mode="ansi")
    obs, info = environment.reset(seed=3)
    assert obs["action_mask"].any()
    done, total, steps = False, 0.0, 0
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, terminated, truncated, info = environment.step(int(legal[-1]))
        total += reward
        steps += 1
        done = terminated or truncated
    assert total in (-1.0, 0.0, 1.0) and steps > 10
    assert "Game over" in environment.render()


def test_gymnasium_illegal_action_penalty_or_error():
    e = EpicEnv()
    obs, _ = e.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = e.step(illegal)
    assert reward == -1.0 and terminated and info["illegal_action"]
    with pytest.raises(RuntimeError, match="reset"):
        e.step(0)
    strict = EpicEnv(illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(illegal)


def test_gymnasium_same_seed_same_episode():
    def episode(seed):
        e = EpicEnv(opponent="greedy")
        obs, _ = e.reset(seed=seed)
        trace = [obs["observation"].copy()]
        done = False
        while not done:
            obs, _, done, _, _ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
            trace.append(obs["observation"].copy())
        return trace

    a, b = episode(4), episode(4)
    assert len(a) == len(b) and all((x == y).all() for x, y in zip(a, b))


def test_classic_pettingzoo_api_and_seed_tests():
    api_test(env(ruleset="classic"), num_cycles=2000)
    api_test(
        env(ruleset="classic", format="pack-war", players=3, action_features=False),
        num_cycles=1000,
    )
    seed_test(functools.partial(env, ruleset="classic"), num_cycles=500)


def test_classic_pettingzoo_plays_whole_four_player_games():
    e = env(ruleset="classic", decks=["order", "chaos", "order", "chaos"], render_mode="ansi")
    assert (
        e.observation_space("player_0")["action_features"].shape[1]
        == len(CLASSIC_OPTION_KINDS) + 12
    )
    for seed in range(2):
        rewards = play_out(e, seed)
        # One winner and three losers, or a draw; seats put out early got their -1 then.
        assert sorted(rewards.values()) in ([-1.0, -1.0, -1.0, 1.0], [0.0] * 4)
    assert "Game over" in e.render()


def test_classic_gymnasium_check_env_and_an_episode_against_greedy():
    check_env(EpicEnv(ruleset="classic"), skip_render_check=False)
    environment = gymnasium.make("epic/EpicClassic-v0", opponent="greedy", render_mode="ansi")
    obs, _ = environment.reset(seed=5)
    done, total = False, 0.0
    while not done:
        obs, reward, terminated, truncated, info = environment.step(
            int(np.flatnonzero(obs["action_mask"])[0])
        )
        total += reward
        done = terminated or truncated
    assert total in (-1.0, 0.0, 1.0)
    assert info["decision_kind"] is None and "Game over" in environment.render()


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(ruleset="chess"), "ruleset must be one of"),
        (dict(ruleset="classic", variant="hydra"), "free-for-all"),
        (dict(ruleset="classic", decks=["good", "evil"]), "unknown deck 'good'"),
        (dict(decks=["good", "evil"], players=3), "one deck per seat, or players"),
    ],
)
def test_a_table_that_cannot_be_played_is_told_at_construction(kwargs, message):
    with pytest.raises(ValueError, match=message):
        env(**kwargs)
    with pytest.raises(ValueError, match=message):
        EpicEnv(**kwargs)


def test_pettingzoo_truncates_at_max_decisions_and_passes_its_checks():
    api_test(env(max_decisions=40), num_cycles=500)
    e = env(max_decisions=25)
    e.reset(seed=4)
    truncated_agents = set()
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            if truncated:
                truncated_agents.add(agent)
                assert reward == 0.0
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert truncated_agents == {"player_0", "player_1"}
    assert e.unwrapped.game.history_len == 25 and not e.unwrapped.game.is_over


def test_pettingzoo_refuses_a_step_before_reset():
    e = env()
    with pytest.raises(Exception, match="reset"):
        e.step(0)


def test_gymnasium_truncates_and_ends_with_a_usable_mask():
    e = EpicEnv(opponent="random", max_decisions=30)
    obs, _ = e.reset(seed=2)
    done = False
    while not done:
        obs, reward, terminated, truncated, _ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        done = terminated or truncated
    assert truncated and not terminated and reward == 0.0
    assert e.game.history_len >= 30
    # The last observation: action 0 alone, in the mask and in action_masks().
    assert obs["action_mask"][0] == 1 and obs["action_mask"].sum() == 1
    assert e.action_masks()[0] and e.action_masks().sum() == 1
    with pytest.raises(ValueError, match="max_decisions"):
        EpicEnv(max_decisions=0)


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_gymnasium_vector_environments_with_a_masked_policy(mode):
    """Gymnasium's vector environments step once more after an episode ends to reset it;
    a policy that samples from the mask must always find an action, and episodes end."""
    envs = gymnasium.make_vec(
        "epic/Epic-v0",
        num_envs=2,
        vectorization_mode=mode,
        opponent="random",
        max_decisions=60,
        action_features=False,
    )
    obs, _ = envs.reset(seed=7)
    rng = np.random.default_rng(7)
    ended = 0
    try:
        for _ in range(300):
            masks = obs["action_mask"]
            assert masks.any(axis=1).all()
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
            obs, _, terminated, truncated, _ = envs.step(actions)
            ended += int(terminated.sum() + truncated.sum())
    finally:
        envs.close()
    assert ended >= 2


def test_every_ruleset_of_the_registry_has_a_gymnasium_id():
    ids = [f"epic/{name}-v0" for name in ("Epic", "EpicClassic", "EpicMultiverse")]
    assert [f"epic/{registered_name(r)}-v0" for r in epic.RULESETS] == ids
    for ruleset, id in zip(epic.RULESETS, ids):
        environment = gymnasium.make(id)
        assert environment.unwrapped.table.ruleset == ruleset
        assert environment.spec.max_episode_steps == epic.MAX_DECISIONS
