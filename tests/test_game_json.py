"""paris-game/1 records: read (every error at once, by key path), written back, and their schema."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from paris_score import GameFormatError, Player, Rules
from paris_score.formats import schema
from paris_score.game import records as game_json
from paris_score.game.records import GameRecord, dumps_game, game_from_dict, game_to_dict, loads_game
from paris_score.postcards import STARRED, Postcard

ROOT = Path(__file__).resolve().parent.parent

POOL = [
    {"id": "A", "shape": ["A1", "B1", "C1"]},
    {"id": "B", "shape": ["A1", "A2", "B2"]},
    {"id": "C", "shape": ["A1", "B1", "C1", "D1"]},
    {"id": "D", "shape": ["A1", "A2", "A3", "B3"]},
    {"id": "E", "shape": ["A1", "B1", "C1", "B2"]},
    {"id": "F", "shape": ["B1", "C1", "A2", "B2"]},
    {"id": "G", "shape": ["A1", "B1", "C1", "D1", "E1"]},
    {"id": "H", "shape": ["A1", "A2", "A3", "A4", "B4"]},
    {"id": "K", "shape": ["A1", "B1", "A2", "B2", "A3"]},
    {"id": "L", "shape": ["A1", "C1", "A2", "B2", "C2"]},
    {"id": "M", "shape": ["A1", "B1", "C1", "D1", "E1", "F1"]},
    {"id": "N", "shape": ["A1", "B1", "C1", "A2", "B2", "C2"]},
]
"""Fictional shapes of the box's sizes (B3); the real ones are unknown."""

RECORD: dict[str, Any] = {
    "format": "paris-game/1",
    "setup": {
        "postcards": [str(c) for c in STARRED],
        "pool": POOL,
        "tiles": {
            "orange": [["oo", "ol"], ["ob", "mo"], ["oo", "bb"], ["lo", "oo"]] * 2,
            "blue": [["bb", "bl"], ["bo", "mb"], ["bb", "oo"], ["lb", "bb"]] * 2,
        },
    },
    "moves": ["tile A1 0", "take F"],
}


def errors_of(doc: object) -> list[str]:
    with pytest.raises(GameFormatError) as info:
        loads_game(json.dumps(doc))
    return [str(e) for e in info.value.errors]


def changed(path: str, value: object) -> dict[str, Any]:
    """RECORD with the value at a dotted path replaced (``None``-valued ``...`` deletes it)."""
    doc = copy.deepcopy(RECORD)
    *parents, last = path.split(".")
    node = doc
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    if value is ...:
        del node[last]
    elif isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return doc


def test_a_record_reads_with_its_defaults() -> None:
    record = loads_game(json.dumps(RECORD))
    assert record.moves == ("tile A1 0", "take F")
    assert record.result is None
    setup = record.setup
    assert setup.postcards == STARRED
    assert setup.first is Player.ORANGE
    assert setup.rules == Rules()
    assert [p.id for p in setup.pool] == [p["id"] for p in POOL]
    assert setup.piece("f").shape == ((1, 0), (2, 0), (0, 1), (1, 1))
    assert setup.stack(Player.BLUE)[1] == ("bo", "mb")


def test_optional_keys_read() -> None:
    doc = changed("setup.first", "blue")
    doc["setup"]["rules"] = {"large_streetlight_pattern": [[1, 0], [0, 1]]}
    doc["result"] = {"orange": 48, "blue": -3}
    del doc["moves"]
    record = game_from_dict(doc)
    assert (record.setup.first, record.setup.rules, record.moves, record.result) == (
        Player.BLUE,
        Rules(((1, 0), (0, 1))),
        (),
        (48, -3),
    )


def test_a_record_may_name_its_players_and_seed() -> None:
    doc = {**RECORD, "players": {"orange": "Ada", "blue": "examples.my_bots:builder"}, "seed": 7}
    record = game_from_dict(doc)
    assert (record.players, record.seed) == (("Ada", "examples.my_bots:builder"), 7)
    assert game_json.read_well_formed(doc) == record
    assert (loads_game(json.dumps(RECORD)).players, loads_game(json.dumps(RECORD)).seed) == (None, None)
    written = json.loads(dumps_game(record))
    assert (written["players"], written["seed"]) == (doc["players"], 7)
    assert "players" not in json.loads(dumps_game(loads_game(json.dumps(RECORD))))
    assert game_json.read_well_formed({**RECORD, "seed": None}) is None  # null is no seed: the reader says so
    assert errors_of({**RECORD, "seed": None})[0].startswith("seed: expected a whole number, got null")
    jsonschema.validate(doc, json.loads(schema("game")))


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ({"players": {"orange": "Ada"}}, ["players.blue: missing"]),
        ({"players": {"orange": 1, "blue": "Bo"}}, ["players.orange: expected a string, got a number"]),
        ({"players": ["Ada", "Bo"]}, ["players: expected an object, got a list"]),
        ({"seed": -1}, ["seed: expected a whole number 0 or more, got -1"]),
        ({"seed": "7"}, ['seed: expected a whole number, got a string "7"']),
    ],
)
def test_a_bad_players_or_seed_is_named(extra: dict[str, object], expected: list[str]) -> None:
    doc = {**RECORD, **extra}
    assert errors_of(doc) == expected
    assert game_json.read_well_formed(doc) is None
    assert not jsonschema.Draft202012Validator(json.loads(schema("game"))).is_valid(doc)


def test_write_then_read_gives_an_equal_record() -> None:
    doc = changed("setup.rules", {"large_streetlight_pattern": "rays8"})
    doc["result"] = {"orange": 1, "blue": 2}
    record = game_from_dict(doc)
    text = dumps_game(record)
    assert loads_game(text) == record
    assert json.loads(text) == game_to_dict(record)
    assert text.count("\n") > 20, "one pool piece and one move a line"
    jsonschema.validate(json.loads(text), json.loads(schema("game")))


def test_an_empty_record_writes_empty_moves() -> None:
    record = GameRecord(loads_game(json.dumps(RECORD)).setup)
    assert json.loads(dumps_game(record))["moves"] == []


def test_the_example_record_matches_the_schema() -> None:
    jsonschema.validate(RECORD, json.loads(schema("game")))


@pytest.mark.parametrize(
    ("doc", "expected"),
    [
        ([], ["expected an object, got a list"]),
        ({**RECORD, "movez": []}, ["movez: unknown key; did you mean moves?"]),
        (changed("format", "paris-game/2"), ["format: expected 'paris-game/1', got \"paris-game/2\""]),
        (changed("format", "paris-position/1"), ["format: this is a paris-position/1 position, not ..."]),
        (changed("setup", ...), ["setup: missing"]),
        (
            changed("setup.colour", "x"),
            ["setup.colour: unknown key; expected one of postcards, pool, tiles, first, ..."],
        ),
        (changed("setup.first", "green"), ["setup.first: 'green' is not one of orange, blue"]),
        (changed("setup.postcards.2", "tour-eiffel"), ["setup.postcards[2]: 'tour-eiffel' is not a postcard slug..."]),
        (changed("setup.pool.3.shape", "A1"), ["setup.pool[3].shape: expected a list, got a string"]),
        (changed("setup.pool.3.shape", []), ["setup.pool[3].shape: a piece covers at least one space"]),
        (changed("setup.pool.3.shape", ["A1", "a1"]), ["setup.pool[3].shape[1]: A1 is listed twice"]),
        (changed("setup.pool.3.size", 4), ["setup.pool[3].size: unknown key; expected one of id, shape"]),
        (changed("setup.tiles.blue", ...), ["setup.tiles.blue: missing"]),
        (changed("setup.tiles.orange.0", "oool"), ["setup.tiles.orange[0]: expected a list, got a string"]),
        (changed("setup.rules", {"large_streetlight_pattern": "star"}), ["setup.rules.large_streetlight_pattern: ..."]),
        (changed("moves", ["tile A1 0", 7]), ["moves[1]: expected a string, got a number"]),
        (changed("moves", ["x" * 201]), ["moves[0]: a move of 201 characters; a move has at most 200"]),
        (changed("moves", ["pass"] * 1001), ["moves: 1001 items; a list here holds at most 1000 (docs/robustness.md)"]),
        ({**RECORD, "result": {"orange": "48", "blue": 57}}, ["result.orange: expected a whole number, got a string"]),
        ({**RECORD, "result": {"orange": 48}}, ["result.blue: missing"]),
    ],
)
def test_each_mistake_is_named_by_its_key_path(doc: object, expected: list[str]) -> None:
    found = errors_of(doc)
    assert len(found) == len(expected), found
    for want, got in zip(expected, found, strict=True):
        assert got.startswith(want.removesuffix("...")), got


def test_the_box_rules_of_a_setup_are_checked_all_at_once() -> None:
    doc = copy.deepcopy(RECORD)
    setup = doc["setup"]
    setup["postcards"][1] = setup["postcards"][0]  # a card twice
    setup["pool"][0]["id"] = "J"  # the Jardin's id
    setup["pool"][2]["id"] = "b"  # B again, in another case
    setup["pool"][4]["shape"] = ["A1", "C1", "D1", "A2"]  # not connected
    setup["tiles"]["orange"] = setup["tiles"]["orange"][:7]
    setup["tiles"]["blue"][3] = ["bx", "bb"]
    found = errors_of(doc)
    assert [e.split(":")[0] for e in found] == [
        "setup.postcards[1]",
        "setup.pool[0].id",
        "setup.pool[2].id",
        "setup.pool[4].shape",
        "setup.tiles.orange",
        "setup.tiles.blue[3]",
    ]


def test_a_piece_that_cannot_be_read_does_not_hide_the_other_parts_errors() -> None:
    doc = changed("setup.pool.0.shape", ["B1", "A2", "Z9"])
    doc["setup"]["tiles"]["orange"][0] = ["ob", "oq"]
    assert [e.split(":")[0] for e in errors_of(doc)] == ["setup.pool[0].shape[2]", "setup.tiles.orange[0]"]


def test_a_result_names_a_bad_total_and_a_missing_one() -> None:
    assert errors_of({**RECORD, "result": {"orange": "x"}}) == [
        'result.orange: expected a whole number, got a string "x"',
        "result.blue: missing",
    ]


def test_every_error_of_every_part_at_once_in_document_order() -> None:
    doc = copy.deepcopy(RECORD)
    setup = doc["setup"]
    setup["postcards"][1] = "tour-eiffel"  # not read
    setup["postcards"][3] = setup["postcards"][0]  # read, then found twice
    setup["pool"][1]["shape"] = ["A1", "Z9"]  # not read: the box's sizes go unchecked (it would restate this)
    setup["pool"][2]["id"] = "J"
    setup["pool"][4]["shape"] = ["A1", "C1", "D1", "A2"]  # not connected
    setup["pool"][5]["id"] = 7  # not read
    setup["tiles"]["orange"][0] = "oool"  # not read
    setup["tiles"]["orange"][2] = ["ox", "oo"]
    setup["tiles"]["blue"] = setup["tiles"]["blue"][:7]
    setup["first"] = "green"
    setup["rules"] = {"large_streetlight_pattern": "star"}
    doc["moves"] = ["tile A1 0", 7]
    doc["result"] = {"blue": None}
    assert [e.split(":")[0] for e in errors_of(doc)] == [
        "setup.postcards[1]",
        "setup.postcards[3]",
        "setup.pool[1].shape[1]",
        "setup.pool[2].id",
        "setup.pool[4].shape",
        "setup.pool[5].id",
        "setup.tiles.orange[0]",
        "setup.tiles.orange[2]",
        "setup.tiles.blue",
        "setup.first",
        "setup.rules.large_streetlight_pattern",
        "moves[1]",
        "result.orange",
        "result.blue",
    ]


def test_errors_stop_at_the_cap_with_a_note_last() -> None:
    doc = changed("setup.postcards", ["x"] * 60)
    doc["setup"]["tiles"]["orange"] = [["xx", "xx"]] * 60
    found = errors_of(doc)
    assert len(found) == 101
    assert found[0] == "setup.postcards: expected 8 postcards, got 60 (B6)"
    assert found[1].startswith("setup.postcards[0]: 'x' is not a postcard slug")
    assert found[61] == "setup.tiles.orange: expected 8 tiles, got 60"
    assert found[62].startswith("setup.tiles.orange[0]: expected 2 rows")
    assert found[-1] == "stopped after 100 errors"


def test_pool_sizes_must_be_the_box_sizes() -> None:
    found = errors_of(changed("setup.pool.0.shape", ["A1", "B1", "C1", "D1"]))
    assert found == [
        "setup.pool: the box holds 2 of size 3, 4 of size 4, 4 of size 5, 2 of size 6 (B3); "
        "got 1 of size 3, 5 of size 4, 4 of size 5, 2 of size 6"
    ]


def test_twelve_pool_pieces_and_eight_cards() -> None:
    doc = changed("setup.pool", POOL[:11])
    doc["setup"]["postcards"] = [*doc["setup"]["postcards"], str(Postcard.LE_PENSEUR)]
    found = errors_of(doc)
    assert [e.split(":")[0] for e in found] == ["setup.postcards", "setup.pool"]
    assert "9" in found[0]
    assert "11" in found[1]


def test_not_json_and_empty_input_say_where() -> None:
    with pytest.raises(GameFormatError) as info:
        loads_game('{"format": "paris-game/1",\n "setup": }')
    assert str(info.value.errors[0]).startswith("line 2, col 11: not valid JSON")
    with pytest.raises(GameFormatError, match="the input is empty; expected a paris-game/1 document"):
        loads_game(b"  \n")
    with pytest.raises(GameFormatError, match=r"format: this key appears twice in one object"):
        loads_game('{"format": "paris-game/1", "format": "paris-game/1"}')


@pytest.mark.parametrize("name", ["game", "replay"])
def test_the_schemas_are_valid_json_schemas(name: str) -> None:
    document = json.loads(schema(name))  # type: ignore[arg-type]
    jsonschema.Draft202012Validator.check_schema(document)
    assert document["title"] == f"paris-{name}/1"


def test_the_schema_refuses_what_the_reader_refuses() -> None:
    validator = jsonschema.Draft202012Validator(json.loads(schema("game")))
    for bad in (
        changed("setup.pool", POOL[:11]),
        changed("setup.pool.0.id", "J"),
        changed("setup.tiles.orange.0", ["oo", "ox"]),
        changed("setup.postcards.1", "levitation"),
        {**RECORD, "movez": []},
    ):
        assert not validator.is_valid(bad)
        with pytest.raises(GameFormatError):
            game_from_dict(bad)


def test_the_fast_path_reads_what_the_reader_reads_and_nothing_it_refuses() -> None:
    """read_well_formed() gives the full reader's record, or None; never a record the reader refuses."""
    from paris_score.game import records as game_json
    from tests.fuzzing import game_seeds, mutate, structure

    rng = random.Random(11)
    seeds = [*game_seeds(), json.dumps(RECORD).encode()]
    fast_read = 0
    for i in range(1500):
        data = seeds[i % len(seeds)] if i < len(seeds) else mutate(rng, rng.choice(seeds), rng.choice(seeds))
        if i % 3 == 0:
            data = structure(rng, data, b"")
        try:
            doc = json.loads(data)
        except (ValueError, RecursionError):
            continue
        fast = game_json.read_well_formed(doc)
        try:
            slow = game_json._read(doc)
        except GameFormatError:
            assert fast is None, data
            continue
        if fast is not None:
            fast_read += 1
            assert fast == slow
    assert fast_read > 50
