"""Coverage-guided fuzzing of paris-score with atheris (libFuzzer): the long run of docs/robustness.md.

::

    pip install atheris
    mkdir -p /tmp/paris-corpus
    python fuzz/atheris_fuzz.py /tmp/paris-corpus examples examples/games examples/paris2020 \
        -dict=fuzz/paris.dict -max_total_time=3600

libFuzzer reads the seeds in ``examples/`` (positions), ``examples/games/``
(game records) and ``examples/paris2020/`` (ends of games of *Paris* (2020))
and writes the inputs it finds interesting to the first directory.  Each
input goes through the same oracles as tests/test_fuzz.py, as a position
(:func:`tests.fuzzing.exercise`), as a game record, replayed move by move
(:func:`tests.fuzzing.exercise_game`), and as the end of a game of *Paris*
(2020) (:func:`tests.fuzzing.exercise_paris2020`): only the library's own
errors may come out, what reads must check, score and write back, what is
shown must hold no raw control character or lone surrogate, and an input
slower than 100 ms on every one of four runs is a failure too.  A
failing input is saved as ``crash-<sha1>``; replay it with
``python fuzz/atheris_fuzz.py crash-<sha1>``.  Half the mutations are
libFuzzer's own, half the structure-aware ones of tests/fuzzing.py, which put
lone surrogates and control characters into every string field
(:func:`tests.fuzzing.taint`) among the rest.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "cli")]

from tests.fuzzing import (  # noqa: E402 - after the path is set
    exercise,
    exercise_game,
    exercise_paris2020,
    game_seeds,
    mutate,
    paris2020_seeds,
    seeds,
)

LIMIT = 0.100
RETRIES = 3


def test_one_input(data: bytes) -> None:
    """The oracles (a position, a game record, a Paris (2020) end of game), and the 100 ms bound for an input that
    is slow every time."""

    def both() -> None:
        exercise(data)
        exercise_game(data)
        exercise_paris2020(data)

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
    return mutate(rng, data, rng.choice((*seeds(), *game_seeds(), *paris2020_seeds())))[:max_size]


def main() -> None:
    import atheris

    atheris.instrument_all()
    atheris.Setup(sys.argv, test_one_input, custom_mutator=custom_mutator)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
