"""Benchmark what the table page asks the server for after each change: one request, or the four it used to send.

Run it from a checkout (no install needed)::

    python benchmarks/table_requests.py             # the rulebook example, 200 changes each way
    python benchmarks/table_requests.py --changes 50

Each "change" is what the server does for the rulebook example as the page
sends it: read the body and answer ``POST /api/table`` once, or read it and
answer each of the four requests of before (``/api/check``,
``/api/score?no-check`` in JSON and in text, ``/api/render``). The API
functions are called directly, so that the client's sockets (Nagle's
algorithm and delayed acknowledgements add some 40 ms a request with
:mod:`http.client`) do not drown the work. Prints the median and 95th
percentile milliseconds a change, never asserts.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "cli")]

ONE = (("/api/table", {}),)
FOUR = (
    ("/api/check", {}),
    ("/api/score", {"no-check": [""]}),
    ("/api/score", {"no-check": [""], "format": ["text"]}),
    ("/api/render", {}),
)


def change(requests: tuple[tuple[str, dict[str, list[str]]], ...], body: bytes) -> float:
    """Milliseconds to answer each request for ``body``, the body read each time, as the server does."""
    from paris_score.page import API

    start = time.perf_counter()
    for path, query in requests:
        API[path](body, query)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=200)
    args = parser.parse_args()
    body = (ROOT / "examples" / "rulebook.json").read_bytes()
    for name, requests in (("one request (/api/table)", ONE), ("four requests (before)", FOUR)):
        for _ in range(10):  # warm up
            change(requests, body)
        times = sorted(change(requests, body) for _ in range(args.changes))
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"{name:28} median {statistics.median(times):6.2f} ms   95th percentile {p95:6.2f} ms a change")


if __name__ == "__main__":
    main()
