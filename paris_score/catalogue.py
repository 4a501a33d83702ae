"""A catalogue of the 12 building pieces' shapes (B3), supplied by the user.

The box's real shapes are unknown to this project (docs/unknowns.md), so no
catalogue ships with the library.  A user who owns the game can write one
(``paris-pieces/1`` JSON, see :mod:`paris_score.formats.catalogue_json`) and
pass it to :func:`paris_score.check`; each built building and each reserve
shape must then match a catalogue piece up to rotation, each piece used once.
Pieces are never turned over: they have a printed top (the B3 ruling of docs/rules.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import attrs

from paris_score.model import BOX_COUNTS, BUILDING_ID
from paris_score.shapes import Shape, canonical, is_shape, normalise, reflect, shape_rows


def _shape(value: object) -> Shape:
    return normalise(value)  # type: ignore[arg-type]


@attrs.frozen
class CataloguePiece:
    """One building piece of the box: an id of the user's choosing and its shape."""

    id: str
    shape: Shape = attrs.field(converter=_shape)

    def __attrs_post_init__(self) -> None:
        if not BUILDING_ID.fullmatch(self.id):
            raise ValueError(f"piece id {self.id!r}: expected 1-2 letters or digits")
        if not is_shape(self.shape):
            raise ValueError(f"piece {self.id}: the shape must be connected edge to edge")

    @property
    def size(self) -> int:
        return len(self.shape)

    def __str__(self) -> str:
        return f"{self.id} ({'/'.join(shape_rows(self.shape))})"


def _pieces(value: Iterable[CataloguePiece]) -> tuple[CataloguePiece, ...]:
    return tuple(value)


@attrs.frozen
class Catalogue:
    """The 12 pieces of the box (B3): two of size 3, four of 4, four of 5, two of 6."""

    pieces: tuple[CataloguePiece, ...] = attrs.field(converter=_pieces)
    note: str = ""
    """Free text, e.g. where the shapes come from, or that they are fictional."""

    def __attrs_post_init__(self) -> None:
        ids = [p.id for p in self.pieces]
        for i, id_ in enumerate(ids):
            if id_ in ids[:i]:
                raise ValueError(f"piece id {id_!r} is used twice")
        sizes = Counter(p.size for p in self.pieces)
        if sizes != Counter(BOX_COUNTS):
            box = describe_sizes(BOX_COUNTS)
            raise ValueError(f"a catalogue holds the box's 12 pieces (B3): {box}; got {describe_sizes(sizes)}")

    def matching(self, shape: Shape) -> tuple[CataloguePiece, ...]:
        """The pieces that, turned some quarter turns, draw ``shape``."""
        key = canonical(shape)
        return tuple(p for p in self.pieces if canonical(p.shape) == key)

    def mirrored(self, shape: Shape) -> tuple[CataloguePiece, ...]:
        """The pieces that draw ``shape`` only when turned over (not allowed: the B3 ruling)."""
        key = canonical(reflect(shape))
        return tuple(p for p in self.pieces if canonical(p.shape) == key and key != canonical(shape))

    def of_size(self, size: int) -> tuple[CataloguePiece, ...]:
        return tuple(p for p in self.pieces if p.size == size)


def describe_sizes(counts: dict[int, int] | Counter[int]) -> str:
    """``{3: 2, 4: 4}`` -> ``"2 of size 3, 4 of size 4"``."""
    return ", ".join(f"{n} of size {size}" for size, n in sorted(counts.items())) or "none"
