"""Benchmark bots: the figures of docs/performance.md's "Bots" table and docs/bots.md's tournament.

Run it from a checkout (no install needed)::

    python benchmarks/bots.py                  # speeds, then the tournament
    python benchmarks/bots.py --no-tournament  # speeds only

Speeds: random games a second played through the plain engine (``legal_moves``
and ``play``), through integer actions (``legal_actions``, ``move_of``) and
between two ``random_bot``\\ s in the arena (each move from the view, which deals
a sample), and, where the extras are installed, through OpenSpiel (every draw a
chance node) and PettingZoo (an observation and a mask a move); ISMCTS
playouts a second (one bot move of N playouts, from the start and from the
start of phase 2).  Figures are processor time
(``time.process_time``) on one core.  Nothing here is a test: timings are
printed, never asserted.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from paris_score.game import GameState  # noqa: E402
from paris_score.game.actions import legal_actions, move_of  # noqa: E402
from paris_score.game.bots import Bot, greedy_bot, ismcts, play_game, play_match, random_bot  # noqa: E402
from paris_score.game.generate import random_setup  # noqa: E402


def engine_game(seed: int) -> None:
    rng = random.Random(seed)
    state = GameState.start(random_setup(seed))
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))


def action_game(seed: int) -> None:
    rng = random.Random(seed)
    state = GameState.start(random_setup(seed))
    while not state.is_over:
        state = state.play(move_of(state, rng.choice(legal_actions(state))))


def arena_game(seed: int) -> None:
    play_game(random_bot, random_bot, seed)


def openspiel_game(seed: int) -> None:
    import pyspiel

    import paris_score.game.openspiel  # noqa: F401  (registers the game)

    rng = random.Random(seed)
    state = pyspiel.load_game("python_paris_lumiere", {"seed": seed}).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def pettingzoo_game(seed: int) -> None:
    from paris_score.game.pettingzoo import env

    rng = random.Random(seed)
    environment = env()
    environment.reset(seed=seed)
    for _ in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        environment.step(None if terminated or truncated else rng.choice(observation["action_mask"].nonzero()[0]))


def games_a_second(play: Callable[[int], None], games: int) -> float:
    start = time.process_time()
    for seed in range(games):
        play(seed)
    return games / (time.process_time() - start)


def playouts_a_second(playouts: int, phase: int, moves: int = 5) -> float:
    bot = ismcts(playouts)
    spent = 0.0
    for seed in range(moves):
        rng = random.Random(seed)
        state = GameState.start(random_setup(seed))
        while state.phase < phase:
            state = state.play(rng.choice(state.legal_moves()))
        start = time.process_time()
        bot(state.view(), random.Random(seed))
        spent += time.process_time() - start
    return playouts * moves / spent


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games for each speed (default 200)")
    parser.add_argument("--no-tournament", action="store_true", help="the speeds only")
    parser.add_argument("--tournament-games", type=int, default=20, help="games of each pairing (default 20)")
    args = parser.parse_args()
    for name, play in [("plain engine", engine_game), ("integer actions", action_game), ("arena", arena_game)]:
        print(f"random games a second, {name}: {games_a_second(play, args.games):.1f}", flush=True)
    for name, play, needs in [("OpenSpiel", openspiel_game, "pyspiel"), ("PettingZoo", pettingzoo_game, "pettingzoo")]:
        if importlib.util.find_spec(needs) is None:
            print(f"random games a second, {name}: not installed (pip install -e '.[{name.lower()}]')")
            continue
        print(f"random games a second, {name}: {games_a_second(play, args.games // 4):.1f}", flush=True)
    for phase in (1, 2):
        print(f"ISMCTS playouts a second, phase {phase}: {playouts_a_second(100, phase):.0f}", flush=True)
    if args.no_tournament:
        return 0
    bots: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot, "ismcts(100)": ismcts(100)}
    for first, second in [("greedy", "random"), ("ismcts(100)", "random"), ("ismcts(100)", "greedy")]:
        tally = play_match(bots[first], bots[second], args.tournament_games, seed=1)
        low, high = tally.interval()
        print(
            f"| {first} | {second} | {tally.games} | {tally.wins} | {tally.draws} | {tally.losses} | "
            f"{tally.score:.2f} ({low:.2f} to {high:.2f}) |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
