"""``paris-score render`` and ``paris-score score --svg``: positions drawn as SVG pictures.

The drawing is :func:`paris_score.svg.board`; this module only reads the
position, picks the overlays and writes the file.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

import paris_score
from paris_score import svg


def write_svg(out: str, picture: str) -> None:
    """Write ``picture`` to the file ``out`` (``-``: standard output); a file that cannot be written exits 1."""
    if out == "-":
        click.echo(picture)
        return
    try:
        with open(out, "w", encoding="utf-8", newline="\n") as f:
            f.write(picture + "\n")
    except OSError as e:
        from paris_score_cli.app import fail

        fail(out, [f"cannot write the file: {e.strerror or e}"])


def _no_dash(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value == "-":
        raise click.BadParameter("standard output already carries the score; give a file name", ctx, param)
    return value


SVG_OPTION = click.option(
    "--svg",
    "svg_out",
    metavar="OUT",
    callback=_no_dash,
    help="Also draw the scored position to the SVG file OUT, with the overlays that explain the score.",
)


def write_scored(out: str, position: paris_score.Position, report: paris_score.Report) -> None:
    """``score --svg OUT``: the position, its totals and the overlays :func:`svg.report_overlays` picks."""
    write_svg(out, svg.board(position, report=report, overlays=svg.report_overlays(position, report)))


@click.command()
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
    type=click.Choice(svg.OVERLAYS),
    help="Add a layer; repeat for more. lit: lamps to the buildings they light; groups: largest groups; "
    "painter, dancer: their areas; large-light: the large streetlight's spaces and blocked lines.",
)
@click.option("--size", type=click.IntRange(min=1), default=None, help="Width in pixels (default: natural size).")
def render(file: str, out: str, overlays: Sequence[str], size: int | None) -> None:
    """Draw the position in FILE (`-` reads standard input) as an SVG picture.

    Illegal positions are drawn too, pieces on top of each other, so that
    the problem can be seen; `paris-score score` refuses them.
    """
    from paris_score_cli.app import read_position

    position = read_position(file)
    write_svg(out, svg.board(position, size=size, overlays=overlays))
