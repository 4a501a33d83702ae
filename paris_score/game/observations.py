"""A view as numbers for neural networks: 0s and 1s, flat or as planes (docs' "For bot authors").

:func:`observation` writes everything a :class:`~paris_score.game.views.View`
holds as :data:`OBSERVATION_SIZE` bytes, each 0 or 1, so that two views give
the same bytes only when they are equal (the pieces' ids apart: a piece is
named by its index in the setup's pool, as in the integer actions).  The
first :data:`PLANES` x 64 numbers are planes of the 64 spaces (A1, B1, ...,
H1, A2, ..., H8), the rest a vector; :func:`planes` gives the two parts
shaped (``PLANE_SHAPE``, ``(VECTOR_SIZE,)``) for convolutional networks.
:data:`BLOCKS` names each block of :data:`LAYOUT` by its slice.

>>> from paris_score.game import GameState
>>> from paris_score.game.generate import random_setup
>>> vector = observation(GameState.start(random_setup(1)).view())
>>> ground = vector[BLOCKS["ground"]]
>>> len(vector) == OBSERVATION_SIZE, sum(ground[4 * 64 :])  # no tile down yet: 64 empty spaces
(True, 64)
>>> spatial, rest = planes(GameState.start(random_setup(1)).view())
>>> spatial.shape, rest.shape == (VECTOR_SIZE,), spatial[4, 7, 7]  # plane 4 (no tile yet), space H8
((28, 8, 8), True, 1)
"""

from __future__ import annotations

import functools
import math
from typing import Final

from paris_score.game.setups import JARDIN_ID, POOL_SIZE, TILES_PER_PLAYER, PoolPiece, Tile
from paris_score.game.state import GameState, View
from paris_score.model import (
    ACTION_TOKENS,
    FACINGS,
    MAX_BUILDINGS,
    PATTERN_NAMES,
    Building,
    Pieces,
    Player,
    PlayerLike,
    Rules,
    as_player,
)
from paris_score.postcards import Postcard
from paris_score.shapes import shape_bitboard

__all__ = [
    "BLOCKS",
    "LAYOUT",
    "OBSERVATION_SIZE",
    "PLANES",
    "PLANE_SHAPE",
    "SPATIAL_SIZE",
    "VECTOR_SIZE",
    "observation",
    "observation_of",
    "planes",
]

_CARDS: Final = tuple(Postcard)
_GROUND: Final = "obml"
_BUILDINGS: Final = POOL_SIZE + 1
"""The pool's pieces and the Jardin des Plantes (index 12): every building a game may hold."""
_POSTCARDS: Final = 8
_REACH: Final = 7
"""A custom pattern's offsets are -7 to 7 each way (S1c)."""

LAYOUT: Final[tuple[tuple[str, tuple[int, ...], str], ...]] = (
    # The planes: each 64 numbers, space s = 8 * row + column (A1 first).
    ("ground", (5, 64), "the ground's orange, blue, mixed and streetlight spaces, then the spaces without a tile yet"),
    ("owners", (2, 64), "the spaces of orange's buildings, then of blue's (annex included)"),
    ("annex", (1, 64), "the annex"),
    ("buildings", (_BUILDINGS, 64), "each building's cells: piece i of the pool (setup order), then the Jardin"),
    ("pieces", (7, 64), "the painter, dancer, statue, fountain, streetlight tile, large streetlight, Chartier space"),
    # The vector.
    ("facing", (len(FACINGS),), "the statue's facing: up, down, left, right"),
    ("viewer", (2,), "whose view this is: orange, blue (both 0 in a public observation)"),
    ("turn", (2,), "the side to move"),
    ("phase", (2,), "phase 1, phase 2"),
    ("first", (2,), "who played first"),
    ("metro", (2,), "who holds an unused Métropolitain build"),
    ("chartier", (2,), "who holds the Chartier space, not laid yet"),
    ("first_done", (2,), "who put down their 8th tile first"),
    ("pool", (3, POOL_SIZE), "each piece in the pool, in orange's reserve, in blue's reserve"),
    ("chimneys", (2, MAX_BUILDINGS + 1), "orange's and blue's chimneys left, one-hot 0-7"),
    (
        "tokens",
        (2, ACTION_TOKENS, len(_CARDS)),
        "orange's and blue's tokens: the postcard of each, in the order placed",
    ),
    ("hand", (4, 4), "the viewer's tile: its 4 spaces (top row, then bottom) x the grounds o b m l"),
    ("down", (2, TILES_PER_PLAYER, 4, 4), "orange's and blue's tiles down, in the order they went down, each as hand"),
    ("unseen", (2, TILES_PER_PLAYER, 4, 4), "orange's and blue's tiles the viewer has not seen, sorted, each as hand"),
    ("built", (_BUILDINGS, _BUILDINGS), "the buildings in the order built: the k-th, one-hot over the 13"),
    ("annexed", (_BUILDINGS,), "the building the annex belongs to"),
    ("postcards", (_POSTCARDS, len(_CARDS)), "the 8 postcards in play, in setup order, one-hot in Postcard order"),
    ("shapes", (POOL_SIZE, 6, 6), "each piece's printed shape drawn from A1"),
    ("pattern", (len(PATTERN_NAMES),), "the large streetlight's preset pattern"),
    ("offsets", (2 * _REACH + 1, 2 * _REACH + 1), "a custom pattern's offsets (row dr + 7, column dc + 7)"),
)
"""Each block of the vector, in order: name, shape (numbers in C order), meaning."""


def _blocks() -> dict[str, slice]:
    blocks, start = {}, 0
    for name, shape, _ in LAYOUT:
        blocks[name] = slice(start, start + math.prod(shape))
        start += math.prod(shape)
    return blocks


BLOCKS: Final = _blocks()
"""Each block's name -> its slice of the vector."""
OBSERVATION_SIZE: Final = BLOCKS["offsets"].stop
"""The length of :func:`observation`'s bytes: 3,425."""
PLANES: Final = BLOCKS["pieces"].stop // 64
"""The planes of 8 x 8 spaces at the start of the vector: 28."""
PLANE_SHAPE: Final = (PLANES, 8, 8)
"""The planes as :func:`planes` shapes them: ``[plane, row, column]``, row 0 being row 1 of the board."""
SPATIAL_SIZE: Final = PLANES * 64
VECTOR_SIZE: Final = OBSERVATION_SIZE - SPATIAL_SIZE
"""The numbers after the planes: 1,633."""

_AT: Final = {name: blocks.start for name, blocks in BLOCKS.items()}
_BUILT_PLANES: Final = _AT["pieces"] - _AT["owners"]
"""The numbers of the planes ``owners``, ``annex`` and ``buildings``."""
_BITS: Final = tuple(bytes((byte >> i) & 1 for i in range(8)) for byte in range(256))
"""The 8 bits of each byte, lowest first, as bytes."""
_BITS12: Final = tuple(_BITS[n & 0xFF] + _BITS[n >> 8][:4] for n in range(1 << POOL_SIZE))
_CHIMNEYS: Final = tuple(
    bytes(int(k == n) for n in (orange, blue) for k in range(MAX_BUILDINGS + 1))
    for orange in range(MAX_BUILDINGS + 1)
    for blue in range(MAX_BUILDINGS + 1)
)
_NO_HAND: Final = bytes(16)
_EMPTY: Final = bytes(64)
_SPACE: Final = (*(bytes(int(s == at) for s in range(64)) for at in range(64)), _EMPTY)
"""A plane with one space: ``_SPACE[at]``; ``_SPACE[-1]`` none."""
_PAIR: Final = {None: b"\0\0", Player.ORANGE: b"\1\0", Player.BLUE: b"\0\1"}
_CARD: Final = {card: i for i, card in enumerate(_CARDS)}
_FACING: Final = {facing: i for i, facing in enumerate(FACINGS)}


def _plane(bb: int) -> bytes:
    """A bitboard as 64 bytes, A1 first."""
    if not bb:
        return _EMPTY
    t = _BITS
    return b"".join(
        (
            t[bb & 0xFF],
            t[bb >> 8 & 0xFF],
            t[bb >> 16 & 0xFF],
            t[bb >> 24 & 0xFF],
            t[bb >> 32 & 0xFF],
            t[bb >> 40 & 0xFF],
            t[bb >> 48 & 0xFF],
            t[bb >> 56 & 0xFF],
        )
    )


class _Memo:
    """Values made from objects that stay the same objects move after move (a game's setup, its buildings, its
    pieces, its tokens), found by the first one's identity (and then equal to them all: the same objects at once,
    or equal ones, which give the same value); the objects are kept alive here, so that an identity is never
    another object's."""

    def __init__(self) -> None:
        self.found: dict[int, tuple[tuple[object, ...], bytes]] = {}

    def get(self, *keys: object) -> bytes | None:
        hit = self.found.get(id(keys[0]))
        return hit[1] if hit is not None and hit[0] == keys else None  # the same objects: equal at once

    def put(self, value: bytes, *keys: object) -> bytes:
        if len(self.found) >= 1024:
            self.found.clear()
        self.found[id(keys[0])] = (keys, value)
        return value


_SETUPS: Final = _Memo()
_BUILT: Final = _Memo()
_PIECES: Final = _Memo()
_TOKENS: Final = _Memo()


def _setup(pool: tuple[PoolPiece, ...], postcards: tuple[Postcard, ...], rules: Rules) -> bytes:
    """The blocks ``postcards``, ``shapes``, ``pattern`` and ``offsets``: the same all game long."""
    cards = bytearray(_POSTCARDS * len(_CARDS))
    for k, card in enumerate(postcards):
        cards[len(_CARDS) * k + _CARD[card]] = 1
    drawn = [_plane(shape_bitboard(piece.shape)) for piece in pool]
    shapes = b"".join(plane[8 * r : 8 * r + 6] for plane in drawn for r in range(6))
    preset, offsets = bytearray(len(PATTERN_NAMES)), bytearray((2 * _REACH + 1) ** 2)
    pattern = rules.large_streetlight_pattern
    if isinstance(pattern, str):
        preset[PATTERN_NAMES.index(pattern)] = 1
    else:
        for dc, dr in pattern:
            offsets[(2 * _REACH + 1) * (dr + _REACH) + dc + _REACH] = 1
    return bytes(cards) + shapes + bytes(preset) + bytes(offsets)


@functools.lru_cache(maxsize=256)
def _ground(ground: tuple[int, int, int, int]) -> bytes:
    """The 5 ground planes (the ground changes in phase 1 only)."""
    orange, blue, mixed, light = ground
    empty = ~(orange | blue | mixed | light) & 0xFFFF_FFFF_FFFF_FFFF
    return _plane(orange) + _plane(blue) + _plane(mixed) + _plane(light) + _plane(empty)


def _buildings(buildings: tuple[Building, ...], pool: tuple[PoolPiece, ...]) -> bytes:
    """The planes ``owners``, ``annex`` and ``buildings``, then the blocks ``built`` and ``annexed``."""
    index = {piece.id.upper(): i for i, piece in enumerate(pool)}
    index[JARDIN_ID] = POOL_SIZE
    owners, annex, cells = [0, 0], 0, [0] * _BUILDINGS
    built, annexed = bytearray(_BUILDINGS * _BUILDINGS), bytearray(_BUILDINGS)
    for k, building in enumerate(buildings):
        i = index[building.id.upper()]
        owners[building.owner is Player.BLUE] |= building.spaces
        cells[i] = building.cells
        built[_BUILDINGS * k + i] = 1
        if building.annex is not None:
            annex = 1 << building.annex
            annexed[i] = 1
    planes = _plane(owners[0]) + _plane(owners[1]) + _plane(annex) + b"".join(map(_plane, cells))
    return planes + bytes(built) + bytes(annexed)


def _pieces(pieces: Pieces) -> bytes:
    """The planes ``pieces``, then the block ``facing``."""
    planes = b"".join([_SPACE[-1 if at is None else at] for at in pieces.spaces()])
    statue = pieces.statue
    return planes + bytes(int(statue is not None and statue.facing == facing) for facing in FACINGS)


def _tokens(cards: tuple[tuple[Postcard, ...], tuple[Postcard, ...]]) -> bytes:
    """The block ``tokens``."""
    out = bytearray(2 * ACTION_TOKENS * len(_CARDS))
    for side, placed in enumerate(cards):
        for k, card in enumerate(placed):
            out[len(_CARDS) * (ACTION_TOKENS * side + k) + _CARD[card]] = 1
    return bytes(out)


class _Tiles(dict[Tile, bytes]):
    """A tile's 16 numbers: its 4 spaces (top row, then bottom) x the grounds o b m l (the 256 tiles there are)."""

    def __missing__(self, tile: Tile) -> bytes:
        found = self[tile] = bytes(int(code == g) for code in "".join(tile).lower() for g in _GROUND)
        return found


_TILE: Final = _Tiles()


class _Stacks(dict[tuple[Tile, ...], bytes]):
    """Up to 8 tiles, each as :data:`_TILE`, then 0s for the tiles missing."""

    def __missing__(self, tiles: tuple[Tile, ...]) -> bytes:
        if len(self) >= 4096:
            self.clear()
        found = self[tiles] = b"".join([_TILE[tile] for tile in tiles]).ljust(16 * TILES_PER_PLAYER, b"\0")
        return found


_STACK: Final = _Stacks()


def observation(view: View, *, public: bool = False) -> bytes:
    """The view as :data:`OBSERVATION_SIZE` bytes, each 0 or 1, laid out as :data:`LAYOUT`.

    ``public=True``: what both players see (OpenSpiel's public observation), the same for either viewer: no
    viewer, no hand, the viewer's hand counted among its unseen tiles.
    """
    if public:
        view = view.without_hand()
    seen = (None if public else view.player, view.hand, view.down, view.unseen)
    return _vector(view, view.pool_pieces, view.postcards, view.rules, view.first, *seen)


def observation_of(state: GameState, player: PlayerLike, *, public: bool = False) -> bytes:
    """``observation(state.view(player), public=public)``, without making the view (the adapters' way, move after
    move): the same bytes."""
    player = as_player(player)
    setup, placed = state.setup, state.placed
    tiles = setup.tiles
    mine = -1 if public else int(player is Player.BLUE)  # the viewer's side, whose next tile it holds
    down = (tiles[0][: placed[0]], tiles[1][: placed[1]])
    unseen = (tuple(sorted(tiles[0][placed[0] + (mine == 0) :])), tuple(sorted(tiles[1][placed[1] + (mine == 1) :])))
    hand = tiles[mine][placed[mine]] if mine >= 0 and placed[mine] < TILES_PER_PLAYER else None
    seen = (None if public else player, hand, down, unseen)
    return _vector(state, setup.pool, setup.postcards, setup.rules, setup.first, *seen)


def _vector(
    table: View | GameState,
    pool: tuple[PoolPiece, ...],
    cards: tuple[Postcard, ...],
    rules: Rules,
    first: Player,
    viewer: Player | None,
    hand: Tile | None,
    down: tuple[tuple[Tile, ...], tuple[Tile, ...]],
    unseen: tuple[tuple[Tile, ...], tuple[Tile, ...]],
) -> bytes:
    """The vector of a view: what is on the ``table`` (a view, or a state), the setup's parts, what the viewer
    has seen of the tiles."""
    buildings, pieces, tokens = table.buildings, table.pieces, table.cards
    setup = _SETUPS.get(pool, cards, rules) or _SETUPS.put(_setup(pool, cards, rules), pool, cards, rules)
    built = _BUILT.get(buildings, pool) or _BUILT.put(_buildings(buildings, pool), buildings, pool)
    placed = _PIECES.get(pieces) or _PIECES.put(_pieces(pieces), pieces)
    token = _TOKENS.get(tokens) or _TOKENS.put(_tokens(tokens), tokens)
    pair, chimneys, reserves = _PAIR, table.chimneys, table.reserves
    return b"".join(
        (
            _ground(table.ground),
            built[:_BUILT_PLANES],
            placed,
            pair[viewer],
            pair[table.turn],
            b"\1\0" if table.phase == 1 else b"\0\1",
            pair[first],
            pair[table.metro],
            pair[table.chartier],
            pair[table.first_done],
            _BITS12[table.pool],
            _BITS12[reserves[0]],
            _BITS12[reserves[1]],
            _CHIMNEYS[(MAX_BUILDINGS + 1) * chimneys[0] + chimneys[1]],
            token,
            _NO_HAND if hand is None else _TILE[hand],
            _STACK[down[0]],
            _STACK[down[1]],
            _STACK[unseen[0]],
            _STACK[unseen[1]],
            built[_BUILT_PLANES:],
            setup,
        )
    )


def planes(view: View, *, public: bool = False) -> tuple[memoryview, memoryview]:
    """:func:`observation` in two parts: its planes shaped :data:`PLANE_SHAPE` (``[plane, row, column]``), then
    the :data:`VECTOR_SIZE` numbers after them (``numpy.asarray`` takes either without copying)."""
    data = memoryview(observation(view, public=public))
    return data[:SPATIAL_SIZE].cast("B", PLANE_SHAPE), data[SPATIAL_SIZE:]
