"""``paris-score paris2020``: the final scoring of the other *Paris* (Kramer & Kiesling, 2020).

Exit statuses of ``paris2020 score`` and ``paris2020 convert``: 0 done
(warnings on standard error), 1 the input cannot be read or scored (every
error on standard error), or ``convert`` cannot write it (a name the text
cannot hold, a file that cannot be written), 2 a usage error.
"""

from __future__ import annotations

from typing import Literal

import click

from paris_score.codes import SEVERITIES, WARNING
from paris_score.errors import UnwritableError
from paris_score.i18n import render
from paris_score.paris2020 import EndOfGame, breakdown, dumps_final, score, score_to_dict
from paris_score.paris2020.text import dumps_text, loads_any
from paris_score.printable import json_text, printable
from paris_score_cli.inputs import (
    UnreadableError,
    fail,
    format_option,
    lang_option,
    located,
    read_input,
    refuse_same_file,
    source_name,
    write_text,
)


@click.group("paris2020", short_help="Score the other Paris (Kramer & Kiesling, 2020).")
def paris2020() -> None:
    """The final scoring of Paris by Kramer & Kiesling (2020), not La Cité de la Lumière (docs/paris2020.md)."""


def _read(path: str, lang: str = "en") -> EndOfGame:
    """FILE (``-``: standard input), JSON or text, read and refereed; unreadable input exits 1 with every error."""
    format: Literal["json"] | None = "json" if path.lower().endswith(".json") else None  # JSON errors for *.json
    try:
        return read_input(path, lambda data: loads_any(data, format))
    except UnreadableError as e:
        fail(e.source, [located(err, lang) for err in e.errors])


@paris2020.command("score", short_help="Score the end of a game, district by district.")
@click.argument("file", metavar="FILE")
@format_option("text: a readable breakdown; json: the paris2020-score/1 report.")
@lang_option
def score_command(file: str, output_format: str, lang: str) -> None:
    """Score the end of a game in FILE (`-` reads standard input): a paris2020-final/1 JSON document or its
    text form, told apart by itself.

    Each district's places and points, with each tie and how it was settled,
    then each player's lines, the winner and the tie-break used.  A player
    with more properties than the box's keys allow is a warning on standard
    error; the score stands.

    \b
    Examples:
      paris-score paris2020 score examples/paris2020/montmartre.json
      paris-score paris2020 score - --format json < evening.json
    """
    result = score(_read(file, lang))
    warning = render(SEVERITIES[WARNING](), lang)
    for said in result.warnings:
        click.echo(printable(f"{source_name(file)}: {warning}: {located(said, lang)}"), err=True)
    if output_format == "json":
        click.echo(json_text(score_to_dict(result)))
    else:
        click.echo(printable(breakdown(result, lang), lines=True), nl=False)


@paris2020.command("convert", short_help="Convert an end of game between JSON and its text form.")
@click.argument("file", metavar="FILE")
@click.option("--to", "to", type=click.Choice(["json", "text"]), required=True, help="The form to write.")
@click.option("-o", "--output", "out", default="-", show_default=True, metavar="OUT", help="The file to write.")
def convert_command(file: str, to: str, out: str) -> None:
    """Convert the end of a game in FILE (`-` reads standard input) to paris2020-final/1 JSON or to its text form.

    FILE is read and refereed first, as `paris2020 score` does.  A name the
    text cannot hold (one with # : + or a line break) exits 1: keep it as JSON.

    \b
    Examples:
      paris-score paris2020 convert examples/paris2020/belleville.json --to text
      paris-score paris2020 convert evening.txt --to json -o evening.json
    """
    refuse_same_file(("FILE", file), ("-o/--output", out))
    game = _read(file)
    try:
        text = dumps_final(game) if to == "json" else dumps_text(game)
    except UnwritableError as e:
        fail(source_name(file), [str(e)])
    write_text(out, text)
