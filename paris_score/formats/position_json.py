"""The ``paris-position/1`` JSON format (FORMAT.md), read and written exactly.

The reader checks every key and collects every error before it gives up, each
naming its key path (``buildings[1].cells[0]``) and what was expected.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final, TypeVar

from paris_score.errors import Located, PositionFormatError
from paris_score.model import (
    BOX_SIZES,
    BUILDING_ID,
    FACINGS,
    GROUND_CODES,
    PATTERN_NAMES,
    PLAYERS,
    Building,
    Ground,
    Pattern,
    Pieces,
    Player,
    Position,
    Postcards,
    Reserve,
    Rules,
    Statue,
)
from paris_score.postcards import Postcard
from paris_score.squares import Square, parse_square, square_name

POSITION_FORMAT: Final = "paris-position/1"
JARDIN_PIECE: Final = "jardin-des-plantes"
MAX_OFFSET: Final = 7

_TOP_KEYS: Final = ("format", "ground", "buildings", "reserve", "postcards", "pieces", "rules")
_BUILDING_KEYS: Final = ("id", "owner", "cells", "annex", "piece")
_CARD_KEYS: Final = ("in_play", "orange", "blue")
_PIECE_KEYS: Final = ("painter", "dancer", "statue", "fountain", "streetlight", "large_streetlight", "chartier")
_SLUGS: Final = ", ".join(c.value for c in Postcard)

T = TypeVar("T")


class _Invalid(Exception):
    """Raised inside the reader after an error was recorded, to skip a value."""


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return {int: "a number", float: "a number", str: "a string", list: "a list", dict: "an object"}.get(
        type(value), type(value).__name__
    )


class _Reader:
    def __init__(self) -> None:
        self.errors: list[Located] = []

    def fail(self, path: str, message: str) -> _Invalid:
        self.errors.append(Located(path, message))
        return _Invalid()

    def attempt(self, read: Callable[[], T], default: T) -> T:
        try:
            return read()
        except _Invalid:
            return default

    def object(self, path: str, value: object, allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected an object, got {_kind(value)}")
        for key in value:
            if key not in allowed:
                self.fail(_join(path, key), f"unknown key; expected one of {', '.join(allowed)}")
        for key in required:
            if key not in value:
                self.fail(_join(path, key), "missing")
        if any(key not in value for key in required):
            raise _Invalid()
        return value

    def list(self, path: str, value: object) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list, got {_kind(value)}")
        return value

    def string(self, path: str, value: object) -> str:
        if not isinstance(value, str):
            raise self.fail(path, f"expected a string, got {_kind(value)}")
        return value

    def choice(self, path: str, value: object, choices: tuple[str, ...]) -> str:
        text = self.string(path, value)
        if text not in choices:
            raise self.fail(path, f"{text!r} is not one of {', '.join(choices)}")
        return text

    def square(self, path: str, value: object) -> Square:
        text = self.string(path, value)
        try:
            return parse_square(text)
        except ValueError:
            raise self.fail(path, f"{text!r} is not a space; expected a column A-H and a row 1-8, e.g. 'C4'") from None

    def integer(self, path: str, value: object) -> int:
        if type(value) is not int:
            raise self.fail(path, f"expected a whole number, got {_kind(value)} {json.dumps(value)}")
        return value

    def each(self, path: str, value: object, read: Callable[[str, Any], T]) -> list[T]:
        """Read every item of a list, skipping (and recording) the bad ones."""
        items = self.list(path, value)
        out: list[T] = []
        for i, item in enumerate(items):
            try:
                out.append(read(f"{path}[{i}]", item))
            except _Invalid:
                pass
        if len(out) != len(items):
            raise _Invalid()
        return out


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _ground(r: _Reader, value: object) -> Ground:
    rows = r.list("ground", value)
    if len(rows) != 8:
        r.fail("ground", f"expected 8 rows, got {len(rows)}")
    good = True
    for i, row in enumerate(rows[:8]):
        path = f"ground[{i}]"
        try:
            text = r.string(path, row)
        except _Invalid:
            good = False
            continue
        if len(text) != 8:
            good = False
            r.fail(path, f"expected 8 spaces, got {len(text)}")
        for col, ch in enumerate(text[:8]):
            if ch.lower() not in GROUND_CODES:
                good = False
                r.fail(path, f"space {square_name(i * 8 + col)}: {ch!r} is not a cobblestone; expected o, b, m or l")
    if not good or len(rows) != 8:
        raise _Invalid()
    return Ground.from_rows(rows)


def _building(r: _Reader, path: str, value: object) -> Building:
    obj = r.object(path, value, _BUILDING_KEYS, ("id", "owner", "cells"))
    id_ = r.attempt(lambda: r.string(f"{path}.id", obj["id"]), "")
    if id_ and not BUILDING_ID.fullmatch(id_):
        r.fail(f"{path}.id", f"{id_!r}: expected 1-2 letters or digits")
    owner = r.attempt(lambda: r.choice(f"{path}.owner", obj["owner"], tuple(PLAYERS)), "")
    cells = r.attempt(lambda: r.each(f"{path}.cells", obj["cells"], r.square), [])
    if isinstance(obj["cells"], list) and not obj["cells"]:
        r.fail(f"{path}.cells", "a building covers at least one space")
    for i, sq in enumerate(cells):
        if sq in cells[:i]:
            r.fail(f"{path}.cells[{i}]", f"{square_name(sq)} is listed twice")
    annex = r.attempt(lambda: r.square(f"{path}.annex", obj["annex"]), None) if "annex" in obj else None
    if annex is not None and annex in cells:
        r.fail(f"{path}.annex", f"{square_name(annex)} is one of the building's own cells")
    jardin = False
    if "piece" in obj:
        jardin = r.attempt(lambda: r.choice(f"{path}.piece", obj["piece"], (JARDIN_PIECE,)), "") == JARDIN_PIECE
    if r.errors:
        raise _Invalid()
    bb = 0
    for sq in cells:
        bb |= 1 << sq
    return Building(id_, Player(owner), bb, annex, jardin)


def _reserve(r: _Reader, value: object) -> Reserve:
    obj = r.object("reserve", value, tuple(PLAYERS))

    def size(path: str, item: object) -> int:
        n = r.integer(path, item)
        if n not in BOX_SIZES:
            raise r.fail(path, f"size {n} is not in the box; expected 3, 4, 5 or 6 (B3)")
        return n

    sides = {p: r.attempt(lambda p=p: r.each(f"reserve.{p}", obj.get(p, []), size), []) for p in PLAYERS}
    return Reserve(sides[Player.ORANGE], sides[Player.BLUE])


def _postcards(r: _Reader, value: object) -> Postcards:
    obj = r.object("postcards", value, _CARD_KEYS)

    def card(path: str, item: object) -> Postcard:
        slug = r.string(path, item)
        try:
            return Postcard(slug)
        except ValueError:
            raise r.fail(path, f"{slug!r} is not a postcard; expected one of {_SLUGS}") from None

    lists = {k: r.attempt(lambda k=k: r.each(f"postcards.{k}", obj.get(k, []), card), []) for k in _CARD_KEYS}
    return Postcards(lists["in_play"], lists["orange"], lists["blue"])


def _pieces(r: _Reader, value: object) -> Pieces:
    obj = r.object("pieces", value, _PIECE_KEYS)
    found: dict[str, Any] = {}
    for key in _PIECE_KEYS:
        if key not in obj:
            continue
        path = f"pieces.{key}"
        if key == "statue":
            def statue(path: str = path) -> Statue:
                s = r.object(path, obj["statue"], ("at", "facing"), ("at", "facing"))
                at = r.attempt(lambda: r.square(f"{path}.at", s["at"]), None)
                facing = r.choice(f"{path}.facing", s["facing"], FACINGS)
                if at is None:
                    raise _Invalid()
                return Statue(at, facing)  # type: ignore[arg-type]

            found[key] = r.attempt(statue, None)
        else:
            found[key] = r.attempt(lambda path=path, key=key: r.square(path, obj[key]), None)
    return Pieces(**found)


def _rules(r: _Reader, value: object) -> Rules:
    obj = r.object("rules", value, ("large_streetlight_pattern",))
    if "large_streetlight_pattern" not in obj:
        return Rules()
    path = "rules.large_streetlight_pattern"
    raw = obj["large_streetlight_pattern"]
    if isinstance(raw, str):
        return Rules(r.choice(path, raw, PATTERN_NAMES))
    if not isinstance(raw, list):
        raise r.fail(path, f"expected a pattern name ({', '.join(PATTERN_NAMES)}) or a list of [dcol, drow] offsets, got {_kind(raw)}")

    def pair(p: str, item: object) -> tuple[int, int]:
        if not (isinstance(item, list) and len(item) == 2):
            raise r.fail(p, "expected a pair [dcol, drow]")
        dc, dr = r.integer(f"{p}[0]", item[0]), r.integer(f"{p}[1]", item[1])
        if (dc, dr) == (0, 0) or max(abs(dc), abs(dr)) > MAX_OFFSET:
            raise r.fail(p, f"[{dc}, {dr}]: expected an offset other than [0, 0], each part within -7..7")
        return dc, dr

    offsets = r.each(path, raw, pair)
    if not offsets:
        raise r.fail(path, "an offset list needs at least one offset")
    for i, item in enumerate(offsets):
        if item in offsets[:i]:
            raise r.fail(f"{path}[{i}]", f"[{item[0]}, {item[1]}] is listed twice")
    pattern: Pattern = tuple(offsets)
    return Rules(pattern)


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise PositionFormatError([Located(key, "this key appears twice in one object")])
        obj[key] = value
    return obj


def parse_json(text: str) -> Any:
    """``json.loads`` that reports the line and column of a syntax error and refuses duplicate keys."""
    try:
        return json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as e:
        raise PositionFormatError([Located(f"line {e.lineno}, col {e.colno}", f"not valid JSON: {e.msg}")]) from None
    except RecursionError:
        raise PositionFormatError([Located("", "not valid JSON: nested too deeply")]) from None


def from_dict(data: object) -> Position:
    """A position from decoded ``paris-position/1`` JSON; every error at once."""
    r = _Reader()
    try:
        obj = r.object("", data, _TOP_KEYS, ("format", "ground"))
    except _Invalid:
        raise PositionFormatError(r.errors) from None
    if obj["format"] != POSITION_FORMAT:
        r.fail("format", f"expected {POSITION_FORMAT!r}, got {json.dumps(obj['format'])}")
    ground = r.attempt(lambda: _ground(r, obj["ground"]), None)
    errors_before = len(r.errors)

    def building(path: str, item: object) -> Building:
        sub = _Reader()
        try:
            return _building(sub, path, item)
        finally:
            r.errors.extend(sub.errors)

    buildings = r.attempt(lambda: r.each("buildings", obj.get("buildings", []), building), [])
    if len(r.errors) == errors_before:
        seen: set[str] = set()
        for i, b in enumerate(buildings):
            if b.id in seen:
                r.fail(f"buildings[{i}].id", f"{b.id!r} is used by an earlier building; ids are unique")
            seen.add(b.id)
    reserve = r.attempt(lambda: _reserve(r, obj.get("reserve", {})), Reserve())
    postcards = r.attempt(lambda: _postcards(r, obj.get("postcards", {})), Postcards())
    pieces = r.attempt(lambda: _pieces(r, obj.get("pieces", {})), Pieces())
    rules = r.attempt(lambda: _rules(r, obj.get("rules", {})), Rules())
    if r.errors or ground is None:
        raise PositionFormatError(r.errors)
    return Position(ground, tuple(buildings), reserve, postcards, pieces, rules)


def loads_json(text: str) -> Position:
    """Read a ``paris-position/1`` document."""
    return from_dict(parse_json(text))


def to_dict(position: Position) -> dict[str, Any]:
    """The ``paris-position/1`` document of a position (keys in FORMAT.md order)."""
    buildings = []
    for b in position.buildings:
        item: dict[str, Any] = {"id": b.id, "owner": str(b.owner), "cells": _names(b.cells)}
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
    pattern = position.rules.large_streetlight_pattern
    return {
        "format": POSITION_FORMAT,
        "ground": position.ground.rows(),
        "buildings": buildings,
        "reserve": {str(pl): list(position.reserve.of(pl)) for pl in PLAYERS},
        "postcards": {
            "in_play": [str(c) for c in position.postcards.in_play],
            "orange": [str(c) for c in position.postcards.orange],
            "blue": [str(c) for c in position.postcards.blue],
        },
        "pieces": pieces,
        "rules": {"large_streetlight_pattern": pattern if isinstance(pattern, str) else [list(o) for o in pattern]},
    }


def _names(bb: int) -> list[str]:
    return [square_name(sq) for sq in range(64) if bb >> sq & 1]


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
