"""Spaces, bitboards and the few operations every rule is built from (B1, W2).

The board is 8 x 8 spaces, numbered row by row as a spreadsheet reads::

      A  B  C  D  E  F  G  H
    1  0  1  2  3  4  5  6  7      row 1 is the top row ("up")
    2  8  9 10 11 12 13 14 15
    ...
    8 56 57 58 59 60 61 62 63

A set of spaces is a :data:`Bitboard`: a Python ``int`` whose bit ``n`` is set
when space ``n`` is in the set.  Neighbours are shifts and masks, counts are
``int.bit_count()``.  Every table here is built once, at import.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

Square = int
"""A space: 0 (A1) ... 63 (H8)."""

Bitboard = int
"""A set of spaces: bit ``n`` stands for space ``n``."""

SIZE: Final = 8
COLUMN_NAMES: Final = "ABCDEFGH"
ROW_NAMES: Final = "12345678"
SQUARES: Final = range(SIZE * SIZE)

BB_ALL: Final[Bitboard] = (1 << 64) - 1
BB_COLUMNS: Final[tuple[Bitboard, ...]] = tuple(0x0101010101010101 << c for c in range(SIZE))
BB_ROWS: Final[tuple[Bitboard, ...]] = tuple(0xFF << (8 * r) for r in range(SIZE))

DIRECTIONS: Final[dict[str, tuple[int, int]]] = {
    "up": (0, -1),
    "down": (0, 1),
    "left": (-1, 0),
    "right": (1, 0),
}
"""Facing name -> (column step, row step); up is towards row 1."""


def square(column: int, row: int) -> Square:
    """The space in ``column`` (0 = A) and ``row`` (0 = row 1)."""
    return row * SIZE + column


def square_column(sq: Square) -> int:
    """0 (A) ... 7 (H)."""
    return sq & 7


def square_row(sq: Square) -> int:
    """0 (row 1) ... 7 (row 8)."""
    return sq >> 3


def square_name(sq: Square) -> str:
    """``0 -> "A1"``, ``63 -> "H8"``."""
    return SQUARE_NAMES[sq]


SQUARE_NAMES: Final[tuple[str, ...]] = tuple(c + r for r in ROW_NAMES for c in COLUMN_NAMES)
"""``SQUARE_NAMES[sq]`` is the name of space ``sq``."""


def parse_square(name: str) -> Square:
    """``"a1"`` or ``"A1"`` -> 0: a space of the 8 x 8 board (B1).  Raises :class:`ValueError` on anything else."""
    if len(name) == 2 and name[0].upper() in COLUMN_NAMES and name[1] in ROW_NAMES:
        return square(COLUMN_NAMES.index(name[0].upper()), ROW_NAMES.index(name[1]))
    raise ValueError(f"{name!r} is not a space; expected a column A-H and a row 1-8, e.g. 'C4'")


def offset(sq: Square, dc: int, dr: int) -> Square | None:
    """The space ``dc`` columns right and ``dr`` rows down of ``sq``, or ``None`` off the board."""
    c, r = (sq & 7) + dc, (sq >> 3) + dr
    if 0 <= c < SIZE and 0 <= r < SIZE:
        return r * SIZE + c
    return None


def scan(bb: Bitboard) -> Iterator[Square]:
    """The spaces of ``bb`` in board order (A1, B1 ... H1, A2 ... H8)."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def squares_of(bb: Bitboard) -> list[Square]:
    """:func:`scan` as a list, made in one call (quicker than a generator for a few spaces)."""
    found = []
    while bb:
        low = bb & -bb
        found.append(low.bit_length() - 1)
        bb ^= low
    return found


def bitboard(squares: Iterator[Square] | list[Square] | tuple[Square, ...]) -> Bitboard:
    """The set of the given spaces."""
    bb = 0
    for sq in squares:
        bb |= 1 << sq
    return bb


def names(bb: Bitboard) -> list[str]:
    """Names of the spaces of ``bb`` in board order."""
    return [SQUARE_NAMES[sq] for sq in scan(bb)]


_ROW_TEXT: dict[Bitboard, str] = {}
"""The part of one row of a bitboard -> ``"C4, D4"``: filled on first use (at most 8 x 255 entries)."""


def names_text(bb: Bitboard) -> str:
    """The names of the spaces of ``bb`` in board order, comma-separated: ``"C4, D4, C5"``."""
    parts = []
    while bb:
        part = bb & BB_ROWS[(bb & -bb).bit_length() - 1 >> 3]  # the first row with a space of bb
        text = _ROW_TEXT.get(part)
        if text is None:
            text = _ROW_TEXT[part] = ", ".join(names(part))
        parts.append(text)
        bb ^= part
    return ", ".join(parts)


_NOT_A: Final = BB_ALL & ~BB_COLUMNS[0]
"""Every space but column A: where a step right may land."""
_NOT_H: Final = BB_ALL & ~BB_COLUMNS[7]
"""Every space but column H: where a step left may land."""


def adjacent(bb: Bitboard) -> Bitboard:
    """Spaces sharing an edge with a space of ``bb`` (W2); ``bb`` itself may be included."""
    return (bb >> 8) | ((bb << 8) & BB_ALL) | ((bb >> 1) & _NOT_H) | ((bb << 1) & _NOT_A)


def diagonal(bb: Bitboard) -> Bitboard:
    """Spaces sharing only a corner with a space of ``bb`` (W2)."""
    sideways = ((bb >> 1) & _NOT_H) | ((bb << 1) & _NOT_A)
    return (sideways >> 8) | ((sideways << 8) & BB_ALL)


BB_ADJACENT: Final[tuple[Bitboard, ...]] = tuple(adjacent(1 << sq) for sq in SQUARES)
BB_DIAGONAL: Final[tuple[Bitboard, ...]] = tuple(diagonal(1 << sq) for sq in SQUARES)


def flood(seed: Bitboard, within: Bitboard) -> Bitboard:
    """Every space of ``within`` reachable from ``seed`` by adjacent steps inside ``within``."""
    area = seed & within
    # One step in every direction per round; a sideways step never wraps onto the next row.
    sideways_left = within & _NOT_H
    sideways_right = within & _NOT_A
    while True:
        grown = area | ((area >> 8) | (area << 8)) & within | (area >> 1) & sideways_left | (area << 1) & sideways_right
        if grown == area:
            return area
        area = grown


def is_connected(bb: Bitboard) -> bool:
    """True when ``bb`` is non-empty and edge-connected (P1)."""
    return bb != 0 and flood(bb & -bb, bb) == bb


BB_TILES: Final[tuple[Bitboard, ...]] = tuple((0x0303 << (2 * tc + 16 * tr)) for tr in range(4) for tc in range(4))
"""The 16 tile squares (B1): A1:B2, C1:D2, ... G7:H8."""
