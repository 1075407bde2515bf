"""The classic ruleset (the 2009 game) from Python: setup and its errors, actions,
hidden information in labels, views and samples, saves, formats, the bots, and the
observation tensor and action space."""

import copy
import json

import numpy as np
import pytest

from epic import (
    CLASSIC_OPTION_KINDS,
    MAX_ACTIONS,
    PLAYER_FEATURES,
    Bot,
    Game,
    classic_card_names,
)
from epic.render import board_text


def classic(*args, **kwargs):
    """A game of the classic ruleset."""
    return Game(*args, ruleset="classic", **kwargs)


def play_to_end(game, bots, limit=100_000):
    for _ in range(limit):
        if game.is_over:
            return game
        game.apply(bots[game.decider].choose(game))
    raise AssertionError("the game did not end")


def test_a_new_game_waits_on_a_mulligan_and_hides_the_hand():
    game = classic(seed=7)
    assert game.seats == 2
    assert game.decision_kind == "mulligan"
    seat = game.decider
    other = 1 - seat
    mine = game.labels(seat)
    assert mine[-1] == "Keep your hand"
    assert len(mine) == game.num_options == len(game.legal_actions(seat))
    # Another player's options would tell what their hand allows: none are given.
    assert game.legal_actions(other) == [] and game.labels(other) == []
    view = game.view(other)
    assert view["players"][seat]["hand"] == 5
    assert len(game.view(seat)["players"][seat]["hand"]) == 5


@pytest.mark.parametrize("bots", [("greedy", "random"), ("ismcts@20", "easy")])
def test_bots_play_a_whole_game_and_rewards_follow_the_winners(bots):
    game = classic(["order", "chaos"], seed=11)
    play_to_end(game, [Bot(bots[0], seed=1), Bot(bots[1], seed=2)])
    assert game.decider is None and game.winners is not None
    rewards = game.rewards()
    if game.winners:
        assert all(rewards[s] == (1.0 if s in game.winners else -1.0) for s in range(2))
    else:
        assert rewards == [0.0, 0.0]


def test_a_bot_plays_games_only():
    with pytest.raises(TypeError, match="a bot plays an epic.Game"):
        Bot("random").choose("a game")


def test_an_illegal_action_is_refused_and_changes_nothing():
    game = classic(seed=3)
    before = game.digest()
    with pytest.raises(ValueError, match="not legal now"):
        game.apply(game.num_options)
    with pytest.raises(ValueError, match="not legal now"):
        game.apply(-1)
    with pytest.raises(ValueError, match="not at the table"):
        game.labels(2)
    assert game.digest() == before


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(decks=["order"]), "one deck per seat"),
        (dict(decks=["ordre", "chaos"]), "unknown deck 'ordre'"),
        (
            dict(decks=[["Ember Bolt", "Fireball"] * 5, "chaos"]),
            "seat 1's deck: .*Fireball",
        ),
        (dict(decks=[["Wolf"] * 10, "chaos"]), "seat 1's deck: .*token"),
        (dict(format="pack-war", decks=["order", "chaos"]), "leave out its deck"),
        (dict(format="designed"), "breaks the rules of Designed Deck"),
        (dict(format="sealed"), "number of packs"),
        (dict(format="pack-war", players=9), "2 to 8"),
        (dict(first_player=2), "first_player is 2, but the seats are numbered 0 to 1"),
    ],
)
def test_bad_setups_are_value_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        classic(**kwargs)


def test_players_without_decks_seat_each_with_its_usual_deck():
    game = classic(players=3, seed=2)
    assert game.seats == 3 and game.ruleset == "classic"
    assert Game(players=4, seed=2).seats == 4


def test_a_limited_format_deals_the_decks():
    game = classic(format="pack-war", seed=5, players=3)
    assert game.seats == 3
    view = game.view(0)
    # Fifteen cards a player: five in hand, the rest in the deck.
    assert all(p["deck"] + 5 == 15 for p in view["players"])
    # The seed deals them: the same seed the same game, another seed another deal.
    assert classic(format="pack-war", seed=5, players=3).digest() == game.digest()
    dealt = {
        tuple(classic(format="pack-war", seed=s).view(0)["players"][0]["hand"]) for s in range(6)
    }
    assert len(dealt) > 1


def test_saves_replay_to_the_same_game():
    game = classic(seed=21)
    bots = [Bot("random", seed=3), Bot("random", seed=4)]
    for _ in range(150):
        if game.is_over:
            break
        game.apply(bots[game.decider].choose(game))
    text = game.save()
    again = Game.load(text)
    assert again.digest() == game.digest()
    assert again.history_len == game.history_len
    edited = json.loads(text)
    edited["digest"] = "0" * 16
    with pytest.raises(ValueError, match="does not reproduce"):
        Game.load(json.dumps(edited))
    # One class loads either ruleset's save: the save's header says which.
    assert again.ruleset == "classic" and repr(again).startswith("<epic.Game classic")
    assert Game.load(Game(["good", "evil"], seed=1).save()).ruleset == "2017"


def test_a_sample_keeps_what_the_seat_sees():
    game = classic(seed=8)
    bots = [Bot("random", seed=5), Bot("random", seed=6)]
    for _ in range(60):
        game.apply(bots[game.decider].choose(game))
    for seat in range(2):
        sample = game.sample_for(seat, 99)
        assert sample.view(seat) == game.view(seat)
        with pytest.raises(ValueError, match="cannot be saved"):
            sample.save()
        # What the seat cannot see is dealt anew: the other hand differs in some sample.
        other = 1 - seat
        hand = game.view(other)["players"][other]["hand"]
        samples = (
            game.sample_for(seat, s).view(other)["players"][other]["hand"] for s in range(10)
        )
        assert any(sorted(h) != sorted(hand) for h in samples)
    twin = copy.deepcopy(game)
    assert twin.digest() == game.digest()
    twin.apply(0)
    assert twin.digest() != game.digest()


def test_observations_and_the_action_space_are_the_deciders():
    game = classic(seed=4)
    sections = dict((name, (at, n)) for name, at, n in game.observation_sections)
    assert list(sections) == ["global", "players", "card_counts", "line", "in_play"]
    assert sum(n for _, n in sections.values()) == game.observation_size
    assert sections["card_counts"][1] == 2 * 4 * game.pool_size == 2 * 4 * len(classic_card_names())
    seat = game.decider
    other = 1 - seat
    obs = game.observation(seat)
    assert obs.shape == (game.observation_size,) and obs.dtype == np.float32
    # Each player's 30 Mojo, from the observer's place: itself first.
    at = sections["players"][0]
    assert obs[at] == 30.0 and obs[at + PLAYER_FEATURES] == 30.0
    mask = game.action_mask(seat)
    assert mask.shape == (MAX_ACTIONS,) and mask.dtype == np.int8
    assert list(np.flatnonzero(mask)) == game.legal_actions(seat)
    assert not game.action_mask(other).any() and not game.action_features(other).any()
    features = game.action_features(seat)
    assert features.shape == (MAX_ACTIONS, game.action_feature_size)
    # "Keep your hand" is the last option: kind "keep", naming no card.
    keep = features[game.num_options - 1]
    assert keep[1 + CLASSIC_OPTION_KINDS.index("keep")] == 1.0
    assert keep[1 + len(CLASSIC_OPTION_KINDS)] == 0.0
    # A mulligan names a card of the seat's own hand, by its index + 1.
    names = classic_card_names()
    first = features[0]
    assert first[1 + CLASSIC_OPTION_KINDS.index("bottom")] == 1.0
    card = names[int(first[1 + len(CLASSIC_OPTION_KINDS)]) - 1]
    assert game.labels(seat)[0] == f"Mulligan {card}"
    assert game.prompt(seat).startswith("Keep your hand") and game.prompt(other) is None
    assert game.eliminated == [False, False]
    with pytest.raises(ValueError, match="not at the table"):
        game.observation(2)


def test_a_saved_game_keeps_the_options_taken_through_the_action_space():
    game = classic(seed=12)
    bot = Bot("greedy", seed=1)
    for _ in range(80):
        action = bot.choose(game)
        assert game.action_mask(game.decider)[action] == 1
        game.apply(action)
    again = Game.load(game.save())
    assert again.digest() == game.digest()
    assert (again.observation(0) == game.observation(0)).all()


def test_the_board_in_words():
    game = classic(seed=4)
    seat = game.decider
    text = board_text(game, seat)
    assert "Mojo 30" in text and "[0] Mulligan" in text
    hand = game.view(seat)["players"][seat]["hand"]
    assert all(card in text for card in hand)
    # The other seat reads its own hand, and only a count of this one.
    theirs = board_text(game, 1 - seat)
    assert "[0]" not in theirs and ", ".join(hand) not in theirs
    assert ", ".join(game.view(1 - seat)["players"][1 - seat]["hand"]) in theirs
