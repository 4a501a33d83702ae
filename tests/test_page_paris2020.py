"""``/api/paris2020``: the table page's *Paris* (2020) form scored through :func:`paris_score.page.answer`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from paris_score.page import answer

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "paris2020"


@pytest.mark.parametrize(
    ("name", "totals", "winners", "decided_by"),
    [
        ("belleville", {"Ula": 18, "Marek": 0}, ["Ula"], "points"),
        ("batignolles", {"Ula": 10, "Marysia": 5, "Piotr": 20, "Marek": 0}, ["Piotr"], "points"),
        ("montmartre", {"Ula": 4, "Marysia": 16, "Piotr": 0, "Marek": 16}, ["Marysia", "Marek"], "shared"),
    ],
)
def test_the_rulebook_examples_score_their_documented_totals(
    name: str, totals: dict[str, int], winners: list[str], decided_by: str
) -> None:
    got = answer("/api/paris2020", "", (EXAMPLES / f"{name}.json").read_bytes())
    assert got.status == 200
    assert got.content_type == "application/json"
    doc = json.loads(got.body)
    assert doc["format"] == "paris2020-score/1"
    assert {p["name"]: p["total"] for p in doc["players"]} == totals
    assert (doc["winners"], doc["decided_by"]) == (winners, decided_by)


def test_the_breakdown_as_text() -> None:
    got = answer("/api/paris2020", "format=text", (EXAMPLES / "batignolles.json").read_bytes())
    assert got.status == 200
    assert got.content_type.startswith("text/plain")
    assert got.body.decode().endswith("RESULT: Piotr wins with 20 points\n")


def game(**changes: object) -> bytes:
    doc = json.loads((EXAMPLES / "belleville.json").read_text("utf-8"))
    doc.update(changes)
    return json.dumps(doc).encode()


@pytest.mark.parametrize(
    ("body", "where"),
    [
        (
            game(players=[{"name": "Ula", "points": "7", "francs": 0}, {"name": "Marek", "points": 0, "francs": 1.5}]),
            ["players[0].points", "players[1].francs"],
        ),
        (
            game(districts=[{"name": "B", "scoring": [18, "x"], "properties": [{"value": 3, "owners": ["Zoe"]}]}]),
            ["districts[0].scoring[1]"],
        ),
        (
            game(districts=[{"name": "B", "scoring": [18], "properties": [{"value": 3, "owners": ["Zoe"]}]}]),
            ["districts[0].properties[0].owners[0]"],
        ),
        (b"{not json", ["line 1, col 2"]),
    ],
)
def test_a_bad_end_of_game_is_a_400_naming_each_key_path(body: bytes, where: list[str]) -> None:
    got = answer("/api/paris2020", "", body)
    doc = json.loads(got.body)
    assert (got.status, doc["status"]) == (400, 400)
    assert [e["where"] for e in doc["errors"]] == where
    assert all(e["message"] for e in doc["errors"])


def test_a_position_is_no_end_of_game_and_the_query_is_checked() -> None:
    assert answer("/api/paris2020", "", (EXAMPLES.parent / "rulebook.json").read_bytes()).status == 400
    assert answer("/api/paris2020", "format=svg", game()).status == 400
    assert answer("/api/paris2020", "overlay=x", game()).status == 400


# -- /api/paris2020/read: the form's "Open a file" --------------------------------------------------------------


def test_a_file_in_either_form_reads_as_its_paris2020_final_document() -> None:
    """The JSON document and its text form (as ``paris2020 score`` reads both) answer the same document."""
    from paris_score.paris2020 import dumps_final, load_final
    from paris_score.paris2020.text import dumps_text

    game_read = load_final(EXAMPLES / "montmartre.json")
    for body in (dumps_final(game_read).encode(), dumps_text(game_read).encode()):
        got = answer("/api/paris2020/read", "", body)
        assert (got.status, got.content_type) == (200, "application/json")
        assert json.loads(got.body) == json.loads(dumps_final(game_read))
    doc = json.loads(answer("/api/paris2020/read", "", (EXAMPLES / "belleville.json").read_bytes()).body)
    assert [p["name"] for p in doc["players"]] == ["Ula", "Marek"]
    assert doc["districts"][0]["scoring"] == [18, 9, 4]
    assert doc["note"].startswith("The rulebook's third scoring example")


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00", [("byte 0 (line 1, col 1)", "not UTF-8 text (0x89); save the file as UTF-8")]),
        (b"{bad", [("line 1, col 2", "not valid JSON: Expecting property name enclosed in double quotes")]),
        (b"player Ula: 3 points\n", [("line 1", "player Ula: no francs")]),
        (
            b"player Ula: 3 points, 2 francs\nplayer Marek: 1 point, 0 francs\n\ndistrict B: 18 9\n4 Ula\n2 Zoe\n",
            [("line 6", "'Zoe' is not a player; the players are 'Ula' and 'Marek'")],
        ),
        (
            game(players=[{"name": "Ula", "points": 1, "francs": 0}]),
            [
                ("players", "1 player; Paris is played by 2 to 4 (K1)"),
                ("districts[0].properties[1].owners[0]", "'Marek' is not a player; the players are 'Ula'"),
            ],
        ),
    ],
)
def test_a_file_that_does_not_read_is_a_400_naming_each_place(body: bytes, errors: list[tuple[str, str]]) -> None:
    got = answer("/api/paris2020/read", "", body)
    doc = json.loads(got.body)
    assert (got.status, doc["error"]) == (400, "not an end of a game of Paris (2020) to score")
    assert [(e["where"], e["message"]) for e in doc["errors"]] == errors


def test_read_takes_no_query() -> None:
    got = answer("/api/paris2020/read", "format=text", game())
    assert got.status == 400
    assert json.loads(got.body)["error"] == "unknown query parameter 'format'; /api/paris2020/read takes: none"


def blank_form(**property_: object) -> bytes:
    """What the page's form sends when opened blank: two players, one district, one property, nothing typed."""
    player = {"name": "", "points": 0, "francs": 0, "bonus_27": False}
    district = {"name": "", "scoring": [], "properties": [{"value": "", "owners": [], **property_}]}
    return json.dumps({"format": "paris2020-final/1", "players": [player, player], "districts": [district]}).encode()


def test_a_blank_form_is_an_entry_not_finished_said_as_a_player_reads_it() -> None:
    got = json.loads(answer("/api/paris2020", "", blank_form()).body)
    assert (got["status"], got["error"]) == (400, "entry not finished")
    assert got["errors"] == [
        {
            "where": "districts[0].properties[0].value",
            "message": "enter a whole number",
            "message_i18n": {"id": "p2020.not-entered", "args": {}},
        }
    ]
    # Its value typed: the names and the owner are still to enter.
    got = json.loads(answer("/api/paris2020", "", blank_form(value=3)).body)
    assert got["error"] == "entry not finished"
    assert [(e["where"], e["message"], e["message_i18n"]["id"]) for e in got["errors"]] == [
        ("players[0].name", "a player needs a name", "p2020.unnamed-player"),
        ("players[1].name", "a player needs a name", "p2020.unnamed-player"),
        ("districts[0].name", "a district needs a name", "p2020.unnamed-district"),
        ("districts[0].properties[0].owners", "a property has at least one owner (K3)", "p2020.no-owner"),
    ]


@pytest.mark.parametrize(
    ("value", "message"),
    [("4.5", 'enter a whole number, not the text "4.5"'), (-2, "expected a whole number of at least 0, got -2")],
)
def test_a_wrong_value_in_a_form_is_an_error_not_an_entry_in_progress(value: object, message: str) -> None:
    got = json.loads(answer("/api/paris2020", "", blank_form(value=value)).body)
    assert got["error"] == "the end of game cannot be scored"
    assert ("districts[0].properties[0].value", message) in [(e["where"], e["message"]) for e in got["errors"]]
