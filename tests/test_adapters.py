"""The learning frameworks' adapters (optional extras): PettingZoo's and OpenSpiel's conformance tests, whole games.

Skipped where the extra is not installed (``pip install -e '.[test,pettingzoo,openspiel]'``, as .ci/run does).
"""

from __future__ import annotations

import random

import pytest

from paris_score.actions import NUM_ACTIONS, legal_actions
from paris_score.observations import OBSERVATION_SIZE, observation


def test_the_observation_of_each_player() -> None:
    from paris_score.game import GameState
    from paris_score.generate import random_setup

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

    from paris_score.pettingzoo import env

    api_test(env(), num_cycles=300)


def test_pettingzoo_plays_whole_games_with_the_masks() -> None:
    pytest.importorskip("pettingzoo")
    from paris_score.pettingzoo import env

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
