"""``paris-score``: score and referee positions from the command line.

Exit statuses (docs/cli.md): 0 success, 1 the position is invalid or unreadable
(every problem on standard error), 2 a usage error.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from typing import Any

import attrs
import click

import paris_score
from paris_score.check_report import left_out_line, listed
from paris_score.errors import IllegalPositionError
from paris_score.formats import SCHEMAS
from paris_score.model import Pattern
from paris_score.printable import json_text
from paris_score.report import render_text
from paris_score_cli.check import check_command, refuse_illegal
from paris_score_cli.inputs import (
    EXIT_INVALID,
    fail,
    format_option,
    lang_option,
    pattern_option,
    read_typed,
    refuse_same_file,
    source_name,
    with_pattern,
)
from paris_score_cli.svg_output import SVG_OPTION, write_scored

EXIT_UNWRITABLE = EXIT_INVALID


class LazyGroup(click.Group):
    """A click group that imports some commands only when they run or are listed (a faster start).

    ``lazy`` maps a command name to ``"module:attribute"``.
    """

    def __init__(self, *args: Any, lazy: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy:
            module, attribute = self.lazy[cmd_name].split(":")
            command: click.Command = getattr(importlib.import_module(module), attribute)
            return command
        return super().get_command(ctx, cmd_name)


# `render` draws with paris_score.svg, `replay` and `play` read and play games, and `serve` loads
# http.server, `site` writes the static page: what `score FILE` does not need is imported when used.
@click.group(
    cls=LazyGroup,
    lazy={
        "render": "paris_score_cli.render:render",
        "replay": "paris_score_cli.game:replay_command",
        "play": "paris_score_cli.game:play_command",
        "serve": "paris_score_cli.serve:serve",
        "paris2020": "paris_score_cli.paris2020:paris2020",
        "site": "paris_score_cli.site:site",
    },
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(paris_score.__version__, prog_name="paris-score")
def cli() -> None:
    """Referee and score positions of Paris: La Cité de la Lumière.

    A position is a text grid typed at the table (start from `paris-score
    template`; guide: docs/typing-your-game.md) or a paris-position/1 JSON
    file, detected by itself.

    Exit statuses: 0 success; 1 the input is unreadable or breaks a rule
    (every problem is listed), or the output cannot be written; 2 a usage
    error (a wrong option or argument).

    \b
    Examples:
      paris-score template > game.txt
      paris-score score game.txt
      paris-score check game.txt --final
    """


@cli.command(short_help="Score a position, every line explained.")
@click.argument("file", metavar="FILE")
@format_option("text: a readable breakdown; json: the paris-score/1 report.")
@SVG_OPTION
@pattern_option
@click.option("--no-check", is_flag=True, help="Score even a position that breaks rules (overlaps are still refused).")
@lang_option
def score(
    file: str, output_format: str, svg_out: str | None, pattern: Pattern | None, no_check: bool, lang: str
) -> None:
    """Score the position in FILE (`-` reads standard input).

    FILE is a text grid, as typed at the table (`paris-score template`
    prints a blank one; the guide is docs/typing-your-game.md), or a
    paris-position/1 JSON file.  Every line of the score is explained: which
    lamps light each building, which buildings form the largest group, what
    each postcard counted, the reserve counted.  The position is refereed
    first (as `paris-score check` does) and refused if it breaks a rule, each
    problem with the grid lines of its spaces.

    \b
    Examples:
      paris-score score game.txt
      paris-score score game.txt --format json
      paris-score score game.txt --pattern rays4 --svg game.svg
    """
    refuse_same_file(("FILE", file), ("--svg", svg_out))
    position, rows = read_typed(file, lang)
    position, pattern_said = with_pattern(position, pattern)
    if not no_check:
        refuse_illegal(file, position, rows, lang)
    try:
        report = paris_score.score(position)
    except IllegalPositionError as e:
        first, left_out = listed(e.problems)
        said = [p.said(lang) for p in first] + ([left_out_line(left_out, lang)] if left_out else [])
        fail(source_name(file), said)
    if pattern_said is not None:
        report = attrs.evolve(report, notes=(pattern_said, *report.note_texts))
    if svg_out is not None:  # first: a picture that cannot be written fails before any score is printed
        write_scored(svg_out, position, report)
    if output_format == "json":
        click.echo(json_text(report.to_dict()))
    else:
        click.echo(render_text(report, lang), nl=False)


@cli.command(short_help="Print the rulebook's scoring example and its scores.")
@format_option('text: the board as a text grid, then the breakdown; json: {"position": ..., "report": ...}.')
@lang_option
def example(output_format: str, lang: str) -> None:
    """Print the rulebook's scoring example (48 to 57) and its scores.

    \b
    Examples:
      paris-score example
      paris-score example --format json
    """
    from paris_score.example import RECONSTRUCTION_NOTE, rulebook_json

    position = paris_score.rulebook_example()
    report = paris_score.score(position)
    if output_format == "json":
        both = {"position": json.loads(rulebook_json()), "report": report.to_dict()}
        click.echo(json.dumps(both, indent=2, ensure_ascii=False))
        return
    click.echo("The rulebook's scoring example (docs/example.md)")
    click.echo(RECONSTRUCTION_NOTE)
    click.echo("")
    click.echo(paris_score.dumps(position, format="text"))
    click.echo(render_text(report, lang), nl=False)


@cli.command("template", short_help="Print a blank text grid to fill in.")
@click.option("--example", "filled", is_flag=True, help="Print the rulebook's example, filled in, instead.")
def template(filled: bool) -> None:
    """Print a blank text grid to fill in after a game, every header line included.

    Replace each ? with the printed colour of its space and each . with what
    stands there, fill in the lines below the grid (the reserve lines are
    required: `none` when every building was built), then score it.  The
    postcards are listed as comments.  The guide: docs/typing-your-game.md.

    \b
    Examples:
      paris-score template > game.txt
      paris-score template --example
    """
    if filled:
        click.echo(paris_score.dumps(paris_score.rulebook_example(), format="text"), nl=False)
        return
    from paris_score.formats.text_grid import blank_template

    click.echo(blank_template(), nl=False)


@cli.command("schema", short_help="Print the JSON Schema of a format.")
@click.argument("name", metavar="NAME", type=click.Choice(list(SCHEMAS)))
def schema_command(name: str) -> None:
    """Print the JSON Schema of paris-position/1 (position), paris-score/1 (report), paris-pieces/1 (pieces),
    paris-check/1 (check, what `check --format json` prints), paris-game/1 (game, a game record),
    paris-replay/1 (replay, what `replay --format json` prints), paris-arena/1 (arena, what `play --format json`
    prints of games between bots), paris2020-final/1 (paris2020-final, an end of a game of Paris (2020)) or
    paris2020-score/1 (paris2020-score, what `paris2020 score --format json` prints).

    \b
    Examples:
      paris-score schema position
      paris-score schema report > paris-score-1.schema.json
    """
    from paris_score.formats import schema

    click.echo(schema(name), nl=False)  # type: ignore[arg-type]


cli.add_command(check_command)


def main() -> None:
    """Console-script entry point.

    Output that cannot be written (a full disk, a closed pipe) ends the command
    with one line on standard error and exit status 1, not a traceback.
    """
    try:
        try:
            cli.main(prog_name="paris-score")
        finally:
            sys.stdout.flush()
    except OSError as e:
        # Point standard output at nothing, so the interpreter's last flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        click.echo(f"paris-score: cannot write the output: {e.strerror or e}", err=True)
        sys.exit(EXIT_UNWRITABLE)


from paris_score_cli.convert import convert  # noqa: E402  (commands are added once the group exists)

cli.add_command(convert)
