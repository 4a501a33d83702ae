"""Compare checkouts side by side in one run: the before/after table of docs/performance.md.

Each checkout (a directory holding ``paris_score/``, e.g. a ``git worktree``
of an older commit) is imported in its own worker process, in turn, on the
same inputs drawn by this checkout: JSON positions of
:func:`paris_score.game.generate.corpus` (``score``, ``check``, ``loads``) and
records of random games (``play``, ``legal_moves``, ``outcome``,
``score_state``, ``replay``; only where the checkout has a game engine).
``outcome`` is measured on each record's final state as ``play`` made it, as a
bot calls it after each move (a state keeps S1 and S2 move by move, never its
totals); ``score_state`` (``score(state.position())``) on a new copy of it
each call (a state keeps its position once made), the copy's cost apart.  The rounds alternate between checkouts, and
each figure is the best round's median over the inputs of the best of a few
loops, in processor time::

    git worktree add ../v0.1.0 a33c4df     # 0.1.0's commit
    python benchmarks/compare.py ../v0.1.0 .
    python benchmarks/compare.py --callgrind ../v0.1.0 .   # instructions a call (valgrind)

With ``--callgrind`` each checkout runs once under ``valgrind
--tool=callgrind``, every operation in turn over every input (once to warm
up, then twice), and the figure is the instruction count a call of the two
passes: repeatable on a busy machine.  The worker marks where each pass
starts and ends with a call to ``os.getppid()``, at which callgrind writes
the counts so far (``--dump-before=getppid``), so Python's start and the
imports are counted apart, once a checkout: one run of valgrind a checkout
(two runs an operation took about 40 minutes for the table of two
checkouts on a busy 2-core machine, this about 4 for three).  Nothing here
is a test: figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
POSITION_OPS = ("score", "check", "loads")
GAME_OPS = ("play", "legal_moves", "outcome", "score_state", "replay")
FRESH = ("score_state",)
"""Operations timed on a copy of a state, the copy's own cost subtracted."""


def inputs(positions: int, games: int, seed: int) -> dict[str, Any]:
    """The shared inputs, drawn by this checkout: position texts and game records (setup and move texts)."""
    sys.path.insert(0, str(ROOT))
    from paris_score import dumps
    from paris_score.game import GameState
    from paris_score.game.generate import corpus, random_setup
    from paris_score.game.records import GameRecord, game_to_dict

    records = []
    for i in range(games):
        rng = random.Random(seed + i)
        state, moves = GameState.start(random_setup(seed + i)), []
        while not state.is_over:
            move = rng.choice(state.legal_moves())
            moves.append(str(move))
            state = state.play(move)
        outcome = state.outcome()
        records.append(game_to_dict(GameRecord(random_setup(seed + i), moves, (outcome.orange, outcome.blue))))
    return {"positions": [dumps(p) for p in corpus(positions, seed)], "records": records}


def _calls(op: str, data: dict[str, Any]) -> list[Callable[[], object]]:
    """One call of ``op`` for each input, for the checkout on ``sys.path``."""
    import paris_score

    texts = data["positions"]
    if op in POSITION_OPS:
        if op == "loads":
            return [lambda t=t: paris_score.loads(t) for t in texts]
        fn = getattr(paris_score, op)
        positions = [paris_score.loads(t) for t in texts]
        return [lambda p=p: fn(p) for p in positions]
    import attrs

    from paris_score import Move  # the same name in every checkout (the game's modules moved in 0.2.0)

    try:
        from paris_score.game.records import game_from_dict
    except ImportError:  # a checkout before 0.2.0
        from paris_score.formats.game_json import game_from_dict  # type: ignore[no-redef]
    from paris_score.game import GameState

    calls: list[Callable[[], object]] = []
    for record in data["records"]:
        if op == "replay":
            calls.append(lambda r=record: paris_score.replay(r))
            continue
        game = game_from_dict(record)
        state = GameState.start(game.setup)
        for text in game.moves:
            move = Move.parse(text)
            if op == "play":
                calls.append(lambda s=state, m=move: s.play(m))
            elif op == "legal_moves" and state.phase == 2:
                calls.append(state.legal_moves)
            state = state.play(move)
        if op == "outcome":  # on the state play() made: it keeps S1 and S2 move by move, never its totals
            calls.append(state.outcome)
        elif op == "score_state":  # what outcome() spares: the position and its whole report, on a new state
            calls.append(lambda s=state: paris_score.score(attrs.evolve(s).position()))
        elif op == "copy":
            calls.append(lambda s=state: attrs.evolve(s))
    return calls


def worker(ops: list[str], path: str, count: bool) -> None:
    """Time (or, under callgrind, just run) each of ``ops`` on the inputs in ``path``; print its figure as JSON.

    Timed, the figure is seconds a call (:data:`FRESH` operations on a copy of each final state, the copy's own
    cost subtracted).  Under callgrind it is the number of calls in the pass each mark ends: every call once to
    warm up, a mark, every call twice, a mark, then for :data:`FRESH` operations the copies alone twice, a mark.
    """
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    figures: dict[str, float] = {}
    for op in ops:
        calls = _calls(op, data)
        copies = _calls("copy", data) if op in FRESH else []
        if count:
            for call in calls + copies:
                call()
            for again in (calls, copies):
                os.getppid()  # a mark: callgrind writes the counts so far
                for _ in range(2):
                    for call in again:
                        call()
            os.getppid()
            figures[op] = 2 * len(calls)
            continue
        figures[op] = _median_best(calls, 20 if op != "replay" else 3)
        if copies:
            figures[op] -= _median_best(copies, 20)
    print(json.dumps(figures))


def _median_best(calls: list[Callable[[], object]], number: int) -> float:
    """The median over ``calls`` of the best of five loops of ``number`` calls, in seconds a call."""
    gc.disable()
    figures = []
    for call in calls:
        times = []
        for _ in range(5):
            start = time.process_time()
            for _ in range(number):
                call()
            times.append((time.process_time() - start) / number)
        figures.append(min(times))
    gc.enable()
    return statistics.median(figures)


def has_games(tree: Path) -> bool:
    """Whether the checkout has a game engine: the module ``paris_score/game.py``, or since 0.2.0 the package."""
    game = tree / "paris_score" / "game"
    return game.with_suffix(".py").exists() or (game / "__init__.py").exists()


def run(tree: Path, ops: list[str], path: str, callgrind: bool) -> dict[str, float | None]:
    """Each op's figure for the checkout ``tree``: seconds or instructions a call, ``None`` when it has no such op."""
    mine = [op for op in ops if op not in GAME_OPS or has_games(tree)]
    figures: dict[str, float | None] = dict.fromkeys(ops)
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    cmd = [sys.executable, __file__, "--worker", ",".join(mine), path]
    if not callgrind:
        figures.update(json.loads(subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout))
        return figures
    with tempfile.TemporaryDirectory() as tmp:
        out = f"{tmp}/cg.out"
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--dump-before=getppid", f"--callgrind-out-file={out}", *cmd, "--count"],
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        counts = json.loads(done.stdout)
        dumps = sorted(Path(tmp).glob("cg.out.*"), key=lambda f: int(f.suffix[1:]))  # one a mark, in order
        totals = [_total(f) for f in dumps]
    # The marks of each op: the warm-up ends, the calls' pass ends, the copies' pass ends.
    for k, op in enumerate(mine):
        calls, copies = totals[3 * k + 1], totals[3 * k + 2]
        figures[op] = (calls - copies) / counts[op] if op in FRESH else calls / counts[op]
    return figures


def _total(dump: Path) -> int:
    """The instructions counted in one callgrind dump (since the previous one)."""
    for line in dump.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise ValueError(f"{dump}: no totals")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("trees", nargs="*", type=Path, help="checkouts to compare (default: this one)")
    parser.add_argument("--positions", type=int, default=300, help="positions in the corpus (default 300)")
    parser.add_argument("--games", type=int, default=30, help="random games (default 30)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (timing only; default 3)")
    parser.add_argument("--ops", default=",".join(POSITION_OPS + GAME_OPS), help="comma-separated operations")
    parser.add_argument("--callgrind", action="store_true", help="count instructions instead of timing")
    parser.add_argument("--worker", nargs=2, metavar=("OP", "FILE"), help=argparse.SUPPRESS)
    parser.add_argument("--count", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker[0].split(","), args.worker[1], args.count)
        return
    trees = [t.resolve() for t in args.trees] or [ROOT]
    ops = args.ops.split(",")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as f:
        json.dump(inputs(args.positions, args.games, args.seed), f)
    try:
        best: dict[tuple[str, Path], float | None] = {}
        for _ in range(1 if args.callgrind else args.rounds):
            for tree in trees:
                for op, figure in run(tree, ops, f.name, args.callgrind).items():
                    old = best.get((op, tree))
                    best[op, tree] = figure if old is None or figure is None else min(old, figure)
    finally:
        os.unlink(f.name)
    unit = "instructions a call" if args.callgrind else "us a call"
    print(f"{args.positions} positions, {args.games} games (seed {args.seed}); {unit}")
    print(f"{'operation':<12}" + "".join(f"{t.name:>16}" for t in trees))
    for op in ops:
        cells = []
        for tree in trees:
            v = best[op, tree]
            cells.append("-" if v is None else f"{v / 1000:,.0f}k" if args.callgrind else f"{v * 1e6:,.1f}")
        print(f"{op:<12}" + "".join(f"{c:>16}" for c in cells))


if __name__ == "__main__":
    main()
