"""The board editor page in a real browser: headless Chromium driven by Selenium (docs/table.md).

From an empty board, the rulebook example is entered by clicks and drags
only, planned from the position's own data (a drag a connected patch of
cobblestones, a drag a building); the page must then show 48, 57 and the
winner.  A reload keeps the entry; a pasted text grid scores the same;
screenshots at phone and desktop sizes show the right colours at spaces
picked from the position.  The screenshots in docs/table.md are checked the
same way (``PARIS_SCORE_SCREENSHOTS=write`` writes them anew).

Mandatory when ``CI`` is set, like tests/test_svg.py's browser test.
"""

from __future__ import annotations

import base64
import json
import math
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import paris_score
from paris_score import svg
from paris_score.model import GROUND_CODES, Position, Rules
from paris_score.postcards import STARRED
from paris_score.squares import Square, scan
from paris_score_cli.serve import TableServer
from tests.test_svg import hex_rgb, read_png, sample_points

ROOT = Path(__file__).resolve().parent.parent
DOCS_IMAGES = {name: ROOT / "docs" / "img" / f"table-{name}.png" for name in ("phone", "desktop")}
SIZES = {"phone": (390, 844), "desktop": (1280, 900), "entry": (1280, 1200)}
"""Screenshot sizes; the entry is made on a tall desktop window, where the board and its tools fit unscrolled."""
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
WAIT = 20.0
ENGLISH = ("--lang=en-US",)
"""The browser's language, whatever the machine's locale: the page speaks the browser's (docs/languages.md), and
these tests read its English; tests/test_page_language.py sets others."""


def _needs_chromium() -> None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing = "selenium is not installed (pip install -e '.[test]')"
    else:
        missing = "" if CHROMIUM and CHROMEDRIVER else "chromium and chromedriver are not installed"
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but {missing}: .ci/run installs them")
        pytest.skip(f"{missing} (Debian: apt-get install chromium chromium-driver); CI runs this")


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    _needs_chromium()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}",
        *ENGLISH,
    ):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": "en-US,en"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()


# -- driving the page --------------------------------------------------------------------------------------------


class Page:
    """The editor in the browser, and a count of the presses (a click, a tap or a drag is one)."""

    def __init__(self, driver: Any, url: str) -> None:
        self.driver = driver
        self.url = url
        self.presses = 0
        self.scrolls = 0
        self.touch = False  # strokes are a finger's (phone()), not a mouse's
        self.drag_paints = False
        self.tool_name: str | None = None
        self.board: Any = None
        self.scale = 1.0

    def size(self, name: str) -> None:
        """A viewport of exactly that size (the window alone may differ by the browser's frame)."""
        width, height = SIZES[name]
        self.driver.set_window_size(width, height)
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": name == "phone"},
        )

    def phone(self) -> None:
        """A 390 x 844 phone with a touch screen: strokes are touches, and presses scroll only when needed."""
        self.size("phone")
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        self.touch = True

    def open(self, url: str | None = None) -> None:
        self.driver.get(url or self.url)
        self.ready()

    def reload(self) -> None:
        self.driver.refresh()
        self.ready()

    def ready(self) -> None:
        """Wait for the page (just loaded) to draw its board."""
        self.wait_for(lambda: self.driver.execute_script("return document.querySelectorAll('#overlay .cell').length"))
        self.tool_name = self.find('#tools [aria-pressed="true"]').get_attribute("data-tool")
        self.drag_paints = self.find("#drag-paint").get_attribute("aria-pressed") == "true"  # a reload keeps it
        self.board = self.find("#overlay")
        self.scale = self.board.rect["width"] / svg.WIDTH

    def wait_for(self, condition: Any, message: str = "") -> Any:
        from selenium.webdriver.support.ui import WebDriverWait

        return WebDriverWait(self.driver, WAIT, poll_frequency=0.05).until(lambda _: condition(), message)

    def find(self, css: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, css)

    def press(self, css: str) -> None:
        self.click(self.find(css))

    def settle(self) -> None:
        """Wait until the page has answered the last change (the board's, or the Paris (2020) form's): an answer
        resizes the panels and the fields' error lines, so a tap aimed before it could land on what moved there."""
        self.wait_for(
            lambda: (
                not self.driver.execute_script(
                    "return document.body.classList.contains('busy') || document.body.dataset.p2020 === 'busy'"
                )
            )
        )

    def click(self, element: Any) -> None:
        self.settle()
        if self.touch:
            self.reach(element)
        else:
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        self.presses += 1

    def reach(self, element: Any) -> None:
        """On a phone: if ``element`` is not wholly in view, scrolls, as a reader makes them: a finger's swipe moves
        the page by a screen at most (the window under the sticky header), and the reader swipes as few times as
        brings the element into view, each time a whole screen (so that what follows shows too), but never past
        bringing it to the top (going down) or to the bottom (going up)."""
        missing, room, screen = self.driver.execute_script(
            "const r = arguments[0].getBoundingClientRect();"
            "const top = document.querySelector('header.top').getBoundingClientRect().bottom;"
            "if (r.bottom > innerHeight) return [r.bottom - innerHeight + 8, r.top - top - 8, innerHeight - top];"
            "if (r.top < top) return [r.top - top - 8, r.bottom - innerHeight + 8, innerHeight - top];"
            "return [0, 0, innerHeight - top];",
            element,
        )
        if missing:
            swipes = math.ceil(abs(missing) / screen)
            by = min(swipes * screen, room) if missing > 0 else max(-swipes * screen, room)
            self.driver.execute_script("window.scrollBy(0, arguments[0])", by)
            self.scrolls += swipes

    def tool(self, name: str) -> None:
        """Pick a tool below the board (on a desktop not scrolled: the board must stay where it is)."""
        if self.tool_name != name:
            self.settle()
            button = self.find(f'#tools [data-tool="{name}"]')
            if self.touch:
                self.reach(button)
            button.click()
            self.presses += 1
            self.tool_name = name

    def centre(self, sq: Square) -> tuple[float, float]:
        """Where space ``sq``'s centre is in the window now."""
        left, top, width = self.driver.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width];", self.board
        )
        x, y = svg.centre(sq)
        return left + x * width / svg.WIDTH, top + y * width / svg.WIDTH

    def touches(self, points: list[tuple[float, float]]) -> None:
        """One finger put down on the first point, moved through the others and lifted."""
        for kind, point in [("touchStart", points[0]), *(("touchMove", p) for p in points[1:])]:
            self.driver.execute_cdp_cmd(
                "Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": point[0], "y": point[1]}]}
            )
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def stroke(self, path: list[Square]) -> None:
        """One press on the board: a tap on one space, or a drag through the spaces of ``path`` in order."""
        from selenium.webdriver.common.action_chains import ActionChains

        if self.touch:
            self.settle()
            if len(path) > 1 and not self.drag_paints:  # a finger's drag scrolls unless Drag to paint is on
                self.press("#drag-paint")
                self.drag_paints = True
            self.reach(self.board)
            self.touches([self.centre(sq) for sq in path])
            self.presses += 1
            return

        def offset(sq: Square) -> tuple[int, int]:
            x, y = svg.centre(sq)
            return round((x - svg.WIDTH / 2) * self.scale), round((y - svg.WIDTH / 2) * self.scale)

        self.driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'})", self.board)  # no-op if in view
        actions = ActionChains(self.driver, duration=0)
        actions.move_to_element_with_offset(self.board, *offset(path[0])).click_and_hold()
        for sq in path[1:]:
            actions.move_to_element_with_offset(self.board, *offset(sq))
        actions.release().perform()
        self.presses += 1

    def text(self, css: str) -> str:
        return str(self.find(css).text)

    def totals(self) -> tuple[str, str, str]:
        return self.text("#total-orange"), self.text("#total-blue"), self.text("#winner")

    def wait_for_totals(self, expected: tuple[str, str, str]) -> None:
        self.wait_for(lambda: self.totals() == expected, f"expected {expected}")

    def stored(self) -> Position:
        return paris_score.loads(self.stored_json())

    def stored_json(self) -> str:
        return str(self.driver.execute_script("return localStorage.getItem('paris-score/position')"))

    def fresh(self) -> None:
        """The page loaded anew, on an empty board, with the browser's storage emptied."""
        self.size("desktop")
        self.open()
        self.driver.execute_script("localStorage.clear()")
        self.driver.get("about:blank")
        self.open()

    def paste(self, text: str) -> None:
        """Load a text grid or JSON as the Load button does with what was pasted (one press)."""
        self.driver.execute_script("document.getElementById('paste').value = arguments[0];", text)
        self.press("#load-paste")

    def screenshot(self, name: str) -> tuple[bytes, dict[str, float]]:
        self.driver.execute_script("window.scrollTo(0, 0)")
        self.driver.execute_script("document.activeElement && document.activeElement.blur()")
        board = self.driver.execute_script(
            "const r = document.getElementById('picture').getBoundingClientRect();"
            "return {x: r.left, y: r.top, width: r.width, height: r.height};"
        )
        return self.driver.get_screenshot_as_png(), board


def walk(cells: int, start: Square | None = None) -> list[Square]:
    """A path through every space of a connected set from ``start`` (its first space unless given), moving one space
    at a time (backtracking in the set)."""
    start = (cells & -cells).bit_length() - 1 if start is None else start
    path, seen = [start], {start}

    def visit(sq: Square) -> None:
        for step in (1, -1, 8, -8):
            nxt = sq + step
            if 0 <= nxt < 64 and (step in (8, -8) or nxt >> 3 == sq >> 3) and cells >> nxt & 1 and nxt not in seen:
                seen.add(nxt)
                path.append(nxt)
                visit(nxt)
                path.append(sq)

    visit(start)
    while len(path) > 1 and path[-1] in path[:-1]:  # no need to walk back at the end
        path.pop()
    return path


def components(cells: int) -> list[int]:
    """The 4-connected patches of a set of spaces."""
    found = []
    while cells:
        patch = frontier = cells & -cells
        while frontier:
            grow = 0
            for sq in scan(frontier):
                for step in (1, -1, 8, -8):
                    nxt = sq + step
                    if 0 <= nxt < 64 and (step in (8, -8) or nxt >> 3 == sq >> 3):
                        grow |= 1 << nxt
            frontier = grow & cells & ~patch
            patch |= frontier
        found.append(patch)
        cells &= ~patch
    return found


def enter(page: Page, position: Position) -> None:
    """Enter ``position`` on an empty board (all orange) with clicks and drags only: the cobblestones and the Chartier
    space (which keeps its colour under a building), then the buildings and the other pieces."""
    ground = position.ground
    for code, cells in zip(GROUND_CODES, (ground.orange, ground.blue, ground.mixed, ground.streetlight), strict=True):
        if code == "o":
            continue
        page.tool(f"ground-{code}")
        for patch in components(cells):
            page.stroke(walk(patch))
    pieces = position.pieces
    if pieces.chartier is not None:
        page.tool("chartier")
        page.stroke([pieces.chartier])
    for building in position.buildings:
        page.tool(f"building-{building.owner}")
        page.stroke(walk(building.cells))
    for building in position.buildings:
        if building.annex is not None:
            page.tool("annex")
            page.stroke([building.annex])
        if building.jardin:
            page.tool("jardin")
            page.stroke([(building.cells & -building.cells).bit_length() - 1])
    for kind, sq in pieces.placed().items():
        page.tool(kind)
        page.stroke([sq])
        if kind == "statue" and pieces.statue is not None:
            for _ in range(("up", "right", "down", "left").index(pieces.statue.facing)):
                page.stroke([sq])
    cards = position.postcards
    first_game = set(cards.in_play) == set(STARRED)
    if first_game:
        page.press("#first-game")
    for card in paris_score.Postcard:  # down the list: in play, then who used it
        if card in cards.in_play and not first_game:
            page.press(f'#cards tr[data-card="{card}"] .in-play')
        user = cards.user(card)
        if user is not None:
            page.press(f'#cards tr[data-card="{card}"] .used.{user}')
    for player in ("orange", "blue"):
        sizes = position.reserve.of(paris_score.Player(player))
        for size in sizes:
            buttons = page.driver.find_elements("css selector", f'#reserves [data-player="{player}"] .add')
            page.click(next(b for b in buttons if b.text == f"+{size}"))
        if not sizes and player not in position.reserve.not_given:  # a new board's reserves are not given
            page.press(f'#reserves [data-player="{player}"] .clear')
    assert position.rules == Rules(), "the rulebook example uses the default pattern"


def differences(a: Position, b: Position) -> list[str]:
    """What differs between two positions, the order of postcards aside (the page lists them as tapped); [] if equal."""
    found = [
        f"{k}: {getattr(a, k)} != {getattr(b, k)}"
        for k in ("ground", "pieces", "reserve", "rules")
        if getattr(a, k) != getattr(b, k)
    ]
    if set(a.buildings) != set(b.buildings):
        found.append(f"buildings: {sorted(set(a.buildings) ^ set(b.buildings), key=lambda x: x.id)}")
    for k in ("in_play", "orange", "blue"):
        if set(getattr(a.postcards, k)) != set(getattr(b.postcards, k)):
            found.append(f"postcards.{k}: {getattr(a.postcards, k)} != {getattr(b.postcards, k)}")
    return found


def check_pixels(png: bytes, board: dict[str, float], position: Position, size: tuple[int, int]) -> None:
    """Cobblestones and a building have their colours at spaces picked from the position (as tests/test_svg.py)."""
    scale = board["width"] / svg.WIDTH
    points = {
        name: ((int(board["x"] + x * scale), int(board["y"] + y * scale)), colour)
        for name, ((x, y), colour) in sample_points(position).items()
    }
    assert {"orange", "blue", "mixed", "streetlight", "building"} <= set(points), points
    within = (max(x for (x, _), _ in points.values()) + 1, max(y for (_, y), _ in points.values()) + 1)
    width, height, bpp, rows = read_png(png, within)
    assert (width, height) == size
    for name, ((x, y), colour) in points.items():
        got = tuple(rows[y][x * bpp : x * bpp + 3])
        expected = hex_rgb(colour)
        assert all(abs(g - e) <= 12 for g, e in zip(got, expected, strict=True)), (name, (x, y), got, colour)


# -- the test ----------------------------------------------------------------------------------------------------


def test_enter_the_rulebook_example_by_clicks_reload_paste_and_screenshots(server: TableServer, browser: Any) -> None:
    rulebook = paris_score.rulebook_example()
    page = Page(browser, server.url)
    page.size("entry")
    page.open()
    browser.execute_script("localStorage.clear()")
    page.open()
    page.wait_for_totals(("0", "0", "the board is empty"))  # not "orange wins" (a 0-0 tie broken by free spaces)

    enter(page, rulebook)
    page.wait_for_totals(("48", "57", "blue wins"))
    assert not differences(page.stored(), rulebook)
    assert page.text("#verdict") == "Legal: the score is final"
    print(f"\nthe rulebook example took {page.presses} presses (clicks, taps and drags)")
    assert page.presses <= 60, page.presses
    page.press("#totals")  # the breakdown, folded until asked: the totals open it
    heads = [b.text for b in browser.find_elements("css selector", "#breakdown button.head")]
    assert heads == ["Orange\n48", "Blue\n57"]

    # A line of the breakdown shows what it counted: building B and its three lamps.
    line = next(b for b in browser.find_elements("css selector", "#breakdown button.counts") if b.text.startswith("B "))
    assert line.text == "B  7 x 3 = 21  lamps: C1, D3, C5 (with the annex)"
    page.click(line)
    marked = browser.execute_script(
        "return [...document.querySelectorAll('#overlay rect.highlight')]"
        ".map(r => [r.getAttribute('x'), r.getAttribute('y')])"
    )
    expected = rulebook.building("B").spaces | sum(1 << sq for sq in (2, 19, 34))  # B's spaces and C1, D3, C5
    assert len(marked) == expected.bit_count()
    page.click(line)

    page.driver.refresh()
    page.open()
    page.wait_for_totals(("48", "57", "blue wins"))
    assert not differences(page.stored(), rulebook)

    for name in ("phone", "desktop"):
        page.size(name)
        page.wait_for(lambda: page.find("#picture svg").rect["width"] > 0)
        png, board = page.screenshot(name)
        check_pixels(png, board, rulebook, SIZES[name])
        if os.environ.get("PARIS_SCORE_SCREENSHOTS") == "write":
            DOCS_IMAGES[name].write_bytes(png)
        check_pixels(DOCS_IMAGES[name].read_bytes(), board, rulebook, SIZES[name])
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    page.press("#clear")
    page.wait_for_totals(("0", "0", "the board is empty"))
    # A paste puts the whole text in at once (typing it key by key would only be slower).
    browser.execute_script(
        "const box = document.getElementById('paste'); box.value = arguments[0];"
        "box.dispatchEvent(new Event('input', {bubbles: true}));",
        (ROOT / "examples" / "rulebook.txt").read_text("utf-8"),
    )
    page.press("#load-paste")
    page.wait_for_totals(("48", "57", "blue wins"))
    assert not differences(page.stored(), rulebook)
    page.press("#undo")
    page.wait_for_totals(("0", "0", "the board is empty"))
    page.press("#redo")
    page.wait_for_totals(("48", "57", "blue wins"))
    assert not browser.execute_script("return document.querySelectorAll('#io-errors li').length")

    # The share link holds the whole position: opened with the browser's storage empty, it shows the entry.
    page.press("#share")
    link = page.find("#share-link").get_attribute("value")
    assert link.startswith(server.url + "#position=")
    browser.execute_script("localStorage.clear()")
    browser.get("about:blank")
    page.open(link)
    page.wait_for_totals(("48", "57", "blue wins"))
    assert not differences(page.stored(), rulebook)

    # A file opened from the device is read as pasted text is.
    tie_break = ROOT / "examples" / "tie-break.txt"
    report = paris_score.score(paris_score.loads(tie_break.read_bytes()))
    page.find("#upload").send_keys(str(tie_break))
    winner = "a tie" if report.winner == "tie" else f"{report.winner} wins"
    page.wait_for_totals((str(report.orange.total), str(report.blue.total), winner))
    severe = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert severe == []


def test_a_picture_redrawn_while_the_score_is_asked_leaves_no_stale_total(server: TableServer, browser: Any) -> None:
    """An overlay toggled while a refresh is on its way must not drop its totals (they stayed at 48-57)."""
    page = Page(browser, server.url)
    page.size("desktop")
    page.open(server.url + "#position=")
    browser.execute_script("localStorage.clear()")
    browser.execute_script(
        "const box = document.getElementById('paste'); box.value = arguments[0];",
        (ROOT / "examples" / "rulebook.txt").read_text("utf-8"),
    )
    page.press("#load-paste")
    page.wait_for_totals(("48", "57", "blue wins"))
    page.settle()
    # The moment the page asks for the score of the emptied board, an overlay is toggled (a picture alone is redrawn).
    browser.execute_script(
        "const ask = window.fetch; let toggled = false;"
        "window.fetch = (...args) => {"
        "  const answer = ask(...args);"
        "  if (!toggled && String(args[0]).startsWith('/api/table')) {"
        "    toggled = true; document.querySelector('#overlay-toggles button').click();"
        "  }"
        "  return answer;"
        "};"
    )
    page.press("#clear")
    page.wait_for_totals(("0", "0", "the board is empty"))
    page.settle()
    assert (
        browser.execute_script("return document.querySelector('#overlay-toggles button').getAttribute('aria-pressed')")
        == "true"
    )


SAVE_DOWNLOADS = (
    "window.saved = {}; let blob = null;"
    "const url = URL.createObjectURL;"
    "URL.createObjectURL = (b) => { blob = b; return url(b); };"
    "HTMLAnchorElement.prototype.click = function () {"
    "  const name = this.download;"
    "  blob.text().then((text) => { window.saved[name] = text; });"
    "};"
)
"""Keep what the page downloads in ``window.saved`` (file name -> text) instead of writing files."""


def test_a_reserve_not_given_is_kept_shown_and_written_back_unsaid(server: TableServer, browser: Any) -> None:
    """A JSON without blue's reserve: stored, shown and downloaded as not given; the note and warning shown."""
    doc = json.loads((ROOT / "examples" / "rulebook.json").read_text("utf-8"))
    del doc["reserve"]["blue"]  # blue's 4 not given: counted as none, 60 instead of 57; orange's 5 5 given
    position = paris_score.loads(json.dumps(doc))
    assert position.reserve.not_given == (paris_score.Player.BLUE,)
    expected = ("48", "60", "blue wins")
    report = paris_score.score(position)
    assert (str(report.orange.total), str(report.blue.total), f"{report.winner} wins") == expected
    blue, orange = '#reserves [data-player="blue"]', '#reserves [data-player="orange"]'

    page = Page(browser, server.url)
    page.fresh()
    # A new board's reserves are not given either: nothing is assumed for a player before it is entered.
    assert "not given" in page.text(orange)
    page.paste(json.dumps(doc))
    page.wait_for_totals(expected)
    page.settle()
    assert json.loads(page.stored_json())["reserve"] == {"orange": [5, 5]}
    assert not differences(page.stored(), position)
    assert "not given" in page.text(blue)
    assert "not given" not in page.text(orange)
    assert [b.text for b in browser.find_elements("css selector", f"{blue} [aria-pressed='true']")] == ["unknown"]
    page.press("#show-breakdown")
    assert "None left (no reserve given; counted as none)" in page.text("#breakdown")
    assert page.text("#verdict") == "Entry not finished: 1 to enter"
    todo = page.find("#problems .problem.todo").text
    assert todo == "To enter No reserve given for blue: the unbuilt penalty assumes none S3"

    # Downloaded, it stays unsaid in JSON and reads "unknown" in a text grid (the hint says so).
    browser.execute_script(SAVE_DOWNLOADS)
    page.press("#download-json")
    page.press("#download-text")
    page.wait_for(lambda: len(browser.execute_script("return window.saved")) == 2)
    saved = browser.execute_script("return window.saved")
    assert json.loads(saved["position.json"])["reserve"] == {"orange": [5, 5]}
    assert "orange reserve: 5 5\nblue reserve: unknown\n" in saved["position.txt"]
    assert not differences(paris_score.loads(saved["position.txt"]), position)
    assert page.text("#out-message").startswith('Saved with "blue reserve: unknown"')

    # Said to be none, the reserve is given: the warning goes, the score stays; "unknown" takes it back.
    page.press(f"{blue} .clear")
    page.wait_for(lambda: page.stored().reserve.not_given == ())
    page.settle()
    assert page.stored().reserve.blue == ()
    assert "not given" not in page.text(blue)
    assert page.text("#verdict") == "Legal: the score is final"
    assert page.totals() == expected
    page.press(f"{blue} .unknown")
    page.wait_for(lambda: page.stored().reserve.not_given == (paris_score.Player.BLUE,))
    page.reload()
    page.wait_for_totals(expected)
    assert "not given" in page.text(blue)


def test_undo_and_redo_survive_a_reload(server: TableServer, browser: Any) -> None:
    """The history is kept with the entry: undo after a reload; bounded to 100 states; storage refusal is said."""
    page = Page(browser, server.url)
    page.fresh()
    page.tool("ground-b")
    page.stroke([0])  # A1 blue
    page.wait_for(lambda: page.stored().ground.blue == 0b01)
    page.stroke([1])  # B1 blue
    page.wait_for(lambda: page.stored().ground.blue == 0b11)
    page.settle()

    page.reload()
    assert page.stored().ground.blue == 0b11
    assert page.find("#undo").is_enabled()
    assert not page.find("#redo").is_enabled()
    page.press("#undo")
    page.wait_for(lambda: page.stored().ground.blue == 0b01)
    page.reload()
    page.press("#undo")
    page.wait_for(lambda: page.stored().ground.blue == 0)
    page.settle()
    assert not page.find("#undo").is_enabled()
    page.reload()
    page.press("#redo")
    page.press("#redo")
    page.wait_for(lambda: page.stored().ground.blue == 0b11)
    page.settle()
    assert not page.find("#redo").is_enabled()

    # A history stored with another entry (another tab's) is not taken for this one.
    browser.execute_script(
        "const h = JSON.parse(localStorage.getItem('paris-score/history'));"
        "h.now.ground[7] = 'bbbbbbbb'; localStorage.setItem('paris-score/history', JSON.stringify(h));"
    )
    page.reload()
    assert page.stored().ground.blue == 0b11
    assert not page.find("#undo").is_enabled()

    # At most 100 states are kept: 150 stored (as an older page might have), one change keeps the last 100.
    browser.execute_script(
        "const now = JSON.parse(localStorage.getItem('paris-score/position'));"
        "const row = (i) => (i % 2 ? 'bbbbbbbb' : 'mmmmmmmm');"
        "const undo = Array.from({length: 150}, (_, i) => ({...now, ground: [...now.ground.slice(0, 7), row(i)]}));"
        "localStorage.setItem('paris-score/history', JSON.stringify({now, undo, redo: []}));"
    )
    page.reload()
    page.stroke([2])  # C1 blue
    page.wait_for(lambda: page.stored().ground.blue & 0b111 == 0b111)
    page.settle()
    kept = json.loads(browser.execute_script("return localStorage.getItem('paris-score/history')"))
    assert (len(kept["undo"]), kept["redo"]) == (100, [])
    assert kept["now"] == json.loads(page.stored_json())
    assert [kept["undo"][-1]["ground"][0], kept["undo"][-2]["ground"][7]] == ["bboooooo", "bbbbbbbb"]

    # Storage refusing the history: the entry is kept, the history dropped, and the hint says so.
    browser.execute_script(
        "const set = Storage.prototype.setItem;"
        "Storage.prototype.setItem = function (key, value) {"
        "  if (key === 'paris-score/history') throw new DOMException('full', 'QuotaExceededError');"
        "  return set.call(this, key, value);"
        "};"
    )
    page.stroke([3])  # D1 blue
    page.wait_for(lambda: page.stored().ground.blue & 0b1111 == 0b1111)
    assert page.text("#hint") == "Storage refused the undo history: the entry is kept, undo works until a reload."
    assert browser.execute_script("return localStorage.getItem('paris-score/history')") is None
    # Refusing the entry too: as before, the hint says to download it.
    browser.execute_script(
        "Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };"
    )
    page.stroke([4])  # E1 blue
    page.wait_for(lambda: "does not keep the entry" in page.text("#hint"))
    page.reload()  # what was kept: the entry before E1, with no history
    assert page.stored().ground.blue & 0b11111 == 0b1111
    assert not page.find("#undo").is_enabled()

    # A share link goes on top of the stored entry (undo brings it back) and leaves the address at the next change.
    before = page.stored_json()
    rulebook = (ROOT / "examples" / "rulebook.json").read_bytes()
    browser.get("about:blank")
    page.open(server.url + "#position=" + base64.urlsafe_b64encode(rulebook).decode().rstrip("="))
    page.wait_for_totals(("48", "57", "blue wins"))
    assert browser.current_url == server.url
    page.press("#undo")
    page.wait_for(lambda: page.stored_json() == before)
    page.reload()
    assert page.stored_json() == before
    page.press("#redo")
    page.wait_for_totals(("48", "57", "blue wins"))
    assert not differences(page.stored(), paris_score.rulebook_example())
