"""docs/cli.md describes every command, option and choice the program has, in its own tables.

The page's ``--help`` blocks are checked by tests/test_docs_commands.py; this
test makes sure the hand-written tables keep up when an option is added.
"""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from paris_score_cli.app import cli

CONTEXT = click.Context(cli)
COMMANDS = cli.list_commands(CONTEXT)  # lazily imported commands (render) included

PAGE = Path(__file__).resolve().parent.parent / "docs" / "cli.md"


def sections() -> dict[str, str]:
    """``## name`` heading -> the table rows of that section (lines starting with ``|``)."""
    parts = re.split(r"^## (.+)$", PAGE.read_text("utf-8"), flags=re.MULTILINE)
    return {
        title.strip(): "\n".join(line for line in body.splitlines() if line.startswith("|"))
        for title, body in zip(parts[1::2], parts[2::2], strict=True)
    }


def group_context() -> click.Context:
    """A context as ``paris-score`` makes one: built from the group's own settings (``-h`` too).

    click caches each command's help option from the first context it sees, so a
    bare ``click.Context(cli)`` here would drop ``-h`` from later help pages.
    """
    return click.Context(cli, info_name="paris-score", **cli.context_settings)


def mentions(param: click.Parameter) -> list[str]:
    """What the table must show for one parameter: each of its spellings, and each choice."""
    if isinstance(param, click.Argument):
        if isinstance(param.type, click.Choice):
            return [f"`{choice}`" for choice in param.type.choices]
        return [f"`{param.make_metavar(group_context())}`"]
    found = [f"`{opt}" for opt in [*param.opts, *param.secondary_opts]]
    if isinstance(param.type, click.Choice):
        found += [f"`{param.opts[-1]} {choice}`" for choice in param.type.choices]
    return found


@pytest.mark.parametrize("name", COMMANDS)
def test_every_option_of_the_command_is_in_its_table(name: str) -> None:
    command = cli.get_command(CONTEXT, name)
    assert command is not None
    table = sections().get(name)
    assert table, f"docs/cli.md has no '## {name}' section with a table"
    ctx = click.Context(command, info_name=name, parent=group_context())
    missing = [m for param in command.get_params(ctx) for m in mentions(param) if m not in table]
    assert not missing, f"docs/cli.md, section {name}: nothing on {', '.join(missing)}"


def test_the_group_options_are_described() -> None:
    table = sections()["paris-score"]
    missing = [m for param in cli.get_params(group_context()) for m in mentions(param) if m not in table]
    assert not missing, f"docs/cli.md, section paris-score: nothing on {', '.join(missing)}"


def test_the_synopsis_names_every_command() -> None:
    synopsis = PAGE.read_text("utf-8").split("```text\n", 1)[1].split("```", 1)[0]
    assert sorted(re.findall(r"^paris-score (\w+)", synopsis, flags=re.MULTILINE)) == COMMANDS
