"""Hostile input II (issue 28): invalid input costs no more than valid input, and what it holds is never echoed raw.

Costs are checked by what they are made of, never against a clock: memory
with tracemalloc (the peak of one answer, or what stays after many); work as
the time one input takes against a like input that was always cheap (a
generous ratio, the best of three runs of each, so a busy machine slows both).
docs/robustness.md gives the measured numbers (benchmarks/worst.py).
"""

from __future__ import annotations

import gc
import json
import re
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import paris_score
from paris_score import page
from paris_score.errors import PositionFormatError
from paris_score.formats.game_json import loads_game
from paris_score.limits import MAX_INPUT_BYTES
from paris_score.moves import Move
from paris_score.paris2020 import loads_final
from paris_score_cli.serve import TableServer
from tests.test_serve import post

ROOT = Path(__file__).resolve().parent.parent
GRID = (ROOT / "examples" / "rulebook.txt").read_text("utf-8")
BELLEVILLE = ROOT / "examples" / "paris2020" / "belleville.json"
SHORT_GAME = ROOT / "examples" / "games" / "short-game.json"
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
"""What no text output may hold: a control character but the line feed, or a lone surrogate."""


def peak(run: Callable[[], object]) -> int:
    """The most memory ``run`` held at once, in bytes (tracemalloc)."""
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def seconds(run: Callable[[], object]) -> float:
    """The processor time of ``run``, the best of three."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def refused(read: Callable[[bytes], object], data: bytes) -> list[str]:
    with pytest.raises(PositionFormatError) as info:
        read(data)
    return [str(e) for e in info.value.errors]


# -- 1. a refused value is found without wording a key path for every value ------------------------------------

ITEMS = (MAX_INPUT_BYTES - (1 << 19) - 20) // 2 - 1


def walk(key: int) -> bytes:
    """The issue's walk.json (with a 512 KiB key: 1 MiB): a key holding a list of a quarter million numbers, a NaN."""
    return b'{"' + b"a" * key + b'": [' + b"0," * ITEMS + b'0], "x": NaN}'


READERS: dict[str, Callable[[bytes], object]] = {
    "position": paris_score.loads,
    "game record": loads_game,
    "Paris (2020)": loads_final,
}


@pytest.mark.parametrize("reader", READERS)
def test_a_refused_value_costs_no_more_under_a_long_key(reader: str) -> None:
    """Before, every value's key path was built as a string (3.7 s for the 1 MiB walk.json, 0.05 s with a short
    key); now only the reported one's is."""
    read = READERS[reader]
    assert len(walk(1 << 19)) <= MAX_INPUT_BYTES
    assert (
        refused(read, walk(1 << 19))
        == refused(read, walk(1))
        == ["x: NaN is not valid JSON; expected a number, and JSON numbers are finite"]
    )
    assert seconds(lambda: refused(read, walk(1 << 19))) < 4 * seconds(lambda: refused(read, walk(1)))


def test_the_api_check_answers_walk_json_as_fast_as_with_a_short_key() -> None:
    """``POST /api/check`` (``serve`` and the static page's worker): the same answer, no slower."""
    long, short = walk(1 << 19), walk(1)
    answer = page.answer("/api/check", "", long)
    assert answer.status == 400
    assert json.loads(answer.body)["errors"] == [
        {"where": "x", "message": "NaN is not valid JSON; expected a number, and JSON numbers are finite"}
    ]
    assert seconds(lambda: page.answer("/api/check", "", long)) < 4 * seconds(
        lambda: page.answer("/api/check", "", short)
    )


def test_a_refused_value_deep_under_a_long_key_costs_no_memory() -> None:
    """Before, each level of the walk held its own copy of the key path: 300 levels under a 64 KiB key, 20 MB."""
    data = b'{"' + b"k" * (1 << 16) + b'": ' + b"[" * 300 + b"NaN" + b"]" * 300 + b"}"
    [message] = refused(paris_score.loads, data)
    assert message.endswith("[0][0]: NaN is not valid JSON; expected a number, and JSON numbers are finite")
    assert peak(lambda: refused(paris_score.loads, data)) < 1_000_000


# -- 2. a syntax error's line and column are counted, not listed -----------------------------------------------

BREAKS = b"[" + b"\n" * (MAX_INPUT_BYTES - 2) + b"x"


def test_a_syntax_error_after_a_million_line_breaks_costs_no_memory() -> None:
    """Before, every line break was listed to find the line: 135 MB for this 1 MiB input; now the text's own MiB."""
    assert len(BREAKS) == MAX_INPUT_BYTES
    assert refused(paris_score.loads, BREAKS) == ["line 1048575, col 1: not valid JSON: Expecting value"]
    assert peak(lambda: refused(paris_score.loads, BREAKS)) < 2 * MAX_INPUT_BYTES
    assert peak(lambda: page.answer("/api/check", "", BREAKS)) < 2 * MAX_INPUT_BYTES


@given(st.lists(st.sampled_from(["\n", "\r\n", "\r", " ", "  "]), max_size=30))
def test_line_and_column_count_every_kind_of_line_end(blanks: list[str]) -> None:
    """LF, CRLF and CR each end a line, as editors count them; the column is counted from the line's start."""
    before = "[" + "".join(blanks)
    lines = re.split(r"\r\n|\r|\n", before)
    [message] = refused(paris_score.loads, (before + "x]").encode())
    assert message == f"line {len(lines)}, col {len(lines[-1]) + 1}: not valid JSON: Expecting value"


# -- 3. long words are never remembered ----------------------------------------------------------------------------


def kept(calls: int, call: Callable[[int], object]) -> int:
    """The memory still held after ``calls`` calls of ``call`` (each with its number), once one call has warmed up."""
    call(-1)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(calls):
            call(i)
        gc.collect()
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


def long_word(i: int, where: str = "") -> str:
    """A 512 KiB word of its own (``where`` keeps each test's words apart from the others', which caches hold)."""
    return f"{where}{i}".ljust(1 << 19, "x")


def _refused(read: Callable[[str], object], text: str) -> None:
    with pytest.raises(PositionFormatError):
        read(text)


LONG_WORDS: dict[str, Callable[[int], object]] = {
    "an unknown header": lambda i: _refused(paris_score.loads, f"{GRID}\n{long_word(i, 'header')}: 1\n"),
    "an unknown postcard": lambda i: _refused(paris_score.loads, f"{GRID}\npostcards: {long_word(i, 'card')}\n"),
    "an unknown postcard slug": lambda i: _refused(
        paris_score.loads, json.dumps({"format": "paris-position/1", "postcards": {"in_play": [long_word(i, "slug")]}})
    ),
    "a reserve shape's space": lambda i: _refused(
        paris_score.loads,
        json.dumps(
            {
                "format": "paris-position/1",
                "ground": ["oooooooo"] * 8,
                "reserve": {"orange": [{"size": 3, "shape": ["A1", "B1", long_word(i, "space")]}]},
            }
        ),
    ),
    "a pool piece's id": lambda i: _refused(
        loads_game, SHORT_GAME.read_text("utf-8").replace('"id": "A"', f'"id": "{long_word(i, "id")}"', 1)
    ),
    "a move played": lambda i: Move.parse("pass" + " " * ((1 << 19) + i)),
}


@pytest.mark.parametrize("where", LONG_WORDS)
def test_a_long_word_is_never_remembered(where: str) -> None:
    """Before, "did you mean" (and the readers' fast paths, and the move parser) remembered the last words they
    were given, whatever their length: 300 requests with a different 1 MiB word each kept 256 MB for good."""
    assert kept(8, LONG_WORDS[where]) < 500_000  # 8 words of 512 KiB: 4 MB kept before


def test_the_server_keeps_nothing_of_long_unknown_words(server: TableServer) -> None:
    """``POST /api/check`` of text grids, each with a different 512 KiB unknown header line (issue 28's 3)."""

    def request(i: int) -> None:
        answer = post(server, "/api/check", f"{GRID}\n{long_word(i, 'server')}: 1\n".encode())
        assert answer.status == 400
        assert json.loads(answer.body)["errors"][-1]["message"].startswith("unknown header")

    assert kept(8, request) < 500_000
