"""Benchmark the worst inputs we know: each answer's time, size and memory (docs/robustness.md bounds them).

Run it from a checkout (no install needed)::

    python benchmarks/worst.py
    python benchmarks/worst.py --mutations 200     # also time that many mutations of them

For each input of :func:`tests.fuzzing.worst_cases` (and, with
``--mutations``, mutations of them) and of :func:`tests.fuzzing.worst_refused`
(inputs no reader accepts, whose answer is the refusal) it does what ``serve``
and the commands do with a position: the ``paris-check/1`` document (``check --format json``,
``POST /api/check``), the score or the refusal (``score``, ``POST /api/score``)
and the picture with every overlay (``render``, ``POST /api/render``); a game
record is replayed (``replay``).  Each answer starts from the input's bytes, as
a request does, and is timed in processor time (the best of
three runs), with the size of what it writes and the peak memory it allocates
(tracemalloc).  The slowest come first.  Nothing here is a test: it prints, and
exits 1 when an answer takes over 1 s, writes over 1 MB or allocates over 16 MB.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

import paris_score  # noqa: E402
from paris_score import ParisScoreError, annotate  # noqa: E402
from paris_score.check_report import problems_document  # noqa: E402
from paris_score.game.records import loads_game  # noqa: E402
from tests.fuzzing import mutate, worst_cases, worst_refused  # noqa: E402

SECONDS = 1.0
BYTES = 1_000_000
"""Characters an answer may write."""
MEMORY = 16_000_000
"""Bytes an answer may allocate at its peak (four at once on a server stay far below 100 MB)."""
RUNS = 3


def answers(data: bytes) -> dict[str, Callable[[], str]]:
    """What each command (and request) writes for ``data``, by name, each a function to time from the input's bytes
    (reading included, as a request does)."""
    try:
        loads_game(data)
    except ParisScoreError:
        pass
    else:
        return {"replay": lambda: json.dumps(paris_score.replay(loads_game(data)).to_dict(), indent=2)}
    try:
        paris_score.loads(data)
    except ParisScoreError:
        return {"read": lambda: refused(data)}

    def score() -> str:
        position = paris_score.loads(data)
        problems = paris_score.check(position)
        try:
            return json.dumps(paris_score.score(position).to_dict(), indent=2)
        except ParisScoreError:
            return json.dumps(problems_document(problems), indent=2)

    return {
        "check": lambda: json.dumps(paris_score.check_document(paris_score.loads(data)), indent=2),
        "score": score,
        "render": lambda: annotate.board(paris_score.loads(data), overlays=annotate.OVERLAYS),
    }


def refused(data: bytes) -> str:
    """The messages of an input that does not read (what every command prints for it)."""
    try:
        paris_score.loads(data)
    except ParisScoreError as e:
        return str(e)
    return ""


def measure(answer: Callable[[], str]) -> tuple[float, int, int]:
    """Seconds (the best of :data:`RUNS`), characters written, peak bytes allocated."""
    best = float("inf")
    for _ in range(RUNS):
        start = time.process_time()
        answer()
        best = min(best, time.process_time() - start)
    tracemalloc.start()
    size = len(answer())
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return best, size, peak


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--mutations", type=int, default=0, help="also time this many mutations of them")
    parser.add_argument("--seed", type=int, default=19)
    args = parser.parse_args()
    inputs = dict(worst_cases())
    rng = random.Random(args.seed)
    cases = list(inputs.values())
    for i in range(args.mutations):
        inputs[f"mutation {i} (seed {args.seed})"] = mutate(rng, rng.choice(cases), rng.choice(cases))
    inputs.update(worst_refused())
    rows = []
    for name, data in inputs.items():
        for what, answer in answers(data).items():
            rows.append((*measure(answer), what, name))
    over = [r for r in rows if r[0] > SECONDS or r[1] > BYTES or r[2] > MEMORY]
    print(f"{len(inputs)} inputs, {len(rows)} answers; the slowest:")
    print(f"{'time':>9} {'output':>10} {'memory':>10}  answer  input")
    for took, size, peak, what, name in sorted(rows, reverse=True)[:12]:
        print(f"{took * 1000:6.1f} ms {size:>10,} {peak:>10,}  {what:<7} {name}")
    for took, size, peak, what, name in over:
        print(f"OVER A BOUND: {what} of {name}: {took:.2f} s, {size:,} characters, {peak:,} bytes allocated")
    print(
        "every answer within 1 s, 1 MB written and 16 MB allocated" if not over else f"{len(over)} answers over a bound"
    )
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
