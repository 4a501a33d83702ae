"""``paris-score check``: referee positions and game records without scoring them, a file or a folder (for CI).

Exit statuses (docs/cli.md): 0 every file legal (warnings allowed), 1 a file
not legal or unreadable, 2 a usage error.  An unreadable input (the position
or the ``--pieces`` catalogue) is reported as such, apart from a position
that breaks rules: in text as ``unreadable``, in JSON as ``"readable": false``.
The verdicts and documents come from :mod:`paris_score.check_report`; this module
finds the files and prints them as text, JSON or GitHub Actions annotations.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from collections.abc import Iterator, Sequence
from typing import Final, TypeAlias

import attrs
import click

import paris_score
from paris_score.catalogue import Catalogue
from paris_score.check_report import (
    MOVES,
    UNFINISHED,
    VERDICTS,
    left_out_line,
    listed,
    problems_document,
    record_document,
    record_problems,
    record_verdict,
    stands_text,
    summary_text,
    unreadable_document,
    verdict,
)
from paris_score.codes import KINDS, RESULT_DISAGREES, SEVERITIES, Kind
from paris_score.documents import CheckDocument, UnreadableDocument, Verdict
from paris_score.errors import Problem
from paris_score.formats import format_of, loads_lines, looks_like_paris2020_text
from paris_score.formats.jsonread import DOCUMENTS
from paris_score.formats.position_json import POSITION_FORMAT
from paris_score.game.records import GAME_FORMAT, loads_game, move_lines, result_line
from paris_score.game.replaying import Replay
from paris_score.i18n import Template, Text, counting, render
from paris_score.model import Pattern
from paris_score.printable import json_text, printable
from paris_score.referee import only_errors
from paris_score.squares import square_name
from paris_score_cli.inputs import (
    GridLines,
    UnreadableError,
    lang_option,
    located,
    parse_input,
    pattern_option,
    pattern_rules,
    read_bytes,
    read_input,
    source_name,
    with_pattern,
)

EXIT_LEGAL: Final = 0
EXIT_NOT_LEGAL: Final = 1
SUFFIXES: Final = (".json", ".txt")
"""What ``check FOLDER`` reads: ``paris-position/1`` JSON, text grids (docs/text-format.md) and ``paris-game/1``."""
POSITION_KIND: Final = Template("cli.kind.position", "paris-position/1 position")
GAME_KIND: Final = Template("cli.kind.game", "paris-game/1 game record")
CATALOGUE_KIND: Final = Template("cli.kind.catalogue", "paris-pieces/1 catalogue")
PIECES_NOT_USED: Final = Template(
    "cli.pieces-not-used", "note: --pieces checks positions only; a game record's pieces are its setup's"
)

# The words of the text output (docs/languages.md); GitHub annotations stay English, as JSON does.
UNREADABLE: Final = Template("cli.unreadable", "{file}: unreadable")
UNREADABLE_NOT_A: Final = Template("cli.unreadable.kind", "{file}: unreadable, not a {kind}")
SKIPPED: Final = Template("cli.skipped", "{file}: skipped, a {format} document, not a position")
SKIPPED_OUTPUT: Final = Template("cli.skipped.output", "{file}: skipped, the output of this command")
EMPTY_FOLDER: Final = Template("cli.empty-folder", "{file}: no positions or game records ({kinds}) in this folder")
VERDICT_LINE: Final = Template("cli.verdict", "{file}: {verdict} ({summary})")
GRID_ROW: Final = Template("cli.grid-row", "line {line} (row {row}): {spaces}")
GRID_LINE: Final = Template("cli.grid-line", "line {line} ({what})")
RECORD_ILLEGAL: Final = Template(
    "cli.record.illegal", "game record: {moves}; move {n} is illegal, the replay stops there ({played} played)"
)
RECORD_NOT_OVER: Final = Template(
    "cli.record.not-over", "game record: {moves}, all legal; the game is not over ({stands})"
)
RECORD_OVER: Final = Template(
    "cli.record.over", "game record: {moves}, all legal; the game is over: orange {orange} - blue {blue}"
)
QUIET_LEFT_OUT: Final = Template(
    "cli.quiet-left-out",
    (
        "note: {n} unconfirmed remark left out; --verbose shows it",
        "note: {n} unconfirmed remarks left out; --verbose shows them",
    ),
)
FOLDER_UNREADABLE: Final = Template(
    "cli.folder.unreadable", "{file}: cannot read the folder: {error}; the files in it are not checked"
)
FOLDER_LINK: Final = Template(
    "cli.folder.link", "{file}: a link to a folder, not followed; name it to check the files in it"
)
UNREADABLE_FOLDERS: Final = Template(
    "cli.overall.unreadable-folders", ("{n} unreadable folder", "{n} unreadable folders")
)
LINKED_FOLDERS: Final = Template(
    "cli.overall.linked-folders", ("{n} linked folder not followed", "{n} linked folders not followed")
)
STRICT_FAILS: Final = Template("cli.strict", "it fails because --strict counts warnings as failures")
OVERALL: Final = Template("cli.overall", "{checked} checked: {passed} pass, {failed} fail ({why})")
OVERALL_SKIPPED: Final = Template(
    "cli.overall.skipped", "{checked} checked: {passed} pass, {failed} fail ({why}); {skipped} skipped"
)
WHY_FAILED: Final = {
    (False, False): Template("cli.overall.why", "{illegal} not legal, {unreadable} unreadable"),
    (True, False): Template("cli.overall.why.strict", "{illegal} not legal or with warnings, {unreadable} unreadable"),
    (False, True): Template(
        "cli.overall.why.final", "{illegal} not legal, {unfinished} not finished, {unreadable} unreadable"
    ),
    (True, True): Template(
        "cli.overall.why.strict-final",
        "{illegal} not legal or with warnings, {unfinished} not finished, {unreadable} unreadable",
    ),
}
"""Why files fail, by (--strict, --final)."""
NOT_LEGAL: Final = {
    "": Template("cli.not-legal", "not legal ({summary})"),
    "fix": Template("cli.not-legal.fix", "not legal ({summary}); fix the lines shown"),
    "either": Template(
        "cli.not-legal.fix-or-force",
        "not legal ({summary}); fix the lines shown, or if the board really is so, --no-check scores it anyway",
    ),
    "force": Template(
        "cli.not-legal.force", "not legal ({summary}); if the board really is so, --no-check scores it anyway"
    ),
}
"""What ``score`` says of a position it refuses, by what may help."""


def _row(problem: Problem) -> Kind:
    """The row of the problem's code (:data:`paris_score.codes.KINDS`): its facts, such as ``quiet``."""
    return KINDS[problem.code]


def problem_line(problem: Problem, lang: str = "en") -> str:
    """``error   P1 building-on-wrong-colour: ... [C3 C4]`` (the severity and the message in ``lang``)."""
    words = [render(SEVERITIES[severity](), lang) for severity in SEVERITIES]
    return f"{render(SEVERITIES[problem.severity](), lang):<{max(7, *map(len, words))}} {problem.said(lang)}"


def problem_lines(problem: Problem, typed: GridLines, lang: str = "en") -> list[str]:
    """:func:`problem_line`, then for a text grid its spaces row by row, each with its line to fix,
    and the header lines that decide it.

    ``    line 10 (row 8): C8``: a building with a stray space shows it on a row of its own;
    ``    line 18 (blue buildings): G``: or its owner was typed wrong.
    """
    lines = [problem_line(problem, lang)]
    if typed is not None:
        by_row: dict[int, list[str]] = {}
        for sq in problem.spaces:
            by_row.setdefault(sq >> 3, []).append(square_name(sq))
        rows = typed.row_lines
        lines += [
            "    " + render(GRID_ROW(line=rows[r], row=r + 1, spaces=" ".join(names)), lang)
            for r, names in sorted(by_row.items())
        ]
        lines += ["    " + render(GRID_LINE(line=line, what=what), lang) for line, what in typed.headers_of(problem)]
    return lines


def first_line(problem: Problem, typed: GridLines) -> int:
    """The line an annotation of ``problem`` points at: its first space's row, else a header that decides it, else 1."""
    if typed is None:
        return 1
    if problem.spaces:
        return typed.line_of(problem.spaces[0])
    headers = typed.headers_of(problem)
    return headers[0][0] if headers else 1


@attrs.frozen
class Unwalked:
    """A folder a walk did not enter: one it cannot read (which fails the run), or a link to a folder (not followed:
    it could lead out of the folder named, or round in a loop)."""

    path: str
    error: str | None = None
    """Why it cannot be read (``Permission denied``); ``None`` for a link not followed."""

    def line(self, lang: str = "en") -> str:
        """``games/old: cannot read the folder: Permission denied; the files in it are not checked``."""
        if self.error is None:
            return render(FOLDER_LINK(file=self.path), lang)
        return render(FOLDER_UNREADABLE(file=self.path, error=self.error), lang)


Found: TypeAlias = tuple[str, bool] | Unwalked
"""A file to check and whether it was found in a folder, or a folder not entered."""


def position_files(paths: Sequence[str]) -> Iterator[Found]:
    """The files named, each folder replaced by its ``*.json`` and ``*.txt`` files, all the way down, in name order.

    Each comes with whether it was found in a folder (``False`` once it is also named).  Hidden files and
    folders (``.git``) are skipped inside a folder.  A file reached twice (named and inside a folder named,
    or in two folders) is listed once, where it first came.  A folder that cannot be read, and a link to a folder
    inside a folder (a folder named is entered, link or not), come as :class:`Unwalked` where the walk meets them.
    """
    found: dict[str, Found] = {}

    def unreadable(error: OSError) -> None:
        folder = str(error.filename)
        found.setdefault(f"folder {os.path.realpath(folder)}", Unwalked(folder, error.strerror or str(error)))

    for path in paths:
        if path == "-" or not os.path.isdir(path):
            _add(found, path, walked=False)
            continue
        for root, folders, files in os.walk(path, onerror=unreadable):
            folders[:] = sorted(f for f in folders if not f.startswith("."))
            for name in sorted(files):
                if name.lower().endswith(SUFFIXES) and not name.startswith("."):
                    _add(found, os.path.join(root, name), walked=True)
            for name in folders:
                link = os.path.join(root, name)
                if os.path.islink(link):  # os.walk does not enter it
                    found.setdefault(f"link {os.path.abspath(link)}", Unwalked(link))
    yield from found.values()


def is_standard_output(path: str) -> bool:
    """Whether ``path`` is the file standard output is written to (a shell's ``> games/verdict.txt``)."""
    try:
        written, named = os.fstat(sys.stdout.fileno()), os.stat(path)
    except (OSError, ValueError):  # no file behind standard output (a pipe, a test's buffer), or no such path
        return False
    return stat.S_ISREG(written.st_mode) and (written.st_dev, written.st_ino) == (named.st_dev, named.st_ino)


def nothing_to_check(folder: str) -> bool:
    """Whether a folder holds no file to check (but the file standard output is written to) and no folder that
    cannot be read (which is said as such)."""
    return all(
        is_standard_output(entry[0]) if isinstance(entry, tuple) else entry.error is None
        for entry in position_files([folder])
    )


def _add(found: dict[str, Found], path: str, *, walked: bool) -> None:
    key = path if path == "-" else os.path.realpath(path)
    first = found.get(key)
    found[key] = (path, walked) if not isinstance(first, tuple) else (first[0], first[1] and walked)


_DAMAGED_RECORD: Final = re.compile(r'"format"\s*:\s*"' + re.escape(GAME_FORMAT) + '"')
"""How a ``paris-game/1`` record that does not parse as JSON is still told from a position (docs/ci.md)."""


def declared_format(data: bytes) -> str | None:
    """The ``format`` a JSON document declares if it is one paris-score knows (``paris-game/1``,
    ``paris2020-final/1``; a list of them, as ``check --format json`` prints for several files), ``JSON Schema``
    for a schema (``paris-score schema``), ``Paris (2020) text`` for that game's end in its text form, else
    ``None``."""
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        text = data.decode("utf-8", "replace")
        if _DAMAGED_RECORD.search(text):  # a record that is no longer JSON (a merge conflict) still says what it is
            return GAME_FORMAT
        return "Paris (2020) text" if looks_like_paris2020_text(text) else None
    if isinstance(doc, list) and doc:
        doc = doc[0]
    if not isinstance(doc, dict):
        return None
    if "$schema" in doc:
        return "JSON Schema"
    found = doc.get("format")
    return found if isinstance(found, str) and found in DOCUMENTS else None  # a misspelt one: the reader says so


@attrs.frozen
class Examined:
    """One file checked: its problems, or why it (or the catalogue) could not be read."""

    source: str
    rows: GridLines = None
    """The line of each grid row in a text grid, for messages about spaces."""
    said: tuple[Text, ...] = ()
    """What the options did to this file: ``--pattern`` replaced its pattern; ``--pieces`` was not used on it."""
    pattern: Pattern | None = None
    """``--pattern``, for the JSON document."""
    problems: tuple[Problem, ...] = ()
    failures: tuple[tuple[UnreadableError, Template], ...] = ()
    """Each input that could not be read, and what it should have been."""
    skipped: str | None = None
    """The format of a document of another kind found in a folder (a score report), which is not checked."""
    replay: Replay | None = None
    """For a ``paris-game/1`` record: its replay."""
    move_lines: tuple[int, ...] = ()
    """For a record: the line of each of its moves, for annotations."""
    result_line: int = 1
    """For a record: the line of its ``result``, for an annotation that the score disagrees."""

    def passes(self, strict: bool) -> bool:
        return not self.failures and not (self.problems if strict else only_errors(self.problems))

    def verdict(self, final: bool) -> Verdict:
        """The verdict in words of a file that could be read (:func:`~paris_score.check_report.verdict`)."""
        return verdict(self.problems, final) if self.replay is None else record_verdict(self.replay, final)

    def document(self, final: bool, pieces: str | None) -> CheckDocument | UnreadableDocument:
        if self.failures:
            return unreadable_document(self.source, [(e.source, e.errors) for e, _ in self.failures])
        if self.replay is not None:
            return record_document(self.replay, final=final, file=self.source, pattern=self.pattern)
        return problems_document(
            list(self.problems), final=final, file=self.source, pieces=pieces, pattern=self.pattern
        )

    def line_of(self, problem: Problem) -> int:
        """The line an annotation of ``problem`` points at: for a record the illegal move's line (or, for a game
        not over, the last move's; for a result that disagrees, the result's), else as :func:`first_line`."""
        if self.replay is None:
            return first_line(problem, self.rows)
        if problem.code == RESULT_DISAGREES.code:
            return self.result_line
        if not self.move_lines:
            return 1
        if self.replay.illegal is not None:
            return self.move_lines[self.replay.illegal.move - 1]
        return self.move_lines[-1]


def examine(
    path: str,
    walked: bool,
    final: bool,
    catalogue: Catalogue | None,
    catalogue_failure: UnreadableError | None,
    pattern: Pattern | None,
) -> Examined:
    """Read and referee one file: a position, or a ``paris-game/1`` record, replayed (``--pattern`` over its
    setup's; ``--pieces`` applies to positions only, which a note says); a file ``walked`` in a folder that is
    another paris-score document is skipped."""
    source = source_name(path)
    failures = [] if catalogue_failure is None else [(catalogue_failure, CATALOGUE_KIND)]
    try:
        data = read_bytes(path)
    except UnreadableError as e:
        return Examined(source, failures=((e, POSITION_KIND), *failures))
    try:
        position, rows = parse_input(source, data, lambda data: loads_lines(data, format_of(path)))
    except UnreadableError as e:
        declared = declared_format(data)
        if declared == GAME_FORMAT:
            if failures:
                return Examined(source, failures=tuple(failures))
            return examine_record(source, data, final, pattern, catalogue is not None)
        if walked and declared not in (None, POSITION_FORMAT):
            return Examined(source, skipped=declared)
        return Examined(source, failures=((e, POSITION_KIND), *failures))
    if failures:
        return Examined(source, rows, failures=tuple(failures))
    position, said = with_pattern(position, pattern)
    problems = tuple(paris_score.check(position, final=final, catalogue=catalogue))
    return Examined(source, rows, () if said is None else (said,), pattern, problems)


def examine_record(source: str, data: bytes, final: bool, pattern: Pattern | None, pieces: bool) -> Examined:
    """Read and replay a ``paris-game/1`` record (as ``replay``): its first illegal move is its problem.

    ``--pattern`` replaces the setup's pattern (S1c); the ``--pieces`` catalogue is not used on a record, and a
    note says so."""
    try:
        record = parse_input(source, data, loads_game)
    except UnreadableError as e:
        return Examined(source, failures=((e, GAME_KIND),))
    rules, pattern_said = pattern_rules(record.setup.rules, pattern)
    if pattern_said is not None:
        record = attrs.evolve(record, setup=attrs.evolve(record.setup, rules=rules))
    said = tuple(t for t in (pattern_said, PIECES_NOT_USED() if pieces else None) if t is not None)
    done = paris_score.replay(record)
    text = data.decode("utf-8-sig")
    return Examined(
        source,
        said=said,
        pattern=pattern,
        problems=tuple(record_problems(done, final)),
        replay=done,
        move_lines=move_lines(text),
        result_line=result_line(text),
    )


def verdict_line(examined: Examined, final: bool, verbose: bool = True, lang: str = "en") -> str:
    """``game.json: not legal (2 errors, 0 warnings)``, or ``game.json: unreadable``."""
    if examined.skipped:
        return render(SKIPPED(file=examined.source, format=examined.skipped), lang)
    if examined.failures:
        return render(UNREADABLE(file=examined.source), lang)
    verdict = VERDICTS[examined.verdict(final)]()
    summary = summary_text(shown(list(examined.problems), verbose))
    return render(VERDICT_LINE(file=examined.source, verdict=verdict, summary=summary), lang)


FILES: Final = counting("file")
FINISHED_GAMES: Final = counting("finished game")
OTHER_DOCUMENTS: Final = counting("other document")
LEGAL_MOVES: Final = counting("legal move")


def record_line(done: Replay, lang: str = "en") -> str:
    """How far a record's replay went: ``game record: 28 moves, all legal; the game is over: orange 33 - blue 14``."""
    moves = MOVES(n=len(done.record.moves))
    if done.illegal is not None:
        played = LEGAL_MOVES(n=done.moves_played)
        return render(RECORD_ILLEGAL(moves=moves, n=done.illegal.move, played=played), lang)
    if done.score is None:
        return render(RECORD_NOT_OVER(moves=moves, stands=stands_text(done)), lang)
    return render(RECORD_OVER(moves=moves, orange=done.score.orange.total, blue=done.score.blue.total), lang)


def shown(problems: list[Problem], verbose: bool) -> list[Problem]:
    """The problems the text output lists: remarks nobody can act on (``Kind.quiet``) only with ``verbose``."""
    return problems if verbose else [p for p in problems if not _row(p).quiet]


def text_lines(examined: Examined, final: bool, verbose: bool, lang: str = "en") -> Iterator[str]:
    """The verdict line and one line a problem, or each input that could not be read and its errors."""
    for e, kind in examined.failures:
        yield render(UNREADABLE_NOT_A(file=e.source, kind=kind()), lang)
        for err in e.errors:
            yield f"{e.source}: {located(err, lang)}"
    if examined.failures:
        return
    yield verdict_line(examined, final, verbose, lang)
    if examined.said:
        yield "  " + "; ".join(render(said, lang) for said in examined.said)
    if examined.replay is not None:
        yield f"  {record_line(examined.replay, lang)}"
    kept = shown(list(examined.problems), verbose)
    first, left_out = listed(kept)
    for problem in first:
        for line in problem_lines(problem, examined.rows, lang):
            yield f"  {line}"
    if left_out:
        yield f"  {left_out_line(left_out, lang)}"
    if len(kept) < len(examined.problems):
        yield "  " + render(QUIET_LEFT_OUT(n=len(examined.problems) - len(kept)), lang)


_LINE_COL: Final = re.compile(r"\bline (\d+)(?:, col (\d+))?")


def _escape(text: str, property: bool = False) -> str:
    """A workflow command's data (or, with ``property``, a property value), escaped as GitHub Actions reads it."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if property else text


def not_a_command(line: str) -> str:
    """A plain line of the GitHub output that starts with a file's name, never read as a workflow command: a name
    that begins with ``::`` (``::add-mask::x.json``) is shown as ``./::add-mask::x.json``."""
    return "./" + line if line.startswith("::") else line


def github_lines(examined: Examined, final: bool, verbose: bool) -> Iterator[str]:
    """GitHub Actions workflow commands: ``::error file=F,line=N,title=...::message``, one a problem.

    The line is the problem's first space's grid row in a text grid, the
    reading error's line where it gives one, else 1.  The verdict line comes
    first, as plain text for the log.
    """
    yield not_a_command(verdict_line(examined, final, verbose))
    for e, kind in examined.failures:
        for err in e.errors:
            found = _LINE_COL.search(err.where)
            where = f"line={found[1]}" + (f",col={found[2]}" if found[2] else "") if found else "line=1"
            title = _escape(f"unreadable, not a {kind()}", property=True)
            message = f"{err.where}: {err.message}" if err.where else err.message
            yield f"::error file={_escape(e.source, True)},{where},title={title}::{_escape(message)}"
    first, left_out = listed(shown(list(examined.problems), verbose))
    for problem in first:
        line = examined.line_of(problem)
        title = _escape(f"{problem.rule} {problem.code}", property=True)
        command = "error" if problem.severity == "error" else "warning"
        spaces = " ".join(square_name(sq) for sq in problem.spaces)
        message = _escape(problem.message + (f" [{spaces}]" if spaces else ""))
        yield f"::{command} file={_escape(examined.source, True)},line={line},title={title}::{message}"
    if left_out:
        yield left_out_line(left_out)


def overall(
    examined_files: Sequence[Examined],
    strict: bool,
    final: bool,
    unwalked: Sequence[Unwalked] = (),
    lang: str = "en",
) -> str:
    """``3 files checked: 2 pass, 1 fail (1 not legal, 0 unreadable)``, how many were skipped, and the folders
    not entered (:class:`Unwalked`)."""
    checked = [o for o in examined_files if o.skipped is None]
    failed = [o for o in checked if not o.passes(strict)]
    unreadable = sum(bool(o.failures) for o in failed)
    unfinished = sum(not o.failures and o.verdict(final) == UNFINISHED for o in failed)
    n = len(checked)
    skipped = len(examined_files) - n
    why = WHY_FAILED[strict, final](
        illegal=len(failed) - unreadable - unfinished, unfinished=unfinished, unreadable=unreadable
    )
    said = {
        "checked": (FINISHED_GAMES if final else FILES)(n=n),
        "passed": n - len(failed),
        "failed": len(failed),
        "why": why,
    }
    line = render(OVERALL_SKIPPED(skipped=OTHER_DOCUMENTS(n=skipped), **said) if skipped else OVERALL(**said), lang)
    unread = sum(u.error is not None for u in unwalked)
    links = len(unwalked) - unread
    return (
        line
        + (f"; {render(UNREADABLE_FOLDERS(n=unread), lang)}" if unread else "")
        + (f"; {render(LINKED_FOLDERS(n=links), lang)}" if links else "")
    )


def refuse_illegal(path: str, position: paris_score.Position, rows: GridLines = None, lang: str = "en") -> None:
    """For ``score``: the problems of :func:`paris_score.check` on standard error; exit 1 on an error.

    Remarks the player cannot act on (``Kind.quiet``) and warnings the report
    notes (``Kind.noted``) are left out.
    """
    source = source_name(path)
    problems = [p for p in paris_score.check(position) if not (_row(p).quiet or _row(p).noted)]
    first, left_out = listed(problems)
    for problem in first:
        for line in problem_lines(problem, rows, lang):
            click.echo(printable(f"{source}: {line}"), err=True)
    if left_out:
        click.echo(printable(f"{source}: {left_out_line(left_out, lang)}"), err=True)
    broken = only_errors(problems)
    if broken:
        if any(_row(p).typo for p in broken):  # skipping the referee would score the typo, or nothing (W1)
            hint = "fix" if rows is not None else ""
        elif rows is not None and any(rows.headers_of(p) for p in broken):  # a header may hold the typo
            hint = "either"
        else:
            hint = "force"
        click.echo(printable(f"{source}: {render(NOT_LEGAL[hint](summary=summary_text(problems)), lang)}"), err=True)
        sys.exit(EXIT_NOT_LEGAL)


@click.command("check", short_help="Referee positions and game records: every rule they break.")
@click.argument("paths", metavar="PATH...", nargs=-1, required=True)
@click.option(
    "--final",
    is_flag=True,
    help="Also require a finished game: all 8 tokens used, nothing to build (F4); a record played to its end (G12).",
)
@click.option("--strict", is_flag=True, help="Fail on warnings too, not only on errors.")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "github"]),
    default="text",
    show_default=True,
    help="text: a verdict line a file, one line a problem; json: a paris-check/1 document (a list of them for "
    "several files); github: GitHub Actions annotations (::error file=...,line=...::).",
)
@click.option(
    "--pieces",
    "pieces_file",
    metavar="FILE",
    default=None,
    help="A paris-pieces/1 catalogue of the 12 building shapes; turns on the shape checks (B3).",
)
@pattern_option
@click.option("-v", "--verbose", is_flag=True, help="Also show remarks nobody can act on (the streetlight count, B2).")
@lang_option
def check_command(
    paths: tuple[str, ...],
    final: bool,
    strict: bool,
    output_format: str,
    pieces_file: str | None,
    pattern: Pattern | None,
    verbose: bool,
    lang: str,
) -> None:
    """Referee the positions and game records in files and folders without scoring them.

    Each PATH is a position file (JSON or text grid) or a paris-game/1 game
    record, `-` for standard input, or a folder, whose *.json and *.txt files
    are all checked, subfolders included.  Lists every rule a position breaks
    (the first 100), each with its rule id, a stable code and the spaces
    involved (for a text grid, with the line each is typed on); warnings flag
    what the position leaves unsaid.  A game record is replayed as `replay`
    does: its first illegal move is named by number, text and rule.  Several
    files end with a summary line.

    Exit status 0 every file legal, 1 a file not legal or unreadable (or,
    with --strict, with a warning; with --final, a game not over), 2 usage
    error.

    \b
    Examples:
      paris-score check game.json
      paris-score check games/ --final
      paris-score check games/ --format github
    """
    if pieces_file == "-" and "-" in paths:
        raise click.UsageError("PATH and --pieces cannot both be standard input")
    found = []
    for entry in position_files(paths):
        if isinstance(entry, tuple) and is_standard_output(entry[0]):  # `check games/ > games/verdict.txt`
            click.echo(printable(render(SKIPPED_OUTPUT(file=source_name(entry[0])), lang)), err=True)
        else:
            found.append(entry)
    files = [entry for entry in found if isinstance(entry, tuple)]
    unwalked = [entry for entry in found if isinstance(entry, Unwalked)]
    kinds = ", ".join("*" + s for s in SUFFIXES)
    empty = [p for p in paths if os.path.isdir(p) and nothing_to_check(p)]
    for folder in empty:
        click.echo(printable(render(EMPTY_FOLDER(file=folder, kinds=kinds), lang)), err=True)
    catalogue: Catalogue | None = None
    catalogue_failure: UnreadableError | None = None
    if pieces_file is not None:
        try:
            catalogue = read_input(pieces_file, paris_score.loads_catalogue)
        except UnreadableError as e:
            catalogue_failure = e
    pieces = None if pieces_file is None else source_name(pieces_file)
    one = len(paths) == 1 and files == [(paths[0], False)]
    examined_files = []
    documents = []
    for entry in found:
        if isinstance(entry, Unwalked):  # said where the walk met it; in JSON on standard error, as a skip is
            said = entry.line(lang)
            click.echo(
                printable(not_a_command(said) if output_format == "github" else said), err=output_format == "json"
            )
            if output_format == "github" and entry.error is not None:
                click.echo(f"::error title=unreadable folder::{_escape(printable(entry.line()))}")
            continue
        path, walked = entry
        examined = examine(path, walked, final, catalogue, catalogue_failure, pattern)
        examined_files.append(examined)
        if output_format == "json":
            if examined.skipped is None:
                documents.append(examined.document(final, pieces))
            else:  # not a paris-check/1 document: said on standard error, so that the skip is not silent
                click.echo(printable(verdict_line(examined, final, verbose, lang)), err=True)
        else:
            github = output_format == "github"  # annotations for CI logs: English, as JSON
            lines = github_lines(examined, final, verbose) if github else text_lines(examined, final, verbose, lang)
            for line in lines:
                click.echo(printable(line))
            if strict and examined.passes(strict=False) and not examined.passes(strict):
                click.echo("  " + render(STRICT_FAILS(), "en" if github else lang))
    if output_format == "json":
        click.echo(json_text(documents[0] if one else documents))
    elif not one and files:
        click.echo(overall(examined_files, strict, final, unwalked, lang if output_format == "text" else "en"))
    unread = any(u.error is not None for u in unwalked)
    sys.exit(EXIT_LEGAL if all(o.passes(strict) for o in examined_files) and not (empty or unread) else EXIT_NOT_LEGAL)
