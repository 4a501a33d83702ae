"""``paris-score paris2020``: the final scoring of the other *Paris* (Kramer & Kiesling, 2020).

Exit statuses of ``paris2020 score``: 0 scored (warnings on standard error),
1 the document cannot be read or scored (every error on standard error), 2 a
usage error.
"""

from __future__ import annotations

import json

import click

from paris_score.paris2020 import breakdown, loads_final, score, score_to_dict
from paris_score_cli.inputs import UnreadableError, fail, format_option, read_input, source_name


@click.group("paris2020", short_help="Score the other Paris (Kramer & Kiesling, 2020).")
def paris2020() -> None:
    """The final scoring of Paris by Kramer & Kiesling (2020), not La Cité de la Lumière (docs/paris2020.md)."""


@paris2020.command("score", short_help="Score the end of a game, district by district.")
@click.argument("file", metavar="FILE")
@format_option("text: a readable breakdown; json: the paris2020-score/1 report.")
def score_command(file: str, output_format: str) -> None:
    """Score the paris2020-final/1 document in FILE (`-` reads standard input).

    Each district's places and points, with each tie and how it was settled,
    then each player's lines, the winner and the tie-break used.  A player
    with more properties than the box's keys allow is a warning on standard
    error; the score stands.

    \b
    Examples:
      paris-score paris2020 score examples/paris2020/montmartre.json
      paris-score paris2020 score - --format json < evening.json
    """
    try:
        game = read_input(file, loads_final)
    except UnreadableError as e:
        fail(e.source, [str(err) for err in e.errors])
    result = score(game)
    for warning in result.warnings:
        click.echo(f"{source_name(file)}: warning: {warning}", err=True)
    if output_format == "json":
        click.echo(json.dumps(score_to_dict(result), indent=2, ensure_ascii=False))
    else:
        click.echo(breakdown(result), nl=False)
