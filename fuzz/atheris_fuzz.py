"""Coverage-guided fuzzing of paris-score with atheris (libFuzzer): the long run of docs/robustness.md.

::

    pip install atheris
    mkdir -p /tmp/paris-corpus
    python fuzz/atheris_fuzz.py /tmp/paris-corpus examples examples/games -dict=fuzz/paris.dict -max_total_time=3600

libFuzzer reads the seeds in ``examples/`` (positions) and ``examples/games/``
(game records) and writes the inputs it finds interesting to the first
directory.  Each input goes through the same oracles as tests/test_fuzz.py,
as a position (:func:`tests.fuzzing.exercise`) and as a game record, replayed
move by move (:func:`tests.fuzzing.exercise_game`): only the library's own
errors may come out, what reads must check, score and write back, and an
input slower than 100 ms on every one of four runs is a failure too.  A
failing input is saved as ``crash-<sha1>``; replay it with
``python fuzz/atheris_fuzz.py crash-<sha1>``.  Half the mutations are
libFuzzer's own, half the structure-aware ones of tests/fuzzing.py.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "cli")]

from tests.fuzzing import exercise, exercise_game, game_seeds, mutate, seeds  # noqa: E402 - after the path is set

LIMIT = 0.100
RETRIES = 3


def test_one_input(data: bytes) -> None:
    """The oracles (a position, a game record), and the 100 ms bound for an input that is slow every time."""

    def both() -> None:
        exercise(data)
        exercise_game(data)

    start = time.perf_counter()
    both()
    if time.perf_counter() - start > LIMIT:
        best = LIMIT + 1
        for _ in range(RETRIES):
            start = time.perf_counter()
            both()
            best = min(best, time.perf_counter() - start)
        if best > LIMIT:
            raise AssertionError(f"{best * 1000:.0f} ms on every run (limit {LIMIT * 1000:.0f} ms)")


def custom_mutator(data: bytes, max_size: int, seed: int) -> bytes:
    """Half libFuzzer's byte mutations, half the structure-aware ones (keys, types, lines, tokens)."""
    import atheris

    rng = random.Random(seed)
    if rng.random() < 0.5:
        return bytes(atheris.Mutate(data, max_size))
    return mutate(rng, data, rng.choice((*seeds(), *game_seeds())))[:max_size]


def main() -> None:
    import atheris

    atheris.instrument_all()
    atheris.Setup(sys.argv, test_one_input, custom_mutator=custom_mutator)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
