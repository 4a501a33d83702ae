"""What a move costs through the learning frameworks' adapters, side by side with the engine's own move.

The same random games are played, in turn and in one process, through:

- the engine: ``legal_moves()``, then ``play()`` the game's move;
- PettingZoo: the loop of its docs, ``agent_iter()``, ``last()`` (an
  observation and a mask) and ``step()`` the move's id;
- OpenSpiel, the setup fixed by ``seed``: ``legal_actions()`` (or
  ``chance_outcomes()`` at a draw), then ``apply_action()``;
- OpenSpiel with the setup dealt by chance (where the checkout deals it):
  the same, after the setup's chance events.

Each game's moves are drawn uniformly from the legal moves, a tile that
looks the same turned laid at its smallest such rotation (so every adapter
offers the move).  The figure is a move's cost: the time (or instructions)
of all the games divided by their moves, and its ratio to the engine's::

    python benchmarks/adapters.py                 # processor time, best of 3 rounds
    python benchmarks/adapters.py --callgrind     # instructions (valgrind): the same on a busy machine
    PYTHONPATH=../old python benchmarks/adapters.py --tree ../old   # another checkout's code, the same games

Nothing here is a test: figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from compare import _total  # benchmarks/ is the script's own folder, first on the path

ROOT = Path(__file__).resolve().parent.parent
WAYS = ("engine", "pettingzoo", "openspiel", "openspiel, setup dealt")


def games(count: int) -> list[tuple[int, int, list[str]]]:
    """``count`` games: PettingZoo's reset seed, the setup's seed (the one the reset draws), the moves."""
    from paris_score.game.generate import random_setup
    from paris_score.game.setups import turn_tile
    from paris_score.game.state import GameState

    found = []
    for i in range(count):
        seed = random.Random(i).randrange(2**31)
        rng = random.Random(i)
        state, moves = GameState.start(random_setup(seed)), []
        while not state.is_over:
            move = rng.choice(state.legal_moves())
            if type(move).__name__ == "PlaceTile":
                hand = state.hand(state.turn)
                assert hand is not None
                turned = turn_tile(hand, move.rotation)  # type: ignore[attr-defined]
                rotation = next(r for r in (0, 90, 180, 270) if turn_tile(hand, r) == turned)
                move = type(move)(move.area, rotation)  # type: ignore[call-arg, attr-defined]
            moves.append(str(move))
            state = state.play(move)
        found.append((i, seed, moves))
    return found


def ways(data: list[tuple[int, int, list[str]]]) -> dict[str, tuple[Callable[[], None], int]]:
    """Each way this checkout can play the games: a call that plays them all, and their moves."""
    from paris_score.game.actions import action_of
    from paris_score.game.generate import random_setup
    from paris_score.game.moves import Move
    from paris_score.game.state import GameState

    moves = sum(len(m) for _, _, m in data)
    setups = {seed: random_setup(seed) for _, seed, _ in data}
    parsed = [(i, seed, [Move.parse(m) for m in ms]) for i, seed, ms in data]
    ids = []
    for i, seed, ms in parsed:
        state, actions = GameState.start(setups[seed]), []
        for move in ms:
            actions.append(action_of(state, move))
            state = state.play(move)
        ids.append((i, seed, actions))

    def engine() -> None:
        for _, seed, ms in parsed:
            state = GameState.start(setups[seed])
            for move in ms:
                state.legal_moves()
                state = state.play(move)

    found: dict[str, tuple[Callable[[], None], int]] = {"engine": (engine, moves)}
    if importlib.util.find_spec("pettingzoo") is not None:
        from paris_score.game.pettingzoo import env

        def pettingzoo() -> None:
            environment = env()
            for i, _, actions in ids:
                environment.reset(seed=i)
                left = iter(actions)
                for _ in environment.agent_iter():
                    _, _, terminated, truncated, _ = environment.last()
                    environment.step(None if terminated or truncated else next(left))

        found["pettingzoo"] = (pettingzoo, moves)
    if importlib.util.find_spec("pyspiel") is not None:
        found.update(_openspiel(ids, setups, moves))
    return found


def _openspiel(ids: list[tuple[int, int, list[int]]], setups: dict[int, Any], moves: int) -> dict[str, Any]:
    """The OpenSpiel ways: each game's actions, its draws in its setup's stack order, found by playing it once."""
    import pyspiel

    import paris_score.game.openspiel  # noqa: F401  (registers the game)

    dealt = importlib.import_module("paris_score.game.chance")
    deals = hasattr(dealt, "SetupChance")

    def history(state: Any, setup: Any, actions: list[int]) -> list[int]:
        left, out = iter(actions), []
        while not state.is_terminal():
            if state.is_chance_node():
                player = state.chance.drawing
                side = 0 if str(player) == "orange" else 1
                tile = setup.tiles[side][len(state.chance.drawn[side])]
                action = sorted(set(setup.tiles[side])).index(tile)
            else:
                action = next(left)
            out.append(action)
            state.apply_action(action)
        return out

    def play(runs: list[tuple[Any, list[int]]]) -> Callable[[], None]:
        def run() -> None:
            for game, actions in runs:
                state = game.new_initial_state()
                for action in actions:
                    if state.is_chance_node():
                        state.chance_outcomes()
                    else:
                        state.legal_actions()
                    state.apply_action(action)
                assert state.is_terminal()

        return run

    seeded = []
    for _, seed, actions in ids:
        game = pyspiel.load_game("python_paris_lumiere", {"seed": seed})
        seeded.append((game, history(game.new_initial_state(), setups[seed], actions)))
    found = {"openspiel": (play(seeded), moves)}
    if deals:
        game = pyspiel.load_game("python_paris_lumiere")
        dealt_runs = []
        for _, seed, actions in ids:
            state = game.new_initial_state()
            prefix = dealt.SetupChance.dealing(setups[seed])
            for action in prefix:
                state.apply_action(action)
            dealt_runs.append((game, prefix + history(state, setups[seed], actions)))
        found["openspiel, setup dealt"] = (play(dealt_runs), moves)
    return found


def worker(path: str, rounds: int, count: bool) -> None:
    """Play the games of ``path`` every way; print each way's seconds (or, under callgrind, moves) as JSON."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    found = ways(data)
    figures: dict[str, float] = {}
    if count:
        for name, (run, moves) in found.items():
            run()  # warm up: the setups' tables, the ids seen
            os.getppid()  # a mark: callgrind writes the counts so far
            run()
            os.getppid()
            figures[name] = moves
    else:
        best = dict.fromkeys(found, float("inf"))
        for _ in range(rounds):
            for name, (run, moves) in found.items():
                start = time.process_time()
                run()
                best[name] = min(best[name], (time.process_time() - start) / moves)
        figures = best
    print(json.dumps(figures))


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games (default 20)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each way in turn (timing only; default 3)")
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout whose code plays (default: this one)")
    parser.add_argument("--callgrind", action="store_true", help="count instructions instead of timing")
    parser.add_argument("--worker", metavar="FILE", help=argparse.SUPPRESS)
    parser.add_argument("--count", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.rounds, args.count)
        return 0
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        path = f"{tmp}/games.json"
        Path(path).write_text(json.dumps(games(args.games)), encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": str(args.tree.resolve()), "PYTHONHASHSEED": "0"}
        cmd = [sys.executable, __file__, "--worker", path, "--rounds", str(args.rounds)]
        if args.callgrind:
            out = f"{tmp}/cg.out"
            cmd = ["valgrind", "--tool=callgrind", "--dump-before=getppid", f"--callgrind-out-file={out}", *cmd]
            done = subprocess.run([*cmd, "--count"], env=env, check=True, capture_output=True, text=True)
            moves = json.loads(done.stdout)
            dumps = sorted(Path(tmp).glob("cg.out.*"), key=lambda f: int(f.suffix[1:]))  # one a mark, in order
            counts = [_total(f) for f in dumps]
            figures = {name: counts[2 * k + 1] / moves[name] for k, name in enumerate(moves)}
        else:
            figures = json.loads(subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout)
    unit = "instructions a move" if args.callgrind else "us a move (processor time)"
    print(f"{args.games} games, {args.tree.resolve().name}: {unit}, and the ratio to the engine's move")
    for name in WAYS:
        if name in figures:
            value = figures[name] / 1000 if args.callgrind else figures[name] * 1e6
            ratio = figures[name] / figures["engine"]
            print(f"{name:<24}{value:>10,.1f}{'k' if args.callgrind else ''}{ratio:>8.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
