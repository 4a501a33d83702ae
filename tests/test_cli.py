"""The paris-score command line: outputs and exit statuses (docs/cli.md)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from paris_score_cli.app import cli

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = str(ROOT / "examples" / "rulebook.json")


def run(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_score_json_is_a_paris_score_report() -> None:
    code, out, _ = run("score", RULEBOOK, "--format", "json")
    assert code == 0
    report = json.loads(out)
    assert report["format"] == "paris-score/1"
    assert set(report["players"]) == {"orange", "blue"}


def test_score_text_is_the_default_and_shows_totals() -> None:
    code, out, _ = run("score", RULEBOOK)
    assert code == 0
    assert "total (S5)" in out
    assert "RESULT:" in out


def test_score_reads_standard_input() -> None:
    text = Path(RULEBOOK).read_text("utf-8")
    code, out, _ = run("score", "-", "--format", "json", stdin=text)
    assert code == 0
    assert json.loads(out) == json.loads(run("score", RULEBOOK, "--format", "json")[1])


def test_missing_file_exits_1_without_traceback() -> None:
    code, out, err = run("score", "no-such-file.json")
    assert code == 1
    assert err == "no-such-file.json: cannot read the file: No such file or directory\n"
    assert "Traceback" not in out + err


def test_invalid_position_lists_every_error_and_exits_1() -> None:
    doc = {"format": "paris-position/1", "ground": ["oooooooo"] * 8, "buildings": [{"id": "A", "cells": ["Z1"]}]}
    code, _, err = run("score", "-", stdin=json.dumps(doc))
    assert code == 1
    assert err.splitlines() == [
        "<stdin>: buildings[0].owner: missing",
        "<stdin>: buildings[0].cells[0]: 'Z1' is not a space; expected a column A-H and a row 1-8, e.g. 'C4'",
    ]


def test_overlapping_pieces_are_refused() -> None:
    doc = {
        "format": "paris-position/1",
        "ground": ["oooooooo"] * 8,
        "buildings": [{"id": "A", "owner": "orange", "cells": ["A1", "B1"]}],
        "pieces": {"painter": "b1"},
    }
    code, out, err = run("score", "-", stdin=json.dumps(doc))
    assert (code, out) == (1, "")
    assert "W1 overlap: building A and the painter both stand on B1 [B1]" in err


def test_usage_errors_exit_2() -> None:
    assert run("score")[0] == 2
    assert run("score", RULEBOOK, "--format", "xml")[0] == 2
    assert run("nonsense")[0] == 2


def test_schema_command_prints_valid_json() -> None:
    code, out, _ = run("schema", "position")
    assert code == 0
    assert json.loads(out)["title"] == "paris-position/1"


def test_unwritable_output_is_one_line_and_exit_1() -> None:
    import os
    import subprocess
    import sys

    import pytest

    if not os.path.exists("/dev/full"):
        pytest.skip("needs /dev/full, a device whose writes always fail")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "cli")])}
    code = "from paris_score_cli.app import main; main()"
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-c", code, "score", RULEBOOK], stdout=full, stderr=subprocess.PIPE, text=True, env=env
        )
    assert result.returncode == 1
    assert result.stderr == "paris-score: cannot write the output: No space left on device\n"


def test_svg_that_cannot_be_written_fails_before_the_score_is_printed(tmp_path: Path) -> None:
    code, out, err = run("score", RULEBOOK, "--svg", str(tmp_path / "no-such-folder" / "x.svg"))
    assert (code, out) == (1, "")
    assert "cannot write the file" in err
