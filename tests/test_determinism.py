"""Determinism (issue 7): the same input gives byte-identical JSON, text and SVG, in any process.

Python randomises string hashing per process (``PYTHONHASHSEED``), so
anything that iterates a set or dict of strings in hash order would differ
between two runs; the subprocess test runs every command twice with different
seeds and compares the bytes.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings

import paris_score
from paris_score import Position, annotate, svg
from paris_score.formats.text_grid import dumps_text
from paris_score_cli.app import cli
from tests.fuzzing import EVERYTHING, ROOT
from tests.strategies import legal_positions, positions


def outputs(position: Position) -> dict[str, str]:
    """Everything the library writes about a position."""
    report = paris_score.score(position)
    return {
        "json": paris_score.dumps(position),
        "text": paris_score.dumps(position, format="text"),
        "text-bare": dumps_text(position, legend=False),
        "report-json": json.dumps(report.to_dict(), ensure_ascii=False),
        "report-text": str(report),
        "check": json.dumps([p.to_dict() for p in paris_score.check(position, final=True)]),
        "svg": svg.board(position),
        "svg-scored": annotate.board(position, report=report, overlays=annotate.OVERLAYS, size=300),
    }


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_positions() | positions())
def test_the_same_position_gives_the_same_bytes(position: Position) -> None:
    first = outputs(position)
    again = outputs(paris_score.loads(first["json"]))
    assert again == first
    assert outputs(paris_score.loads(first["text"])) == first


# Run in a fresh interpreter: every command on every example, digests of what it printed.
SCRIPT = """
import hashlib, json, sys
from click.testing import CliRunner
from paris_score_cli.app import cli
files = json.loads(sys.argv[1])
runs = {}
for path in files:
    for args in (["score", path, "--format", "json", "--no-check"], ["score", path, "--no-check"],
                 ["check", path, "--final", "--format", "json"], ["check", path],
                 ["convert", path, "--to", "json"], ["convert", path, "--to", "text"],
                 ["render", path, "-o", "-", "--overlay", "lit", "--overlay", "groups", "--overlay", "painter",
                  "--overlay", "dancer", "--overlay", "large-light"]):
        result = CliRunner().invoke(cli, args)
        runs[json.dumps(args)] = [result.exit_code, hashlib.sha256(result.stdout_bytes).hexdigest()]
print(json.dumps(runs, sort_keys=True))
"""


def run_commands(files: list[str], hash_seed: str) -> dict[str, list[object]]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "cli")])}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(files)], env=env, capture_output=True, check=True, timeout=300
    )
    result: dict[str, list[object]] = json.loads(done.stdout)
    return result


def test_every_command_prints_the_same_bytes_whatever_the_hash_seed(tmp_path: os.PathLike[str]) -> None:
    everything = os.path.join(tmp_path, "everything.txt")
    with open(everything, "w", encoding="utf-8") as f:
        f.write(EVERYTHING)
    files = [str(ROOT / "examples" / "rulebook.json"), str(ROOT / "examples" / "rulebook.txt"), everything]
    first, second = run_commands(files, "1"), run_commands(files, "2024")
    assert first == second
    assert len(first) == 21
    # ... and the same as this process prints, whatever its own seed.
    for command, (code, digest) in first.items():
        result = CliRunner().invoke(cli, json.loads(command))
        assert [result.exit_code, hashlib.sha256(result.stdout_bytes).hexdigest()] == [code, digest], command
