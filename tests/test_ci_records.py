"""``paris-score check`` over a folder of game records, as a CI maintainer runs it: a record damaged by a merge
conflict, and the summary of ``--final`` telling an unfinished game from an illegal one."""

from __future__ import annotations

import json
import os
from pathlib import Path

import attrs
from click.testing import CliRunner

from paris_score.game.generate import random_game
from paris_score.game.records import dumps_game
from paris_score_cli.app import cli


def run(folder: Path, *args: str) -> tuple[int, list[str]]:
    old = Path.cwd()
    try:
        os.chdir(folder)
        result = CliRunner().invoke(cli, ["check", "games", *args])
    finally:
        os.chdir(old)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output.splitlines()


def records(tmp_path: Path) -> Path:
    """``games/``: a finished record, one stopped early, one with a wrong result and one with a merge conflict."""
    folder = tmp_path / "games"
    folder.mkdir()
    record = random_game(2)
    (folder / "a-finished.json").write_text(dumps_game(record), "utf-8")
    (folder / "b-early.json").write_text(dumps_game(attrs.evolve(record, moves=record.moves[:20], result=None)))
    (folder / "c-wrong.json").write_text(dumps_game(attrs.evolve(record, result=(1, 2))), "utf-8")
    lines = dumps_game(record).splitlines()
    lines[3:3] = ["<<<<<<< HEAD", *lines[3:5], "=======", *lines[3:5], ">>>>>>> theirs"]
    (folder / "d-conflict.json").write_text("\n".join(lines), "utf-8")
    return tmp_path


def test_a_record_that_is_no_longer_json_is_an_unreadable_record(tmp_path: Path) -> None:
    code, out = run(records(tmp_path))
    assert code == 1
    at = out.index("games/d-conflict.json: unreadable, not a paris-game/1 game record")
    assert out[at + 1].startswith("games/d-conflict.json: line 4, col 1: not valid JSON")
    assert not any("paris-position/1" in line for line in out)
    assert out[-1] == "4 files checked: 2 pass, 2 fail (1 not legal, 1 unreadable)"
    code, out = run(tmp_path, "--format", "json")
    docs = json.loads("\n".join(out))
    assert [d["readable"] for d in docs] == [True, True, True, False]


def test_the_final_summary_counts_unfinished_games_apart(tmp_path: Path) -> None:
    code, out = run(records(tmp_path), "--final")
    assert code == 1
    assert "games/b-early.json: legal, but not a finished game (1 error, 0 warnings)" in out
    assert "games/c-wrong.json: not legal (1 error, 0 warnings)" in out
    assert out[-1] == "4 finished games checked: 1 pass, 3 fail (1 not legal, 1 not finished, 1 unreadable)"


def test_a_damaged_document_of_another_kind_is_not_taken_for_a_record(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "report.json").write_text('{"format": "paris-score/1", "orange": {', "utf-8")
    code, out = run(tmp_path)
    assert code == 1
    assert out[0] == "games/report.json: unreadable, not a paris-position/1 position"
