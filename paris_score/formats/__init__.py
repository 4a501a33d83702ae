"""Reading and writing positions: ``paris-position/1`` JSON (docs/formats.md) and the text grid."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Literal, TypeVar, cast

from paris_score import limits
from paris_score.documents import PositionDocument
from paris_score.errors import Located, PositionFormatError
from paris_score.formats.jsonread import DOCUMENTS, parse_json, wrong_kind
from paris_score.formats.position_json import dumps_json, from_dict, loads_json, to_dict
from paris_score.model import Position

if TYPE_CHECKING:
    from paris_score.formats.text_grid import Typed

MAX_INPUT_BYTES: Final = limits.MAX_INPUT_BYTES
"""Inputs larger than 1 MiB are refused before parsing: no real position comes close (docs/robustness.md)."""

T = TypeVar("T")

Format = Literal["json", "text"]
FORMAT_NAMES: Final[dict[str, str]] = {"json": "a paris-position/1 JSON document", "text": "a text grid"}


def _too_large(n: int, unit: str, kind: str) -> PositionFormatError:
    """Refused before parsing; ``n`` may be just one more than the limit (readers stop reading there)."""
    return PositionFormatError(
        [Located("", f"the input is over 1 MiB ({n} {unit} or more); {kind} are at most {MAX_INPUT_BYTES} {unit}")]
    )


def decode(data: bytes, kind: str = "positions") -> str:
    """UTF-8 bytes -> text, a BOM dropped; a clear error for anything else (over 1 MiB, not UTF-8).

    ``kind`` names the documents the input should be, for the message of one over 1 MiB.
    """
    if len(data) > MAX_INPUT_BYTES:
        raise _too_large(len(data), "bytes", kind)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise PositionFormatError([_not_utf8(data, e.start)]) from None
    return text.removeprefix("\ufeff")


def _not_utf8(data: bytes, at: int) -> Located:
    """Where the first byte that is not UTF-8 is (line and column counted in bytes), and a hint."""
    line = data.count(b"\n", 0, at) + 1
    col = at - (data.rfind(b"\n", 0, at) + 1) + 1
    hint = "save the file as UTF-8"
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        hint = "this looks like UTF-16; save the file as UTF-8"
    return Located(f"byte {at} (line {line}, col {col})", f"not UTF-8 text (0x{data[at]:02x}); {hint}")


def read_bounded(path: str | os.PathLike[str]) -> bytes:
    """A file's bytes, at most one past the input limit, so that :func:`input_text` refuses a larger one unread."""
    with open(path, "rb") as f:
        return f.read(MAX_INPUT_BYTES + 1)


def input_text(text: str | bytes, expected: str, kind: str = "positions") -> str:
    """The text of an input: UTF-8 decoded, a BOM dropped; too large, undecodable or empty input refused.

    ``expected`` names what an empty input should have held, ``kind`` what a too large one should be.
    """
    if isinstance(text, bytes):
        text = decode(text, kind)
    elif not isinstance(text, str):  # a program's slip (None, a dict already decoded): said, not len()'s words
        raise TypeError(f"expected the text of {expected} (str or bytes), got {type(text).__name__}")
    elif len(text) > MAX_INPUT_BYTES:
        raise _too_large(len(text), "characters", kind)
    text = text.removeprefix("\ufeff")
    if not text or text.isspace():  # (not strip(): no copy of a MiB)
        raise PositionFormatError([Located("", f"the input is empty; expected {expected}")])
    return text


def loads_document(
    text: str | bytes, format: str, read: Callable[[Any], T], error: type[PositionFormatError] = PositionFormatError
) -> T:
    """``read`` of the JSON text (``str`` or UTF-8 ``bytes``) of a ``format`` document, say ``"paris-game/1"``.

    A text that is too large, not UTF-8, empty or not JSON (strictly: :func:`~paris_score.formats.jsonread.parse_json`)
    raises ``error`` (:class:`~paris_score.errors.GameFormatError` ...), naming where and why; a text grid (a
    position) is named as such.
    """
    try:
        decoded = input_text(text, f"a {format} document", DOCUMENTS[format].plural)
    except PositionFormatError as e:
        raise error(e.errors) from None
    try:
        doc = parse_json(decoded)
    except PositionFormatError as e:
        grid = decoded.lstrip()[:1] not in ("{", "[") and reads_as_text_grid(decoded)
        raise error([Located("", wrong_kind(None, format))] if grid else e.errors) from None
    return read(doc)


def reads_as_text_grid(text: str) -> bool:
    """Whether ``text`` is a text grid (a position), for the message of a reader of another kind of document."""
    from paris_score.formats.text_grid import loads_typed

    try:
        loads_typed(text)
    except PositionFormatError:
        return False
    return True


PARIS2020_TEXT: Final = (
    "this is the end of a game of Paris (2020) in its text form, not a position; `paris-score paris2020 score` reads it"
)


def looks_like_paris2020_text(text: str) -> bool:
    """Whether ``text`` opens as the text of an end of a game of *Paris* (2020) does (:mod:`paris_score.paris2020`):
    its first line (blanks and comments aside) a ``player``, ``district`` or ``note:`` line, which no other
    paris-score document starts with (nor one of over :data:`~paris_score.limits.MAX_LINES` lines)."""
    if limits.too_many_lines(text):
        return False
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            return line.lower().startswith(("player ", "district ", "note:"))
    return False


def loads(text: str | bytes, format: Format | None = None) -> Position:
    """A position from JSON or text-grid text (``str`` or UTF-8 ``bytes``).

    ``format=None`` detects it: JSON starts with ``{`` or ``[`` (after blanks
    and a BOM); anything else is read as a text grid.  ``"json"`` or
    ``"text"`` reads that format only, so a broken JSON file gets JSON errors.
    """
    return loads_lines(text, format)[0]


def loads_lines(text: str | bytes, format: Format | None = None) -> tuple[Position, Typed | None]:
    """:func:`loads`, and for a text grid where each row and header was typed (``None`` for JSON).

    Messages about spaces can then name the line to fix (``line 10 (row 8): C8``),
    and those a header decides its line too (``line 18 (blue buildings): G``).
    """
    if format not in (None, "json", "text"):
        raise ValueError(f"unknown format {format!r}; expected 'json', 'text' or None")
    text = input_text(text, "JSON or a text grid" if format is None else FORMAT_NAMES[format])
    if format == "json" or (format is None and text.lstrip()[:1] in ("{", "[")):
        try:
            return loads_json(text), None
        except PositionFormatError:
            if text.lstrip()[:1] in ("{", "[") or not reads_as_text_grid(text):
                raise
        raise PositionFormatError(
            [Located("", "this is a text grid, not JSON; a *.json file is read as JSON: name it *.txt")]
        )
    from paris_score.formats.text_grid import loads_typed  # only when needed: a faster start

    try:
        typed = loads_typed(text)
    except PositionFormatError:
        if looks_like_paris2020_text(text):
            raise PositionFormatError([Located("", PARIS2020_TEXT)]) from None
        raise
    return typed.position, typed


def format_of(path: str | os.PathLike[str]) -> Format | None:
    """The format a file name promises: ``"json"`` for ``*.json``, else ``None`` (detect from the text)."""
    return "json" if os.fspath(path).lower().endswith(".json") else None


def load(path: str | os.PathLike[str]) -> Position:
    """A position from a file: a ``*.json`` file is read as JSON, any other is detected (:func:`loads`)."""
    return loads(read_bounded(path), format_of(path))


def dumps(position: Position, format: Format = "json") -> str:
    """A position as ``paris-position/1`` JSON or as a text grid.

    The text grid shows one thing per space: :class:`~paris_score.errors.UnwritableError` if pieces overlap.
    """
    if format == "text":
        from paris_score.formats.text_grid import dumps_text

        return dumps_text(position)
    if format != "json":
        raise ValueError(f"unknown format {format!r}; expected 'json' or 'text'")
    return dumps_json(position)


def position_to_dict(position: Position) -> PositionDocument:
    """The ``paris-position/1`` document of ``position`` as a dict, what ``json.loads(dumps(position))`` gives."""
    return cast(PositionDocument, to_dict(position))


def position_from_dict(data: object) -> Position:
    """A position from a decoded ``paris-position/1`` document (``json.load``'s result, say).

    :class:`~paris_score.errors.PositionFormatError` lists every error, each at its key path.
    """
    return from_dict(data)


SCHEMAS: Final = {
    "position": "paris-position-1",
    "report": "paris-score-1",
    "pieces": "paris-pieces-1",
    "check": "paris-check-1",
    "game": "paris-game-1",
    "replay": "paris-replay-1",
    "arena": "paris-arena-1",
    "paris2020-final": "paris2020-final-1",
    "paris2020-score": "paris2020-score-1",
}
SchemaName = Literal[
    "position", "report", "pieces", "check", "game", "replay", "arena", "paris2020-final", "paris2020-score"
]


def schema(name: SchemaName) -> str:
    """The JSON Schema (draft 2020-12) of ``paris-position/1``, ``paris-score/1``, ``paris-pieces/1``,
    ``paris-check/1`` (what ``paris-score check --format json`` prints), ``paris-game/1`` (a game record),
    ``paris-replay/1`` (what ``paris-score replay --format json`` prints), ``paris-arena/1`` (what ``paris-score
    play --format json`` prints of games between bots), ``paris2020-final/1`` (an end of a
    game of *Paris* (2020)) or ``paris2020-score/1`` (its final scoring), as text."""
    from importlib import resources

    return resources.files("paris_score.formats").joinpath(f"schema/{SCHEMAS[name]}.schema.json").read_text("utf-8")
