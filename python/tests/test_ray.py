"""epic.ray on a local Ray cluster started by the test: a study and self-play data give
exactly what one machine gives with the same seeds, and mean what they say."""

import os

import numpy as np
import pytest
import ray

import epic.ray
from epic import Bot, Game
from epic.ray import mix


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    # Ray puts the driver's working directory first on its workers' path: run from
    # python/, that is the package's source, without its compiled module, not the package
    # installed. The cluster starts from an empty directory instead.
    here = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("ray"))
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()
        os.chdir(here)


def test_a_study_on_a_cluster_matches_one_machine(cluster):
    setup = dict(decks=["good", "evil", "sage"], bots=["random", "greedy"], games=6, seed=3)
    on_ray = epic.ray.study(**setup, chunk=2)
    here = epic.ray.study(**setup, chunk=6, use_ray=False)
    assert on_ray == here
    # Every ordered pair of decks against every ordered pair of bots, 6 games each.
    assert len(on_ray.pairings) == 6 * 2
    assert all(t.games == 6 and sum(t.wins) + t.draws + t.unfinished == 6 for t in on_ray.tallies)
    scores = on_ray.scores()
    assert scores["greedy"] > 0.75 and scores["random"] < 0.25
    assert "greedy" in on_ray.table() and on_ray.to_dict()["cells"][0]["games"] == 6


def test_a_study_plays_the_games_its_seeds_name():
    result = epic.ray.study(["good", "evil"], ["greedy", "random"], games=3, seed=9, use_ray=False)
    for cell, (pairing, tally) in enumerate(zip(result.pairings, result.tallies)):
        wins = [0, 0]
        for k in range(3):
            seed = mix(9, cell, k)
            game = Game(list(pairing.decks), seed=seed)
            bots = [Bot(b, seed=mix(seed, s + 1)) for s, b in enumerate(pairing.bots)]
            while not game.is_over:
                game.apply(bots[game.decider].choose(game))
            if game.winners and len(game.winners) == 1:
                wins[game.winners[0]] += 1
        assert tally.wins == wins


def test_self_play_data_on_a_cluster_matches_one_machine(cluster):
    on_ray = epic.ray.self_play(games=5, bot="greedy", seed=2, chunk=2)
    here = epic.ray.self_play(games=5, bot="greedy", seed=2, use_ray=False)
    assert on_ray.keys() == here.keys()
    for key in here:
        assert np.array_equal(on_ray[key], here[key]), key
    rows = len(here["action"])
    assert here["observation"].shape == (rows, Game().observation_size)
    assert list(np.unique(here["game"])) == [0, 1, 2, 3, 4]
    # Each action was legal for the seat that took it, and each outcome is that seat's.
    assert here["action_mask"][np.arange(rows), here["action"]].all()
    for k in range(5):
        rows_k = here["game"] == k
        outcome = dict(zip(here["seat"][rows_k], here["outcome"][rows_k]))
        assert sorted(outcome.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_the_classic_game_on_a_cluster(cluster):
    setup = dict(decks=["order", "chaos"], bots=["random", "greedy"], games=4, ruleset="classic")
    assert epic.ray.study(**setup, chunk=1) == epic.ray.study(**setup, use_ray=False)
    data = epic.ray.self_play(games=2, decks=["order", "chaos"], ruleset="classic", chunk=1)
    assert data["observation"].shape[1] == Game(ruleset="classic").observation_size


def test_bad_requests_are_told_before_any_work():
    with pytest.raises(ValueError, match="games must be at least 1"):
        epic.ray.study(games=0, use_ray=False)
    with pytest.raises(ValueError, match="named once"):
        epic.ray.study(bots=["greedy", "greedy"], use_ray=False)
    with pytest.raises(ValueError):
        epic.ray.study(bots=["nobody"], use_ray=False)
    with pytest.raises(ValueError):
        epic.ray.self_play(decks=["good", "no such deck"], use_ray=False)
