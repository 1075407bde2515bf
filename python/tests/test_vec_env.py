"""The vectorised environment: the same games as one at a time, every game dealt again
when it ends, refusals that change nothing."""

import numpy as np
import pytest

from epic import MAX_ACTIONS, RULESETS, Game, VecEnv, mix


def random_actions(mask, rng):
    counts = mask.sum(axis=1)
    return (rng.random(len(counts)) * counts).astype(np.int64)


@pytest.mark.parametrize(
    ("ruleset", "decks", "steps"),
    # Enough steps for random games to end and be dealt again.
    [
        ("2017", ["good", "evil"], 400),
        ("classic", ["order", "chaos"], 400),
        ("multiverse", ["red", "black"], 2000),
    ],
)
def test_self_play_steps_match_single_games(ruleset, decks, steps):
    env = VecEnv(4, decks=decks, seed=100, threads=2, ruleset=ruleset)
    obs, mask, features, to_play = env.observe()
    # Game k of env i is dealt from mix(seed, k * num_envs + i).
    games = [Game(decks, seed=mix(100, i), ruleset=ruleset) for i in range(4)]
    dealt = [0] * 4
    width = games[0].action_feature_size
    assert env.observation_size == games[0].observation_size
    assert env.action_feature_size == width
    assert obs.shape == (4, env.observation_size)
    assert mask.shape == (4, MAX_ACTIONS) and features.shape == (4, MAX_ACTIONS, width)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(steps):
        for i, g in enumerate(games):
            assert to_play[i] == g.decider
            assert (obs[i] == g.observation(g.decider)).all()
            assert (mask[i] == g.action_mask(g.decider)).all()
            assert (features[i] == g.action_features(g.decider)).all()
        actions = random_actions(mask, rng)
        obs, mask, features, rewards, terminated, truncated, to_play = env.step(actions)
        assert not truncated.any()
        for i, g in enumerate(games):
            g.apply(int(actions[i]))
            if g.is_over:
                ended += 1
                assert terminated[i] == 1 and list(rewards[i]) == g.rewards()
                dealt[i] += 1
                games[i] = Game(decks, seed=mix(100, dealt[i] * 4 + i), ruleset=ruleset)
            else:
                assert terminated[i] == 0 and not rewards[i].any()
    assert ended > 0, "no game ended: dealing again went untested"


def test_games_end_and_are_dealt_again():
    env = VecEnv(16, seed=1, observe=False, action_features=False)
    obs, mask, features, _ = env.observe()
    assert obs is None and features is None
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(3000):
        _, mask, _, rewards, terminated, _, to_play = env.step(random_actions(mask, rng))
        finished += int(terminated.sum())
        assert (rewards[terminated == 1].sum(axis=1) == 0).all()
        assert (to_play >= 0).all() and mask.any(axis=1).all()
    assert finished > 16


@pytest.mark.parametrize("ruleset", RULESETS)
def test_against_a_bot_the_learner_always_decides(ruleset):
    env = VecEnv(8, seed=3, opponent="random", seat=1, ruleset=ruleset)
    _, mask, _, to_play = env.observe()
    rng = np.random.default_rng(3)
    wins = 0
    for _ in range(2000):
        assert (to_play == 1).all()
        _, mask, _, rewards, terminated, _, to_play = env.step(random_actions(mask, rng))
        wins += int((rewards[:, 1] == 1).sum())
    assert wins > 0


def test_the_same_seed_gives_the_same_batch():
    a, b = VecEnv(8, seed=9), VecEnv(8, seed=9, threads=1)
    rng_a, rng_b = np.random.default_rng(2), np.random.default_rng(2)
    mask_a, mask_b = a.observe()[1], b.observe()[1]
    for _ in range(200):
        out_a = a.step(random_actions(mask_a, rng_a))
        out_b = b.step(random_actions(mask_b, rng_b))
        mask_a, mask_b = out_a[1], out_b[1]
        for x, y in zip(out_a, out_b):
            assert (x == y).all()


def test_bad_arguments_and_illegal_actions_are_refused():
    with pytest.raises(ValueError, match="num_envs"):
        VecEnv(0)
    with pytest.raises(ValueError, match="unknown bot"):
        VecEnv(2, opponent="nobody")
    with pytest.raises(ValueError, match="seat 5"):
        VecEnv(2, opponent="random", seat=5)
    with pytest.raises(ValueError, match="seat 2"):
        VecEnv(2, opponent="greedy", seat=2, ruleset="classic")
    with pytest.raises(ValueError, match="unknown ruleset 'chess'"):
        VecEnv(2, ruleset="chess")
    with pytest.raises(ValueError, match="free-for-all"):
        VecEnv(2, ruleset="classic", variant="hydra")
    with pytest.raises(ValueError, match="one deck per seat, or players"):
        VecEnv(2, decks=["good", "evil"], players=3)
    with pytest.raises(ValueError, match="unknown deck 'good'"):
        VecEnv(2, ruleset="classic", decks=["good", "evil"])
    # Without decks, players seats each play their usual deck, in any ruleset.
    assert VecEnv(2, players=3, threads=1).seats == 3
    env = VecEnv(2, seed=1)
    before = env.observe()[0].copy()
    with pytest.raises(ValueError, match="not legal in game 1"):
        env.step(np.array([0, MAX_ACTIONS], dtype=np.int64))
    with pytest.raises(ValueError, match="one action per game"):
        env.step(np.array([0], dtype=np.int64))
    assert (env.observe()[0] == before).all()


def test_neighbouring_seeds_share_no_deal():
    """Row 1 of seed 0 and row 0 of seed 1 were once the same game; with seeds mixed,
    no row of one batch is a row of the other."""
    a, b = VecEnv(4, seed=0, action_features=False), VecEnv(4, seed=1, action_features=False)
    obs_a, obs_b = a.observe()[0], b.observe()[0]
    for i in range(4):
        for j in range(4):
            assert not (obs_a[i] == obs_b[j]).all()
    assert mix(0, 1) != mix(1, 0) and mix(-1) == mix(2**64 - 1)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_games_past_max_decisions_are_truncated_and_dealt_again(ruleset):
    env = VecEnv(4, seed=5, ruleset=ruleset, max_decisions=15, observe=False)
    mask = env.observe()[1]
    rng = np.random.default_rng(5)
    steps = np.zeros(4, dtype=int)
    cut = 0
    for _ in range(200):
        _, mask, _, rewards, terminated, truncated, _ = env.step(random_actions(mask, rng))
        steps += 1
        assert not (terminated & truncated).any()
        assert not rewards[truncated == 1].any()
        # Self-play: every decision is a step, so a game is cut at its fifteenth.
        assert (steps[truncated == 1] == 15).all()
        cut += int(truncated.sum())
        steps[(terminated == 1) | (truncated == 1)] = 0
    assert cut > 0
    with pytest.raises(ValueError, match="max_decisions"):
        VecEnv(2, max_decisions=0)


def test_step_takes_any_integer_array_like():
    def run(convert):
        env = VecEnv(3, seed=8, observe=False, action_features=False)
        rng = np.random.default_rng(8)
        mask = env.observe()[1]
        out = None
        for _ in range(30):
            out = env.step(convert(random_actions(mask, rng)))
            mask = out[1]
        return out

    reference = run(lambda a: a)
    for convert in (
        lambda a: a.astype(np.int32),
        lambda a: a.tolist(),
        lambda a: np.repeat(a, 2)[::2],  # a view that is not contiguous
    ):
        for x, y in zip(reference, run(convert)):
            assert x is None and y is None or (x == y).all()
    env = VecEnv(2, seed=1)
    with pytest.raises(TypeError, match="as integers"):
        env.step(["a", "b"])


def test_every_mask_is_int8():
    """One mask type everywhere (docs/python.md): a game's, a VecEnv's observed and
    stepped, and the environments'."""
    import gymnasium

    import epic.gymnasium  # noqa: F401 (registers the environments)

    game = epic.Game(seed=1)
    assert game.action_mask(game.decider).dtype == np.int8
    vec = epic.VecEnv(2, seed=1)
    _, mask, *_ = vec.observe()
    assert mask.dtype == np.int8
    _, mask, *_ = vec.step(np.zeros(2, dtype=np.int64))
    assert mask.dtype == np.int8
    env = gymnasium.make("epic/Epic-v0")
    obs, _ = env.reset(seed=1)
    assert obs["action_mask"].dtype == np.int8
    assert env.action_space.sample(obs["action_mask"]) < int(obs["action_mask"].sum())
