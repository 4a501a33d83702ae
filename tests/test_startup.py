"""The command line imports only what the command needs (a faster start; docs/performance.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules_after(code: str) -> set[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "cli")]))
    script = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], env=env, check=True, capture_output=True, text=True)
    return set(out.stdout.split())


def test_the_score_command_does_not_load_the_pictures_or_the_text_grid() -> None:
    loaded = modules_after("import paris_score_cli.app")
    assert "paris_score.scoring" in loaded
    assert "paris_score.svg" not in loaded
    assert "xml.etree.ElementTree" not in loaded
    assert "paris_score.formats.text_grid" not in loaded
    assert "paris_score_cli.render" not in loaded


def test_the_library_loads_without_the_pictures() -> None:
    loaded = modules_after("import paris_score")
    assert "paris_score.svg" not in loaded
    assert "click" not in loaded
