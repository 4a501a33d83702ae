"""Hostile input (issue 7): every way a user can get a position wrong ends in one error family.

Each case names where the trouble is (key path, line and column, byte, or
spaces) and what was expected; the command line prints it and exits 1.
"""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import jsonschema
import pytest
from click.testing import CliRunner

import paris_score
import paris_score.formats
from paris_score import (
    Building,
    CatalogueFormatError,
    IllegalPositionError,
    ParisScoreError,
    PositionFormatError,
    UnwritableError,
)
from paris_score.errors import MAX_MESSAGE, MAX_WHERE, Located, clip
from paris_score.formats import MAX_INPUT_BYTES
from paris_score.formats.jsonread import TOO_MANY_VALUES
from paris_score.limits import MAX_DIGITS, MAX_ITEMS, MAX_OFFSETS
from paris_score.squares import parse_square
from paris_score_cli.app import cli

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK_JSON = (ROOT / "examples" / "rulebook.json").read_text("utf-8")
RULEBOOK_TEXT = (ROOT / "examples" / "rulebook.txt").read_text("utf-8")
MINIMAL = {"format": "paris-position/1", "ground": ["oooooooo"] * 8}
CATALOGUE = (ROOT / "tests" / "data" / "fictional-pieces.json").read_text("utf-8")


def doc(**changes: object) -> str:
    return json.dumps({**MINIMAL, **changes})


def refused(data: str | bytes) -> list[str]:
    """The located errors ``paris_score.loads`` gives, as printed."""
    with pytest.raises(PositionFormatError) as info:
        paris_score.loads(data)
    assert all(isinstance(e, Located) for e in info.value.errors)
    return [str(e) for e in info.value.errors]


# -- the family ---------------------------------------------------------------------


def test_one_family_of_value_errors() -> None:
    for error in (PositionFormatError, CatalogueFormatError, IllegalPositionError, UnwritableError):
        assert issubclass(error, ParisScoreError)
    assert issubclass(ParisScoreError, ValueError)
    assert issubclass(CatalogueFormatError, PositionFormatError)  # compatible with what catalogues raised before


def test_long_texts_lose_their_middle() -> None:
    assert clip("abc", 10) == "abc"
    assert clip("x" * 50 + "y" * 50, 25) == "x" * 10 + " ... " + "y" * 10
    located = Located("k" * 1000, "m" * 5000)
    assert len(located.where) <= MAX_WHERE
    assert len(located.message) <= MAX_MESSAGE


# -- bytes and text -------------------------------------------------------------------


def test_invalid_utf8_names_byte_line_and_column() -> None:
    data = b'{\n  "format": "paris-\xe9"}'
    assert refused(data) == ["byte 21 (line 2, col 20): not UTF-8 text (0xe9); save the file as UTF-8"]


def test_utf16_gets_a_hint() -> None:
    assert refused(json.dumps(MINIMAL).encode("utf-16")) == [
        "byte 0 (line 1, col 1): not UTF-8 text (0xff); this looks like UTF-16; save the file as UTF-8"
    ]


def test_encoded_lone_surrogates_are_not_utf8() -> None:
    assert refused(b'{"format": "\xed\xa0\x80"}')[0].startswith("byte 12 (line 1, col 13): not UTF-8 text")


@pytest.mark.parametrize("data", [b"", b"   \n\t\r\n", b"\xef\xbb\xbf", "", "\ufeff  \n"])
def test_empty_input(data: str | bytes) -> None:
    assert refused(data) == ["the input is empty; expected JSON or a text grid"]


def test_binary_junk() -> None:
    assert refused(bytes(range(256)))[0].startswith("byte 128 (line 2, col 118): not UTF-8 text (0x80)")
    # Valid UTF-8 but junk: read as a text grid, refused at its first character.
    assert refused(bytes(range(1, 128)))[0].startswith("line 1, col 1: expected a grid row starting with its number")


def test_bom_and_crlf_read_the_same() -> None:
    for text in (RULEBOOK_JSON, RULEBOOK_TEXT):
        expected = paris_score.loads(text)
        crlf = text.replace("\n", "\r\n")
        assert paris_score.loads("\ufeff" + crlf) == expected
        assert paris_score.loads(b"\xef\xbb\xbf" + crlf.encode()) == expected


@pytest.mark.parametrize(
    "data",
    [
        b"{" * (MAX_INPUT_BYTES + 1),  # would be a syntax error; the size is checked first
        b" " * MAX_INPUT_BYTES + b"\xff",  # would not be UTF-8
        "{" * (MAX_INPUT_BYTES + 1),
    ],
    ids=["bytes", "bytes-not-utf8", "str"],
)
def test_over_one_mebibyte_is_refused_before_parsing(data: str | bytes) -> None:
    [message] = refused(data)
    assert message.startswith("the input is over 1 MiB (1048577 ")
    assert message.endswith(
        f"positions are at most {MAX_INPUT_BYTES} {'bytes' if isinstance(data, bytes) else 'characters'}"
    )


def test_one_mebibyte_exactly_is_read() -> None:
    text = RULEBOOK_JSON.rstrip() + " " * (MAX_INPUT_BYTES - len(RULEBOOK_JSON.rstrip().encode()))
    assert len(text.encode()) == MAX_INPUT_BYTES
    assert paris_score.loads(text.encode()) == paris_score.rulebook_example()


def test_load_reads_no_more_than_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (3 * MAX_INPUT_BYTES))
    with pytest.raises(PositionFormatError, match="over 1 MiB"):
        paris_score.load(path)


# -- JSON -----------------------------------------------------------------------------


def test_deeply_nested_json() -> None:
    assert refused("[" * 10_000 + "]" * 10_000) == ["not valid JSON: nested too deeply"]
    assert refused('{"a":' * 10_000) == ["not valid JSON: nested too deeply"]
    # Deeper still, it holds more lists than a document may hold values: refused before it is decoded.
    assert refused("[" * 100_000 + "]" * 100_000) == refused('{"a":' * 100_000) == [TOO_MANY_VALUES]
    # Nested as deep as json.loads allows, inside a value: named by its kind only, never dumped whole.
    nested = "[" * 900 + "]" * 900
    text = doc(reserve={"orange": []}).replace('"orange": []', f'"orange": [{nested}], "blue": {nested}')
    assert refused(text) == [
        "reserve.orange[0]: expected a whole number, got a list",
        "reserve.blue[0]: expected a whole number, got a list",
    ]
    assert refused(doc().replace('"paris-position/1"', nested)) == ["format: expected 'paris-position/1', got a list"]


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("4", 'a string "4"'),
        (True, "a boolean true"),
        (False, "a boolean false"),
        (None, "null null"),
        (4.0, "a number 4.0"),
        (4.5, "a number 4.5"),
        ([4], "a list"),
    ],
)
def test_numbers_of_the_wrong_type(value: object, shown: str) -> None:
    assert refused(doc(reserve={"orange": [value]})) == [f"reserve.orange[0]: expected a whole number, got {shown}"]
    offsets = [[value, 1]]
    assert refused(doc(rules={"large_streetlight_pattern": offsets})) == [
        f"rules.large_streetlight_pattern[0][0]: expected a whole number, got {shown}"
    ]


@pytest.mark.parametrize("size", [-4, 0, 2, 7, 10**30, -(10**99)])
def test_sizes_out_of_the_box(size: int) -> None:
    [message] = refused(doc(reserve={"blue": [size]}))
    assert message.startswith(f"reserve.blue[0]: size {size} is not in the box"[:60])


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("ground", "oooooooo", "ground: expected a list of 8 strings, got a string"),
        ("ground", None, "ground: expected a list of 8 strings, got null"),
        ("buildings", {}, "buildings: expected a list, got an object"),
        ("buildings", [None], "buildings[0]: expected an object, got null"),
        (
            "buildings",
            [{"id": 1, "owner": "blue", "cells": ["A1"]}],
            "buildings[0].id: expected a string, got a number",
        ),
        (
            "buildings",
            [{"id": "A", "owner": True, "cells": ["A1"]}],
            "buildings[0].owner: expected a string, got a boolean",
        ),
        (
            "buildings",
            [{"id": "A", "owner": "blue", "cells": "A1"}],
            "buildings[0].cells: expected a list, got a string",
        ),
        (
            "buildings",
            [{"id": "A", "owner": "blue", "cells": [0]}],
            "buildings[0].cells[0]: expected a string, got a number",
        ),
        ("reserve", [], "reserve: expected an object, got a list"),
        ("reserve", {"orange": 4}, "reserve.orange: expected a list, got a number"),
        ("reserve", {"orange": [{"size": "4"}]}, 'reserve.orange[0].size: expected a whole number, got a string "4"'),
        ("postcards", {"in_play": "levitation"}, "postcards.in_play: expected a list, got a string"),
        ("postcards", {"blue": [None]}, "postcards.blue[0]: expected a string, got null"),
        ("pieces", {"painter": 3}, "pieces.painter: expected a string, got a number"),
        ("pieces", {"statue": "B2"}, "pieces.statue: expected an object, got a string"),
        ("pieces", {"statue": {"at": "B2", "facing": 1}}, "pieces.statue.facing: expected a string, got a number"),
        ("rules", {"large_streetlight_pattern": 2}, "rules.large_streetlight_pattern: expected a pattern name"),
        ("rules", {"large_streetlight_pattern": [[1]]}, "rules.large_streetlight_pattern[0]: expected a pair"),
    ],
)
def test_wrong_types_everywhere(key: str, value: object, expected: str) -> None:
    [message] = refused(doc(**{key: value}))
    assert message.startswith(expected)


def test_the_whole_document_of_the_wrong_type() -> None:
    assert refused("[]") == refused("[1, 2]") == ["expected an object, got a list"]
    assert refused("{}") == ["format: missing", "ground: missing"]
    # Only { and [ start JSON; anything else is read as a text grid.
    assert refused('"paris-position/1"')[0].startswith("line 1, col 1: expected a grid row")


@pytest.mark.parametrize("name", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(name: str) -> None:
    text = doc(reserve={"orange": [3, 4]}).replace("[3, 4]", f"[3, {name}]")
    assert refused(text) == [
        f"reserve.orange[1]: {name} is not valid JSON; expected a number, and JSON numbers are finite"
    ]
    # Anywhere, even under a key that is itself wrong: the document is not JSON.
    assert refused(doc().replace('"ground"', f'"note": {name}, "ground"'))[0].startswith(
        f"note: {name} is not valid JSON"
    )


def test_huge_integers() -> None:
    digits = "9" * (MAX_DIGITS + 1)
    text = doc(rules={"large_streetlight_pattern": [[1, 0]]}).replace("[1, 0]", f"[1, -{digits}]")
    assert refused(text) == [
        f"rules.large_streetlight_pattern[0][1]: a number of {MAX_DIGITS + 1} digits; "
        f"numbers here have at most {MAX_DIGITS}"
    ]
    # Beyond what int() reads at all (4300 digits): still our error, not Python's.
    assert refused(doc().replace('"ground"', f'"x": {"9" * 5000}, "ground"')) == [
        "x: a number of 5000 digits; numbers here have at most 100"
    ]
    # A float that overflows reads as infinity, which is not a whole number.
    assert refused(doc(reserve={"blue": []}).replace("[]", "[1e999]")) == [
        "reserve.blue[0]: expected a whole number, got a number Infinity"
    ]


def test_duplicate_keys_are_named_by_their_path() -> None:
    text = (
        '{"format": "paris-position/1", "ground": ["oooooooo","oooooooo","oooooooo","oooooooo",'
        '"oooooooo","oooooooo","oooooooo","oooooooo"], '
        '"buildings": [{"id": "A", "owner": "blue", "cells": ["A1"]}, '
        '{"id": "B", "owner": "blue", "owner": "orange", "cells": ["B1"], "cells": ["C1"]}], '
        '"pieces": {"statue": {"at": "B2", "facing": "up", "at": "C2"}}, "format": "paris-position/1"}'
    )
    assert refused(text) == [  # each object's own keys first, then what it holds
        "format: this key appears twice in one object",
        "buildings[1].owner: this key appears twice in one object",
        "buildings[1].cells: this key appears twice in one object",
        "pieces.statue.at: this key appears twice in one object",
    ]


def test_unknown_keys_and_keys_that_are_not_words() -> None:
    building = {"id": "A", "owner": "blue", "cells": ["A1"], "colour": "red"}
    text = json.dumps({**MINIMAL, "extra": 1, "a b": 2, "": 3, "\ud800\n": 4, "buildings": [building]})
    assert refused(text) == [
        "extra: unknown key; expected one of format, ground, buildings, reserve, postcards, pieces, rules",
        '["a b"]: unknown key; expected one of format, ground, buildings, reserve, postcards, pieces, rules',
        '[""]: unknown key; expected one of format, ground, buildings, reserve, postcards, pieces, rules',
        '["\\ud800\\n"]: unknown key; expected one of format, ground, buildings, reserve, postcards, pieces, rules',
        "buildings[0].colour: unknown key; expected one of id, owner, cells, annex, piece",
    ]


def test_duplicate_building_ids() -> None:
    buildings = [{"id": i, "owner": "blue", "cells": [c]} for i, c in (("A", "A1"), ("B", "B1"), ("A", "C1"))]
    assert refused(doc(buildings=buildings)) == ["buildings[2].id: 'A' is used by an earlier building; ids are unique"]


@pytest.mark.parametrize("name", ["I9", "A0", "AA1", " a1", "a1 ", "A 1", "a01", "A1\x00", "Ａ1", "A١", "", "é"])
def test_bad_coordinates(name: str) -> None:
    with pytest.raises(ValueError, match="is not a space"):
        parse_square(name)
    expected = f"{name!r} is not a space; expected a column A-H and a row 1-8, e.g. 'C4'"
    assert refused(doc(pieces={"painter": name})) == [f"pieces.painter: {expected}"]
    cells = ["A1", name]
    assert refused(doc(buildings=[{"id": "A", "owner": "blue", "cells": cells}])) == [
        f"buildings[0].cells[1]: {expected}"
    ]


def test_ragged_and_missing_ground_rows() -> None:
    assert refused(doc(ground=["oooooooo"] * 7)) == ["ground: expected 8 rows, got 7"]
    assert refused(doc(ground=["oooooooo"] * 7 + ["ooooooo"])) == ["ground[7]: expected 8 spaces, got 7"]
    assert refused(doc(ground=["oooooooo"] * 7 + ["oooo\tooo"])) == [
        "ground[7]: space E8: '\\t' is not a cobblestone; expected o, b, m or l"
    ]


def test_control_characters_inside_json_strings() -> None:
    assert refused('{"format": "paris-\tposition/1"}') == [
        "line 1, col 19: not valid JSON: Invalid control character here"
    ]


def test_an_unclosed_json_string_is_said_where_it_starts() -> None:
    assert refused('{"format": "paris-position/1", "pieces": {"painter": "D2}}') == [
        "line 1, col 54: not valid JSON: Unterminated string starting here"
    ]


def test_lone_surrogates_in_json_strings_are_escaped_in_messages() -> None:
    [message] = refused(doc(pieces={"painter": "\ud800"}))
    assert message == "pieces.painter: '\\ud800' is not a space; expected a column A-H and a row 1-8, e.g. 'C4'"
    message.encode("ascii")  # printable anywhere


def test_long_lists_are_refused_by_their_length() -> None:
    cells = [f"{c}{r}" for r in range(1, 9) for c in "ABCDEFGH"] * 2
    assert refused(doc(buildings=[{"id": "A", "owner": "blue", "cells": cells}])) == [
        f"buildings[0].cells: 128 items; a list here holds at most {MAX_ITEMS} (docs/robustness.md)"
    ]
    assert refused(doc(reserve={"orange": [3] * 10_000})) == [
        f"reserve.orange: 10000 items; a list here holds at most {MAX_ITEMS} (docs/robustness.md)"
    ]
    offsets = [[1, 0]] * (MAX_OFFSETS + 1)
    assert refused(doc(rules={"large_streetlight_pattern": offsets})) == [
        f"rules.large_streetlight_pattern: 225 items; a list here holds at most {MAX_OFFSETS} (docs/robustness.md)"
    ]


def test_the_largest_custom_pattern_is_read() -> None:
    offsets = [[dc, dr] for dr in range(-7, 8) for dc in range(-7, 8) if (dc, dr) != (0, 0)]
    position = paris_score.loads(doc(rules={"large_streetlight_pattern": offsets}))
    assert len(position.rules.large_streetlight_pattern) == MAX_OFFSETS


def test_huge_strings_give_short_messages() -> None:
    for text in (doc(pieces={"painter": "Z" * 500_000}), doc().replace('"ground"', f'"{"k" * 500_000}": 1, "ground"')):
        [error] = _errors(text)
        assert len(error.where) <= MAX_WHERE
        assert len(error.message) <= MAX_MESSAGE


def _errors(text: str) -> tuple[Located, ...]:
    with pytest.raises(PositionFormatError) as info:
        paris_score.loads(text)
    return info.value.errors


# -- text grid --------------------------------------------------------------------------


def test_text_grid_rows_ragged_missing_and_tabbed() -> None:
    rows = RULEBOOK_TEXT.splitlines()
    row3 = next(i for i, line in enumerate(rows) if line.startswith("3 "))
    ragged = [*rows[:row3], rows[row3].rsplit(None, 1)[0], *rows[row3 + 1 :]]
    assert refused("\n".join(ragged)) == ["line 9: row 3 has 7 spaces; expected 8, one per column"]
    missing = [*rows[:row3], *rows[row3 + 1 :]]
    assert refused("\n".join(missing)) == [f"line {row3 + 1}: row 3 is missing; the grid needs rows 1 to 8"]
    tabbed = "\n".join(line.replace("  ", "\t") for line in rows)
    assert paris_score.loads(tabbed) == paris_score.loads(RULEBOOK_TEXT)


def test_a_text_row_of_a_million_spaces() -> None:
    text = RULEBOOK_TEXT.replace("\n1 ", "\n1   " + "o. " * 300_000, 1)
    [message] = refused(text)
    assert message == "line 7, col 29: row 1 has 300008 spaces; expected 8"


def test_lone_surrogates_in_text_are_escaped_in_messages() -> None:
    [message] = refused(RULEBOOK_TEXT.replace("pattern: square2", "pattern: \ud800"))
    assert "'\\ud800' is not a pattern" in message
    message.encode("ascii")


# -- catalogues and writing --------------------------------------------------------------


@pytest.mark.parametrize("data", [b"\xff", b"", "{", CATALOGUE.replace('"format"', '"format": 1, "x"')])
def test_catalogue_errors_are_catalogue_format_errors(data: str | bytes) -> None:
    with pytest.raises(CatalogueFormatError) as info:
        paris_score.loads_catalogue(data)
    assert info.value.errors


def test_a_catalogue_over_one_mebibyte() -> None:
    with pytest.raises(CatalogueFormatError, match="over 1 MiB"):
        paris_score.loads_catalogue(" " * (MAX_INPUT_BYTES + 1))


def test_a_position_the_text_grid_cannot_draw() -> None:
    position = paris_score.rulebook_example()
    first = position.buildings[0]
    corner = first.cells & -first.cells  # its first space in board order
    position = attrs.evolve(position, buildings=(*position.buildings, Building("ZZ", first.owner, corner)))
    with pytest.raises(UnwritableError) as info:
        paris_score.dumps(position, format="text")
    assert info.value.spaces == (corner.bit_length() - 1,)
    assert f"building {first.id} and building ZZ" in str(info.value)
    assert paris_score.loads(paris_score.dumps(position)) == position  # JSON holds it


# -- the command line: every command, exit 1, no traceback --------------------------------

HOSTILE = {
    "not-utf8.json": b'{"format": "\xff"}',
    "empty.json": b"",
    "junk.bin": bytes(range(256)) * 4,
    "nan.json": doc(reserve={"orange": []}).replace("[]", "[NaN]").encode(),
    "huge-int.json": doc().replace('"ground"', f'"x": {"9" * 5000}, "ground"').encode(),
    "deep.json": b"[" * 200_000,
    "dup.json": b'{"format": "paris-position/1", "format": "paris-position/1"}',
    "surrogate.json": doc(pieces={"painter": "\ud800"}).encode(),
    "odd-key.json": doc().replace('"ground"', '"\\u0000\\ud800": 1, "ground"').encode(),
    "rows.txt": RULEBOOK_TEXT.replace("\n2 ", "\n23 ").encode(),
    "big.json": b" " * (MAX_INPUT_BYTES + 10),
}
COMMANDS = [
    ["score"],
    ["score", "--format", "json"],
    ["check"],
    ["check", "--format", "json"],
    ["convert", "--to", "text"],
    ["render", "-o", "-"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_refuses_hostile_files_with_exit_1(tmp_path: Path, command: list[str]) -> None:
    for name, data in HOSTILE.items():
        path = tmp_path / name
        path.write_bytes(data)
        for source, stdin in ((str(path), None), ("-", data)):
            result = CliRunner().invoke(cli, [command[0], source, *command[1:]], input=stdin)
            assert isinstance(result.exception, SystemExit), (name, result.exception)
            assert result.exit_code == 1, (name, result.output)
            shown = result.stdout if command[0] == "check" else result.stderr  # check's verdicts go to stdout
            assert "Traceback" not in result.output
            assert ("<stdin>" if source == "-" else str(path)) in shown, (name, shown)
            if command[0] == "check" and "json" in command:
                assert json.loads(result.stdout)["readable"] is False
            elif command[0] == "check":
                assert "unreadable, not a paris-position/1 position" in result.stdout
            else:
                assert result.stdout == ""


def test_check_refuses_a_hostile_catalogue(tmp_path: Path) -> None:
    path = tmp_path / "pieces.json"
    path.write_bytes(b'{"format": "paris-pieces/1", "pieces": [NaN]}')
    result = CliRunner().invoke(cli, ["check", str(ROOT / "examples" / "rulebook.json"), "--pieces", str(path)])
    assert result.exit_code == 1
    assert f"{path}: pieces[0]: NaN is not valid JSON" in result.stdout


def test_render_refuses_absurd_sizes_as_usage_errors() -> None:
    rulebook = str(ROOT / "examples" / "rulebook.json")
    for size in ("0", "100001", "1" + "0" * 400):
        result = CliRunner().invoke(cli, ["render", rulebook, "-o", "-", "--size", size])
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output


def test_commands_without_input_stay_well_behaved() -> None:
    assert CliRunner().invoke(cli, ["example"]).exit_code == 0
    assert CliRunner().invoke(cli, ["schema", "position"]).exit_code == 0
    assert CliRunner().invoke(cli, ["schema", "nonsense"]).exit_code == 2


def test_floods_of_errors_stop_at_100() -> None:
    keys = {f"k{i}": 0 for i in range(5000)}
    for text in (
        json.dumps({**MINIMAL, **keys}),
        doc(reserve={"orange": []}).replace("[]", "[" + ",".join(["NaN"] * 5000) + "]"),
        doc(buildings=[{"id": "A", "owner": "blue", "cells": ["Z9"] * 64}] * 64),
    ):
        found = refused(text)
        assert len(found) == 101
        assert found[-1] == "stopped after 100 errors"


def test_the_schema_refuses_what_the_limits_refuse() -> None:
    schema = json.loads(paris_score.formats.schema("position"))
    too_long = [
        {"buildings": [{"id": f"B{i}", "owner": "blue", "cells": ["A1"]} for i in range(10)] * 7},
        {"reserve": {"orange": [3] * (MAX_ITEMS + 1)}},
        {"postcards": {"blue": ["levitation"] * (MAX_ITEMS + 1)}},
    ]
    for changes in too_long:
        text = doc(**changes)
        with pytest.raises(jsonschema.ValidationError, match="is too long"):
            jsonschema.validate(json.loads(text), schema)
        assert f"a list here holds at most {MAX_ITEMS}" in refused(text)[0]
