"""The documentation site builds with no warning (mkdocs --strict)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mkdocs_builds_strict(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    site = tmp_path / "site"
    for page in ["rules", "examples", "pictures", "cli", "api", "unknowns", "changelog"]:
        assert (site / page / "index.html").exists(), page
    assert (site / "img" / "rulebook.svg").read_bytes() == (ROOT / "docs" / "img" / "rulebook.svg").read_bytes()
    formats = (site / "formats" / "index.html").read_text("utf-8")
    assert formats.count("json-schema.org/draft/2020-12/schema") == 7  # the seven schemas, included
    changelog = (site / "changelog" / "index.html").read_text("utf-8")
    assert "Keep a Changelog" in changelog
    assert "[0.2.0] - 2026-11-28" in changelog
    assert "[0.1.0] - 2026-11-26" in changelog
