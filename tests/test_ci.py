"""``paris-score check`` for CI: many files and folders, GitHub annotations, the pre-commit hook, docs/ci.md."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from paris_score_cli.app import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
POSITIONS = sorted(p.name for p in EXAMPLES.iterdir() if p.suffix in (".json", ".txt"))
"""The example positions (``examples/games/`` holds game records, not positions)."""


def run(*args: str, cwd: Path | None = None) -> tuple[int, str]:
    old = Path.cwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        result = CliRunner().invoke(cli, list(args))
    finally:
        os.chdir(old)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def games(tmp_path: Path, broken: bool = False) -> Path:
    """A folder ``games/`` holding the examples (all legal), and with ``broken`` an illegal text grid."""
    folder = tmp_path / "games"
    folder.mkdir(parents=True)
    for name in POSITIONS:
        shutil.copy(EXAMPLES / name, folder / name)
    if broken:
        text = (EXAMPLES / "rulebook.txt").read_text("utf-8")
        # The painter from D2 (blue) to F2, an orange space: P6. Row 2 is line 8 of the file.
        text = text.replace("2   oA  oA  oB  b@  bE  o.  o.  l.", "2   oA  oA  oB  b.  bE  o@  o.  l.")
        (folder / "sub").mkdir()
        (folder / "sub" / "painter.txt").write_text(text, "utf-8")
    return folder


def test_a_folder_is_checked_file_by_file_with_a_summary(tmp_path: Path) -> None:
    folder = games(tmp_path, broken=True)
    code, out = run("check", str(folder))
    assert code == 1
    lines = out.splitlines()
    assert [line.split(": ")[0] for line in lines if not line.startswith(" ")][:-1] == [
        *(str(folder / name) for name in POSITIONS),
        str(folder / "sub" / "painter.txt"),
    ]
    assert lines[-3:-1] == [
        "  error   P6 piece-on-wrong-colour: the painter of blue stands on F2, which is not blue's colour [F2]",
        "      line 8 (row 2): F2",
    ]
    assert lines[-1] == f"{len(POSITIONS) + 1} files checked: {len(POSITIONS)} pass, 1 fail (1 not legal, 0 unreadable)"


def test_files_and_folders_together_and_what_a_folder_skips(tmp_path: Path) -> None:
    folder = games(tmp_path)
    (folder / "notes.md").write_text("not a position", "utf-8")
    (folder / ".hidden").mkdir()
    (folder / ".hidden" / "x.json").write_text("{", "utf-8")
    code, out = run("check", str(folder), str(EXAMPLES / "rulebook.json"))
    assert code == 0
    assert (
        out.splitlines()[-1]
        == f"{len(POSITIONS) + 1} files checked: {len(POSITIONS) + 1} pass, 0 fail (0 not legal, 0 unreadable)"
    )


def test_json_gives_a_list_for_several_files_and_one_document_for_one(tmp_path: Path) -> None:
    folder = games(tmp_path, broken=True)
    code, out = run("check", str(folder), "--format", "json")
    docs = json.loads(out)
    assert code == 1
    assert [d["file"] for d in docs][-1] == str(folder / "sub" / "painter.txt")
    assert [d["legal"] for d in docs] == [True] * len(POSITIONS) + [False]
    assert docs[-1]["verdict"] == "not legal"
    code, out = run("check", str(EXAMPLES / "rulebook.txt"), "--format", "json")
    assert (code, json.loads(out)["file"]) == (0, str(EXAMPLES / "rulebook.txt"))
    code, out = run("check", str(EXAMPLES / "rulebook.txt"), str(EXAMPLES / "rulebook.json"), "--format", "json")
    assert [d["verdict"] for d in json.loads(out)] == ["legal", "legal"]


def test_github_annotations_sit_on_the_grid_row(tmp_path: Path) -> None:
    folder = games(tmp_path, broken=True)
    code, out = run("check", "games", "--format", "github", cwd=tmp_path)
    assert code == 1
    annotations = [line for line in out.splitlines() if line.startswith("::")]
    assert annotations == [
        "::error file=games/sub/painter.txt,line=8,title=P6 piece-on-wrong-colour::"
        "the painter of blue stands on F2, which is not blue's colour [F2]"
    ]
    assert (folder / "sub" / "painter.txt").read_text("utf-8").splitlines()[7].startswith("2   ")


def test_github_annotations_of_unreadable_files_and_warnings(tmp_path: Path) -> None:
    grid = tmp_path / "bad.txt"
    grid.write_text("# a comment\n\n9   oA\n", "utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text('{\n  "format": "paris-position/1",\n  "ground": [,]\n}\n', "utf-8")
    flat = json.loads((EXAMPLES / "rulebook.json").read_text("utf-8"))
    flat["ground"] = ["oooooooo"] * 8  # no streetlight space: a warning (B2) and S1 scores nothing
    flat.update(buildings=[], pieces={}, postcards={"in_play": []}, reserve={})
    warned = tmp_path / "warned.json"
    warned.write_text(json.dumps(flat), "utf-8")
    code, out = run("check", str(grid), str(broken), str(warned), "--format", "github", "--verbose")
    assert code == 1
    lines = out.splitlines()
    assert f"::error file={grid},line=3,col=1,title=unreadable%2C not a paris-position/1 position::" in "\n".join(lines)
    assert any(line.startswith(f"::error file={broken},line=3,col=") for line in lines)
    assert any(
        re.match(rf"::warning file={re.escape(str(warned))},line=1,title=B2 streetlight-count::", x) for x in lines
    )
    assert run("check", str(warned))[0] == 0
    assert run("check", str(warned), "--strict")[0] == 1


def test_workflow_command_values_are_escaped(tmp_path: Path) -> None:
    odd = tmp_path / "a,b:c%.json"
    shutil.copy(EXAMPLES / "rulebook.json", odd)
    flat = json.loads(odd.read_text("utf-8"))
    flat["pieces"]["dancer"] = "A8"
    odd.write_text(json.dumps(flat), "utf-8")
    out = run("check", str(odd), "--format", "github")[1]
    assert f"::error file={str(odd).replace('%', '%25').replace(':', '%3A').replace(',', '%2C')},line=1," in out


def test_nothing_to_check_fails(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    result = CliRunner().invoke(cli, ["check", str(tmp_path / "empty")])
    assert result.exit_code == 1
    assert result.stderr == f"no positions (*.json, *.txt) in {tmp_path / 'empty'}\n"


# -- The pre-commit hook and the configurations of docs/ci.md -----------------------------------


def hook() -> dict[str, Any]:
    (found,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text("utf-8"))
    assert isinstance(found, dict)
    return found


def shown(language: str) -> list[Any]:
    """The YAML blocks of docs/ci.md."""
    text = (ROOT / "docs" / "ci.md").read_text("utf-8")
    return [yaml.safe_load(block) for block in re.findall(rf"```{language}\n(.*?)```", text, re.DOTALL)]


def entry(command: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run a configured ``paris-score ...`` command line as a process importing this tree."""
    words = shlex.split(command)
    assert words[0] == "paris-score"
    path = os.pathsep.join([str(ROOT), str(ROOT / "cli")])
    return subprocess.run(
        [sys.executable, "-m", "paris_score_cli", *words[1:], *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": path},
        check=False,
    )


def test_the_hook_runs_on_the_examples_as_pre_commit_would(tmp_path: Path) -> None:
    found = hook()
    assert (found["id"], found["language"], found["entry"]) == ("paris-score-check", "python", "paris-score check")
    staged = [name for name in sorted(os.listdir(EXAMPLES)) if re.search(found["files"], name)]
    assert staged == POSITIONS
    done = entry(found["entry"], *staged, cwd=EXAMPLES)
    assert (done.returncode, done.stderr) == (0, "")
    assert (
        done.stdout.splitlines()[-1]
        == f"{len(staged)} files checked: {len(staged)} pass, 0 fail (0 not legal, 0 unreadable)"
    )
    games(tmp_path, broken=True)
    done = entry(found["entry"], "games/rulebook.json", "games/sub/painter.txt", cwd=tmp_path)
    assert done.returncode == 1
    assert "games/sub/painter.txt: not legal (1 error, 0 warnings)" in done.stdout


PLACEHOLDERS = ("PARIS_SCORE_REPO", "COMMIT")
"""What docs/ci.md asks the reader to fill in: paris-score is on no package index and has no tags."""


def test_the_pre_commit_configurations_shown_use_the_hook(tmp_path: Path) -> None:
    remote, local = [doc["repos"] for doc in shown("yaml") if "repos" in doc]
    (repo,) = remote
    assert (repo["repo"], repo["rev"]) == PLACEHOLDERS, "a tag or a package that does not exist"
    (used,) = repo["hooks"]
    assert used["id"] == hook()["id"]
    ((mine,),) = (r["hooks"] for r in local if r["repo"] == "local")
    assert (mine["id"], mine["entry"], mine["language"], mine["files"]) == (
        hook()["id"],
        hook()["entry"],
        "system",
        used["files"],
    )
    folder = games(tmp_path, broken=True)
    (folder / "README.md").write_text("not a position", "utf-8")
    files = sorted(str(p.relative_to(tmp_path)) for p in folder.rglob("*") if p.is_file())
    staged = [name for name in files if re.search(used["files"], name) and re.search(hook()["files"], name)]
    assert staged == sorted([*(f"games/{name}" for name in POSITIONS), "games/sub/painter.txt"])
    done = entry(hook()["entry"], *used.get("args", []), *staged, cwd=tmp_path)
    assert done.returncode == 1


def test_the_page_says_what_to_fill_in_and_installs_from_git() -> None:
    text = (ROOT / "docs" / "ci.md").read_text("utf-8")
    (workflow,) = [doc for doc in shown("yaml") if "jobs" in doc]
    installs = [step["run"] for step in workflow["jobs"]["check"]["steps"] if "pip install" in step.get("run", "")]
    assert installs == ['pip install "git+PARIS_SCORE_REPO@COMMIT"']
    for name in PLACEHOLDERS:
        assert f"- `{name}`: " in text, f"docs/ci.md does not say what {name} is"


def test_the_workflow_shown_runs(tmp_path: Path) -> None:
    (workflow,) = [doc for doc in shown("yaml") if "jobs" in doc]
    steps = workflow["jobs"]["check"]["steps"]
    commands = [step["run"] for step in steps if "run" in step and step["run"].startswith("paris-score")]
    assert commands == ["paris-score check --format github games/"]
    games(tmp_path)
    done = entry(commands[0], cwd=tmp_path)
    assert done.returncode == 0
    assert not [line for line in done.stdout.splitlines() if line.startswith("::")]
    games(tmp_path / "second", broken=True)
    done = entry(commands[0], cwd=tmp_path / "second")
    assert done.returncode == 1
    assert "::error file=games/sub/painter.txt,line=8,title=P6 piece-on-wrong-colour::" in done.stdout


@pytest.mark.parametrize("page", ["cli.md", "ci.md"])
def test_the_ci_page_is_in_the_navigation(page: str) -> None:
    assert f": {page}" in (ROOT / "mkdocs.yml").read_text("utf-8")


def test_other_paris_documents_in_a_folder_are_skipped_not_failed() -> None:
    record = EXAMPLES / "games" / "short-game.json"
    assert record.exists()
    code, out = run("check", str(EXAMPLES), "--final")
    assert code == 0
    assert f"{record}: skipped, a paris-game/1 document, not a position" in out.splitlines()
    others = sorted((EXAMPLES / "paris2020").glob("*.json"))  # paris2020-final/1 (docs/paris2020.md)
    assert out.splitlines()[-1].endswith(f"; {1 + len(others)} other documents skipped")
    result = CliRunner().invoke(cli, ["check", str(EXAMPLES), "--format", "json"])
    assert str(record) not in [doc["file"] for doc in json.loads(result.stdout)]  # only paris-check/1 documents
    assert result.stderr.splitlines() == [  # but not silently
        f"{record}: skipped, a paris-game/1 document, not a position",
        *(f"{path}: skipped, a paris2020-final/1 document, not a position" for path in others),
    ]
    code, out = run("check", str(record))
    assert code == 1
    assert out.startswith(f"{record}: unreadable, not a paris-position/1 position")
