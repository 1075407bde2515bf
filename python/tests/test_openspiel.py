"""Epic through OpenSpiel: registered, consistent under OpenSpiel's random simulation
test, played by its bots, with information states that recall the game and hold nothing
hidden; the classic game too."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots
from test_noninterference import compare_until_seen, seat_output

import epic
import epic.openspiel
from epic.openspiel import RECALL, EpicState


def test_registered_and_loadable_with_parameters():
    game = pyspiel.load_game("python_epic", {"deck0": "sage", "deck1": "wild", "seed": 3})
    assert game.num_players() == 2 and game.num_distinct_actions() == epic.MAX_ACTIONS
    state = game.new_initial_state()
    assert state.current_player() in (0, 1)
    assert state.legal_actions() == list(range(len(state.legal_actions())))
    tensor = state.observation_tensor(state.current_player())
    assert len(tensor) == game.observation_tensor_size()


def test_openspiel_random_simulation_test():
    game = pyspiel.load_game("python_epic")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_openspiel_bots_play_it_to_the_end():
    game = pyspiel.load_game("python_epic", {"seed": 7})
    bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(2)]
    rng = np.random.RandomState(0)
    totals = np.zeros(2)
    for _ in range(3):
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
        totals += returns
    assert totals.sum() == 0


def test_the_same_parameters_deal_the_same_games():
    a = pyspiel.load_game("python_epic", {"seed": 5}).new_initial_state()
    b = pyspiel.load_game("python_epic", {"seed": 5}).new_initial_state()
    assert str(a) == str(b)
    rng = np.random.default_rng(1)
    while not a.is_terminal():
        action = int(rng.choice(a.legal_actions()))
        a.apply_action(action)
        b.apply_action(action)
        assert str(a) == str(b)


def test_the_classic_game_in_openspiel():
    game = pyspiel.load_game("python_epic_classic", {"seed": 2})
    state = game.new_initial_state()
    assert len(state.observation_tensor(state.current_player())) == game.observation_tensor_size()
    assert "your mulligans" in state.observation_string(state.current_player())
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    with pytest.raises(ValueError, match="unknown deck 'good'"):
        pyspiel.load_game("python_epic_classic", {"deck0": "good"})


def test_information_states_recall_every_decision_and_the_players_own_actions():
    game = pyspiel.load_game("python_epic", {"seed": 4})
    assert game.information_state_tensor_size() == (
        game.observation_tensor_size() + RECALL * epic.ACTION_FEATURES
    )
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    before = [state.information_state_string(p) for p in range(2)]
    assert before[0] != before[1]
    taken = [[], []]
    for _ in range(120):
        player = state.current_player()
        action = int(rng.choice(state.legal_actions()))
        taken[player].append(state.epic.action_features(player)[action])
        state.apply_action(action)
        after = [state.information_state_string(p) for p in range(2)]
        for p in range(2):
            # Perfect recall: the record only grows, by one entry a decision.
            assert after[p].startswith(before[p]) and after[p] != before[p]
            assert len(after[p].split()) == len(before[p].split()) + 1
        assert after[player].split()[-1].startswith(f"{action}:")
        before = after
        tensor = np.array(state.information_state_tensor(player), np.float32)
        observation, recall = np.split(tensor, [game.observation_tensor_size()])
        assert np.array_equal(observation, state.epic.observation(player))
        latest = taken[player][-RECALL:][::-1]
        recall = recall.reshape(RECALL, epic.ACTION_FEATURES)
        assert np.array_equal(recall[: len(latest)], np.array(latest))
        assert not recall[len(latest) :].any()
    # More actions than the tensor recalls were taken, and it kept the latest.
    assert len(taken[player]) > RECALL


class Tracked:
    """A game as OpenSpiel's state holds it: seat 0 is told its information state."""

    def __init__(self, epic_game):
        self.state = EpicState(pyspiel.load_game("python_epic"), epic_game)
        self.epic = epic_game

    def told(self, seat):
        return (
            seat_output(self.epic, seat),
            self.state.information_state_string(seat),
            self.state.information_state_tensor(seat),
        )

    def apply_action(self, action):
        self.state.apply_action(action)


def test_information_states_hold_nothing_hidden():
    # The even seeds deal two-seat games, as OpenSpiel's Epic has.
    compared = [compare_until_seen(seed, wrap=Tracked) for seed in range(0, 24, 2)]
    assert sum(compared) > 500


def test_the_multiverse_game_in_openspiel():
    game = pyspiel.load_game("python_epic_multiverse", {"seed": 2})
    state = game.new_initial_state()
    assert len(state.observation_tensor(state.current_player())) == game.observation_tensor_size()
    assert "First to 30 points wins" in state.observation_string(state.current_player())
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    with pytest.raises(ValueError, match="unknown deck 'good'"):
        pyspiel.load_game("python_epic_multiverse", {"deck0": "good"})


@pytest.mark.parametrize("name", ["python_epic", "python_epic_classic", "python_epic_multiverse"])
def test_the_game_string_reloads_and_games_and_states_pickle(name):
    import pickle

    game = pyspiel.load_game(name, {"seed": 9})
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and "seed=9" in str(game)
    # One deal per game: every initial state is the same.
    assert str(game.new_initial_state()) == str(game.new_initial_state())
    state = game.new_initial_state()
    rng = np.random.default_rng(9)
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert str(back) == str(state) and back.history() == state.history()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert str(pickle.loads(pickle.dumps(state))) == str(state)


def test_resampling_keeps_what_the_player_knows():
    game = pyspiel.load_game("python_epic", {"seed": 6})
    state = game.new_initial_state()
    rng = np.random.default_rng(6)
    for _ in range(25):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    draws = iter([0.25, 0.75])
    sampled = state.resample_from_infostate(player, lambda: next(draws))
    other = state.resample_from_infostate(player, lambda: next(draws))
    for s in (sampled, other):
        assert s.information_state_string(player) == state.information_state_string(player)
        assert (
            np.array(s.observation_tensor(player)) == np.array(state.observation_tensor(player))
        ).all()
        assert s.legal_actions() == state.legal_actions()
    # The other seat's hidden cards were dealt anew: the two samples differ somewhere.
    assert sampled.epic.digest() != other.epic.digest()


def test_every_ruleset_of_the_registry_is_an_openspiel_game():
    names = ["python_epic", "python_epic_classic", "python_epic_multiverse"]
    assert [g.game_type.short_name for g in epic.openspiel.GAMES] == names
    for info, name in zip(epic.rulesets(), names):
        game = pyspiel.load_game(name)
        assert game.get_type().long_name == info["title"]
        decks = info["usual_decks"][:2]
        assert f"deck0={decks[0]}" in str(game) and f"deck1={decks[1]}" in str(game)


def test_tables_of_more_players_formats_and_variants():
    game = pyspiel.load_game("python_epic", {"players": 4, "seed": 3})
    assert game.num_players() == 4
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert pyspiel.load_game("python_epic").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert str(pyspiel.load_game(str(game))) == str(game)
    state = game.new_initial_state()
    assert state.epic.seats == 4
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    bots = [pyspiel.make_uniform_random_bot(p, p) for p in range(4)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
    assert sorted(returns) in ([-1.0, -1.0, -1.0, 1.0], [0.0] * 4)
    # Two teams of two (Hydra): team-mates win or lose together.
    hydra = pyspiel.load_game(
        "python_epic", {"players": 4, "variant": "hydra", "team_size": 2, "seed": 4}
    )
    returns = evaluate_bots.evaluate_bots(hydra.new_initial_state(), bots, np.random.RandomState(1))
    assert sorted(returns) in ([-1.0, -1.0, 1.0, 1.0], [0.0] * 4)
    # A format: Sealed decks dealt at the table.
    sealed = pyspiel.load_game("python_epic", {"format": "sealed", "seed": 5})
    assert "format=sealed" in str(sealed)
    pyspiel.random_sim_test(sealed, num_sims=1, serialize=True, verbose=False)
    for bad, message in [
        ({"players": 9}, "players must be 2 to 8"),
        ({"variant": "hydra", "players": 3, "team_size": 2}, "Hydra is played by at least 4"),
        ({"format": "nonsense"}, "format"),
    ]:
        with pytest.raises(ValueError, match=message):
            pyspiel.load_game("python_epic", bad)
