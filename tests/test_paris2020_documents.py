"""paris2020-final/1 and paris2020-score/1 (docs/paris2020.md): the rulebook's three examples line by line,
the reader's errors at their key paths, the writer, the schemas."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given, settings

from paris_score.errors import Paris2020FormatError
from paris_score.formats import schema
from paris_score.paris2020 import (
    District,
    EndOfGame,
    dumps_final,
    final_from_dict,
    final_to_dict,
    load_final,
    loads_final,
    score,
    score_to_dict,
)
from tests.strategies import paris2020_games

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "paris2020"
FINAL_SCHEMA = jsonschema.Draft202012Validator(json.loads(schema("paris2020-final")))
SCORE_SCHEMA = jsonschema.Draft202012Validator(json.loads(schema("paris2020-score")))


def standings(game: EndOfGame) -> list[tuple[str, int, int, int]]:
    """The one district's (name, sum, place, points), by place."""
    (district,) = score(game).districts
    return [(s.name, s.value, s.place, s.points) for s in district.standings]


def with_tile(game: EndOfGame, scoring: tuple[int, ...]) -> EndOfGame:
    return attrs.evolve(game, districts=(attrs.evolve(game.districts[0], scoring=scoring),))


# -- The rulebook's examples ------------------------------------------------------------------------


def test_batignolles_ula_and_piotr_tie_and_piotr_s_13_takes_the_1st_place() -> None:
    game = load_final(EXAMPLES / "batignolles.json")
    assert standings(game) == [
        ("Piotr", 13, 1, 20),  # ties Ula on 13 and owns the district's most valuable property, 13
        ("Ula", 13, 2, 10),  # 11 + 2
        ("Marysia", 10, 3, 5),  # 5 + 4 + 1
        ("Marek", 3, 4, 0),  # the 4th place never scores with four players
    ]
    assert str(score(game)).splitlines()[2:8] == [
        "Batignolles: scoring tile 20, 10, 5",
        "   1st  Piotr    13               20",
        "   2nd  Ula      13 = 11 + 2      10",
        "   3rd  Marysia  10 = 5 + 4 + 1    5",
        "   4th  Marek    3                 0  the 4th place never scores with 4 players (K5)",
        "  Piotr and Ula tie on 13; the most valuable property each owns there decides: Piotr 13, Ula 11 (K4)",
    ]


@pytest.mark.parametrize("second", range(4, 17))
def test_montmartre_marysia_and_marek_co_own_the_15_and_share_the_1st_place(second: int) -> None:
    """The rulebook gives the tile's 16 and 4; whatever the 2nd place's value, nobody scores it."""
    game = with_tile(load_final(EXAMPLES / "montmartre.json"), (16, second, 4))
    assert standings(game) == [
        ("Marysia", 21, 1, 16),  # 15 + 3 + 3
        ("Marek", 21, 1, 16),  # 15 + 4 + 2
        ("Ula", 16, 3, 4),  # 11 + 5: the 2nd place is skipped
        ("Piotr", 8, 4, 0),
    ]
    assert score(game).districts[0].ties == (
        "Marysia and Marek tie on 21, and they co-own a property of 15, the most valuable each owns there: "
        "they share the 1st place, the 2nd place skipped (K4)",
    )


@pytest.mark.parametrize("tile", [(18, 9, 4), (18,), (18, 18), (18, 0), (18, 17, 16)])
def test_belleville_marek_s_5_is_under_half_of_ula_s_12_and_scores_nothing(tile: tuple[int, ...]) -> None:
    """The rulebook gives the tile's 18; the values after it are stand-ins that change nothing."""
    game = with_tile(load_final(EXAMPLES / "belleville.json"), tile)
    assert standings(game) == [("Ula", 12, 1, 18), ("Marek", 5, 2, 0)]
    result = score(game)
    assert [p.total for p in result.players] == [18, 0]
    assert result.winners == ("Ula",)


def test_belleville_line_by_line() -> None:
    text = str(score(load_final(EXAMPLES / "belleville.json")))
    assert text.splitlines()[2:5] == [
        "Belleville: scoring tile 18, 9, 4",
        "   1st  Ula    12   18",
        "   2nd  Marek  5     0  with 2 players the 2nd place needs at least half the 1st's value: 5 < 12/2 (K6)",
    ]


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.name)
def test_each_example_says_where_it_comes_from_reads_back_and_matches_the_schemas(path: Path) -> None:
    doc = json.loads(path.read_text("utf-8"))
    game = final_from_dict(doc)
    assert "rulebook" in game.note
    assert final_to_dict(game) == doc
    FINAL_SCHEMA.validate(doc)
    SCORE_SCHEMA.validate(score_to_dict(score(game)))


# -- The reader's errors ------------------------------------------------------------------------------

GOOD: dict[str, Any] = {
    "format": "paris2020-final/1",
    "players": [
        {"name": "Ula", "points": 45, "francs": 7, "bonus_27": True},
        {"name": "Marek", "points": 38, "francs": 12},
    ],
    "districts": [
        {
            "name": "Belleville",
            "scoring": [18, 9, 4],
            "properties": [{"value": 12, "owners": ["Ula"]}, {"value": 5, "owners": ["Marek"]}],
        }
    ],
}


def errors(doc: object) -> list[str]:
    with pytest.raises(Paris2020FormatError) as caught:
        final_from_dict(doc)
    return [str(e) for e in caught.value.errors]


def changed(path: str, value: object) -> dict[str, Any]:
    """GOOD with the value at a dotted path replaced (``...`` deletes it)."""
    doc = json.loads(json.dumps(GOOD))
    *parents, last = path.split(".")
    here: Any = doc
    for key in parents:
        here = here[int(key)] if isinstance(here, list) else here[key]
    if value is ...:
        del here[last]
    elif isinstance(here, list):
        here[int(last)] = value
    else:
        here[last] = value
    return doc


def test_the_issue_s_example_reads_and_scores() -> None:
    result = score(final_from_dict(GOOD))
    assert [(p.name, p.points, p.bonus_27, p.districts, p.total) for p in result.players] == [
        ("Ula", 45, 7, (18,), 70),
        ("Marek", 38, 0, (0,), 38),
    ]


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        (
            "format",
            "paris2020-final/2",
            [
                "format: expected 'paris2020-final/1', got \"paris2020-final/2\": a version of the format this "
                "paris-score does not read"
            ],
        ),
        ("players", ..., ["players: missing"]),
        ("colour", "red", ["colour: unknown key; expected one of format, note, players, districts"]),
        ("note", 3, ["note: expected a string, got a number"]),
        ("players.0.name", 7, ["players[0].name: expected a string, got a number"]),
        ("players.0.points", 4.0, ["players[0].points: expected a whole number, got a number 4.0"]),
        ("players.0.points", -4, ["players[0].points: expected a whole number of at least 0, got -4"]),
        ("players.1.francs", "12", ['players[1].francs: enter a whole number, not the text "12"']),
        ("players.1.francs", ..., ["players[1].francs: missing"]),
        ("players.0.bonus_27", "yes", ["players[0].bonus_27: expected true or false, got a string"]),
        ("players.1.bonus", True, ["players[1].bonus: unknown key; did you mean bonus_27?"]),
        (
            "players.1.name",
            "Ula",
            [
                "players[1].name: 'Ula' is the name of players[0] too; names are distinct",
                "districts[0].properties[1].owners[0]: 'Marek' is not a player; the players are 'Ula'",
            ],
        ),
        ("players.1", "Marek", ["players[1]: expected an object, got a string"]),
        ("districts", {}, ["districts: expected a list, got an object"]),
        ("districts.0.name", "", ["districts[0].name: a district needs a name"]),
        (
            "districts.0.scoring",
            [18, 20],
            [
                "districts[0].scoring[1]: the 2nd place's 20 is more than the 1st place's 18; "
                "a scoring tile's values do not go up (K4)"
            ],
        ),
        ("districts.0.scoring", 18, ["districts[0].scoring: expected a list, got a number"]),
        ("districts.0.scoring.1", [9], ["districts[0].scoring[1]: expected a whole number, got a list"]),
        (
            "districts.0.properties.0.value",
            True,
            ["districts[0].properties[0].value: expected a whole number, got a boolean true"],
        ),
        (
            "districts.0.properties.0.owners",
            "Ula",
            ["districts[0].properties[0].owners: expected a list, got a string"],
        ),
        (
            "districts.0.properties.0.owners",
            [],
            ["districts[0].properties[0].owners: a property has at least one owner (K3)"],
        ),
        (
            "districts.0.properties.1.owners",
            ["Marek", "Ula", "Ula"],
            [
                "districts[0].properties[1].owners: 3 owners; at most 2 keys stand on one property "
                "(bonus tile 16: two players; bonus tile 9: one player twice) (K3)"
            ],
        ),
        (
            "districts.0.properties.1.owners",
            ["Marke"],
            ["districts[0].properties[1].owners[0]: 'Marke' is not a player; the players are 'Ula' and 'Marek'"],
        ),
        (
            "districts.0.properties.1.price",
            3,
            ["districts[0].properties[1].price: unknown key; expected one of value, owners"],
        ),
    ],
)
def test_a_bad_document_is_refused_at_its_key_path(path: str, value: object, expected: list[str]) -> None:
    assert errors(changed(path, value)) == expected


def test_every_error_of_the_document_is_listed_at_once() -> None:
    doc = changed("players.0.points", "45")
    doc["districts"][0]["scoring"] = [18, "9"]
    doc["districts"][0]["properties"][1] = {"value": 5}
    assert errors(doc) == [
        'players[0].points: enter a whole number, not the text "45"',
        'districts[0].scoring[1]: enter a whole number, not the text "9"',
        "districts[0].properties[1].owners: missing",
    ]


def test_more_than_six_districts_and_more_than_four_players_are_refused() -> None:
    doc = changed("districts", [{"name": f"D{i}", "scoring": [], "properties": []} for i in range(7)])
    doc["players"] = [{"name": f"P{i}", "points": 0, "francs": 0} for i in range(5)]
    assert errors(doc) == [
        "players: 5 players; Paris is played by 2 to 4 (K1)",
        "districts: 7 districts; Paris has 6 (K1)",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (b"", "the input is empty; expected a paris2020-final/1 document"),
        (
            b'{"format": "paris2020-final/1",',
            "line 1, col 32: not valid JSON: Expecting property name enclosed in double quotes",
        ),
        (b'{"format": "paris2020-final/1", "format": "x"}', "format: this key appears twice in one object"),
        (b"\xff{}", "byte 0 (line 1, col 1): not UTF-8 text (0xff); save the file as UTF-8"),
        (
            b'{"format": "paris-position/1"}',
            "format: this is a paris-position/1 position, not a paris2020-final/1 "
            "end of a game of Paris (2020); `paris-score score`, `check`, `convert` and `render` read positions",
        ),
        (b"[]", ": expected an object, got a list"),
    ],
)
def test_unreadable_text_is_refused_with_where_and_why(text: bytes, expected: str) -> None:
    with pytest.raises(Paris2020FormatError) as caught:
        loads_final(text)
    assert str(caught.value).splitlines()[0].lstrip(": ") == expected.lstrip(": ")


# -- The writer and the schemas ---------------------------------------------------------------------


@settings(deadline=None)
@given(paris2020_games())
def test_a_written_end_of_game_reads_back_equal_and_its_score_matches_the_schema(game: EndOfGame) -> None:
    text = dumps_final(game)
    assert loads_final(text) == game
    FINAL_SCHEMA.validate(json.loads(text))
    SCORE_SCHEMA.validate(score_to_dict(score(game)))


def test_bonus_27_false_is_the_default_and_is_not_written() -> None:
    doc = changed("players.1.bonus_27", False)
    assert final_from_dict(doc) == final_from_dict(GOOD)
    assert "bonus_27" not in final_to_dict(final_from_dict(doc))["players"][1]


@pytest.mark.parametrize("name", ["paris2020-final", "paris2020-score"])
def test_the_schemas_are_valid_json_schemas(name: str) -> None:
    document = json.loads(schema(name))  # type: ignore[arg-type]
    jsonschema.Draft202012Validator.check_schema(document)
    assert document["title"] == f"{name}/1"


def test_the_schema_refuses_what_the_reader_refuses_for_its_shape() -> None:
    for bad in (
        changed("colour", "red"),
        changed("players.0.points", -1),
        changed("players.0.bonus_27", "yes"),
        changed("districts.0.properties.0.owners", []),
        changed("districts.0.properties.0.owners", ["Ula", "Marek", "Ula"]),
        changed("players", GOOD["players"][:1]),
        changed("districts", [GOOD["districts"][0]] * 7),
    ):
        assert not FINAL_SCHEMA.is_valid(bad), bad
        with pytest.raises(Paris2020FormatError):
            final_from_dict(bad)


def test_the_score_document_has_the_issue_s_keys() -> None:
    doc = score_to_dict(score(final_from_dict(GOOD)))
    assert doc["format"] == "paris2020-score/1"
    assert doc["players"][0] == {
        "name": "Ula",
        "total": 70,
        "points": 45,
        "bonus_27": 7,
        "districts": {"Belleville": 18},
        "francs": 7,
        "property_value": 12,
    }
    assert (doc["winners"], doc["decided_by"], doc["warnings"]) == (["Ula"], "points", [])
    assert doc["districts"][0]["standings"][1] == {
        "name": "Marek",
        "value": 5,
        "parts": [5],
        "place": 2,
        "points": 0,
        "why_none": "with 2 players the 2nd place needs at least half the 1st's value: 5 < 12/2 (K6)",
        "why_none_i18n": {"id": "p2020.half", "args": {"value": 5, "first": 12}},
    }
    assert doc["result_i18n"] == {"id": "p2020.result", "args": {"winner": "Ula", "total": 70}}
    assert doc["districts"][0]["standings"][0]["why_none_i18n"] is None


def test_a_district_is_a_value() -> None:
    assert District("X", (1,), ()) == District("X", (1,), ())
