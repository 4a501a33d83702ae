"""Benchmark ``paris-score serve``: a reply on a kept-alive connection against one on a new connection.

Run it from a checkout (no install needed)::

    python benchmarks/serve.py
    python benchmarks/serve.py --requests 500

A server is started on a free loopback port; the rulebook example is posted
to ``/api/check`` ``--requests`` times on one kept-alive connection, then as
many times on a new connection each, and the median and 90th percentile of
the wall-clock time per reply are printed for both (docs/robustness.md).  A
reply sent in two writes (headers, then body) waits for the client's delayed
acknowledgement on a kept-alive connection (Nagle's algorithm): tens of
milliseconds instead of one.  Nothing here is a test: it prints.
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "cli")]

from paris_score_cli.serve import start  # noqa: E402

BODY = (ROOT / "examples" / "rulebook.json").read_bytes()


def one(conn: http.client.HTTPConnection) -> float:
    start = time.perf_counter()
    conn.request("POST", "/api/check", BODY, {"Content-Type": "application/json"})
    response = conn.getresponse()
    response.read()
    assert response.status == 200, response.status
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--requests", type=int, default=200, help="replies timed each way (default 200)")
    args = parser.parse_args()
    server, _ = start(port=0)
    host, port = server.server_address[:2]
    try:
        kept = http.client.HTTPConnection(str(host), port, timeout=30)
        one(kept)  # the connection is open before timing starts
        alive = [one(kept) for _ in range(args.requests)]
        kept.close()
        fresh = []
        for _ in range(args.requests):
            conn = http.client.HTTPConnection(str(host), port, timeout=30)
            fresh.append(one(conn))
            conn.close()
    finally:
        server.shutdown()
        server.server_close()
    for name, times in (("kept-alive connection", alive), ("a new connection each", fresh)):
        median = statistics.median(times) * 1000
        p90 = statistics.quantiles(times, n=10)[8] * 1000
        print(f"{name:<22} median {median:6.2f} ms, 90th percentile {p90:6.2f} ms ({len(times)} replies)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
