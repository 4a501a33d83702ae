"""The code stays typed (mypy --strict) and lint-clean (ruff), as part of the suite."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    "command",
    [
        [sys.executable, "-m", "mypy"],
        [sys.executable, "-m", "ruff", "check", "."],
        [sys.executable, "-m", "ruff", "format", "--check", "."],
    ],
    ids=["mypy", "ruff-check", "ruff-format"],
)
def test_static_check_passes(command: list[str]) -> None:
    if command[2] == "ruff" and shutil.which("ruff") is None:
        pytest.importorskip("ruff")
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
