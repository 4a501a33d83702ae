"""The scripts in examples/ run and do what their docstrings say."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def script_env() -> dict[str, str]:
    """The environment for a script: it imports this tree's paris_score, not an installed one."""
    paths = [str(ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


def test_score_folder_writes_one_row_per_game(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "a-rulebook.json").write_text((ROOT / "examples" / "rulebook.json").read_text("utf-8"), "utf-8")
    (games / "b-broken.json").write_text(json.dumps({"format": "paris-position/1"}), "utf-8")
    out = tmp_path / "scores.csv"
    subprocess.run(
        [sys.executable, "examples/score_folder.py", str(games), "-o", str(out)], cwd=ROOT, check=True, env=script_env()
    )
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [r["file"] for r in rows] == ["a-rulebook.json", "b-broken.json"]
    assert (rows[0]["orange_total"], rows[0]["blue_total"], rows[0]["winner"]) == ("48", "57", "blue")
    assert (rows[0]["blue_lit"], rows[0]["blue_group"], rows[0]["blue_unbuilt"]) == ("43", "13", "-3")
    assert rows[1]["error"] == "ground: missing"


def run_validate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "examples/validate.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env=script_env(),
    )


def test_validate_passes_every_shipped_example_as_a_finished_game() -> None:
    result = run_validate("examples", "--final", "--strict")
    assert (result.returncode, result.stdout) == (0, "7 finished games checked: all pass\n")


def test_validate_lists_every_problem_of_every_file_and_fails(tmp_path: Path) -> None:
    rulebook = json.loads((ROOT / "examples" / "rulebook.json").read_text("utf-8"))
    rulebook["pieces"]["dancer"] = "A8"  # nobody used Moulin Rouge (P10)
    rulebook["buildings"][0]["cells"].append("F1")  # orange on blue's colour, and not connected (P1)
    (tmp_path / "a-illegal.json").write_text(json.dumps(rulebook), "utf-8")
    (tmp_path / "b-broken.txt").write_text("1 o. q.\n", "utf-8")
    (tmp_path / "c-legal.json").write_text((ROOT / "examples" / "tie-break.json").read_text("utf-8"), "utf-8")
    result = run_validate(str(tmp_path))
    assert result.returncode == 1
    lines = [line.replace(str(tmp_path), "DIR") for line in result.stdout.splitlines()]
    assert lines[-1] == "3 positions checked: 2 fail"
    illegal = [line for line in lines if line.startswith("DIR/a-illegal.json: ")]
    assert [line.split()[1:4] for line in illegal] == [
        ["error", "B3", "building-size-not-in-box:"],
        ["error", "P1", "building-not-connected:"],
        ["error", "P1", "building-on-wrong-colour:"],
        ["error", "P10", "piece-without-postcard:"],
    ]
    assert any(line.startswith("DIR/b-broken.txt: unreadable: line 1, col 6: 'q'") for line in lines)
    assert not any("c-legal" in line for line in lines)


def test_validate_strict_makes_warnings_fail(tmp_path: Path) -> None:
    rulebook = json.loads((ROOT / "examples" / "rulebook.json").read_text("utf-8"))
    rulebook["ground"][0] = "oooobbbb"  # 7 streetlight spaces: a warning (B2)
    game = tmp_path / "game.json"
    game.write_text(json.dumps(rulebook), "utf-8")
    relaxed, strict = run_validate(str(game)), run_validate(str(game), "--strict")
    assert relaxed.returncode == 0
    assert strict.returncode == 1
    assert f"{game}: warning B2 streetlight-count" in relaxed.stdout
    assert relaxed.stdout.splitlines()[-1] == "1 position checked: all pass"


def test_validate_with_nothing_to_check_fails(tmp_path: Path) -> None:
    result = run_validate(str(tmp_path))
    assert (result.returncode, result.stdout) == (1, "no positions found (*.json, *.txt)\n")


def test_greedy_bot_plays_the_games_it_is_asked_for_and_prints_its_win_rate() -> None:
    result = subprocess.run(
        [sys.executable, "examples/greedy_bot.py", "4", "--seed", "3"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env=script_env(),
    )
    line = result.stdout.strip()
    assert line.startswith("greedy bot against a random player: 4 games, ")
    won, drawn, lost = (int(line.split(f" {word}")[0].split()[-1]) for word in ("won", "drawn", "lost"))
    assert won + drawn + lost == 4
    assert line.endswith(f"win rate {won / 4:.0%}")
