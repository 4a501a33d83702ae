"""Count the presses and scrolls of entering finished games on the table page, on a 390 x 844 touch phone: the
figures of docs/table.md ("Entering a game").

Run it from a checkout::

    python benchmarks/table_entry.py                      # the photo game (seed 0) and seeds 1-9, as a photo shows them
    python benchmarks/table_entry.py --seeds 0 --plan full   # every cobblestone painted, postcards in play then used
    python benchmarks/table_entry.py --url http://127.0.0.1:8801/ --plan full   # a page served by another checkout

Each game is a random one the engine played to its end (paris_score.generate.random_game, its seed). ``photo``
enters it as tests/test_table_entry.py does (what a photo of the board shows: the buildings, then the cobblestones
by drags that cross what is entered, pieces, postcards by who used them); ``full`` as tests/test_serve_browser.py
enters the rulebook example (every patch of cobblestones painted, then buildings, pieces, every postcard in play
then its user), the plan an older page needs (it drew no blue ground under a blue building). Every game must end
at the library's score. Nothing here is a test: the counts are printed, the test asserts the photo game's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "cli")]

import attrs  # noqa: E402

import paris_score  # noqa: E402
from paris_score.model import Position, Rules  # noqa: E402
from tests.test_serve_browser import Page, enter  # noqa: E402
from tests.test_site_browser import chromium  # noqa: E402
from tests.test_table_entry import choose_pattern, enter_from_photo, photo_game  # noqa: E402


def enter_full(page: Page, position: Position) -> None:
    """The rulebook example's plan (tests/test_serve_browser.py), with the pattern chosen when it is not the default."""
    enter(page, attrs.evolve(position, rules=Rules()))
    if position.rules != Rules():
        choose_pattern(page, str(position.rules.large_streetlight_pattern))


PLANS = {"photo": enter_from_photo, "full": enter_full}


def count(driver: Any, url: str, seed: int, plan: str) -> tuple[int, int]:
    """The presses and scrolls entering game ``seed`` takes, on an empty board with the browser's storage emptied."""
    page = Page(driver, url)
    page.fresh()
    page.phone()
    page.reload()
    position = photo_game(seed)
    report = paris_score.score(position)
    page.presses = page.scrolls = 0
    driver.execute_script("window.scrollTo(0, 0)")
    PLANS[plan](page, position)
    winner = "a tie" if report.winner == "tie" else f"{report.winner} wins"
    page.wait_for_totals((str(report.orange.total), str(report.blue.total), winner))
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    return page.presses, page.scrolls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=list(range(10)), help="the games (default 0-9)")
    parser.add_argument("--plan", choices=sorted(PLANS), default="photo", help="how the games are entered")
    parser.add_argument("--url", help="a page already served (default: this checkout's paris-score serve)")
    args = parser.parse_args()
    served = None
    if args.url is None:
        from paris_score_cli.serve import start

        served, _ = start(port=0)
    url = args.url or served.url
    with tempfile.TemporaryDirectory() as tmp:
        driver = chromium(Path(tmp) / "profile", phone=False)
        try:
            counts = []
            for seed in args.seeds:
                presses, scrolls = count(driver, url, seed, args.plan)
                report = paris_score.score(photo_game(seed))
                print(
                    f"seed {seed} ({report.orange.total} to {report.blue.total}): {presses} presses, {scrolls} scrolls"
                )
                counts.append((presses, scrolls))
            if len(counts) > 1:
                presses = [p for p, _ in counts]
                print(
                    f"{args.plan}: presses median {statistics.median(presses)}, {min(presses)} to {max(presses)}; "
                    f"scrolls {min(s for _, s in counts)} to {max(s for _, s in counts)}"
                )
        finally:
            driver.quit()
            if served is not None:
                served.shutdown()
                served.server_close()


if __name__ == "__main__":
    main()
