"""Benchmark the fuzzer's inputs: how long the slowest take (docs/robustness.md holds each to 100 ms).

Run it from a checkout (no install needed)::

    python benchmarks/fuzz.py                       # the suite's 20,000 inputs
    python benchmarks/fuzz.py --inputs 200000 --seed 7

It times the inputs of tests/test_fuzz.py's seeded loop (the same seed gives
the same inputs), each read, refereed, scored, written back and sometimes
drawn by the fuzzer's oracle, in processor time.  An input over the bound is
run three more times and reported only if it is slow every time (a busy
machine proves nothing).  Nothing here is a test: it prints, and exits 1 when
some input is slow every time, for a scheduled job to notice.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from tests.fuzzing import FUZZ_SEED, exercise, exercise_game, mutated  # noqa: E402

LIMIT = 0.100
"""Seconds an input may take."""
RETRIES = 3


def timed(data: bytes, game: bool, draw: bool) -> float:
    start = time.process_time()
    with contextlib.suppress(Exception):  # tests/test_fuzz.py reports these; here only time counts
        exercise_game(data) if game else exercise(data, draw=draw)
    return time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--inputs", type=int, default=20000, help="how many inputs (default 20,000)")
    parser.add_argument(
        "--seed", type=int, default=FUZZ_SEED, help=f"the loop's seed (default {FUZZ_SEED}, the suite's)"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    times: list[tuple[float, int, bytes]] = []
    slow: list[str] = []
    for i in range(args.inputs):
        data, game, draw = mutated(rng, i)
        took = timed(data, game, draw)
        times.append((took, i, data))
        if took > LIMIT and min(timed(data, game, draw) for _ in range(RETRIES)) > LIMIT:
            slow.append(f"input {i}: over {LIMIT * 1000:.0f} ms every time: {data[:200]!r}")
    spent = [t for t, _, _ in times]
    print(f"{args.inputs} inputs, seed {args.seed}: median {statistics.median(spent) * 1000:.2f} ms, ", end="")
    print(f"99th percentile {statistics.quantiles(spent, n=100)[98] * 1000:.2f} ms, total {sum(spent):.1f} s")
    print("slowest:")
    for took, i, data in sorted(times, reverse=True)[:5]:
        print(f"  {took * 1000:7.1f} ms  input {i}: {data[:80]!r}")
    print("\n".join(slow) or f"no input over {LIMIT * 1000:.0f} ms")
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main())
