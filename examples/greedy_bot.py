"""A greedy bot against a random player: how often does looking one move ahead win?

    python examples/greedy_bot.py GAMES [--seed N]

Each game starts from a random, fictional setup (:func:`paris_score.generate.random_setup`:
invented tile faces and piece shapes, the box's being unknown).  The greedy
bot plays, among the legal moves, the one after which its lead by
:meth:`GameState.outcome <paris_score.game.GameState.outcome>` is largest
(ties: the first in :meth:`legal_moves`' order); in phase 1, where no position
exists yet, it plays at random too.  Its opponent plays uniformly random legal
moves.  The bot plays orange in even games and blue in odd ones; the script
prints one line: games, wins, draws, losses and the win rate.
"""

from __future__ import annotations

import argparse
import random
import sys

from paris_score.game import GameState
from paris_score.generate import random_setup
from paris_score.model import Player
from paris_score.moves import Move


def greedy_move(state: GameState, rng: random.Random) -> Move:
    """The legal move after which the side to move leads by most (phase 2); a random one in phase 1."""
    moves = state.legal_moves()
    if state.phase == 1:
        return rng.choice(moves)
    me = state.turn
    return max(moves, key=lambda move: state.play(move).outcome().lead(me))


def play_game(seed: int, bot: Player) -> int:
    """One game from the seed's setup: the bot's final lead (above 0: it won on points)."""
    rng = random.Random(seed)
    state = GameState.start(random_setup(seed))
    while not state.is_over:
        move = greedy_move(state, rng) if state.turn is bot else rng.choice(state.legal_moves())
        state = state.play(move)
    outcome = state.outcome()
    if outcome.winner == "tie":
        return 0
    return 1 if outcome.winner == str(bot) else -1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("games", type=int, metavar="GAMES", help="how many games to play")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("GAMES must be at least 1")
    results = [play_game(args.seed + i, Player.ORANGE if i % 2 == 0 else Player.BLUE) for i in range(args.games)]
    wins, draws = results.count(1), results.count(0)
    print(
        f"greedy bot against a random player: {args.games} games, {wins} won, {draws} drawn, "
        f"{results.count(-1)} lost; win rate {wins / args.games:.0%}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
