"""Files the commands write are never destroyed (docs/robustness.md): whole or not at all, never over an input.

The writes that fail part way run the real command in a process whose file
size limit (``RLIMIT_FSIZE``) is too small for what it writes.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from paris_score_cli.app import cli

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "examples" / "rulebook.txt"
OLD = "the old file, which must survive\n"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def small_files() -> None:
    """In the child process: every write past 300 bytes of a file fails (EFBIG, "File too large")."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (300, 300))


def run_with_small_files(*args: str) -> subprocess.CompletedProcess[str]:
    """The real command, in a process whose file size limit (:func:`small_files`) is too small for its output."""
    return subprocess.run(
        [sys.executable, "-m", "paris_score_cli", *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'cli'}"},
        preexec_fn=small_files,
        capture_output=True,
        text=True,
        timeout=60,
    )


INPUTS = ("belleville.json", "game.txt", "record.json")
"""What :func:`folder` holds: a position, an end of a game of Paris (2020), a game record."""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copy(GAME, tmp_path / "game.txt")
    shutil.copy(ROOT / "examples" / "paris2020" / "belleville.json", tmp_path / "belleville.json")
    code, _, _ = run("play", "--seed", "3", "-o", str(tmp_path / "record.json"))
    assert code == 0
    return tmp_path


# Each command that writes a file: its input and the option that names its output.
WRITERS = [
    pytest.param(("render", "{input}", "-o", "{output}"), "game.txt", "-o/--output", id="render"),
    pytest.param(("score", "{input}", "--svg", "{output}"), "game.txt", "--svg", id="score"),
    pytest.param(("convert", "{input}", "--to", "json", "-o", "{output}"), "game.txt", "-o/--output", id="convert"),
    pytest.param(("replay", "{input}", "--position-out", "{output}"), "record.json", "--position-out", id="replay"),
    pytest.param(
        ("paris2020", "convert", "{input}", "--to", "text", "-o", "{output}"),
        "belleville.json",
        "-o/--output",
        id="paris2020-convert",
    ),
]


def command(template: tuple[str, ...], given: str, output: str) -> list[str]:
    return [part.format(input=given, output=output) for part in template]


@pytest.mark.parametrize(("template", "given", "option"), WRITERS)
@pytest.mark.parametrize("how", ["same path", "another spelling", "symbolic link", "hard link"])
def test_an_output_that_is_the_input_is_refused_before_anything_is_written(
    folder: Path, template: tuple[str, ...], given: str, option: str, how: str
) -> None:
    source = folder / given
    before = source.read_bytes()
    output = {"same path": str(source), "another spelling": f"{folder}/./{given}"}.get(how, str(folder / "out"))
    if how == "symbolic link":
        (folder / "out").symlink_to(source)
    elif how == "hard link":
        os.link(source, folder / "out")
    code, out, err = run(*command(template, str(source), output))
    assert code == 2
    assert f"{option} {output} is the same file as FILE {source}" in err
    assert "destroy the input" in err
    assert out == ""
    assert source.read_bytes() == before


@pytest.mark.parametrize(("template", "given", "option"), WRITERS)
@pytest.mark.parametrize("how", ["same path", "/dev/stdin"])
def test_an_output_that_is_the_file_standard_input_comes_from_is_refused(
    folder: Path, template: tuple[str, ...], given: str, option: str, how: str
) -> None:
    """``paris-score render - -o game.txt < game.txt``: the input is ``-``, but the file is the same."""
    source = folder / given
    before = source.read_bytes()
    output = str(source) if how == "same path" else how
    with source.open("rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "paris_score_cli", *command(template, "-", output)],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": f"{ROOT}:{ROOT / 'cli'}"},
            stdin=stdin,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2, done.stderr
    assert f"{option} {output} is the same file as FILE - (standard input)" in done.stderr
    assert done.stdout == ""
    assert source.read_bytes() == before


@pytest.mark.parametrize(("template", "given", "option"), WRITERS)
def test_a_write_failing_part_way_leaves_the_old_file_and_exits_1(
    folder: Path, template: tuple[str, ...], given: str, option: str
) -> None:
    target = folder / "out"
    target.write_text(OLD)

    done = run_with_small_files(*command(template, str(folder / given), str(target)))
    assert done.returncode == 1, done.stderr
    assert f"{target}: cannot write the file: File too large; it is left as it was" in done.stderr
    assert "Traceback" not in done.stderr
    assert target.read_text() == OLD
    assert sorted(p.name for p in folder.iterdir()) == [
        "belleville.json",
        "game.txt",
        "out",
        "record.json",
    ]  # no temporary


def interrupted_sync(fd: int) -> None:
    """``os.fsync`` as Ctrl-C meets it: the text is written to the temporary file, not yet renamed over the target."""
    raise KeyboardInterrupt


@pytest.mark.parametrize(("template", "given", "option"), WRITERS)
def test_ctrl_c_during_a_write_leaves_the_old_file_and_no_temporary(
    folder: Path, template: tuple[str, ...], given: str, option: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = folder / "out"
    target.write_text(OLD)
    monkeypatch.setattr(os, "fsync", interrupted_sync)
    result = CliRunner().invoke(cli, command(template, str(folder / given), str(target)))
    assert (result.exit_code, result.stderr) == (1, "\nAborted!\n")  # click's answer to Ctrl-C
    assert target.read_text() == OLD
    assert sorted(p.name for p in folder.iterdir()) == sorted([*INPUTS, "out"])  # no temporary


def test_ctrl_c_during_play_leaves_nothing_new(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsync", interrupted_sync)
    result = CliRunner().invoke(cli, ["play", "--seed", "3", "-o", str(tmp_path / "game.json")])
    assert (result.exit_code, result.stderr) == (1, "\nAborted!\n")
    assert list(tmp_path.iterdir()) == []


def test_play_writing_part_way_leaves_nothing_new(tmp_path: Path) -> None:
    target = tmp_path / "game.json"

    done = run_with_small_files("play", "--seed", "3", "-o", str(target))
    assert done.returncode == 1
    assert "cannot write the file: File too large; nothing written" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_new_file_replaces_the_old_keeping_its_permissions_and_links(folder: Path) -> None:
    picture = folder / "game.svg"
    picture.write_text(OLD)
    picture.chmod(0o640)
    (folder / "link.svg").symlink_to(picture)
    assert run("render", str(folder / "game.txt"), "-o", str(folder / "link.svg"))[0] == 0
    assert (folder / "link.svg").is_symlink()
    assert picture.read_text().startswith("<svg")
    assert picture.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in folder.iterdir()) == [
        "belleville.json",
        "game.svg",
        "game.txt",
        "link.svg",
        "record.json",
    ]


def test_a_new_file_gets_the_usual_permissions(folder: Path) -> None:
    mask = os.umask(0o027)
    try:
        assert run("convert", str(folder / "game.txt"), "--to", "json", "-o", str(folder / "game.json"))[0] == 0
    finally:
        os.umask(mask)
    assert (folder / "game.json").stat().st_mode & 0o777 == 0o640


def test_a_device_is_written_in_place() -> None:
    assert run("render", str(GAME), "-o", os.devnull)[0] == 0
    assert Path(os.devnull).is_char_device()
