"""paris-position/1 reading and writing (docs/formats.md), the schemas, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

import paris_score
from paris_score import PositionFormatError
from paris_score.formats import schema
from tests.grids import board

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))

MINIMAL = {"format": "paris-position/1", "ground": ["oooooooo"] * 8}


def errors_of(doc: object) -> list[str]:
    with pytest.raises(PositionFormatError) as info:
        paris_score.loads(json.dumps(doc))
    return [str(e) for e in info.value.errors]


def with_(**changes: object) -> dict[str, object]:
    return {**MINIMAL, **changes}


def test_minimal_document_reads_with_defaults() -> None:
    pos = paris_score.loads(json.dumps(MINIMAL))
    assert pos.buildings == ()
    assert pos.rules.large_streetlight_pattern == "square2"
    assert pos.ground.orange.bit_count() == 64


def test_write_then_read_gives_an_equal_position() -> None:
    pos = board(
        """
        ollbmooo  AA+.p.d.
        oooooooo  A.<.f.t.
        """,
        orange="A",
        annex="A",
        jardin="",
        chartier=9,
        cards={"in_play": ["le-peintre"], "orange": ["le-peintre"], "blue": ["bouquinistes"]},
        reserve={"orange": [3, 6], "blue": [4]},
        pattern=((1, 2), (-3, 0)),
    )
    text = paris_score.dumps(pos)
    assert paris_score.loads(text) == pos
    assert paris_score.dumps(paris_score.loads(text)) == text


def test_input_case_is_accepted_and_output_is_upper_case() -> None:
    doc = with_(ground=["OOOOBBBB"] + ["oooooooo"] * 7, buildings=[{"id": "a1", "owner": "blue", "cells": ["b2"]}])
    pos = paris_score.loads(json.dumps(doc))
    out = json.loads(paris_score.dumps(pos))
    assert out["ground"][0] == "oooobbbb"
    assert out["buildings"][0]["cells"] == ["B2"]
    assert out["buildings"][0]["id"] == "a1"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_match_the_schema_and_round_trip(path: Path) -> None:
    doc = json.loads(path.read_text("utf-8"))
    jsonschema.validate(doc, json.loads(schema("position")))
    pos = paris_score.load(path)
    assert paris_score.loads(paris_score.dumps(pos)) == pos
    report = paris_score.score(pos).to_dict()
    jsonschema.validate(report, json.loads(schema("report")))


def test_written_documents_match_the_schema() -> None:
    pos = board("lm  gA", orange="A", pattern=((2, 1),))
    jsonschema.validate(json.loads(paris_score.dumps(pos)), json.loads(schema("position")))


def test_every_error_at_once_with_its_key_path() -> None:
    doc = {
        "format": "paris-position/2",
        "ground": ["oooooooo"] * 7 + ["ooooqooo"],
        "buildings": [
            {"id": "A", "owner": "green", "cells": ["A1", "I9"]},
            {"id": "B!", "owner": "blue", "cells": [], "annex": "A0"},
            {"id": "C", "owner": "blue", "cells": ["C1", "c1"], "colour": "red"},
        ],
        "reserve": {"orange": [2, "4", True], "purple": []},
        "postcards": {"in_play": ["levitation", "tour-eiffel"]},
        "pieces": {"statue": {"at": "B2"}, "painter": 3},
        "rules": {"large_streetlight_pattern": [[0, 0], [1, 8]]},
        "extra": 1,
    }
    assert errors_of(doc) == [
        "format: expected 'paris-position/1', got \"paris-position/2\": a version of the format this paris-score"
        " does not read",  # the format first
        "extra: unknown key; expected one of format, ground, buildings, reserve, postcards, pieces, rules",
        "ground[7]: space E8: 'q' is not a cobblestone; expected o, b, m or l",
        "buildings[0].owner: 'green' is not one of orange, blue",
        "buildings[0].cells[1]: 'I9' is not a space; expected a column A-H and a row 1-8, e.g. 'C4'",
        "buildings[1].id: 'B!': expected 1-2 letters or digits",
        "buildings[1].cells: a building covers at least one space",
        "buildings[1].annex: 'A0' is not a space; expected a column A-H and a row 1-8, e.g. 'C4'",
        "buildings[2].colour: unknown key; expected one of id, owner, cells, annex, piece",
        "buildings[2].cells[1]: C1 is listed twice",
        "reserve.purple: unknown key; expected one of orange, blue",
        "reserve.orange[0]: size 2 is not in the box; expected 3, 4, 5 or 6 (B3)",
        'reserve.orange[1]: expected a whole number, got a string "4"',
        "reserve.orange[2]: expected a whole number, got a boolean true",
        "postcards.in_play[1]: 'tour-eiffel' is not a postcard slug; expected one of levitation, metropolitain, "
        "jardin-des-plantes, sacre-coeur, le-peintre, chartier, bouquinistes, lampadaire, moulin-rouge, "
        "le-penseur, fontaine-des-mers, la-grande-lumiere",
        "pieces.statue.facing: missing",
        "pieces.painter: expected a string, got a number",
        "rules.large_streetlight_pattern[0]: [0, 0]: expected an offset other than [0, 0], each part within -7..7",
        "rules.large_streetlight_pattern[1]: [1, 8]: expected an offset other than [0, 0], each part within -7..7",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "the input is empty"),
        ("{", "line 1, col 2: not valid JSON"),
        ('{"format": "paris-position/1", "format": 1}', "format: this key appears twice in one object"),
        ("[1, 2]", "expected an object, got a list"),
        ('{"ground": ["oooooooo"]}', "format: missing"),
        ("[" * 10000 + "]" * 10000, "nested too deeply"),
    ],
)
def test_unreadable_documents(text: str, expected: str) -> None:
    with pytest.raises(PositionFormatError) as info:
        paris_score.loads(text)
    assert expected in str(info.value)


def test_duplicate_building_ids() -> None:
    doc = with_(
        buildings=[{"id": "A", "owner": "blue", "cells": ["A1"]}, {"id": "A", "owner": "blue", "cells": ["B1"]}]
    )
    assert errors_of(doc) == ["buildings[1].id: 'A' is used by an earlier building; ids are unique"]


def test_bytes_bom_and_bad_utf8() -> None:
    data = json.dumps(MINIMAL).encode()
    assert paris_score.loads(b"\xef\xbb\xbf" + data) == paris_score.loads(data)
    with pytest.raises(PositionFormatError, match=r"byte 0 \(line 1, col 1\): not UTF-8 text"):
        paris_score.loads(b"\xff" + data)


def test_oversized_input_is_refused_before_parsing() -> None:
    with pytest.raises(PositionFormatError, match="positions are at most 1048576 bytes"):
        paris_score.loads(b" " * (1 << 20 + 1))


def test_format_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="missing"):
        paris_score.loads("{}")


def test_format_can_be_forced_and_json_files_are_read_as_json(tmp_path: Path) -> None:
    broken = '// a comment\n{"format": "paris-position/1"}'
    with pytest.raises(PositionFormatError) as info:
        paris_score.loads(broken, "json")
    assert [str(e) for e in info.value.errors] == ["line 1, col 1: not valid JSON: Expecting value"]
    path = tmp_path / "game.json"
    path.write_text(broken, "utf-8")
    with pytest.raises(PositionFormatError, match="not valid JSON"):
        paris_score.load(path)
    text = paris_score.dumps(paris_score.rulebook_example(), format="text")
    assert paris_score.loads(text, "text") == paris_score.rulebook_example()
    with pytest.raises(ValueError, match="unknown format 'xml'"):
        paris_score.loads(text, "xml")  # type: ignore[arg-type]


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_json_syntax_errors_count_lines_as_editors_do(newline: str) -> None:
    text = newline.join(["{", '"format": "paris-position/1",', "  x}"])
    with pytest.raises(PositionFormatError) as info:
        paris_score.loads(text)
    assert str(info.value) == "line 3, col 3: not valid JSON: Expecting property name enclosed in double quotes"


def test_a_text_grid_named_json_is_named_a_text_grid(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(paris_score.dumps(paris_score.rulebook_example(), format="text"), "utf-8")
    with pytest.raises(PositionFormatError) as info:
        paris_score.load(path)
    assert [str(e) for e in info.value.errors] == [
        "this is a text grid, not JSON; a *.json file is read as JSON: name it *.txt"
    ]
    assert paris_score.load(path.rename(tmp_path / "game.txt")) == paris_score.rulebook_example()


@pytest.mark.parametrize("value", [None, {"format": "paris-position/1"}, 3])
def test_loads_of_what_is_no_text_says_what_it_takes(value: object) -> None:
    """A program's slip gets words that say what ``loads`` takes, not ``len()``'s (before: "object of type
    'NoneType' has no len()")."""
    with pytest.raises(TypeError, match=r"^expected the text of JSON or a text grid \(str or bytes\), got \w+$"):
        paris_score.loads(value)  # type: ignore[arg-type]
