"""The game API: setup and its errors, actions, observations, saves, bots."""

import copy
import json

import numpy as np
import pytest

import epic
from epic import ACTION_FEATURES, MAX_ACTIONS, OPTION_KINDS, Bot, Game


def play_randomly(game, rng, limit=100_000):
    for _ in range(limit):
        if game.is_over:
            return game
        game.apply(int(rng.integers(len(game.legal_actions(game.decider)))))
    raise AssertionError("the game did not end")


def test_a_new_game_waits_on_a_mulligan():
    game = Game(["good", "evil"], seed=7)
    assert game.seats == 2
    assert game.turn == 1
    assert not game.is_over and game.winners is None
    assert game.decision_kind == "mulligan"
    seat = game.decider
    labels = game.labels(seat)
    assert labels[-1] == "Keep this hand"
    assert len(labels) == game.num_options == len(game.legal_actions(seat))
    other = 1 - seat
    assert game.labels(other) == [] and game.legal_actions(other) == []
    assert game.prompt(other) is None and game.prompt(seat)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(decks=["good"]), "one deck per seat"),
        (dict(decks=["goood", "evil"]), "did you mean 'good'"),
        (dict(decks=[["Fire Dragon"] * 30, "evil"]), "unknown card 'Fire Dragon'"),
        (dict(decks=[["Thundarus"] * 3, "evil"]), "has 3 card"),
        (dict(decks=["good", "evil"], variant="hunter-first-blood"), "3"),
        (dict(decks=["good", "evil"], format="nope"), "unknown format"),
        (dict(decks=["good", "evil"], first_player=2), "first_player"),
        (
            dict(decks=[["Thundarus"] * 30, "evil"], format="preconstructed"),
            "breaks the rules of Preconstructed",
        ),
    ],
)
def test_a_bad_setup_is_a_clear_value_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Game(**kwargs)


def test_an_illegal_action_is_refused_and_changes_nothing():
    game = Game(seed=1)
    before = game.digest()
    for bad in (-1, game.num_options, MAX_ACTIONS, 10**12):
        with pytest.raises(ValueError, match="not legal now"):
            game.apply(bad)
    assert game.digest() == before and game.history_len == 0
    with pytest.raises(ValueError, match="not at the table"):
        game.observation(2)
    with pytest.raises(TypeError):
        game.apply("keep")


def test_the_same_seed_and_actions_give_the_same_game():
    rng_a, rng_b = np.random.default_rng(5), np.random.default_rng(5)
    a = play_randomly(Game(["sage", "wild"], seed=11), rng_a)
    b = play_randomly(Game(["sage", "wild"], seed=11), rng_b)
    assert a.digest() == b.digest() and a.history_len == b.history_len
    c = play_randomly(Game(["sage", "wild"], seed=12), np.random.default_rng(5))
    assert c.digest() != a.digest()


def test_a_finished_game_has_winners_and_rewards():
    game = play_randomly(Game(seed=3), np.random.default_rng(3))
    assert game.decider is None and game.num_options == 0
    rewards = game.rewards()
    if game.winners:
        assert sorted(rewards) == [-1.0, 1.0]
        assert rewards[game.winners[0]] == 1.0
    else:
        assert rewards == [0.0, 0.0]
    with pytest.raises(ValueError, match="over"):
        game.apply(0)
    assert not game.action_mask(0).any() and not game.action_mask(1).any()


def test_clones_are_independent():
    game = Game(seed=2)
    twin = game.clone()
    assert copy.copy(game).digest() == copy.deepcopy(game).digest() == game.digest()
    twin.apply(0)
    assert twin.digest() != game.digest() and game.history_len == 0


def test_a_save_replays_to_the_same_game():
    game = Game(["good", "random"], seed=9)
    rng = np.random.default_rng(9)
    while game.history_len < 200 and not game.is_over:
        game.apply(int(rng.integers(game.num_options)))
    n = game.history_len
    assert n > 100
    text = game.save()
    saved = json.loads(text)
    assert saved["format"] == "epic-save" and len(saved["decisions"]) == n
    loaded = Game.load(text)
    assert loaded.digest() == game.digest() and loaded.history_len == n
    saved["digest"] = "0" * 16
    with pytest.raises(ValueError, match="does not reproduce"):
        Game.load(json.dumps(saved))
    with pytest.raises(ValueError, match="not a JSON document"):
        Game.load("{")
    with pytest.raises(ValueError, match="cannot be saved"):
        game.sample_for(0, 1).save()


def test_the_observation_follows_its_documented_layout():
    game = Game(["good", "evil"], seed=4)
    seat = game.decider
    obs = game.observation(seat)
    assert obs.shape == (game.observation_size,) and obs.dtype == np.float32
    sections = {name: (start, n) for name, start, n in game.observation_sections}
    assert sum(n for _, n in sections.values()) == game.observation_size
    view = game.view(seat)
    start, _ = sections["players"]
    me = view["players"][seat]
    assert obs[start] == me["health"] == 30
    assert obs[start + 3] == me["hand_count"] == 5
    assert obs[start + 4] == me["deck_count"]
    # The own-hand block counts each card of the hand at its index.
    counts, _ = sections["card_counts"]
    hand = obs[counts : counts + game.pool_size]
    assert hand.sum() == 5
    for card in me["hand"]:
        assert hand[card["card"]] >= 1
    # The opponent's hand block is empty: its cards are hidden.
    theirs = counts + 4 * game.pool_size
    assert obs[theirs : theirs + game.pool_size].sum() == 0
    assert obs[sections["players"][0] + epic.PLAYER_FEATURES + 3] == 5


def test_action_features_say_what_each_action_does():
    game = Game(seed=4)
    seat = game.decider
    features = game.action_features(seat)
    mask = game.action_mask(seat)
    assert features.shape == (MAX_ACTIONS, ACTION_FEATURES) and mask.dtype == np.int8
    n = game.num_options
    assert mask[:n].all() and not mask[n:].any()
    assert (features[:n, 0] == 1).all() and not features[n:].any()
    kinds = [OPTION_KINDS[int(np.argmax(row[1 : 1 + len(OPTION_KINDS)]))] for row in features[:n]]
    assert kinds == ["card"] * (n - 1) + ["done"]
    # A mulligan pick names a card of the own hand, by its index in the pool.
    hand = {c["card"] for c in game.view(seat)["players"][seat]["hand"]}
    card_column = 1 + len(OPTION_KINDS)
    assert {int(row[card_column]) - 1 for row in features[: n - 1]} <= hand
    assert not game.action_features(1 - seat).any()


def test_events_are_told_as_the_seat_may_know_them():
    game = Game(seed=6)
    while game.decision_kind == "mulligan":
        game.apply(game.num_options - 1)
    seat = game.decider
    mine = game.clone().apply_events(0, seat)
    theirs = game.clone().apply_events(0, 1 - seat)
    assert isinstance(mine, list) and all("event" in e for e in mine)
    assert len(mine) == len(theirs)


def test_a_game_is_played_to_the_end_by_bots():
    game = Game(["good", "evil"], seed=8)
    bots = [Bot("greedy", seed=1), Bot("random", seed=2)]
    while not game.is_over:
        action = bots[game.decider].choose(game)
        assert game.action_mask(game.decider)[action] == 1
        game.apply(action)
    assert game.winners is not None
    with pytest.raises(ValueError, match="unknown bot"):
        Bot("champion")
    with pytest.raises(ValueError, match="over"):
        bots[0].choose(game)


def test_more_seats_and_variants():
    game = Game(["good", "evil", "sage"], seed=1, variant="hunter-first-blood")
    assert game.seats == 3 and len(game.eliminated) == 3
    play_randomly(game, np.random.default_rng(1))
    assert game.is_over
    hydra = Game(["good", "evil", "sage", "wild"], seed=2, variant="hydra", team_size=2)
    play_randomly(hydra, np.random.default_rng(2))
    winners = hydra.winners
    assert winners == [] or winners in ([0, 1], [2, 3])


def test_tournament_with_a_python_agent():
    from epic.tournament import play

    def first_action(game, seat):
        assert game.decider == seat
        return 0

    results = play({"first": first_action, "random": "random"}, games=3, seed=1)
    assert results.games == {"first": 6, "random": 6}
    total = sum(results.wins.values()) + sum(results.draws.values()) / 2
    assert total == 6
    assert "first" in results.table()


def test_a_player_concedes_and_the_others_play_on():
    game = Game(["good", "evil", "sage"], seed=4)
    waiting = next(s for s in range(3) if s != game.decider)
    game.concede(waiting)
    assert not game.is_over
    with pytest.raises(ValueError, match="cannot concede"):
        game.concede(waiting)
    greedy = Bot("greedy", seed=1)
    while not game.is_over:
        assert game.decider != waiting, "a player who conceded is never asked"
        game.apply(greedy.choose(game))
    assert game.eliminated[waiting]
    assert waiting not in game.winners
    # Saves keep the concession, and replay to the same game.
    assert Game.load(game.save()).digest() == game.digest()
    duel = Game(seed=2)
    duel.concede(1)
    assert duel.is_over and duel.winners == [0]
    assert list(duel.rewards()) == [1.0, -1.0]


@pytest.mark.parametrize(
    ("ruleset", "decks"),
    [("2017", ["good", "evil"]), ("classic", ["order", "chaos"])],
)
def test_games_and_bots_pickle_through_their_saves(ruleset, decks):
    import pickle

    game = Game(decks, seed=11, ruleset=ruleset)
    rng = np.random.default_rng(11)
    for _ in range(40):
        game.apply(int(rng.integers(len(game.legal_actions(game.decider)))))
    back = pickle.loads(pickle.dumps(game))
    assert type(back) is Game and back.digest() == game.digest()
    assert back.ruleset == ruleset
    assert back.history_len == game.history_len
    assert (back.observation(0) == game.observation(0)).all()
    with pytest.raises(ValueError, match="cannot be saved|sampled"):
        pickle.dumps(game.sample_for(0, 1))
    bot = Bot("greedy", seed=3)
    again = pickle.loads(pickle.dumps(bot))
    assert again.name == "greedy"
    assert again.choose(back) == Bot("greedy", seed=3).choose(back)


def test_a_negative_or_huge_seed_is_a_clear_error():
    for bad in (-1, 2**64):
        with pytest.raises(ValueError, match="a seed is an integer from 0 to 2\\*\\*64 - 1"):
            Game(seed=bad)
        with pytest.raises(ValueError, match="a seed is"):
            Game(seed=bad, ruleset="classic")
        with pytest.raises(ValueError, match="a seed is"):
            Bot("random", seed=bad)
        with pytest.raises(ValueError, match="a seed is"):
            epic.VecEnv(2, seed=bad)
    assert Game(seed=2**64 - 1).digest() != Game(seed=0).digest()


def test_a_save_made_right_after_a_play_loads():
    """Python's games offer no undo; a save made while the engine would offer one to a
    person still loads, here and in `epic replay`."""
    game = Game(["good", "evil"], seed=26)
    rng = np.random.default_rng(26)
    played = 0
    while not game.is_over and played < 5:
        labels = game.labels(game.decider)
        action = int(rng.integers(len(labels)))
        game.apply(action)
        if labels[action].startswith("Play "):
            played += 1
            loaded = Game.load(game.save())
            assert loaded.digest() == game.digest()
    assert played == 5


def test_the_docs_give_the_observation_sizes_the_package_has():
    """The sizes the README and docs/python.md state are the package's own, so they
    cannot drift when the card pool grows."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    game = Game(seed=0)
    size, features = f"{game.observation_size:,}", game.action_feature_size
    readme = (root / "README.md").read_text()
    python_doc = (root / "docs" / "python.md").read_text()
    assert f"step ({size} numbers;" in readme
    assert f"Two seats and every card: {size} numbers." in python_doc
    assert f"({size} + 32 × {features} numbers for two seats" in python_doc
