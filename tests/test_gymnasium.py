"""The Gymnasium environment (paris_score.game.gymnasium, ``paris_score/Lumiere-v0``): docs/bots.md, "Gymnasium".

Skipped where the extra is not installed (``pip install -e '.[test,gymnasium]'``).
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402  (numpy comes with gymnasium)
from gymnasium.utils.env_checker import check_env  # noqa: E402

from paris_score.game import GameState  # noqa: E402
from paris_score.game.actions import NUM_ACTIONS, action_of, distinct_actions, legal_actions  # noqa: E402
from paris_score.game.bots import BotError, greedy_bot, ismcts_bot, random_bot  # noqa: E402
from paris_score.game.gymnasium import ENV_ID, LumiereEnv, observe  # noqa: E402
from paris_score.game.moves import Move, Pass  # noqa: E402
from paris_score.game.observations import observation  # noqa: E402
from paris_score.game.state import View  # noqa: E402
from paris_score.model import Player  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}
"""A script's environment: it imports this tree's paris_score."""


def episode(env: LumiereEnv, seed: int | None, rng: random.Random) -> list[Any]:
    """A whole episode of legal actions drawn by ``rng``: each step's action, reward, termination and info."""
    obs, info = env.reset(seed=seed)
    steps: list[Any] = [(obs, info)]
    terminated = False
    while not terminated:
        action = rng.choice([int(a) for a in np.flatnonzero(info["action_mask"])])
        obs, reward, terminated, truncated, info = env.step(action)
        assert truncated is False
        steps.append((action, obs, reward, terminated, info))
    return steps


def same(a: Any, b: Any) -> bool:
    return bool(gymnasium.utils.env_checker.data_equivalence(a, b, exact=True))


def test_check_env_passes_for_each_way_of_making_it() -> None:
    import paris_score.gymnasium  # noqa: F401  (registers it)

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # Gymnasium's checker warns of what it finds amiss: none here
        check_env(gymnasium.make(ENV_ID).unwrapped)
        check_env(gymnasium.make(ENV_ID, opponent="greedy", seat="blue", render_mode="ansi").unwrapped)
    check_env(LumiereEnv(opponent=random_bot, seat="orange"), skip_render_check=True)


def test_importing_paris_score_gymnasium_registers_the_environment() -> None:
    code = (
        "import gymnasium, paris_score\n"
        "assert 'paris_score/Lumiere-v0' not in gymnasium.registry\n"
        "import paris_score.gymnasium\n"
        "env = gymnasium.make('paris_score/Lumiere-v0', opponent='ismcts')\n"
        "print(env.unwrapped.opponent is paris_score.game.bots.ismcts_bot, env.spec.id)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT, env=ENV)
    assert out.stdout == "True paris_score/Lumiere-v0\n"


def test_an_episode_is_a_game_against_the_bot_rewarded_at_its_end() -> None:
    env = LumiereEnv(opponent="greedy")
    for seed in range(4):
        steps = episode(env, seed, random.Random(seed))
        result = env.game.result()
        assert result is not None
        *middle, (_, obs, reward, terminated, info) = steps[1:]
        assert all(step[2] == 0.0 and step[3] is False for step in middle)
        assert (reward, terminated, info["scores"], info["seat"]) == (
            float(result.value(env.seat)), True, result.scores, str(env.seat)
        )  # fmt: skip
        assert not info["action_mask"].any()
        assert same(obs, np.frombuffer(observation(env.game.view(env.seat)), dtype=np.int8))
        with pytest.raises(gymnasium.error.ResetNeeded):
            env.step(0)


def test_each_observation_and_mask_are_the_agents_to_move() -> None:
    env = LumiereEnv(opponent="random", seat="blue")
    obs, info = env.reset(seed=5)
    rng = random.Random(1)
    for _ in range(12):
        assert env.game.turn is Player.BLUE
        assert (obs.shape, obs.dtype) == (env.observation_space.shape, np.int8)
        assert same(obs, observe(env.game, Player.BLUE))
        assert info["action_mask"].shape == (NUM_ACTIONS,)
        assert [int(a) for a in np.flatnonzero(info["action_mask"])] == distinct_actions(env.game)
        obs, _, terminated, _, info = env.step(rng.choice(legal_actions(env.game)))
        assert not terminated


def test_action_masks_is_the_info_s_mask_as_booleans_all_false_at_the_end() -> None:
    """sb3-contrib's MaskablePPO asks the environment itself (``action_masks()``), through Gymnasium's wrappers."""
    env = gymnasium.make(ENV_ID, opponent="random", seat="orange")
    _, info = env.reset(seed=3)
    rng = random.Random(2)
    terminated = False
    while not terminated:
        masks = env.get_wrapper_attr("action_masks")()
        assert masks.dtype == np.bool_
        assert same(masks, info["action_mask"] == 1)
        _, _, terminated, _, info = env.step(rng.choice(distinct_actions(env.unwrapped.game)))
    assert not env.get_wrapper_attr("action_masks")().any()


def test_the_same_seed_the_same_episode() -> None:
    runs = [episode(LumiereEnv(opponent="greedy"), 11, random.Random(2)) for _ in range(2)]
    assert len(runs[0]) == len(runs[1])
    assert all(same(a, b) for a, b in zip(runs[0], runs[1], strict=True))
    env = LumiereEnv()
    env.reset(seed=11)
    first = env.game
    env.reset(seed=12)
    assert env.game.setup != first.setup
    a, b = LumiereEnv(), LumiereEnv()
    for e in (a, b):  # an unseeded reset draws from the generator the last seed started
        e.reset(seed=3)
        e.reset()
    assert a.game == b.game
    assert a.game.setup != first.setup


def test_the_seat_is_chosen_or_drawn_and_the_setup_is_the_seeds_either_way() -> None:
    seats = set()
    for seed in range(12):
        drawn, orange, blue = LumiereEnv(), LumiereEnv(seat="orange"), LumiereEnv(seat="blue")
        info = drawn.reset(seed=seed)[1]
        seats.add(info["seat"])
        assert orange.reset(seed=seed)[1]["seat"] == "orange"
        assert blue.reset(seed=seed)[1]["seat"] == "blue"
        assert drawn.game.setup == orange.game.setup == blue.game.setup
    assert seats == {"orange", "blue"}


def test_the_opponent_moves_first_when_the_setup_says_so() -> None:
    env = LumiereEnv(opponent="greedy", seat="orange")
    for seed in range(8):
        env.reset(seed=seed)
        first = env.game.setup.first
        assert env.game.turn is Player.ORANGE
        assert (env.game != GameState.start(env.game.setup)) == (first is Player.BLUE)  # blue's move made


def test_an_illegal_action_ends_the_episode_as_a_loss() -> None:
    env = LumiereEnv(seat="blue")
    env.reset(seed=1)
    before = env.game
    illegal = action_of(env.game, Pass())
    assert illegal not in legal_actions(env.game)
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert same(obs, observe(before, Player.BLUE))
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert env.game == before  # nothing was played
    assert not info["action_mask"].any()
    assert "scores" not in info
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(legal_actions(before)[0])


@pytest.mark.parametrize(
    "action", [3.5, 5.0, np.float64(5), "5", True, np.bool_(True), None, [5], -1, NUM_ACTIONS, NUM_ACTIONS + 5]
)
def test_a_value_that_is_no_id_is_refused_and_nothing_is_played(action: Any) -> None:
    # 3.5 was played as id 3, "5" and 5.0 as id 5, True as id 1: an action the agent did not take; an id out of
    # range is refused as PettingZoo's environment refuses it, not taken for an illegal move.
    env = LumiereEnv(seat="blue")
    env.reset(seed=1)
    before = env.game
    expected = rf"^action {re.escape(repr(action))}: expected an id 0-41624 \(Discrete\(41625\)\)$"
    with pytest.raises(ValueError, match=expected):
        env.step(action)
    assert env.game == before
    legal = legal_actions(before)[0]
    for integer in (legal, np.int64(legal), np.array(legal)):  # Discrete's samples, an agent's array
        env.reset(seed=1)
        info = env.step(integer)[4]
        assert "illegal_action" not in info
        assert env.game != before


def test_the_opponent_may_be_any_bot_even_one_answering_in_text() -> None:
    def text_bot(view: View, rng: random.Random) -> str:
        return str(view.legal_moves()[-1])

    def stubborn(view: View, rng: random.Random) -> Move:
        return Pass()

    assert LumiereEnv(opponent="ismcts").opponent is ismcts_bot
    assert LumiereEnv(opponent="greedy").opponent is greedy_bot
    env = LumiereEnv(opponent=text_bot, seat="orange")
    steps = episode(env, 4, random.Random(0))
    assert steps[-1][3] is True
    env = LumiereEnv(opponent=stubborn, seat="orange")
    with pytest.raises(BotError, match=r"^blue bot stubborn played pass at move \d+: not a legal move$"):
        episode(env, 4, random.Random(0))


def test_bad_arguments_are_named() -> None:
    with pytest.raises(
        ValueError, match=r"^opponent: expected one of random, greedy, ismcts or a bot function, got 'x'$"
    ):
        LumiereEnv(opponent="x")
    with pytest.raises(ValueError, match=r"^seat: expected 'orange', 'blue' or None \(drawn at each reset\), got 'g'$"):
        LumiereEnv(seat="g")
    with pytest.raises(ValueError, match=r"^render_mode: expected None or 'ansi', got 'human'$"):
        LumiereEnv(render_mode="human")
    env = LumiereEnv(render_mode="ansi")
    env.reset(seed=2)
    assert env.render() == env.game.to_string()
    with pytest.raises(gymnasium.error.ResetNeeded):
        LumiereEnv().step(0)


def test_the_training_example_of_the_docs_runs() -> None:
    def run() -> str:
        script = [sys.executable, "examples/gymnasium_training.py", "4"]
        return subprocess.run(script, capture_output=True, text=True, check=True, cwd=ROOT, env=ENV).stdout

    out = run()
    lines = out.splitlines()
    assert len(lines) == 5
    for n, line in enumerate(lines[:4], 1):
        assert re.fullmatch(rf"episode {n}: (orange|blue), \d+ moves, reward [+-][01], scores \(\d+, \d+\)", line)
    rewards = [line.split("reward ")[1].split(",")[0] for line in lines[:4]]
    won, lost = rewards.count("+1"), rewards.count("-1")
    assert lines[4] == f"4 episodes against random: {won} won, {4 - won - lost} drawn, {lost} lost"
    assert run() == out  # the same seed, the same run, in another process
