"""``paris-score play --orange BOT --blue BOT --games N``: two bots against each other, the seats swapped."""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Final, cast

import click

from paris_score.errors import counted

if TYPE_CHECKING:
    from paris_score.game.bots import Bot

SHORT_NAMES: Final = {
    "random": "paris_score.game.bots:random_bot",
    "greedy": "paris_score.game.bots:greedy_bot",
    "ismcts": "paris_score.game.bots:ismcts_bot",
}
"""The bots of ``paris_score.game.bots`` by a short name."""


def load_bot(option: str, spec: str) -> Bot:
    """The function ``MODULE:FUNCTION`` (or a short name) names; a usage error (exit 2) naming the option if not."""
    target = SHORT_NAMES.get(spec, spec)
    module_name, colon, function = target.partition(":")
    if not (colon and module_name and function):
        raise click.BadParameter(
            f"{spec!r}: expected MODULE:FUNCTION (e.g. my_bots:cautious) or one of {', '.join(SHORT_NAMES)}",
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


def run_match(orange: str, blue: str, games: int, seed: int, records: str | None) -> None:
    """Play the match, write the records if asked, print the tally; exit 1 when a bot fails."""
    from paris_score.game.bots import BotError, MatchResult, match_games
    from paris_score.game.records import dumps_game

    first, second = load_bot("--orange", orange), load_bot("--blue", blue)
    folder = None if records is None else Path(records)
    earlier = sorted(folder.glob("game-*.json")) if folder is not None and folder.is_dir() else []
    if earlier:  # never written over: a mix of two matches would pass for one
        click.echo(
            f"{records}: already holds game records ({earlier[0].name}, ...); name a new folder, or move them away",
            err=True,
        )
        sys.exit(1)
    values = []
    try:
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
        for i, (seat, record, result) in enumerate(match_games(first, second, games, seed)):
            values.append(result.value(seat))
            if folder is not None:
                (folder / f"game-{i + 1:04d}.json").write_text(dumps_game(record), encoding="utf-8")
    except BotError as error:
        click.echo(f"game {len(values) + 1}: {error}", err=True)
        sys.exit(1)
    except OSError as error:
        click.echo(f"{records}: cannot write a record: {error.strerror or error}", err=True)
        sys.exit(1)
    tally = MatchResult(values.count(1), values.count(0), values.count(-1))
    low, high = tally.interval()
    seats = (
        f"{orange} plays orange"
        if games == 1
        else f"{orange} plays orange in game 1, blue in game 2 and so on, each setup twice (from both seats)"
    )
    click.echo(f"{orange} against {blue}: {counted(games, 'game')}, seed {seed}; {seats}")
    click.echo(
        f"{orange}: {tally.wins} won, {tally.draws} drawn, {tally.losses} lost; "
        f"score {tally.score:.3f} a game (95% confidence interval {low:.3f} to {high:.3f})"
    )
    if folder is not None:
        click.echo(f"{records}: {counted(games, 'record')} written (paris-game/1)", err=True)
