"""One version source: ``paris_score.__version__``, which the build reads (``[tool.hatch.version]``)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from click.testing import CliRunner

import paris_score
from paris_score_cli.app import cli

ROOT = Path(__file__).resolve().parent.parent


def test_the_build_reads_the_version_from_the_package() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    source = project["tool"]["hatch"]["version"]["path"]
    # hatchling's default pattern: the one line assigning __version__ in that file.
    found = re.findall(r'^__version__ = "([^"]+)"$', (ROOT / source).read_text("utf-8"), re.MULTILINE)
    assert found == [paris_score.__version__]
    assert re.fullmatch(r"\d+\.\d+\.\d+", paris_score.__version__)


def test_the_command_line_prints_the_version() -> None:
    result = CliRunner().invoke(cli, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"paris-score, version {paris_score.__version__}\n"


def test_the_changelog_names_the_version_as_its_latest_release() -> None:
    releases = re.findall(r"^## \[(\d[^\]]*)\]", (ROOT / "CHANGELOG.md").read_text("utf-8"), re.MULTILINE)
    assert releases[0] == paris_score.__version__
