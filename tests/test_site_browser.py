"""The static table page (``paris-score site``) in a real browser, on a phone, then offline (docs/table.md).

The site is built once for the module with the real command, served by the
standard library's plain static file server (not paris-score's) on a free
loopback port, and opened in headless Chromium at 390 x 844 with touch
emulation.  The page scores with Pyodide in a Web Worker: the rulebook
example's share link shows 48 and 57; a small game entered by taps scores;
with the static server stopped, a reload still opens and scores (the service
worker's copy); a second visit restores the referee from its snapshot, and a
damaged one falls back to a normal start; while the referee starts, the
entry is sketched on the board and the totals marked "computing".

Needs chromium, chromedriver and ``node_modules/pyodide`` (``npm ci``);
skipped without them, mandatory when ``CI`` is set (.ci/run installs them).
"""

from __future__ import annotations

import base64
import functools
import json
import os
import re
import shutil
import threading
import zipfile
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from paris_score.squares import Square
from paris_score_cli.app import cli
from paris_score_cli.site import FETCHED, PYODIDE_FILES
from tests.test_paris2020_page import EXAMPLES, as_text, done, enter_belleville, fill_in, opened, totals
from tests.test_paris2020_page import share_link as paris2020_link
from tests.test_serve_browser import CHROMEDRIVER, CHROMIUM, ENGLISH, Page, _needs_chromium

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
PHONE = {"width": 390, "height": 844, "pixelRatio": 1, "touch": True}
ENGINE_WAIT = 120.0
SNAPSHOT_SIZE = """
const [key] = arguments;
return caches.open("referee-snapshots").then((c) => c.match(key)).then((r) => (r ? r.arrayBuffer() : null))
  .then((b) => (b ? b.byteLength : 0));
"""
SNAPSHOT_KEYS = 'return caches.open("referee-snapshots").then((c) => c.keys()).then((ks) => ks.map((r) => r.url));'
FORGET_ALL = """
return navigator.serviceWorker.getRegistrations()
  .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
  .then(() => caches.keys()).then((names) => Promise.all(names.map((name) => caches.delete(name))));
"""
DAMAGE = """
const [key, claimed] = arguments;
const bytes = new Uint8Array(1 << 20).fill(7);
const headers = { "x-length": String(claimed || bytes.length) };
return caches.open("referee-snapshots").then((c) => c.put(key, new Response(bytes, { headers })));
"""


class Quiet(SimpleHTTPRequestHandler):
    held: tuple[str, threading.Event] | None = None  # a file whose requests wait until the event is set
    cache_control: str | None = None  # sent with every file, as a host such as GitHub Pages does

    def end_headers(self) -> None:
        if self.cache_control is not None:
            self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        if self.held is not None and self.path.partition("?")[0].endswith(self.held[0]):
            self.held[1].wait(ENGINE_WAIT)
        super().do_GET()


class StaticServer:
    """A plain static file server for a folder, in a thread on a free port of 127.0.0.1; stopped by :meth:`stop`.

    ``hold=(name, event)`` holds back the requests for a file until ``event`` is set (a slow network, made exact);
    ``cache_control`` is sent with every file.
    """

    def __init__(
        self, folder: Path, hold: tuple[str, threading.Event] | None = None, cache_control: str | None = None
    ) -> None:
        handler = type("Handler", (Quiet,), {"held": hold, "cache_control": cache_control})
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)


def _needs_pyodide() -> None:
    if not all((PYODIDE / name).is_file() for name in PYODIDE_FILES):
        if os.environ.get("CI"):
            pytest.fail("CI is set but node_modules/pyodide is missing: .ci/run runs npm ci")
        pytest.skip("node_modules/pyodide is missing (run `npm ci` in the repository); CI runs this")


@pytest.fixture(scope="module")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    _needs_chromium()
    _needs_pyodide()
    out = tmp_path_factory.mktemp("site")
    result = CliRunner().invoke(cli, ["site", str(out)])
    assert result.exit_code == 0, result.output
    return out


def chromium(profile: Path, phone: bool = True) -> Any:
    """Headless Chromium with its own profile (an empty cache), emulating a 390 x 844 touch phone unless told."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", *ENGLISH):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": "en-US,en"})
    options.add_argument(f"--user-data-dir={profile}")
    if phone:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE})
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)


@pytest.fixture(scope="module")
def phone(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    driver = chromium(tmp_path_factory.mktemp("phone-profile"))
    try:
        yield driver
    finally:
        driver.quit()


def share_link(url: str, document: bytes) -> str:
    """The page's share link for a position (the format it has always used: base64url, no padding)."""
    return url + "#position=" + base64.urlsafe_b64encode(document).decode().rstrip("=")


def engine_started(page: Page) -> str:
    """Wait for the referee in the page (Pyodide in its worker) to start, or fail: ``ready`` or ``failed``.

    Starting Pyodide takes 5 to 20 s on a busy two-core machine: this wait alone is longer than the page's others.
    """
    from selenium.webdriver.support.ui import WebDriverWait

    engine = "return document.documentElement.dataset.engine"
    WebDriverWait(page.driver, ENGINE_WAIT, poll_frequency=0.1).until(lambda d: d.execute_script(engine) != "loading")
    return str(page.driver.execute_script(engine))


def engine_ready(page: Page) -> None:
    """Wait for the referee to be ready; fail with the page's words if it could not start."""
    assert engine_started(page) == "ready", page.text("#winner")


def tap(page: Page, sq: Square) -> None:
    """One finger tap on a space of the board (a touch pointer, as a phone sends it)."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    from paris_score import svg

    page.settle()
    page.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", page.board)
    x, y = svg.centre(sq)
    builder = ActionBuilder(page.driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"), duration=0)
    offset = round((x - svg.WIDTH / 2) * page.scale), round((y - svg.WIDTH / 2) * page.scale)
    builder.pointer_action.move_to(page.board, *offset).pointer_down().pointer_up()
    builder.perform()
    page.presses += 1


def test_the_static_page_scores_on_a_phone_then_offline(site_dir: Path, phone: Any) -> None:
    server = StaticServer(site_dir)
    try:
        page = Page(phone, server.url)
        phone.get(share_link(server.url, (ROOT / "examples" / "rulebook.json").read_bytes()))
        engine_ready(page)  # a share link is read by the referee: the board is drawn once it runs
        page.ready()
        assert phone.execute_script("return [innerWidth, navigator.maxTouchPoints > 0]") == [390, True]
        page.wait_for_totals(("48", "57", "blue wins"))

        # A small game by taps: blue cobblestones on A1 and B1, a streetlight space on C1, a blue building on both.
        page.press("#clear")
        page.wait_for_totals(("0", "0", "the board is empty"))
        page.tool("ground-b")
        tap(page, 0)
        tap(page, 1)
        page.tool("ground-l")
        tap(page, 2)
        page.tool("building-blue")
        tap(page, 0)
        tap(page, 1)
        # Blue: building A lit by C1, 2 x 1 = 2 (S1), and its group of 2 (S2).
        page.wait_for_totals(("0", "4", "blue wins"))

        # Every file is in the service worker's cache before the network goes.
        page.wait_for(lambda: phone.execute_script("return navigator.serviceWorker.controller !== null"))
    finally:
        server.stop()

    page.reload()
    engine_ready(page)
    page.wait_for_totals(("0", "4", "blue wins"))
    page.tool("ground-l")
    tap(page, 8)  # A2 a streetlight space too: A has two lamps, 2 x 2 = 4, and its group 2
    page.wait_for_totals(("0", "6", "blue wins"))


def test_the_static_page_scores_paris2020_by_its_form(site_dir: Path, phone: Any) -> None:
    """The second game's form, answered by /api/paris2020 in the browser's Python (docs/table.md, "Paris (2020)")."""
    server = StaticServer(site_dir)
    try:
        page = Page(phone, server.url)
        phone.get(server.url + "#game=paris2020")
        phone.execute_script("localStorage.clear()")
        phone.refresh()
        engine_ready(page)
        page.ready()
        done(page)
        enter_belleville(page, fill_in)  # checks the totals: Ula 18, Marek 0, Ula wins
        assert "1. Ula: 12 → 18" in page.text("#p2020-result .p2020-standings")
    finally:
        server.stop()


def test_the_static_page_opens_a_paris2020_share_link_and_file(site_dir: Path, phone: Any, tmp_path: Path) -> None:
    """The form's share link, opened on a first visit, and a file in the text form, read by /api/paris2020/read in
    the browser's Python."""
    server = StaticServer(site_dir)
    try:
        page = Page(phone, server.url)
        page.open(server.url + "#game=cite")
        phone.execute_script("localStorage.clear()")
        phone.get("about:blank")
        phone.get(paris2020_link(server.url, (EXAMPLES / "montmartre.json").read_bytes()))
        engine_ready(page)
        page.ready()
        done(page)
        assert totals(page) == (
            "Ula 4 Marysia 16 Piotr 0 Marek 16",
            "Marysia and Marek share the win: tied on points, francs and property value (K7)",
        )
        assert opened(page, as_text("batignolles", tmp_path)) == "Opened batignolles.txt. Bring back the entry you had"
        assert totals(page) == ("Ula 10 Marysia 5 Piotr 20 Marek 0", "Piotr wins")
        page.press("#p2020-back")
        done(page)
        assert totals(page)[0] == "Ula 4 Marysia 16 Piotr 0 Marek 16"
    finally:
        server.stop()


def test_the_real_site_carries_its_modules_compiled_for_pyodide(site_dir: Path) -> None:
    """The command run as a user runs it (Node.js and the pinned Pyodide at hand): every module of both wheels has
    its .pyc, and the standard library the compiled modules of starting Python and of the referee."""
    for wheel in (site_dir / "wheels").iterdir():
        with zipfile.ZipFile(wheel) as archive:
            names = set(archive.namelist())
        sources = [n for n in names if n.endswith(".py")]
        assert sources
        for source in sources:
            folder, _, module = source.rpartition("/")
            assert any(n.startswith(f"{folder}/__pycache__/{module[:-3]}.cpython-3") for n in names), source
    with zipfile.ZipFile(site_dir / "pyodide" / "python_stdlib.zip") as archive:
        names = set(archive.namelist())
    assert {"json/__init__.pyc", "asyncio/__init__.pyc", "enum.pyc", "urllib/parse.pyc"} <= names


def test_a_referee_that_cannot_start_is_said_in_the_header(site_dir: Path, phone: Any, tmp_path: Path) -> None:
    """Pyodide's standard library missing (a half-copied folder): the page says so instead of loading forever."""
    broken = tmp_path / "broken"
    shutil.copytree(site_dir, broken)
    (broken / "pyodide" / "python_stdlib.zip").unlink()
    server = StaticServer(broken)
    try:
        page = Page(phone, server.url)
        page.open()
        assert engine_started(page) == "failed"
        assert page.text("#winner").startswith("the referee could not start: ")
    finally:
        server.stop()


def test_a_second_visit_restores_the_referee_from_its_snapshot_and_a_bad_one_falls_back(
    site_dir: Path, phone: Any
) -> None:
    """The warm start (docs/table.md, "Build the page yourself"): the first visit keeps a snapshot of the started
    referee under the site's version, the next restores it; a damaged or cut-short one is dropped for a normal start
    that scores, and a good snapshot is kept again in place of every other."""
    server = StaticServer(site_dir)
    link = share_link(server.url, (ROOT / "examples" / "rulebook.json").read_bytes())
    key = server.url + "snapshot-" + json.loads((site_dir / "site.json").read_text())["version"]
    page = Page(phone, server.url)

    def visit(start: str) -> None:
        phone.get("about:blank")
        phone.get(link)
        engine_ready(page)
        page.ready()
        page.wait_for_totals(("48", "57", "blue wins"))
        assert phone.execute_script("return document.documentElement.dataset.engineStart") == start

    def kept() -> None:
        page.wait_for(lambda: phone.execute_script(SNAPSHOT_SIZE, key) > 10_000_000, "no snapshot kept")

    def stages(last: str) -> list[str]:
        """The stages the worker timed for the benchmark (static/worker.js), in order, once ``last`` is."""
        told = "return document.documentElement.dataset.engineTimes || '{}'"  # JSON: its keys in their order
        page.wait_for(lambda: last in json.loads(phone.execute_script(told)), f"{last} not timed")
        times = json.loads(phone.execute_script(told))
        assert all(isinstance(ms, int) and ms >= 0 for ms in times.values()), times
        return list(times)

    try:
        phone.get(link)
        engine_ready(page)
        kept()  # Python with paris_score imported: tens of megabytes
        started = ["worker", "site.json", "snapshot read", "loadPyodide"]
        # The first visit answered the page before it warmed up and made the snapshot.
        cold = ["unpack", "import", "first answer", "warm-up", "snapshot", "snapshot kept"]
        assert stages("snapshot kept") == started + cold
        visit("snapshot")
        assert stages("unpack") == [*started, "adapter", "first answer", "unpack"]

        phone.execute_script(DAMAGE, server.url + "snapshot-0123456789abcdef")  # an older site's: never read
        for claimed in (None, 2 << 20):  # bytes that are no snapshot; a snapshot cut short
            phone.execute_script(DAMAGE, key, claimed)
            visit("anew")
            kept()
            assert phone.execute_script(SNAPSHOT_KEYS) == [key]
        visit("snapshot")
    finally:
        server.stop()


OFFLINE_COPIES = """
return caches.keys().then((names) => names.filter((name) => name.startsWith("paris-score-")));
"""
CONTROLLED = """
return navigator.serviceWorker.getRegistration().then((r) =>
  Boolean(r && r.active && !r.installing && !r.waiting && navigator.serviceWorker.controller === r.active));
"""
STORED = """
const [cache, path] = arguments;
return caches.open(cache).then((c) => c.match(path)).then((r) => (r ? r.text() : null));
"""
SERVED = "return fetch(arguments[0]).then((r) => r.text());"


def test_a_rebuilt_site_is_served_new_past_the_host_s_http_cache(site_dir: Path, phone: Any, tmp_path: Path) -> None:
    """A host that lets browsers keep every file 10 minutes (GitHub Pages): the service worker of a site rebuilt
    meanwhile stores the new files, fetched past the browser's HTTP cache, not the old ones that cache still holds."""
    folder = tmp_path / "site"
    shutil.copytree(site_dir, folder)
    old = json.loads((folder / "site.json").read_text())["version"]
    server = StaticServer(folder, cache_control="max-age=600")
    page = Page(phone, server.url)

    def visit(version: str) -> None:
        """Open the page; wait for the referee, then for the service worker of ``version`` to hold and serve it."""
        phone.get("about:blank")
        phone.get(server.url)
        engine_ready(page)  # the page registers sw.js, or looks for a new one, once the referee runs
        page.wait_for(lambda: phone.execute_script(OFFLINE_COPIES) == [f"paris-score-{version}"], "no new copy")
        page.wait_for(lambda: phone.execute_script(CONTROLLED), "the service worker does not control the page")

    try:
        visit(old)
        app = (folder / "static" / "app.js").read_text()
        assert phone.execute_script(SERVED, "static/app.js") == app
        # The site rebuilt: a changed app.js, its new version in site.json and sw.js.
        new = "0123456789abcdef"
        rebuilt = app + "\n// rebuilt\n"
        (folder / "static" / "app.js").write_text(rebuilt)
        (folder / "site.json").write_text((folder / "site.json").read_text().replace(old, new))
        (folder / "sw.js").write_text((folder / "sw.js").read_text().replace(old, new))
        visit(new)
        assert phone.execute_script(STORED, f"paris-score-{new}", "static/app.js") == rebuilt
        assert phone.execute_script(SERVED, "static/app.js") == rebuilt
        assert json.loads(phone.execute_script(SERVED, "site.json"))["version"] == new
    finally:
        server.stop()


def downloading(page: Page) -> None:
    """Wait for the progress to name the download of Python (held back: it stays there); "starting the referee…"
    comes first, for as long as the worker takes to start."""
    page.wait_for(
        lambda: page.text("#engine-status").startswith("starting the referee: downloading Python"), "no download shown"
    )


def watch_progress(page: Page) -> None:
    """Keep every text the progress shows from now on, in order, in ``window.seen``."""
    page.driver.execute_script(
        "const s = document.getElementById('engine-status'); window.seen = [s.textContent];"
        "new MutationObserver(() => seen.push(s.textContent)).observe(s, {childList: true, characterData: true,"
        " subtree: true});"
    )


def board_top(page: Page) -> float:
    return float(page.driver.execute_script("return document.getElementById('board').getBoundingClientRect().top"))


def test_the_paris2020_form_shows_the_referee_s_progress_step_by_step(site_dir: Path, tmp_path: Path) -> None:
    """A first visit to the Paris (2020) form: the referee's start is said there too, every stage named, the
    download counted in megabytes (Python's WebAssembly held back until the progress is being watched)."""
    released = threading.Event()
    server = StaticServer(site_dir, hold=("pyodide/pyodide.asm.wasm", released))
    driver = chromium(tmp_path / "profile")
    try:
        page = Page(driver, server.url)
        driver.get(server.url + "#game=paris2020")
        page.ready()
        downloading(page)
        watch_progress(page)
        released.set()
        engine_ready(page)
        done(page)
        assert not page.find("#engine-status").is_displayed()
        assert page.text("#p2020-winner") == "entry not finished"
        seen = driver.execute_script("return seen")
        counted = [
            t for t in seen if re.fullmatch(r"starting the referee: downloading Python, [\d.]+ of [\d.]+ MB…", t)
        ]
        assert counted, seen
        megabytes = [float(t.split(", ")[1].split(" of ")[0]) for t in counted]
        assert megabytes == sorted(megabytes)
        assert megabytes[-1] > 1  # Python itself, counted as it arrives
        # The true total from the first figure on: the files the worker downloads (site.json lists them), never more.
        fetched = [site_dir / "pyodide" / name for name in FETCHED]
        total = sum(path.stat().st_size for path in [*fetched, *(site_dir / "wheels").iterdir()]) / 1e6
        assert {t.split(" of ")[1] for t in counted} == {f"{total:.1f} MB…"}
        assert megabytes[-1] <= round(total, 1)
        stages = [t for t in seen if t and not t.startswith("starting the referee: downloading")]
        assert stages == ["starting the referee: reading the rules…"], seen
    finally:
        released.set()
        driver.quit()
        server.stop()


def test_the_entry_is_sketched_at_once_while_the_referee_starts(site_dir: Path, tmp_path: Path) -> None:
    """A first visit by a share link, then a visit to the stored entry: the board shows the entry's cobblestones and
    buildings at once, the totals marked "computing" until the referee (held back here: its WebAssembly does not
    arrive) scores for real."""
    document = (ROOT / "examples" / "rulebook.json").read_bytes()
    position = json.loads(document)
    coloured = sum(c != "o" for row in position["ground"] for c in row)
    built = sum(len(b["cells"]) + ("annex" in b) for b in position["buildings"])
    released = threading.Event()
    server = StaticServer(site_dir, hold=("pyodide/pyodide.asm.wasm", released))
    driver = chromium(tmp_path / "profile")  # an empty cache: nothing comes from a service worker
    try:
        page = Page(driver, server.url)
        driver.get(share_link(server.url, document))
        page.ready()
        sketched = "return document.querySelectorAll('#overlay .sketch').length"
        page.wait_for(lambda: driver.execute_script(sketched) == coloured + built, "the entry is not sketched")
        assert page.totals() == ("–", "–", "enter the board")
        downloading(page)
        assert page.text("#computing") == "computing…"
        assert driver.execute_script("return document.documentElement.dataset.engine") == "loading"
        top = board_top(page)  # the progress and "computing" lie over the page: the board stays where it is

        released.set()
        engine_ready(page)
        page.wait_for_totals(("48", "57", "blue wins"))
        assert not page.find("#engine-status").is_displayed()
        assert board_top(page) == top
        assert driver.execute_script(sketched) == 0  # the referee's picture instead
        assert not page.find("#computing").is_displayed()

        # The stored entry, on a visit whose referee is held back again (no offline copy, no snapshot, no cache).
        page.tool("ground-b")
        tap(page, 0)  # A1 blue: the stored entry is the example with one more coloured space
        page.settle()
        stored = page.totals()
        released.clear()
        driver.execute_script(FORGET_ALL)
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        page.reload()
        page.wait_for(lambda: driver.execute_script(sketched) == coloured + 1 + built, "the entry is not sketched")
        assert page.totals()[:2] == ("–", "–")
        assert page.find("#computing").is_displayed()
        assert driver.execute_script("return document.documentElement.dataset.engine") == "loading"
        released.set()
        engine_ready(page)
        page.wait_for_totals(stored)
        assert not page.find("#computing").is_displayed()
    finally:
        released.set()
        driver.quit()
        server.stop()
