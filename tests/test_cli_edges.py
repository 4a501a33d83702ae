"""Edges of the command line met by using it: counts in words, sizes, wrong documents, JSON on pipes (docs/cli.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import paris_score
from paris_score.game.records import game_to_dict
from paris_score_cli.app import cli
from paris_score_cli.game import random_game
from tests.grids import board

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK_JSON = ROOT / "examples" / "rulebook.json"
RULEBOOK_TEXT = (ROOT / "examples" / "rulebook.txt").read_text("utf-8")
SHORT_GAME = ROOT / "examples" / "games" / "short-game.json"


def run(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def write(folder: Path, name: str, doc: Any) -> str:
    path = folder / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), "utf-8")
    return str(path)


# -- a count of one is singular ---------------------------------------------------------------


def test_a_replay_stopped_after_one_move_says_one_legal_move(tmp_path: Path) -> None:
    doc = game_to_dict(random_game(1))
    doc["moves"] = [doc["moves"][0], doc["moves"][0]]  # the second puts a tile on the same area again
    status, out, _ = run("replay", write(tmp_path, "game.json", doc))
    assert status == 1
    assert out.splitlines()[0].endswith(": 2 moves in the record")
    assert out.splitlines()[-1] == "the replay stops there: 1 legal move played, phase 1"
    doc["moves"] = doc["moves"][:1]
    status, out, _ = run("replay", write(tmp_path, "game.json", doc))
    assert (status, out.splitlines()[0]) == (0, f"{tmp_path / 'game.json'}: 1 move in the record")


def test_a_building_of_one_space_covers_one_space() -> None:
    position = board("oooo  A...\noooo  BB..", orange="AB")
    messages = [p.message for p in paris_score.check(position) if p.code == "building-size-not-in-box"]
    assert messages == [
        "building A covers 1 space (its annex apart); the box's pieces have 3 to 6",
        "building B covers 2 spaces (its annex apart); the box's pieces have 3 to 6 (a domino is the Jardin des "
        "Plantes: is it marked so, as `jardin: B` in a text grid?)",
    ]
    # With a Jardin des Plantes marked, a second domino is not the forgotten jardin line.
    position = board(
        "oooo  A...\noooo  BB..\noooo  JJ..", orange="ABJ", jardin="J", cards={"orange": ["jardin-des-plantes"]}
    )
    messages = [p.message for p in paris_score.check(position) if p.code == "building-size-not-in-box"]
    assert messages[1] == "building B covers 2 spaces (its annex apart); the box's pieces have 3 to 6"


def test_a_jardin_of_one_space_covers_one_space() -> None:
    position = board("oooo  J...", orange="J", jardin="J", cards={"orange": ["jardin-des-plantes"]})
    [problem] = [p for p in paris_score.check(position) if p.code == "jardin-wrong-size"]
    assert problem.message == "the Jardin des Plantes J covers 1 space; the tile is a domino (2)"


def test_a_ground_of_one_streetlight_space_has_one() -> None:
    position = board("loooo  ....")
    [problem] = [p for p in paris_score.check(position) if p.code == "streetlight-count"]
    assert problem.message.startswith("the ground has 1 streetlight space; a full board")


def test_readers_count_one_space_as_one() -> None:
    lines = RULEBOOK_TEXT.splitlines()
    row3 = next(i for i, line in enumerate(lines) if line.startswith("3 "))
    lines[row3] = "3   oA"
    with pytest.raises(paris_score.PositionFormatError) as text_error:
        paris_score.loads("\n".join(lines))
    assert f"line {row3 + 1}: row 3 has 1 space; expected 8, one per column" in map(str, text_error.value.errors)
    doc = json.loads(RULEBOOK_JSON.read_text("utf-8"))
    doc["reserve"]["blue"] = [{"size": 4, "shape": ["A1"]}]
    with pytest.raises(paris_score.PositionFormatError) as json_error:
        paris_score.loads(json.dumps(doc))
    assert "reserve.blue[0].shape: 1 space for a building of size 4" in map(str, json_error.value.errors)


def test_a_reserve_not_given_with_one_size_says_one_building() -> None:
    with pytest.raises(ValueError, match=r"^reserve orange: not given, yet 1 building listed$"):
        paris_score.Reserve((4,), (), not_given=(paris_score.Player.ORANGE,))


# -- an input over 1 MiB is named by what it should be --------------------------------------------


@pytest.mark.parametrize(
    ("command", "kind"),
    [
        (["score"], "positions"),
        (["replay"], "game records"),
        (["check", str(RULEBOOK_JSON), "--pieces"], "catalogues"),
    ],
    ids=["position", "game", "catalogue"],
)
def test_an_input_over_one_mebibyte_names_its_kind(tmp_path: Path, command: list[str], kind: str) -> None:
    big = write(tmp_path, "big.json", "{" + " " * paris_score.formats.MAX_INPUT_BYTES + "}")
    status, out, err = run(*command, big)
    assert status == 1
    message = f"{big}: the input is over 1 MiB (1048577 bytes or more); {kind} are at most 1048576 bytes"
    assert message in (out + err).splitlines()


# -- a missing reserve line is named by the line where it goes ----------------------------------


def test_a_missing_reserve_line_is_placed_below_the_headers_before_it(tmp_path: Path) -> None:
    lines = RULEBOOK_TEXT.splitlines()
    blue = next(i for i, line in enumerate(lines) if line.startswith("blue reserve:"))
    del lines[blue]
    path = write(tmp_path, "game.txt", "\n".join(lines) + "\n")
    status, out, _ = run("check", path, "--format", "github")
    assert status == 1
    assert f"::error file={path},line={blue + 1},title=unreadable%2C not a paris-position/1 position::" in out
    assert f"line {blue + 1}: no 'blue reserve' line; add one here with the sizes blue did not build" in out


def test_reserve_lines_missing_with_every_header_go_below_the_grid() -> None:
    lines = [line for line in RULEBOOK_TEXT.splitlines() if ":" not in line or line.startswith("#")]
    last_row = next(i for i, line in enumerate(lines) if line.startswith("8 ")) + 1
    with pytest.raises(paris_score.PositionFormatError) as info:
        paris_score.loads("\n".join(lines))
    wheres = {e.where for e in info.value.errors if "reserve' line" in e.message}
    assert wheres == {f"line {last_row + 1}"}


# -- a document of another kind is named as such, alone --------------------------------------------

POSITION_READERS = "`paris-score score`, `check`, `convert` and `render` read positions"


@pytest.mark.parametrize(
    ("command", "given", "message"),
    [
        (
            ["score"],
            SHORT_GAME,
            "this is a paris-game/1 game record, not a paris-position/1 position; "
            "`paris-score replay` reads game records",
        ),
        (["convert", "--to", "text"], SHORT_GAME, "this is a paris-game/1 game record, not a paris-position/1 ..."),
        (
            ["score"],
            ROOT / "tests" / "data" / "fictional-pieces.json",
            "this is a paris-pieces/1 catalogue of "
            "building shapes, not a paris-position/1 position; `paris-score check --pieces` reads catalogues",
        ),
        (
            ["replay"],
            RULEBOOK_JSON,
            f"this is a paris-position/1 position, not a paris-game/1 game record; {POSITION_READERS}",
        ),
        (
            ["check", str(RULEBOOK_JSON), "--pieces"],
            RULEBOOK_JSON,
            "this is a paris-position/1 position, not a "
            f"paris-pieces/1 catalogue of building shapes; {POSITION_READERS}",
        ),
    ],
    ids=["game-to-score", "game-to-convert", "pieces-to-score", "position-to-replay", "position-as-pieces"],
)
def test_a_document_of_another_kind_gets_one_message_naming_both_kinds(
    command: list[str], given: Path, message: str
) -> None:
    status, out, err = run(*command, str(given))
    assert status == 1
    lines = [
        line for line in (out + err).splitlines() if not line.endswith(("unreadable", "not a paris-pieces/1 catalogue"))
    ]
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{given}: format: {message.removesuffix('...')}")


def test_a_text_grid_where_json_is_expected_is_named_a_position(tmp_path: Path) -> None:
    grid = write(tmp_path, "game.txt", RULEBOOK_TEXT)
    status, _, err = run("replay", grid)
    assert (status, err) == (
        1,
        f"{grid}: this is a text grid, a position, not a paris-game/1 game record; "
        "`paris-score score`, `check`, `convert` and `render` read positions\n",
    )
    status, out, _ = run("check", str(RULEBOOK_JSON), "--pieces", grid)
    assert status == 1
    assert f"{grid}: this is a text grid, a position, not a paris-pieces/1 catalogue of building shapes;" in out
    status, _, err = run("replay", write(tmp_path, "junk.txt", "hello"))  # no text grid either: the JSON error
    assert (status, err) == (1, f"{tmp_path / 'junk.txt'}: line 1, col 1: not valid JSON: Expecting value\n")


def test_the_score_report_fed_back_to_score_is_named() -> None:
    report = run("score", str(RULEBOOK_JSON), "--format", "json")[1]
    status, _, err = run("score", "-", stdin=report)
    assert (status, err) == (
        1,
        "<stdin>: format: this is a paris-score/1 score report, not a paris-position/1 position; "
        "it is what `paris-score score --format json` prints\n",
    )


def test_a_wrong_format_of_no_known_kind_comes_first_and_the_rest_follows() -> None:
    status, _, err = run("score", "-", stdin='{"format": "paris-position/2", "grond": []}')
    assert status == 1
    assert err.splitlines() == [
        "<stdin>: format: expected 'paris-position/1', got \"paris-position/2\": a version of the format this "
        "paris-score does not read",
        "<stdin>: grond: unknown key; did you mean ground?",
        "<stdin>: ground: missing",
    ]


def test_another_kind_in_a_version_not_read_here_is_that_one_error() -> None:
    """A ``paris-game/2`` record given for a position: its keys would all be wrong (five errors for one cause)."""
    status, _, err = run("score", "-", stdin='{"format": "paris-game/2", "setup": {}, "moves": [], "result": [1, 2]}')
    assert (status, err) == (
        1,
        "<stdin>: format: this is a paris-game/2 game record (a version this paris-score does not read), "
        "not a paris-position/1 position\n",
    )
    status, _, err = run("replay", "-", stdin='{"format": "paris-position/7", "ground": []}')
    assert (status, err) == (
        1,
        "<stdin>: format: this is a paris-position/7 position (a version this paris-score does not read), "
        "not a paris-game/1 game record\n",
    )


def test_every_schema_is_a_known_document_kind() -> None:
    from paris_score.formats import SCHEMAS, schema
    from paris_score.formats.jsonread import DOCUMENTS

    assert {json.loads(schema(name))["title"] for name in SCHEMAS} == set(DOCUMENTS)


# -- standard output carries one document --------------------------------------------------------


def test_replay_json_refuses_the_position_on_standard_output_too() -> None:
    status, out, err = run("replay", str(SHORT_GAME), "--format", "json", "--position-out", "-")
    assert (status, out) == (2, "")
    assert "Error: --position-out - and --format json cannot both write to standard output" in err


def test_replay_text_writes_the_position_first_then_the_text(tmp_path: Path) -> None:
    status, out, _ = run("replay", str(SHORT_GAME), "--position-out", "-")
    assert status == 0
    position, text = out.split("\n}\n", 1)
    assert paris_score.loads(position + "\n}\n") == paris_score.replay(SHORT_GAME.read_bytes()).state.position()
    assert text.startswith(f"{SHORT_GAME}: 28 moves in the record\n")
    status, out, _ = run("replay", str(SHORT_GAME), "--format", "json", "--position-out", str(tmp_path / "end.json"))
    assert status == 0
    assert json.loads(out)["format"] == "paris-replay/1"
    assert paris_score.load(tmp_path / "end.json") == paris_score.replay(SHORT_GAME.read_bytes()).state.position()


def _saturday(tmp_path: Path) -> str:
    doc = json.loads(RULEBOOK_JSON.read_text("utf-8"))
    doc["pieces"]["painter"] = "F2"  # an orange space, but blue used Le Peintre (P6)
    return write(tmp_path, "saturday.json", doc)


def test_score_json_of_a_refused_position_leaves_standard_output_empty(tmp_path: Path) -> None:
    illegal = _saturday(tmp_path)
    doc = json.loads(RULEBOOK_JSON.read_text("utf-8"))
    doc["buildings"][1]["cells"].append("B2")  # building A's too: pieces on one another have no score (W1)
    overlap = write(tmp_path, "overlap.json", doc)
    unreadable = write(tmp_path, "unreadable.json", "{")
    for args in ([illegal], [overlap, "--no-check"], [unreadable]):
        status, out, err = run("score", *args, "--format", "json")
        assert (status, out) == (1, ""), args
        assert err.startswith(f"{args[0]}: "), args
        assert ("overlap" in err) is (args[0] == overlap), err
    status, out, _ = run("score", illegal, "--format", "json", "--no-check")
    assert (status, json.loads(out)["format"]) == (0, "paris-score/1")
    status, out, _ = run("check", illegal, "--format", "json")
    assert (status, json.loads(out)["problems"][0]["code"]) == (1, "piece-on-wrong-colour")


# -- check --format json says which --pattern it used ---------------------------------------------


def test_check_json_echoes_the_pattern_it_refereed_with(tmp_path: Path) -> None:
    import jsonschema

    from paris_score.formats import schema

    check_schema = json.loads(schema("check"))
    status, out, _ = run("check", str(RULEBOOK_JSON), "--format", "json")
    assert status == 0
    assert "pattern" not in json.loads(out)  # without --pattern, the document is as it was
    for given, written in (("rays4", "rays4"), ("(1,0) (0,-1)", [[1, 0], [0, -1]])):
        status, out, _ = run("check", str(RULEBOOK_JSON), "--format", "json", "--pattern", given)
        doc = json.loads(out)
        assert (status, doc["pattern"]) == (0, written)
        jsonschema.validate(doc, check_schema)
    docs = json.loads(
        run("check", str(RULEBOOK_JSON), _saturday(tmp_path), "--format", "json", "--pattern", "rays8")[1]
    )
    assert [doc["pattern"] for doc in docs] == ["rays8", "rays8"]
    position_schema = json.loads(schema("position"))
    own = position_schema["properties"]["rules"]["properties"]["large_streetlight_pattern"]
    assert check_schema["$defs"]["pattern"] == own  # one pattern, written alike in both formats
