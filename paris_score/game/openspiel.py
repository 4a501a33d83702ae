"""The game for OpenSpiel, ``python_paris_lumiere``: ``pip install 'paris-score[openspiel]'`` (docs' "For bot authors").

Importing this module registers the game with ``pyspiel``.  Without the
parameter ``seed`` the game deals its setup at its first chance nodes
(:class:`~paris_score.game.chance.SetupChance`: every fictional setup of
``random_setup`` with its true probability); ``seed`` fixes one,
``random_setup(seed)``.  The stacks then start face down and every draw is
a chance node: outcome ``k`` is the ``k``-th distinct tile of the drawing
player's stack (sorted), with the probability of its copies among the
tiles left.  A player's legal actions are the
:func:`~paris_score.game.actions.distinct_actions`, ids of
:mod:`paris_score.game.actions`.  Returns at the end: +1, -1, or 0 each.

>>> import pyspiel
>>> game = pyspiel.load_game("python_paris_lumiere")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()), game.num_distinct_actions()
(True, 495, 41625)
>>> state = pyspiel.load_game("python_paris_lumiere", {"seed": 1}).new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())  # the first player's first tile
(True, 7)
"""

from __future__ import annotations

import functools
import random
from typing import Any, Final, NamedTuple

import attrs
import numpy as np
import pyspiel

from paris_score.game.actions import NUM_ACTIONS, distinct_actions, move_of
from paris_score.game.chance import MAX_OUTCOMES, MAX_SETUP_EVENTS, ChanceGame, SetupChance
from paris_score.game.generate import random_setup
from paris_score.game.observations import BLOCKS, OBSERVATION_SIZE, observation
from paris_score.game.setups import TILES_PER_PLAYER, Setup, Tile
from paris_score.game.state import GameState, View
from paris_score.model import Player

__all__ = ["HISTORY_SIZE", "INFORMATION_STATE_SIZE", "MAX_MOVES", "ParisGame", "ParisState"]

_PLAYERS: Final = (Player.ORANGE, Player.BLUE)
_PLAYER: Final = {player: k for k, player in enumerate(_PLAYERS)}
MAX_MOVES: Final = 48 + 45
"""The most moves a game has (G4-G12): in phase 1 the 16 tiles, at most 12 takes and a pass by the player done
first for each move of the other (at most 8 tiles and 12 takes); in phase 2 at most 14 builds (7 chimneys each)
and 8 postcards, and a pass only after a move that is no pass (two passes in a row end the game), 1 more to
start."""
_ENTRIES: Final = MAX_SETUP_EVENTS + 2 * TILES_PER_PLAYER + MAX_MOVES
"""The most actions a history holds: the setup's events, the 16 draws, the moves."""
_SLOT: Final = 18
"""An action in the information state tensor: 1 (an action is there), 1 if hidden (the other's draw), its 16
bits, lowest first."""
HISTORY_SIZE: Final = _ENTRIES * _SLOT
"""The numbers the information state tensor adds after the observation: each action seen so far."""
INFORMATION_STATE_SIZE: Final = OBSERVATION_SIZE + HISTORY_SIZE
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
    parameter_specification={"seed": -1},
)
_GAME_INFO: Final = pyspiel.GameInfo(
    num_distinct_actions=NUM_ACTIONS,
    max_chance_outcomes=MAX_OUTCOMES,
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=MAX_MOVES,
)


class ParisGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """The game: every setup dealt by chance, or the one of the parameter ``seed`` (0 or more)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_GAME_TYPE, _GAME_INFO, params or {})
        seed = int(self.get_parameters()["seed"])
        self._root = _Node(self, None, -1, SetupChance(), None) if seed < 0 else _started(self, _setup(seed))

    def new_initial_state(self) -> ParisState:
        return ParisState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> _Observer:
        return _Observer(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    def max_chance_nodes_in_history(self) -> int:
        return 2 * TILES_PER_PLAYER + (MAX_SETUP_EVENTS if self._root.deal is not None else 0)


@functools.lru_cache(maxsize=16)
def _setup(seed: int) -> Setup:
    return random_setup(seed)


class _Node:
    """One state of the game, immutable: the copies of an OpenSpiel state share it (OpenSpiel copies a Python
    state with ``deepcopy``), and the next state keeps it as its ``parent`` (:meth:`ParisState.undo_action`)."""

    __slots__ = ("_outcomes", "action", "chance", "deal", "draws", "kinds", "legal", "parent", "player", "spiel")

    def __init__(
        self,
        spiel: ParisGame,
        parent: _Node | None,
        action: int,
        deal: SetupChance | None,
        chance: ChanceGame | None,
        kinds: tuple[tuple[Tile, ...], ...] = (),
    ) -> None:
        self.spiel, self.parent, self.action, self.deal, self.chance, self.kinds = (
            spiel,
            parent,
            action,
            deal,
            chance,
            kinds,
        )
        """``kinds``: each player's distinct tiles, sorted: chance outcome ``k`` of a draw is ``kinds[player][k]``."""
        self._outcomes: list[tuple[int, float]] | None = None
        self.legal: list[int] = []
        """The side to move's legal actions (none at a chance node or at the end)."""
        drawing = None if chance is None else chance.drawing
        self.draws = None if drawing is None else _PLAYER[drawing]
        """The player whose tile is drawn now, or ``None``."""
        if chance is None or drawing is not None:
            self.player = int(pyspiel.PlayerId.CHANCE)
        else:
            self.legal = distinct_actions(chance.game)  # none once the game is over
            self.player = _PLAYER[chance.game.turn] if self.legal else int(pyspiel.PlayerId.TERMINAL)

    def __deepcopy__(self, memo: dict[int, object]) -> _Node:
        return self

    @property
    def game(self) -> GameState:
        assert self.chance is not None, "the setup is being dealt"
        return self.chance.game

    def outcomes(self) -> list[tuple[int, float]]:
        if self._outcomes is None:
            if self.deal is not None:
                self._outcomes = self.deal.probabilities()
            else:
                side = self.draws
                assert side is not None, "not a chance node"
                assert self.chance is not None
                kinds = self.kinds[side]
                self._outcomes = [(kinds.index(tile), float(p)) for tile, p in self.chance.chance_outcomes()]
        return self._outcomes

    def child(self, action: int) -> _Node:
        """The state after ``action``: a chance outcome or a move."""
        if self.deal is not None:
            deal = self.deal.draw(action)
            if deal.stage == "done":
                return _started(self.spiel, deal.setup, self, action)
            return _Node(self.spiel, self, action, deal, None)
        assert self.chance is not None
        side = self.draws
        if side is None:
            chance = self.chance.play(move_of(self.chance.game, action))
        else:
            chance = self.chance.draw(self.kinds[side][action])
        return _Node(self.spiel, self, action, None, chance, self.kinds)

    def path(self) -> list[_Node]:
        """The states after each action so far, in order."""
        found, node = [], self
        while node.parent is not None:
            found.append(node)
            node = node.parent
        return found[::-1]

    def history(self) -> list[tuple[int, int]]:
        """Each action so far and who took it."""
        return [(node.parent.player, node.action) for node in self.path()]  # type: ignore[union-attr]

    def seen(self, player: int | None) -> list[int]:
        """The actions so far as ``player`` saw them (``None``: as both did), a draw it did not see ``-1``."""
        return [
            -1 if node.parent.draws not in (None, player) else node.action  # type: ignore[union-attr]
            for node in self.path()
        ]

    def view(self, player: int) -> View | None:
        """What ``player`` knows of the game, ``None`` while the setup is being dealt."""
        return None if self.chance is None else self.chance.view(_PLAYERS[player])


def _started(spiel: ParisGame, setup: Setup, parent: _Node | None = None, action: int = -1) -> _Node:
    """The state once the setup is known: the stacks face down, no tile drawn yet."""
    kinds = tuple(tuple(sorted(set(stack))) for stack in setup.tiles)
    return _Node(spiel, parent, action, None, ChanceGame.start(setup), kinds)


class _PlayerAction(NamedTuple):
    """An entry of :meth:`ParisState.full_history`, read as OpenSpiel's ``PlayerAction`` is."""

    player: int
    action: int


class ParisState(pyspiel.State):  # type: ignore[misc]
    """A game between two actions: its setup being dealt, then a :class:`~paris_score.game.chance.ChanceGame`."""

    def __init__(self, game: ParisGame) -> None:
        super().__init__(game)
        self._now: _Node = game._root

    @property
    def chance(self) -> ChanceGame:
        """The game with its stacks face down (``AssertionError`` while the setup is being dealt)."""
        assert self._now.chance is not None, "the setup is being dealt"
        return self._now.chance

    @property
    def game(self) -> GameState:
        """The engine's state, the tiles drawn so far on top of the stacks."""
        return self._now.game

    @property
    def deal(self) -> SetupChance | None:
        """The setup being dealt, ``None`` once it is dealt."""
        return self._now.deal

    def current_player(self) -> int:
        return self._now.player

    def is_chance_node(self) -> bool:
        return bool(self._now.player == pyspiel.PlayerId.CHANCE)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """As OpenSpiel's ``legal_actions``, answered here rather than through C++ (a Python caller's list is not
        copied there and back)."""
        now = self._now
        if now.player == pyspiel.PlayerId.CHANCE:
            return [action for action, _ in now.outcomes()]
        if player is not None and player < 0 and now.player >= 0:
            raise ValueError(f"legal_actions of pseudo-player {player}")
        return list(now.legal) if player is None or player == now.player else []

    def _legal_actions(self, player: int) -> list[int]:
        return self._now.legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self._now.outcomes())

    def _apply_action(self, action: int) -> None:
        self._now = self._now.child(action)

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last action, ``action`` of ``player``: the state before it, exactly (for Python
        callers: OpenSpiel does not hand a C++ ``UndoAction`` to a Python game)."""
        now = self._now
        before = now.parent
        if before is None or (before.player, now.action) != (player, action):
            last = None if before is None else (before.player, now.action)
            raise ValueError(f"undo_action({player}, {action}): the last action was {last}")
        self._now = before

    def history(self) -> list[int]:
        return [node.action for node in self._now.path()]

    def full_history(self) -> list[_PlayerAction]:
        return [_PlayerAction(*entry) for entry in self._now.history()]

    def history_str(self) -> str:
        return ", ".join(map(str, self.history()))

    def move_number(self) -> int:
        return len(self._now.path())

    def is_initial_state(self) -> bool:
        return self._now.parent is None

    def _action_to_string(self, player: int, action: int) -> str:
        now = self._now
        if now.deal is not None:
            return now.deal.describe(action)
        side = now.draws
        if side is not None:
            return f"{_PLAYERS[side]} draws {'/'.join(now.kinds[side][action])}"
        return str(move_of(now.game, action))

    def is_terminal(self) -> bool:
        return bool(self._now.player == pyspiel.PlayerId.TERMINAL)

    def returns(self) -> list[float]:
        chance = self._now.chance
        result = None if chance is None else chance.result()
        return [0.0, 0.0] if result is None else [float(r) for r in result.returns]

    def view(self, player: int) -> View:
        """What ``player`` (0 orange, 1 blue) knows (``AssertionError`` while the setup is being dealt)."""
        view = self._now.view(player)
        assert view is not None, "the setup is being dealt"
        return view

    def information_state(self, player: int) -> str:
        """Every action so far, the other player's draws hidden (``?``), then what ``player`` sees now."""
        return _recall_text(self._now, player, private=True)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ParisState:
        """A state ``player_id`` cannot tell from this one: the other player's tile in hand drawn again."""
        rng = random.Random(int(probability_sampler() * 2**31))
        other = 1 - player_id
        now = self._now
        drawn = 0 if now.chance is None else len(now.chance.drawn[other])
        hidden = now.chance is not None and drawn > now.chance.game.placed[other]
        state = ParisState(now.spiel)
        draws = 0
        for action in self.history():
            if state._now.draws == other:
                draws += 1
                if hidden and draws == drawn:
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    action = rng.choices(outcomes, weights)[0]
            state.apply_action(action)
        return state

    def __str__(self) -> str:
        now = self._now
        if now.chance is None:
            return "dealing the setup: " + " ".join(map(str, self.history()))
        return now.chance.game.to_string()


# -- observers ----------------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1 << 16)
def _slot(action: int) -> bytes:
    if action < 0:
        return b"\1\1" + bytes(_SLOT - 2)
    return b"\1\0" + bytes((action >> i) & 1 for i in range(_SLOT - 2))


def _observed(node: _Node, player: int, private: bool) -> bytes:
    """The observation vector: the view's, or while the setup is dealt nothing but the viewer."""
    view = node.view(player)
    if view is not None:
        return observation(view, public=not private)
    dealing = bytearray(OBSERVATION_SIZE)
    if private:
        dealing[BLOCKS["viewer"].start + player] = 1
    return bytes(dealing)


def _view_text(node: _Node, player: int, private: bool) -> str:
    view = node.view(player)
    if view is None:
        return "dealing the setup"
    if private:
        return repr(view)
    public = view.without_hand()
    return "public " + ", ".join(
        f"{field.name}={getattr(public, field.name)!r}"
        for field in attrs.fields(View)
        if field.eq and field.name != "player"
    )


def _recall_text(node: _Node, player: int, private: bool) -> str:
    seen = " ".join("?" if action < 0 else str(action) for action in node.seen(player if private else None))
    return f"{player if private else 'public'}:{seen}|{_view_text(node, player, private)}"


class _Observer:
    """OpenSpiel's observer of a :class:`ParisState`: the view as :func:`~paris_score.game.observations.observation`,
    with perfect recall every action seen so far too; the viewer's own (private information ``SINGLE_PLAYER``),
    or what both players see (``NONE``), the same for either."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if not iig_obs_type.public_info or iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError(
                "observations with public information and no private information or one player's only, "
                f"got {iig_obs_type}"
            )
        self.recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.tensor = np.zeros(INFORMATION_STATE_SIZE if self.recall else OBSERVATION_SIZE, np.float32)
        self.dict = {"observation": self.tensor[:OBSERVATION_SIZE]}
        if self.recall:
            self.dict["history"] = self.tensor[OBSERVATION_SIZE:].reshape(_ENTRIES, _SLOT)

    def set_from(self, state: ParisState, player: int) -> None:
        node = state._now
        self.tensor[:OBSERVATION_SIZE] = np.frombuffer(_observed(node, player, self.private), np.uint8)
        if self.recall:
            seen = b"".join([_slot(action) for action in node.seen(player if self.private else None)])
            self.tensor[OBSERVATION_SIZE:] = np.frombuffer(seen.ljust(HISTORY_SIZE, b"\0"), np.uint8)

    def string_from(self, state: ParisState, player: int) -> str:
        node = state._now
        if self.recall:
            return _recall_text(node, player, self.private)
        return _view_text(node, player, self.private)


pyspiel.register_game(_GAME_TYPE, ParisGame)
