"""``paris-score convert``: a position from JSON to the text grid and back."""

from __future__ import annotations

import click

import paris_score
from paris_score.errors import ParisScoreError
from paris_score_cli.inputs import fail, read_position, refuse_same_file, source_name, write_text


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

    \b
    Examples:
      paris-score convert game.txt --to json -o game.json
      paris-score convert game.json --to text
    """
    refuse_same_file(("FILE", file), ("-o/--output", output))
    position = read_position(file)
    try:
        text = paris_score.dumps(position, format="text" if target == "text" else "json")
    except ParisScoreError as e:
        fail(source_name(file), str(e).splitlines())
    write_text(output, text)
