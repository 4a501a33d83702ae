"""Integer actions: every move of a game as one id in a fixed range, and back (docs' "For bot authors").

The ids are laid out in blocks (tile, take, pass, build, card, Lévitation,
Jardin, one-piece cards, statue, fountain, annex) of fixed sizes, the same for
every setup; piece ``i`` is ``setup.pool[i]``, so converting needs the state.

>>> from paris_score.game import GameState
>>> from paris_score.game.generate import random_setup
>>> state = GameState.start(random_setup(1))
>>> NUM_ACTIONS, action_of(state, Move.parse("tile C1 90")), str(move_of(state, 5))
(41625, 5, 'tile C1 90')
>>> legal_actions(state)[-3:], sum(legal_mask(state))
([73, 74, 75], 76)
>>> state = GameState.start(random_setup(2))  # a tile that looks the same turned: one rotation of 4 kept
>>> state.hand(state.turn), len(legal_actions(state)), distinct_actions(state)[:3]
(('bb', 'bb'), 76, [0, 4, 8])
"""

from __future__ import annotations

import functools
import operator
import typing
import warnings
from typing import TYPE_CHECKING, Final, NamedTuple, assert_never

from paris_score.game.moves import (
    AREAS,
    MOVE_KINDS,
    PIECE_CARDS,
    Activate,
    Build,
    BuildJardin,
    Levitate,
    Move,
    Pass,
    PlaceAnnex,
    PlaceFountain,
    PlacePiece,
    PlaceStatue,
    PlaceTile,
    Take,
)
from paris_score.game.setups import JARDIN_ID, POOL_SIZE, TILES_PER_PLAYER, PoolPiece, Setup, Tile, turn_tile
from paris_score.game.state import GameState
from paris_score.game.strings import CARD_ORDER
from paris_score.model import FACINGS, Player
from paris_score.shapes import Shape, orientations, rotate, shape_bitboard, shape_of
from paris_score.squares import SIZE, Bitboard, Square

__all__ = [
    "ANNEX_BLOCK",
    "BUILD_BLOCK",
    "CARD_BLOCK",
    "CARD_ORDER",
    "FOUNTAIN_BLOCK",
    "JARDIN_BLOCK",
    "LEVITATE_BLOCK",
    "NUM_ACTIONS",
    "PASS_BLOCK",
    "PIECE_BLOCK",
    "STATUE_BLOCK",
    "TAKE_BLOCK",
    "TILE_BLOCK",
    "action_of",
    "distinct_actions",
    "distinct_mask",
    "distinct_moves",
    "legal_actions",
    "legal_mask",
    "move_of",
]

_PLACINGS: Final = 4 * 64
"""A piece's placements: a quarter-turn count ``t`` 0-3 times a first space ``s`` 0-63."""

# The first id of each block (docs/bots.md, "Integer actions"); a block's name says what its moves put down.
TILE_BLOCK: Final = 0
TAKE_BLOCK: Final = TILE_BLOCK + 16 * 4
PASS_BLOCK: Final = TAKE_BLOCK + POOL_SIZE
BUILD_BLOCK: Final = PASS_BLOCK + 1
CARD_BLOCK: Final = BUILD_BLOCK + POOL_SIZE * _PLACINGS
LEVITATE_BLOCK: Final = CARD_BLOCK + len(CARD_ORDER)
JARDIN_BLOCK: Final = LEVITATE_BLOCK + POOL_SIZE * POOL_SIZE * _PLACINGS
PIECE_BLOCK: Final = JARDIN_BLOCK + 2 * 64
STATUE_BLOCK: Final = PIECE_BLOCK + len(PIECE_CARDS) * 64
FOUNTAIN_BLOCK: Final = STATUE_BLOCK + 64 * len(FACINGS)
ANNEX_BLOCK: Final = FOUNTAIN_BLOCK + 2 * 64
NUM_ACTIONS: Final = ANNEX_BLOCK + 64 * (POOL_SIZE + 1)
"""The number of distinct action ids: 41,625."""

_OLD_NAMES: Final = {
    "PIECES": "setups.POOL_SIZE",
    "CARDS": "actions.CARD_ORDER",
    **{name: f"actions.{name}_BLOCK" for name in ("TILE", "TAKE", "PASS", "BUILD", "CARD", "LEVITATE", "JARDIN")},
    **{name: f"actions.{name}_BLOCK" for name in ("PIECE", "STATUE", "FOUNTAIN", "ANNEX")},
}
"""The old names, which clashed with :mod:`paris_score.postcards`' (``PIECE``, ``PIECES``, ``CARDS``, ``STATUE``,
``FOUNTAIN``) -> the new: each still reads, with a ``DeprecationWarning``."""

_AREA: Final = {sq: i for i, sq in enumerate(AREAS)}
_CARD: Final = {card: i for i, card in enumerate(CARD_ORDER)}
_PIECE_CARD: Final = {card: i for i, card in enumerate(PIECE_CARDS)}
_FACING: Final = {facing: i for i, facing in enumerate(FACINGS)}


def _first(cells: Bitboard) -> Square:
    return (cells & -cells).bit_length() - 1


class _Pool(NamedTuple):
    """What converting needs of a setup's pool: ids -> index, and each piece's rotations -> turns."""

    ids: dict[str, int]
    turns: tuple[dict[Shape, int], ...]
    """Each rotation of a piece's printed shape -> the fewest quarter turns clockwise that give it."""
    actions: dict[Move, int]
    """The ids found so far: a game asks for the same moves' ids move after move."""
    seen: dict[int, int]
    """The same by the move's identity (the engine hands out the same move objects move after move)."""
    alive: list[Move]
    """The moves of :attr:`seen`, kept alive so that their identities name no other object."""
    phase_one: dict[tuple[bool, int, int], tuple[list[Move], list[int], list[int]]]
    """Phase 1's legal moves, their ids and the ids sorted, by all that they depend on (G4-G6): whether the side
    to move holds a tile, the areas with a tile, the pieces in the pool."""


_last_pool: tuple[tuple[PoolPiece, ...], _Pool] | None = None


def _pool(setup: Setup) -> _Pool:
    """The setup's :class:`_Pool`, kept for the last pool seen (a game asks again and again, and the setups of a
    game with its stacks face down share their pool)."""
    global _last_pool
    last = _last_pool
    if last is not None and last[0] is setup.pool:
        return last[1]
    found = _make_pool(setup.pool)
    _last_pool = (setup.pool, found)
    return found


@functools.lru_cache(maxsize=64)
def _make_pool(pool: tuple[PoolPiece, ...]) -> _Pool:
    return _Pool(
        {p.id.upper(): i for i, p in enumerate(pool)},
        tuple({turned: t for t, turned in enumerate(orientations(p.shape))} for p in pool),
        {},
        {},
        [],
        {},
    )


@functools.lru_cache(maxsize=256)
def _drawn(shape: Shape, t: int) -> tuple[Bitboard, int, int, int]:
    """The shape turned ``t`` quarter turns, drawn from A1: its bitboard, its first space's column, width, height."""
    for _ in range(t):
        shape = rotate(shape)
    width = max(dc for dc, _ in shape) + 1
    height = max(dr for _, dr in shape) + 1
    base = shape_bitboard(shape)
    return base, _first(base), width, height


def _index(setup: Setup, piece: str) -> int:
    i = _pool(setup).ids.get(piece)
    if i is None:
        raise ValueError(f"{piece} is not a piece of the setup's pool")
    return i


def _placing(setup: Setup, i: int, cells: Bitboard) -> int:
    turns = _pool(setup).turns[i].get(shape_of(cells))
    if turns is None:
        raise ValueError(f"the spaces do not draw piece {setup.pool[i].id}'s shape turned (never turned over)")
    return 64 * turns + _first(cells)


def action_of(state: GameState, move: Move) -> int:
    """The id of ``move`` in ``state``'s setup; ``ValueError`` if it names a piece not in the pool or a wrong shape.

    ``metro=`` and ``chartier=`` of a build are not part of its id (they follow from the ground).
    """
    known = _pool(state.setup).actions
    action = known.get(move)
    if action is None:
        action = known[move] = _action(state.setup, move)
    return action


def _action(setup: Setup, move: Move) -> int:
    if not isinstance(move, MOVE_KINDS):
        raise ValueError(f"not a move: {move!r}")
    match move:
        case PlaceTile(area=area, rotation=rotation):
            return TILE_BLOCK + 4 * _AREA[area] + rotation // 90
        case Take(piece=piece):
            return TAKE_BLOCK + _index(setup, piece)
        case Pass():
            return PASS_BLOCK
        case Build(piece=piece, cells=cells):
            i = _index(setup, piece)
            return BUILD_BLOCK + _PLACINGS * i + _placing(setup, i, cells)
        case Activate(card=card):
            return CARD_BLOCK + _CARD[card]
        case Levitate(give=give, take=take, cells=cells):
            g, k = _index(setup, give), _index(setup, take)
            return LEVITATE_BLOCK + _PLACINGS * (POOL_SIZE * g + k) + _placing(setup, k, cells)
        case BuildJardin(cells=cells):
            s = _first(cells)
            if cells == 3 << s and s % SIZE != SIZE - 1:
                return JARDIN_BLOCK + s
            if cells == 0x101 << s:
                return JARDIN_BLOCK + 64 + s
            raise ValueError("the Jardin des Plantes covers two spaces side by side or one above the other")
        case PlacePiece(card=card, at=at):
            return PIECE_BLOCK + 64 * _PIECE_CARD[card] + at
        case PlaceStatue(at=at, facing=facing):
            return STATUE_BLOCK + 4 * at + _FACING[facing]
        case PlaceFountain(at=at, chartier=chartier):
            if chartier not in (None, at):
                raise ValueError("chartier= of the fountain names the fountain's own space (P7)")
            return FOUNTAIN_BLOCK + 2 * at + (chartier is not None)
        case PlaceAnnex(at=at, building=building):
            return ANNEX_BLOCK + 13 * at + (POOL_SIZE if building == JARDIN_ID else _index(setup, building))
        case _:
            assert_never(move)


def _building(state: GameState, i: int, placing: int) -> tuple[Bitboard, Square | None, Square | None]:
    """Piece ``i`` placed by ``placing``, and the ``metro=`` and ``chartier=`` its spaces need on the ground now."""
    t, s = divmod(placing, 64)
    base, first, width, height = _drawn(state.setup.pool[i].shape, t)
    column = s % SIZE - first
    if column < 0 or column + width > SIZE or s // SIZE + height > SIZE:
        raise ValueError(f"piece {state.setup.pool[i].id} turned {t} times from space {s} leaves the board")
    cells = base << (s - first)
    orange, blue, _, light = state.ground
    opp = cells & (blue if state.turn is Player.ORANGE else orange)
    on_light = cells & light
    metro = _first(on_light) if on_light.bit_count() == 1 else None
    chartier = _first(opp) if opp.bit_count() == 1 else None
    return cells, metro, chartier


class _Choices(NamedTuple):
    """A state's legal moves, their ids in the same order, the ids sorted, and the quarter turns of the tile in
    hand that lay it as a smaller number of turns lays it (:func:`_repeats`)."""

    moves: list[Move]
    ids: list[int]
    actions: list[int]
    repeats: int

    def distinct(self) -> list[int]:
        repeats = self.repeats
        if not repeats:
            return self.actions
        return [a for a in self.actions if a >= TAKE_BLOCK or not repeats >> (a & 3) & 1]


_last_choices: tuple[GameState, _Choices] | None = None


def _choices(state: GameState) -> _Choices:
    """The :class:`_Choices` of ``state``, kept for the last state asked about (an adapter asks for the mask, then
    plays one of its moves)."""
    global _last_choices
    last = _last_choices
    if last is not None and last[0] is state:
        return last[1]
    pool = _pool(state.setup)
    if state.phase == 2:
        choices = _Choices(*_mapped(state, pool), 0)
    else:
        side = state.turn is Player.BLUE
        k = state.placed[side]
        hand = state.setup.tiles[side][k] if k < TILES_PER_PLAYER else None  # state.hand(state.turn), quicker
        key = (hand is not None, state.areas, state.pool)
        found = pool.phase_one.get(key)
        if found is None:
            if len(pool.phase_one) >= 1 << 12:
                pool.phase_one.clear()
            found = pool.phase_one[key] = _mapped(state, pool)
        choices = _Choices(*found, 0 if hand is None else _repeats(hand))
    _last_choices = (state, choices)
    return choices


def _mapped(state: GameState, pool: _Pool) -> tuple[list[Move], list[int], list[int]]:
    """The legal moves of ``state``, their ids, the ids sorted."""
    legal = state.legal_moves()
    seen = pool.seen
    ids: list[int | None] = list(map(seen.get, map(id, legal)))
    if None in ids:
        if len(seen) >= 1 << 16:
            seen.clear()
            pool.alive.clear()
        for k, move in enumerate(legal):
            if ids[k] is None:
                ids[k] = seen[id(move)] = action_of(state, move)
                pool.alive.append(move)
    found = typing.cast(list[int], ids)  # no None left
    return legal, found, sorted(found)


def move_of(state: GameState, action: int) -> Move:
    """The move id ``action`` names in ``state``; ``ValueError`` if out of range or off the board."""
    last = _last_choices
    if last is not None and last[0] is state and type(action) is int and action in last[1].ids:  # just listed
        choices = last[1]
        return choices.moves[choices.ids.index(action)]
    if not (isinstance(action, int) and 0 <= action < NUM_ACTIONS):
        raise ValueError(f"action {action!r}: expected an id 0-{NUM_ACTIONS - 1}")
    ids = [p.id.upper() for p in state.setup.pool]
    if action < TAKE_BLOCK:
        return PlaceTile(AREAS[action // 4], 90 * (action % 4))
    if action < PASS_BLOCK:
        return Take(ids[action - TAKE_BLOCK])
    if action < BUILD_BLOCK:
        return Pass()
    if action < CARD_BLOCK:
        i, placing = divmod(action - BUILD_BLOCK, _PLACINGS)
        return Build(ids[i], *_building(state, i, placing))
    if action < LEVITATE_BLOCK:
        return Activate(CARD_ORDER[action - CARD_BLOCK])
    if action < JARDIN_BLOCK:
        pair, placing = divmod(action - LEVITATE_BLOCK, _PLACINGS)
        g, k = divmod(pair, POOL_SIZE)
        return Levitate(ids[g], ids[k], *_building(state, k, placing))
    if action < PIECE_BLOCK:
        down, s = divmod(action - JARDIN_BLOCK, 64)
        if (s // SIZE == SIZE - 1) if down else (s % SIZE == SIZE - 1):
            raise ValueError(f"action {action}: the Jardin des Plantes from space {s} leaves the board")
        return BuildJardin((0x101 if down else 3) << s)
    if action < STATUE_BLOCK:
        c, s = divmod(action - PIECE_BLOCK, 64)
        return PlacePiece(PIECE_CARDS[c], s)
    if action < FOUNTAIN_BLOCK:
        s, f = divmod(action - STATUE_BLOCK, 4)
        return PlaceStatue(s, FACINGS[f])
    if action < ANNEX_BLOCK:
        s, chartier = divmod(action - FOUNTAIN_BLOCK, 2)
        return PlaceFountain(s, s if chartier else None)
    s, b = divmod(action - ANNEX_BLOCK, POOL_SIZE + 1)
    return PlaceAnnex(s, JARDIN_ID if b == POOL_SIZE else ids[b])


@functools.lru_cache(maxsize=1024)
def _repeats(tile: Tile) -> int:
    """The quarter turns ``r`` (bit ``r``) that lay ``tile`` as a smaller number of quarter turns lays it."""
    faces = [turn_tile(tile, 90 * r) for r in range(4)]
    return sum(1 << r for r in range(4) if faces[r] in faces[:r])


def action_id(value: object) -> int:
    """``value`` as an action id, 0 to ``NUM_ACTIONS - 1``: an int, or a number standing for one (a numpy integer, a
    0-d integer array); ``ValueError`` for anything else (a bool, a float, a text, an id out of range), so that no
    value is ever played as another id (the adapters' rule, docs/bots.md)."""
    if isinstance(value, typing.SupportsIndex) and not isinstance(value, bool):
        try:
            index = operator.index(value)
        except TypeError:  # a float array, numpy's bool: they have __index__, and refuse it
            pass
        else:
            if 0 <= index < NUM_ACTIONS:
                return index
    raise ValueError(f"action {value!r}: expected an id 0-{NUM_ACTIONS - 1} (Discrete({NUM_ACTIONS}))")


def legal_actions(state: GameState) -> list[int]:
    """The ids of ``state.legal_moves()``, sorted."""
    return list(_choices(state).actions)


def legal_mask(state: GameState) -> bytes:
    """``NUM_ACTIONS`` bytes: 1 where the id is a legal move of ``state``, else 0."""
    return bytes(_mask(_choices(state).actions))


def distinct_actions(state: GameState) -> list[int]:
    """The legal ids, sorted, one for each distinct state they lead to: of legal moves that give the same
    state, the smallest id (a tile that looks the same turned keeps its smallest rotation)."""
    return list(_choices(state).distinct())


def distinct_mask(state: GameState) -> bytearray:
    """``NUM_ACTIONS`` bytes, a new ``bytearray`` (``numpy.frombuffer`` makes it an array without copying): 1 where
    the id is one of :func:`distinct_actions`, else 0."""
    return _mask(_choices(state).distinct())


def distinct_moves(state: GameState) -> dict[int, Move]:
    """Each id of :func:`distinct_actions` -> its move (the one :func:`move_of` names), in id order."""
    choices = _choices(state)
    moves = dict(zip(choices.ids, choices.moves, strict=True))
    return {action: moves[action] for action in choices.distinct()}


def _mask(actions: list[int]) -> bytearray:
    mask = bytearray(NUM_ACTIONS)
    for action in actions:
        mask[action] = 1
    return mask


if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt name stays an error there

    def __getattr__(name: str) -> object:
        """The old names of the blocks' first ids and counts (:data:`_OLD_NAMES`): they warn."""
        new = _OLD_NAMES.get(name)
        if new is None:
            raise AttributeError(f"module 'paris_score.game.actions' has no attribute {name!r}")
        warnings.warn(
            f"paris_score.game.actions.{name} is deprecated: use paris_score.{new}", DeprecationWarning, stacklevel=2
        )
        return globals()[new.rpartition(".")[2]]
