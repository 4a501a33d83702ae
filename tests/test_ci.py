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


def test_a_file_reached_twice_is_checked_once(tmp_path: Path) -> None:
    """Named and inside a folder named, or through a link in a second folder: one file, checked once."""
    folder = games(tmp_path)
    first = folder / POSITIONS[0]
    (tmp_path / "again").mkdir()
    (tmp_path / "again" / "link.txt").symlink_to(first)
    code, out = run("check", str(folder), str(first), str(tmp_path / "again"))
    assert code == 0
    listed = [line.split(": ")[0] for line in out.splitlines() if not line.startswith(" ")][:-1]
    assert listed == [str(folder / name) for name in POSITIONS]
    assert (
        out.splitlines()[-1]
        == f"{len(POSITIONS)} files checked: {len(POSITIONS)} pass, 0 fail (0 not legal, 0 unreadable)"
    )


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


def test_a_file_named_as_a_workflow_command_is_not_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``check ::add-mask::x.json --format github``: the verdict line begins with the file's name, which GitHub would
    read as a command; it is shown as ``./::add-mask::x.json``. Every other line is one of ours."""
    shutil.copy(EXAMPLES / "rulebook.json", tmp_path / "::add-mask::x.json")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check", "::add-mask::x.json", "--format", "github"], catch_exceptions=False)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == ["./::add-mask::x.json: legal (0 errors, 0 warnings)"]


def test_a_folder_with_nothing_to_check_fails(tmp_path: Path) -> None:
    """A folder named with no position or record fails the run, alone or next to legal files: a CI job whose
    path is wrong must not pass; with --format json the list printed is still a list."""
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.md").write_text("nothing to check", "utf-8")
    said = f"{empty}: no positions or game records (*.json, *.txt) in this folder\n"
    result = CliRunner().invoke(cli, ["check", str(empty)])
    assert (result.exit_code, result.stderr) == (1, said)
    result = CliRunner().invoke(cli, ["check", str(empty), "--format", "json"])
    assert (result.exit_code, result.stdout, result.stderr) == (1, "[]\n", said)
    result = CliRunner().invoke(cli, ["check", str(empty), str(EXAMPLES / "rulebook.txt")])
    assert (result.exit_code, result.stderr) == (1, said)
    assert result.stdout.startswith(f"{EXAMPLES / 'rulebook.txt'}: legal")


def test_other_documents_in_a_folder_are_skipped(tmp_path: Path) -> None:
    """check's own JSON list, a JSON Schema and a Paris (2020) end of game in its text form are not positions."""
    folder = games(tmp_path)
    assert run("check", str(folder), "--format", "json")[0] == 0
    (folder / "verdicts.json").write_text(run("check", str(folder), "--format", "json")[1], "utf-8")
    (folder / "schema.json").write_text(run("schema", "position")[1], "utf-8")
    (folder / "evening.txt").write_text("# a Paris (2020) evening\nplayer Ula: 45 points, 7 francs\n", "utf-8")
    result = CliRunner().invoke(cli, ["check", str(folder)])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == (
        f"{len(POSITIONS)} files checked: {len(POSITIONS)} pass, 0 fail (0 not legal, 0 unreadable); "
        "3 other documents skipped"
    )
    assert [line for line in result.stdout.splitlines() if "skipped, a" in line] == [
        f"{folder / 'evening.txt'}: skipped, a Paris (2020) text document, not a position",
        f"{folder / 'schema.json'}: skipped, a JSON Schema document, not a position",
        f"{folder / 'verdicts.json'}: skipped, a paris-check/1 document, not a position",
    ]


@pytest.mark.parametrize(
    "declared", ["paris-positon/1", "paris-position/2", "paris-game/2", "paris2020-final/9", ["paris-position/1"]]
)
def test_a_format_no_paris_score_document_has_is_unreadable_not_skipped(tmp_path: Path, declared: object) -> None:
    """A misspelt or unknown ``format`` in a folder fails the run: only the documents paris-score writes or reads
    (docs/formats.md) are skipped, so that a typo cannot pass a CI job unchecked."""
    folder = games(tmp_path)
    typo = json.loads((EXAMPLES / "rulebook.json").read_text("utf-8"))
    typo["format"] = declared
    (folder / "typo.json").write_text(json.dumps(typo), "utf-8")
    result = CliRunner().invoke(cli, ["check", str(folder)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[-1] == (
        f"{len(POSITIONS) + 1} files checked: {len(POSITIONS)} pass, 1 fail (0 not legal, 1 unreadable)"
    )
    at = lines.index(f"{folder / 'typo.json'}: unreadable, not a paris-position/1 position")
    said = {
        "paris-position/2": "expected 'paris-position/1', got \"paris-position/2\": a version of the format this "
        "paris-score does not read",
        "paris-game/2": "this is a paris-game/2 game record (a version this paris-score does not read), not a "
        "paris-position/1 position",
        "paris2020-final/9": "this is a paris2020-final/9 end of a game of Paris (2020) (a version this paris-score "
        "does not read), not a paris-position/1 position",
    }
    got = "a list" if isinstance(declared, list) else f'"{declared}"'
    expected = said.get(str(declared), f"expected 'paris-position/1', got {got}")
    assert lines[at + 1] == f"{folder / 'typo.json'}: format: {expected}"


@pytest.mark.parametrize("suffix", [".txt", ".json"])
def test_the_file_standard_output_goes_to_is_not_read(tmp_path: Path, suffix: str) -> None:
    """``check games/ > games/verdict.txt``: the shell makes the file before check runs; it is not an input."""
    folder = games(tmp_path)
    out = folder / f"verdict{suffix}"
    fmt = "json" if suffix == ".json" else "text"
    with out.open("w") as f:
        done = subprocess.run(
            [sys.executable, "-m", "paris_score_cli", "check", str(folder), "--format", fmt],
            stdout=f,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
            env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "cli")])},
        )
    assert (done.returncode, done.stderr) == (0, f"{out}: skipped, the output of this command\n")
    assert len(json.loads(out.read_text("utf-8")) if fmt == "json" else out.read_text("utf-8").splitlines()) == (
        len(POSITIONS) + (fmt == "text")
    )


def test_strict_says_why_a_legal_file_fails(tmp_path: Path) -> None:
    grid = tmp_path / "reserve.txt"
    grid.write_text((EXAMPLES / "rulebook.txt").read_text("utf-8").replace("blue reserve: 4", "blue reserve: unknown"))
    code, out = run("check", str(grid), "--strict")
    assert code == 1
    assert out.splitlines()[0] == f"{grid}: legal (0 errors, 1 warning)"
    assert out.splitlines()[-1] == "  it fails because --strict counts warnings as failures"
    assert "--strict" not in run("check", str(grid))[1]
    # The warning names blue: its annotation points at blue's reserve line (20), not orange's (19).
    annotations = run("check", str(grid), "--format", "github")[1]
    assert f"::warning file={grid},line=20,title=S3 reserve-not-given::" in annotations
    # A CI log with --strict says why the job fails, though every annotation is a warning; in English, as the rest.
    code, log = run("check", str(grid), "--strict", "--format", "github", "--lang", "pl")
    assert code == 1
    assert log.splitlines()[-1] == "  it fails because --strict counts warnings as failures"
    assert "--strict" not in annotations


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


RECORD = EXAMPLES / "games" / "short-game.json"


def records(folder: Path) -> dict[str, Path]:
    """Game records in ``folder``: the example (finished, legal), one stopped early, one with an illegal move
    (``build Z`` in phase 1, move 13, on its own line) and one whose result disagrees with the score."""
    folder.mkdir(parents=True, exist_ok=True)
    doc = json.loads(RECORD.read_text("utf-8"))
    moves = list(doc["moves"])
    moves[12] = "build Z A1 B1"
    made = {
        "whole": doc,
        "early": {**doc, "moves": doc["moves"][:10]},
        "illegal": {**doc, "moves": moves},
        "wrong-result": {**doc, "result": {"orange": 1, "blue": 2}},
    }
    paths = {}
    for name, record in made.items():
        paths[name] = folder / f"{name}.json"
        paths[name].write_text(json.dumps(record, indent=2), "utf-8")
    return paths


def test_game_records_are_checked_by_name_like_replay(tmp_path: Path) -> None:
    found = records(tmp_path)
    assert run("check", str(found["whole"])) == (
        0,
        f"{found['whole']}: legal (0 errors, 0 warnings)\n"
        "  game record: 28 moves, all legal; the game is over: orange 33 - blue 14\n",
    )
    assert run("check", str(found["early"]))[0] == 0  # a game in progress is legal ...
    code, out = run("check", str(found["early"]), "--final")  # ... but not a finished game
    assert code == 1
    assert out.splitlines() == [
        f"{found['early']}: legal, but not a finished game (1 error, 0 warnings)",
        "  game record: 10 moves, all legal; the game is not over (phase 1, orange to move)",
        "  error   G12 game-not-over: the game is not over after 10 moves (phase 1, orange to move)",
    ]
    code, out = run("check", str(found["illegal"]))
    assert code == 1
    assert out.splitlines() == [
        f"{found['illegal']}: not legal (1 error, 0 warnings)",
        "  game record: 28 moves; move 13 is illegal, the replay stops there (12 legal moves played)",
        "  error   G9 wrong-phase: move 13 (orange) `build Z A1 B1`: buildings are built in phase 2 only",
    ]
    code, out = run("check", str(found["wrong-result"]))
    assert code == 1
    assert "G12 result-disagrees: the record's result says orange 1 - blue 2, the score is orange 33 - blue 14" in out


def test_check_exits_as_replay_does_on_every_record(tmp_path: Path) -> None:
    for path in records(tmp_path).values():
        for final in ((), ("--final",)):
            replayed = CliRunner().invoke(cli, ["replay", str(path), *(("--finished",) if final else ())])
            assert run("check", str(path), *final)[0] == replayed.exit_code, (path.name, final)


def test_a_record_from_standard_input_and_in_json(tmp_path: Path) -> None:
    import jsonschema

    import paris_score

    found = records(tmp_path)
    result = CliRunner().invoke(cli, ["check", "-", "--format", "json"], input=found["illegal"].read_text("utf-8"))
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    jsonschema.validate(doc, json.loads(paris_score.formats.schema("check")))
    assert (doc["file"], doc["legal"], doc["verdict"]) == ("<stdin>", False, "not legal")
    assert doc["record"] == {
        "moves": 28,
        "moves_played": 12,
        "phase": 1,
        "finished": False,
        "illegal": {
            "move": 13,
            "player": "orange",
            "text": "build Z A1 B1",
            "code": "wrong-phase",
            "rule": "G9",
            "message": "buildings are built in phase 2 only",
            "spaces": [],
            "message_i18n": {"id": "wrong-phase.build", "args": {}},
        },
        "result_agrees": None,
    }
    assert [p["code"] for p in doc["problems"]] == ["wrong-phase"]
    for path in found.values():
        _, out = run("check", str(path), "--final", "--format", "json")
        jsonschema.validate(json.loads(out), json.loads(paris_score.formats.schema("check")))


def test_folders_mix_positions_and_records(tmp_path: Path) -> None:
    folder = games(tmp_path)
    found = records(folder / "records")
    (folder / "report.json").write_text(json.dumps({"format": "paris-score/1"}), "utf-8")
    (folder / "typo.json").write_text(json.dumps({"format": "paris-position/1", "ground": []}), "utf-8")
    code, out = run("check", str(folder))
    lines = out.splitlines()
    assert code == 1
    assert f"{folder / 'typo.json'}: unreadable, not a paris-position/1 position" in lines
    assert f"{found['illegal']}: not legal (1 error, 0 warnings)" in lines
    assert f"{found['whole']}: legal (0 errors, 0 warnings)" in lines
    assert f"{folder / 'report.json'}: skipped, a paris-score/1 document, not a position" in lines
    n = len(POSITIONS) + len(found) + 1
    assert lines[-1] == f"{n} files checked: {n - 3} pass, 3 fail (2 not legal, 1 unreadable); 1 other document skipped"
    code, out = run("check", str(EXAMPLES), "--final")  # the example record is a whole game
    assert code == 0
    assert f"{RECORD}: legal, a finished game (0 errors, 0 warnings)" in out.splitlines()
    others = sorted((EXAMPLES / "paris2020").glob("*.json"))  # paris2020-final/1 (docs/paris2020.md)
    assert out.splitlines()[-1].endswith(f"; {len(others)} other documents skipped")
    result = CliRunner().invoke(cli, ["check", str(EXAMPLES), "--format", "json"])
    assert str(RECORD) in [doc["file"] for doc in json.loads(result.stdout)]
    assert result.stderr.splitlines() == [  # skipped, but not silently
        f"{path}: skipped, a paris2020-final/1 document, not a position" for path in others
    ]


def test_an_unreadable_record_is_named_as_a_record(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text(json.dumps({"format": "paris-game/1", "setup": {}, "moves": "tile A1 0"}), "utf-8")
    code, out = run("check", str(path))
    assert code == 1
    assert out.startswith(f"{path}: unreadable, not a paris-game/1 game record\n{path}: setup")
    assert "moves" in out


def test_github_annotations_of_a_record_sit_on_the_move_line(tmp_path: Path) -> None:
    found = records(tmp_path / "games")
    line = found["illegal"].read_text("utf-8").splitlines().index('    "build Z A1 B1",') + 1
    code, out = run("check", "games", "--format", "github", "--final", cwd=tmp_path)
    assert code == 1
    annotations = [a for a in out.splitlines() if a.startswith("::")]
    early = json.loads(found["early"].read_text("utf-8"))["moves"][-1]
    last = found["early"].read_text("utf-8").splitlines().index(f'    "{early}"') + 1
    result = next(i for i, t in enumerate(found["wrong-result"].read_text("utf-8").splitlines(), 1) if '"result"' in t)
    assert result > 1
    assert annotations == [
        f"::error file=games/early.json,line={last},title=G12 game-not-over::"
        "the game is not over after 10 moves (phase 1, orange to move)",
        f"::error file=games/illegal.json,line={line},title=G9 wrong-phase::"
        "move 13 (orange) `build Z A1 B1`: buildings are built in phase 2 only",
        f"::error file=games/wrong-result.json,line={result},title=G12 result-disagrees::"
        "the record's result says orange 1 - blue 2, the score is orange 33 - blue 14",
    ]


def test_the_hook_checks_records_as_pre_commit_would(tmp_path: Path) -> None:
    found = records(tmp_path / "games")
    staged = [f"games/{p.name}" for p in found.values() if re.search(hook()["files"], p.name)]
    assert len(staged) == len(found)
    done = entry(hook()["entry"], *staged, cwd=tmp_path)
    assert done.returncode == 1
    assert "games/illegal.json: not legal (1 error, 0 warnings)" in done.stdout
    assert done.stdout.splitlines()[-1] == "4 files checked: 2 pass, 2 fail (2 not legal, 0 unreadable)"
    done = entry(hook()["entry"], "games/whole.json", "games/early.json", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (0, "")


def test_pattern_replaces_a_records_pattern_and_pieces_says_it_is_not_used(tmp_path: Path) -> None:
    import attrs

    import paris_score
    from paris_score.game.generate import random_game
    from paris_score.game.records import dumps_game

    record = attrs.evolve(random_game(0), result=None)  # rays4; its large streetlight lights more with rays8 (S1c)
    path = tmp_path / "game.json"
    path.write_text(dumps_game(record), "utf-8")
    rays8 = attrs.evolve(record.setup.rules, large_streetlight_pattern="rays8")
    with_rays8 = paris_score.replay(attrs.evolve(record, setup=attrs.evolve(record.setup, rules=rays8))).score
    plain = paris_score.replay(record).score
    assert with_rays8 is not None
    assert plain is not None
    assert (plain.orange.total, plain.blue.total) == (34, 20)
    assert (with_rays8.orange.total, with_rays8.blue.total) == (34, 22)

    code, out = run("check", str(path), "--pattern", "rays8")
    assert code == 0
    assert out.splitlines()[1:] == [
        "  large streetlight pattern rays8 (--pattern; the file says rays4)",
        f"  game record: {len(record.moves)} moves, all legal; the game is over: orange 34 - blue 22",
    ]
    code, out = run("check", str(path), "--pattern", "rays8", "--format", "json")
    assert json.loads(out)["pattern"] == "rays8"

    code, out = run("check", str(path), "--pieces", str(ROOT / "tests" / "data" / "fictional-pieces.json"))
    assert code == 0
    assert "  note: --pieces checks positions only; a game record's pieces are its setup's" in out.splitlines()
    code, out = run("check", str(path), "--pieces", str(EXAMPLES / "rulebook.json"))  # not a catalogue
    assert code == 1
    assert f"{EXAMPLES / 'rulebook.json'}: unreadable, not a paris-pieces/1 catalogue" in out
