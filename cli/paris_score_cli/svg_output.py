"""Writing SVG pictures from the command line: ``score --svg OUT`` and ``render -o OUT``.

The drawing modules (:mod:`paris_score.annotate`, :mod:`paris_score.svg`) are imported only when a picture
is written, so that ``paris-score score FILE`` starts without it.
"""

from __future__ import annotations

import click

import paris_score
from paris_score_cli.inputs import write_text


def write_svg(out: str, picture: str) -> None:
    """Write ``picture`` to the file ``out`` (``-``: standard output), whole or not at all (:func:`write_text`)."""
    write_text(out, picture + "\n")


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
    """``score --svg OUT``: the position, its totals and the overlays :func:`annotate.report_overlays` picks."""
    from paris_score import annotate

    write_svg(out, annotate.board(position, report=report, overlays=annotate.report_overlays(position, report)))
