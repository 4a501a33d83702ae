"""Building shapes (B3): polyominoes as normalised offset tuples and bitboards.

A :data:`Shape` is the tuple of ``(dc, dr)`` offsets of its spaces, moved so
that its leftmost column and its top row are 0, in board order (row by row).
The same shape drawn anywhere on the board normalises to the same tuple::

    "C4 D4 D5"  ->  ((0, 0), (1, 0), (1, 1))     ##
                                                  .#

Turning a piece is a rotation by a quarter turn; turning it over is a
reflection.  Pieces have a printed top, so the box's pieces only rotate
(the B3 ruling of docs/rules.md); :func:`orientations` offers reflections for
callers that want them.

Nothing here knows the box's real shapes: they are unknown (docs/unknowns.md).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from paris_score.squares import SIZE, Bitboard, is_connected, scan, square_column, square_row

Shape = tuple[tuple[int, int], ...]
"""A normalised polyomino: ``(dc, dr)`` offsets, min column and min row 0, in board order."""


def normalise(offsets: Iterable[tuple[int, int]]) -> Shape:
    """The normalised :data:`Shape` of any set of ``(dc, dr)`` offsets."""
    if type(offsets) is tuple:
        return _normalise_tuple(offsets)
    return _normalise(offsets)


def _normalise(offsets: Iterable[tuple[int, int]]) -> Shape:
    points = set(offsets)
    if not points:
        return ()
    c0 = min(dc for dc, _ in points)
    r0 = min(dr for _, dr in points)
    return tuple(sorted(((dc - c0, dr - r0) for dc, dr in points), key=lambda p: (p[1], p[0])))


@functools.lru_cache(maxsize=4096)
def _normalise_tuple(offsets: tuple[tuple[int, int], ...]) -> Shape:
    """:func:`normalise` of a tuple, remembered: the same few shapes come back again and again."""
    return _normalise(offsets)


def shape_of(cells: Bitboard) -> Shape:
    """The shape the spaces of ``cells`` draw, wherever they are on the board."""
    if not cells:
        return ()
    columns = cells | cells >> 32
    columns |= columns >> 16
    columns |= columns >> 8
    columns &= 0xFF  # the columns cells use
    top = ((cells & -cells).bit_length() - 1) >> 3
    left = (columns & -columns).bit_length() - 1
    return _shape_at_a1(cells >> (top * SIZE + left))


@functools.lru_cache(maxsize=4096)
def _shape_at_a1(bb: Bitboard) -> Shape:
    """The shape of spaces already moved to the top row and the left column, in board order."""
    return tuple((square_column(sq), square_row(sq)) for sq in scan(bb))


def shape_bitboard(shape: Shape) -> Bitboard:
    """The shape drawn with its top-left corner on A1 (``0`` if it does not fit the board)."""
    bb = 0
    for dc, dr in shape:
        if not (0 <= dc < SIZE and 0 <= dr < SIZE):
            return 0
        bb |= 1 << (dr * SIZE + dc)
    return bb


def is_shape(shape: Shape) -> bool:
    """True for a normalised, non-empty, edge-connected shape that fits the board."""
    if type(shape) is tuple:
        return _is_shape_tuple(shape)
    return _is_shape(shape)


def _is_shape(shape: Shape) -> bool:
    return bool(shape) and normalise(shape) == shape and is_connected(shape_bitboard(shape))


@functools.lru_cache(maxsize=4096)
def _is_shape_tuple(shape: Shape) -> bool:
    return _is_shape(shape)


def rotate(shape: Shape) -> Shape:
    """The shape turned a quarter turn."""
    return normalise((-dr, dc) for dc, dr in shape)


def reflect(shape: Shape) -> Shape:
    """The shape turned over (mirrored left to right)."""
    return normalise((-dc, dr) for dc, dr in shape)


@functools.lru_cache(maxsize=4096)
def orientations(shape: Shape, reflections: bool = False) -> tuple[Shape, ...]:
    """The distinct rotations of ``shape`` (and its mirror images with ``reflections``)."""
    found: list[Shape] = []
    starts = (shape, reflect(shape)) if reflections else (shape,)
    for start in starts:
        turned = start
        for _ in range(4):
            if turned not in found:
                found.append(turned)
            turned = rotate(turned)
    return tuple(found)


def canonical(shape: Shape, reflections: bool = False) -> Shape:
    """One representative of the shape's rotations (and reflections): equal for equal pieces."""
    return min(orientations(shape, reflections))


@functools.lru_cache(maxsize=8)
def fixed_polyominoes(size: int) -> tuple[Shape, ...]:
    """Every polyomino of ``size`` spaces in every orientation (fixed polyominoes), sorted.

    There are 1, 2, 6, 19, 63, 216 of sizes 1 to 6.  Used where a building's
    size is known but its shape is not (F4).
    """
    if size < 1:
        return ()
    shapes: set[Shape] = {((0, 0),)}
    for _ in range(size - 1):
        grown: set[Shape] = set()
        for shape in shapes:
            cells = set(shape)
            for dc, dr in shape:
                for step in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    new = (dc + step[0], dr + step[1])
                    if new not in cells:
                        grown.add(normalise(cells | {new}))
        shapes = grown
    return tuple(sorted(shapes))


def shape_rows(shape: Shape) -> list[str]:
    """The shape drawn as text rows, ``#`` for a space and ``.`` for a gap."""
    if not shape:
        return []
    width = max(dc for dc, _ in shape) + 1
    height = max(dr for _, dr in shape) + 1
    cells = set(shape)
    return ["".join("#" if (c, r) in cells else "." for c in range(width)) for r in range(height)]
