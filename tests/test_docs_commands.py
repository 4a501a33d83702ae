"""Every command shown in the README and the docs runs, and prints what the page shows.

The pages' Python is tested as doctests; this file does the same for their
shell sessions, so that a command line in the documentation cannot rot:

- A ```` ```console ```` block holds ``$ command`` lines, each optionally
  followed by the output the page shows.  A ```` ```sh ```` block holds
  commands only.
- The commands of one page run in order in one scratch folder, which holds a
  copy of ``examples/`` and the files the pages name (see :func:`scratch`).
  ``paris-score`` runs in-process through click's ``CliRunner`` (this tree's
  code, not an installed script); ``python examples/...`` runs as a
  subprocess importing this tree.  ``&&``, ``<``, ``>``, globs and trailing
  ``# comments`` work as in a shell.
- ``NAME=value`` words before a command set its environment (``LANGUAGE=cs paris-score ...``).
- A command must exit with status 0, unless the page follows it with
  ``$ echo $?`` and the status.  Output shown on the page is compared as
  doctest compares (``...`` matches anything, runs of blanks are equal).
- ``pip install`` and ``python -m pytest`` are what ``.ci/run`` does around
  this very suite: they are recognised and not run.
"""

from __future__ import annotations

import doctest
import glob
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from paris_score.formats.text_grid import blank_template
from paris_score_cli.app import cli

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(
    r"^(?P<indent>[ \t]*)```(?P<lang>console|sh)[ \t]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.MULTILINE | re.DOTALL
)
NOT_RUN = (["pip", "install"], ["python", "-m", "pytest"])
CHECKER = doctest.OutputChecker()
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@dataclass
class Command:
    """One ``$`` line of a page: where it is, what it runs, what the page says it prints and returns."""

    where: str
    line: str
    output: list[str] | None = None  # None: the page shows no output, so any is fine
    status: int = 0


def commands(page: Path) -> list[Command]:
    """The commands of a page, in order, with the output and exit status it shows for each."""
    text = page.read_text("utf-8")
    found: list[Command] = []
    for block in FENCE.finditer(text):
        first = text.count("\n", 0, block.start("body")) + 1
        indent = len(block["indent"])
        for offset, raw in enumerate(block["body"].splitlines()):
            line = raw[indent:]
            where = f"{page.name}:{first + offset}"
            if block["lang"] == "sh":
                if line.strip() and not line.lstrip().startswith("#"):
                    found.append(Command(where, line))
            elif line.startswith("$ echo $?"):
                found.append(Command(where, "echo $?"))
            elif line.startswith("$ "):
                found.append(Command(where, line[2:]))
            elif found and found[-1].line == "echo $?":
                found[-2].status = int(line)
            elif found:
                found[-1].output = [*(found[-1].output or []), line]
    return [c for c in found if c.line != "echo $?"]


def scratch(folder: Path) -> None:
    """The files the pages' commands use.

    ``game.json`` / ``game.txt`` are the rulebook example; ``games/`` holds a
    legal game (``friday.txt``), one that breaks two rules (``saturday.json``)
    and one that cannot be read (``sunday.json``); ``records/tuesday.json``
    is a game record whose 21st move is illegal; ``evening.json`` is the rulebook's Montmartre example of
    *Paris* (2020) with two slips; ``pieces.json`` is the
    tests' fictional catalogue of building shapes; ``typos.txt`` and
    ``stray.txt`` are the rulebook's game typed into the template with slips.
    """
    shutil.copytree(ROOT / "examples", folder / "examples", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "examples" / "rulebook.json", folder / "game.json")
    shutil.copy(ROOT / "examples" / "rulebook.txt", folder / "game.txt")
    shutil.copy(ROOT / "tests" / "data" / "fictional-pieces.json", folder / "pieces.json")
    games = folder / "games"
    games.mkdir()
    shutil.copy(ROOT / "examples" / "tie-break.txt", games / "friday.txt")
    saturday = json.loads((ROOT / "examples" / "rulebook.json").read_text("utf-8"))
    saturday["pieces"]["painter"] = "F2"  # an orange space, but blue used Le Peintre (P6)
    saturday["pieces"]["dancer"] = "A8"  # nobody used Moulin Rouge (P10)
    (games / "saturday.json").write_text(json.dumps(saturday, indent=2), "utf-8")
    sunday = json.loads((ROOT / "examples" / "rulebook.json").read_text("utf-8"))
    sunday["buildings"][2]["cells"][1] = "I9"
    sunday["reserve"]["blue"] = [7]
    (games / "sunday.json").write_text(json.dumps(sunday, indent=2), "utf-8")
    # docs/typing-your-game.md: the rulebook's game typed into the template, with slips.
    slips = {9: ("oA", "qA"), 11: ("oC", "oZ"), 21: ("4", ""), 22: ("lampadaire", "lampadiare")}
    (folder / "typos.txt").write_text(typed_in_template(slips), "utf-8")
    (folder / "stray.txt").write_text(typed_in_template({15: ("bD  bD", "bE  bD")}), "utf-8")
    tuesday = json.loads((ROOT / "examples" / "games" / "short-game.json").read_text("utf-8"))
    tuesday["moves"][20] = "card le-peintre E2"  # a blue space for orange's painter (P6)
    (folder / "records").mkdir()
    (folder / "records" / "tuesday.json").write_text(json.dumps(tuesday, indent=2), "utf-8")
    evening = json.loads((ROOT / "examples" / "paris2020" / "montmartre.json").read_text("utf-8"))
    evening["players"][2]["francs"] = -1  # docs/paris2020.md: an end of a game of Paris (2020) with two slips
    evening["districts"][0]["properties"][0]["owners"] = ["Marysia", "Marta"]
    (folder / "evening.json").write_text(json.dumps(evening, indent=2), "utf-8")


def typed_in_template(slips: dict[int, tuple[str, str]]) -> str:
    """The rulebook's game typed into ``paris-score template``'s blank grid, its notes kept, as a player fills it in.

    ``slips`` maps a line number to the text typed wrong on it: (what it should be, what was typed).
    """
    filled = (ROOT / "examples" / "rulebook.txt").read_text("utf-8").splitlines()
    rows = {line[:2]: line for line in filled if line[:1].isdigit()}
    values = dict(line.split(": ", 1) for line in filled if ": " in line and not line.startswith("#"))
    lines = []
    for line in blank_template().splitlines():
        if line[:1].isdigit():
            line = rows[line[:2]]
        elif ":" in line and not line.startswith("#"):
            key, note = line.split(":", 1)[0], line.index("#")
            line = f"{key}: {values[key]}".ljust(note - 1) + " " + line[note:]
        lines.append(line)
    for number, (right, wrong) in slips.items():
        assert right in lines[number - 1], (number, lines[number - 1])
        lines[number - 1] = lines[number - 1].replace(right, wrong, 1)
    return "\n".join(lines) + "\n"


def shell_words(command: Command, folder: Path) -> list[list[str]]:
    """The ``&&``-separated parts of a command line, comments dropped and globs expanded."""
    parts: list[list[str]] = [[]]
    for word in shlex.split(command.line, comments=True):
        if word == "&&":
            parts.append([])
        elif any(ch in word for ch in "*?[") and not word.startswith("'"):
            matches = sorted(glob.glob(word, root_dir=folder))
            parts[-1].extend(matches or [word])
        else:
            parts[-1].append(word)
    return parts


def run_part(words: list[str], folder: Path) -> tuple[int, str]:
    """Run one simple command in ``folder``: its exit status and everything it printed."""
    stdin: bytes | None = None
    stdout_file: Path | None = None
    if "<" in words:
        i = words.index("<")
        stdin = (folder / words[i + 1]).read_bytes()
        words = words[:i] + words[i + 2 :]
    if ">" in words:
        i = words.index(">")
        stdout_file = folder / words[i + 1]
        words = words[:i] + words[i + 2 :]
    assert "|" not in words, "pipes are not supported here; show one command at a time"
    env: dict[str, str] = {}
    while re.fullmatch(r"[A-Z_]+=.*", words[0]):
        name, _, value = words.pop(0).partition("=")
        env[name] = value
    if words[0] == "paris-score":
        runner = CliRunner(env=env)
        result = runner.invoke(cli, words[1:], input=stdin, prog_name="paris-score", terminal_width=80)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        status, output = result.exit_code, result.output
        if stdout_file is not None:
            stdout_file.write_text(result.stdout, "utf-8")
            output = result.stderr
    elif words[0] == "python" and words[1].startswith("examples/"):
        paths = [str(ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
        done = subprocess.run(
            [sys.executable, *words[1:]],
            cwd=folder,
            input=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env={**os.environ, **env, "PYTHONPATH": os.pathsep.join(paths)},
            check=False,
        )
        status, output = done.returncode, done.stdout.decode("utf-8")
        if stdout_file is not None:
            stdout_file.write_text(output, "utf-8")
            output = ""
    else:
        raise AssertionError(f"cannot run {shlex.join(words)!r}: teach tests/test_docs_commands.py, or show it as text")
    return status, output


def run(command: Command, folder: Path) -> tuple[int, str]:
    """Run a command line like a shell: ``&&`` stops at the first failure."""
    status, output = 0, ""
    for words in shell_words(command, folder):
        if any(words[: len(prefix)] == prefix for prefix in NOT_RUN):
            continue
        status, printed = run_part(words, folder)
        output += printed
        if status != 0:
            break
    return status, output


def pages_with_commands() -> list[Path]:
    return [page for page in PAGES if commands(page)]


@pytest.mark.parametrize("page", pages_with_commands(), ids=lambda p: p.name)
def test_every_command_on_the_page_runs_as_shown(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scratch(tmp_path)
    monkeypatch.chdir(tmp_path)
    for command in commands(page):
        status, output = run(command, tmp_path)
        assert status == command.status, f"{command.where}: {command.line!r} exited {status}:\n{output}"
        if command.output is not None:
            want = "\n".join(command.output) + "\n"
            assert CHECKER.check_output(want, output, FLAGS), (
                f"{command.where}: {command.line!r} printed\n{output}\nbut the page shows\n{want}"
            )


def test_the_readme_commands_are_what_ci_runs() -> None:
    """The README's first block: install and try it, then the suite exactly as .ci/run runs it."""
    first = commands(ROOT / "README.md")[:2]
    assert [shlex.split(c.line, comments=True) for c in first] == [
        ["pip", "install", ".", "&&", "paris-score", "example"],
        ["pip", "install", "-e", ".[test]", "&&", "python", "-m", "pytest"],
    ]
    ci = (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
    assert "pip install -e '.[test]' && python -m pytest" in ci
    assert first[1].line.split("#")[0].strip() == "pip install -e '.[test]' && python -m pytest"


def test_commands_are_found_in_every_kind_of_block(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "```sh\npip install . && paris-score example --format json > out.json   # try it\n```\n\n"
        "- a list item:\n\n  ```console\n  $ paris-score check game.json\n  game.json: legal (0 errors, 0 warnings)\n"
        "  $ paris-score score nope.json\n  nope.json: cannot read the file: No such file or directory\n"
        "  $ echo $?\n  1\n  ```\n",
        "utf-8",
    )
    found = commands(page)
    assert [(c.where, c.line, c.output, c.status) for c in found] == [
        ("page.md:2", "pip install . && paris-score example --format json > out.json   # try it", None, 0),
        ("page.md:8", "paris-score check game.json", ["game.json: legal (0 errors, 0 warnings)"], 0),
        (
            "page.md:10",
            "paris-score score nope.json",
            ["nope.json: cannot read the file: No such file or directory"],
            1,
        ),
    ]
    scratch(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert [run(c, tmp_path) for c in found] == [
        (0, ""),
        (0, "game.json: legal (0 errors, 0 warnings)\n"),
        (1, "nope.json: cannot read the file: No such file or directory\n"),
    ]
    assert json.loads((tmp_path / "out.json").read_text("utf-8"))["report"]["format"] == "paris-score/1"


def test_a_command_the_test_cannot_run_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(AssertionError, match=r"cannot run 'cat game\.json'"):
        run(Command("page.md:1", "cat game.json"), tmp_path)
