"""``paris-score check``: referee a position without scoring it.

Exit statuses (docs/cli.md): 0 legal (warnings allowed), 1 not legal or
unreadable, 2 a usage error.  An unreadable input (the position or the
``--pieces`` catalogue) is reported as such, apart from a position that
breaks rules: in text on standard error, in JSON as ``"readable": false``.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Final, NoReturn

import click

import paris_score
from paris_score.catalogue import Catalogue
from paris_score.errors import Problem
from paris_score.formats import format_of, loads_lines
from paris_score.model import Pattern
from paris_score.referee import errors
from paris_score.squares import square_name
from paris_score_cli.inputs import (
    RowLines,
    UnreadableError,
    format_option,
    pattern_option,
    read_input,
    source_name,
    with_pattern,
)

CHECK_FORMAT: Final = "paris-check/1"
EXIT_LEGAL: Final = 0
EXIT_NOT_LEGAL: Final = 1

QUIET: Final = frozenset({"streetlight-count"})
"""Remarks the player cannot act on (B2, unconfirmed): shown by ``check --verbose`` only."""
NOTED: Final = frozenset({"reserve-not-given"})
"""Warnings ``score`` already says in the report's notes."""
TYPO: Final = frozenset(
    {
        "overlap",
        "building-size-not-in-box",
        "too-many-of-size",
        "too-many-buildings",
        "building-not-connected",
        "jardin-wrong-size",
        "jardin-twice",
        "annex-twice",
    }
)
"""Errors ``--no-check`` cannot help with: there is no score (W1), or the board is mistyped (sizes, shapes)."""


def problem_line(problem: Problem) -> str:
    """``error   P1 building-on-wrong-colour: ... [C3 C4]``."""
    return f"{problem.severity:<7} {problem}"


def problem_lines(problem: Problem, rows: RowLines) -> list[str]:
    """:func:`problem_line`, then for a text grid its spaces row by row, each with its line to fix.

    ``    line 10 (row 8): C8``: a building with a stray space shows it on a row of its own.
    """
    lines = [problem_line(problem)]
    if rows is not None:
        by_row: dict[int, list[str]] = {}
        for sq in problem.spaces:
            by_row.setdefault(sq >> 3, []).append(square_name(sq))
        lines += [f"    line {rows[r]} (row {r + 1}): {' '.join(names)}" for r, names in sorted(by_row.items())]
    return lines


def summary(problems: list[Problem]) -> str:
    n_err = len(errors(problems))
    n_warn = len(problems) - n_err
    return f"{n_err} error{'s' * (n_err != 1)}, {n_warn} warning{'s' * (n_warn != 1)}"


def _unreadable(source: str, failures: list[tuple[UnreadableError, str]], output_format: str) -> NoReturn:
    """Every reading error of every input (the position, the catalogue), on standard output; exit 1."""
    if output_format == "json":
        doc = {
            "format": CHECK_FORMAT,
            "file": source,
            "readable": False,
            "errors": [
                {"file": e.source, "where": err.where, "message": err.message} for e, _ in failures for err in e.errors
            ],
        }
        click.echo(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        for e, kind in failures:
            click.echo(f"{e.source}: unreadable, not a {kind}")
            for err in e.errors:
                click.echo(f"{e.source}: {err}")
    sys.exit(EXIT_NOT_LEGAL)


def check_document(source: str, problems: list[Problem], *, final: bool, pieces: str | None) -> dict[str, Any]:
    """The paris-check/1 document of a readable position (``check --format json``, ``POST /api/check``)."""
    n_err = len(errors(problems))
    return {
        "format": CHECK_FORMAT,
        "file": source,
        "readable": True,
        "legal": n_err == 0,
        "final": final,
        "pieces": pieces,
        "counts": {"errors": n_err, "warnings": len(problems) - n_err},
        "problems": [p.to_dict() for p in problems],
    }


def verdict(problems: list[Problem], final: bool) -> str:
    """``legal``, ``not legal``, or with ``--final`` whether the game is over (F4)."""
    broken = errors(problems)
    if any(not p.rule.startswith("F") for p in broken):
        return "not legal"
    if broken:
        return "legal, but not a finished game"
    if not final:
        return "legal"
    if any(p.rule.startswith("F") for p in problems):
        return "legal; whether the game is over could not be settled"
    return "legal, a finished game"


def refuse_illegal(path: str, position: paris_score.Position, rows: RowLines = None) -> None:
    """For ``score``: the problems of :func:`paris_score.check` on standard error; exit 1 on an error.

    Remarks the player cannot act on (:data:`QUIET`) and warnings the report
    notes (:data:`NOTED`) are left out.
    """
    source = source_name(path)
    problems = [p for p in paris_score.check(position) if p.code not in QUIET | NOTED]
    for problem in problems:
        for line in problem_lines(problem, rows):
            click.echo(f"{source}: {line}", err=True)
    broken = errors(problems)
    if broken:
        if any(p.code in TYPO for p in broken):  # skipping the referee would score the typo, or nothing (W1)
            hint = "; fix the lines shown" if rows is not None else ""
        else:
            hint = "; if the board really is so, --no-check scores it anyway"
        click.echo(f"{source}: not legal ({summary(problems)}){hint}", err=True)
        sys.exit(EXIT_NOT_LEGAL)


@click.command("check", short_help="Referee a position: every rule it breaks.")
@click.argument("file", metavar="FILE")
@click.option("--final", is_flag=True, help="Also require a finished game (F4): all 8 tokens used, nothing to build.")
@format_option("text: one line a problem; json: a paris-check/1 document.")
@click.option(
    "--pieces",
    "pieces_file",
    metavar="FILE",
    default=None,
    help="A paris-pieces/1 catalogue of the 12 building shapes; turns on the shape checks (B3).",
)
@pattern_option
@click.option("-v", "--verbose", is_flag=True, help="Also show remarks nobody can act on (the streetlight count, B2).")
def check_command(
    file: str, final: bool, output_format: str, pieces_file: str | None, pattern: Pattern | None, verbose: bool
) -> None:
    """Referee the position in FILE (`-` reads standard input) without scoring it.

    Lists every rule the position breaks, each with its rule id, a stable
    code and the spaces involved (for a text grid, with the line each is
    typed on); warnings flag what the position leaves unsaid.

    Exit status 0 legal, 1 not legal or unreadable, 2 usage error.

    \b
    Examples:
      paris-score check game.txt
      paris-score check game.txt --final --pieces pieces.json
      paris-score check game.json --format json
    """
    if pieces_file == "-" and file == "-":
        raise click.UsageError("FILE and --pieces cannot both be standard input")
    failures: list[tuple[UnreadableError, str]] = []
    rows: RowLines = None
    try:
        position, rows = read_input(file, lambda data: loads_lines(data, format_of(file)))
    except UnreadableError as e:
        failures.append((e, "paris-position/1 position"))
    catalogue: Catalogue | None = None
    if pieces_file is not None:
        try:
            catalogue = read_input(pieces_file, paris_score.loads_catalogue)
        except UnreadableError as e:
            failures.append((e, "paris-pieces/1 catalogue"))
    if failures:
        _unreadable(source_name(file), failures, output_format)
    position, pattern_said = with_pattern(position, pattern)
    problems = paris_score.check(position, final=final, catalogue=catalogue)
    legal = not errors(problems)
    source = source_name(file)
    if output_format == "json":
        pieces = None if pieces_file is None else source_name(pieces_file)
        doc = check_document(source, problems, final=final, pieces=pieces)
        click.echo(json.dumps(doc, indent=2, ensure_ascii=False))
    else:
        shown = problems if verbose else [p for p in problems if p.code not in QUIET]
        click.echo(f"{source}: {verdict(problems, final)} ({summary(shown)})")
        if pattern_said:
            click.echo(f"  {pattern_said}")
        for problem in shown:
            for line in problem_lines(problem, rows):
                click.echo(f"  {line}")
        if len(shown) < len(problems):
            n = len(problems) - len(shown)
            click.echo(
                f"  note: {n} unconfirmed remark{'s' * (n != 1)} left out; --verbose shows {'them' if n != 1 else 'it'}"
            )
    sys.exit(EXIT_LEGAL if legal else EXIT_NOT_LEGAL)
