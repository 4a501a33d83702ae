"""``paris-score render``: positions drawn as SVG pictures.

The drawing is :func:`paris_score.annotate.board` (the overlays) over
:func:`paris_score.svg.board`; this module only reads the position, picks
the overlays and writes the file (:mod:`paris_score_cli.svg_output`,
which ``score --svg`` uses too).
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from paris_score import annotate
from paris_score.model import Pattern
from paris_score.printable import printable
from paris_score.svg import MAX_SIZE
from paris_score_cli.inputs import pattern_option, read_position, refuse_same_file, source_name, with_pattern
from paris_score_cli.svg_output import write_svg

"""The widest picture ``render --size`` draws, in pixels: far beyond any screen, and no float overflow."""


@click.command(short_help="Draw a position as an SVG picture.")
@click.argument("file", metavar="FILE")
@click.option(
    "-o",
    "--output",
    "out",
    metavar="OUT",
    required=True,
    help="The SVG file to write; `-` writes to standard output.",
)
@click.option(
    "--overlay",
    "overlays",
    multiple=True,
    type=click.Choice(annotate.OVERLAYS),
    help="Add a layer; repeat for more. lit: lamps to the buildings they light; groups: largest groups; "
    "painter, dancer: their areas; large-light: the large streetlight's spaces and blocked lines; "
    "problems: the spaces of every problem `paris-score check` finds.",
)
@click.option(
    "--size",
    type=click.IntRange(min=1, max=MAX_SIZE),
    default=None,
    help="Width in pixels (default: natural size).",
)
@pattern_option
def render(file: str, out: str, overlays: Sequence[str], size: int | None, pattern: Pattern | None) -> None:
    """Draw the position in FILE (`-` reads standard input) as an SVG picture.

    Illegal positions are drawn too, pieces on top of each other, so that
    the problem can be seen: `--overlay problems` marks the spaces of each
    problem (`paris-score score` refuses them).  With --pattern, the pattern
    used is said on standard error.

    \b
    Examples:
      paris-score render game.txt -o game.svg
      paris-score render game.txt -o game.svg --overlay lit --overlay groups
      paris-score render game.txt -o - --overlay large-light --pattern rays8
    """
    refuse_same_file(("FILE", file), ("-o/--output", out))
    position, said = with_pattern(read_position(file), pattern)
    if said is not None:
        click.echo(printable(f"{source_name(file)}: {said}"), err=True)
    write_svg(out, annotate.board(position, size=size, overlays=overlays))
