"""The scripts in examples/ run and do what their docstrings say."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_score_folder_writes_one_row_per_game(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    (games / "a-rulebook.json").write_text((ROOT / "examples" / "rulebook.json").read_text("utf-8"), "utf-8")
    (games / "b-broken.json").write_text(json.dumps({"format": "paris-position/1"}), "utf-8")
    out = tmp_path / "scores.csv"
    subprocess.run([sys.executable, "examples/score_folder.py", str(games), "-o", str(out)], cwd=ROOT, check=True)
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [r["file"] for r in rows] == ["a-rulebook.json", "b-broken.json"]
    assert (rows[0]["orange_total"], rows[0]["blue_total"], rows[0]["winner"]) == ("48", "57", "blue")
    assert (rows[0]["blue_lit"], rows[0]["blue_group"], rows[0]["blue_unbuilt"]) == ("43", "13", "-3")
    assert rows[1]["error"] == "ground: missing"
