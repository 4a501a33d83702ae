"""A PettingZoo AEC environment: ``pip install 'paris-score[pettingzoo]'`` (docs' "For bot authors").

Agents ``"orange"`` and ``"blue"``; an action is an id of
:mod:`paris_score.game.actions` (``Discrete(41625)``); an observation is a dict of
``"observation"``, the agent's view as :func:`paris_score.game.observations.observation`
(``int8``, 0 or 1), and ``"action_mask"``, 1 where the id is legal for the
agent (all 0 when it is not the agent's turn).  Rewards come at the end:
+1 the winner, -1 the loser, 0 each for a shared win.  Each ``reset(seed)``
starts a game from ``random_setup`` of a seed drawn from ``seed``.

>>> environment = env()
>>> environment.reset(seed=1)
>>> observation, reward, terminated, truncated, info = environment.last()
>>> environment.agent_selection, int(observation["action_mask"].sum()), reward
('blue', 76, 0)
"""

from __future__ import annotations

import random
from typing import Any, Final

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from paris_score.game.actions import NUM_ACTIONS, legal_actions, move_of
from paris_score.game.generate import random_setup
from paris_score.game.observations import OBSERVATION_SIZE, observation
from paris_score.game.state import GameState
from paris_score.model import Player

AGENTS: Final = ("orange", "blue")


def env(render_mode: str | None = None) -> ParisEnv:
    """A new environment (call ``reset`` before the first step)."""
    return ParisEnv(render_mode)


class ParisEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """Paris: La Cité de la Lumière as a PettingZoo AEC environment; ``game`` is the :class:`GameState` now,
    ``render()`` (with ``render_mode="ansi"``) its state string."""

    metadata: Final = {"name": "paris_lumiere_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode: expected None or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in AGENTS}
        box = spaces.Box(low=0, high=1, shape=(OBSERVATION_SIZE,), dtype=np.int8)
        mask = spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8)
        self.observation_spaces = {agent: spaces.Dict({"observation": box, "action_mask": mask}) for agent in AGENTS}
        self._rng = random.Random()
        self.game = GameState.start(random_setup(0))

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if agent == self.agent_selection and not self.game.is_over:
            mask[legal_actions(self.game)] = 1
        view = np.array(observation(self.game.view(Player(agent))), dtype=np.int8)
        return {"observation": view, "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.game = GameState.start(random_setup(self._rng.randrange(2**31)))
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self.agent_selection = str(self.game.turn)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.game = self.game.play(move_of(self.game, int(action)))  # type: ignore[arg-type]
        self._cumulative_rewards[agent] = 0
        self.rewards = dict.fromkeys(AGENTS, 0)
        result = self.game.result()
        if result is not None:
            self.rewards = dict(zip(AGENTS, result.returns, strict=True))
            self.terminations = dict.fromkeys(AGENTS, True)
            self.infos = {agent: {"scores": result.scores} for agent in AGENTS}
        self.agent_selection = str(self.game.turn)
        self._accumulate_rewards()

    def render(self) -> str | None:
        return self.game.to_string() if self.render_mode == "ansi" else None

    def close(self) -> None:
        pass
