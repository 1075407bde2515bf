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
    assert mine[-1] == "Keep your hand"
    assert len(mine) == game.num_options == len(game.legal_actions(seat))
    # Another player's options would tell what their hand allows: none are given.
    assert game.legal_actions(other) == [] and game.labels(other) == []
    view = game.view(other)
    assert view["players"][seat]["hand"] == 5
    assert len(game.view(seat)["players"][seat]["hand"]) == 5


@pytest.mark.parametrize("bots", [("greedy", "random"), ("ismcts@20", "easy")])
def test_bots_play_a_whole_game_and_rewards_follow_the_winners(bots):
    game = ClassicGame(["order", "chaos"], seed=11)
    play_to_end(game, [Bot(bots[0], seed=1), Bot(bots[1], seed=2)])
    assert game.decider is None and game.winners is not None
    rewards = game.rewards()
    if game.winners:
        assert all(rewards[s] == (1.0 if s in game.winners else -1.0) for s in range(2))
    else:
        assert rewards == [0.0, 0.0]


def test_a_bot_plays_games_only():
    with pytest.raises(TypeError, match="epic.Game or an epic.ClassicGame"):
        Bot("random").choose("a game")


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
        (
            dict(decks=[["Ember Bolt", "Fireball"] * 5, "chaos"]),
            "seat 0's list of cards: .*Fireball",
        ),
        (dict(decks=[["Wolf"] * 10, "chaos"]), "seat 0's list of cards: .*token"),
        (dict(format="pack-war", decks=["order", "chaos"]), "leave decks out"),
        (dict(format="designed"), "breaks the rules of Designed Deck"),
        (dict(format="sealed"), "number of packs"),
        (dict(format="pack-war", players=9), "2 to 8 players"),
        (dict(players=3), "players is for a limited format"),
        (dict(first_player=2), "first_player is 2, but the seats are numbered 0 to 1"),
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
    # The seed deals them: the same seed the same game, another seed another deal.
    assert ClassicGame(format="pack-war", seed=5, players=3).digest() == game.digest()
    dealt = {
        tuple(ClassicGame(format="pack-war", seed=s).view(0)["players"][0]["hand"])
        for s in range(6)
    }
    assert len(dealt) > 1


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
    with pytest.raises(ValueError, match="classic game"):
        Game.load(text)


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
