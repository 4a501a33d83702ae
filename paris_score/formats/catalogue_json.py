"""The ``paris-pieces/1`` JSON format: a catalogue of the box's 12 building shapes.

::

    {
      "format": "paris-pieces/1",
      "note": "where these shapes come from (optional, free text)",
      "pieces": [
        {"id": "L4", "shape": ["A1", "A2", "A3", "B3"]},
        ...
      ]
    }

``pieces`` holds exactly the box's 12 pieces (B3: two of size 3, four of 4,
four of 5, two of 6).  ``id``: 1-2 letters or digits, unique.  ``shape``: the
spaces the piece covers, drawn anywhere on the board (only the drawing
counts, not where it is), connected edge to edge, as the piece lies with its
printed top up.  Unknown keys are an error.  The real shapes are unknown to
this project (docs/unknowns.md): no catalogue ships with it.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Final

from paris_score.catalogue import Catalogue, CataloguePiece, describe_sizes
from paris_score.documents import CatalogueDocument, CataloguePieceDict
from paris_score.errors import CatalogueFormatError
from paris_score.formats import loads_document, read_bounded
from paris_score.formats.jsonread import Reader, whole
from paris_score.model import BOX_COUNTS
from paris_score.shapes import shape_bitboard
from paris_score.squares import names

CATALOGUE_FORMAT: Final = "paris-pieces/1"
_TOP_KEYS: Final = ("format", "note", "pieces")


def _piece(r: Reader, path: str, value: object) -> CataloguePiece | None:
    piece = r.piece(path, value)
    return None if piece is None else CataloguePiece(*piece)


def catalogue_from_dict(data: object) -> Catalogue:
    """A catalogue from decoded ``paris-pieces/1`` JSON; every error at once."""
    r = Reader()
    obj = r.document(data, CATALOGUE_FORMAT, _TOP_KEYS, ("format", "pieces"))
    if obj is None:
        raise CatalogueFormatError(r.errors)
    note = r.string("note", obj["note"]) if "note" in obj else ""
    start = len(r.errors)
    read = r.items("pieces", obj["pieces"], lambda p, v: _piece(r, p, v)) if "pieces" in obj else None
    seen: set[str] = set()
    for i, piece in enumerate(read or ()):  # the ids of the pieces read, whether or not the others could be
        if piece is None:
            continue
        if piece.id in seen:
            r.fail(f"pieces[{i}].id", f"{piece.id!r} is used by an earlier piece; ids are unique")
        seen.add(piece.id)
    r.in_order(start)
    pieces = whole(read)
    if pieces is not None:
        sizes = Counter(p.size for p in pieces)
        if sizes != Counter(BOX_COUNTS):
            r.fail(
                "pieces",
                f"the box holds 12 pieces (B3): {describe_sizes(BOX_COUNTS)}; "
                f"this catalogue has {describe_sizes(sizes)}",
            )
    if r.errors or pieces is None or note is None:
        raise CatalogueFormatError(r.errors)
    return Catalogue(tuple(pieces), note)


def loads_catalogue(text: str | bytes) -> Catalogue:
    """A catalogue from its ``paris-pieces/1`` JSON text (``str`` or UTF-8 ``bytes``).

    :class:`~paris_score.errors.CatalogueFormatError` (a :class:`PositionFormatError`) lists every error.
    """
    return loads_document(text, CATALOGUE_FORMAT, catalogue_from_dict, CatalogueFormatError)


def load_catalogue(path: str | os.PathLike[str]) -> Catalogue:
    """A catalogue from a file."""
    return loads_catalogue(read_bounded(path))


def catalogue_to_dict(catalogue: Catalogue) -> CatalogueDocument:
    """The ``paris-pieces/1`` document of a catalogue, each shape drawn from A1."""
    pieces: list[CataloguePieceDict] = [{"id": p.id, "shape": names(shape_bitboard(p.shape))} for p in catalogue.pieces]
    if catalogue.note:
        return {"format": "paris-pieces/1", "note": catalogue.note, "pieces": pieces}
    return {"format": "paris-pieces/1", "pieces": pieces}
