"""``paris-score play --bot A --bot B ...`` (or ``--orange A --blue B``): bots in a round robin, the seats swapped.

The games are :mod:`paris_score.game.arena`'s; this module loads the bots, plays the games in this process or in
``--jobs`` processes (the same games, the same results), writes the records and prints the summary, as text or as
``paris-arena/1``.
"""

from __future__ import annotations

import importlib
import math
import multiprocessing
import os
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import TYPE_CHECKING, cast

import click

from paris_score.errors import counted
from paris_score.printable import json_text, printable

if TYPE_CHECKING:
    from paris_score.documents import ArenaDocument, TallyDict
    from paris_score.game.arena import Fixture, Played
    from paris_score.game.bots import Bot


def load_bot(option: str, spec: str) -> Bot:
    """The bot a short name (``random``, ``greedy``, ``ismcts``) or ``MODULE:FUNCTION`` names; a usage error (exit
    2) naming the option if none."""
    from paris_score.game.bots import BOTS

    if spec in BOTS:
        return BOTS[spec]
    module_name, colon, function = spec.partition(":")
    if not (colon and module_name and function):
        raise click.BadParameter(
            f"{spec!r}: expected MODULE:FUNCTION (e.g. examples.my_bots:builder) or one of {', '.join(BOTS)}",
            param_hint=option,
        )
    if module_name.endswith(".py") or "/" in module_name or os.sep in module_name:
        raise click.BadParameter(
            f"{spec!r}: MODULE is a module's name, as Python imports it from the current folder "
            "(my_bots for ./my_bots.py, examples.my_bots for ./examples/my_bots.py), not a file",
            param_hint=option,
        )
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # as `python -m` does: the bots of the current directory are found
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # an import runs the module's code: any error is the module's, named here
        raise click.BadParameter(f"cannot import {module_name}: {error}", param_hint=option) from None
    bot = getattr(module, function, None)
    if not callable(bot):
        raise click.BadParameter(f"{module_name} has no function {function}", param_hint=option)
    return cast("Bot", bot)


def bot_specs(bots: Sequence[str], orange: str | None, blue: str | None) -> tuple[list[str], list[str]]:
    """The bots as named, and the option that named each (for messages): ``--bot`` ones, or orange's and blue's."""
    if bots and (orange is not None or blue is not None):
        raise click.UsageError("--bot names the bots of a round robin, --orange and --blue the two of a match: use one")
    if not bots:
        return [orange or "random", blue or "random"], ["--orange", "--blue"]
    if len(bots) == 1:
        raise click.UsageError("a round robin needs two bots or more: --bot A --bot B ...")
    twice = next((name for k, name in enumerate(bots) if name in bots[:k]), None)
    if twice is not None:
        raise click.UsageError(f"--bot {twice} is named twice; a round robin names each bot once")
    return list(bots), ["--bot"] * len(bots)


# -- playing: in this process, or in --jobs processes -----------------------------------------------------------

_WORKER: dict[str, tuple[list[Bot], list[str]]] = {}
"""A worker process's bots and their names, loaded once by :func:`_start_worker`."""


def _start_worker(specs: list[str], options: list[str]) -> None:
    _WORKER["bots"] = ([load_bot(o, s) for o, s in zip(options, specs, strict=True)], specs)


def _play_in_worker(fixture: Fixture) -> Played:
    from paris_score.game.arena import play_fixture

    bots, names = _WORKER["bots"]
    return play_fixture(fixture, bots, names)


def played_games(
    bots: list[Bot], specs: list[str], options: list[str], fixtures: Sequence[Fixture], jobs: int
) -> Iterator[Played]:
    """Each game played, in the fixtures' order whatever ``jobs``: each in a process of its own when ``jobs`` > 1
    (the bots are loaded again there by name, so a bot need not be picklable)."""
    from paris_score.game.arena import play_fixture

    if jobs == 1:
        yield from (play_fixture(fixture, bots, specs) for fixture in fixtures)
        return
    context = multiprocessing.get_context("spawn")  # the same start on every system, and no fork of a threaded parent
    pool = ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker, initargs=(specs, options))
    try:
        yield from pool.map(_play_in_worker, fixtures)  # in order: a failing game is reported as one process would
    finally:
        pool.shutdown(wait=True, cancel_futures=True)  # the games after a failure are not played


# -- the command --------------------------------------------------------------------------------------------------


def run_arena(
    specs: list[str],
    options: list[str],
    games: int,
    seed: int,
    records: str | None,
    jobs: int,
    output_format: str,
) -> None:
    """Play the round robin, write the records if asked, print the summary; exit 1 when a bot fails."""
    from paris_score.game.arena import fixtures, summary
    from paris_score.game.bots import BotError
    from paris_score.game.records import dumps_game

    bots = [load_bot(option, spec) for option, spec in zip(options, specs, strict=True)]
    folder = None if records is None else Path(records)
    earlier = sorted(folder.glob("game-*.json")) if folder is not None and folder.is_dir() else []
    if earlier:  # never written over: a mix of two matches would pass for one
        click.echo(
            printable(
                f"{records}: already holds game records ({earlier[0].name}, ...); name a new folder, or move them away"
            ),
            err=True,
        )
        sys.exit(1)
    schedule = fixtures(len(bots), games, seed)
    played: list[Played] = []
    try:
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
        for game in played_games(bots, specs, options, schedule, min(jobs, len(schedule))):
            played.append(game)
            if folder is not None:
                (folder / f"game-{game.fixture.number:04d}.json").write_text(dumps_game(game.record), encoding="utf-8")
    except BotError as error:
        click.echo(printable(f"game {len(played) + 1}: {error}"), err=True)  # the bot's own words, escaped
        sys.exit(1)
    except BrokenProcessPool:
        click.echo(f"game {len(played) + 1}: a process of --jobs stopped (did a bot end its process?)", err=True)
        sys.exit(1)
    except OSError as error:
        click.echo(printable(f"{records}: cannot write a record: {error.strerror or error}"), err=True)
        sys.exit(1)
    document = summary(specs, games, seed, played)
    if output_format == "json":
        click.echo(json_text(document))
    else:
        for line in text(document):
            click.echo(printable(line))
    if folder is not None:
        click.echo(printable(f"{records}: {counted(len(played), 'record')} written (paris-game/1)"), err=True)


# -- the text summary ---------------------------------------------------------------------------------------------


def seats(first: str, games: int) -> str:
    """Who plays which colour in a pairing of ``games`` games, ``first`` being its first bot."""
    if games == 1:
        return f"{first} plays orange"
    told = f"{first} plays orange in game 1, blue in game 2 and so on, each setup twice (from both seats)"
    return told if games % 2 == 0 else f"{told} but game {games}'s, played once ({first} orange)"


def _number(value: float | None, digits: int, sign: str = "") -> str:
    return "n/a" if value is None else f"{value:{sign}.{digits}f}"


def _tallied(t: TallyDict) -> str:
    return f"{t['wins']} won, {t['draws']} drawn, {t['losses']} lost"


def _score(t: TallyDict) -> str:
    """``score 0.750 a game (95% confidence interval 0.301 to 0.954)``."""
    if t["score_interval"] is None:
        return "no game"
    low, high = t["score_interval"]
    return f"score {_number(t['score'], 3)} a game (95% confidence interval {low:.3f} to {high:.3f})"


def _elo(t: TallyDict) -> tuple[str, str, str]:
    """The Elo difference and its interval's ends, signed; ``-inf`` or ``+inf`` where unbounded (a score of 0 or
    1), ``n/a`` without games."""
    if t["elo_interval"] is None:
        return "n/a", "n/a", "n/a"
    low, high = t["elo_interval"]
    elo = t["elo"] if t["elo"] is not None else (math.inf if t["wins"] == t["games"] else -math.inf)
    return f"{elo:+.0f}", f"{-math.inf if low is None else low:+.0f}", f"{math.inf if high is None else high:+.0f}"


def _milliseconds(seconds: float | None) -> str:
    return "n/a" if seconds is None else f"{seconds * 1000:.3g} ms"


def text(document: ArenaDocument) -> list[str]:
    """The summary as lines of text: a match of two bots in sentences, a round robin as a table."""
    bots, games = document["bots"], document["games_per_pairing"]
    names = [bot["name"] for bot in bots]
    if len(bots) == 2:
        first, tally = bots[0], document["pairings"][0]
        orange, blue = first["by_seat"]["orange"], first["by_seat"]["blue"]
        elo, elo_low, elo_high = _elo(tally)
        return [
            f"{names[0]} against {names[1]}: {counted(games, 'game')}, seed {document['seed']}; "
            f"{seats(names[0], games)}",
            f"{names[0]}: {_tallied(tally)}; {_score(tally)}",
            f"{names[0]} as orange: {_tallied(orange)}; as blue: {_tallied(blue)}",
            f"{names[0]}'s Elo difference: {elo} (95% interval {elo_low} to {elo_high}); "
            f"mean point margin {_number(tally['margin'], 2, '+')} a game",
            "time a move: " + ", ".join(f"{b['name']} {_milliseconds(b['seconds_per_move'])}" for b in bots),
        ]
    pairs = len(document["pairings"])
    lines = [
        f"{', '.join(names)}: a round robin, {counted(pairs, 'pairing')} of {counted(games, 'game')} "
        f"({counted(pairs * games, 'game')}), seed {document['seed']}; in each pairing {seats('the first bot', games)}",
        "Elo: the difference from the bot's average opponent; margin: its points minus its opponent's, a game",
    ]
    rows = [["bot", "games", "won", "drawn", "lost", "score", "95% interval", "Elo", "95% interval", "margin",
             "as orange", "as blue", "time a move"]]  # fmt: skip
    for bot in bots:
        low, high = bot["score_interval"] or (math.nan, math.nan)
        elo, elo_low, elo_high = _elo(bot)
        rows.append([
            bot["name"], str(bot["games"]), str(bot["wins"]), str(bot["draws"]), str(bot["losses"]),
            _number(bot["score"], 3), f"{low:.3f} to {high:.3f}", elo, f"{elo_low} to {elo_high}",
            _number(bot["margin"], 2, "+"), _number(bot["by_seat"]["orange"]["score"], 3),
            _number(bot["by_seat"]["blue"]["score"], 3), _milliseconds(bot["seconds_per_move"]),
        ])  # fmt: skip
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    for row in rows:
        cells = [
            cell.ljust(w) if k == 0 else cell.rjust(w) for k, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    lines.append("pairings, from the first bot's side:")
    for pairing in document["pairings"]:
        i, j = pairing["bots"]
        lines.append(f"{names[i]} against {names[j]}: {_tallied(pairing)}; {_score(pairing)}")
    return lines
