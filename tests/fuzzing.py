"""The fuzzer's parts, shared by tests/test_fuzz.py and fuzz/atheris_fuzz.py (docs/robustness.md).

:func:`mutate` turns a valid input (a position as JSON or text grid, or a
``paris-game/1`` record, as bytes) into a hostile one: byte flips,
truncation, splices with another input, dropped or duplicated keys and
lines, values of the wrong type, tokens known to be trouble, and, in a game
record, move texts with words dropped, repeated or swapped.
:func:`exercise` is the oracle for positions: whatever the input, only the
library's own errors may come out, and what reads must check, score (or be
refused as illegal), and write back to an equal position.
:func:`exercise_game` is the oracle for game records,
:func:`exercise_move` for one move's text and :func:`exercise_paris2020` for an
end of a game of *Paris* (2020).
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import paris_score
from paris_score import (
    IllegalPositionError,
    ParisScoreError,
    Position,
    PositionFormatError,
    UnwritableError,
    annotate,
    page,
    paris2020,
)
from paris_score.errors import GameFormatError, Located, MoveNotationError, Paris2020FormatError
from paris_score.game import GameState
from paris_score.game.generate import random_setup
from paris_score.game.moves import Move
from paris_score.game.records import GameRecord, dumps_game, loads_game
from paris_score.limits import MAX_INPUT_BYTES, MAX_VALUES
from paris_score.model import FACINGS, PATTERN_NAMES, PLAYERS
from paris_score.paris2020 import EndOfGame
from paris_score.paris2020.text import dumps_text, loads_any, loads_text
from paris_score.postcards import Postcard
from paris_score.printable import json_text, printable

ROOT = Path(__file__).resolve().parent.parent

TROUBLE: tuple[bytes, ...] = (
    b"NaN",
    b"Infinity",
    b"-Infinity",
    b"1e999",
    b"-1",
    b"0",
    b"4.0",
    b"9" * 120,
    b"9" * 5000,
    b"null",
    b"true",
    b"[]",
    b"{}",
    b'""',
    b'"\\ud800"',
    b'"\\u0000"',
    b'"I9"',
    b'"A0"',
    b'"AA1"',
    b'" a1"',
    b'"a1"',
    b'"orange"',
    b'"blue"',
    b'"square2"',
    b"[[0,0]]",
    b'{"size": 4, "shape": ["A1", "B1", "C1", "A2"]}',
    b"\xff",
    b"\xed\xa0\x80",
    b"\xef\xbb\xbf",
    b"\xc3\xa9",
    b"\r\n",
    b"\r",
    b"\n",
    b"\t",
    b"\x00",
    b"\x0c",
    b"[" * 40,
    b"{" * 40,
    b"#",
    b":",
    b",",
    b"+",
    b"/",
    b"!",
    b"!^",
    b"**",
    b"@",
    b"~",
    b"&",
    b"-",
    b"[A1 B1 C1 A2]",
    b"4[A1 B1]",
    b"(0,0)",
    b"(8,1)",
    b"23",
    b"9",
    b"orange buildings: ",
    b"blue reserve: ",
    b"pattern: ",
    b"annex: ",
    b"jardin: ",
    b"  ",
)
"""Bytes that have broken parsers before: non-JSON numbers, huge numbers, bad spaces, odd bytes, syntax."""

JSON_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    3,
    7,
    10**30,
    4.0,
    0.5,
    "",
    "A1",
    "I9",
    "a1",
    "orange",
    "up",
    "x" * 300,
    "\ud800",
    [],
    [1, 2],
    ["A1", "A1"],
    {},
    {"size": 3},
    {"at": "A1"},
)
"""Values a structural mutation puts where another value was (a type swap, mostly)."""


@functools.cache
def seeds() -> tuple[bytes, ...]:
    """The valid inputs mutations start from: the examples, JSON and text, and one of everything."""
    rulebook = paris_score.rulebook_example()
    everything = paris_score.loads(EVERYTHING)
    return (
        (ROOT / "examples" / "rulebook.json").read_bytes(),
        (ROOT / "examples" / "rulebook.txt").read_bytes(),
        paris_score.dumps(rulebook, format="text").encode(),
        EVERYTHING.encode(),
        paris_score.dumps(everything).encode(),
        json.dumps(json.loads(paris_score.dumps(everything))).encode(),  # on one line
    )


@functools.cache
def game_seeds() -> tuple[bytes, ...]:
    """Valid game records: the short example game, and a random game (naming its players and seed), as written
    and on one line."""
    state, moves = GameState.start(random_setup(5)), []
    rng = random.Random(5)
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state = state.play(move)
    outcome = state.outcome()
    played = dumps_game(GameRecord(random_setup(5), moves, (outcome.orange, outcome.blue), ("random", "random"), 5))
    return (
        (ROOT / "examples" / "games" / "short-game.json").read_bytes(),
        played.encode(),
        json.dumps(json.loads(played)).encode(),
    )


EVERYTHING = """\
# one of everything the text grid can say
    A   B   C   D   E   F   G   H
1   oA  oA  o.  o.  l.  b.  bD  bD
2   oA  o+A o@  o.  o.  b/~ bD  b.
3   m.  m.  m.  o*  l** m.  m.  m.
4   o&  o.  o.  o.  o.  b!v b.  b.
5   o.  o.  o.  o.  o.  b.  b.  b.
6   o.  o.  o.  o.  l.  b.  b.  b.
7   oC  oC  o.  o.  o.  b.  b.  bz9
8   o.  o.  o.  o.  l.  b.  b.  b.
orange buildings: A C
blue buildings: D z9
jardin: C
orange reserve: 5 4[A1 B1 C1 A2]
blue reserve: 3[a1 a2 a3]
postcards: le-peintre chartier lampadaire la-grande-lumiere moulin-rouge le-penseur
orange used: le-peintre lampadaire moulin-rouge
blue used: chartier la-grande-lumiere le-penseur
pattern: (1,0) (-1,0) (0,2) (-7,7)
"""


def _stacked(**extra: Any) -> bytes:
    """64 buildings (the most a position holds), each on all 64 spaces: thousands of problems (W1 and more)."""
    ids = [a + b for a in "ABCDEFGH" for b in "ABCDEFGH"]
    buildings = [{"id": i, "owner": PLAYERS[n % 2], "cells": SQUARES} for n, i in enumerate(ids)]
    return json.dumps(
        {"format": "paris-position/1", "ground": ["omlbomlb"] * 8, "buildings": buildings, **extra}
    ).encode()


@functools.cache
def worst_cases() -> dict[str, bytes]:
    """The slowest and largest inputs we know, by name: tests/test_fuzz.py holds their outputs to their bounds
    and benchmarks/worst.py times them (docs/robustness.md)."""
    offsets = [[dc, dr] for dc in range(-7, 8) for dr in range(-7, 8) if (dc, dr) != (0, 0)]
    shapes = [{"size": 6, "shape": SQUARES[:6]}] * 64
    everything = _stacked(
        reserve={"orange": shapes, "blue": shapes},
        postcards={"in_play": [c.value for c in Postcard], "orange": [c.value for c in Postcard], "blue": []},
        pieces={
            "painter": "A1",
            "dancer": "B1",
            "statue": {"at": "C1", "facing": "up"},
            "fountain": "D1",
            "streetlight": "E1",
            "large_streetlight": "D4",
            "chartier": "F1",
        },
        rules={"large_streetlight_pattern": offsets},
    )
    singles = [{"id": str(n), "owner": PLAYERS[n % 2], "cells": [sq]} for n, sq in enumerate(SQUARES)]
    record = json.loads(game_seeds()[0])
    return {
        "64 buildings on all 64 spaces": _stacked(),
        "the same, with every piece, card and a 224-offset pattern": everything,
        "64 one-space buildings": json.dumps(
            {"format": "paris-position/1", "ground": ["lbmo" * 2] * 8, "buildings": singles}
        ).encode(),
        "a record of 1000 moves of 200 characters": json.dumps(
            {**record, "moves": ["pass " + "x" * 195] * 1000}
        ).encode(),
    }


WALK_ITEMS: Final = (MAX_INPUT_BYTES - (1 << 19) - 20) // 2 - 1
"""The numbers issue 28's walk.json holds, so that with its 512 KiB key it fills 1 MiB."""


def walk(key: int, items: int = WALK_ITEMS) -> bytes:
    """Issue 28's walk.json: a key of ``key`` characters holding ``items`` numbers, then a NaN, which the reader
    refuses by its key path (with over :data:`~paris_score.limits.MAX_VALUES` values, by their number first)."""
    return b'{"' + b"a" * key + b'": [' + b"0," * items + b'0], "x": NaN}'


@functools.cache
def worst_refused() -> dict[str, bytes]:
    """The costliest inputs we know that no reader accepts, by name: benchmarks/worst.py times them beside
    :func:`worst_cases` (docs/robustness.md), tests/test_hostile_bounded.py bounds them."""
    return {
        "walk.json: a 512 KiB key, 262,133 numbers, a NaN": walk(1 << 19),
        "the same with 19,990 numbers (as many values as a document may hold)": walk(1 << 19, MAX_VALUES - 10),
        "[, 1,048,574 line breaks, x": b"[" + b"\n" * (MAX_INPUT_BYTES - 2) + b"x",
        "1 MiB of empty lists, a NaN": b'{"x": NaN, "a": [' + b"[]," * ((MAX_INPUT_BYTES - 40) // 3) + b"[]]}",
        "1 MiB of two-letter lines": b"xy\n" * (MAX_INPUT_BYTES // 3),
    }


# -- mutations -------------------------------------------------------------------------


def _span(rng: random.Random, data: bytes) -> tuple[int, int]:
    start = rng.randrange(len(data) + 1)
    return start, min(len(data), start + rng.choice((1, 1, 2, 4, 8, 32, 256)))


def flip(rng: random.Random, data: bytes, _: bytes) -> bytes:
    """One bit of one byte turned over."""
    if not data:
        return data
    i = rng.randrange(len(data))
    return data[:i] + bytes([data[i] ^ 1 << rng.randrange(8)]) + data[i + 1 :]


def poke(rng: random.Random, data: bytes, _: bytes) -> bytes:
    """One byte replaced by any byte."""
    if not data:
        return data
    i = rng.randrange(len(data))
    return data[:i] + bytes([rng.randrange(256)]) + data[i + 1 :]


def insert(rng: random.Random, data: bytes, _: bytes) -> bytes:
    """A troublesome token put in anywhere."""
    i = rng.randrange(len(data) + 1)
    return data[:i] + rng.choice(TROUBLE) + data[i:]


def overwrite(rng: random.Random, data: bytes, _: bytes) -> bytes:
    """A span replaced by a troublesome token."""
    start, end = _span(rng, data)
    return data[:start] + rng.choice(TROUBLE) + data[end:]


def delete(rng: random.Random, data: bytes, _: bytes) -> bytes:
    start, end = _span(rng, data)
    return data[:start] + data[end:]


def truncate(rng: random.Random, data: bytes, _: bytes) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def splice(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """The head of one input, the tail of another."""
    return data[: rng.randrange(len(data) + 1)] + other[rng.randrange(len(other) + 1) :]


def duplicate(rng: random.Random, data: bytes, _: bytes) -> bytes:
    """A span repeated, once or many times."""
    start, end = _span(rng, data)
    return data[:end] + data[start:end] * rng.choice((1, 1, 2, 100)) + data[end:]


def lines(rng: random.Random, data: bytes, _: bytes) -> bytes:
    """Whole lines dropped, repeated, swapped, or their ends changed (CRLF, CR, none)."""
    rows = data.split(b"\n")
    i, j = rng.randrange(len(rows)), rng.randrange(len(rows))
    what = rng.randrange(5)
    if what == 0:
        del rows[i]
    elif what == 1:
        rows.insert(i, rows[j])
    elif what == 2:
        rows[i], rows[j] = rows[j], rows[i]
    elif what == 3:
        return b"\r\n".join(rows)
    else:
        return b"\r".join(rows)
    return b"\n".join(rows)


def case(rng: random.Random, data: bytes, _: bytes) -> bytes:
    """A span in upper or lower case."""
    start, end = _span(rng, data)
    part = data[start:end]
    return data[:start] + (part.upper() if rng.random() < 0.5 else part.lower()) + data[end:]


def _paths(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path of a decoded JSON document (the root included)."""
    found = [path]
    if isinstance(doc, dict):
        for key, value in doc.items():
            found += _paths(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            found += _paths(value, (*path, i))
    return found


def structure(rng: random.Random, data: bytes, _: bytes) -> bytes:
    """A JSON input changed as a tree: a key dropped, renamed or doubled, a value of another type."""
    try:
        doc = json.loads(data)
        paths = _paths(doc)[1:]
    except (ValueError, RecursionError):
        return insert(rng, data, b"")
    if not paths:
        return data
    *parent_path, last = rng.choice(paths)
    parent = doc
    for step in parent_path:
        parent = parent[step]
    what = rng.randrange(5)
    if what == 0:
        del parent[last]
    elif what == 1 and isinstance(parent, dict):
        parent[rng.choice(("x", last.upper(), last + " ", "", "\u00e9"))] = parent.pop(last)
    elif what == 2 and isinstance(parent, list):
        parent.insert(last, parent[last])
    else:
        parent[last] = rng.choice(JSON_VALUES)
    text = json.dumps(doc, allow_nan=True, ensure_ascii=rng.random() < 0.5)
    if what == 4 and isinstance(parent, dict):  # the same key twice, textually
        key = json.dumps(last)
        text = text.replace(f"{key}: ", f"{key}: null, {key}: ", 1)
    return text.encode("utf-8", "surrogatepass")


SQUARES = [c + r for r in "12345678" for c in "ABCDEFGH"]
WORDS = (
    *(str(p) for p in PLAYERS),
    *FACINGS,
    *PATTERN_NAMES,
    *(str(c) for c in Postcard),
    "jardin-des-plantes",
)
TOKENS = (
    "o.",
    "b.",
    "m.",
    "l.",
    "oA",
    "bB",
    "lA",
    "m/.",
    "o+A",
    "b+",
    "o@",
    "b&",
    "m~",
    "o*",
    "l**",
    "b!^",
    "o!>",
    "oz9",
)


def plausible(rng: random.Random, data: bytes, _: bytes) -> bytes:
    """A value swapped for another of the right type: inputs that still read, with pieces anywhere."""
    try:
        doc = json.loads(data)
        paths = _paths(doc)
    except (ValueError, RecursionError):
        rows = data.split(b"\n")
        i = rng.randrange(len(rows))
        words = rows[i].split(b" ")
        j = rng.randrange(len(words))
        words[j] = rng.choice(TOKENS).encode() if words[j][:1] in (b"o", b"b", b"m", b"l") else words[j]
        rows[i] = b" ".join(words)
        return b"\n".join(rows)
    for _ in range(rng.choice((1, 3, 10))):
        paths = _paths(doc)[1:]
        if not paths:
            break
        *parent_path, last = rng.choice(paths)
        parent = doc
        for step in parent_path:
            parent = parent[step]
        value = parent[last]
        if isinstance(value, str) and value.upper() in SQUARES:
            parent[last] = rng.choice(SQUARES)
        elif isinstance(value, str) and value in WORDS:
            parent[last] = rng.choice(WORDS)
        elif isinstance(value, int) and not isinstance(value, bool):
            parent[last] = rng.randint(-7, 7) if "rules" in parent_path else rng.randint(3, 6)
        elif isinstance(value, list) and value and rng.random() < 0.5:
            value.append(value[rng.randrange(len(value))])
        elif isinstance(value, list) and value:
            del value[rng.randrange(len(value))]
    return json.dumps(doc).encode()


MOVE_WORDS = (
    *SQUARES,
    *(c.lower() for c in SQUARES[:8]),
    *(str(c) for c in Postcard),
    *FACINGS,
    *"ABCDEFGHJKLMN",
    "tile",
    "take",
    "build",
    "card",
    "pass",
    "0",
    "90",
    "45",
    "-90",
    "metro=C3",
    "chartier=D4",
    "metro=",
    "chartier=Z9",
    "=",
    "",
    "\u00e9",
    "\t",
)
"""Words a move mutation puts into a move's text: spaces, ids, slugs, verbs, rotations, options and junk."""


def move_words(rng: random.Random, data: bytes, _: bytes) -> bytes:
    """In a game record, one move's text changed word by word: a word dropped, repeated, swapped or replaced."""
    try:
        doc = json.loads(data)
        moves = doc["moves"]
        i = rng.randrange(len(moves))
        words = moves[i].split(" ")
    except (ValueError, RecursionError, TypeError, KeyError, AttributeError):
        return structure(rng, data, b"")
    for _ in range(rng.choice((1, 1, 2, 3))):
        j = rng.randrange(len(words))
        what = rng.randrange(4)
        if what == 0 and len(words) > 1:
            del words[j]
        elif what == 1:
            words.insert(j, words[j])
        elif what == 2:
            k = rng.randrange(len(words))
            words[j], words[k] = words[k], words[j]
        else:
            words[j] = rng.choice(MOVE_WORDS)
    moves[i] = " ".join(words)
    if rng.random() < 0.2:  # the rest of the game after the changed move, sometimes
        del moves[i + 1 :]
    return json.dumps(doc).encode()


TAINTS: tuple[str, ...] = (
    "\ud800",
    "\udfff",
    "\udc80",
    "\x00",
    "\x07",
    "\x1b]0;x\x07",
    "\x1b[2J",
    "\b",
    "\t",
    "\n",
    "\r",
    "\x0b",
    "\x1c",
    "\x7f",
    "\x85",
    "\x9b",
    "\u2028",
)
"""Lone surrogates and C0 and C1 control characters (line breaks among them), which :func:`taint` puts into text."""


def _strings(doc: Any) -> list[tuple[Any, Any]]:
    """Where each string of a decoded JSON document is, as (the object or list holding it, its key or index)."""
    found: list[tuple[Any, Any]] = []
    stack = [doc]
    while stack:
        value = stack.pop()
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, item in items:
            if isinstance(item, str):
                found.append((value, key))
            else:
                stack.append(item)
    return found


def taint(rng: random.Random, data: bytes, _: bytes) -> bytes:
    """A lone surrogate or a control character put into string fields of a JSON input (one, a few, or every one,
    so that over a run each field gets its turn; as a JSON escape or, half the time, raw), or into a text input."""
    try:
        doc = json.loads(data)
        strings = _strings(doc)
    except (ValueError, RecursionError):
        at = rng.randrange(len(data) + 1)  # UTF-8 holds no lone surrogate: the others go into the text
        return data[:at] + rng.choice(TAINTS[3:]).encode() + data[at:]
    for parent, key in strings if rng.random() < 0.1 else rng.sample(strings, min(len(strings), rng.choice((1, 2, 3)))):
        value = parent[key]
        at = rng.randrange(len(value) + 1)
        parent[key] = value[:at] + rng.choice(TAINTS) + value[at:]
    return json.dumps(doc, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")


MUTATIONS: tuple[Callable[[random.Random, bytes, bytes], bytes], ...] = (
    plausible,
    plausible,
    plausible,
    flip,
    poke,
    insert,
    overwrite,
    delete,
    truncate,
    splice,
    duplicate,
    lines,
    case,
    structure,
    structure,
    move_words,
    move_words,
    taint,
    taint,
)


def mutate(rng: random.Random, data: bytes, other: bytes) -> bytes:
    """1 to 4 mutations in a row (``other`` feeds splices)."""
    for _ in range(rng.choice((1, 1, 1, 2, 3, 4))):
        data = rng.choice(MUTATIONS)(rng, data, other)
    return data


# -- the oracle --------------------------------------------------------------------------


CATALOGUE = paris_score.load_catalogue(ROOT / "tests" / "data" / "fictional-pieces.json")


FUZZ_SEED: Final = 20261126
"""The seed of the suite's seeded loop (tests/test_fuzz.py), which benchmarks/fuzz.py times too."""
DRAW_ONE_IN: Final = 8
"""The seeded loop draws one read input in 8 as SVG (drawing is most of the cost)."""


def mutated(rng: random.Random, i: int) -> tuple[bytes, bool, bool]:
    """Input ``i`` of the seeded loop: its bytes, whether it is a game record, whether it is drawn.

    tests/test_fuzz.py checks what comes out; benchmarks/fuzz.py times the same inputs.
    """
    game = i % 4 == 3
    data = mutate(rng, *rng.choices(game_seeds(), k=2)) if game else mutate(rng, *rng.choices(seeds(), k=2))
    return data, game, i % DRAW_ONE_IN == 0


def exercise(data: bytes | str, *, draw: bool = True) -> Position | None:
    """Read ``data`` and use what reads; only :class:`ParisScoreError` of the right kind may come out.

    What reads is refereed (also as a finished game, with a catalogue), scored
    or refused as illegal, written back as JSON and text and read again, and
    (``draw``) drawn as SVG.  Returns the position, or ``None`` when the input
    was refused.  Raises :class:`AssertionError` (or the unexpected
    exception) when the library misbehaves.
    """
    try:
        position = paris_score.loads(data)
    except PositionFormatError as e:
        _says_where_and_what(e)
        return None
    for problems in (
        paris_score.check(position),  # never raises on a position that reads
        paris_score.check(position, final=True, catalogue=CATALOGUE),
    ):
        assert all(p.code and p.rule and p.severity in ("error", "warning") for p in problems)
    report = None
    try:
        report = paris_score.score(position)
    except IllegalPositionError as e:
        _says_where_and_what(e)
    else:
        for player in PLAYERS:
            lines = report[player]
            assert lines.lit_buildings.points == sum(b.points for b in lines.lit_buildings.buildings)
            assert lines.postcards.points == sum(c.points for c in lines.postcards.cards)
        json.dumps(report.to_dict())
        str(report)
    if draw:
        overlays = annotate.report_overlays(position, report) if report is not None else annotate.OVERLAYS
        annotate.board(position, report=report, overlays=overlays)
    assert paris_score.loads(paris_score.dumps(position)) == position
    try:
        text = paris_score.dumps(position, format="text")
    except UnwritableError as e:
        _says_where_and_what(e)
    else:
        assert paris_score.loads(text) == position
    return position


def exercise_game(data: bytes | str) -> GameRecord | None:
    """Read ``data`` as a ``paris-game/1`` record and replay it; only :class:`GameFormatError` may come out.

    The replay must stop at its first illegal move, named by its number and
    text with a rule; a finished legal game must be scored and pass the
    position referee as finished; every position reached must write back as
    ``paris-position/1``; the moves played, written canonically, must replay
    the same.  Returns the record, or ``None`` when it was refused.
    """
    try:
        record = loads_game(data)
    except GameFormatError as e:
        _says_where_and_what(e)
        return None
    done = paris_score.replay(record)
    assert done.moves_played == len(done.moves) == len(done.players) <= len(record.moves)
    if done.illegal is not None:
        bad = done.illegal
        assert bad.move == done.moves_played + 1
        assert bad.text == record.moves[bad.move - 1]
        assert bad.code
        assert bad.rule
        assert bad.message
        assert done.score is None
    else:
        assert done.moves_played == len(record.moves)
        assert (done.score is not None) == done.finished
    _shown_whole(done.to_dict())
    if done.phase == 2:
        position = done.state.position()
        assert paris_score.loads(paris_score.dumps(position)) == position
        if done.finished:
            assert not [p for p in paris_score.check(position, final=True) if p.severity == "error"]
    canonical = GameRecord(record.setup, [str(m) for m in done.moves])
    assert paris_score.replay(canonical).state == done.state
    return record


@functools.cache
def paris2020_seeds() -> tuple[bytes, ...]:
    """Valid ends of games of *Paris* (2020): the rulebook's three examples (examples/paris2020/), as
    ``paris2020-final/1`` JSON and as text."""
    paths = sorted((ROOT / "examples" / "paris2020").glob("*.json"))
    return (
        *(path.read_bytes() for path in paths),
        *(dumps_text(paris2020.load_final(path)).encode() for path in paths),
    )


def exercise_paris2020(data: bytes | str) -> EndOfGame | None:
    """Read ``data`` as the end of a game of *Paris* (2020), JSON or text, and score it; only
    :class:`Paris2020FormatError` may come out.  What reads is scored (text and JSON) and written back, as
    JSON and as text (unless a name has what the text cannot hold), to an equal end of game."""
    try:
        game = loads_any(data)
    except Paris2020FormatError as e:
        _says_where_and_what(e)
        return None
    result = paris2020.score(game)
    assert [p.total for p in result.players] == [p.points + p.bonus_27 + sum(p.districts) for p in result.players]
    _shown_whole(paris2020.score_to_dict(result))
    assert not _RAW.search(printable(str(result), lines=True))
    assert loads_any(paris2020.dumps_final(game).encode()) == game  # as UTF-8, lone surrogates and all
    if isinstance(data, bytes):  # the table page's "Open a file": the document, lone surrogates and all
        answered = page.answer("/api/paris2020/read", "", data)
        assert answered.status == 200, answered.body
        assert json.loads(answered.body) == json.loads(json.dumps(paris2020.final_to_dict(game)))
    try:
        text = dumps_text(game)
    except UnwritableError as e:
        assert "cannot be written as text" in str(e), e  # noqa: PT017  (an oracle, not a test)
        text = None
    if text is None:
        assert not _reads_as_text(data), "the text reader accepted a name its writer refuses"
        return game
    assert loads_any(text) == game
    return game


def _reads_as_text(data: bytes | str) -> bool:
    try:
        loads_text(data)
    except Paris2020FormatError:
        return False
    return True


_RAW: Final = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
"""What a text output never shows raw: a control character but the line feed, or a lone surrogate."""


def _shown_whole(doc: Any) -> None:
    """A JSON output as the commands and the page write it: UTF-8, nothing raw, and the same value read back."""
    text = json_text(doc)
    assert not _RAW.search(text.replace("\n", ""))
    assert json.loads(text.encode()) == json.loads(json.dumps(doc))


def exercise_move(text: str) -> Move | None:
    """Parse one move's text: a :class:`MoveNotationError`, or a move whose canonical text parses back to it."""
    try:
        move = Move.parse(text)
    except MoveNotationError as e:
        _says_where_and_what(e)
        return None
    canonical = str(move)
    assert Move.parse(canonical) == move
    assert str(Move.parse(canonical)) == canonical
    return move


def _says_where_and_what(error: ParisScoreError) -> None:
    """Every error of the family names where the trouble is and what is wrong."""
    if isinstance(error, PositionFormatError):
        assert error.errors, "a format error must say what is wrong"
        assert all(isinstance(e, Located) and e.message for e in error.errors)
    elif isinstance(error, IllegalPositionError):
        assert error.problems
        assert all(p.spaces and p.message for p in error.problems)
    elif isinstance(error, UnwritableError):
        assert error.spaces
    elif isinstance(error, MoveNotationError):
        assert error.code == "bad-notation"
        assert error.rule in ("G2", "G3")
        assert error.message
    assert str(error)
