"""Benchmark the static table page (``paris-score site``) in headless Chromium: the figures of docs/performance.md.

Run it from a checkout, after ``npm ci``::

    python benchmarks/table_page.py            # cold start, warm start (5), tap to score over the rulebook example
    python benchmarks/table_page.py --served   # also tap to score with `paris-score serve`, for comparison
    python benchmarks/table_page.py --site DIR --warm 9 --no-taps   # the starts of a folder built before
    python benchmarks/table_page.py --lang pl   # the page in Polish (the browser's language)

- **cold start**: a browser with an empty profile opens the rulebook example's share link; the time until the
  page shows 48 and 57 (Pyodide downloaded, started, the wheels unpacked, the position scored).
- **warm start**: the same browser opens the link again (a second visit: every file from the service worker's
  cache, the referee restored from the snapshot the first visit kept, or started anew when a site has none); the
  median of five (``--warm N``).  The visits begin once the offline copy and the snapshot are kept, as a player's
  next visit would.
- **tap to score**: the rulebook example entered on an empty board by taps and drags (as tests/test_serve_browser.py
  enters it); for each press on the board, the time from the finger lifted to the page no longer waiting for the
  referee (the totals updated), median and 95th percentile.  The page asks at once (sites built before asked after
  a 120 ms wait for the entry to settle).
- **stages**: for each start, how long each stage in the worker took (static/worker.js times them and hands them
  to the page): the page's start to the worker's, site.json, looking for a snapshot, loadPyodide, unpacking the
  wheels, importing, the first answer, then (after it, on a first visit) the warm-up, the snapshot and keeping it.

The site is served by the standard library's static file server on 127.0.0.1.  Nothing here is a test: timings
are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "cli")]

from click.testing import CliRunner  # noqa: E402

import paris_score  # noqa: E402
from paris_score_cli.app import cli  # noqa: E402
from tests.test_serve_browser import Page, enter  # noqa: E402
from tests.test_site_browser import StaticServer, chromium, engine_ready, share_link  # noqa: E402

TIMEOUT = 120.0
RECORD_TAPS = """
window.tapTimes = [];
window.callTimes = [];
if (typeof engine !== 'undefined') {
  const call = engine.post;
  engine.post = async (path, body) => {
    const start = performance.now();
    try { return await call(path, body); } finally { window.callTimes.push(performance.now() - start); }
  };
}
let lifted = null;
document.getElementById('overlay').addEventListener('pointerup', () => { lifted = performance.now(); }, true);
new MutationObserver(() => {
  if (lifted !== null && !document.body.classList.contains('busy')) {
    window.tapTimes.push(performance.now() - lifted);
    lifted = null;
  }
}).observe(document.body, {attributes: true, attributeFilter: ['class']});
"""


SNAPSHOT_KEPT = 'return caches.open("referee-snapshots").then((c) => c.keys()).then((keys) => keys.length > 0);'
HOW = "return document.documentElement.dataset.engineStart || 'anew'"
TIMES = "return document.documentElement.dataset.engineTimes || null"


def stages(driver: Any, last: str) -> dict[str, float]:
    """The worker's stages of the start just made, in ms (static/worker.js), once ``last`` is timed too; none from a
    site that does not time them (built before): the page has them with the referee ready, the score shown."""
    deadline = time.perf_counter() + 10
    while True:
        told: dict[str, float] = json.loads(driver.execute_script(TIMES) or "{}")
        if not told or last in told or time.perf_counter() > deadline:
            return told
        time.sleep(0.05)


def said(times: dict[str, float]) -> str:
    return ", ".join(f"{stage} {ms:.0f}" for stage, ms in times.items()) + " ms" if times else "not timed (older site)"


def time_to_totals(driver: Any, url: str) -> float:
    """Seconds from opening ``url`` (the rulebook's share link) to the page showing 48 and 57."""
    driver.get("about:blank")
    start = time.perf_counter()
    driver.get(url)
    totals = "return ['orange', 'blue'].map((p) => document.getElementById('total-' + p).textContent)"
    while driver.execute_script(totals) != ["48", "57"]:
        if time.perf_counter() - start > TIMEOUT:
            raise SystemExit(f"no score after {TIMEOUT:.0f} s: {driver.find_element('id', 'winner').text}")
        time.sleep(0.01)
    return time.perf_counter() - start


class OnePressAtATime(Page):
    """The entry of the browser test, each press on the board made once the page has answered the one before."""

    def stroke(self, path: list[Any]) -> None:
        self.settle()
        super().stroke(path)


def tap_to_score(driver: Any, url: str) -> list[float]:
    """Milliseconds from each press on the board to the updated score, entering the rulebook example."""
    page = OnePressAtATime(driver, url)
    page.size("entry")
    page.open()
    driver.execute_script("localStorage.clear()")
    page.open()
    if driver.execute_script("return document.documentElement.dataset.engine"):
        engine_ready(page)
    page.settle()
    driver.execute_script(RECORD_TAPS)
    enter(page, paris_score.rulebook_example())
    page.wait_for(lambda: page.totals()[:2] == ("48", "57"), "not scored")  # the winner in the page's language
    times = driver.execute_script("return [window.tapTimes, window.callTimes]")
    if times[1]:
        calls, half = times[1], len(times[1]) // 2
        first, second = statistics.median(calls[:half]), statistics.median(calls[half:])
        print(
            f"  one call to the referee in the browser (1 a change): median {statistics.median(calls):.1f} ms over "
            f"{len(calls)} (the first half's {first:.1f}, the second's {second:.1f})"
        )
    return [float(t) for t in times[0]]


def summary(name: str, times: list[float]) -> None:
    times = sorted(times)
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    print(f"{name}: median {statistics.median(times):.0f} ms, p95 {p95:.0f} ms over {len(times)} presses")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--served", action="store_true", help="also time tap to score with paris-score serve")
    parser.add_argument("--site", type=Path, help="a folder `paris-score site` wrote (default: build one now)")
    parser.add_argument("--warm", type=int, default=5, help="how many warm starts (default 5)")
    parser.add_argument("--no-taps", dest="taps", action="store_false", help="time the starts only")
    parser.add_argument("--lang", default="en-US", help="the browser's languages (default en-US; pl, cs, ...)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.site or Path(tmp) / "site"
        if args.site is None:
            result = CliRunner().invoke(cli, ["site", str(folder)])
            if result.exit_code:
                raise SystemExit(result.output)
        server = StaticServer(folder)
        driver = chromium(Path(tmp) / "profile", phone=False)  # a desktop window: the entry drags with a mouse
        agent = driver.execute_script("return navigator.userAgent")
        driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": args.lang})
        try:
            link = share_link(server.url, (ROOT / "examples" / "rulebook.json").read_bytes())
            print(f"load average {os.getloadavg()[0]:.1f}")
            cold = time_to_totals(driver, link)
            print(f"cold start (empty cache, open to first score): {cold:.2f} s")
            page = Page(driver, server.url)
            page.wait_for(lambda: driver.execute_script("return navigator.serviceWorker.controller !== null"))
            try:
                page.wait_for(lambda: driver.execute_script(SNAPSHOT_KEPT))
            except Exception:
                print("  no snapshot kept (a site built before the snapshots): every warm start starts anew")
            print(f"  its stages: {said(stages(driver, 'snapshot kept'))}")
            warm, how, warm_stages = [], set(), []
            for _ in range(args.warm):
                warm.append(time_to_totals(driver, link))
                how.add(driver.execute_script(HOW))
                warm_stages.append(stages(driver, "first answer"))
            shown = ", ".join(f"{t:.2f}" for t in warm)
            print(
                f"warm start (second visit, from the cache, {'/'.join(sorted(how))}): median "
                f"{statistics.median(warm):.2f} s of {shown}"
            )
            medians = {k: statistics.median(t.get(k, 0) for t in warm_stages) for k in warm_stages[-1]}
            print(f"  its stages, medians: {said(medians)}")
            print(f"load average {os.getloadavg()[0]:.1f}")
            if args.taps:
                summary("tap to score, static page", tap_to_score(driver, server.url))
            if args.served:
                from paris_score_cli.serve import start

                served, _ = start(port=0)
                try:
                    summary("tap to score, paris-score serve", tap_to_score(driver, served.url))
                finally:
                    served.shutdown()
                    served.server_close()
        finally:
            driver.quit()
            server.stop()


if __name__ == "__main__":
    main()
