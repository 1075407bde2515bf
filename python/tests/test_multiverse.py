"""The multiverse ruleset (The Epic Rulebook 2.0, docs/multiverse.md) from Python, through
the same Game class as the others: setup and its errors, hidden hands, bots, saves, the
observation and action space, the board in words, and the environments' own checkers."""

import functools

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from epic import MAX_ACTIONS, RULESETS, Bot, Game
from epic.gymnasium import EpicEnv
from epic.pettingzoo import env
from epic.render import board_text


def multiverse(*args, **kwargs):
    return Game(*args, ruleset="multiverse", **kwargs)


def test_the_registry_lists_it():
    assert "multiverse" in RULESETS


def test_a_new_game_asks_its_first_player_and_hides_the_hands():
    game = multiverse(seed=7)
    assert game.seats == 2 and game.ruleset == "multiverse"
    seat = game.decider
    assert game.decision_kind in ("redraw", "foothold")
    assert len(game.labels(seat)) == game.num_options
    other = 1 - seat
    assert game.labels(other) == [] and game.legal_actions(other) == []
    assert game.view(other)["players"][seat]["hand"] == 7
    assert len(game.view(seat)["players"][seat]["hand"]) == 7


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(decks=["blue", "green"]), "unknown deck 'green': the built-in decks are blue, red"),
        (dict(variant="hydra"), "unknown multiverse variant 'hydra'; the variants are ffa, teams"),
        (dict(format="sealed"), "unknown multiverse format 'sealed'"),
    ],
)
def test_bad_setups_are_value_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        multiverse(**kwargs)


def test_greedy_beats_random_and_rewards_follow_the_winners():
    game = multiverse(["black", "red"], seed=11)
    bots = [Bot("greedy", seed=1), Bot("random", seed=2)]
    while not game.is_over:
        game.apply(bots[game.decider].choose(game))
    assert game.winners == [0]
    assert game.rewards() == [1.0, -1.0]


def test_a_campaign_is_fought_in_battles_with_intermissions():
    # Ruling M-45: the battle's loser chooses who goes first in the next, at an
    # intermission; the campaign is won at one.
    game = multiverse(["black", "red"], seed=11, variant="campaign-3")
    bots = [Bot("greedy", seed=1), Bot("random", seed=2)]
    intermissions = 0
    while not game.is_over:
        if game.decision_kind == "intermission":
            intermissions += 1
        game.apply(bots[game.decider].choose(game))
    assert intermissions >= 1
    assert game.winners == [0]


def test_saves_replay_to_the_same_game_and_the_actions_are_the_deciders():
    game = multiverse(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(60):
        seat = game.decider
        mask = game.action_mask(seat)
        assert mask.shape == (MAX_ACTIONS,) and mask.sum() == game.num_options
        assert game.action_mask(1 - seat).sum() == 0
        assert game.observation(seat).shape == game.observation(1 - seat).shape
        game.apply(int(rng.choice(np.flatnonzero(mask))))
    again = Game.load(game.save())
    assert again.digest() == game.digest()
    assert (again.observation(0) == game.observation(0)).all()


def test_the_board_in_words():
    game = multiverse(seed=4)
    seat = game.decider
    text = board_text(game, seat)
    assert "First to 30 points wins" in text and "[0] " in text
    hand = game.view(seat)["players"][seat]["hand"]
    assert "Your hand: " + "; ".join(hand) in text
    theirs = board_text(game, 1 - seat)
    assert "[0]" not in theirs and "; ".join(hand) not in theirs


def test_pettingzoo_and_gymnasium_checkers_pass():
    api_test(env(ruleset="multiverse"), num_cycles=2000)
    api_test(env(ruleset="multiverse", players=3, action_features=False), num_cycles=1000)
    seed_test(functools.partial(env, ruleset="multiverse"), num_cycles=500)
    check_env(EpicEnv(ruleset="multiverse"), skip_render_check=False)
