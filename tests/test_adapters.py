"""The learning frameworks' adapters (optional extras): PettingZoo's and OpenSpiel's conformance tests, whole games.

Skipped where the extra is not installed (``pip install -e '.[test,pettingzoo,openspiel]'``, as .ci/run does).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from paris_score.game.actions import NUM_ACTIONS, legal_actions
from paris_score.game.generate import random_setup
from paris_score.game.observations import OBSERVATION_SIZE, observation
from paris_score.model import Player


def test_the_observation_of_each_player() -> None:
    from paris_score.game import GameState

    state = GameState.start(random_setup(1)).play("tile A1 90")
    for player in ("orange", "blue"):
        vector = observation(state.view(player))
        assert len(vector) == OBSERVATION_SIZE == 1466
        assert set(vector) == {0, 1}
        assert sum(vector[4 * 64 : 5 * 64]) == 60  # one tile down: 60 spaces without ground
    hands = [observation(state.view(p))[1438:1454] for p in ("orange", "blue")]
    assert all(sum(hand) == 4 for hand in hands)  # 4 spaces, one ground each


def test_pettingzoo_api_test_passes() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from paris_score.game.pettingzoo import env

    api_test(env(), num_cycles=300)


def test_pettingzoo_plays_whole_games_with_the_masks() -> None:
    pytest.importorskip("pettingzoo")
    from paris_score.game.pettingzoo import env

    environment = env(render_mode="ansi")
    for seed in range(3):
        environment.reset(seed=seed)
        rng = random.Random(seed)
        totals = dict.fromkeys(environment.agents, 0)
        for agent in environment.agent_iter():
            obs, reward, terminated, truncated, _ = environment.last()
            totals[agent] += reward
            if terminated or truncated:
                environment.step(None)
                continue
            assert obs["observation"].shape == (OBSERVATION_SIZE,)
            legal = [int(a) for a in obs["action_mask"].nonzero()[0]]
            assert legal == legal_actions(environment.game)
            assert obs["action_mask"].shape == (NUM_ACTIONS,)
            environment.step(rng.choice(legal))
        result = environment.game.result()
        assert result is not None
        assert (totals["orange"], totals["blue"]) == result.returns
        assert environment.render() == environment.game.to_string()
    environment.reset(seed=5)
    first = environment.game
    environment.reset(seed=5)
    assert environment.game == first


def openspiel_game(seed: int = 1) -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    import paris_score.game.openspiel  # noqa: F401  (registers the game)

    return pyspiel.load_game("python_paris_lumiere", {"seed": seed})


def test_openspiel_random_sim_test_passes() -> None:
    game = openspiel_game()
    import pyspiel

    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_openspiel_draws_are_chance_nodes_with_their_probabilities() -> None:
    game = openspiel_game(3)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    setup = random_setup(3)
    first = 0 if setup.first is Player.ORANGE else 1
    stack = setup.tiles[first]
    kinds = sorted(set(stack))
    assert outcomes == [(k, stack.count(tile) / 8) for k, tile in enumerate(kinds)]
    state.apply_action(outcomes[0][0])
    assert state.chance.drawn[first] == (kinds[0],)
    assert state.is_chance_node()  # the other player draws too
    last = state.chance_outcomes()[-1][0]
    state.apply_action(last)
    assert state.current_player() == first
    assert state.game.hand(setup.first) == kinds[0]
    other = 1 - first
    assert state.information_state_string(first).split("|")[0] == f"{first}:{outcomes[0][0]} ?"
    assert state.information_state_string(other).split("|")[0] == f"{other}:? {last}"


def test_openspiel_resampling_keeps_the_information_state() -> None:
    game = openspiel_game(2)
    import pyspiel

    rng = random.Random(2)
    state = game.new_initial_state()
    for _ in range(30):
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hands = set()
    for _ in range(12):
        sampled = state.resample_from_infostate(player, sampler)
        assert sampled.information_state_string(player) == state.information_state_string(player)
        assert sampled.legal_actions() == state.legal_actions()
        hands.add(sampled.game.hand(Player.BLUE if player == 0 else Player.ORANGE))
    assert len(hands) > 1  # the other player's hand is dealt again


def test_openspiel_mcts_and_ismcts_bots_play_whole_games() -> None:
    game = openspiel_game(4)
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(4))
    bots = [
        mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=np.random.RandomState(1)),
        ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=np.random.RandomState(2)),
    ]
    state = game.new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
    returns = state.returns()
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
    result = state.game.result()
    assert result is not None
    assert tuple(returns) == result.returns
