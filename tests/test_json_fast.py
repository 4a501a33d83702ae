"""The JSON reader's fast path agrees with the error-collecting reader (paris_score.formats.position_json).

``read_well_formed`` reads the common, well-formed document and returns
``None`` at the first oddity; the full reader then reads it again and words
every error.  The fast path must never accept what the full reader refuses,
and must give the same position when both accept.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paris_score import Position, PositionFormatError, rulebook_example
from paris_score.formats import position_json
from paris_score.formats.jsonread import parse_json
from paris_score.formats.position_json import from_dict, loads_json, read_well_formed, to_dict
from paris_score.game.generate import random_position
from tests.strategies import positions


def full_read(data: object, monkeypatch: pytest.MonkeyPatch) -> Position | list[str]:
    """The error-collecting reader alone: the position, or its error messages."""
    with monkeypatch.context() as m:
        m.setattr(position_json, "read_well_formed", lambda _: None)
        try:
            return from_dict(data)
        except PositionFormatError as e:
            return [str(err) for err in e.errors]


def assert_agree(data: object, monkeypatch: pytest.MonkeyPatch) -> Position | None:
    fast = read_well_formed(copy.deepcopy(data))
    full = full_read(data, monkeypatch)
    if fast is not None:
        assert full == fast, json.dumps(data)
    return fast


def documents() -> list[dict[str, Any]]:
    rng = random.Random(6)
    found = [to_dict(rulebook_example())]
    found += [to_dict(random_position(rng, finished=i % 2 == 0)) for i in range(60)]
    return found


NASTY: list[Any] = [
    None,
    True,
    0,
    7,
    -1,
    4.0,
    "",
    "A1",
    "a1",
    "I9",
    "A1 ",
    "orange",
    "blue",
    "square2",
    "jardin-des-plantes",
    "le-peintre",
    "up",
    [],
    ["A1"],
    ["A1", "A1"],
    [1, 2],
    [0, 0],
    [[1, 0]],
    [[1, 0], [1, 0]],
    [[8, 0]],
    [8, 0],
    [-3, -9],
    [1, True],
    {},
    {"size": 4},
    {"at": "A1"},
    {"at": "A1", "facing": "up"},
]


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path inside a decoded JSON document."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += paths(item, (*prefix, i))
    return found


def mutate(rng: random.Random, doc: dict[str, Any]) -> dict[str, Any]:
    """The document with one thing changed: a value replaced, a key removed or added, a letter's case."""
    doc = copy.deepcopy(doc)
    path = rng.choice(paths(doc)[1:])
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    action = rng.randrange(4)
    if action == 0:
        parent[last] = copy.deepcopy(rng.choice(NASTY))
    elif action == 1:
        del parent[last]
    elif action == 2 and isinstance(parent, dict):
        parent[rng.choice(["extra", "id", "shape", "size", "statue", "blue", "piece", "annex"])] = rng.choice(NASTY)
    elif isinstance(parent[last], str):
        parent[last] = parent[last].swapcase()
    return doc


def test_well_formed_documents_take_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    for doc in documents():
        assert assert_agree(doc, monkeypatch) is not None


def test_upper_and_lower_case_spaces_and_ground(monkeypatch: pytest.MonkeyPatch) -> None:
    doc = to_dict(rulebook_example())
    doc["ground"] = [row.upper() for row in doc["ground"]]
    doc["buildings"][0]["cells"] = [name.lower() for name in doc["buildings"][0]["cells"]]
    assert assert_agree(doc, monkeypatch) == rulebook_example()


EVERY_RULE: list[tuple[tuple[Any, ...], Any]] = [
    (("format",), "paris-position/2"),
    (("ground",), ["oooooooo"] * 7),
    (("ground", 3), "ooooooo"),
    (("ground", 3), "oooooooox"),
    (("ground", 3), "ooooxooo"),
    (("ground", 3), "ooooéooo"),
    (("ground", 3), 8),
    (("buildings",), {}),
    (("buildings", 0), []),
    (("buildings", 0, "id"), "ABC"),
    (("buildings", 0, "id"), ""),
    (("buildings", 0, "id"), "A-"),
    (("buildings", 0, "id"), "É"),
    (("buildings", 0, "id"), 1),
    (("buildings", 1, "id"), "A"),
    (("buildings", 0, "owner"), "Orange"),
    (("buildings", 0, "owner"), None),
    (("buildings", 0, "cells"), []),
    (("buildings", 0, "cells"), "A1"),
    (("buildings", 0, "cells"), {"A1": 1}),
    (("buildings", 0, "cells"), ["A1", "a1"]),
    (("buildings", 0, "cells"), ["A9"]),
    (("buildings", 0, "annex"), None),
    (("buildings", 0, "annex"), "A1"),
    (("buildings", 0, "piece"), "jardin"),
    (("buildings", 0, "roof"), 1),
    (("reserve",), []),
    (("reserve", "green"), []),
    (("reserve", "orange"), [7]),
    (("reserve", "orange"), [True]),
    (("reserve", "orange"), [4.0]),
    (("reserve", "orange"), ["4"]),
    (("reserve", "orange"), [{"shape": ["A1", "B1", "C1"]}]),
    (("reserve", "orange"), [{"size": 3, "shape": ["A1", "B1"]}]),
    (("reserve", "orange"), [{"size": 3, "shape": ["A1", "B1", "D1"]}]),
    (("reserve", "orange"), [{"size": 3, "shape": ["A1", "B1", "B1"]}]),
    (("reserve", "orange"), [{"size": 3, "shape": []}]),
    (("reserve", "orange"), [{"size": 3, "colour": "x"}]),
    (("postcards",), []),
    (("postcards", "in_play"), ["le peintre"]),
    (("postcards", "orange"), "le-peintre"),
    (("postcards", "blue"), [None]),
    (("postcards", "green"), []),
    (("pieces",), []),
    (("pieces", "painter"), "Z1"),
    (("pieces", "hat"), "A1"),
    (("pieces", "statue"), {"at": "A1"}),
    (("pieces", "statue"), {"at": "A1", "facing": "north"}),
    (("pieces", "statue"), {"at": "A1", "facing": "up", "x": 1}),
    (("pieces", "statue"), "A1"),
    (("rules",), []),
    (("rules", "other"), 1),
    (("rules", "large_streetlight_pattern"), "square3"),
    (("rules", "large_streetlight_pattern"), []),
    (("rules", "large_streetlight_pattern"), [[0, 0]]),
    (("rules", "large_streetlight_pattern"), [[8, 0]]),
    (("rules", "large_streetlight_pattern"), [[1, 0], [1, 0]]),
    (("rules", "large_streetlight_pattern"), [[1, 0.0]]),
    (("rules", "large_streetlight_pattern"), [[1, True]]),
    (("rules", "large_streetlight_pattern"), [[1, 0, 0]]),
    (("rules", "large_streetlight_pattern"), 2),
    (("extra",), 1),
    # The limits of docs/robustness.md: lists of over 64 items (issue 7).
    (("buildings",), [{"id": f"{i}", "owner": "blue", "cells": ["H8"]} for i in range(65)]),
    (("reserve", "orange"), [3] * 65),
    (("reserve", "orange"), [{"size": 3}] * 65),
    (("postcards", "in_play"), ["le-peintre"] * 65),
    (("postcards", "blue"), ["chartier"] * 65),
]


@pytest.mark.parametrize(("path", "value"), EVERY_RULE)
def test_both_readers_refuse_every_kind_of_mistake(
    path: tuple[Any, ...], value: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = to_dict(rulebook_example())
    doc["buildings"][0]["annex"] = "H1"  # any space but its own cells will do for reading
    doc["reserve"]["blue"] = [{"size": 3, "shape": ["A1", "B1", "B2"]}]
    doc["rules"]["large_streetlight_pattern"] = [[1, 0], [-2, 7]]
    doc["pieces"]["statue"] = {"at": "H8", "facing": "up"}
    assert read_well_formed(copy.deepcopy(doc)) is not None
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    assert read_well_formed(copy.deepcopy(doc)) is None
    assert isinstance(full_read(doc, monkeypatch), list)


def test_a_thousand_mutations_never_split_the_readers(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(2026)
    docs = documents()
    taken = 0
    for _ in range(1000):
        doc = mutate(rng, rng.choice(docs))
        if rng.random() < 0.3:
            doc = mutate(rng, doc)
        taken += assert_agree(doc, monkeypatch) is not None
    assert 0 < taken < 1000  # both paths were exercised


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(positions())
def test_structural_positions_read_back_by_both_paths(position: Position) -> None:
    doc = to_dict(position)
    assert read_well_formed(doc) == position


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_random_mutations(monkeypatch: pytest.MonkeyPatch, data: st.DataObject) -> None:
    rng = data.draw(st.randoms(use_true_random=False))
    doc = mutate(rng, to_dict(random_position(rng)))
    assert_agree(doc, monkeypatch)


# The text: a well-formed document is decoded by json.loads alone (no hooks), its keys counted against the ':'s.


def strict_read(text: str) -> Position | list[str]:
    """The strict decoding and the error-collecting reader: the position, or its error messages."""
    try:
        return from_dict(parse_json(text))
    except PositionFormatError as e:
        return [str(err) for err in e.errors]


def text_read(text: str) -> Position | list[str]:
    try:
        return loads_json(text)
    except PositionFormatError as e:
        return [str(err) for err in e.errors]


def text_with(value: Any, twice: object = None, colon: str = ": ") -> str:
    """``value`` as JSON text, the object ``twice`` (by identity) holding its first key a second time, same value."""
    if isinstance(value, dict):
        items = list(value.items())
        items += items[:1] if value is twice else []
        return "{" + ", ".join(f"{json.dumps(k)}{colon}{text_with(v, twice, colon)}" for k, v in items) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(text_with(v, twice, colon) for v in value) + "]"
    return json.dumps(value)


def objects(value: Any) -> list[dict[str, Any]]:
    """Every object of a decoded document that has a key."""
    found = [value] if isinstance(value, dict) and value else []
    for item in value.values() if isinstance(value, dict) else value if isinstance(value, list) else ():
        found += objects(item)
    return found


def rich_document() -> dict[str, Any]:
    """A document with an object of every kind: statue, reserve entries with shapes, a custom pattern."""
    doc = to_dict(rulebook_example())
    doc["buildings"][0]["annex"] = "H1"
    doc["reserve"]["blue"] = [{"size": 3, "shape": ["A1", "B1", "B2"]}, 4]
    doc["rules"]["large_streetlight_pattern"] = [[1, 0], [-2, 7]]
    doc["pieces"]["statue"] = {"at": "H8", "facing": "up"}
    return doc


def test_well_formed_texts_are_read_without_the_strict_decoding(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(position_json, "parse_json", lambda _: pytest.fail("decoded strictly"))
    for doc in [*documents(), rich_document()]:
        for colon in (": ", " :", ":\n"):
            assert loads_json(text_with(doc, colon=colon)) == from_dict(doc)


def test_a_key_given_twice_in_any_object_is_refused_as_the_strict_reader_says() -> None:
    docs = [*documents()[:10], rich_document()]
    tried = 0
    for doc in docs:
        for obj in objects(doc):
            for colon in (": ", " : "):
                text = text_with(doc, obj, colon)
                found = text_read(text)
                assert found == strict_read(text)
                assert isinstance(found, list)
                assert any("this key appears twice in one object" in message for message in found), found
                tried += 1
    assert tried > 200


@pytest.mark.parametrize(
    "size",
    ["NaN", "Infinity", "-Infinity", "3.0", "3e0", "1" + "0" * 150, "3" * 5000, "true", "[3]", '"3"', "03"],
)
def test_numbers_the_strict_decoding_refuses_are_refused(size: str) -> None:
    doc = rich_document()
    text = text_with(doc).replace('"size": 3', f'"size": {size}')
    assert text != text_with(doc)
    found = text_read(text)
    assert found == strict_read(text)
    assert isinstance(found, list)


def test_colons_inside_strings_leave_the_count_on_the_safe_side() -> None:
    doc = rich_document()
    doc["buildings"][0]["id"] = "A:"
    found = text_read(text_with(doc))
    assert found == strict_read(text_with(doc))
    assert found == ["buildings[0].id: 'A:': expected 1-2 letters or digits"]
    doc = rich_document()
    text = text_with(doc).replace('"format": "paris-position/1"', '"format": "paris-position/1", "x:": 1', 1)
    assert text_read(text) == strict_read(text)


_STRING: Final = re.compile(r'"[^"\\]+"')
"""A JSON string without escapes: a key, or a value such as a space's name."""


@settings(max_examples=200, deadline=None)
@given(positions(), st.data())
def test_any_spelling_of_a_text_is_read_as_the_strict_reader_reads_it(position: Position, data: st.DataObject) -> None:
    """Blanks around the ':'s, a key given twice in any object, characters of keys and strings written as
    ``\\u`` escapes: the fast path and the strict decoding agree."""
    doc = to_dict(position)
    twice = data.draw(st.sampled_from([None, *objects(doc)]))
    text = text_with(doc, twice, data.draw(st.sampled_from([": ", ":", " :\n", "\t: "])))
    inside = [at for m in _STRING.finditer(text) for at in range(m.start() + 1, m.end() - 1)]
    for at in sorted(data.draw(st.sets(st.sampled_from(inside), max_size=4)), reverse=True):
        text = f"{text[:at]}\\u{ord(text[at]):04x}{text[at + 1 :]}"
    found = text_read(text)
    assert found == strict_read(text)
    assert isinstance(found, list) == (twice is not None)
