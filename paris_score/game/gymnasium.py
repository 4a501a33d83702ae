"""A Gymnasium environment: one agent against a bot (``pip install 'paris-score[gymnasium]'``; docs' "For bot authors").

Importing this module (or :mod:`paris_score.gymnasium`) registers it as
``paris_score/Lumiere-v0``.  Each episode is a game from a setup drawn by
``reset(seed=...)``; the agent sits at ``seat`` (``"orange"``, ``"blue"``, or
drawn at each reset), the opponent bot plays the other side, its moves made
within ``reset`` and ``step``.  An action is an id of
:mod:`paris_score.game.actions` (``Discrete(41625)``); an observation is the
agent's view as :func:`paris_score.game.observations.observation` (``int8``,
0 or 1).  ``info["action_mask"]`` is 1 for one legal id of each distinct result the agent's move may have (the
smallest id, :func:`paris_score.game.actions.distinct_mask`: a symmetric tile turned two ways is one move), and
``action_masks()`` gives it as booleans (as sb3-contrib's ``MaskablePPO`` asks); any legal id is played if given.
The reward is 0 until the game is over, then the game's result from the
agent's seat: +1 a win, -1 a loss, 0 a shared win (S5); ``info["scores"]``
then holds both totals (orange's, blue's) for other rewards, such as the
point margin.  An action that is not legal ends the episode at once as a
loss (reward -1, ``info["illegal_action"]`` true), as PettingZoo's classic
games do; a value that is no integer (``3.5``, ``"5"``) is refused with
``ValueError``.

>>> env = LumiereEnv(opponent="greedy", seat="blue")
>>> observation, info = env.reset(seed=1)
>>> observation.shape == env.observation_space.shape, info["seat"], int(info["action_mask"].sum())
(True, 'blue', 76)
"""

from __future__ import annotations

import random
from typing import Any, Final, SupportsIndex

import gymnasium
import numpy as np
from gymnasium import spaces

from paris_score.game.actions import NUM_ACTIONS, action_id, distinct_mask, move_of
from paris_score.game.bots import BOTS, Bot, bot_move
from paris_score.game.generate import random_setup
from paris_score.game.observations import OBSERVATION_SIZE, observation_of
from paris_score.game.state import GameState, Result
from paris_score.model import Player

ENV_ID: Final = "paris_score/Lumiere-v0"

# -- the observation and the mask: the one place this module reads them ----------------------------------------

OBSERVATION_SHAPE: Final = (OBSERVATION_SIZE,)
"""The shape of :func:`observe`'s array."""


def observe(state: GameState, player: Player) -> np.ndarray[Any, np.dtype[np.int8]]:
    """What ``player`` knows of ``state`` (its view), as the observation array (docs/bots.md, "Observations")."""
    return np.frombuffer(bytearray(observation_of(state, player)), dtype=np.int8)


def action_mask(state: GameState) -> np.ndarray[Any, np.dtype[np.int8]]:
    """1 where an action id is legal for the side to move of ``state``, one id for each distinct result (the
    smallest: :func:`~paris_score.game.actions.distinct_mask`)."""
    return np.frombuffer(distinct_mask(state), dtype=np.int8)


# -- the environment -------------------------------------------------------------------------------------------


class LumiereEnv(gymnasium.Env[np.ndarray, np.int64]):
    """Paris: La Cité de la Lumière for one agent against ``opponent`` (``"random"``, ``"greedy"``, ``"ismcts"``
    or a bot function, :mod:`paris_score.game.bots`); ``game`` is the :class:`GameState` now, ``seat`` the
    agent's side, ``render()`` (with ``render_mode="ansi"``) the state string."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012  (as Gymnasium declares it)

    def __init__(self, opponent: str | Bot = "random", seat: str | None = None, render_mode: str | None = None) -> None:
        if isinstance(opponent, str) and opponent not in BOTS:
            raise ValueError(f"opponent: expected one of {', '.join(BOTS)} or a bot function, got {opponent!r}")
        if seat not in (None, "orange", "blue"):
            raise ValueError(f"seat: expected 'orange', 'blue' or None (drawn at each reset), got {seat!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode: expected None or 'ansi', got {render_mode!r}")
        self.opponent: Bot = BOTS[opponent] if isinstance(opponent, str) else opponent
        self.render_mode = render_mode
        self.observation_space = spaces.Box(low=0, high=1, shape=OBSERVATION_SHAPE, dtype=np.int8)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._seat = None if seat is None else Player(seat)
        self.seat = Player.ORANGE if self._seat is None else self._seat
        self.game = GameState.start(random_setup(0))
        self._rng = random.Random()
        self._moves = 0
        self._over = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray[Any, np.dtype[np.int8]], dict[str, Any]]:
        """A new game from a setup drawn by the environment's generator (seeded by ``seed``), the opponent's
        first moves made if it moves first."""
        super().reset(seed=seed)
        setup, drawn, opponent = (int(n) for n in self.np_random.integers(2**31, size=3))  # whatever the seat
        self.game = GameState.start(random_setup(setup))
        self.seat = self._seat if self._seat is not None else (Player.ORANGE, Player.BLUE)[drawn % 2]
        self._rng = random.Random(opponent)
        self._moves = 0
        self._over = False
        self._reply()
        return observe(self.game, self.seat), self._info(None)

    def step(
        self, action: SupportsIndex
    ) -> tuple[np.ndarray[Any, np.dtype[np.int8]], float, bool, bool, dict[str, Any]]:
        """The agent's move ``action``, then the opponent's until the agent is to move again or the game is over.

        ``ValueError`` for a value that is no id (``3.5``, ``"5"``, ``True``, ``-1``): never played as another id."""
        if self._over:
            raise gymnasium.error.ResetNeeded("the game is over (or not started): call reset() first")
        index = action_id(action)
        try:
            self.game = self.game.play(move_of(self.game, index))
        except ValueError:  # an id that draws a building off the board, or a move refused (IllegalMoveError)
            self._over = True
            return observe(self.game, self.seat), -1.0, True, False, self._info(None) | {"illegal_action": True}
        self._moves += 1
        self._reply()
        result = self.game.result()
        self._over = result is not None
        reward = 0.0 if result is None else float(result.value(self.seat))
        return observe(self.game, self.seat), reward, self._over, False, self._info(result)

    def _reply(self) -> None:
        """The opponent's moves while it is to move (:class:`~paris_score.game.bots.BotError` if it fails)."""
        while not self.game.is_over and self.game.turn is not self.seat:
            self._moves += 1
            self.game = self.game.play(bot_move(self.opponent, self.game, self._rng, self._moves))

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """``info["action_mask"]`` now, as booleans: for the libraries that ask the environment for it
        (sb3-contrib's ``MaskablePPO``)."""
        return self._mask().astype(bool)

    def _mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The action mask, all 0 once the episode is over."""
        return np.zeros(NUM_ACTIONS, dtype=np.int8) if self._over else action_mask(self.game)

    def _info(self, result: Result | None) -> dict[str, Any]:
        """The seat, the action mask, and the scores at the end."""
        info: dict[str, Any] = {"seat": str(self.seat), "action_mask": self._mask()}
        if result is not None:
            info["scores"] = result.scores
        return info

    def render(self) -> str | None:
        return self.game.to_string() if self.render_mode == "ansi" else None


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:LumiereEnv")
