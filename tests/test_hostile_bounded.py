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
import os
import re
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

import paris_score
from paris_score import page
from paris_score.errors import PositionFormatError, UnwritableError
from paris_score.formats import jsonread, names
from paris_score.formats.jsonread import TOO_MANY_VALUES
from paris_score.game.moves import Move
from paris_score.game.records import loads_game
from paris_score.limits import MAX_INPUT_BYTES, MAX_LINES, MAX_VALUES, TOO_MANY_LINES
from paris_score.paris2020 import load_final, loads_final
from paris_score.paris2020.text import dumps_text, loads_any, loads_text
from paris_score.printable import json_text, printable
from paris_score_cli.app import cli
from paris_score_cli.serve import TableServer
from tests.fuzzing import walk, worst_refused
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

READERS: dict[str, Callable[[bytes], object]] = {
    "position": paris_score.loads,
    "game record": loads_game,
    "Paris (2020)": loads_final,
}


WALK = walk(1 << 19, MAX_VALUES - 10)
"""walk.json with as many values as a document may hold (all of the issue's 262,133 are refused by their number)."""


@pytest.mark.parametrize("reader", READERS)
def test_a_refused_value_costs_no_more_under_a_long_key(reader: str) -> None:
    """Before, every value's key path was built as a string: 0.28 s for this document, 0.02 s with a short key (the
    issue's walk.json, 3.7 s); now only the reported one's is."""
    read = READERS[reader]
    assert (
        refused(read, WALK)
        == refused(read, walk(1, MAX_VALUES - 10))
        == ["x: NaN is not valid JSON; expected a number, and JSON numbers are finite"]
    )
    assert seconds(lambda: refused(read, WALK)) < 4 * seconds(lambda: refused(read, walk(1, MAX_VALUES - 10)))


def test_the_api_check_answers_walk_json_as_fast_as_with_a_short_key() -> None:
    """``POST /api/check`` (``serve`` and the static page's worker): the same answer, no slower."""
    short = walk(1, MAX_VALUES - 10)
    answer = page.answer("/api/check", "", WALK)
    assert answer.status == 400
    assert json.loads(answer.body)["errors"] == [
        {"where": "x", "message": "NaN is not valid JSON; expected a number, and JSON numbers are finite"}
    ]
    assert seconds(lambda: page.answer("/api/check", "", WALK)) < 4 * seconds(
        lambda: page.answer("/api/check", "", short)
    )


def test_a_refused_value_deep_under_a_long_key_costs_no_memory() -> None:
    """Before, each level of the walk held its own copy of the key path: 300 levels under a 64 KiB key, 20 MB."""
    data = b'{"' + b"k" * (1 << 16) + b'": ' + b"[" * 300 + b"NaN" + b"]" * 300 + b"}"
    [message] = refused(paris_score.loads, data)
    assert message.endswith("[0][0]: NaN is not valid JSON; expected a number, and JSON numbers are finite")
    assert peak(lambda: refused(paris_score.loads, data)) < 1_000_000


# -- 2. a syntax error's line and column are counted, not listed -----------------------------------------------

BREAKS = worst_refused()["[, 1,048,574 line breaks, x"]


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


# -- more values or lines than any document holds: refused before they are made ----------------------------------

TOO_MANY: dict[str, bytes] = {
    "walk.json": walk(1 << 19),
    "1 MiB of empty lists": worst_refused()["1 MiB of empty lists, a NaN"],
    "1 MiB of short strings": b"[" + b'"ab",' * (MAX_INPUT_BYTES // 6) + b'""]',
    "lists ten deep": b"[" + b"[[[[[[[[[[0]]]]]]]]]]," * (MAX_INPUT_BYTES // 23) + b"0]",
    "objects in one": b'{"a": ' * 30_000 + b"0" + b"}" * 30_000,
}


@pytest.mark.parametrize("data", TOO_MANY.values(), ids=TOO_MANY)
@pytest.mark.parametrize("reader", READERS)
def test_more_values_than_a_document_holds_are_refused_before_they_are_made(reader: str, data: bytes) -> None:
    """Python's decoder makes every value before anything is checked: 1 MiB of ``[]`` was 25 MB and 0.25 s."""
    assert len(data) <= MAX_INPUT_BYTES
    assert refused(READERS[reader], data) == [TOO_MANY_VALUES]
    assert peak(lambda: refused(READERS[reader], data)) < 2 * MAX_INPUT_BYTES


def test_commas_and_brackets_inside_strings_are_no_values() -> None:
    doc = json.loads(BELLEVILLE.read_text("utf-8"))
    game = loads_final(json.dumps({**doc, "note": "[{," * 30_000}))
    assert game.note == "[{," * 30_000
    assert loads_final(json.dumps({**doc, "note": '\\"[{,' * 30_000})).note == '\\"[{,' * 30_000


TEXTS: dict[str, Callable[[bytes], object]] = {"text grid": paris_score.loads, "Paris (2020) text": loads_text}


@pytest.mark.parametrize("reader", TEXTS)
@pytest.mark.parametrize("line_end", [b"\n", b"\r\n", b"\x0c", "\u2028".encode()])
def test_more_lines_than_a_text_holds_are_refused_before_they_are_split(reader: str, line_end: bytes) -> None:
    """A million short lines were a million strings: 25 MB (blank ones 0.3 s)."""
    data = (b"xy" + line_end) * (MAX_INPUT_BYTES // (2 + len(line_end)))
    assert refused(TEXTS[reader], data) == [TOO_MANY_LINES]
    assert peak(lambda: refused(TEXTS[reader], data)) < 4 * MAX_INPUT_BYTES  # decoding 1 MiB of U+2028: 3 MB


def test_a_text_within_the_lines_allowed_reads() -> None:
    comments = "# a comment\n" * (MAX_LINES - 40)
    assert paris_score.loads(comments + GRID) == paris_score.loads(GRID)
    text = dumps_text(load_final(BELLEVILLE))
    assert loads_text(comments + text) == load_final(BELLEVILLE)


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


# -- 4. and 5. lone surrogates and control characters: escaped wherever they are shown -----------------------------

NAMES = {
    "a lone surrogate": "U\ud800",
    "a terminal's title and bell": "U\x1b]0;PWNED\x07x",
    "C1 and DEL": "U\x9b31m\x7f",
}


def test_printable_escapes_every_control_character_and_lone_surrogate_and_nothing_else() -> None:
    for code in range(0x110000):
        ch = chr(code)
        shown = printable(ch)
        if ch == "\n" or RAW.match(ch):
            assert shown == (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"), code
        else:
            assert shown == ch, code
    assert printable("a\nb", lines=True) == "a\nb"
    text = "".join(map(chr, range(0x100))) + "\ud800 \udfff"  # (a pair of escapes would read as one character)
    assert printable(printable(text)) == printable(text)  # escaping twice changes nothing more
    assert json.loads(json_text(text)) == text  # JSON escapes read back to the same text
    assert not RAW.search(json_text(text))
    assert "\n" not in json_text(text)


def paris2020_document(name: str, **player: Any) -> dict[str, Any]:
    """The Belleville example with Ula renamed ``name`` (her properties too), her other fields changed."""
    doc: dict[str, Any] = json.loads(BELLEVILLE.read_text("utf-8"))
    doc["players"][0] = {**doc["players"][0], "name": name, **player}
    for district in doc["districts"]:
        for prop in district["properties"]:
            prop["owners"] = [name if o == "Ula" else o for o in prop["owners"]]
    return doc


def invoke(*args: str) -> tuple[int, str, str]:
    """The command, which must exit (no exception), and its standard output and error, holding nothing raw."""
    result = CliRunner().invoke(cli, list(args))
    assert isinstance(result.exception, SystemExit) or result.exception is None, repr(result.exception)
    assert not RAW.search(result.stdout), result.stdout
    assert not RAW.search(result.stderr), result.stderr
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES)
def test_paris2020_score_shows_a_name_escaped_and_keeps_it_in_json(tmp_path: Path, name: str) -> None:
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(paris2020_document(name)), "utf-8")
    status, out, _ = invoke("paris2020", "score", str(path))
    assert status == 0
    assert out.splitlines()[-1] == f"RESULT: {printable(name)} wins with 18 points"
    status, out, _ = invoke("paris2020", "score", str(path), "--format", "json")
    assert status == 0
    assert json.loads(out)["winners"] == [name]


@pytest.mark.parametrize(
    "name",
    [*NAMES.values(), "U\nRESULT: Ula wins with 99 points"],
    ids=[*NAMES, "a line feed that would start a line of its own"],
)
def test_the_breakdown_lines_up_a_name_as_it_is_shown(tmp_path: Path, name: str) -> None:
    """The columns after a name are as wide as the name shown (escaped), not as it was given; a line feed in a name
    (JSON takes one) is escaped, so that it never starts a line of the breakdown (a forged RESULT line)."""
    doc = paris2020_document(name)
    doc["districts"][0]["name"] = name  # a label of each player's lines
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(doc), "utf-8")
    status, out, _ = invoke("paris2020", "score", str(path))
    assert status == 0
    lines = out.splitlines()
    shown = printable(name)
    assert lines[3:5] == [  # the values and the points line up
        f"   1st  {shown}  12   18",
        f"   2nd  Marek{' ' * (len(shown) - 5)}  5     0  {lines[4].split('  ')[-1]}",
    ]
    label = next(line for line in lines if line.startswith(f"  {shown} "))
    total = next(line for line in lines if line.startswith("  total "))
    assert (label.split()[-1], len(label)) == ("18", len(total))
    assert [line for line in lines if line.startswith("RESULT")] == [f"RESULT: {shown} wins with 18 points"]


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES)
def test_a_quoted_wrong_value_is_escaped(tmp_path: Path, name: str) -> None:
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(paris2020_document("Ula", points=name)), "utf-8")
    status, out, err = invoke("paris2020", "score", str(path))
    assert (status, out) == (1, "")
    assert err == f'{path}: players[0].points: enter a whole number, not the text "{printable(name)}"\n'


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES)
def test_paris2020_convert_keeps_the_name_in_json_and_leaves_no_temporary_file(tmp_path: Path, name: str) -> None:
    given = tmp_path / "evening.json"
    given.write_text(json.dumps(paris2020_document(name)), "utf-8")
    status, _, _ = invoke("paris2020", "convert", str(given), "--to", "json", "-o", str(tmp_path / "out.json"))
    assert status == 0
    assert load_final(tmp_path / "out.json") == load_final(given)  # a JSON escape reads back as it was
    status, _, err = invoke("paris2020", "convert", str(given), "--to", "text", "-o", str(tmp_path / "out.txt"))
    if "\ud800" in name:  # UTF-8 cannot hold it: said before anything is written
        assert status == 1
        assert err.startswith(f"{given}: the player {printable(repr(name))} cannot be written as text")
        assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.json", "out.json"]
    else:  # the text holds it as it is
        assert status == 0
        assert loads_text((tmp_path / "out.txt").read_bytes()) == load_final(given)


@pytest.mark.parametrize("move", NAMES.values(), ids=NAMES)
def test_replay_and_check_show_a_move_escaped(tmp_path: Path, move: str) -> None:
    doc = json.loads(SHORT_GAME.read_text("utf-8"))
    doc["moves"][0] = f"tile {move}"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc), "utf-8")
    status, out, _ = invoke("replay", str(path))
    assert status == 1
    assert f" 1 orange tile {printable(move)}\n" in out
    status, out, _ = invoke("replay", str(path), "--format", "json")
    assert status == 1
    assert json.loads(out)["illegal"]["text"] == f"tile {move}"
    for output in ("text", "github"):
        status, out, _ = invoke("check", str(path), "--format", output)
        assert status == 1
        assert f"`tile {printable(move)}`" in out
    status, out, _ = invoke("check", str(path), "--format", "json")
    assert json.loads(out)["problems"][0]["message"].startswith(f"move 1 (orange) `tile {move}`")


def test_a_file_name_that_is_not_utf8_is_shown_escaped(tmp_path: Path) -> None:
    """A folder's file named by bytes that are not UTF-8 (the file system allows any): ``check`` names it escaped."""
    folder = os.fsencode(tmp_path)
    with open(folder + b"/\xff\x1b.json", "wb") as f:
        f.write((ROOT / "examples" / "rulebook.json").read_bytes())
    status, out, _ = invoke("check", str(tmp_path))
    assert status == 0
    assert out.startswith(f"{printable(str(tmp_path))}/\\udcff\\x1b.json: legal")


def test_no_command_prints_a_traceback_for_a_lone_surrogate(tmp_path: Path) -> None:
    """As real processes, whose standard output is strict UTF-8 (before, each of these printed a UnicodeEncodeError
    traceback, and ``paris2020 convert`` left a 0-byte temporary file behind)."""
    (tmp_path / "name.json").write_text(json.dumps(paris2020_document("U\ud800")), "utf-8")
    (tmp_path / "wrong.json").write_text(json.dumps(paris2020_document("Ula", points="\ud800")), "utf-8")
    game = json.loads(SHORT_GAME.read_text("utf-8"))
    (tmp_path / "game.json").write_text(json.dumps({**game, "moves": ["\ud800", *game["moves"][1:]]}), "utf-8")
    commands = {
        "paris2020 score name.json": 0,
        "paris2020 score name.json --format json": 0,
        "paris2020 score wrong.json": 1,
        "paris2020 convert name.json --to text -o out.txt": 1,
        "paris2020 convert name.json --to json -o out.json": 0,
        "replay game.json": 1,
        "replay game.json --format json": 1,
        "check game.json": 1,
        "check game.json --format json": 1,
        "check game.json --format github": 1,
    }
    for command, status in commands.items():
        done = subprocess.run(
            [sys.executable, "-m", "paris_score_cli", *command.split()],
            capture_output=True,
            cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'cli'}", "PYTHONIOENCODING": "utf-8"},
            check=False,
        )
        out, err = done.stdout.decode(), done.stderr.decode()
        assert (done.returncode, "Traceback" in err) == (status, False), (command, err)
        shown = (tmp_path / "out.json").read_text("utf-8") if "out.json" in command else out + err
        assert "\\ud800" in shown, command  # escaped where it is shown, as text or as JSON
        assert not RAW.search(out + err), command
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "name.json", "out.json", "wrong.json"]


def test_the_page_answers_a_lone_surrogate_and_keeps_it() -> None:
    """``page.answer`` (``serve`` and the static page) answers, never raises: JSON escapes, text escaped."""
    body = json.dumps(paris2020_document("U\ud800\x1b")).encode()
    answer = page.answer("/api/paris2020", "", body)
    assert answer.status == 200
    assert json.loads(answer.body)["winners"] == ["U\ud800\x1b"]
    assert json.loads(page.answer("/api/paris2020/read", "", body).body)["players"][0]["name"] == "U\ud800\x1b"
    text = page.answer("/api/paris2020", "format=text", body).body.decode()
    assert text.endswith("RESULT: U\\ud800\\x1b wins with 18 points\n")
    wrong = page.answer("/api/paris2020", "", json.dumps(paris2020_document("Ula", francs="\ud800")).encode())
    assert wrong.status == 400
    assert json.loads(wrong.body)["errors"] == [
        {
            "where": "players[0].francs",
            "message": 'enter a whole number, not the text "\ud800"',
            "message_i18n": {"id": "p2020.not-a-number", "args": {"text": "\ud800"}},
        }
    ]


# -- Paris (2020): the text's reader and writer agree on a name ----------------------------------------------------


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("district Montm+Ae: 18 9 4", "line 3: the district 'Montm+Ae'"),
        ("player Ula+Marek: 3 points, 1 franc", "line 3: the player 'Ula+Marek'"),
    ],
)
def test_a_name_the_writer_refuses_is_refused_when_read(line: str, said: str) -> None:
    text = f"player Ula: 0 points, 0 francs\nplayer Marek: 0 points, 0 francs\n{line}\n"
    with pytest.raises(PositionFormatError) as info:
        loads_text(text)
    assert [str(e) for e in info.value.errors] == [
        f"{said}: a name in this text holds no #, :, +, a line break or a lone surrogate"
    ]


@pytest.mark.parametrize("name", ["A\x85B", "A\x0bB", "A\u2028B", "A\x1cB", "A\ud800"])
def test_a_name_the_reader_would_split_or_cannot_decode_is_not_written(name: str) -> None:
    """Every line break Python's reader splits at (not only LF and CR), and a lone surrogate, stay JSON."""
    game = load_final(BELLEVILLE)
    renamed = attrs.evolve(game, districts=(attrs.evolve(game.districts[0], name=name),))
    with pytest.raises(UnwritableError, match="cannot be written as text"):
        dumps_text(renamed)


# -- reading everything first: a pipe may feed the file being written ----------------------------------------------


PIPED: dict[str, tuple[list[str], Path, Callable[[bytes], object]]] = {
    "convert": (["convert"], ROOT / "examples" / "rulebook.json", paris_score.loads),
    "paris2020 convert": (["paris2020", "convert"], BELLEVILLE, loads_any),
}


@pytest.mark.parametrize("command", PIPED)
def test_a_pipe_from_the_file_being_written_converts_it(tmp_path: Path, command: str) -> None:
    """``cat a.json | paris-score convert - --to text -o a.json`` reads all of standard input before it writes: it
    works (only standard input redirected from the output file, ``< a.json``, is refused)."""
    words, given, read = PIPED[command]
    path = tmp_path / "a.json"
    path.write_bytes(given.read_bytes())
    script = 'file=$1 python=$2; shift 2; cat "$file" | "$python" -m paris_score_cli "$@"'
    done = subprocess.run(
        ["sh", "-c", script, "sh", str(path), sys.executable, *words, "-", "--to", "text", "-o", str(path)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'cli'}"},
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert not path.read_text("utf-8").startswith("{")  # the text form now
    assert read(path.read_bytes()) == read(given.read_bytes())


def test_a_misspelt_key_gets_a_did_you_mean_and_many_cost_no_more_than_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """``grund`` is ``ground``; past the reader's 100 errors no close name is looked for (19,000 unknown keys)."""
    with pytest.raises(PositionFormatError) as one:
        paris_score.loads('{"format": "paris-position/1", "grund": [], "zzz": 1}')
    assert str(one.value).splitlines()[:2] == [
        "grund: unknown key; did you mean ground?",
        "zzz: unknown key; expected one of format, ground, buildings, reserve, postcards, pieces, rules",
    ]
    looked: list[str] = []
    real = names.did_you_mean

    def counted(word: str, choices: tuple[str, ...]) -> str:
        looked.append(word)
        return real(word, choices)

    monkeypatch.setattr(jsonread, "did_you_mean", counted)
    many = {"format": "paris-position/1"} | {f"key{i}": 0 for i in range(19_000)}
    with pytest.raises(PositionFormatError):
        paris_score.loads(json.dumps(many))
    assert len(looked) == 100
