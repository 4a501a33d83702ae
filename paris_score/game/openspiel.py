"""The game for OpenSpiel, ``python_paris_lumiere``: ``pip install 'paris-score[openspiel]'`` (docs' "For bot authors").

Importing this module registers the game with ``pyspiel``.  The game's
parameter ``seed`` picks the setup (``random_setup(seed)``: its pieces,
postcards, first player and which 8 tiles each stack holds); the stacks
start face down and every draw is a chance node: outcome ``k`` is the
``k``-th distinct tile of the drawing player's stack (sorted), with the
probability of its copies among the tiles left.  A player's actions are the
ids of :mod:`paris_score.game.actions`.  Returns at the end: +1, -1, or 0 each.

>>> import pyspiel
>>> game = pyspiel.load_game("python_paris_lumiere", {"seed": 1})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.num_distinct_actions()
(True, 41625)
"""

from __future__ import annotations

import functools
import random
from typing import Any, Final

import numpy as np
import pyspiel

from paris_score.game.actions import NUM_ACTIONS, legal_actions, move_of
from paris_score.game.chance import ChanceGame
from paris_score.game.generate import random_setup
from paris_score.game.observations import OBSERVATION_SIZE, observation
from paris_score.game.setups import TILES_PER_PLAYER, Tile
from paris_score.game.state import GameState, View
from paris_score.model import Player

_PLAYERS: Final = (Player.ORANGE, Player.BLUE)
_GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_paris_lumiere",
    long_name="Python Paris: La Cité de la Lumière",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"seed": 0},
)
_GAME_INFO: Final = pyspiel.GameInfo(
    num_distinct_actions=NUM_ACTIONS,
    max_chance_outcomes=TILES_PER_PLAYER,
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=200,
)


class ParisGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """The game of one setup (parameter ``seed``), its stacks dealt by chance."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_GAME_TYPE, _GAME_INFO, params or {})

    def new_initial_state(self) -> ParisState:
        return ParisState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> _Observer:
        return _Observer(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


@functools.lru_cache(maxsize=16)
def _start(seed: int) -> tuple[ChanceGame, tuple[tuple[Tile, ...], ...]]:
    """The game of a seed before its first draw, and each player's distinct tiles, sorted: chance outcome ``k`` of
    a draw is ``kinds[player][k]``."""
    setup = random_setup(seed)
    return ChanceGame.start(setup), tuple(tuple(sorted(set(stack))) for stack in setup.tiles)


class _Shared:
    """The immutable values that copies of a state share (OpenSpiel clones a Python state with ``deepcopy``)."""

    __slots__ = ("chance", "kinds", "spiel")

    def __init__(self, spiel: ParisGame, kinds: tuple[tuple[Tile, ...], ...], chance: ChanceGame) -> None:
        self.spiel, self.kinds, self.chance = spiel, kinds, chance

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self


class ParisState(pyspiel.State):  # type: ignore[misc]
    """A game between two moves or draws: a :class:`~paris_score.game.chance.ChanceGame`."""

    def __init__(self, game: ParisGame) -> None:
        super().__init__(game)
        chance, kinds = _start(int(game.get_parameters()["seed"]))
        self._now = _Shared(game, kinds, chance)
        self.seen: list[list[str]] = [[], []]
        """Each player's record of the actions so far: the other player's draws are ``?``."""

    @property
    def chance(self) -> ChanceGame:
        return self._now.chance

    @property
    def game(self) -> GameState:
        """The engine's state, the tiles drawn so far on top of the stacks."""
        return self._now.chance.game

    def _drawing(self) -> int | None:
        player = self.chance.drawing
        return None if player is None else _PLAYERS.index(player)

    def current_player(self) -> int:
        if self.chance.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._drawing() is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return _PLAYERS.index(self.game.turn)

    def _legal_actions(self, player: int) -> list[int]:
        return legal_actions(self.game)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        side = self._drawing()
        assert side is not None
        kinds = self._now.kinds[side]
        return [(kinds.index(tile), float(p)) for tile, p in self.chance.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        side = self._drawing()
        for player in (0, 1):
            self.seen[player].append(f"{action}" if side in (None, player) else "?")
        now = self._now
        if side is not None:
            chance = now.chance.draw(now.kinds[side][action])
        else:
            chance = now.chance.play(move_of(self.game, action))
        self._now = _Shared(now.spiel, now.kinds, chance)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            side = self._drawing()
            assert side is not None
            return f"{_PLAYERS[side]} draws {''.join(self._now.kinds[side][action])}"
        return str(move_of(self.game, action))

    def is_terminal(self) -> bool:
        return self.chance.is_over

    def returns(self) -> list[float]:
        result = self.chance.result()
        return [0.0, 0.0] if result is None else [float(r) for r in result.returns]

    def view(self, player: int) -> View:
        """What ``player`` (0 orange, 1 blue) knows."""
        return self.chance.view(_PLAYERS[player])

    def information_state(self, player: int) -> str:
        """Every action so far, the other player's draws hidden, then what ``player`` sees now."""
        return f"{player}:{' '.join(self.seen[player])}|{self.view(player)!r}"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ParisState:
        """A state ``player_id`` cannot tell from this one: the other player's tile in hand drawn again."""
        rng = random.Random(int(probability_sampler() * 2**31))
        other = 1 - player_id
        hidden = len(self.chance.drawn[other]) > self.game.placed[other]
        state = ParisState(self._now.spiel)
        draws = 0
        for action in self.history():
            if state._drawing() == other:
                draws += 1
                if hidden and draws == len(self.chance.drawn[other]):
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    action = rng.choices(outcomes, weights)[0]
            state.apply_action(action)
        return state

    def __str__(self) -> str:
        return self.game.to_string()


class _Observer:
    """OpenSpiel's observer of a :class:`ParisState`: the view as :func:`~paris_score.game.observations.observation`."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.tensor = np.zeros(OBSERVATION_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: ParisState, player: int) -> View:
        view = state.view(player)
        return view if self.private else view.without_hand()

    def set_from(self, state: ParisState, player: int) -> None:
        self.tensor[:] = observation(self._view(state, player))

    def string_from(self, state: ParisState, player: int) -> str:
        if self.perfect_recall and self.private:
            return state.information_state(player)
        return repr(self._view(state, player))


pyspiel.register_game(_GAME_TYPE, ParisGame)
