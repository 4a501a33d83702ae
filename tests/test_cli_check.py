"""``paris-score check`` and the referee in front of ``paris-score score``: outputs and exit statuses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import paris_score
from paris_score_cli.app import cli

DATA = Path(__file__).resolve().parent / "data"
PIECES = str(DATA / "fictional-pieces.json")

GROUND = ["oooombbb", "oloobblb", "oooombbb", "loooobbl", "oooombbb", "oloobblb", "oooombbb", "oolobblb"]
STARRED = [str(c) for c in paris_score.postcards.STARRED]


def doc(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "format": "paris-position/1",
        "ground": GROUND,
        "buildings": [{"id": "A", "owner": "orange", "cells": ["A1", "B1", "C1"]}],
        "reserve": {"orange": [], "blue": []},
        "postcards": {"in_play": STARRED},
    }
    return {**base, **changes}


def write(tmp_path: Path, data: Any, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), "utf-8")
    return str(path)


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


ILLEGAL = doc(buildings=[{"id": "A", "owner": "orange", "cells": ["D1", "E1", "F1"]}], pieces={"painter": "A1"})


def test_legal_position_exits_0(tmp_path: Path) -> None:
    path = write(tmp_path, doc())
    assert run("check", path) == (0, f"{path}: legal (0 errors, 0 warnings)\n", "")


def test_illegal_position_lists_every_problem_and_exits_1(tmp_path: Path) -> None:
    path = write(tmp_path, ILLEGAL)
    code, out, err = run("check", path)
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        f"{path}: not legal (2 errors, 0 warnings)",
        "  error   P1 building-on-wrong-colour: building A of orange covers blue's colour [F1]",
        "  error   P6 piece-without-postcard: the painter is on A1 but nobody used Le Peintre [A1]",
    ]


def test_json_output_lists_problems_with_code_rule_spaces_and_message(tmp_path: Path) -> None:
    path = write(tmp_path, ILLEGAL)
    code, out, _ = run("check", path, "--format", "json")
    assert code == 1
    report = json.loads(out)
    assert {k: report[k] for k in ("format", "file", "readable", "legal", "final", "pieces", "counts")} == {
        "format": "paris-check/1",
        "file": path,
        "readable": True,
        "legal": False,
        "final": False,
        "pieces": None,
        "counts": {"errors": 2, "warnings": 0},
    }
    assert report["problems"][0] == {
        "code": "building-on-wrong-colour",
        "rule": "P1",
        "severity": "error",
        "spaces": ["F1"],
        "message": "building A of orange covers blue's colour",
        "message_i18n": {
            "id": "building-on-wrong-colour",
            "args": {
                "thing": {"id": "thing.building", "args": {"id": "A"}},
                "owner": {"id": "player.orange", "args": {}},
                "other": {"id": "player.blue", "args": {}},
            },
        },
    }


def test_warnings_alone_leave_a_position_legal(tmp_path: Path) -> None:
    path = write(tmp_path, doc(ground=["oooooooo"] * 8))
    code, out, _ = run("check", path)
    assert code == 0
    assert out.splitlines() == [
        f"{path}: legal (0 errors, 0 warnings)",
        "  note: 1 unconfirmed remark left out; --verbose shows it",
    ]
    code, out, _ = run("check", path, "--verbose")
    assert out.splitlines()[0] == f"{path}: legal (0 errors, 1 warning)"
    assert out.splitlines()[1].startswith("  warning B2 streetlight-count: the ground has 0 streetlight spaces")


def test_unreadable_file_is_reported_apart_from_an_illegal_one(tmp_path: Path) -> None:
    path = write(tmp_path, '{"format": "paris-position/1", "ground": ["oooo"]}')
    code, out, err = run("check", path)
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        f"{path}: unreadable, not a paris-position/1 position",
        f"{path}: ground: expected 8 rows, got 1",
        f"{path}: ground[0]: expected 8 spaces, got 4",
    ]
    code, out, err = run("check", path, "--format", "json")
    assert (code, err) == (1, "")
    assert json.loads(out) == {
        "format": "paris-check/1",
        "file": path,
        "readable": False,
        "errors": [
            {"file": path, "where": "ground", "message": "expected 8 rows, got 1"},
            {"file": path, "where": "ground[0]", "message": "expected 8 spaces, got 4"},
        ],
    }


def test_missing_file_and_bad_json_are_unreadable(tmp_path: Path) -> None:
    code, out, err = run("check", str(tmp_path / "nope.json"), "--format", "json")
    assert code == 1
    assert json.loads(out)["errors"][0]["message"] == "cannot read the file: No such file or directory"
    code, out, _ = run("check", write(tmp_path, "{,"))
    assert code == 1
    assert "not valid JSON" in out
    assert "Traceback" not in err


def test_standard_input(tmp_path: Path) -> None:
    assert run("check", "-", stdin=json.dumps(doc())) == (0, "<stdin>: legal (0 errors, 0 warnings)\n", "")


def test_final_requires_a_finished_game(tmp_path: Path) -> None:
    path = write(tmp_path, doc(reserve={"orange": [{"size": 4, "shape": ["A1", "B1", "C1", "D1"]}], "blue": []}))
    code, out, _ = run("check", path, "--final")
    assert code == 1
    assert "F4 final-tokens-unused" in out
    assert "F4 final-could-still-build: orange could still build reserve building 1 (size 4)" in out
    assert out.splitlines()[0] == f"{path}: legal, but not a finished game (3 errors, 0 warnings)"
    assert run("check", path)[0] == 0


def test_final_on_a_finished_game(tmp_path: Path) -> None:
    cards = {"in_play": STARRED, "orange": STARRED[:4], "blue": STARRED[4:]}
    path = write(tmp_path, doc(postcards=cards))
    assert run("check", path, "--final") == (0, f"{path}: legal, a finished game (0 errors, 0 warnings)\n", "")


def test_pieces_catalogue_turns_on_shape_checks(tmp_path: Path) -> None:
    square = doc(buildings=[{"id": "A", "owner": "orange", "cells": ["C2", "D2", "C3", "D3"]}])
    path = write(tmp_path, square)
    assert run("check", path)[0] == 0
    code, out, _ = run("check", path, "--pieces", PIECES, "--format", "json")
    assert code == 1
    report = json.loads(out)
    assert report["pieces"] == PIECES
    assert [(p["code"], p["rule"]) for p in report["problems"]] == [("shape-not-in-catalogue", "B3")]


def test_unreadable_catalogue_is_named(tmp_path: Path) -> None:
    pieces = write(tmp_path, {"format": "paris-pieces/1", "pieces": [{"id": "X", "shape": ["A1", "C1"]}]}, "p.json")
    game = write(tmp_path, doc())
    code, out, _ = run("check", game, "--pieces", pieces, "--format", "json")
    assert code == 1
    report = json.loads(out)
    assert (report["readable"], report["file"]) == (False, game)
    assert [(e["file"], e["where"]) for e in report["errors"]] == [(pieces, "pieces[0].shape")]


def test_both_unreadable_inputs_are_reported(tmp_path: Path) -> None:
    pieces = write(tmp_path, "", "p.json")
    game = write(tmp_path, "{,", "g.json")
    code, out, _ = run("check", game, "--pieces", pieces)
    assert code == 1
    assert out.splitlines() == [
        f"{game}: unreadable, not a paris-position/1 position",
        f"{game}: line 1, col 2: not valid JSON: Expecting property name enclosed in double quotes",
        f"{pieces}: unreadable, not a paris-pieces/1 catalogue",
        f"{pieces}: the input is empty; expected a paris-pieces/1 document",
    ]


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert run("check")[0] == 2
    assert run("check", write(tmp_path, doc()), "--format", "xml")[0] == 2
    assert run("check", "-", "--pieces", "-")[0] == 2


# -- score runs the referee first --------------------------------------------------------


def test_score_refuses_an_illegal_position_listing_every_problem(tmp_path: Path) -> None:
    path = write(tmp_path, ILLEGAL)
    code, out, err = run("score", path)
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"{path}: error   P1 building-on-wrong-colour: building A of orange covers blue's colour [F1]",
        f"{path}: error   P6 piece-without-postcard: the painter is on A1 but nobody used Le Peintre [A1]",
        f"{path}: not legal (2 errors, 0 warnings); if the board really is so, --no-check scores it anyway",
    ]


def test_score_does_not_suggest_no_check_for_overlapping_pieces(tmp_path: Path) -> None:
    path = write(tmp_path, doc(pieces={"painter": "A1"}, postcards={"in_play": STARRED, "orange": ["le-peintre"]}))
    code, _, err = run("score", path)
    assert code == 1
    assert err.splitlines()[-1] == f"{path}: not legal (1 error, 0 warnings)"
    assert run("score", path, "--no-check")[0] == 1


def test_score_no_check_scores_anyway(tmp_path: Path) -> None:
    code, out, err = run("score", write(tmp_path, ILLEGAL), "--no-check", "--format", "json")
    assert (code, err) == (0, "")
    assert json.loads(out)["format"] == "paris-score/1"


def test_score_no_check_still_refuses_overlaps(tmp_path: Path) -> None:
    code, out, err = run("score", write(tmp_path, doc(pieces={"painter": "B1"})), "--no-check")
    assert (code, out) == (1, "")
    assert "W1 overlap" in err


def test_score_shows_warnings_and_scores_but_not_the_streetlight_count(tmp_path: Path) -> None:
    code, out, err = run("score", write(tmp_path, doc(ground=["oooooooo"] * 8)), "--format", "json")
    assert (code, err) == (0, "")  # the unconfirmed count (B2) is for check --verbose
    assert json.loads(out)["format"] == "paris-score/1"
    unknown_cards = doc(postcards={"orange": ["le-peintre"]}, pieces={"painter": "D2"})
    code, out, err = run("score", write(tmp_path, unknown_cards))
    assert code == 0
    assert "warning B6 postcards-in-play-unknown" in err


def test_check_json_output_matches_its_schema(tmp_path: Path) -> None:
    import jsonschema

    check_schema = json.loads(paris_score.formats.schema("check"))
    for args in (
        [write(tmp_path, doc(), "legal.json")],
        [write(tmp_path, ILLEGAL, "illegal.json"), "--final"],
        [write(tmp_path, "{,", "broken.json"), "--pieces", write(tmp_path, "", "p.json")],
    ):
        out = run("check", *args, "--format", "json")[1]
        jsonschema.validate(json.loads(out), check_schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"format": "paris-check/1", "file": "x", "readable": False, "errors": []}, check_schema)


def test_thousands_of_problems_are_listed_up_to_100_and_counted(tmp_path: Path) -> None:
    """Bounded output (docs/robustness.md): text, JSON, annotations and ``score``'s refusal list the first 100."""
    from tests.fuzzing import worst_cases

    path = tmp_path / "worst.json"
    path.write_bytes(worst_cases()["64 buildings on all 64 spaces"])
    problems = paris_score.check(paris_score.load(path))
    total = len(problems) - 1  # the text leaves out the streetlight remark (B2), JSON keeps it
    warnings = sum(p.severity == "warning" for p in problems) - 1
    code, out, _ = run("check", str(path))
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == f"{path}: not legal ({total - warnings} errors, {warnings} warnings)"
    assert sum(line.startswith(("  error ", "  warning ")) for line in lines) == 100
    assert f"  note: {total - 100} more problems not listed (only the first 100 are)" in lines
    code, out, _ = run("check", str(path), "--format", "json")
    document = json.loads(out)
    assert (len(document["problems"]), document["problems_left_out"]) == (100, total + 1 - 100)
    code, out, _ = run("check", str(path), "--format", "github")
    assert sum(line.startswith("::error ") for line in out.splitlines()) == 100
    assert out.splitlines()[-1] == f"note: {total - 100} more problems not listed (only the first 100 are)"
    code, out, err = run("score", str(path))
    assert code == 1
    assert sum(line.startswith(f"{path}: W1 overlap") for line in err.splitlines()) <= 100
    assert f"{path}: note: " in err
