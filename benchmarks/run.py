"""Benchmark paris-score: every figure of docs/performance.md, on this machine.

Run it from a checkout (no install needed)::

    python benchmarks/run.py              # the whole table
    python benchmarks/run.py --quick      # a smaller corpus, fewer repeats (a minute less)
    python benchmarks/run.py --parallel   # also: score_many over both cores (ProcessPoolExecutor)

The corpus is drawn by :func:`paris_score.game.generate.random_position` (the
generator the tests use) from a fixed seed: finished legal games (F4) in
which every postcard, every large streetlight preset and custom offset lists
occur.  Each per-call figure is the median over the corpus of the best of a
few timed loops on one position (the garbage collector off while timing, as
``timeit`` does); throughput is measured with it on.  Nothing here is a test:
timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "cli")]

import paris_score  # noqa: E402
from paris_score import Player, Position, check, dumps, legal_placements, loads, score  # noqa: E402
from paris_score.game.generate import corpus  # noqa: E402
from paris_score.model import PATTERN_NAMES  # noqa: E402
from paris_score.postcards import Postcard  # noqa: E402
from paris_score.shapes import Shape, fixed_polyominoes  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from sizes import deep_size  # noqa: E402

T = TypeVar("T")
TARGETS = {
    "score": "<= 20 us",
    "check": "<= 40 us",
    "check_final": "-",
    "loads": "<= 60 us",
    "legal_placements": "<= 200 us",
    "score_many": ">= 40,000 /s",
    "cli": "<= 150 ms",
}


def score_many(positions: Sequence[Position]) -> list[paris_score.Report]:
    """``paris_score.score_many``, or plain ``score`` on an older checkout (to compare before/after)."""
    fast = getattr(paris_score, "score_many", None)
    if fast is not None:
        return list(fast(positions))
    return [score(p) for p in positions]


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> str:
    cores = os.cpu_count()
    return (
        f"{cpu_model()}, {cores} core{'s' * (cores != 1)} ({platform.machine()}, {platform.system()}); "
        f"{platform.python_implementation()} {platform.python_version()}"
    )


def per_call(fn: Callable[[T], object], arg: T, number: int, repeat: int) -> float:
    """Seconds per call of ``fn(arg)``: the best of ``repeat`` loops of ``number`` calls."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn(arg)
        best = min(best, time.perf_counter() - start)
    return best / number


def median_over(fn: Callable[[T], object], args: Iterable[T], number: int, repeat: int) -> float:
    """The median over ``args`` of :func:`per_call` (garbage collection off, as timeit does)."""
    gc.disable()
    try:
        return statistics.median(per_call(fn, arg, number, repeat) for arg in args)
    finally:
        gc.enable()


def us(seconds: float) -> str:
    return f"{seconds * 1e6:,.1f} us"


def coverage(positions: Sequence[Position]) -> str:
    """What the corpus holds; refuses a corpus that misses a postcard or a pattern kind."""
    cards = {c for p in positions for c in p.postcards.in_play}
    patterns = [p.rules.large_streetlight_pattern for p in positions]
    presets = {p for p in patterns if isinstance(p, str)}
    custom = sum(not isinstance(p, str) for p in patterns)
    missing = [str(c) for c in Postcard if c not in cards] + [p for p in PATTERN_NAMES if p not in presets]
    if missing or not custom:
        raise SystemExit(f"the corpus misses {', '.join(missing) or 'custom offsets'}: use a larger --corpus")
    large = sum(p.pieces.large_streetlight is not None for p in positions)
    buildings = statistics.mean(len(p.buildings) for p in positions)
    return (
        f"{len(positions)} finished legal positions: all 12 postcards, all 4 presets, {custom} custom patterns, "
        f"{large} with the large streetlight on the board, {buildings:.1f} buildings on average"
    )


def placement_cases(positions: Sequence[Position], seed: int) -> list[tuple[Position, Player, Shape]]:
    """One random shape of a box size and one player for each finished board."""
    rng = random.Random(seed)
    return [(p, rng.choice(list(Player)), rng.choice(fixed_polyominoes(rng.choice((3, 4, 5, 6))))) for p in positions]


def cli_wall(runs: int, bytecode: bool) -> tuple[float, str]:
    """Median wall time of ``paris-score score FILE`` as a whole process (the rulebook example).

    ``bytecode``: with compiled modules cached as a pip install leaves them (a
    private ``PYTHONPYCACHEPREFIX``); without, every module is compiled at each
    start, as on a machine with ``PYTHONDONTWRITEBYTECODE=1`` and no cache.
    """
    tmp = Path(tempfile.mkdtemp())
    position = tmp / "rulebook.json"
    position.write_text(dumps(paris_score.rulebook_example()), encoding="utf-8")
    script = tmp / "paris-score"
    # What pip's console script does, with this checkout first on the path.
    script.write_text(
        f"#!{sys.executable}\nimport sys\nfrom paris_score_cli.app import main\nsys.exit(main())\n", encoding="utf-8"
    )
    script.chmod(0o755)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "cli")]))
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    command = [str(script), "score", str(position)]
    subprocess.run(command, env=env, check=True, capture_output=True)  # fills the bytecode cache
    hyperfine = shutil.which("hyperfine")
    if hyperfine:
        out = tmp / "hyperfine.json"
        subprocess.run(
            [hyperfine, "-N", "--warmup", "3", "--runs", str(runs), "--export-json", str(out), " ".join(command)],
            env=env,
            check=True,
            capture_output=True,
        )
        result = json.loads(out.read_text())["results"][0]
        return statistics.median(result["times"]), "hyperfine -N"
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times), "subprocess loop"


def import_time(module: str) -> float:
    """Seconds to import ``module`` in a fresh interpreter (median of 5)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "cli")]))
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    runs = [
        float(subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True).stdout)
        for _ in range(5)
    ]
    return statistics.median(runs)


def memory(positions: Sequence[Position]) -> list[str]:
    """The size of a Position, and what scoring allocates (tracemalloc)."""
    example = paris_score.rulebook_example()
    sizes = [deep_size(p) for p in positions]
    lines = [
        f"Position, the rulebook example: {deep_size(example):,} bytes deep "
        f"(sys.getsizeof of the Position object alone: {sys.getsizeof(example)} bytes)",
        f"Position, corpus: median {statistics.median(sizes):,.0f} bytes deep, largest {max(sizes):,}",
    ]
    score_many(positions)  # tables and bounded caches filled once, before measuring
    tracemalloc.start()
    peaks = []
    for p in positions:
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        report = score(p)
        peaks.append((tracemalloc.get_traced_memory()[1] - base, deep_size(report), len(p.buildings)))
        del report
    before = tracemalloc.get_traced_memory()[0]
    for _ in range(4):
        for p in positions:
            score(p)
    grown = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    peak = [size for size, _, _ in peaks]
    kept = [k for _, k, _ in peaks]
    by_count: dict[int, list[int]] = {}
    for size, _, n in peaks:
        by_count.setdefault(n, []).append(size)
    trend = ", ".join(f"{n}: {statistics.median(v):,.0f}" for n, v in sorted(by_count.items()))
    lines += [
        f"score(): peak allocation median {statistics.median(peak):,.0f} bytes, largest {max(peak):,} "
        f"(the report it returns: median {statistics.median(kept):,.0f} bytes)",
        f"score(): median peak allocation by number of buildings: {trend}",
        f"memory retained after {4 * len(positions):,} more score() calls: {grown:,} bytes",
    ]
    return lines


_SHARED: list[Position] = []
"""The corpus, inherited by forked worker processes: nothing to pickle but two numbers per job."""


def _score_range(bounds: tuple[int, int]) -> list[tuple[int, int, str]]:
    """A worker's job: score positions ``start:stop`` of the shared corpus, send back the totals and winners."""
    return [(r.orange.total, r.blue.total, r.winner) for r in score_many(_SHARED[bounds[0] : bounds[1]])]


def _score_texts(texts: Sequence[str]) -> list[tuple[int, int, str]]:
    """A worker's job for an archive: read each JSON text, score it, send back the totals and winners."""
    return [(r.orange.total, r.blue.total, r.winner) for r in score_many([loads(t) for t in texts])]


def _job(task: tuple[str, Any]) -> tuple[int, float]:
    """One job in a worker: how many positions it scored, and the processor time it took."""
    kind, part = task
    start = time.process_time()
    done = len(_score_range(part) if kind == "range" else _score_texts(part))
    return done, time.process_time() - start


def parallel(positions: Sequence[Position], chunk: int, rounds: int) -> list[str]:
    """Throughput over 1 ... cpu_count worker processes (ProcessPoolExecutor), for two kinds of job.

    Besides the wall-clock rate, each line gives the positions scored per second of
    processor time the workers used: it stays flat when the workers do not slow
    each other down, whatever else the machine is doing.
    """
    import multiprocessing

    _SHARED[:] = list(positions) * rounds
    texts = [dumps(p) for p in positions] * rounds
    jobs: list[tuple[str, list[tuple[str, Any]]]] = [
        (
            "positions in memory, inherited by forked workers; score_many over index ranges",
            [("range", (i, min(i + chunk, len(_SHARED)))) for i in range(0, len(_SHARED), chunk)],
        ),
        (
            "JSON texts (an archive) sent to the workers; loads + score_many",
            [("texts", texts[i : i + chunk]) for i in range(0, len(texts), chunk)],
        ),
    ]
    if "fork" not in multiprocessing.get_all_start_methods():
        jobs = jobs[1:]
    lines = []
    for title, tasks in jobs:
        lines.append(f"{title}:")
        start = time.perf_counter()
        count = sum(_job(task)[0] for task in tasks)
        lines.append(f"  in this process, no pool: {count / (time.perf_counter() - start):,.0f} positions/s")
        base = 0.0
        for workers in range(1, (os.cpu_count() or 1) + 1):
            context = multiprocessing.get_context("fork" if tasks[0][0] == "range" else None)
            with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
                list(pool.map(_job, tasks[:workers]))  # start the workers, fill their caches
                start = time.perf_counter()
                done = list(pool.map(_job, tasks))
                rate = sum(n for n, _ in done) / (time.perf_counter() - start)
            base = base or rate
            count = sum(n for n, _ in done)
            cpu = sum(t for _, t in done)
            lines.append(
                f"  {workers} worker{'s' * (workers != 1)}: {rate:,.0f} positions/s "
                f"(x{rate / base:.2f} of 1 worker); {count / cpu:,.0f} positions per processor-second "
                f"({count:,} positions in chunks of {chunk})"
            )
    _SHARED.clear()
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=int, default=1000, help="number of positions (default 1000)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the corpus (default 2024)")
    parser.add_argument("--quick", action="store_true", help="fewer repeats, for a quick look")
    parser.add_argument("--parallel", action="store_true", help="also measure 1 ... cpu_count worker processes")
    parser.add_argument("--no-cli", action="store_true", help="skip the command-line start-up figure")
    args = parser.parse_args(argv)
    repeat = 2 if args.quick else 5

    print(f"machine: {machine()}")
    start = time.perf_counter()
    positions = corpus(args.corpus, args.seed)
    print(f"corpus: {coverage(positions)} (generated in {time.perf_counter() - start:.1f} s)")
    example = paris_score.rulebook_example()
    texts = [dumps(p) for p in positions]
    cases = placement_cases(positions, args.seed)
    score_many(positions)  # warm every table and cache

    rows: list[tuple[str, str, str, str]] = []

    def row(key: str, label: str, corpus_value: str, example_value: str) -> None:
        rows.append((label, corpus_value, example_value, TARGETS[key]))
        print(f"  {label:<40} {corpus_value:>14} {example_value:>14}   target {TARGETS[key]}")

    print("\noperation                                  corpus median   rulebook ex.")
    n = 20 if args.quick else 50
    row("score", "score(position)", us(median_over(score, positions, n, repeat)), us(per_call(score, example, 500, 5)))
    row("check", "check(position)", us(median_over(check, positions, n, repeat)), us(per_call(check, example, 500, 5)))

    def final(p: Position) -> object:
        return check(p, final=True)

    row(
        "check_final",
        "check(position, final=True)",
        us(median_over(final, positions, 1, repeat)),
        us(per_call(final, example, 20, 5)),
    )
    row(
        "loads",
        "loads(JSON text)",
        us(median_over(loads, texts, n, repeat)),
        us(per_call(loads, dumps(example), 500, 5)),
    )

    def place(case: tuple[Position, Player, Shape]) -> object:
        return legal_placements(*case)

    row(
        "legal_placements",
        "legal_placements(position, player, shape)",
        us(median_over(place, cases, 5, repeat)),
        us(per_call(place, (example, Player.BLUE, ((0, 0), (1, 0), (0, 1))), 200, 5)),
    )
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        score_many(positions)
        rates.append(len(positions) / (time.perf_counter() - start))
    row("score_many", "score_many(positions), one core", f"{max(rates):,.0f} /s", "")
    if not args.no_cli:
        runs = 20 if args.quick else 40
        for bytecode, label in ((True, "bytecode cached"), (False, "no bytecode cache")):
            wall, how = cli_wall(runs, bytecode)
            row("cli", f"paris-score score FILE ({label})", f"{wall * 1e3:.1f} ms", how)
        print(
            f"    import paris_score: {import_time('paris_score') * 1e3:.1f} ms; "
            f"import paris_score_cli.app: {import_time('paris_score_cli.app') * 1e3:.1f} ms; "
            f"empty interpreter: {_empty_interpreter() * 1e3:.1f} ms"
        )

    print("\nmemory")
    for line in memory(positions):
        print(f"  {line}")

    if args.parallel:
        print("\nparallel: score_many in worker processes (concurrent.futures.ProcessPoolExecutor)")
        for line in parallel(positions, chunk=250, rounds=2 if args.quick else 10):
            print(f"  {line}")


def _empty_interpreter() -> float:
    times = []
    for _ in range(10):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


if __name__ == "__main__":
    main()
