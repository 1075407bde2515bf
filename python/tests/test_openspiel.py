"""Epic through OpenSpiel: registered, consistent under OpenSpiel's random simulation
test, and played by its bots; the classic game too."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots

import epic.openspiel  # noqa: F401 (registers python_epic)


def test_registered_and_loadable_with_parameters():
    game = pyspiel.load_game("python_epic", {"decks": "sage,wild", "seed": 3})
    assert game.num_players() == 2 and game.num_distinct_actions() == epic.MAX_ACTIONS
    state = game.new_initial_state()
    assert state.current_player() in (0, 1)
    assert state.legal_actions() == list(range(len(state.legal_actions())))
    tensor = state.observation_tensor(state.current_player())
    assert len(tensor) == game.observation_tensor_size()


def test_openspiel_random_simulation_test():
    game = pyspiel.load_game("python_epic")
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


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
    assert "Mulligans before the first turn" in state.observation_string(state.current_player())
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    with pytest.raises(ValueError, match="neither a classic deck"):
        pyspiel.load_game("python_epic_classic", {"decks": "good,evil"})
