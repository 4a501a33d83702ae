"""Benchmark a whole archive pipeline: read each file, referee it, score it.

Run it from a checkout (no install needed)::

    python benchmarks/pipeline.py                  # 2,000 games, 1 ... cpu_count worker processes
    python benchmarks/pipeline.py --games 500 --rounds 1
    python benchmarks/pipeline.py --root ../old    # the same pipeline on another checkout (before/after)

The archive is written to a temporary folder: finished random legal games
(:func:`paris_score.game.generate.corpus`), one ``paris-position/1`` JSON file
each.  A job is a chunk of file paths; it reads each file, runs
``check(position, final=True)`` and scores the legal ones, and sends back
only the totals and the winner (docs/performance.md, "Using every core").
With the batch calls (``load_many``, ``check_many``, ``score_many``) when
the library has them, one call a file otherwise, so that an older checkout
(``--root``) runs the same work.  Besides the wall-clock rate, each line
gives the files done per second of processor time the jobs used, which a
busy machine disturbs much less.  Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

Result = tuple[str, int, int, str]
"""A file, orange's total, blue's total, the winner (or ``"-"`` for a file that fails)."""


def _errors_filter() -> Callable[[Sequence[Any]], list[Any]]:
    """``referee.only_errors``, or ``referee.errors`` on an older checkout (``--root``)."""
    from paris_score import referee

    found: Callable[[Sequence[Any]], list[Any]] = getattr(referee, "only_errors", None) or referee.errors
    return found


def pipeline_batch(paths: Sequence[str]) -> list[Result]:
    """A worker's job with the batch calls: every file read, refereed and scored, none lost to another."""
    import paris_score

    errors = _errors_filter()

    positions = paris_score.load_many(paths, errors="collect")
    readable = [(path, p) for path, p in zip(paths, positions, strict=True) if isinstance(p, paris_score.Position)]
    verdicts = paris_score.check_many([p for _, p in readable], final=True)
    legal = [(path, p) for (path, p), problems in zip(readable, verdicts, strict=True) if not errors(problems)]
    reports = paris_score.score_many([p for _, p in legal])
    scored = {path: (r.orange.total, r.blue.total, str(r.winner)) for (path, _), r in zip(legal, reports, strict=True)}
    return [(path, *scored.get(path, (0, 0, "-"))) for path in paths]


def pipeline_calls(paths: Sequence[str]) -> list[Result]:
    """A worker's job with one call a file (what an older checkout offers)."""
    import paris_score

    errors = _errors_filter()

    out: list[Result] = []
    for path in paths:
        try:
            position = paris_score.load(path)
        except (OSError, paris_score.ParisScoreError):
            out.append((path, 0, 0, "-"))
            continue
        if errors(paris_score.check(position, final=True)):
            out.append((path, 0, 0, "-"))
            continue
        r = paris_score.score(position)
        out.append((path, r.orange.total, r.blue.total, str(r.winner)))
    return out


def job(paths: Sequence[str]) -> tuple[list[Result], float]:
    """One chunk in a worker: its results, and the processor time it took."""
    import paris_score

    start = time.process_time()
    results = (pipeline_batch if hasattr(paris_score, "load_many") else pipeline_calls)(paths)
    return results, time.process_time() - start


def write_archive(folder: Path, games: int, seed: int) -> list[str]:
    import paris_score
    from paris_score.game.generate import corpus

    paths = []
    for i, position in enumerate(corpus(games, seed)):
        path = folder / f"game-{i:05}.json"
        path.write_text(paris_score.dumps(position), encoding="utf-8")
        paths.append(str(path))
    return paths


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Time read + check + score over an archive of JSON positions.")
    parser.add_argument("--games", type=int, default=2000, help="files in the archive (default 2000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=3, help="times each measurement is repeated (best kept)")
    parser.add_argument("--chunk", type=int, default=250, help="files per job (default 250)")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent, help="checkout to time")
    args = parser.parse_args(argv)
    sys.path[:0] = [str(args.root)]
    os.environ["PYTHONPATH"] = os.pathsep.join([str(args.root), os.environ.get("PYTHONPATH", "")])
    import paris_score

    print(f"library: {Path(paris_score.__file__).parent} (batch calls: {hasattr(paris_score, 'load_many')})")
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        paths = write_archive(Path(tmp), args.games, args.seed)
        chunks = [paths[i : i + args.chunk] for i in range(0, len(paths), args.chunk)]
        best = per_cpu = 0.0
        for _ in range(args.rounds):
            start = time.perf_counter()
            done = [job(chunk) for chunk in chunks]
            results = [r for found, _ in done for r in found]
            best = max(best, len(results) / (time.perf_counter() - start))
            per_cpu = max(per_cpu, len(results) / sum(cpu for _, cpu in done))
        failed = sum(r[3] == "-" for r in results)
        print(f"{len(paths):,} files, {failed} failing; chunks of {args.chunk}")
        print(f"  one process, no pool: {best:,.0f} files/s; {per_cpu:,.0f} files per processor-second")
        for workers in range(1, (os.cpu_count() or 1) + 1):
            with ProcessPoolExecutor(max_workers=workers) as pool:
                list(pool.map(job, chunks[:workers]))  # start the workers, warm their caches
                best = per_cpu = 0.0
                for _ in range(args.rounds):
                    start = time.perf_counter()
                    done = list(pool.map(job, chunks))
                    count = sum(len(found) for found, _ in done)
                    best = max(best, count / (time.perf_counter() - start))
                    per_cpu = max(per_cpu, count / sum(cpu for _, cpu in done))
            print(
                f"  {workers} worker process{'es' * (workers != 1)}: {best:,.0f} files/s; "
                f"{per_cpu:,.0f} files per processor-second"
            )


if __name__ == "__main__":
    main()
