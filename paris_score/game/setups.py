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
from collections.abc import Iterable, Sequence
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
    is_building_id,
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
    if type(value) is tuple:
        try:
            return normalise(value)  # a tuple of pairs (a record reader's shape): its normal form is remembered
        except TypeError:  # an item that is no tuple
            pass
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
    return tuple(map(tuple, orange)), tuple(map(tuple, blue))


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
    return isinstance(row, str) and row in _TILE_ROWS


_TILE_ROWS: Final = frozenset(
    a + b for a in GROUND_CODES + GROUND_CODES.upper() for b in GROUND_CODES + GROUND_CODES.upper()
)
"""Every row a tile may have: 2 ground characters, any case (64 strings)."""


def setup_problems(setup: Setup, where: str = "setup") -> list[Located]:
    """Every way ``setup`` is not one the box allows (G1), each named by key path under ``where``.

    Checks: 8 distinct postcards; 12 pool pieces with distinct ids (1-2 letters
    or digits, not ``J``, compared ignoring case), each shape connected, sizes
    exactly the box's (B3: two 3s, four 4s, four 5s, two 6s); 8 tiles a player,
    each 2 rows of 2 ground characters ``o b m l``; ``first`` orange or blue.
    Empty when the setup is good.
    """
    if _plainly_good(setup):
        object.__setattr__(setup, "_good", True)
        return []
    found = postcard_problems(setup.postcards, where) + pool_problems(setup.pool, where)
    for player, stack in zip((Player.ORANGE, Player.BLUE), setup.tiles, strict=True):
        found += stack_problems(player, stack, where)
    if not isinstance(setup.first, Player):
        found.append(Located(f"{where}.first", f"{setup.first!r}: expected orange or blue"))
    if not found:
        object.__setattr__(setup, "_good", True)
    return found


_BOX_SIZE_LIST: Final = sorted(size for size, count in BOX_COUNTS.items() for _ in range(count))
_LOWER_TILES: Final[dict[Tile, Tile]] = {
    (top, bottom): (top.lower(), bottom.lower()) for top in _TILE_ROWS for bottom in _TILE_ROWS
}
"""Every tile there is (2 rows of 2 ground characters, any case: 4,096 pairs), to the same in lower case."""
_TILES: Final = frozenset(_LOWER_TILES)
_GOOD_SHAPES: Final[set[Shape]] = set()
"""The pool shapes :func:`_plainly_good` has found connected (of the box's sizes: at most the 304 there are)."""


def _plainly_good(setup: Setup) -> bool:
    """True for a setup in which :func:`setup_problems`' checks below would find nothing, told apart by a few
    set and list comparisons (a record's setup is checked every time it is read); ``False`` leaves the setup to
    those checks, which word every problem."""
    cards, pool, (orange, blue) = setup.postcards, setup.pool, setup.tiles
    if len(cards) != POSTCARDS_IN_PLAY or len(pool) != POOL_SIZE or type(setup.first) is not Player:
        return False
    if not all(type(card) is Postcard for card in cards) or len(set(cards)) != POSTCARDS_IN_PLAY:
        return False
    if not all(type(piece) is PoolPiece and type(piece.id) is str and is_building_id(piece.id) for piece in pool):
        return False
    ids = {piece.id.upper() for piece in pool}
    if len(ids) != POOL_SIZE or JARDIN_ID in ids or sorted([len(piece.shape) for piece in pool]) != _BOX_SIZE_LIST:
        return False
    shapes = [piece.shape for piece in pool]
    if not _GOOD_SHAPES.issuperset(shapes):
        if not all(map(is_shape, shapes)):
            return False
        _GOOD_SHAPES.update(shapes)
    try:
        return len(orange) == len(blue) == TILES_PER_PLAYER and _TILES.issuperset(orange) and _TILES.issuperset(blue)
    except TypeError:  # an unhashable tile
        return False


# The parts of setup_problems, one a key of the setup, so a record reader can check each part it could read.
# With partial=True a None item is one the reader could not read (and has reported): it is counted, not
# checked, and a check over all the items (the box's sizes) is left out, as it would only restate that error.


def postcard_problems(
    cards: Sequence[Postcard | None], where: str = "setup", *, partial: bool = False
) -> list[Located]:
    """The postcards' problems (B6): 8 of them, each a postcard, none twice."""
    found: list[Located] = []
    if len(cards) != POSTCARDS_IN_PLAY:
        found.append(Located(f"{where}.postcards", f"expected {POSTCARDS_IN_PLAY} postcards, got {len(cards)} (B6)"))
    seen: set[object] = set()
    for i, card in enumerate(cards):
        if card is None and partial:
            continue
        if not isinstance(card, Postcard):
            found.append(Located(f"{where}.postcards[{i}]", f"{card!r} is not a postcard"))
        elif card in seen:
            found.append(Located(f"{where}.postcards[{i}]", f"{card.value} is listed twice"))
        seen.add(card)
    return found


_BOX_SIZES: Final = Counter(BOX_COUNTS)


def pool_problems(pool: Sequence[PoolPiece | None], where: str = "setup", *, partial: bool = False) -> list[Located]:
    """The pool's problems (B3, P4): 12 pieces, ids distinct and not J, shapes connected, the box's sizes."""
    found: list[Located] = []
    if len(pool) != POOL_SIZE:
        found.append(Located(f"{where}.pool", f"expected {POOL_SIZE} pieces, got {len(pool)} (B3)"))
    seen_ids: set[str] = set()
    for i, piece in enumerate(pool):
        if piece is None:
            if not partial:
                found.append(Located(f"{where}.pool[{i}]", "None is not a pool piece"))
            continue
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
    sizes = Counter([len(piece.shape) for piece in pool if piece is not None])
    if len(pool) == POOL_SIZE == sizes.total() and sizes != _BOX_SIZES:
        box = ", ".join(f"{n} of size {s}" for s, n in BOX_COUNTS.items())
        got = ", ".join(f"{sizes[s]} of size {s}" for s in sorted(sizes))
        found.append(Located(f"{where}.pool", f"the box holds {box} (B3); got {got}"))
    return found


def stack_problems(
    player: Player, stack: Sequence[Tile | None], where: str = "setup", *, partial: bool = False
) -> list[Located]:
    """A player's tile stack's problems (B2): 8 tiles, each 2 rows of 2 ground characters."""
    found: list[Located] = []
    if len(stack) != TILES_PER_PLAYER:
        found.append(Located(f"{where}.tiles.{player}", f"expected {TILES_PER_PLAYER} tiles, got {len(stack)}"))
    for i, tile in enumerate(stack):
        if tile is None and partial:
            continue
        if not (tile is not None and len(tile) == 2 and _tile_row(tile[0]) and _tile_row(tile[1])):
            found.append(
                Located(
                    f"{where}.tiles.{player}[{i}]",
                    'expected 2 rows of 2 ground characters o, b, m or l, e.g. ["ob", "ml"]',
                )
            )
    return found


def is_good(setup: Setup) -> bool:
    """Whether :func:`setup_problems` finds nothing, checked once per setup (the reader and the game share it)."""
    return setup._good or not setup_problems(setup)
