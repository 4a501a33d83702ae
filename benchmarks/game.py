"""Benchmark whole games: the figures of docs/performance.md's "Games" table, on this machine.

Run it from a checkout (no install needed)::

    python benchmarks/game.py              # 200 games
    python benchmarks/game.py --games 50   # quicker

The corpus: random games from :func:`paris_score.game.generate.random_setup` (fictional
setups) in which every move is drawn uniformly from ``legal_moves()``, about 40
moves each.  Per-call figures are the median over the corpus of the best of a few
timed calls on the same state or record (the garbage collector off while timing,
as ``timeit`` does).  Every figure is processor time (``time.process_time``), not
wall-clock time: on a shared machine the time the process waits for a core is not
counted, though a busy machine still slows it (shared caches).  The replay is also timed the first time each record is
seen (the engine keeps the tables of the last 16 pools), and against
``benchmarks/naive_referee.py``, a referee written with sets and dicts, which
must agree with the engine on every game: the two are timed in turn, round by
round, and compared by their totals over the corpus (:func:`interleaved`).  Throughput plays whole random games
from setup to score on one core for a few seconds.  Nothing here is a test:
timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import naive_referee  # noqa: E402

import paris_score  # noqa: E402
from paris_score.game import GameState  # noqa: E402
from paris_score.game.generate import random_setup  # noqa: E402
from paris_score.game.moves import Move  # noqa: E402
from paris_score.game.records import GameRecord, game_to_dict  # noqa: E402

TARGETS = {
    "play": "<= 15 us",
    "legal_moves": "<= 100 us",
    "outcome": "<= 8 us",
    "replay": "<= 400 us",
    "naive": ">= 10x replay",
    "games": ">= 200 /s",
}


def random_game(seed: int) -> tuple[list[GameState], list[Move]]:
    """Every state of a uniformly random game from the seed's setup, and the moves between them."""
    rng = random.Random(seed)
    states, moves = [GameState.start(random_setup(seed))], []
    while not states[-1].is_over:
        move = rng.choice(states[-1].legal_moves())
        moves.append(move)
        states.append(states[-1].play(move))
    return states, moves


def best(call: Callable[[], object], repeat: int, number: int) -> float:
    """The best time of one call, in seconds, over ``repeat`` loops of ``number`` calls."""
    gc.disable()
    try:
        times = []
        for _ in range(repeat):
            start = time.process_time()
            for _ in range(number):
                call()
            times.append((time.process_time() - start) / number)
        return min(times)
    finally:
        gc.enable()


def interleaved(
    first: list[Callable[[], object]], second: list[Callable[[], object]], rounds: int
) -> tuple[list[float], list[float]]:
    """For each input, the best time of one call of ``first[i]`` and of ``second[i]``, in seconds, over ``rounds``
    rounds; each round times every input of one, then every input of the other, the two in turn (which goes first
    alternates from round to round).

    Timed apart, minutes apart, two figures meet different loads on a shared machine (the naive referee's own
    time moved by half from one run to the next); timed in turn, a slower spell slows both, and the best of many
    rounds is the figure least disturbed by other work (as ``timeit`` advises: the minimum, not the mean).  A
    round goes over a whole corpus with one of them, so that neither is timed just after the other has filled the
    processor's caches with its own data.  Each timing loops over a call for about a millisecond."""
    best_times = ([float("inf")] * len(first), [float("inf")] * len(second))
    loops = [[max(1, round(1e-3 / once(call))) for call in calls] for calls in (first, second)]
    gc.disable()
    try:
        for k in range(rounds):
            for side in (0, 1) if k % 2 == 0 else (1, 0):
                calls, times, counts = (first, second)[side], best_times[side], loops[side]
                for i, call in enumerate(calls):
                    n = counts[i]
                    start = time.process_time()
                    for _ in range(n):
                        call()
                    times[i] = min(times[i], (time.process_time() - start) / n)
    finally:
        gc.enable()
    return best_times


def once(call: Callable[[], object]) -> float:
    start = time.process_time()
    call()
    return time.process_time() - start


def us(seconds: float) -> str:
    return f"{seconds * 1e6:,.1f} us"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games in the corpus (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--seconds", type=float, default=5.0, help="how long to play games for the throughput")
    parser.add_argument(
        "--rounds", type=int, default=10, help="rounds of replay and naive referee timed in turn (default 10)"
    )
    args = parser.parse_args()
    repeat = 5

    games = [random_game(args.seed + i) for i in range(args.games)]
    lengths = [len(moves) for _, moves in games]
    print(f"corpus: {args.games} random games, {statistics.mean(lengths):.1f} moves on average ", end="")
    print(f"({min(lengths)} to {max(lengths)}), seeds {args.seed}..{args.seed + args.games - 1}")

    steps = [(s, m) for states, moves in games for s, m in zip(states, moves, strict=False)]  # the last state: none
    plays = [best(lambda s=s, m=m: s.play(m), repeat, 20) for s, m in steps]
    phase2 = [s for states, _ in games for s in states if s.phase == 2 and not s.is_over]
    legal = [best(s.legal_moves, repeat, 5) for s in phase2]
    outcomes = [best(states[-1].outcome, repeat, 20) for states, _ in games]

    records = []
    for states, moves in games:
        outcome = states[-1].outcome()
        records.append(
            game_to_dict(GameRecord(states[0].setup, [str(m) for m in moves], (outcome.orange, outcome.blue)))
        )
    cold = [once(lambda r=r: paris_score.replay(r)) for r in records]
    texts = [json.dumps(r) for r in records]
    from_text = [best(lambda t=t: paris_score.replay(t), repeat, 3) for t in texts]
    for record in records:
        played, over = naive_referee.replay(record)
        assert (played, over) == (len(record["moves"]), True), f"the naive referee disagrees: {played}, {over}"
        assert paris_score.replay(record).result_agrees
    warm, naive = interleaved(
        [lambda r=r: paris_score.replay(r) for r in records],
        [lambda r=r: naive_referee.replay(r) for r in records],
        args.rounds,
    )

    def median(values: list[float]) -> float:
        return statistics.median(values)

    rows: list[tuple[str, str, str]] = [
        ("play() of one move", TARGETS["play"], us(median(plays))),
        ("legal_moves() in phase 2", TARGETS["legal_moves"], us(median(legal))),
        ("outcome() of a finished game", TARGETS["outcome"], us(median(outcomes))),
        ("replay() of a whole record (decoded JSON)", TARGETS["replay"], us(median(warm))),
        ("  the same, each record's first replay", "-", us(median(cold))),
        ("  the same, from the JSON text", "-", us(median(from_text))),
        (
            "naive referee (sets and dicts), a whole record",
            TARGETS["naive"],
            f"{us(median(naive))} (x{sum(naive) / sum(warm):.1f} replay's time)",
        ),
        (
            "  naive referee / replay, record by record",
            "-",
            " / ".join(f"{q:.1f}" for q in statistics.quantiles([n / w for n, w in zip(naive, warm, strict=True)], n=4))
            + " (quartiles)",
        ),
    ]

    count, start = 0, time.process_time()
    rng = random.Random(args.seed)
    while time.process_time() - start < args.seconds:
        state = GameState.start(random_setup(rng.randrange(2**32)))
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
        paris_score.score(state.position())
        count += 1
    rows.append(
        ("random games, setup to score, one core", TARGETS["games"], f"{count / (time.process_time() - start):,.0f} /s")
    )

    width = max(len(r[0]) for r in rows)
    print(f"{'operation':<{width}}  {'target':<14}  measured")
    for name, target, value in rows:
        print(f"{name:<{width}}  {target:<14}  {value}")
    print(
        f"(play: {len(plays)} moves; legal_moves: {len(phase2)} phase-2 states; outcome, replay: {len(records)} games)"
    )


if __name__ == "__main__":
    main()
