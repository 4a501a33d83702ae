"""What is not a regular file, met by name or in a folder ``check`` walks (docs/robustness.md, docs/ci.md).

A named pipe, a socket or a device is refused without being opened, so that
no command waits for a writer that never comes; a stream the shell opened
(``-``, ``/dev/stdin``, ``<(...)``) is read. A folder that cannot be read
is named and fails the run; a link to a folder inside a folder is named as
not followed. The commands that could hang run in a process with a timeout,
so that a hang fails the test instead of stopping the suite.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from paris_score_cli.app import cli

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = ROOT / "examples" / "rulebook.json"
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "cli")])}
HINT = "so it is not read; to read a stream, give it as standard input (-)"
LEGAL = "legal (0 errors, 0 warnings)"


def run_process(*args: str, prefix: tuple[str, ...] = (), **options: Any) -> subprocess.CompletedProcess[str]:
    """The real command in a process of its own: a command that waits for a pipe's writer times out and fails."""
    return subprocess.run(
        [*prefix, sys.executable, "-m", "paris_score_cli", *args],
        env=ENV,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        **options,
    )


def run(*args: str) -> Any:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def refused(path: Path, what: str) -> str:
    return f"{path}: not a regular file but {what}, {HINT}"


# -- a named pipe, a socket, a device ------------------------------------------------------------------------------


@pytest.fixture
def specials(tmp_path: Path) -> Path:
    """A folder holding the rulebook example, a named pipe nobody writes to, a socket, and a link to a device
    (making a device needs a privilege; a link to one is read as the device)."""
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(RULEBOOK, folder / "rulebook.json")
    os.mkfifo(folder / "pipe.json")
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(folder / "socket.txt"))
    (folder / "null.json").symlink_to(os.devnull)
    return folder


def test_a_pipe_a_socket_or_a_device_in_a_folder_is_named_counted_and_fails_the_run(specials: Path) -> None:
    done = run_process("check", str(specials))
    assert done.returncode == 1, done.stderr
    unreadable = "unreadable, not a paris-position/1 position"
    assert done.stdout.splitlines() == [
        f"{specials / 'null.json'}: {unreadable}",
        refused(specials / "null.json", "a device"),
        f"{specials / 'pipe.json'}: {unreadable}",
        refused(specials / "pipe.json", "a named pipe (FIFO)"),
        f"{specials / 'rulebook.json'}: {LEGAL}",
        f"{specials / 'socket.txt'}: {unreadable}",
        refused(specials / "socket.txt", "a socket"),
        "4 files checked: 1 pass, 3 fail (0 not legal, 3 unreadable)",
    ]
    assert done.stderr == ""
    done = run_process("check", str(specials), "--format", "json")
    assert done.returncode == 1
    documents = json.loads(done.stdout)
    assert [(d["file"], d["readable"]) for d in documents] == [
        (str(specials / "null.json"), False),
        (str(specials / "pipe.json"), False),
        (str(specials / "rulebook.json"), True),
        (str(specials / "socket.txt"), False),
    ]
    assert documents[1]["errors"][0]["message"] == f"not a regular file but a named pipe (FIFO), {HINT}"


@pytest.mark.parametrize(
    "args",
    [
        ("score", "{pipe}"),
        ("check", "{pipe}"),
        ("convert", "{pipe}", "--to", "json"),
        ("render", "{pipe}", "-o", "{out}"),
        ("replay", "{pipe}"),
        ("paris2020", "score", "{pipe}"),
        ("check", "{rulebook}", "--pieces", "{pipe}"),
    ],
    ids=lambda args: " ".join(args[:2]),
)
def test_a_named_pipe_given_by_name_is_refused_without_waiting_for_a_writer(
    specials: Path, args: tuple[str, ...]
) -> None:
    pipe = specials / "pipe.json"
    done = run_process(*(a.format(pipe=pipe, out=specials / "out.svg", rulebook=RULEBOOK) for a in args))
    assert done.returncode == 1, done.stderr
    assert refused(pipe, "a named pipe (FIFO)") in (done.stdout if args[0] == "check" else done.stderr)
    assert "Traceback" not in done.stderr
    assert not (specials / "out.svg").exists()


def test_a_device_given_by_name_is_refused() -> None:
    result = run("score", os.devnull)
    assert (result.exit_code, result.stderr) == (1, refused(Path(os.devnull), "a device") + "\n")


def test_a_stream_the_shell_opened_is_read_as_standard_input_is() -> None:
    """``score <(cat rulebook.json)`` (``/dev/fd/N``), ``/dev/stdin`` and ``-``: a pipe the user meant to read."""
    expected = run_process("score", str(RULEBOOK)).stdout
    assert expected.endswith("RESULT: blue wins, orange 48 - blue 57\n")
    data = RULEBOOK.read_bytes()
    read, write = os.pipe()
    os.write(write, data)  # a pipe holds 64 KiB: all of it, then the end
    os.close(write)
    try:
        done = run_process("score", f"/dev/fd/{read}", pass_fds=(read,))
    finally:
        os.close(read)
    assert (done.returncode, done.stdout, done.stderr) == (0, expected, "")
    for name in ("/dev/stdin", "-"):
        done = run_process("score", name, input=data.decode())
        assert (done.returncode, done.stdout, done.stderr) == (0, expected, "")
    done = run_process("check", "/dev/stdin", input=data.decode())
    assert (done.returncode, done.stdout) == (0, f"/dev/stdin: {LEGAL}\n")


# -- folders that cannot be read, links to folders -----------------------------------------------------------------


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    """``games/`` holding the rulebook example, and ``games/locked/`` holding another."""
    folder = tmp_path / "games"
    (folder / "locked").mkdir(parents=True)
    shutil.copy(RULEBOOK, folder / "rulebook.json")
    shutil.copy(RULEBOOK, folder / "locked" / "rulebook.json")
    return folder


def test_a_folder_that_cannot_be_read_is_named_and_fails_the_run(
    archive: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tests run as root, whom permissions do not stop: listing the folder is made to fail as it does for a user
    without the read permission (the next test does it for real where it can)."""
    locked = archive / "locked"
    listing = os.scandir

    def scandir(path: Any = ".") -> Any:
        if os.fspath(path) == str(locked):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return listing(path)

    monkeypatch.setattr(os, "scandir", scandir)
    said = f"{locked}: cannot read the folder: Permission denied; the files in it are not checked"
    result = run("check", str(archive))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{archive / 'rulebook.json'}: {LEGAL}",
        said,
        "1 file checked: 1 pass, 0 fail (0 not legal, 0 unreadable); 1 unreadable folder",
    ]
    result = run("check", str(archive), "--format", "json")
    assert (result.exit_code, result.stderr) == (1, said + "\n")
    assert [d["file"] for d in json.loads(result.stdout)] == [str(archive / "rulebook.json")]
    result = run("check", str(archive), "--format", "github")
    assert result.exit_code == 1
    assert f"::error title=unreadable folder::{said}" in result.stdout.splitlines()
    result = run("check", str(locked))  # the folder named: said once, not also as a folder with nothing to check
    assert (result.exit_code, result.stdout, result.stderr) == (1, said + "\n", "")


def _as_a_user() -> tuple[str, ...]:
    """How to run a command that permissions stop: as it is for a user; for root, without the capabilities that let
    it read any folder (``setpriv``).  Skips where neither can be done."""
    if os.geteuid() != 0:
        return ()
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: no way to drop root's right to read any folder")
    caps = "-dac_override,-dac_read_search"
    return ("setpriv", f"--inh-caps={caps}", f"--bounding-set={caps}")


def test_a_folder_without_the_read_permission_is_named_for_real(archive: Path) -> None:
    prefix = _as_a_user()
    locked = archive / "locked"
    locked.chmod(0)
    try:
        probe = subprocess.run([*prefix, "ls", str(locked)], capture_output=True, check=False)
        if probe.returncode == 0:
            pytest.skip(f"{' '.join(prefix) or 'this user'} still reads a folder without permissions")
        done = run_process("check", str(archive), prefix=prefix)
    finally:
        locked.chmod(0o755)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == [
        f"{archive / 'rulebook.json'}: {LEGAL}",
        f"{locked}: cannot read the folder: Permission denied; the files in it are not checked",
        "1 file checked: 1 pass, 0 fail (0 not legal, 0 unreadable); 1 unreadable folder",
    ]


def test_a_link_to_a_folder_is_named_as_not_followed_and_a_link_to_a_file_is_read(tmp_path: Path) -> None:
    """A linked folder inside a folder is not entered (it could lead out of the folder, or round in a loop) and does
    not fail the run; named itself, it is checked.  A linked file is read where it points."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copy(RULEBOOK, elsewhere / "other.json")
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(RULEBOOK, folder / "rulebook.json")
    (folder / "linked").symlink_to(elsewhere)
    (folder / "linked.json").symlink_to(elsewhere / "other.json")
    said = f"{folder / 'linked'}: a link to a folder, not followed; name it to check the files in it"
    result = run("check", str(folder))
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        f"{folder / 'linked.json'}: {LEGAL}",
        f"{folder / 'rulebook.json'}: {LEGAL}",
        said,
        "2 files checked: 2 pass, 0 fail (0 not legal, 0 unreadable); 1 linked folder not followed",
    ]
    result = run("check", str(folder), "--format", "json")
    assert (result.exit_code, result.stderr) == (0, said + "\n")
    assert len(json.loads(result.stdout)) == 2
    result = run("check", str(folder / "linked"))
    assert (result.exit_code, result.stdout.splitlines()[0]) == (0, f"{folder / 'linked' / 'other.json'}: {LEGAL}")
    (folder / "rulebook.json").unlink()
    (folder / "linked.json").unlink()
    result = run("check", str(folder))  # nothing to check but the link: the run fails, as for an empty folder
    assert (result.exit_code, result.stdout) == (1, said + "\n")
    assert result.stderr == f"{folder}: no positions or game records (*.json, *.txt) in this folder\n"
