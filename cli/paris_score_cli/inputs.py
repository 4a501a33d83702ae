"""What the commands share: reading input files, failing on bad input (exit 1, no traceback), ``--format``."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Final, NoReturn, TypeVar

import click

import paris_score
from paris_score.errors import Located, ParisScoreError, PositionFormatError
from paris_score.formats import MAX_INPUT_BYTES, format_of

EXIT_INVALID: Final = 1

T = TypeVar("T")


class UnreadableError(Exception):
    """An input file that is not a readable position or catalogue."""

    def __init__(self, source: str, errors: list[Located]) -> None:
        super().__init__(source)
        self.source = source
        self.errors = errors


def format_option(help: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """The ``--format text|json`` option (text by default), passed to the command as ``output_format``."""
    return click.option(
        "--format",
        "output_format",
        type=click.Choice(["text", "json"]),
        default="text",
        show_default=True,
        help=help,
    )


def source_name(path: str) -> str:
    """How messages name FILE: ``<stdin>`` for ``-``."""
    return "<stdin>" if path == "-" else path


def fail(source: str, lines: list[str]) -> NoReturn:
    """Print every problem, prefixed with the input's name, and exit 1."""
    for line in lines:
        click.echo(f"{source}: {line}", err=True)
    sys.exit(EXIT_INVALID)


def read_input(path: str, parse: Callable[[bytes], T]) -> T:
    """Read and parse FILE (``-`` for standard input); :class:`UnreadableError` with every error."""
    source = source_name(path)
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_INPUT_BYTES + 1)
    except OSError as e:
        raise UnreadableError(source, [Located("", f"cannot read the file: {e.strerror or e}")]) from None
    try:
        return parse(data)
    except PositionFormatError as e:
        raise UnreadableError(source, list(e.errors)) from None
    except ParisScoreError as e:  # any other bad-input error, one message a line
        raise UnreadableError(source, [Located("", line) for line in str(e).splitlines()]) from None


def write_text(out: str, text: str) -> None:
    """Write ``text`` to the file ``out`` (``-``: standard output); a file that cannot be written exits 1."""
    if out == "-":
        click.echo(text, nl=False)
        return
    try:
        with open(out, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    except OSError as e:
        fail(out, [f"cannot write the file: {e.strerror or e}"])


def read_position(path: str) -> paris_score.Position:
    """Read FILE (``-`` for standard input); unreadable input exits 1 with every error."""
    format = format_of(path)  # a *.json file is read as JSON, so a broken one gets JSON errors
    try:
        return read_input(path, lambda data: paris_score.loads(data, format))
    except UnreadableError as e:
        fail(e.source, [str(err) for err in e.errors])
