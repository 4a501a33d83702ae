"""What the commands share: reading input files, failing on bad input (exit 1, no traceback), ``--format``."""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
import tempfile
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, NoReturn, TypeAlias, TypeVar

import attrs
import click

import paris_score
from paris_score.errors import Located, ParisScoreError, PositionFormatError
from paris_score.formats import MAX_INPUT_BYTES, format_of, loads_lines
from paris_score.i18n import Template, Text, render
from paris_score.i18n.catalogs import LANGUAGES, from_environment, language_named
from paris_score.light import pattern_label
from paris_score.model import Pattern
from paris_score.printable import printable

if TYPE_CHECKING:
    from paris_score.formats.text_grid import Typed

EXIT_INVALID: Final = 1

GridLines: TypeAlias = "Typed | None"
"""For a text grid, where each row and header was typed (messages name the line to fix); ``None`` for JSON."""
"""The line each grid row of a text grid was typed on; ``None`` for JSON."""

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


def lang_option(command: Callable[..., None]) -> Callable[..., None]:
    """``--lang LANG``: the language of the text output (docs/languages.md), else the environment's as gettext
    programs read it; passed to the command as ``lang``, a code of :data:`~paris_score.i18n.catalogs.LANGUAGES`."""

    def parse(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
        if value is None:
            return from_environment()
        found = language_named(value)
        if found is None:
            raise click.BadParameter(f"{value!r}: expected one of {', '.join(LANGUAGES)}", ctx, param)
        return found

    return click.option(
        "--lang",
        metavar="LANG",
        callback=parse,
        help=f"The language of the text output: {', '.join(LANGUAGES)} (default: the environment's, as LANGUAGE, "
        "LC_ALL, LC_MESSAGES and LANG give it; English for C or another language). JSON is English in every "
        "language.",
    )(command)


def located(error: Located, lang: str) -> str:
    """``where: message``, the message in ``lang`` where it is a text (a reader's own errors stay English)."""
    message = render(error.message_text or error.message, lang)
    return f"{error.where}: {message}" if error.where else message


def source_name(path: str) -> str:
    """How messages name FILE: ``<stdin>`` for ``-``."""
    return "<stdin>" if path == "-" else path


def fail(source: str, lines: list[str]) -> NoReturn:
    """Print every problem, prefixed with the input's name, and exit 1 (what the input holds is escaped: printable)."""
    for line in lines:
        click.echo(printable(f"{source}: {line}"), err=True)
    sys.exit(EXIT_INVALID)


def read_input(path: str, parse: Callable[[bytes], T]) -> T:
    """Read and parse FILE (``-`` for standard input); :class:`UnreadableError` with every error."""
    return parse_input(source_name(path), read_bytes(path), parse)


STREAMS: Final = re.compile(r"/dev/stdin|/dev/fd/[0-9]+|/proc/self/fd/[0-9]+")
"""Names of a stream the shell has already opened (``<(...)`` is ``/dev/fd/63``): read as ``-`` is, whatever it is."""


def read_bytes(path: str) -> bytes:
    """FILE's bytes (``-``: standard input), up to one byte past the size limit; :class:`UnreadableError`.

    Only a regular file is read by its name (or a stream the shell opened, :data:`STREAMS`): a named pipe, a socket
    or a device is refused without being opened, so that nothing waits for a writer that never comes.
    """
    try:
        if path == "-":
            return sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        if STREAMS.fullmatch(path):
            with open(path, "rb") as f:
                return f.read(MAX_INPUT_BYTES + 1)
        _refuse_special(path, os.stat(path).st_mode)
        with open(path, "rb", opener=_without_waiting) as f:  # a file swapped for a named pipe since: refused too
            _refuse_special(path, os.fstat(f.fileno()).st_mode)
            return f.read(MAX_INPUT_BYTES + 1)
    except OSError as e:
        raise UnreadableError(source_name(path), [Located("", f"cannot read the file: {e.strerror or e}")]) from None


def _without_waiting(path: str, flags: int) -> int:
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


_SPECIAL: Final = {stat.S_IFIFO: "a named pipe (FIFO)", stat.S_IFSOCK: "a socket"}


def _refuse_special(path: str, mode: int) -> None:
    """:class:`UnreadableError` for a named pipe, a socket or a device (a folder is left to ``open`` to refuse)."""
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        what = _SPECIAL.get(stat.S_IFMT(mode), "a device")
        message = f"not a regular file but {what}, so it is not read; to read a stream, give it as standard input (-)"
        raise UnreadableError(source_name(path), [Located("", message)])


def parse_input(source: str, data: bytes, parse: Callable[[bytes], T]) -> T:
    """``parse(data)``; the library's errors become :class:`UnreadableError` naming ``source``."""
    try:
        return parse(data)
    except PositionFormatError as e:
        raise UnreadableError(source, list(e.errors)) from None
    except ParisScoreError as e:  # any other bad-input error, one message a line
        raise UnreadableError(source, [Located("", line) for line in str(e).splitlines()]) from None


def write_text(out: str, text: str) -> None:
    """Write ``text`` to the file ``out`` (``-``: standard output); a file that cannot be written exits 1.

    The text goes to a temporary file in ``out``'s folder, renamed over ``out`` only once it is whole: a write
    that fails or stops part way (a full disk, a file size limit, Ctrl-C) leaves the old file as it was and removes
    the temporary file.  The new file keeps the old one's permissions; a link is followed and the file it points to
    replaced.  What is not a regular file (``/dev/null``, a pipe) is written in place.
    """
    if out == "-":
        click.echo(text, nl=False)
        return
    target = os.path.realpath(out)
    try:
        old = os.stat(target)
    except OSError:
        old = None
    if old is not None and not stat.S_ISREG(old.st_mode):
        _write_in_place(out, target, text)
        return
    folder, name = os.path.split(target)
    temporary = None
    try:
        try:
            fd, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.chmod(temporary, stat.S_IMODE(old.st_mode) if old is not None else 0o666 & ~_umask())
            os.replace(temporary, target)
            temporary = None
        finally:  # on any exit but the rename, a Ctrl-C (KeyboardInterrupt) included: no temporary file is left
            if temporary is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
    except OSError as e:
        fail(out, [f"cannot write the file: {e.strerror or e}; {'it is left as it was' if old else 'nothing written'}"])


def _write_in_place(out: str, target: str, text: str) -> None:
    try:
        with open(target, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    except OSError as e:
        fail(out, [f"cannot write the file: {e.strerror or e}"])


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def refuse_same_file(source: tuple[str, str], output: tuple[str, str | None]) -> None:
    """A usage error (exit 2, before anything is read or written) when the output is the input file itself.

    ``source`` and ``output`` are each an option's name and its value; the same path, one file reached by a
    link, or (for ``-``) the file standard input was redirected from, is refused.
    """
    (source_option, path), (output_option, out) = source, output
    if out is None or out == "-":
        return
    if path == "-":
        same = _stdin_is(out)
        path = "- (standard input)"
    else:
        try:
            same = os.path.samefile(path, out)
        except OSError:  # one of them does not exist (yet)
            same = os.path.realpath(path) == os.path.realpath(out)
    if same:
        raise click.UsageError(
            f"{output_option} {out} is the same file as {source_option} {path}: writing it would destroy the input; "
            "choose another output file"
        )


def _stdin_is(path: str) -> bool:
    """Whether standard input is read from the regular file at ``path`` (``- -o FILE < FILE``)."""
    try:
        given, target = os.fstat(0), os.stat(path)
    except (OSError, ValueError):  # no standard input, or no such file yet
        return False
    return stat.S_ISREG(given.st_mode) and (given.st_dev, given.st_ino) == (target.st_dev, target.st_ino)


def read_position(path: str) -> paris_score.Position:
    """Read FILE (``-`` for standard input); unreadable input exits 1 with every error."""
    return read_typed(path)[0]


def read_typed(path: str, lang: str = "en") -> tuple[paris_score.Position, GridLines]:
    """:func:`read_position`, and for a text grid the line of each grid row (for messages about spaces)."""
    format = format_of(path)  # a *.json file is read as JSON, so a broken one gets JSON errors
    try:
        return read_input(path, lambda data: loads_lines(data, format))
    except UnreadableError as e:
        fail(e.source, [located(err, lang) for err in e.errors])


def pattern_option(command: Callable[..., None]) -> Callable[..., None]:
    """``--pattern``: the large streetlight's pattern (S1c), over the file's; passed as ``pattern``."""

    def parse(ctx: click.Context, param: click.Parameter, value: str | None) -> Pattern | None:
        if value is None:
            return None
        from paris_score.formats.text_grid import read_pattern  # the text grid's words, read alike

        pattern, errors = read_pattern(value)
        if errors or pattern is None:
            raise click.BadParameter("; ".join(message for _, message in errors), ctx, param)
        return pattern

    return click.option(
        "--pattern",
        metavar="PATTERN",
        callback=parse,
        help="The large streetlight's pattern (S1c), over the file's: square2, diamond2, rays4, rays8, "
        "or offsets such as '(1,0) (0,1) (-1,0) (0,-1)'.",
    )(command)


PATTERN_SAID: Final = Template(
    "cli.pattern", "large streetlight pattern {pattern} (--pattern; the file says {pattern2})"
)


def with_pattern(position: paris_score.Position, pattern: Pattern | None) -> tuple[paris_score.Position, Text | None]:
    """The position with ``--pattern`` applied, and the line that says so (``None`` without the option)."""
    rules, said = pattern_rules(position.rules, pattern)
    return (position, said) if said is None else (attrs.evolve(position, rules=rules), said)


def pattern_rules(rules: paris_score.Rules, pattern: Pattern | None) -> tuple[paris_score.Rules, Text | None]:
    """The rules with ``--pattern`` applied, and the line that says so (``None`` without the option)."""
    if pattern is None:
        return rules, None
    said = PATTERN_SAID(pattern=pattern_label(pattern), pattern2=pattern_label(rules.large_streetlight_pattern))
    return attrs.evolve(rules, large_streetlight_pattern=pattern), said
