"""``paris-score replay`` (referee a whole game record) and ``paris-score play`` (a random game record).

Exit statuses of ``replay``: 0 every move legal (the game finished or not; with
``--finished``, finished), 1 the record cannot be read, a move is illegal, the
record's result disagrees with the score, or with ``--finished`` the game is
not over; 2 a usage error.
"""

from __future__ import annotations

import random
import sys
from typing import Final

import click

import paris_score
from paris_score.check_report import MOVES, stands_text
from paris_score.errors import counted
from paris_score.game.generate import random_game
from paris_score.game.records import dumps_game, loads_game
from paris_score.game.replaying import Replay
from paris_score.i18n import Template, render
from paris_score.model import PLAYERS
from paris_score.printable import json_text, printable
from paris_score.report import render_text
from paris_score_cli.check import LEGAL_MOVES
from paris_score_cli.inputs import (
    EXIT_INVALID,
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

EXIT_LEGAL: Final = 0
FICTIONAL: Final = "a fictional setup: its tile faces and piece shapes are invented, not the box's"

# The words of the replay's text output (docs/languages.md).
IN_RECORD: Final = Template("cli.replay.moves", "{file}: {count} in the record")
ILLEGAL: Final = Template("cli.replay.illegal", "illegal move {n} ({player}): {refusal}")
STOPS: Final = Template("cli.replay.stops", "the replay stops there: {count} played, phase {phase}")
NOT_OVER: Final = Template("cli.replay.not-over", "every move is legal; the game is not over ({stands})")
NO_SCORE_YET: Final = Template(
    "cli.replay.no-score", "the record gives a result, but an unfinished game has no score to compare it with"
)
OVER: Final = Template("cli.replay.over", "every move is legal; the game is over. The final position scores:")
AGREES: Final = Template("cli.replay.agrees", "the record's result agrees: orange {orange} - blue {blue}")
DISAGREES: Final = Template(
    "cli.replay.disagrees",
    "the record's result DISAGREES: it says orange {orange} - blue {blue}, the score is orange {scored} - blue"
    " {scored2}",
)
UNFINISHED: Final = Template(
    "cli.replay.unfinished", "{file}: the game is not over (G12), and --finished asks for a whole game"
)


def _totals(orange: int, blue: int) -> str:
    return f"orange {orange} - blue {blue}"


def _write_position(out: str, done: Replay) -> None:
    """``--position-out``: the last position reached, as ``paris-position/1``; none exists in phase 1."""
    if done.phase == 1:
        fail(out, ["no position to write: the game is still in phase 1, some areas have no tile yet"])
    write_text(out, paris_score.dumps(done.state.position()))


def _text(source: str, done: Replay, lang: str = "en") -> list[str]:
    """The text report: one line a move played, the refused move, then the score or where the game stands."""
    lines = [render(IN_RECORD(file=source, count=MOVES(n=len(done.record.moves))), lang)]
    width = len(str(len(done.record.moves)))
    names = {player: render(player, lang) for player in PLAYERS}
    name_width = max(6, *map(len, names.values()))
    for number, (player, text) in enumerate(zip(done.players, done.record.moves, strict=False), 1):
        lines.append(f"{number:>{width}} {names[player]:<{name_width}} {text}")
    if done.illegal is not None:
        bad = done.illegal
        lines.append(f"{bad.move:>{width}} {names[bad.player]:<{name_width}} {bad.text}")
        lines.append(render(ILLEGAL(n=bad.move, player=bad.player, refusal=bad.said(lang)), lang))
        lines.append(render(STOPS(count=LEGAL_MOVES(n=done.moves_played), phase=done.phase), lang))
        return lines
    if not done.finished:
        lines.append(render(NOT_OVER(stands=stands_text(done)), lang))
        if done.record.result is not None:
            lines.append(render(NO_SCORE_YET(), lang))
        return lines
    assert done.score is not None  # a finished game whose moves are all legal is scored
    lines.append(render(OVER(), lang))
    lines.append("")
    lines.extend(render_text(done.score, lang).rstrip("\n").splitlines())
    if done.record.result is not None:
        orange, blue = done.record.result
        if done.result_agrees:
            lines.append(render(AGREES(orange=orange, blue=blue), lang))
        else:
            scored, scored2 = (done.score[p].total for p in PLAYERS)
            lines.append(render(DISAGREES(orange=orange, blue=blue, scored=scored, scored2=scored2), lang))
    return lines


@click.command("replay", short_help="Replay a paris-game/1 record, refereeing each move.")
@click.argument("file", metavar="FILE")
@format_option("text: one line a move, the first illegal move, the score; json: a paris-replay/1 document.")
@click.option(
    "--position-out",
    metavar="OUT",
    default=None,
    help="Also write the last position reached as paris-position/1 JSON to OUT (`-`: standard output, before "
    "the text output; not with --format json).",
)
@click.option(
    "--finished",
    is_flag=True,
    help="Also require the game to be over (G12): a record that stops before its end exits 1.",
)
@lang_option
def replay_command(file: str, output_format: str, position_out: str | None, finished: bool, lang: str) -> None:
    """Replay the paris-game/1 record in FILE (`-` reads standard input) move by move.

    Every move is refereed in turn; the first illegal one is named with the
    rule it breaks and the replay stops there. When every move is legal and
    the game is over, the final position is scored, and compared with the
    record's result if it gives one.  Exit status 0 every move legal, 1 the
    record cannot be read, a move is illegal or the result disagrees (or, with
    --finished, the game is not over), 2 usage error.

    \b
    Examples:
      paris-score replay game.json
      paris-score replay game.json --format json
      paris-score replay game.json --position-out final.json
      paris-score replay archive/game-0042.json --finished
    """
    if position_out == "-" and file == "-":
        raise click.UsageError("FILE and --position-out cannot both be standard input and output")
    if position_out == "-" and output_format == "json":  # two JSON documents in a row are no JSON
        raise click.UsageError(
            "--position-out - and --format json cannot both write to standard output; "
            "write the position to a file (--position-out final.json)"
        )
    refuse_same_file(("FILE", file), ("--position-out", position_out))
    try:
        record = read_input(file, loads_game)
    except UnreadableError as e:
        fail(e.source, [located(err, lang) for err in e.errors])
    done = paris_score.replay(record)
    if position_out is not None:
        _write_position(position_out, done)
    if output_format == "json":
        click.echo(json_text(done.to_dict()))
    else:
        click.echo("\n".join(printable(line) for line in _text(source_name(file), done, lang)))
    unfinished = finished and done.legal and not done.finished
    if unfinished:
        click.echo(printable(render(UNFINISHED(file=source_name(file)), lang)), err=True)
    sys.exit(EXIT_LEGAL if done.legal and done.result_agrees is not False and not unfinished else EXIT_INVALID)


@click.command("play", short_help="Write a random game record, or play bots against each other.")
@click.option(
    "--seed",
    type=click.IntRange(min=0),
    default=None,
    help="Seed of the setup and of the moves: the same seed, the same game (default: a random seed, printed).",
)
@click.option("-o", "--output", "out", metavar="OUT", default="-", help="File to write (default: standard output).")
@click.option(
    "--orange", metavar="BOT", default=None, help="A bot, MODULE:FUNCTION or random, greedy, ismcts (default: random)."
)
@click.option("--blue", metavar="BOT", default=None, help="Its opponent (default: random).")
@click.option(
    "--bot",
    "bots",
    metavar="BOT",
    multiple=True,
    help="A bot of a round robin, named as for --orange; give two or more (not with --orange and --blue).",
)
@click.option("--games", type=click.IntRange(min=1), default=None, help="Games of each pair of bots (default 10).")
@click.option("--records", metavar="DIR", default=None, help="Write each game between bots as DIR/game-NNNN.json.")
@click.option(
    "--jobs",
    metavar="N",
    type=click.IntRange(min=1),
    default=None,
    help="Play the games between bots in N processes: the same games and results as one (default 1).",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default=None,
    help="The summary of games between bots: text (default) or json, a paris-arena/1 document.",
)
def play_command(
    seed: int | None,
    out: str,
    orange: str | None,
    blue: str | None,
    bots: tuple[str, ...],
    games: int | None,
    records: str | None,
    jobs: int | None,
    output_format: str | None,
) -> None:
    """Write a random legal game as a paris-game/1 record, or play bots against each other.

    The setup is fictional (invented tile faces and piece shapes, not the
    box's, which this project does not know); each move is drawn uniformly
    from the legal moves until the game is over. The record's result is the
    final score, so `paris-score replay` accepts it. What was written is said
    on standard error.

    With --orange, --blue, --bot, --games, --records, --jobs or --format,
    plays bots instead: a bot is a function bot(view, rng) -> move
    (MODULE:FUNCTION, imported from the current directory first, or random,
    greedy, ismcts of paris_score.game.bots). Each pair of bots plays --games
    games, its first bot orange in game 1, blue in game 2 and so on, each
    setup twice; prints each bot's wins, draws and losses, its score with a
    95% confidence interval (a draw counts half), its Elo difference, point
    margin and time a move. Exit status 1 when a bot raises, returns no move
    or an illegal one, 2 for a bot that cannot be loaded.

    \b
    Examples:
      paris-score play --seed 7 -o game.json
      paris-score play --seed 7 > game.json
      paris-score play --orange greedy --blue random --games 20 --seed 1
      paris-score play --orange examples.my_bots:builder --blue ismcts --games 4 --records games/
      paris-score play --bot random --bot greedy --bot examples.my_bots:builder --games 20 --jobs 2 --format json
    """
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    options = (orange, blue, games, records, jobs, output_format)
    if bots or any(option is not None for option in options):
        if out != "-":
            raise click.UsageError("-o/--output writes one random game; games between bots go to --records DIR")
        from paris_score_cli.arena import bot_specs, run_arena

        specs, named_by = bot_specs(bots, orange, blue)
        run_arena(specs, named_by, games or 10, seed, records, jobs or 1, output_format or "text")
        return
    record = random_game(seed)
    write_text(out, dumps_game(record))
    assert record.result is not None
    where = "standard output" if out == "-" else out
    click.echo(
        f"{where}: a random game, seed {seed}, {counted(len(record.moves), 'move')}, "
        f"{_totals(*record.result)}; {FICTIONAL}",
        err=True,
    )
