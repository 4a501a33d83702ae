"""How a game is set up (G1): postcards, the pool's pieces, each player's tile stack, who starts.

A :class:`Setup` is a plain value: it holds what it is given.  Whether it is a
setup the box allows (8 distinct postcards, 12 pieces of the box's sizes, 8
tiles a player ...) is :func:`setup_problems`' job, which names *every*
problem by key path, so a record reader can report them all at once;
:meth:`paris_score.game.GameState.start` refuses a setup with any problem.

A tile is 2 strings of 2 ground characters (``o b m l``, any case), its top row then its
bottom row, as it lies turned 0 degrees; :func:`turn_tile` turns it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, Final

import attrs

from paris_score.errors import Located
from paris_score.model import (
    BOX_COUNTS,
    BUILDING_ID,
    GROUND_CODES,
    POSTCARDS_IN_PLAY,
    Player,
    PlayerLike,
    Rules,
    as_player,
)
from paris_score.postcards import Postcard
from paris_score.shapes import Shape, is_shape, normalise

Tile = tuple[str, str]
"""A cobblestone tile (B2): its top row and its bottom row, 2 ground characters each."""

TILES_PER_PLAYER: Final = 8
POOL_SIZE: Final = 12
JARDIN_ID: Final = "J"
"""The id the Jardin des Plantes takes as a building, so no pool piece may use it (P4)."""
ROTATIONS: Final = (0, 90, 180, 270)


def _shape(value: Any) -> Shape:
    return normalise(tuple(tuple(p) for p in value))


@attrs.frozen
class PoolPiece:
    """One of the 12 building pieces (B3): its id and its shape laid printed top up, not turned."""

    id: str
    shape: Shape = attrs.field(converter=_shape)

    @property
    def size(self) -> int:
        return len(self.shape)


def _tuple(value: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(value)


def _stacks(value: Any) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    orange, blue = value
    return tuple(tuple(t) for t in orange), tuple(tuple(t) for t in blue)


def _first(value: PlayerLike) -> Player:
    return as_player(value, "first")


@attrs.frozen(cache_hash=True)
class Setup:
    """Everything a game starts from (G1)."""

    postcards: tuple[Postcard, ...] = attrs.field(converter=_tuple)
    """The 8 postcards in play (B6)."""
    pool: tuple[PoolPiece, ...] = attrs.field(converter=_tuple)
    """The 12 pieces of the common pool (B3)."""
    tiles: tuple[tuple[Tile, ...], tuple[Tile, ...]] = attrs.field(converter=_stacks)
    """Orange's then blue's 8 tiles, in stack order: the first is drawn first."""
    first: Player = attrs.field(default=Player.ORANGE, converter=_first)
    """Who plays first; ``"orange"``/``"blue"`` are converted."""
    rules: Rules = attrs.field(factory=Rules)
    _good: bool = attrs.field(default=False, init=False, eq=False, repr=False)
    """Set once :func:`setup_problems` finds none: a setup is immutable, so it stays good."""

    def stack(self, player: PlayerLike) -> tuple[Tile, ...]:
        """The player's tiles in stack order."""
        player = as_player(player)
        return self.tiles[0] if player is Player.ORANGE else self.tiles[1]

    def piece(self, piece_id: str) -> PoolPiece:
        """The pool piece with this id (any case); :class:`KeyError` if there is none."""
        key = piece_id.upper()
        for piece in self.pool:
            if piece.id.upper() == key:
                return piece
        raise KeyError(piece_id)


def turn_tile(tile: Tile, rotation: int) -> Tile:
    """The tile as it lies turned ``rotation`` degrees clockwise: ``("ab", "cd")`` at 90 is ``("ca", "db")``."""
    for _ in range(rotation // 90 % 4):
        top, bottom = tile
        tile = (bottom[0] + top[0], bottom[1] + top[1])
    return tile


def _tile_row(row: object) -> bool:
    """A row of a tile: 2 ground characters ``o b m l``, any case."""
    return isinstance(row, str) and len(row) == 2 and set(row.lower()) <= set(GROUND_CODES)


def setup_problems(setup: Setup, where: str = "setup") -> list[Located]:
    """Every way ``setup`` is not one the box allows (G1), each named by key path under ``where``.

    Checks: 8 distinct postcards; 12 pool pieces with distinct ids (1-2 letters
    or digits, not ``J``, compared ignoring case), each shape connected, sizes
    exactly the box's (B3: two 3s, four 4s, four 5s, two 6s); 8 tiles a player,
    each 2 rows of 2 ground characters ``o b m l``; ``first`` orange or blue.
    Empty when the setup is good.
    """
    found: list[Located] = []
    cards = setup.postcards
    if len(cards) != POSTCARDS_IN_PLAY:
        found.append(Located(f"{where}.postcards", f"expected {POSTCARDS_IN_PLAY} postcards, got {len(cards)} (B6)"))
    seen_cards: set[object] = set()
    for i, card in enumerate(cards):
        if not isinstance(card, Postcard):
            found.append(Located(f"{where}.postcards[{i}]", f"{card!r} is not a postcard"))
        elif card in seen_cards:
            found.append(Located(f"{where}.postcards[{i}]", f"{card.value} is listed twice"))
        seen_cards.add(card)
    pool = setup.pool
    if len(pool) != POOL_SIZE:
        found.append(Located(f"{where}.pool", f"expected {POOL_SIZE} pieces, got {len(pool)} (B3)"))
    seen_ids: set[str] = set()
    for i, piece in enumerate(pool):
        pid = piece.id
        if not (isinstance(pid, str) and BUILDING_ID.fullmatch(pid)):
            found.append(Located(f"{where}.pool[{i}].id", f"{pid!r}: expected 1-2 letters or digits"))
        elif pid.upper() == JARDIN_ID:
            found.append(Located(f"{where}.pool[{i}].id", "J is the Jardin des Plantes' id (P4); choose another"))
        elif pid.upper() in seen_ids:
            found.append(Located(f"{where}.pool[{i}].id", f"{pid!r} is used twice (ids ignore case)"))
        else:
            seen_ids.add(pid.upper())
        if not is_shape(piece.shape):
            found.append(Located(f"{where}.pool[{i}].shape", "the spaces must be connected edge to edge"))
    sizes = Counter(len(piece.shape) for piece in pool)
    if len(pool) == POOL_SIZE and sizes != Counter(BOX_COUNTS):
        box = ", ".join(f"{n} of size {s}" for s, n in BOX_COUNTS.items())
        got = ", ".join(f"{sizes[s]} of size {s}" for s in sorted(sizes))
        found.append(Located(f"{where}.pool", f"the box holds {box} (B3); got {got}"))
    for player, stack in zip((Player.ORANGE, Player.BLUE), setup.tiles, strict=True):
        if len(stack) != TILES_PER_PLAYER:
            found.append(Located(f"{where}.tiles.{player}", f"expected {TILES_PER_PLAYER} tiles, got {len(stack)}"))
        for i, tile in enumerate(stack):
            if not (len(tile) == 2 and all(_tile_row(row) for row in tile)):
                found.append(
                    Located(
                        f"{where}.tiles.{player}[{i}]",
                        'expected 2 rows of 2 ground characters o, b, m or l, e.g. ["ob", "ml"]',
                    )
                )
    if not isinstance(setup.first, Player):
        found.append(Located(f"{where}.first", f"{setup.first!r}: expected orange or blue"))
    if not found:
        object.__setattr__(setup, "_good", True)
    return found


def is_good(setup: Setup) -> bool:
    """Whether :func:`setup_problems` finds nothing, checked once per setup (the reader and the game share it)."""
    return setup._good or not setup_problems(setup)
