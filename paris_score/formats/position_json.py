# The reader returns ``self.fail(...)`` (always None) to record an error and give up on a value in one line.
# mypy: disable-error-code="func-returns-value"
"""The ``paris-position/1`` JSON format (FORMAT.md), read and written exactly.

The reader checks every key and collects every error before it gives up, each
naming its key path (``buildings[1].cells[0]``) and what was expected.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator
from typing import Any, Final, TypeVar

from paris_score.errors import Located, PositionFormatError, clip
from paris_score.limits import MAX_DIGITS, MAX_ERRORS, MAX_ITEMS, MAX_OFFSETS
from paris_score.model import (
    BOX_SIZES,
    BUILDING_ID,
    FACINGS,
    GROUND_CODES,
    MAX_OFFSET,
    PATTERN_NAMES,
    PLAYERS,
    Building,
    Ground,
    Pieces,
    Player,
    Position,
    Postcards,
    Reserve,
    Rules,
    Statue,
)
from paris_score.names import SLUG_LIST, postcard_hint
from paris_score.postcards import PIECES, Postcard
from paris_score.shapes import Shape, shape_bitboard, shape_of
from paris_score.squares import Bitboard, Square, bitboard, is_connected, names, parse_square, square_name

POSITION_FORMAT: Final = "paris-position/1"
JARDIN_PIECE: Final = Postcard.JARDIN_DES_PLANTES.value

_TOP_KEYS: Final = ("format", "ground", "buildings", "reserve", "postcards", "pieces", "rules")
_BUILDING_KEYS: Final = ("id", "owner", "cells", "annex", "piece")
_CARD_KEYS: Final = ("in_play", "orange", "blue")
_RESERVE_KEYS: Final = ("size", "shape")
_PIECE_KEYS: Final = tuple(piece.key for piece in PIECES)

T = TypeVar("T")


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    names = {int: "a number", float: "a number", str: "a string", list: "a list", dict: "an object"}
    return names.get(type(value), type(value).__name__)


_PLAIN_KEY: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _join(path: str, key: str) -> str:
    """``path.key``; a key that is not a plain word is quoted, ``path["a b"]``, escapes and all."""
    if not _PLAIN_KEY.fullmatch(key):
        return f"{path}[{json.dumps(clip(key, 40))}]"
    return f"{path}.{key}" if path else key


def _brief(value: object) -> str:
    """A scalar as short JSON for a message; a list or an object only by its kind (it may be huge)."""
    return _kind(value) if isinstance(value, list | dict) else clip(json.dumps(value), 40)


class _Reader:
    """Reads decoded JSON, recording every error; each method returns ``None`` where it failed."""

    def __init__(self) -> None:
        self.errors: list[Located] = []

    def fail(self, path: str, message: str) -> None:
        """Record an error; after :data:`~paris_score.limits.MAX_ERRORS` only a note that there were more."""
        if len(self.errors) < MAX_ERRORS:
            self.errors.append(Located(path, message))
        elif len(self.errors) == MAX_ERRORS:
            self.errors.append(Located("", f"stopped after {MAX_ERRORS} errors"))

    def mapping(
        self, path: str, value: object, allowed: tuple[str, ...], required: tuple[str, ...] = ()
    ) -> dict[str, Any] | None:
        if not isinstance(value, dict):
            return self.fail(path, f"expected an object, got {_kind(value)}")
        for key in value:
            if key not in allowed:
                self.fail(_join(path, key), f"unknown key; expected one of {', '.join(allowed)}")
        for key in required:
            if key not in value:
                self.fail(_join(path, key), "missing")
        return value

    def string(self, path: str, value: object) -> str | None:
        if not isinstance(value, str):
            return self.fail(path, f"expected a string, got {_kind(value)}")
        return value

    def choice(self, path: str, value: object, choices: tuple[str, ...]) -> str | None:
        text = self.string(path, value)
        if text is not None and text not in choices:
            return self.fail(path, f"{text!r} is not one of {', '.join(choices)}")
        return text

    def square(self, path: str, value: object) -> Square | None:
        text = self.string(path, value)
        if text is None:
            return None
        try:
            return parse_square(text)
        except ValueError:
            return self.fail(path, f"{text!r} is not a space; expected a column A-H and a row 1-8, e.g. 'C4'")

    def integer(self, path: str, value: object) -> int | None:
        if type(value) is not int:
            shown = "" if isinstance(value, list | dict) else f" {_brief(value)}"
            return self.fail(path, f"expected a whole number, got {_kind(value)}{shown}")
        return value

    def each(
        self, path: str, value: object, read: Callable[[str, Any], T | None], limit: int = MAX_ITEMS
    ) -> list[T] | None:
        """Every item of a list read by ``read``; ``None`` if the list or any item is bad or it is too long."""
        if not isinstance(value, list):
            return self.fail(path, f"expected a list, got {_kind(value)}")
        if len(value) > limit:
            return self.fail(path, f"{len(value)} items; a list here holds at most {limit} (docs/robustness.md)")
        items = [read(f"{path}[{i}]", item) for i, item in enumerate(value)]
        good = [item for item in items if item is not None]
        return good if len(good) == len(items) else None


def _ground(r: _Reader, value: object) -> Ground | None:
    if not isinstance(value, list):
        return r.fail("ground", f"expected a list of 8 strings, got {_kind(value)}")
    before = len(r.errors)
    if len(value) != 8:
        r.fail("ground", f"expected 8 rows, got {len(value)}")
    for i, row in enumerate(value[:8]):
        path = f"ground[{i}]"
        text = r.string(path, row)
        if text is None:
            continue
        if len(text) != 8:
            r.fail(path, f"expected 8 spaces, got {len(text)}")
        for col, ch in enumerate(text[:8]):
            if ch.lower() not in GROUND_CODES:
                r.fail(path, f"space {square_name(i * 8 + col)}: {ch!r} is not a cobblestone; expected o, b, m or l")
    return Ground.from_rows(value) if len(r.errors) == before else None


def _building(r: _Reader, path: str, value: object) -> Building | None:
    obj = r.mapping(path, value, _BUILDING_KEYS, ("id", "owner", "cells"))
    if obj is None:
        return None
    before = len(r.errors)
    id_ = r.string(f"{path}.id", obj["id"]) if "id" in obj else None
    if id_ is not None and not BUILDING_ID.fullmatch(id_):
        r.fail(f"{path}.id", f"{id_!r}: expected 1-2 letters or digits")
    owner = r.choice(f"{path}.owner", obj["owner"], tuple(PLAYERS)) if "owner" in obj else None
    cells = r.each(f"{path}.cells", obj["cells"], r.square) if "cells" in obj else None
    if cells is not None:
        if not cells:
            r.fail(f"{path}.cells", "a building covers at least one space")
        for i, sq in enumerate(cells):
            if sq in cells[:i]:
                r.fail(f"{path}.cells[{i}]", f"{square_name(sq)} is listed twice")
    annex = r.square(f"{path}.annex", obj["annex"]) if "annex" in obj else None
    if annex is not None and cells is not None and annex in cells:
        r.fail(f"{path}.annex", f"{square_name(annex)} is one of the building's own cells")
    if "piece" in obj:
        r.choice(f"{path}.piece", obj["piece"], (JARDIN_PIECE,))
    if len(r.errors) != before or id_ is None or owner is None or cells is None:
        return None
    return Building(id_, Player(owner), bitboard(cells), annex, obj.get("piece") == JARDIN_PIECE)


def _shape(r: _Reader, path: str, value: object, size: int | None) -> Shape | None:
    """A shape given as its spaces anywhere on the board, connected; normalised (B3)."""
    cells = r.each(path, value, r.square)
    if cells is None:
        return None
    for i, sq in enumerate(cells):
        if sq in cells[:i]:
            return r.fail(f"{path}[{i}]", f"{square_name(sq)} is listed twice")
    if not is_connected(bitboard(cells)):
        return r.fail(path, "the spaces of a shape must be connected edge to edge (P1)")
    if size is not None and len(cells) != size:
        return r.fail(path, f"{len(cells)} spaces for a building of size {size}")
    return shape_of(bitboard(cells))


def _reserve(r: _Reader, value: object) -> Reserve | None:
    """Each entry is a size, or ``{"size": n, "shape": [spaces]}`` with the shape drawn anywhere."""
    obj = r.mapping("reserve", value, tuple(PLAYERS))
    if obj is None:
        return None

    def size(path: str, item: object) -> int | None:
        n = r.integer(path, item)
        if n is not None and n not in BOX_SIZES:
            return r.fail(path, f"size {n} is not in the box; expected 3, 4, 5 or 6 (B3)")
        return n

    def entry(path: str, item: object) -> tuple[int, Shape | None] | None:
        if not isinstance(item, dict):
            n = size(path, item)
            return None if n is None else (n, None)
        e = r.mapping(path, item, _RESERVE_KEYS, ("size",))
        if e is None or "size" not in e:
            return None
        n = size(f"{path}.size", e["size"])
        if "shape" not in e:
            return None if n is None else (n, None)
        shape = _shape(r, f"{path}.shape", e["shape"], n)
        return None if n is None or shape is None else (n, shape)

    orange = r.each("reserve.orange", obj.get("orange", []), entry)
    blue = r.each("reserve.blue", obj.get("blue", []), entry)
    if orange is None or blue is None:
        return None
    not_given = [pl for pl in PLAYERS if pl not in obj]  # S3: scored as none, with a note
    return Reserve(
        [n for n, _ in orange], [n for n, _ in blue], [s for _, s in orange], [s for _, s in blue], not_given
    )


def _card(r: _Reader, path: str, item: object) -> Postcard | None:
    slug = r.string(path, item)
    if slug is None:
        return None
    try:
        return Postcard(slug)
    except ValueError:
        return r.fail(path, f"{slug!r} is not a postcard slug{postcard_hint(slug, SLUG_LIST)}")


def _postcards(r: _Reader, value: object) -> Postcards | None:
    obj = r.mapping("postcards", value, _CARD_KEYS)
    if obj is None:
        return None
    lists = [r.each(f"postcards.{k}", obj.get(k, []), lambda p, v: _card(r, p, v)) for k in _CARD_KEYS]
    if any(cards is None for cards in lists):
        return None
    return Postcards(*lists)


def _statue(r: _Reader, path: str, value: object) -> Statue | None:
    obj = r.mapping(path, value, ("at", "facing"), ("at", "facing"))
    if obj is None or "at" not in obj or "facing" not in obj:
        return None
    at = r.square(f"{path}.at", obj["at"])
    facing = r.choice(f"{path}.facing", obj["facing"], FACINGS)
    return None if at is None or facing is None else Statue(at, facing)  # type: ignore[arg-type]


def _pieces(r: _Reader, value: object) -> Pieces | None:
    obj = r.mapping("pieces", value, _PIECE_KEYS)
    if obj is None:
        return None
    before = len(r.errors)
    found: dict[str, Any] = {}
    for key, raw in obj.items():
        if key == "statue":
            found[key] = _statue(r, "pieces.statue", raw)
        elif key in _PIECE_KEYS:
            found[key] = r.square(f"pieces.{key}", raw)
    return Pieces(**found) if len(r.errors) == before else None


def _offset(r: _Reader, path: str, item: object) -> tuple[int, int] | None:
    if not (isinstance(item, list) and len(item) == 2):
        return r.fail(path, f"expected a pair [dcol, drow], got {_kind(item)}")
    dc, dr = r.integer(f"{path}[0]", item[0]), r.integer(f"{path}[1]", item[1])
    if dc is None or dr is None:
        return None
    if (dc, dr) == (0, 0) or max(abs(dc), abs(dr)) > MAX_OFFSET:
        return r.fail(path, f"[{dc}, {dr}]: expected an offset other than [0, 0], each part within -7..7")
    return dc, dr


def read_rules(r: _Reader, value: object, where: str = "rules") -> Rules | None:
    """The ``rules`` object (of a position, or of a game's setup at ``where``)."""
    obj = r.mapping(where, value, ("large_streetlight_pattern",))
    if obj is None:
        return None
    if "large_streetlight_pattern" not in obj:
        return Rules()
    path = f"{where}.large_streetlight_pattern"
    raw = obj["large_streetlight_pattern"]
    if isinstance(raw, str):
        name = r.choice(path, raw, PATTERN_NAMES)
        return None if name is None else Rules(name)  # type: ignore[arg-type]
    if not isinstance(raw, list):
        names = ", ".join(PATTERN_NAMES)
        return r.fail(path, f"expected a pattern name ({names}) or a list of [dcol, drow] offsets, got {_kind(raw)}")
    offsets = r.each(path, raw, lambda p, v: _offset(r, p, v), MAX_OFFSETS)
    if offsets is None:
        return None
    if not offsets:
        return r.fail(path, "an offset list needs at least one offset")
    for i, item in enumerate(offsets):
        if item in offsets[:i]:
            return r.fail(f"{path}[{i}]", f"[{item[0]}, {item[1]}] is listed twice")
    return Rules(tuple(offsets))


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


def _children(path: str, value: object) -> Iterator[tuple[str, object]]:
    if isinstance(value, dict):
        yield from ((_join(path, key), item) for key, item in value.items())
    elif isinstance(value, list):
        yield from ((f"{path}[{i}]", item) for i, item in enumerate(value))


def _refused_where(doc: object) -> list[Located]:
    """The key path of each duplicate key and refused value of a decoded document, in document order.

    No recursion (a stack of iterators), and no more than :data:`~paris_score.limits.MAX_ERRORS`.
    """
    found: list[Located] = []
    stack = [iter([("", doc)])]
    while stack and len(found) < MAX_ERRORS:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            continue
        path, value = step
        if isinstance(value, _Refused):
            found.append(Located(path, value.message))
        found += (
            Located(_join(path, key), "this key appears twice in one object") for key in getattr(value, "twice", ())
        )
        stack.append(_children(path, value))
    if len(found) >= MAX_ERRORS:
        return [*found[:MAX_ERRORS], Located("", f"stopped after {MAX_ERRORS} errors")]
    return found


_LINE_BREAK: Final = re.compile(r"\r\n|\r|\n")


def _line_col(text: str, pos: int) -> tuple[int, int]:
    """Line and column (from 1) of ``text[pos]``, lines ending at LF, CRLF or CR as editors count them."""
    breaks = list(_LINE_BREAK.finditer(text, 0, pos))
    start = breaks[-1].end() if breaks else 0
    return len(breaks) + 1, pos - start + 1


def parse_json(text: str) -> Any:
    """``json.loads``, strict: syntax errors with line and column; duplicate keys, ``NaN``,
    ``Infinity`` and numbers of over 100 digits refused, each with its key path."""
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
        raise PositionFormatError([Located(f"line {line}, col {col}", f"not valid JSON: {e.msg}")]) from None
    except RecursionError:
        raise PositionFormatError([Located("", "not valid JSON: nested too deeply")]) from None
    if trouble:
        raise PositionFormatError(_refused_where(doc))
    return doc


def from_dict(data: object) -> Position:
    """A position from decoded ``paris-position/1`` JSON; every error at once."""
    position = read_well_formed(data)
    if position is not None:
        return position
    r = _Reader()
    obj = r.mapping("", data, _TOP_KEYS, ("format", "ground"))
    if obj is None:
        raise PositionFormatError(r.errors)
    if "format" in obj and obj["format"] != POSITION_FORMAT:
        r.fail("format", f"expected {POSITION_FORMAT!r}, got {_brief(obj['format'])}")
    ground = _ground(r, obj["ground"]) if "ground" in obj else None
    buildings = r.each("buildings", obj.get("buildings", []), lambda p, v: _building(r, p, v))
    seen: set[str] = set()
    for i, b in enumerate(buildings or ()):
        if b.id in seen:
            r.fail(f"buildings[{i}].id", f"{b.id!r} is used by an earlier building; ids are unique")
        seen.add(b.id)
    reserve = _reserve(r, obj.get("reserve", {}))
    postcards = _postcards(r, obj.get("postcards", {}))
    pieces = _pieces(r, obj.get("pieces", {}))
    rules = read_rules(r, obj.get("rules", {}))
    parts = (ground, buildings, reserve, postcards, pieces, rules)
    if r.errors or ground is None or buildings is None or None in parts:
        raise PositionFormatError(r.errors)
    assert reserve and postcards and pieces and rules  # noqa: PT018 - None was ruled out just above
    return Position(ground, tuple(buildings), reserve, postcards, pieces, rules)


# -- The fast path: a well-formed document read without collecting errors ----------------
#
# Most documents are well formed.  read_well_formed() reads one with the same rules as the
# reader above but no key paths and no error list; at the first thing out of the ordinary it
# returns None and from_dict() reads the document again with the reader above, which finds
# every error and words it.  So the fast path never decides what is an error, and never
# accepts what the reader above refuses (tests/test_json_fast.py checks both on the same inputs).

_SQUARE_NAMES: Final = {name: sq for sq in range(64) for name in (square_name(sq), square_name(sq).lower())}
_SQUARE_BITS: Final = {name: 1 << sq for name, sq in _SQUARE_NAMES.items()}
_CARD_SLUGS: Final = {c.value: c for c in Postcard}
_OWNERS: Final = {str(p): p for p in PLAYERS}


def _fast_squares(items: object) -> Bitboard | None:
    """A list of distinct space names -> its bitboard; ``None`` for anything else."""
    if type(items) is not list:
        return None
    try:
        bits = [_SQUARE_BITS[name] for name in items]
    except (KeyError, TypeError):  # not a space name, or not even a string
        return None
    bb = sum(bits)
    return bb if bb.bit_count() == len(bits) else None  # a space listed twice carries into another bit


def _fast_building(item: object) -> Building | None:
    if type(item) is not dict or not item.keys() <= _BUILDING_KEYS_SET:
        return None
    id_, owner, cells = item.get("id"), item.get("owner"), _fast_squares(item.get("cells"))
    if type(id_) is not str or not (0 < len(id_) <= 2 and id_.isascii() and id_.isalnum()):
        return None
    if type(owner) is not str or owner not in _OWNERS or not cells:
        return None
    annex = None
    if "annex" in item:
        name = item["annex"]
        annex = _SQUARE_NAMES.get(name) if type(name) is str else None
        if annex is None or cells >> annex & 1:
            return None
    if "piece" in item and item["piece"] != JARDIN_PIECE:
        return None
    return Building(id_, _OWNERS[owner], cells, annex, "piece" in item)


def _fast_reserve(value: object) -> Reserve | None:
    if type(value) is not dict or not value.keys() <= _OWNERS.keys():
        return None
    sizes: list[list[int]] = []
    shapes: list[list[Shape | None]] = []
    for player in PLAYERS:
        entries = value.get(player, [])
        if type(entries) is not list or len(entries) > MAX_ITEMS:
            return None
        sizes.append([])
        shapes.append([])
        for entry in entries:
            shape = None
            if type(entry) is dict:
                if not entry.keys() <= _RESERVE_KEYS_SET or "size" not in entry:
                    return None
                if "shape" in entry:
                    raw = entry["shape"]
                    try:
                        shape = _fast_shape(tuple(raw)) if type(raw) is list else None
                    except TypeError:  # an unhashable item: not a space name
                        return None
                    if shape is None or len(shape) != entry["size"]:
                        return None
                entry = entry["size"]
            if type(entry) is not int or entry not in BOX_SIZES:
                return None
            sizes[-1].append(entry)
            shapes[-1].append(shape)
    return Reserve(sizes[0], sizes[1], shapes[0], shapes[1], [pl for pl in PLAYERS if pl not in value])


@functools.lru_cache(maxsize=1024)
def _fast_shape(names: tuple[object, ...]) -> Shape | None:
    """A reserve shape from its space names: distinct, connected (B3); remembered, as a box has 12 shapes."""
    cells = _fast_squares(list(names))
    if not cells or not is_connected(cells):
        return None
    return shape_of(cells)


def _fast_postcards(value: object) -> Postcards | None:
    if type(value) is not dict or not value.keys() <= _CARD_KEYS_SET:
        return None
    lists = []
    for key in _CARD_KEYS:
        slugs = value.get(key, [])
        if type(slugs) is not list or len(slugs) > MAX_ITEMS:
            return None
        cards = [_CARD_SLUGS.get(slug) if type(slug) is str else None for slug in slugs]
        if None in cards:
            return None
        lists.append(cards)
    return Postcards(*lists)


def _fast_pieces(value: object) -> Pieces | None:
    if type(value) is not dict or not value.keys() <= _PIECE_KEYS_SET:
        return None
    found: dict[str, Any] = {}
    for key, raw in value.items():
        if key == "statue":
            if type(raw) is not dict or raw.keys() != {"at", "facing"}:
                return None
            at, facing = raw["at"], raw["facing"]
            at = _SQUARE_NAMES.get(at) if type(at) is str else None
            if at is None or type(facing) is not str or facing not in FACINGS:
                return None
            found[key] = Statue(at, facing)
        else:
            sq = _SQUARE_NAMES.get(raw) if type(raw) is str else None
            if sq is None:
                return None
            found[key] = sq
    return Pieces(**found)


def _fast_rules(value: object) -> Rules | None:
    if type(value) is not dict or not value.keys() <= {"large_streetlight_pattern"}:
        return None
    if "large_streetlight_pattern" not in value:
        return Rules()
    raw = value["large_streetlight_pattern"]
    if type(raw) is str:
        return Rules(raw) if raw in PATTERN_NAMES else None
    if type(raw) is not list or not raw:
        return None
    offsets = []
    for item in raw:
        if type(item) is not list or len(item) != 2 or type(item[0]) is not int or type(item[1]) is not int:
            return None
        pair = (item[0], item[1])
        if pair == (0, 0) or max(abs(pair[0]), abs(pair[1])) > MAX_OFFSET or pair in offsets:
            return None
        offsets.append(pair)
    return Rules(tuple(offsets))


def read_well_formed(data: object) -> Position | None:
    """The position of a well-formed ``paris-position/1`` document, or ``None`` at the first oddity."""
    if type(data) is not dict or not data.keys() <= _TOP_KEYS_SET or data.get("format") != POSITION_FORMAT:
        return None
    rows = data.get("ground")
    if type(rows) is not list or len(rows) != 8 or not all(type(row) is str and len(row) == 8 for row in rows):
        return None
    raw_buildings = data.get("buildings", [])
    if type(raw_buildings) is not list or len(raw_buildings) > MAX_ITEMS:
        return None
    buildings = []
    ids = set()
    for item in raw_buildings:
        building = _fast_building(item)
        if building is None or building.id in ids:
            return None
        ids.add(building.id)
        buildings.append(building)
    reserve = _fast_reserve(data.get("reserve", {}))
    postcards = _fast_postcards(data.get("postcards", {}))
    pieces = _fast_pieces(data.get("pieces", {}))
    rules = _fast_rules(data.get("rules", {}))
    if reserve is None or postcards is None or pieces is None or rules is None:
        return None
    try:
        ground = Ground.from_rows(rows)
    except ValueError:  # a character that is no cobblestone: the reader above says which
        return None
    return Position(ground, tuple(buildings), reserve, postcards, pieces, rules)


_TOP_KEYS_SET: Final = frozenset(_TOP_KEYS)
_BUILDING_KEYS_SET: Final = frozenset(_BUILDING_KEYS)
_CARD_KEYS_SET: Final = frozenset(_CARD_KEYS)
_RESERVE_KEYS_SET: Final = frozenset(_RESERVE_KEYS)
_PIECE_KEYS_SET: Final = frozenset(_PIECE_KEYS)


def loads_json(text: str) -> Position:
    """Read a ``paris-position/1`` document."""
    return from_dict(parse_json(text))


def to_dict(position: Position) -> dict[str, Any]:
    """The ``paris-position/1`` document of a position (keys in FORMAT.md order)."""
    buildings = []
    for b in position.buildings:
        item: dict[str, Any] = {"id": b.id, "owner": str(b.owner), "cells": names(b.cells)}
        if b.annex is not None:
            item["annex"] = square_name(b.annex)
        if b.jardin:
            item["piece"] = JARDIN_PIECE
        buildings.append(item)
    pieces: dict[str, Any] = {}
    p = position.pieces
    for key in _PIECE_KEYS:
        value = getattr(p, key)
        if value is None:
            continue
        if key == "statue":
            pieces[key] = {"at": square_name(value.at), "facing": value.facing}
        else:
            pieces[key] = square_name(value)
    reserve = position.reserve
    given = [pl for pl in PLAYERS if pl not in reserve.not_given]  # a reserve not given stays unsaid (S3)
    return {
        "format": POSITION_FORMAT,
        "ground": position.ground.rows(),
        "buildings": buildings,
        **({"reserve": {str(pl): [_reserve_entry(*e) for e in reserve.entries(pl)] for pl in given}} if given else {}),
        "postcards": {
            "in_play": [str(c) for c in position.postcards.in_play],
            "orange": [str(c) for c in position.postcards.orange],
            "blue": [str(c) for c in position.postcards.blue],
        },
        "pieces": pieces,
        "rules": rules_to_dict(position.rules),
    }


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """The ``rules`` object of a document: the pattern's name, or its offsets as ``[dcol, drow]`` pairs."""
    pattern = rules.large_streetlight_pattern
    return {"large_streetlight_pattern": pattern if isinstance(pattern, str) else [list(o) for o in pattern]}


def _reserve_entry(size: int, shape: Shape | None) -> int | dict[str, Any]:
    """A reserve entry: the bare size, or size and shape (drawn from A1) when the shape is known."""
    if shape is None:
        return size
    return {"size": size, "shape": names(shape_bitboard(shape))}


def dumps_json(position: Position) -> str:
    """A ``paris-position/1`` document, one ground row and one building a line."""
    doc = to_dict(position)
    lines = ["{"]
    parts = []
    for key, value in doc.items():
        if key in ("ground", "buildings") and value:
            inner = ",\n".join(f"    {json.dumps(v, ensure_ascii=False)}" for v in value)
            parts.append(f'  "{key}": [\n{inner}\n  ]')
        elif isinstance(value, dict) and value:
            inner = ",\n".join(f"    {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in value.items())
            parts.append(f'  "{key}": {{\n{inner}\n  }}')
        else:
            parts.append(f'  "{key}": {json.dumps(value, ensure_ascii=False)}')
    lines.append(",\n".join(parts))
    lines.append("}")
    return "\n".join(lines) + "\n"
