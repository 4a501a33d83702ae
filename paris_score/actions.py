"""Integer actions: every move of a game as one id in a fixed range, and back (docs' "For bot authors").

The ids are laid out in blocks (tile, take, pass, build, card, Lévitation,
Jardin, one-piece cards, statue, fountain, annex) of fixed sizes, the same for
every setup; piece ``i`` is ``setup.pool[i]``, so converting needs the state.

>>> from paris_score.game import GameState
>>> from paris_score.generate import random_setup
>>> state = GameState.start(random_setup(1))
>>> NUM_ACTIONS, action_of(state, Move.parse("tile C1 90")), str(move_of(state, 5))
(41625, 5, 'tile C1 90')
>>> legal_actions(state)[-3:], sum(legal_mask(state))
([73, 74, 75], 76)
"""

from __future__ import annotations

import functools
from typing import Final, NamedTuple, assert_never

from paris_score.game import GameState
from paris_score.model import FACINGS, Player
from paris_score.moves import (
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
from paris_score.postcards import Postcard
from paris_score.setups import JARDIN_ID, POOL_SIZE, PoolPiece, Setup
from paris_score.shapes import Shape, orientations, rotate, shape_bitboard, shape_of
from paris_score.squares import SIZE, Bitboard, Square

PIECES: Final = POOL_SIZE
"""Pool pieces, so piece indices 0-11."""
_PLACINGS: Final = 4 * 64
"""A piece's placements: a quarter-turn count ``t`` 0-3 times a first space ``s`` 0-63."""
CARDS: Final = tuple(Postcard)
"""The postcard order of the card block (and of the state string)."""

TILE: Final = 0
TAKE: Final = TILE + 16 * 4
PASS: Final = TAKE + PIECES
BUILD: Final = PASS + 1
CARD: Final = BUILD + PIECES * _PLACINGS
LEVITATE: Final = CARD + len(CARDS)
JARDIN: Final = LEVITATE + PIECES * PIECES * _PLACINGS
PIECE: Final = JARDIN + 2 * 64
STATUE: Final = PIECE + len(PIECE_CARDS) * 64
FOUNTAIN: Final = STATUE + 64 * len(FACINGS)
ANNEX: Final = FOUNTAIN + 2 * 64
NUM_ACTIONS: Final = ANNEX + 64 * (PIECES + 1)
"""The number of distinct action ids: 41,625."""

_AREA: Final = {sq: i for i, sq in enumerate(AREAS)}
_CARD: Final = {card: i for i, card in enumerate(CARDS)}
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


_last_pool: tuple[Setup, _Pool] | None = None


def _pool(setup: Setup) -> _Pool:
    """The setup's :class:`_Pool`, kept for the last setup seen (a game asks again and again)."""
    global _last_pool
    if _last_pool is not None and _last_pool[0] is setup:
        return _last_pool[1]
    found = _make_pool(setup.pool)
    _last_pool = (setup, found)
    return found


@functools.lru_cache(maxsize=64)
def _make_pool(pool: tuple[PoolPiece, ...]) -> _Pool:
    return _Pool(
        {p.id.upper(): i for i, p in enumerate(pool)},
        tuple({turned: t for t, turned in enumerate(orientations(p.shape))} for p in pool),
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
            return TILE + 4 * _AREA[area] + rotation // 90
        case Take(piece=piece):
            return TAKE + _index(setup, piece)
        case Pass():
            return PASS
        case Build(piece=piece, cells=cells):
            i = _index(setup, piece)
            return BUILD + _PLACINGS * i + _placing(setup, i, cells)
        case Activate(card=card):
            return CARD + _CARD[card]
        case Levitate(give=give, take=take, cells=cells):
            g, k = _index(setup, give), _index(setup, take)
            return LEVITATE + _PLACINGS * (PIECES * g + k) + _placing(setup, k, cells)
        case BuildJardin(cells=cells):
            s = _first(cells)
            if cells == 3 << s and s % SIZE != SIZE - 1:
                return JARDIN + s
            if cells == 0x101 << s:
                return JARDIN + 64 + s
            raise ValueError("the Jardin des Plantes covers two spaces side by side or one above the other")
        case PlacePiece(card=card, at=at):
            return PIECE + 64 * _PIECE_CARD[card] + at
        case PlaceStatue(at=at, facing=facing):
            return STATUE + 4 * at + _FACING[facing]
        case PlaceFountain(at=at, chartier=chartier):
            if chartier not in (None, at):
                raise ValueError("chartier= of the fountain names the fountain's own space (P7)")
            return FOUNTAIN + 2 * at + (chartier is not None)
        case PlaceAnnex(at=at, building=building):
            return ANNEX + 13 * at + (PIECES if building == JARDIN_ID else _index(setup, building))
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


def move_of(state: GameState, action: int) -> Move:
    """The move id ``action`` names in ``state``; ``ValueError`` if out of range or off the board."""
    if not (isinstance(action, int) and 0 <= action < NUM_ACTIONS):
        raise ValueError(f"action {action!r}: expected an id 0-{NUM_ACTIONS - 1}")
    ids = [p.id.upper() for p in state.setup.pool]
    if action < TAKE:
        return PlaceTile(AREAS[action // 4], 90 * (action % 4))
    if action < PASS:
        return Take(ids[action - TAKE])
    if action < BUILD:
        return Pass()
    if action < CARD:
        i, placing = divmod(action - BUILD, _PLACINGS)
        return Build(ids[i], *_building(state, i, placing))
    if action < LEVITATE:
        return Activate(CARDS[action - CARD])
    if action < JARDIN:
        pair, placing = divmod(action - LEVITATE, _PLACINGS)
        g, k = divmod(pair, PIECES)
        return Levitate(ids[g], ids[k], *_building(state, k, placing))
    if action < PIECE:
        down, s = divmod(action - JARDIN, 64)
        if (s // SIZE == SIZE - 1) if down else (s % SIZE == SIZE - 1):
            raise ValueError(f"action {action}: the Jardin des Plantes from space {s} leaves the board")
        return BuildJardin((0x101 if down else 3) << s)
    if action < STATUE:
        c, s = divmod(action - PIECE, 64)
        return PlacePiece(PIECE_CARDS[c], s)
    if action < FOUNTAIN:
        s, f = divmod(action - STATUE, 4)
        return PlaceStatue(s, FACINGS[f])
    if action < ANNEX:
        s, chartier = divmod(action - FOUNTAIN, 2)
        return PlaceFountain(s, s if chartier else None)
    s, b = divmod(action - ANNEX, PIECES + 1)
    return PlaceAnnex(s, JARDIN_ID if b == PIECES else ids[b])


def legal_actions(state: GameState) -> list[int]:
    """The ids of ``state.legal_moves()``, sorted."""
    return sorted(action_of(state, move) for move in state.legal_moves())


def legal_mask(state: GameState) -> bytes:
    """``NUM_ACTIONS`` bytes: 1 where the id is a legal move of ``state``, else 0."""
    mask = bytearray(NUM_ACTIONS)
    for action in legal_actions(state):
        mask[action] = 1
    return bytes(mask)
