"""The JSON reading toolkit of the ``paris-*`` formats: strict parsing, and a reader that collects every error.

:func:`parse_json` is ``json.loads`` made strict (syntax errors with line and
column; duplicate keys, ``NaN``, ``Infinity`` and huge numbers refused by key
path).  A :class:`Reader` walks the decoded document: each method checks one
value, records an error naming its key path when the value is wrong, and
returns ``None`` then, so a reader gives up on that value only and goes on
to list every error at once, up to :data:`~paris_score.limits.MAX_ERRORS`.
The position, catalogue and game readers all use it, and so do the readers
of *Paris* (2020) (:mod:`paris_score.paris2020`).  Internal: shared by the
library's own readers, not part of its API (docs/api.md), it may change in
any release.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final, NamedTuple, TypeVar

from paris_score.errors import Located, PositionFormatError, clip, counted
from paris_score.formats.names import SLUG_LIST, did_you_mean, postcard_hint
from paris_score.i18n import Text
from paris_score.limits import MAX_DIGITS, MAX_ERRORS, MAX_ITEMS, MAX_VALUES
from paris_score.model import BUILDING_ID
from paris_score.postcards import Postcard
from paris_score.shapes import Shape, shape_of
from paris_score.squares import Square, bitboard, is_connected, parse_square, square_name

T = TypeVar("T")

CARD_SLUGS: Final = {c.value: c for c in Postcard}
"""Each postcard by its slug (the fast paths of the readers)."""
PIECE_KEYS: Final = ("id", "shape")
"""The keys of a building piece of a catalogue or a game's pool (:meth:`Reader.piece`)."""


class DocumentKind(NamedTuple):
    """A kind of paris-score document, for messages."""

    noun: str
    plural: str
    reader: str
    """Which command reads it (or, for an output, prints it)."""


DOCUMENTS: Final = {
    "paris-position/1": DocumentKind(
        "position", "positions", "`paris-score score`, `check`, `convert` and `render` read positions"
    ),
    "paris-game/1": DocumentKind("game record", "game records", "`paris-score replay` reads game records"),
    "paris-pieces/1": DocumentKind(
        "catalogue of building shapes", "catalogues", "`paris-score check --pieces` reads catalogues"
    ),
    "paris-score/1": DocumentKind("score report", "reports", "it is what `paris-score score --format json` prints"),
    "paris-check/1": DocumentKind(
        "referee's verdict", "verdicts", "it is what `paris-score check --format json` prints"
    ),
    "paris-replay/1": DocumentKind(
        "replay's outcome", "replays", "it is what `paris-score replay --format json` prints"
    ),
    "paris-arena/1": DocumentKind(
        "summary of games between bots", "summaries", "it is what `paris-score play --format json` prints"
    ),
    "paris2020-final/1": DocumentKind(
        "end of a game of Paris (2020)", "documents", "`paris-score paris2020 score` reads it"
    ),
    "paris2020-score/1": DocumentKind(
        "final scoring of Paris (2020)", "reports", "it is what `paris-score paris2020 score --format json` prints"
    ),
}
"""Each paris-score document kind by its ``format``."""


def wrong_kind(given: str | None, expected: str) -> str:
    """The message for a document of another known kind (``None``: a text grid, which is a position; or a kind in
    a version this paris-score does not read, :func:`other_version`): what it is, what was expected, which command
    reads it."""
    if given is None:
        what, reader = "text grid, a position", DOCUMENTS["paris-position/1"].reader
    elif given in DOCUMENTS:
        what, reader = f"{given} {DOCUMENTS[given].noun}", DOCUMENTS[given].reader
    else:
        noun = DOCUMENTS[other_version(given) or expected].noun
        what, reader = f"{given} {noun} (a version this paris-score does not read)", ""
    return f"this is a {what}, not a {expected} {DOCUMENTS[expected].noun}" + (f"; {reader}" if reader else "")


def other_version(given: str) -> str | None:
    """The known format that ``given`` names in a version this paris-score does not read (``paris-game/2`` ->
    ``paris-game/1``), else ``None``."""
    name, slash, version = given.rpartition("/")
    if not slash or not version.isdigit() or given in DOCUMENTS:
        return None
    return next((known for known in DOCUMENTS if known.rpartition("/")[0] == name), None)


def kind(value: object) -> str:
    """What a JSON value is, for a message: ``null``, ``a boolean``, ``a number`` ..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    names = {int: "a number", float: "a number", str: "a string", list: "a list", dict: "an object"}
    return names.get(type(value), type(value).__name__)


_PLAIN_KEY: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def key_path(path: str, key: str) -> str:
    """``path.key``; a key that is not a plain word is quoted, ``path["a b"]``, escapes and all."""
    if not _PLAIN_KEY.fullmatch(key):
        return f"{path}[{json.dumps(clip(key, 40))}]"
    return f"{path}.{key}" if path else key


def brief(value: object) -> str:
    """A scalar as short JSON for a message; a list or an object only by its kind (it may be huge)."""
    return kind(value) if isinstance(value, list | dict) else clip(json.dumps(value), 40)


_INDEX: Final = re.compile(r"\[(\d+)\]")


def _indices(path: str) -> tuple[int, ...]:
    return tuple(int(i) for i in _INDEX.findall(path))


def whole(items: list[T | None] | None) -> list[T] | None:
    """The items if every one was read, else ``None``."""
    if items is None or None in items:
        return None
    return items  # type: ignore[return-value]


class Reader:
    """Reads decoded JSON, recording every error; each method returns ``None`` where it failed."""

    def __init__(self) -> None:
        self.errors: list[Located] = []

    def fail(self, path: str, message: str | Text) -> None:
        """Record an error; after :data:`~paris_score.limits.MAX_ERRORS` only a note that there were more."""
        if len(self.errors) < MAX_ERRORS:
            self.errors.append(Located(path, message))
        elif len(self.errors) == MAX_ERRORS:
            self.errors.append(Located("", f"stopped after {MAX_ERRORS} errors"))

    def report(self, problems: Iterable[Located]) -> None:
        """Record each of these errors (a check's findings), as :meth:`fail` does."""
        for problem in problems:
            self.fail(problem.where, problem.message_text or problem.message)

    def in_order(self, start: int) -> None:
        """Put the errors recorded since ``start`` (by a reader, then a check, of one part) in document order.

        The order is that of the list indices in their key paths; errors at one place keep theirs, and the
        note that errors were left out stays last.
        """
        capped = len(self.errors) > MAX_ERRORS
        end = len(self.errors) - capped
        self.errors[start:end] = sorted(self.errors[start:end], key=lambda e: _indices(e.where))

    def mapping(
        self, path: str, value: object, allowed: tuple[str, ...], required: tuple[str, ...] = ()
    ) -> dict[str, Any] | None:
        if not isinstance(value, dict):
            self.fail(path, f"expected an object, got {kind(value)}")
            return None
        for key in value:
            if key not in allowed:
                close = did_you_mean(key, allowed) if len(self.errors) < MAX_ERRORS else ""  # past the cap: unsaid
                hint = close or f"; expected one of {', '.join(allowed)}"
                self.fail(key_path(path, key), f"unknown key{hint}")
        for key in required:
            if key not in value:
                self.fail(key_path(path, key), "missing")
        return value

    def document(
        self, data: object, format: str, allowed: tuple[str, ...], required: tuple[str, ...]
    ) -> dict[str, Any] | None:
        """The top object of a ``format`` document, its keys checked as :meth:`mapping` does.

        A wrong ``format`` is the first error; a document of another known kind
        (:data:`DOCUMENTS`, a game record given for a position) is the only one
        and gives ``None``: its keys would all be wrong, and only the kind matters.
        """
        given = data.get("format", format) if isinstance(data, dict) else format
        if given != format:
            known = other_version(given) if isinstance(given, str) else None
            if isinstance(given, str) and (given in DOCUMENTS or known not in (None, format)):
                self.fail("format", wrong_kind(given, format))  # another kind (in a version read here or not)
                return None
            later = ": a version of the format this paris-score does not read" if known == format else ""
            self.fail("format", f"expected {format!r}, got {brief(given)}{later}")
        return self.mapping("", data, allowed, required)

    def string(self, path: str, value: object) -> str | None:
        if not isinstance(value, str):
            self.fail(path, f"expected a string, got {kind(value)}")
            return None
        return value

    def choice(self, path: str, value: object, choices: tuple[str, ...]) -> str | None:
        text = self.string(path, value)
        if text is not None and text not in choices:
            self.fail(path, f"{text!r} is not one of {', '.join(choices)}")
            return None
        return text

    def square(self, path: str, value: object) -> Square | None:
        text = self.string(path, value)
        if text is None:
            return None
        try:
            return parse_square(text)
        except ValueError:
            self.fail(path, f"{text!r} is not a space; expected a column A-H and a row 1-8, e.g. 'C4'")
            return None

    def integer(self, path: str, value: object) -> int | None:
        if type(value) is not int:
            shown = "" if isinstance(value, list | dict) else f" {brief(value)}"
            self.fail(path, f"expected a whole number, got {kind(value)}{shown}")
            return None
        return value

    def items(
        self, path: str, value: object, read: Callable[[str, Any], T | None], limit: int = MAX_ITEMS
    ) -> list[T | None] | None:
        """Each item of a list read by ``read`` (``None`` where it is bad); ``None`` if it is no list or too long."""
        if not isinstance(value, list):
            self.fail(path, f"expected a list, got {kind(value)}")
            return None
        if len(value) > limit:
            self.fail(path, f"{len(value)} items; a list here holds at most {limit} (docs/robustness.md)")
            return None
        return [read(f"{path}[{i}]", item) for i, item in enumerate(value)]

    def each(
        self, path: str, value: object, read: Callable[[str, Any], T | None], limit: int = MAX_ITEMS
    ) -> list[T] | None:
        """Every item of a list read by ``read``; ``None`` if the list or any item is bad or it is too long."""
        return whole(self.items(path, value, read, limit))

    def shape(self, path: str, value: object, size: int | None = None, *, connected: bool = True) -> Shape | None:
        """A shape given as its spaces anywhere on the board, connected unless told otherwise; normalised (B3)."""
        cells = self.each(path, value, self.square)
        if cells is None:
            return None
        for i, sq in enumerate(cells):
            if sq in cells[:i]:
                self.fail(f"{path}[{i}]", f"{square_name(sq)} is listed twice")
                return None
        if connected and not is_connected(bitboard(cells)):
            self.fail(path, "the spaces of a shape must be connected edge to edge (P1)")
            return None
        if size is not None and len(cells) != size:
            self.fail(path, f"{counted(len(cells), 'space')} for a building of size {size}")
            return None
        return shape_of(bitboard(cells))

    def piece(self, path: str, value: object, *, check: bool = True) -> tuple[str, Shape] | None:
        """A building piece, ``{"id": "A", "shape": ["A1", "B1", "C1"]}``: its id and its shape (B3).

        The shape covers at least one space.  ``check`` also asks for an id of 1-2 letters or digits and a
        connected shape; a game setup leaves both to :func:`~paris_score.setups.setup_problems` (G1).
        """
        obj = self.mapping(path, value, PIECE_KEYS, PIECE_KEYS)
        if obj is None or "id" not in obj or "shape" not in obj:
            return None
        id_ = self.string(f"{path}.id", obj["id"])
        if check and id_ is not None and not BUILDING_ID.fullmatch(id_):
            self.fail(f"{path}.id", f"{id_!r}: expected 1-2 letters or digits")
            id_ = None
        if isinstance(obj["shape"], list) and not obj["shape"]:
            self.fail(f"{path}.shape", "a piece covers at least one space")
            return None
        shape = self.shape(f"{path}.shape", obj["shape"], connected=check)
        return None if id_ is None or shape is None else (id_, shape)

    def postcard(self, path: str, item: object) -> Postcard | None:
        """A postcard by its slug."""
        slug = self.string(path, item)
        if slug is None:
            return None
        try:
            return Postcard(slug)
        except ValueError:
            self.fail(path, f"{slug!r} is not a postcard slug{postcard_hint(slug, SLUG_LIST)}")
            return None


class _Twice(dict[str, Any]):
    """An object in which some keys appeared more than once (the last value is kept)."""

    twice: tuple[str, ...] = ()


class _Refused:
    """A value ``json.loads`` reads but a position refuses: ``NaN``, ``Infinity``, a huge number."""

    def __init__(self, message: str) -> None:
        self.message = message


_NOT_JSON: Final = {
    name: _Refused(f"{name} is not valid JSON; expected a number, and JSON numbers are finite")
    for name in ("NaN", "Infinity", "-Infinity")
}


_WALKED: Final = frozenset({dict, list, _Twice, _Refused})
"""What a list must hold to be walked: a long list of plain numbers or strings is passed over at once."""


def _steps(value: object) -> Iterator[tuple[str | int, object]] | None:
    """The keys (or indices) and values of an object, or of a list holding anything but plain values."""
    if isinstance(value, dict):
        return iter(value.items())
    if isinstance(value, list) and not _WALKED.isdisjoint(map(type, value)):
        return enumerate(value)
    return None


def _path(trail: Iterable[str | int | None]) -> str:
    """The key path of a node from the keys and indices that lead to it (``None``: the root)."""
    path = ""
    for step in trail:
        if isinstance(step, int):
            path = f"{path}[{step}]"
        elif step is not None:
            path = key_path(path, step)
    return path


def _refused_where(doc: object) -> list[Located]:
    """The key path of each duplicate key and refused value of a decoded document, in document order.

    No recursion (a stack of iterators), and no more than :data:`~paris_score.limits.MAX_ERRORS`.  The walk keeps
    the key or index of each object and list it is in, and words a key path only for what it reports: a path may
    be as long as the document (a 512 KiB key), and a document may hold half a million values.
    """
    found: list[Located] = []
    trail: list[str | int | None] = []  # the key or index of each object and list being walked
    stack: list[Iterator[tuple[str | int | None, object]]] = [iter([(None, doc)])]
    while stack and len(found) < MAX_ERRORS:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            if trail:
                trail.pop()
            continue
        at, value = step
        if isinstance(value, _Refused):
            found.append(Located(_path([*trail, at]), value.message))
        elif isinstance(value, _Twice):
            path = _path([*trail, at])
            found += (Located(key_path(path, key), "this key appears twice in one object") for key in value.twice)
        inside = _steps(value)
        if inside is not None:
            stack.append(inside)
            trail.append(at)
    if len(found) >= MAX_ERRORS:
        return [*found[:MAX_ERRORS], Located("", f"stopped after {MAX_ERRORS} errors")]
    return found


def _line_col(text: str, pos: int) -> tuple[int, int]:
    """Line and column (from 1) of ``text[pos]``, lines ending at LF, CRLF or CR as editors count them.

    Counted, not listed: a million line breaks cost no memory.
    """
    breaks = text.count("\n", 0, pos) + text.count("\r", 0, pos) - text.count("\r\n", 0, pos)
    start = max(text.rfind("\n", 0, pos), text.rfind("\r", 0, pos)) + 1
    return breaks + 1, pos - start + 1


_STRING: Final = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"')
"""A JSON string (possessive: one pass, whatever the text)."""
TOO_MANY_VALUES: Final = (
    f"over {MAX_VALUES} values (numbers, strings, lists and objects); documents hold far fewer (docs/robustness.md)"
)


def too_many_values(text: str) -> bool:
    """Whether a JSON text holds over :data:`~paris_score.limits.MAX_VALUES` values, asked before it is decoded
    (Python's decoder makes every value first).

    Each item of a list and member of an object comes after a ``[``, a ``{`` or a comma, so their count bounds the
    values.  When it is over, the commas and brackets inside strings, which are no items, are taken off; the
    strings are only looked for when they are at most as many as the values allowed (a quote after no backslash
    ends one), so that this costs no more than a document within the limit.
    """
    if len(text) <= MAX_VALUES:  # the marks are some of its characters: a text of most documents is not looked at
        return False
    marks = sum(map(text.count, ",[{"))
    if marks <= MAX_VALUES:
        return False
    if (text.count('"') - text.count('\\"')) // 2 > MAX_VALUES:
        return True
    inside = sum(text.count(mark, *found.span()) for found in _STRING.finditer(text) for mark in ",[{")
    return marks - inside > MAX_VALUES


def parse_json(text: str) -> Any:
    """``json.loads``, strict: syntax errors with line and column; duplicate keys, ``NaN``,
    ``Infinity`` and numbers of over 100 digits refused, each with its key path; a document of over
    :data:`~paris_score.limits.MAX_VALUES` values refused before it is decoded."""
    if too_many_values(text):
        raise PositionFormatError([Located("", TOO_MANY_VALUES)])
    trouble: list[bool] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(items)
        if len(obj) == len(items):
            return obj
        trouble.append(True)
        seen: set[str] = set()
        repeated: dict[str, None] = {}  # in order, each once
        for key, _ in items:
            if key in seen:
                repeated[key] = None
            seen.add(key)
        twice = _Twice(obj)
        twice.twice = tuple(repeated)
        return twice

    def constant(name: str) -> _Refused:
        trouble.append(True)
        return _NOT_JSON[name]

    def integer(digits: str) -> int | _Refused:
        if len(digits.lstrip("-")) <= MAX_DIGITS:
            return int(digits)
        trouble.append(True)
        return _Refused(f"a number of {len(digits.lstrip('-'))} digits; numbers here have at most {MAX_DIGITS}")

    try:
        doc = json.loads(text, object_pairs_hook=pairs, parse_constant=constant, parse_int=integer)
    except json.JSONDecodeError as e:
        line, col = _line_col(text, e.pos)
        # Python's messages that end "... at" leave the position to the caller: it is named before the message.
        said = e.msg[: -len(" at")] + " here" if e.msg.endswith(" at") else e.msg
        raise PositionFormatError([Located(f"line {line}, col {col}", f"not valid JSON: {said}")]) from None
    except RecursionError:
        raise PositionFormatError([Located("", "not valid JSON: nested too deeply")]) from None
    if trouble:
        raise PositionFormatError(_refused_where(doc))
    return doc
