"""The game for OpenSpiel, ``python_paris_lumiere``: ``pip install 'paris-score[openspiel]'`` (docs' "For bot authors").

Importing this module registers the game with ``pyspiel``.  The game's
parameter ``seed`` picks the setup (``random_setup(seed)``: its pieces,
postcards, first player and which 8 tiles each stack holds); the stacks
start face down and every draw is a chance node: outcome ``k`` is the
``k``-th distinct tile of the drawing player's stack (sorted), with the
probability of its copies among the tiles left.  A player's actions are the
ids of :mod:`paris_score.actions`.  Returns at the end: +1, -1, or 0 each.

>>> import pyspiel
>>> game = pyspiel.load_game("python_paris_lumiere", {"seed": 1})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.num_distinct_actions()
(True, 41625)
"""

from __future__ import annotations

import functools
import random
from typing import Any, Final, NamedTuple

import attrs
import numpy as np
import pyspiel

from paris_score.actions import NUM_ACTIONS, legal_actions, move_of
from paris_score.game import GameState
from paris_score.generate import random_setup
from paris_score.model import Player
from paris_score.observations import OBSERVATION_SIZE, observation
from paris_score.setup import TILES_PER_PLAYER, Setup, Tile
from paris_score.states import checked_state
from paris_score.views import View

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
def _deal(seed: int) -> _Deal:
    setup = random_setup(seed)
    return _Deal(setup, tuple(tuple(sorted(set(stack))) for stack in setup.tiles))


@functools.lru_cache(maxsize=256)
def _stacked(setup: Setup, stacks: tuple[tuple[Tile, ...], ...]) -> Setup:
    """``setup`` with these stacks: one value (checked once) for the same stacks, draw after draw."""
    return attrs.evolve(setup, tiles=stacks)


class _Shared:
    """The immutable values that copies of a state share (OpenSpiel clones a Python state with ``deepcopy``):
    the game, its deal, the engine's state."""

    __slots__ = ("deal", "spiel", "state")

    def __init__(self, spiel: ParisGame, deal: _Deal, state: GameState | None) -> None:
        self.spiel, self.deal, self.state = spiel, deal, state

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self


class _Deal(NamedTuple):
    """The setup of a game's seed, and each player's distinct tiles, sorted: chance outcome ``k`` of a draw is
    ``kinds[player][k]``."""

    setup: Setup
    kinds: tuple[tuple[Tile, ...], ...]


class ParisState(pyspiel.State):  # type: ignore[misc]
    """A game between two moves or draws; ``game`` is the engine's :class:`GameState` with the tiles drawn."""

    def __init__(self, game: ParisGame) -> None:
        super().__init__(game)
        self.drawn: list[list[Tile]] = [[], []]
        self._now = _Shared(game, _deal(int(game.get_parameters()["seed"])), None)
        self.game = self._state(GameState.start(self._setup()))
        self.seen: list[list[str]] = [[], []]
        """Each player's record of the actions so far: the other player's draws are ``?``."""

    def _left(self, side: int) -> list[Tile]:
        left = list(self._paris.setup.tiles[side])
        for tile in self.drawn[side]:
            left.remove(tile)
        return sorted(left)

    def _setup(self) -> Setup:
        stacks = tuple(tuple(self.drawn[side] + self._left(side)) for side in (0, 1))
        return _stacked(self._paris.setup, stacks)

    @property
    def _game(self) -> ParisGame:
        return self._now.spiel

    @property
    def _paris(self) -> _Deal:
        return self._now.deal

    @property
    def game(self) -> GameState:
        """The engine's state, the tiles drawn so far on top of the stacks."""
        assert self._now.state is not None
        return self._now.state

    @game.setter
    def game(self, state: GameState) -> None:
        self._now = _Shared(self._now.spiel, self._now.deal, state)

    def _state(self, state: GameState) -> GameState:
        """``state`` with the stacks as drawn so far, the tiles not drawn yet below them (checked)."""
        return checked_state(
            self._setup(),
            phase=state.phase,
            turn=state.turn,
            placed=state.placed,
            areas=state.areas,
            ground=state.ground,
            first_done=state.first_done,
            pool=state.pool,
            reserves=state.reserves,
            chimneys=state.chimneys,
            cards=state.cards,
            metro=state.metro,
            chartier=state.chartier,
            buildings=state.buildings,
            pieces=state.pieces,
        )

    def _drawing(self) -> int | None:
        """The side (0 orange, 1 blue) that draws now: its hand is empty and tiles are left; the first player first."""
        order = (0, 1) if self._paris.setup.first is Player.ORANGE else (1, 0)
        for side in order:
            if len(self.drawn[side]) == self.game.placed[side] < TILES_PER_PLAYER:
                return side
        return None

    def current_player(self) -> int:
        if self.game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._drawing() is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return _PLAYERS.index(self.game.turn)

    def _legal_actions(self, player: int) -> list[int]:
        return legal_actions(self.game)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        side = self._drawing()
        assert side is not None
        left = self._left(side)
        return [(k, left.count(tile) / len(left)) for k, tile in enumerate(self._paris.kinds[side]) if tile in left]

    def _apply_action(self, action: int) -> None:
        side = self._drawing()
        for player in (0, 1):
            self.seen[player].append(f"{action}" if side in (None, player) else "?")
        if side is not None:
            self.drawn[side].append(self._paris.kinds[side][action])
            self.game = self._state(self.game)
        else:
            self.game = self.game.play(move_of(self.game, action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            side = self._drawing()
            assert side is not None
            return f"{_PLAYERS[side]} draws {''.join(self._paris.kinds[side][action])}"
        return str(move_of(self.game, action))

    def is_terminal(self) -> bool:
        return self.game.is_over

    def returns(self) -> list[float]:
        result = self.game.result()
        return [0.0, 0.0] if result is None else [float(r) for r in result.returns]

    def view(self, player: int) -> View:
        """What ``player`` (0 orange, 1 blue) knows: a hand not drawn yet is no hand."""
        view = self.game.view(_PLAYERS[player])
        if view.hand is not None and len(self.drawn[player]) == self.game.placed[player]:
            unseen = list(view.unseen)
            unseen[player] = tuple(sorted((*unseen[player], view.hand)))
            view = attrs.evolve(view, hand=None, unseen=(unseen[0], unseen[1]))
        return view

    def information_state(self, player: int) -> str:
        """Every action so far, the other player's draws hidden, then what ``player`` sees now."""
        return f"{player}:{' '.join(self.seen[player])}|{self.view(player)!r}"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ParisState:
        """A state ``player_id`` cannot tell from this one: the other player's tile in hand drawn again."""
        rng = random.Random(int(probability_sampler() * 2**31))
        other = 1 - player_id
        hidden = len(self.drawn[other]) > self.game.placed[other]
        state = ParisState(self._game)
        draws = 0
        for action in self.history():
            side = state._drawing()
            if side == other:
                draws += 1
                if hidden and draws == len(self.drawn[other]):
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    action = rng.choices(outcomes, weights)[0]
            state.apply_action(action)
        return state

    def __str__(self) -> str:
        return self.game.to_string()


class _Observer:
    """OpenSpiel's observer of a :class:`ParisState`: the view as :func:`~paris_score.observations.observation`."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.tensor = np.zeros(OBSERVATION_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: ParisState, player: int) -> View:
        view = state.view(player)
        return view if self.private else attrs.evolve(view, hand=None)

    def set_from(self, state: ParisState, player: int) -> None:
        self.tensor[:] = observation(self._view(state, player))

    def string_from(self, state: ParisState, player: int) -> str:
        if self.perfect_recall and self.private:
            return state.information_state(player)
        return repr(self._view(state, player))


pyspiel.register_game(_GAME_TYPE, ParisGame)
