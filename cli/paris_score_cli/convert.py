"""``paris-score convert``: a position from JSON to the text grid and back."""

from __future__ import annotations

import click

import paris_score
from paris_score.errors import ParisScoreError
from paris_score.printable import printable
from paris_score_cli.inputs import GridLines, fail, read_typed, refuse_same_file, source_name, write_text


@click.command(short_help="Convert a position between JSON and the text grid.")
@click.argument("file", metavar="FILE")
@click.option(
    "--to",
    "target",
    type=click.Choice(["json", "text"]),
    required=True,
    help="json: paris-position/1; text: the text grid players type (docs/text-format.md).",
)
@click.option("-o", "--output", metavar="OUT", default="-", help="File to write (default: standard output).")
def convert(file: str, target: str, output: str) -> None:
    """Convert the position in FILE (JSON or text grid, detected; `-` reads standard input).

    A text grid's comments are not kept (a position has no place for them): a note on standard error names their
    lines.

    \b
    Examples:
      paris-score convert game.txt --to json -o game.json
      paris-score convert game.json --to text
    """
    refuse_same_file(("FILE", file), ("-o/--output", output))
    position, typed = read_typed(file)
    try:
        text = paris_score.dumps(position, format="text" if target == "text" else "json")
    except ParisScoreError as e:
        fail(source_name(file), str(e).splitlines())
    write_text(output, text)
    lost = lost_comments(typed, text if target == "text" else None)
    if lost:  # a position holds no comment: said, never lost in silence
        lines = ", ".join(map(str, lost))
        click.echo(
            printable(
                f"paris-score: note: {source_name(file)}: the comments on line{'s' if len(lost) > 1 else ''} {lines}"
                " are not kept (a position has no place for them)"
            ),
            err=True,
        )


def lost_comments(typed: GridLines, grid: str | None) -> list[int]:
    """The lines of the text grid's comments that the text grid of its position (``grid`` if written already) does
    not hold: a position keeps no comment, and the text grid writes only its own legend."""
    if typed is None or not typed.comments:
        return []
    kept = set((grid or paris_score.dumps(typed.position, format="text")).splitlines())
    return [number for number, comment in typed.comments if comment not in kept]
