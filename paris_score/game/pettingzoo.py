"""A PettingZoo AEC environment: ``pip install 'paris-score[pettingzoo]'`` (docs' "For bot authors").

Agents ``"orange"`` and ``"blue"``; an action is an id of
:mod:`paris_score.game.actions` (``Discrete(41625)``); an observation is a dict of
``"observation"``, the agent's view as :func:`paris_score.game.observations.observation`
(``int8``, 0 or 1), and ``"action_mask"``, 1 where the id is one of
:func:`~paris_score.game.actions.distinct_actions` for the agent (all 0
when it is not the agent's turn).  Rewards come at the end: +1 the winner,
-1 the loser, 0 each for a shared win.  Each ``reset(seed)`` starts a game
from ``random_setup`` of a seed drawn from ``seed``.  An id outside the mask
ends the game as in PettingZoo's classic games: -1 for the agent that took
it, 0 for the other.

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
from pettingzoo.utils.env_logger import EnvLogger

from paris_score.game.actions import NUM_ACTIONS, action_id, distinct_actions, distinct_mask, move_of
from paris_score.game.generate import random_setup
from paris_score.game.observations import OBSERVATION_SIZE, observation_of
from paris_score.game.state import GameState
from paris_score.model import Player
from paris_score.squares import SQUARE_NAMES

AGENTS: Final = ("orange", "blue")
_PLAYER: Final = {str(player): player for player in Player}
_NAME: Final = {player: str(player) for player in Player}
_RENDER_MODES: Final = ("human", "ansi")


def env(render_mode: str | None = None) -> ParisEnv:
    """A new environment (call ``reset`` before the first step)."""
    return ParisEnv(render_mode)


class ParisEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """Paris: La Cité de la Lumière as a PettingZoo AEC environment; ``game`` is the :class:`GameState` now.

    ``render()`` returns its state string with ``render_mode="ansi"``, and prints the board (:func:`board`)
    after every step with ``render_mode="human"``.  An id outside the action mask (one that is not legal, or
    whose move gives the same state as a smaller id) ends the game as PettingZoo's classic games'
    ``TerminateIllegalWrapper`` ends it: a warning, the reward -1 for the agent that took it and 0 for the
    other, both agents terminated and truncated, ``infos[agent]["illegal_action"]`` the id; the game stays as
    it was.  ``step`` refuses a value that is no id (``ValueError``).  As PettingZoo's ``OrderEnforcingWrapper``
    says: a step or an observation before the first ``reset`` is refused (``AssertionError``), a step once every
    agent is done warns and does nothing.
    """

    metadata: Final = {"name": "paris_lumiere_v0", "render_modes": list(_RENDER_MODES), "is_parallelizable": False}

    def __init__(self, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, *_RENDER_MODES):
            raise ValueError(f"render_mode: expected None, 'human' or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in AGENTS}
        box = spaces.Box(low=0, high=1, shape=(OBSERVATION_SIZE,), dtype=np.int8)
        mask = spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8)
        self.observation_spaces = {agent: spaces.Dict({"observation": box, "action_mask": mask}) for agent in AGENTS}
        self._rng = random.Random()
        self.game = GameState.start(random_setup(0))
        self._has_reset = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        game = self.game
        mine = agent == self.agent_selection and not self.terminations[agent]
        mask = np.frombuffer(distinct_mask(game) if mine else bytearray(NUM_ACTIONS), dtype=np.int8)
        view = np.frombuffer(observation_of(game, _PLAYER[agent]), dtype=np.int8).copy()
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
        self._has_reset = True

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        if not self.agents:  # every agent done: as PettingZoo's OrderEnforcingWrapper, a warning and nothing else
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action = action_id(action)
        if action not in distinct_actions(self.game):
            self._illegal(agent, action)
            return
        self.game = game = self.game.play(move_of(self.game, action))
        self._cumulative_rewards[agent] = 0
        self.rewards = dict.fromkeys(AGENTS, 0)
        if not distinct_actions(game):  # no move left: over (the next observation's mask is ready too)
            result = game.result()
            assert result is not None
            self.rewards = dict(zip(AGENTS, result.returns, strict=True))
            self.terminations = dict.fromkeys(AGENTS, True)
            self.infos = {agent: {"scores": result.scores} for agent in AGENTS}
        self.agent_selection = _NAME[game.turn]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _illegal(self, agent: str, action: int) -> None:
        """The end of the game by ``agent``'s id outside the mask, as ``TerminateIllegalWrapper`` ends it."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0)
        self.rewards[agent] = -1
        self.infos[agent]["illegal_action"] = action
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.game.to_string()
        if self.render_mode == "human":
            print(board(self.game))
        return None

    def close(self) -> None:
        pass


def board(state: GameState) -> str:
    """The game as text: who is to move, the ground and the buildings (8 rows, row 1 first), then each player's
    chimneys, reserve, tokens, held cards and hand, and the pieces on the board."""
    orange, blue, mixed, light = state.ground
    built = dict.fromkeys(range(64), ".")
    owned: dict[Player, list[str]] = {player: [] for player in Player}
    for building in state.buildings:
        owned[building.owner].append(building.id)
        for sq in range(64):
            if building.cells >> sq & 1:
                built[sq] = building.id
    width = max(map(len, built.values()))
    lines = [f"phase {state.phase}, {state.turn} to move", "   ground      buildings", "   ABCDEFGH    ABCDEFGH"]
    for row in range(8):
        ground = "".join(
            next((c for c, bb in zip("obml", (orange, blue, mixed, light), strict=True) if bb >> sq & 1), ".")
            for sq in range(8 * row, 8 * row + 8)
        )
        spaces = "".join(built[sq].ljust(width) for sq in range(8 * row, 8 * row + 8))
        lines.append(f"{row + 1}  {ground}    {spaces}")
    for player in Player:
        side = player is Player.BLUE
        hand = state.hand(player)
        held = [
            name for name, holder in (("Métropolitain", state.metro), ("Chartier", state.chartier)) if holder is player
        ]
        tokens = " ".join(card.value for card in state.cards[side]) or "-"
        lines.append(
            f"{player}: {state.chimneys[side]} chimneys, built {' '.join(owned[player]) or '-'}, "
            f"reserve {' '.join(state.reserve(player)) or '-'}, tokens on {tokens}"
            + (f", holds {' and '.join(held)}" if held else "")
            + f", hand {'/'.join(hand) if hand is not None else '-'}"
        )
    pieces = [f"{key} {SQUARE_NAMES[at]}" for key, at in state.pieces.placed().items()]
    if state.pieces.statue is not None:
        pieces.append(f"facing {state.pieces.statue.facing}")
    if state.pieces.chartier is not None:
        pieces.append(f"Chartier space {SQUARE_NAMES[state.pieces.chartier]}")
    annexes = [f"annex of {b.id} {SQUARE_NAMES[b.annex]}" for b in state.buildings if b.annex is not None]
    lines.append("pieces: " + (", ".join(pieces + annexes) or "-"))
    return "\n".join(lines)
