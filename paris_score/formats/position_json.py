"""The ``paris-position/1`` JSON format (docs/formats.md), read and written exactly.

The reader checks every key and collects every error before it gives up, each
naming its key path (``buildings[1].cells[0]``) and what was expected.
"""

from __future__ import annotations

import json
from typing import Any, Final, TypeVar, cast

from paris_score.documents import RulesDict
from paris_score.errors import PositionFormatError
from paris_score.formats.jsonread import CARD_SLUGS, Reader, kind, parse_json, too_many_values
from paris_score.limits import MAX_ITEMS, MAX_OFFSETS
from paris_score.model import (
    BOX_SIZES,
    FACINGS,
    GROUND_CODES,
    MAX_OFFSET,
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
    is_building_id,
)
from paris_score.postcards import PIECES, Postcard
from paris_score.shapes import Shape, shape_bitboard, shape_of
from paris_score.squares import Bitboard, bitboard, is_connected, names, square_name

POSITION_FORMAT: Final = "paris-position/1"
JARDIN_PIECE: Final = Postcard.JARDIN_DES_PLANTES.value

_TOP_KEYS: Final = ("format", "ground", "buildings", "reserve", "postcards", "pieces", "rules")
_BUILDING_KEYS: Final = ("id", "owner", "cells", "annex", "piece")
_CARD_KEYS: Final = ("in_play", "orange", "blue")
_RESERVE_KEYS: Final = ("size", "shape")
_PIECE_KEYS: Final = tuple(piece.key for piece in PIECES)

T = TypeVar("T")


def _ground(r: Reader, value: object) -> Ground | None:
    if not isinstance(value, list):
        r.fail("ground", f"expected a list of 8 strings, got {kind(value)}")
        return None
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


def _building(r: Reader, path: str, value: object) -> Building | None:
    obj = r.mapping(path, value, _BUILDING_KEYS, ("id", "owner", "cells"))
    if obj is None:
        return None
    before = len(r.errors)
    id_ = r.string(f"{path}.id", obj["id"]) if "id" in obj else None
    if id_ is not None and not is_building_id(id_):
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


def _reserve(r: Reader, value: object) -> Reserve | None:
    """Each entry is a size, or ``{"size": n, "shape": [spaces]}`` with the shape drawn anywhere."""
    obj = r.mapping("reserve", value, tuple(PLAYERS))
    if obj is None:
        return None

    def size(path: str, item: object) -> int | None:
        n = r.integer(path, item)
        if n is not None and n not in BOX_SIZES:
            r.fail(path, f"size {n} is not in the box; expected 3, 4, 5 or 6 (B3)")
            return None
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
        shape = r.shape(f"{path}.shape", e["shape"], n)
        return None if n is None or shape is None else (n, shape)

    orange = r.each("reserve.orange", obj.get("orange", []), entry)
    blue = r.each("reserve.blue", obj.get("blue", []), entry)
    if orange is None or blue is None:
        return None
    not_given = [pl for pl in PLAYERS if pl not in obj]  # S3: scored as none, with a note
    return Reserve(
        [n for n, _ in orange], [n for n, _ in blue], [s for _, s in orange], [s for _, s in blue], not_given
    )


def _postcards(r: Reader, value: object) -> Postcards | None:
    obj = r.mapping("postcards", value, _CARD_KEYS)
    if obj is None:
        return None
    lists = [r.each(f"postcards.{k}", obj.get(k, []), r.postcard) for k in _CARD_KEYS]
    if any(cards is None for cards in lists):
        return None
    return Postcards(*(cards for cards in lists if cards is not None))


def _statue(r: Reader, path: str, value: object) -> Statue | None:
    obj = r.mapping(path, value, ("at", "facing"), ("at", "facing"))
    if obj is None or "at" not in obj or "facing" not in obj:
        return None
    at = r.square(f"{path}.at", obj["at"])
    facing = r.choice(f"{path}.facing", obj["facing"], FACINGS)
    return None if at is None or facing is None else Statue(at, facing)  # type: ignore[arg-type]


def _pieces(r: Reader, value: object) -> Pieces | None:
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


def _offset(r: Reader, path: str, item: object) -> tuple[int, int] | None:
    if not (isinstance(item, list) and len(item) == 2):
        r.fail(path, f"expected a pair [dcol, drow], got {kind(item)}")
        return None
    dc, dr = r.integer(f"{path}[0]", item[0]), r.integer(f"{path}[1]", item[1])
    if dc is None or dr is None:
        return None
    if (dc, dr) == (0, 0) or max(abs(dc), abs(dr)) > MAX_OFFSET:
        r.fail(path, f"[{dc}, {dr}]: expected an offset other than [0, 0], each part within -7..7")
        return None
    return dc, dr


def read_rules(r: Reader, value: object, where: str = "rules") -> Rules | None:
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
        r.fail(path, f"expected a pattern name ({names}) or a list of [dcol, drow] offsets, got {kind(raw)}")
        return None
    offsets = r.each(path, raw, lambda p, v: _offset(r, p, v), MAX_OFFSETS)
    if offsets is None:
        return None
    if not offsets:
        r.fail(path, "an offset list needs at least one offset")
        return None
    for i, item in enumerate(offsets):
        if item in offsets[:i]:
            r.fail(f"{path}[{i}]", f"[{item[0]}, {item[1]}] is listed twice")
            return None
    return Rules(tuple(offsets))


def from_dict(data: object) -> Position:
    """A position from decoded ``paris-position/1`` JSON; every error at once."""
    position = read_well_formed(data)
    if position is not None:
        return position
    r = Reader()
    obj = r.document(data, POSITION_FORMAT, _TOP_KEYS, ("format", "ground"))
    if obj is None:
        raise PositionFormatError(r.errors)
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
#
# Why two readers, not one with cheap paths (as python-chess reads PGN with one parser and cheap
# visitors): what makes the reader above slow is what it is for, a key path and a place in the
# error list for every value it looks at.  Read by the reader above alone, a position of
# benchmarks/compare.py's corpus costs 1.9 M instructions against 0.65 M with the fast path first
# (2.9 times; a game record 1.9 M against 0.5 M).  A reader asked to skip that bookkeeping would
# still ask, at every value, whether to keep it; the fast path asks nothing.

_SQUARE_NAMES: Final = {name: sq for sq in range(64) for name in (square_name(sq), square_name(sq).lower())}
_SQUARE_BITS: Final = {name: 1 << sq for name, sq in _SQUARE_NAMES.items()}
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
    if type(id_) is not str or not is_building_id(id_):
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
                    shape = fast_shape(raw)
                    if shape is None or len(shape) != entry["size"]:
                        return None
                entry = entry["size"]
            if type(entry) is not int or entry not in BOX_SIZES:
                return None
            sizes[-1].append(entry)
            shapes[-1].append(shape)
    orange, blue = (shapes[0] if any(shapes[0]) else (), shapes[1] if any(shapes[1]) else ())  # () as Reserve keeps it
    not_given = () if len(value) == len(PLAYERS) else [pl for pl in PLAYERS if pl not in value]
    return Reserve(sizes[0], sizes[1], orange, blue, not_given)


_SHAPES: Final[dict[tuple[str, ...], Shape]] = {}
"""The shapes :func:`fast_shape` read, by their space names; only good ones (a few names of two letters each: no
text of the input is kept whole), and at most :data:`_SHAPES_KEPT`, then no more are added."""
_SHAPES_KEPT: Final = 4096


def fast_shape(names: object) -> Shape | None:
    """A reserve shape from a list of its space names: distinct, connected (B3); ``None`` for anything else."""
    if type(names) is not list:
        return None
    try:
        key = tuple(names)
        shape = _SHAPES.get(key)
    except TypeError:  # an unhashable item: not a space name
        return None
    if shape is None:
        cells = _fast_squares(names)
        if not cells or not is_connected(cells):
            return None
        shape = shape_of(cells)
        if len(_SHAPES) < _SHAPES_KEPT:
            _SHAPES[key] = shape
    return shape


def _fast_postcards(value: object) -> Postcards | None:
    if type(value) is not dict or not value.keys() <= _CARD_KEYS_SET:
        return None
    lists = []
    for key in _CARD_KEYS:
        slugs = value.get(key, [])
        if type(slugs) is not list or len(slugs) > MAX_ITEMS:
            return None
        cards = [CARD_SLUGS.get(slug) if type(slug) is str else None for slug in slugs]
        if None in cards:
            return None
        lists.append(cards)
    return Postcards(*cast("list[list[Postcard]]", lists))  # None was ruled out above


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


def fast_rules(value: object) -> Rules | None:
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
    if type(rows) is not list or len(rows) != 8 or {*map(type, rows)} != {str} or {*map(len, rows)} != {8}:
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
    rules = fast_rules(data.get("rules", {}))
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


def _keys(data: dict[str, Any]) -> int:
    """How many keys the objects of a document :func:`read_well_formed` accepted hold, each object counted once."""
    reserve, pieces = data.get("reserve", {}), data.get("pieces", {})
    n = len(data) + len(reserve) + len(pieces) + len(data.get("postcards", {})) + len(data.get("rules", {}))
    n += sum(map(len, data.get("buildings", ())))
    for sizes in reserve.values():
        for entry in sizes:
            if type(entry) is dict:
                n += len(entry)
    return n + (len(pieces["statue"]) if "statue" in pieces else 0)


def loads_json(text: str) -> Position:
    """Read a ``paris-position/1`` document.

    A well-formed document is first decoded by ``json.loads`` alone, without
    :func:`~paris_score.formats.jsonread.parse_json`'s checks (each a call into
    Python for every object and number: a third of the decoding).  They are not
    needed when :func:`read_well_formed` accepts the result and no key came
    twice: that decoding differs from the strict one only in keeping a repeated
    key's last value, reading ``NaN`` and ``Infinity`` as floats and numbers of
    any length, and the fast path accepts no float and no number beyond a
    reserve size or a pattern offset.  Every ``:`` outside a string ends a key,
    so a text holding no more ``:`` than the decoded objects hold keys
    (:func:`_keys`) repeats none.  Anything else is decoded again strictly and
    read by :func:`from_dict`, which words every error.
    """
    if too_many_values(text):  # refused by the strict decoding, which says why
        return from_dict(parse_json(text))
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError):  # not JSON (or a number of over 4,300 digits): said below
        data = None
    position = read_well_formed(data)
    if position is not None and text.count(":") == _keys(data):
        return position
    del data  # not held while the strict decoding makes another (a 1 MiB document would be held twice)
    return from_dict(parse_json(text))


def to_dict(position: Position) -> dict[str, Any]:
    """The ``paris-position/1`` document of a position (keys in the order of docs/formats.md)."""
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


def rules_to_dict(rules: Rules) -> RulesDict:
    """The ``rules`` object of a document: the pattern's name, or its offsets as ``[dcol, drow]`` pairs."""
    return {"large_streetlight_pattern": pattern_to_json(rules.large_streetlight_pattern)}


def pattern_to_json(pattern: Pattern) -> str | list[list[int]]:
    """A large streetlight pattern as the documents write it (S1c): its name, or its offsets as ``[dcol, drow]``."""
    return pattern if isinstance(pattern, str) else [list(o) for o in pattern]


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
