"""The ``paris-game/1`` JSON format: a game's setup, its moves and, maybe, the result written down.

::

    {
      "format": "paris-game/1",
      "setup": {
        "postcards": ["levitation", ... 8 in all],
        "pool": [{"id": "A", "shape": ["A1", "B1", "C1"]}, ... 12 in all],
        "tiles": {"orange": [["ol", "bm"], ... 8 in stack order], "blue": [...]},
        "first": "orange",
        "rules": {"large_streetlight_pattern": "square2"}
      },
      "moves": ["tile A1 0", "take F", ...],
      "result": {"orange": 48, "blue": 57},
      "players": {"orange": "greedy", "blue": "examples.my_bots:builder"},
      "seed": 7
    }

``first`` (default orange), ``rules`` (as in ``paris-position/1``), ``moves``
(default none), ``result``, ``players`` (who played each colour: a person or
a bot) and ``seed`` (the seed ``paris-score play`` played the game from, 0 or
more) are optional.  Unknown keys are errors.  The
reader checks the keys and types and, in each part of the setup it could read,
the rules of the box (G1, :func:`paris_score.game.setups.setup_problems`), and
reports every error at once, each by key path, in document order.  Move
texts are only read as strings here: whether they parse and are legal is the
replay's question (:func:`paris_score.replay`), which names the first one that
is not by its number and text.
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Callable, Iterable
from typing import Final, TypeVar, cast

import attrs

from paris_score.documents import GameDocument, PlayerName
from paris_score.errors import GameFormatError
from paris_score.formats import loads_document, read_bounded
from paris_score.formats.jsonread import CARD_SLUGS, PIECE_KEYS, Reader, whole
from paris_score.formats.position_json import fast_rules, fast_shape, read_rules, rules_to_dict
from paris_score.game.setups import (
    _LOWER_TILES,
    PoolPiece,
    Setup,
    Tile,
    pool_problems,
    postcard_problems,
    setup_problems,
    stack_problems,
)
from paris_score.limits import MAX_MOVE_CHARS, MAX_MOVES
from paris_score.model import PLAYERS, Player
from paris_score.printable import json_text
from paris_score.shapes import Shape, shape_bitboard
from paris_score.squares import names

GAME_FORMAT: Final = "paris-game/1"
_TOP_KEYS: Final = ("format", "setup", "moves", "result", "players", "seed")
_SETUP_KEYS: Final = ("postcards", "pool", "tiles", "first", "rules")
T = TypeVar("T")


def _texts(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class GameRecord:
    """A ``paris-game/1`` record: how the game was set up, its moves as written, the totals written down."""

    setup: Setup
    moves: tuple[str, ...] = attrs.field(default=(), converter=_texts)
    """Each move's text as the record gives it; parsed and refereed by :func:`paris_score.replay`."""
    result: tuple[int, int] | None = None
    """Orange's and blue's totals as the players wrote them down, if the record gives them."""
    players: tuple[str, str] | None = None
    """Who played orange and who blue (people or bots), if the record says."""
    seed: int | None = None
    """The seed the game was played from (``paris-score play``: the setup and the bots' random generators)."""


def _pool_piece(r: Reader, path: str, value: object) -> PoolPiece | None:
    # Its id's form and whether it is connected are checked with the box's other rules (setup_problems).
    piece = r.piece(path, value, check=False)
    return None if piece is None else PoolPiece(*piece)


def _tile(r: Reader, path: str, value: object) -> Tile | None:
    rows = r.each(path, value, r.string)
    return None if rows is None else tuple(row.lower() for row in rows)  # type: ignore[return-value]


def _tiles(r: Reader, value: object) -> tuple[list[Tile], list[Tile]] | None:
    """Both stacks, each checked as the box allows it (B2) when it is a list, whatever the other is."""
    obj = r.mapping("setup.tiles", value, tuple(PLAYERS), tuple(PLAYERS))
    if obj is None:
        return None
    stacks = []
    for player in PLAYERS:
        start = len(r.errors)
        stack = r.items(f"setup.tiles.{player}", obj[player], lambda p, v: _tile(r, p, v)) if player in obj else None
        if stack is not None:
            r.report(stack_problems(player, stack, "setup", partial=True))
            r.in_order(start)
        stacks.append(whole(stack))
    return None if stacks[0] is None or stacks[1] is None else (stacks[0], stacks[1])


def _setup(r: Reader, value: object) -> Setup | None:
    """The setup's keys and types, and every rule of the box it breaks (G1) in each part that could be read."""
    obj = r.mapping("setup", value, _SETUP_KEYS, ("postcards", "pool", "tiles"))
    if obj is None:
        return None
    before = len(r.errors)
    cards = r.items("setup.postcards", obj["postcards"], r.postcard) if "postcards" in obj else None
    if cards is not None:
        r.report(postcard_problems(cards, "setup", partial=True))
        r.in_order(before)
    start = len(r.errors)
    pool = r.items("setup.pool", obj["pool"], lambda p, v: _pool_piece(r, p, v)) if "pool" in obj else None
    if pool is not None:
        r.report(pool_problems(pool, "setup", partial=True))
        r.in_order(start)
    tiles = _tiles(r, obj["tiles"]) if "tiles" in obj else None
    first = r.choice("setup.first", obj.get("first", str(Player.ORANGE)), tuple(PLAYERS))
    rules = read_rules(r, obj.get("rules", {}), "setup.rules")
    cards, pool = whole(cards), whole(pool)
    if len(r.errors) != before or cards is None or pool is None or tiles is None or first is None or rules is None:
        return None
    return Setup(cards, pool, tiles, Player(first), rules)


def _move(r: Reader, path: str, value: object) -> str | None:
    text = r.string(path, value)
    if text is not None and len(text) > MAX_MOVE_CHARS:
        r.fail(path, f"a move of {len(text)} characters; a move has at most {MAX_MOVE_CHARS}")
        return None
    return text


def _pair(r: Reader, key: str, value: object, read: Callable[[str, object], T | None]) -> tuple[T, T] | None:
    """An object of orange's and blue's values (``result``, ``players``), each read by ``read``."""
    obj = r.mapping(key, value, tuple(PLAYERS))
    if obj is None:
        return None
    read_ = []
    for player in PLAYERS:  # each value read, or named missing, in turn
        if player not in obj:
            r.fail(f"{key}.{player}", "missing")
        read_.append(read(f"{key}.{player}", obj[player]) if player in obj else None)
    orange, blue = read_
    return None if orange is None or blue is None else (orange, blue)


def _seed(r: Reader, value: object) -> int | None:
    seed = r.integer("seed", value)
    if seed is not None and seed < 0:
        r.fail("seed", f"expected a whole number 0 or more, got {seed}")
        return None
    return seed


def game_from_dict(data: object) -> GameRecord:
    """A record from decoded ``paris-game/1`` JSON; :class:`GameFormatError` with every error at once."""
    record = read_well_formed(data)
    return record if record is not None else _read(data)


def _read(data: object) -> GameRecord:
    """The reader that finds and words every error (and reads a good record as the fast path does)."""
    r = Reader()
    obj = r.document(data, GAME_FORMAT, _TOP_KEYS, ("format", "setup"))
    if obj is None:
        raise GameFormatError(r.errors)
    setup = _setup(r, obj["setup"]) if "setup" in obj else None
    moves = r.each("moves", obj.get("moves", []), lambda p, v: _move(r, p, v), MAX_MOVES)
    result = _pair(r, "result", obj["result"], r.integer) if "result" in obj else None
    players = _pair(r, "players", obj["players"], r.string) if "players" in obj else None
    seed = _seed(r, obj["seed"]) if "seed" in obj else None
    if r.errors or setup is None or moves is None:
        raise GameFormatError(r.errors)
    return GameRecord(setup, tuple(moves), result, players, seed)


# -- The fast path: a well-formed record read without collecting errors -------------------------------------
#
# As for positions (position_json.read_well_formed): the same rules, no key paths; at the first thing
# out of the ordinary it returns None and game_from_dict() reads the record again with the reader
# above, which words every error.  tests/test_game_json.py checks that both read the same.  Two
# readers, for the reason position_json gives: the reader above alone costs 1.9 M instructions a
# record of benchmarks/compare.py's games, against 0.5 M with this path first (3.8 times).

_TOP_KEYS_SET: Final = frozenset(_TOP_KEYS)
_SETUP_KEYS_SET: Final = frozenset(_SETUP_KEYS)
_NEEDED_SETUP_KEYS: Final = frozenset(("postcards", "pool", "tiles"))
_PLAYER_NAMES: Final = frozenset(str(p) for p in PLAYERS)
_POOL_KEYS_SET: Final = frozenset(PIECE_KEYS)
_STR: Final = frozenset({str})


def _fast_pool(items: object) -> list[PoolPiece] | None:
    if type(items) is not list:
        return None
    pool = []
    for item in items:
        if type(item) is not dict or item.keys() != _POOL_KEYS_SET:
            return None
        id_, raw = item["id"], item["shape"]
        if type(id_) is not str or len(id_) > 2:  # an id is 1-2 letters or digits (G1); the reader words the rest
            return None
        shape = fast_shape(raw)
        if shape is None:
            return None
        pool.append(_remembered_piece(id_, shape))
    return pool


@functools.lru_cache(maxsize=1024)
def _remembered_piece(id_: str, shape: Shape) -> PoolPiece:
    """The pool piece of an id and a shape, remembered (an immutable value), as records of one box name the same
    dozen pieces again and again; keyed by short values only (a long id is never looked up)."""
    return PoolPiece(id_, shape)


def _fast_stack(items: object) -> list[Tile] | None:
    if type(items) is not list:
        return None
    try:  # (a tile of other rows is read again by the reader that words errors)
        stack = [_LOWER_TILES[tuple(tile)] for tile in items if type(tile) is list]
    except (KeyError, TypeError):  # TypeError: an unhashable row
        return None
    return stack if len(stack) == len(items) else None


def _fast_pair(value: object, kind: type[T]) -> tuple[T, T] | None:
    """Orange's and blue's values (``result``, ``players``) when both are exactly of ``kind``, else ``None``."""
    if type(value) is not dict or value.keys() != _PLAYER_NAMES:
        return None
    orange, blue = value["orange"], value["blue"]
    return (orange, blue) if type(orange) is kind and type(blue) is kind else None


def read_well_formed(data: object) -> GameRecord | None:
    """The record of a well-formed ``paris-game/1`` document, or ``None`` at the first oddity."""
    if type(data) is not dict or not data.keys() <= _TOP_KEYS_SET or data.get("format") != GAME_FORMAT:
        return None
    raw = data.get("setup")
    if type(raw) is not dict or not _NEEDED_SETUP_KEYS <= raw.keys() <= _SETUP_KEYS_SET:
        return None
    slugs, tiles = raw["postcards"], raw["tiles"]
    if type(slugs) is not list or type(tiles) is not dict or tiles.keys() != _PLAYER_NAMES:
        return None
    cards = [CARD_SLUGS.get(slug) if type(slug) is str else None for slug in slugs]
    pool = _fast_pool(raw["pool"])
    orange, blue = _fast_stack(tiles["orange"]), _fast_stack(tiles["blue"])
    first = raw.get("first", "orange")
    rules = fast_rules(raw.get("rules", {}))
    if None in cards or pool is None or orange is None or blue is None or rules is None:
        return None
    if type(first) is not str or first not in _PLAYER_NAMES:
        return None
    moves = data.get("moves", [])
    if type(moves) is not list or len(moves) > MAX_MOVES:
        return None
    if moves and (set(map(type, moves)) != _STR or max(map(len, moves)) > MAX_MOVE_CHARS):
        return None
    result = _fast_pair(data["result"], int) if "result" in data else None
    players = _fast_pair(data["players"], str) if "players" in data else None
    if ("result" in data and result is None) or ("players" in data and players is None):
        return None
    seed = data.get("seed")
    if "seed" in data and (type(seed) is not int or seed < 0):
        return None
    setup = Setup(cards, pool, (orange, blue), Player(first), rules)
    if setup_problems(setup, "setup"):
        return None
    return GameRecord(setup, moves, result, players, seed)


def loads_game(text: str | bytes) -> GameRecord:
    """A record from its ``paris-game/1`` JSON text (``str`` or UTF-8 ``bytes``); every error at once."""
    return loads_document(text, GAME_FORMAT, game_from_dict, GameFormatError)


def load_game(path: str | os.PathLike[str]) -> GameRecord:
    """A record from a file."""
    return loads_game(read_bounded(path))


_MOVES_KEY: Final = re.compile(r'(?<!\\)"moves"\s*:\s*\[')
_RESULT_KEY: Final = re.compile(r'(?<!\\)"result"\s*:')


def result_line(text: str) -> int:
    r"""The line a readable record's ``"result"`` key is on (1 without one), for a message about the result.

    >>> result_line('{"format": "paris-game/1",\n "moves": [],\n "result": {"orange": 1, "blue": 2}}')
    3
    """
    found = _RESULT_KEY.search(text)
    return 1 if found is None else text.count("\n", 0, found.start()) + 1


def move_lines(text: str) -> tuple[int, ...]:
    r"""The line each move of a readable record's JSON text starts on, in order (for messages about a move).

    A record that reads has one ``"moves"`` key, at the top (any other ``"moves"`` is inside a string, where
    its quotes are escaped); its items are strings, found one after another.

    >>> move_lines('{"format": "paris-game/1",\n "moves": [\n  "tile A1 0", "tile G1 0",\n  "take D"]}')
    (3, 3, 4)
    """
    found = _MOVES_KEY.search(text)
    if found is None:
        return ()
    lines: list[int] = []
    at = found.end()
    line = text.count("\n", 0, at) + 1
    while True:
        quote = text.find('"', at)
        close = text.find("]", at)
        if quote < 0 or 0 <= close < quote:
            return tuple(lines)
        line += text.count("\n", at, quote)
        lines.append(line)
        at = json.decoder.scanstring(text, quote + 1)[1]  # type: ignore[attr-defined]
        line += text.count("\n", quote, at)


def game_to_dict(record: GameRecord) -> GameDocument:
    """The ``paris-game/1`` document of a record, each pool shape drawn from A1."""
    setup = record.setup
    orange, blue = ([list(tile) for tile in stack] for stack in setup.tiles)
    doc: GameDocument = {
        "format": GAME_FORMAT,
        "setup": {
            "postcards": [str(card) for card in setup.postcards],
            "pool": [{"id": p.id, "shape": names(shape_bitboard(p.shape))} for p in setup.pool],
            "tiles": {"orange": orange, "blue": blue},
            "first": cast(PlayerName, str(setup.first)),
            "rules": rules_to_dict(setup.rules),
        },
        "moves": list(record.moves),
    }
    if record.result is not None:
        doc["result"] = {"orange": record.result[0], "blue": record.result[1]}
    if record.players is not None:
        doc["players"] = {"orange": record.players[0], "blue": record.players[1]}
    if record.seed is not None:
        doc["seed"] = record.seed
    return doc


def dumps_game(record: GameRecord) -> str:
    """A ``paris-game/1`` document: one pool piece, one player's tiles and one move a line."""
    doc = game_to_dict(record)

    def compact(value: object) -> str:
        return json_text(value, indent=None)

    def block(items: list[str], indent: str) -> str:
        inner = ",\n".join(f"{indent}  {item}" for item in items)
        return f"[\n{inner}\n{indent}]" if items else "[]"

    setup = doc["setup"]
    setup_lines = [
        f'    "postcards": {compact(setup["postcards"])}',
        f'    "pool": {block([compact(p) for p in setup["pool"]], "    ")}',
        '    "tiles": {\n'
        + ",\n".join(f"      {compact(player)}: {compact(tiles)}" for player, tiles in setup["tiles"].items())
        + "\n    }",
        f'    "first": {compact(setup["first"])}',
        f'    "rules": {compact(setup["rules"])}',
    ]
    parts = [
        f'  "format": {compact(doc["format"])}',
        '  "setup": {\n' + ",\n".join(setup_lines) + "\n  }",
        f'  "moves": {block([compact(m) for m in doc["moves"]], "  ")}',
    ]
    parts += [f'  "{key}": {compact(doc[key])}' for key in ("result", "players", "seed") if key in doc]
    return "{\n" + ",\n".join(parts) + "\n}\n"
