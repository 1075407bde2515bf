"""The classic ruleset (the 2009 game) from Python: setup and its errors, actions,
hidden information in labels, views and samples, saves, formats and the bots."""

import copy
import json

import pytest

from epic import Bot, ClassicGame, Game


def play_to_end(game, bots, limit=100_000):
    for _ in range(limit):
        if game.is_over:
            return game
        game.apply(bots[game.decider].choose(game))
    raise AssertionError("the game did not end")


def test_a_new_game_waits_on_a_mulligan_and_hides_the_hand():
    game = ClassicGame(seed=7)
    assert game.seats == 2
    assert game.decision_kind == "mulligan"
    seat = game.decider
    other = 1 - seat
    mine = game.labels(seat)
    theirs = game.labels(other)
    assert mine[-1] == "Keep your hand"
    assert len(mine) == game.num_options == len(game.legal_actions(seat))
    assert game.legal_actions(other) == []
    # The other seat reads the same options with the cards hidden.
    assert len(theirs) == len(mine)
    assert all(label.startswith("Mulligan a card from Player") for label in theirs[:-1])
    view = game.view(other)
    assert view["players"][seat]["hand"] == 5
    assert len(game.view(seat)["players"][seat]["hand"]) == 5


def test_bots_play_a_whole_game_and_rewards_follow_the_winners():
    game = ClassicGame(["order", "chaos"], seed=11)
    play_to_end(game, [Bot("greedy", seed=1), Bot("random", seed=2)])
    assert game.decider is None and game.winners is not None
    rewards = game.rewards()
    if game.winners:
        assert all(rewards[s] == (1.0 if s in game.winners else -1.0) for s in range(2))
    else:
        assert rewards == [0.0, 0.0]


def test_an_illegal_action_is_refused_and_changes_nothing():
    game = ClassicGame(seed=3)
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
        (dict(decks=["ordre", "chaos"]), "neither a classic deck"),
        (dict(decks=[["Ember Bolt", "Fireball"] * 5, "chaos"]), "'Fireball' is not a classic card"),
        (dict(format="pack-war", decks=["order", "chaos"]), "leave decks out"),
        (dict(format="designed"), "60"),
        (dict(format="sealed"), "sealed"),
        (dict(format="pack-war", players=9), "2 to 8 players"),
        (dict(first_player=2), "cannot go first"),
    ],
)
def test_bad_setups_are_value_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ClassicGame(**kwargs)


def test_a_limited_format_deals_the_decks():
    game = ClassicGame(format="pack-war", seed=5, players=3)
    assert game.seats == 3
    view = game.view(0)
    # Fifteen cards a player: five in hand, the rest in the deck.
    assert all(p["deck"] + 5 == 15 for p in view["players"])


def test_saves_replay_to_the_same_game():
    game = ClassicGame(seed=21)
    bots = [Bot("random", seed=3), Bot("random", seed=4)]
    for _ in range(150):
        if game.is_over:
            break
        game.apply(bots[game.decider].choose(game))
    text = game.save()
    again = ClassicGame.load(text)
    assert again.digest() == game.digest()
    assert again.history_len == game.history_len
    edited = json.loads(text)
    edited["digest"] = "0" * 16
    with pytest.raises(ValueError, match="does not reproduce"):
        ClassicGame.load(json.dumps(edited))
    with pytest.raises(ValueError, match="2017 rules"):
        ClassicGame.load(Game(["good", "evil"], seed=1).save())


def test_a_sample_keeps_what_the_seat_sees():
    game = ClassicGame(seed=8)
    bots = [Bot("random", seed=5), Bot("random", seed=6)]
    for _ in range(60):
        game.apply(bots[game.decider].choose(game))
    for seat in range(2):
        sample = game.sample_for(seat, 99)
        assert sample.view(seat) == game.view(seat)
        with pytest.raises(ValueError, match="cannot be saved"):
            sample.save()
    twin = copy.deepcopy(game)
    assert twin.digest() == game.digest()
    twin.apply(0)
    assert twin.digest() != game.digest()
