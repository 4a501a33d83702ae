"""A greedy bot against a random player: how often does looking one move ahead win?

    python examples/greedy_bot.py GAMES [--seed N]

Each game starts from a random, fictional setup (:func:`paris_score.game.generate.random_setup`:
invented tile faces and piece shapes, the box's being unknown).  The greedy
bot (:func:`paris_score.game.bots.greedy_bot`) plays, among the legal moves, the
one after which its lead by :meth:`GameState.outcome
<paris_score.game.GameState.outcome>` is largest (ties: the first in
:meth:`legal_moves`' order); in phase 1, where no position exists yet, it
plays at random.  Its opponent plays uniformly random legal moves
(:func:`paris_score.game.bots.random_bot`).  The bot plays orange in even games and
blue in odd ones, each setup twice; the script prints one line: games, wins,
draws, losses and the win rate.  ``paris-score play --orange greedy --blue
random --games N`` plays the same match with a confidence interval.
"""

from __future__ import annotations

import argparse
import sys

from paris_score.game.bots import greedy_bot, play_match, random_bot


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("games", type=int, metavar="GAMES", help="how many games to play")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("GAMES must be at least 1")
    tally = play_match(greedy_bot, random_bot, args.games, args.seed)
    print(
        f"greedy bot against a random player: {args.games} games, {tally.wins} won, {tally.draws} drawn, "
        f"{tally.losses} lost; win rate {tally.wins / args.games:.0%}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
