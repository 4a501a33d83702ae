"""Brute-force helpers the tests compare the library against (each the slow, obvious way)."""

from __future__ import annotations

from paris_score.shapes import Shape, canonical, shape_bitboard
from paris_score.squares import SIZE, Bitboard, flood


def translations(shape: Shape) -> tuple[Bitboard, ...]:
    """Every way to lay ``shape`` as it is (no turning) on the board, as bitboards, in board order."""
    base = shape_bitboard(shape)
    if not base:
        return ()
    width = max(dc for dc, _ in shape) + 1
    height = max(dr for _, dr in shape) + 1
    return tuple(base << (r * SIZE + c) for r in range(SIZE - height + 1) for c in range(SIZE - width + 1))


def same_piece(a: Shape, b: Shape) -> bool:
    """True when ``a`` turned some quarter turns is ``b`` (no turning over)."""
    return canonical(a) == canonical(b)


def components(bb: Bitboard) -> list[Bitboard]:
    """The edge-connected parts of ``bb``, in board order of their first space."""
    parts = []
    while bb:
        part = flood(bb & -bb, bb)
        parts.append(part)
        bb &= ~part
    return parts
