"""The table page's rough edges, on a 390 x 844 phone with a touch screen (docs/table.md, "Entering a game").

Each test drives the real page in headless Chromium (tests/test_serve_browser.py's ``Page``) and waits for
the page's own signals (the ``busy`` class cleared, the totals shown), never for time to pass.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

import pytest

import paris_score
from paris_score.squares import scan, square_name
from paris_score_cli.serve import TableServer
from tests.test_serve_browser import Page, browser, differences, enter  # noqa: F401  (browser: the fixture)

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = (ROOT / "examples" / "rulebook.json").read_text("utf-8")
LEGAL = ("48", "57", "blue wins")


def rulebook(**changes: Any) -> dict[str, Any]:
    """The rulebook example's paris-position/1 document with ``changes`` to its top-level keys."""
    doc: dict[str, Any] = json.loads(RULEBOOK)
    doc.update(changes)
    return doc


@pytest.fixture(name="page")
def phone_page(server: TableServer, browser: Any) -> Any:  # noqa: F811  (the imported fixture)
    """The page on a phone, on an empty board with the browser's storage emptied (other modules import it)."""
    page = Page(browser, server.url)
    page.fresh()
    page.phone()
    page.reload()
    yield page
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def load(page: Page, text: str) -> None:
    """Paste ``text`` (another entry than the board's), then wait for the page to have answered it."""
    before = page.stored_json()
    page.paste(text)
    page.wait_for(lambda: page.stored_json() != before, "not loaded")
    page.settle()  # the change set "busy" as it stored the entry: cleared once the referee's answer is shown


def script(page: Page, code: str, *args: Any) -> Any:
    return page.driver.execute_script(code, *args)


def in_view(page: Page, css: str) -> bool:
    """The element is wholly on screen, below the sticky header."""
    return bool(
        script(
            page,
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
            "const top = document.querySelector('header.top').getBoundingClientRect().bottom;"
            "return r.height > 0 && r.top >= top && r.bottom <= innerHeight;",
            css,
        )
    )


def marked(page: Page, css: str) -> set[str]:
    """The spaces of the rectangles ``css`` draws over the board, by name."""
    at = script(
        page,
        "return [...document.querySelectorAll(arguments[0])].map(r => [+r.getAttribute('x'), +r.getAttribute('y')])",
        css,
    )
    from paris_score import svg

    return {
        square_name(int((y - svg.MARGIN) // svg.SQUARE_SIZE) * 8 + int((x - svg.MARGIN) // svg.SQUARE_SIZE))
        for x, y in at
    }


def test_the_verdict_and_the_problems_are_in_view_under_the_board(page: Page) -> None:
    """On a phone they sat two screens below the board; tapping a problem marks its spaces."""
    load(page, json.dumps(rulebook(reserve={"orange": [6, 6, 6], "blue": [4]})))  # three 6s: the box has two (B3)
    script(page, "window.scrollTo(0, 0)")
    assert in_view(page, "#board")
    assert in_view(page, "#verdict")
    assert in_view(page, "#problems li:first-child")
    assert page.text("#verdict") == "Breaks a rule: score not final"
    problem = page.find("#problems button.error")
    assert "too-many-of-size" not in problem.text
    assert "[" not in problem.text
    assert problem.text.startswith("Breaks a rule ")
    assert problem.text.endswith(" B3")
    problem.click()
    position = paris_score.loads(json.dumps(rulebook(reserve={"orange": [6, 6, 6], "blue": [4]})))
    (found,) = [p for p in paris_score.check(position) if p.code == "too-many-of-size"]
    assert marked(page, "#overlay rect.highlight") == {square_name(sq) for sq in found.spaces}


def test_a_swipe_on_the_board_scrolls_and_a_tap_paints_one_space(page: Page) -> None:
    before = page.stored_json()
    x, y = page.centre(36)  # E5, mid-board
    script(page, "window.ended = false; addEventListener('scrollend', () => { window.ended = true; }, {once: true});")
    page.touches([(x, y - 10 * i) for i in range(0, 31, 3)])  # a finger pushed 300 px up: the page scrolls down
    page.wait_for(lambda: script(page, "return window.ended"), "the page did not scroll")  # its fling ended too
    assert script(page, "return scrollY") > 0
    assert page.stored_json() == before  # nothing painted
    script(page, "window.scrollTo(0, 0)")

    page.tool("ground-m")
    page.stroke([0])  # a tap on A1
    page.wait_for(lambda: page.stored().ground.mixed == 1)
    # A sideways finger is not a tap either: nothing is painted.
    page.touches([page.centre(9), *(page.centre(sq) for sq in (10, 11, 12))])
    page.settle()
    assert page.stored().ground.mixed == 1

    # Drag to paint on: the same finger paints every space it crosses, and the page stays put.
    page.stroke([17, 18, 19, 20])  # presses Drag to paint first
    page.wait_for(lambda: page.stored().ground.mixed == 1 | 0b1111 << 17)
    assert script(page, "return getComputedStyle(document.getElementById('overlay')).touchAction") == "none"
    page.press("#drag-paint")
    assert script(page, "return getComputedStyle(document.getElementById('overlay')).touchAction") == "pan-y"


def test_an_empty_board_says_so_instead_of_a_winner(page: Page) -> None:
    page.wait_for_totals(("0", "0", "the board is empty"))
    page.tool("ground-b")
    page.stroke([0])
    page.wait_for_totals(("0", "0", "no buildings yet"))
    page.tool("building-blue")
    page.stroke([0])
    page.wait_for(lambda: page.totals()[2] == "blue wins")


def test_totals_are_marked_not_up_to_date_while_the_referee_does_not_answer(page: Page) -> None:
    load(page, RULEBOOK)
    assert not page.find("#stale").is_displayed()
    offline = {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    page.driver.execute_cdp_cmd("Network.enable", {})
    page.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {**offline, "offline": True})
    try:
        page.tool("erase")
        page.stroke([0])  # A1 off building A: asked, never answered
        page.wait_for(lambda: page.find("#stale").is_displayed(), "no mark")
    finally:
        page.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {**offline, "offline": False})
    assert page.text("#stale") == "not up to date"
    assert page.totals() == LEGAL  # the old totals, dimmed
    assert script(page, "return getComputedStyle(document.getElementById('total-orange')).opacity") == "0.45"
    assert page.text("#verdict").startswith("The referee does not answer")
    page.stroke([1])  # B1 too, answered: the mark goes
    page.wait_for(lambda: not page.find("#stale").is_displayed(), "the mark stayed")
    doc = rulebook()
    doc["buildings"][0]["cells"] = ["A2", "B2", "A3", "A4"]
    report = paris_score.score(paris_score.loads(json.dumps(doc)))
    page.wait_for_totals((str(report.orange.total), str(report.blue.total), f"{report.winner} wins"))


def link(server: TableServer, code: str) -> str:
    return server.url + "#position=" + code


@pytest.mark.parametrize(
    ("code", "why"),
    [
        ("eyJmb3JtYXQiO", "its code is cut short or altered"),  # 13 characters: no whole base64 text
        ("eyJmb3JtYXQi.Oi", 'a stray "." at character 13 of its code'),
        (base64.urlsafe_b64encode(b'{"format": "paris-position/1", "ground": [').decode().rstrip("="), "line 1"),
    ],
    ids=["bad-base64", "stray-character", "bad-json"],
)
def test_a_damaged_share_link_is_said_at_the_top_and_the_entry_kept(
    page: Page, server: TableServer, code: str, why: str
) -> None:
    load(page, RULEBOOK)
    kept = page.stored_json()
    page.driver.get("about:blank")
    page.open(link(server, code))
    page.wait_for(lambda: page.find("#alert").is_displayed(), "no message at the top")
    assert page.text("#alert-text") == "This share link is damaged (cut short or altered): the last entry is kept."
    details = script(page, "return [...document.querySelectorAll('#alert-lines li')].map(li => li.textContent)")
    assert len(details) == 1
    assert why in details[0]
    assert not details[0].endswith(" at.")  # said whole, never cut mid-message
    assert script(page, "return document.getElementById('alert').getBoundingClientRect().top") < 100
    page.wait_for_totals(LEGAL)
    assert page.stored_json() == kept
    assert not script(page, "return document.querySelectorAll('#io-errors li').length")
    # The next change is of the entry: the message goes.
    page.tool("ground-m")
    page.stroke([63])
    page.wait_for(lambda: not page.find("#alert").is_displayed())


def test_a_damaged_share_link_s_message_closes_and_the_board_comes_back_up(page: Page, server: TableServer) -> None:
    """One character altered (a control character inside the JSON): said plainly, whole, and closed by a button."""
    code = base64.urlsafe_b64encode(RULEBOOK.replace('"A1"', '"A\x011"', 1).encode()).decode().rstrip("=")
    top = float(script(page, "return document.getElementById('board').getBoundingClientRect().top"))
    page.open(link(server, code))
    page.wait_for(lambda: page.find("#alert").is_displayed(), "no message at the top")
    assert page.text("#alert-text") == "This share link is damaged (cut short or altered): the last entry is kept."
    (detail,) = script(page, "return [...document.querySelectorAll('#alert-lines li')].map(li => li.textContent)")
    assert "not valid JSON" in detail
    assert not detail.endswith(" at.")
    page.press("#alert-close")
    assert not page.find("#alert").is_displayed()
    page.wait_for_totals(("0", "0", "the board is empty"))
    assert float(script(page, "return document.getElementById('board').getBoundingClientRect().top")) == top


def test_the_board_stays_put_from_the_empty_board_to_the_final_score(page: Page) -> None:
    """On a phone the "not final" and "not up to date" flags share the title's row: the header keeps its height
    as they come and go (they used to wrap it onto another row, moving the board by 21 px under the finger)."""

    def board_top() -> float:
        return float(script(page, "return document.getElementById('board').getBoundingClientRect().top + scrollY"))

    top = board_top()
    assert not page.find("#not-final").is_displayed()
    load(page, json.dumps(rulebook(postcards={"in_play": [], "orange": [], "blue": []})))
    assert page.text("#verdict").startswith("Entry not finished")
    assert page.find("#not-final").is_displayed()
    assert board_top() == top
    script(page, "document.getElementById('stale').hidden = false")  # the referee's answer late (see above)
    assert page.find("#stale").is_displayed()
    assert board_top() == top
    load(page, RULEBOOK)
    page.wait_for_totals(LEGAL)
    assert not page.find("#not-final").is_displayed()
    assert not page.find("#stale").is_displayed()
    assert board_top() == top


def test_picking_a_tool_changes_no_button_s_width(page: Page) -> None:
    """A tool picked is outlined, never bolder: the toolbar keeps its rows (Undo does not move)."""
    widths = "return [...document.querySelectorAll('#tools button')].map(b => b.getBoundingClientRect().width)"
    undo = "return Math.round(document.getElementById('undo').getBoundingClientRect().top + scrollY)"
    page.tool("ground-o")
    before = (script(page, widths), script(page, undo))
    for name in ("streetlight", "large_streetlight", "chartier", "building-orange", "jardin"):
        page.tool(name)
        assert (script(page, widths), script(page, undo)) == before, name


def test_every_tap_target_is_at_least_40_px_high_and_the_problems_are_not_a_scroll_box(page: Page) -> None:
    load(page, json.dumps(rulebook(reserve={"orange": [6, 6, 6], "blue": [4]}, postcards={"in_play": []})))
    page.press("#more-problems")  # every problem shown: their buttons measured too
    small = script(
        page,
        "return [...document.querySelectorAll('main.cite button, main.cite input, main.cite select,"
        " main.cite label.file, header.top button, #alert button, #alert summary')]"
        ".filter(e => e.offsetParent && !e.classList.contains('visually-hidden'))"
        ".map(e => [e.id || e.className || e.textContent, e.getBoundingClientRect().height])"
        ".filter(([, h]) => h < 40)",
    )
    assert small == []
    page.press("#more-problems")
    # The first problem under the verdict, every one when asked: each whole, in the page's own scroll.
    problems = page.find("#problems")
    items = problems.find_elements("css selector", "li")
    assert len(items) >= 3
    assert [item.is_displayed() for item in items] == [True] + [False] * (len(items) - 1)
    page.press("#more-problems")
    assert page.text("#more-problems") == "Only the first"
    assert all(item.is_displayed() for item in items)
    assert script(page, "return getComputedStyle(arguments[0]).overflowY", problems) == "visible"
    assert script(page, "return arguments[0].scrollHeight <= arguments[0].clientHeight", problems)
    page.press("#more-problems")
    assert page.text("#more-problems") == f"All {len(items)}"
    assert not items[1].is_displayed()


def test_a_phone_shows_a_short_title_and_a_file_button(page: Page) -> None:
    assert page.find("header.top h1").is_displayed()
    assert page.text("header.top h1") == "Paris"
    button = page.find("label.file[for=upload]")
    assert button.text == "Open a file…"
    assert button.size["height"] >= 40


def test_a_picture_opened_as_a_file_is_said_not_to_be_text(page: Page, tmp_path: Path) -> None:
    picture = tmp_path / "board.png"
    picture.write_bytes((ROOT / "docs" / "img" / "table-phone.png").read_bytes())
    load(page, RULEBOOK)
    page.find("#upload").send_keys(str(picture))
    page.wait_for(lambda: script(page, "return document.querySelectorAll('#io-errors li').length") == 1)
    assert page.text("#io-errors") == (
        "this is not a text file (a PNG picture?): open a text grid (.txt) or a paris-position/1 JSON document (.json)"
    )
    assert page.text("#io-message") == "Not loaded: board.png cannot be read. The board is as it was."
    assert not differences(page.stored(), paris_score.loads(RULEBOOK))


def below(page: Page, message: str, button: str) -> float:
    """How far the top of ``message`` is below the bottom of ``button`` (CSS pixels; negative if above)."""
    return float(
        script(
            page,
            "const [m, b] = [arguments[0], arguments[1]].map(id => document.querySelector(id).getBoundingClientRect());"
            "return m.height > 0 ? m.top - b.bottom : -1e9;",
            message,
            button,
        )
    )


def test_an_import_s_message_is_said_next_to_its_button_and_old_errors_go(page: Page) -> None:
    load(page, RULEBOOK)
    assert page.text("#io-message") == "Loaded the pasted text."
    assert 0 <= below(page, "#io-message", "#load-paste") < 60  # seen from the button just pressed
    page.paste("orange reserve: 5 5\nthis is not a grid\n")
    page.wait_for(lambda: script(page, "return document.querySelectorAll('#io-errors li').length") > 0)
    assert page.text("#io-message").startswith("Not loaded: the pasted text ")
    assert page.text("#io-message").endswith("The board is as it was.")
    assert 0 <= below(page, "#io-message", "#load-paste") < 60
    page.wait_for_totals(LEGAL)
    page.tool("ground-m")
    page.stroke([63])  # a later edit: the errors are of an old paste
    page.wait_for(lambda: script(page, "return document.querySelectorAll('#io-errors li').length") == 0)
    assert not page.find("#io-message").is_displayed()


def test_an_export_s_message_is_said_next_to_its_button(page: Page) -> None:
    load(page, RULEBOOK)
    page.press("#share")
    page.wait_for(lambda: page.find("#out-message").is_displayed(), "nothing said")
    assert page.text("#out-message").endswith("it holds the whole position.")
    assert 0 <= below(page, "#out-message", "#share") < 60
    page.press("#download-json")
    page.wait_for(lambda: page.text("#out-message") == "Saved as position.json.")
    assert 0 <= below(page, "#out-message", "#download-json") < 60


def test_a_drag_from_a_building_starts_a_new_one_and_says_so(page: Page) -> None:
    position = paris_score.loads(RULEBOOK)
    load(page, RULEBOOK)
    start = max(scan(position.building("G").cells))  # G: H3 H4 H5
    free = [start + 8, start + 7]  # H6 and G6: free blue cobblestones
    assert not position.occupied & sum(1 << sq for sq in free)
    page.tool("building-blue")
    page.stroke([start, *free])
    page.wait_for(lambda: len(page.stored().buildings) == len(position.buildings) + 1)
    stored = page.stored()
    assert stored.building("G") == position.building("G")  # G stays as it was
    assert stored.building("I").cells == sum(1 << sq for sq in free)
    assert page.text("#hint") == "New building I; G, where the drag started, stays as it was (tap it to grow it)."


def test_a_piece_on_another_and_a_wrong_colour_building_are_both_scored_not_final(page: Page) -> None:
    load(page, RULEBOOK)
    assert not page.find("#not-final").is_displayed()
    page.tool("painter")
    page.stroke([0])  # the painter tapped onto A1, off D2: on building A (W1)
    page.wait_for_totals(("48", "53", "blue wins"))  # without the painter: Le Peintre's 4 points lost
    assert page.find("#not-final").is_displayed()
    assert page.text("#verdict") == "Breaks 2 rules: score not final"
    # The first line under it says what the score leaves out.
    assert page.text("#problems li:first-child") == "Note Scored without the painter, which stands on another piece W1"
    page.press("#undo")
    page.wait_for_totals(LEGAL)
    doc = rulebook()
    doc["ground"][0] = "b" + doc["ground"][0][1:]  # A1 blue, under orange's building A (P1)
    report = paris_score.score(paris_score.loads(json.dumps(doc)))
    load(page, json.dumps(doc))
    page.wait_for_totals((str(report.orange.total), str(report.blue.total), f"{report.winner} wins"))
    assert page.find("#not-final").is_displayed()
    assert page.text("#verdict") == "Breaks a rule: score not final"


def test_an_entry_in_progress_is_told_from_a_broken_rule(page: Page) -> None:
    """Ground, buildings and pieces entered, postcards not yet: still to enter, in amber, not "not legal"."""
    load(page, json.dumps(rulebook(postcards={"in_play": [], "orange": [], "blue": []})))
    assert page.text("#verdict") == "Entry not finished: 6 to enter"
    assert page.find("#verdict-bar").get_attribute("class") == "verdict-bar todo"
    assert not script(page, "return document.body.classList.contains('illegal')")
    kinds = [
        b.get_attribute("textContent").split(" ")[0]
        for b in page.driver.find_elements("css selector", "#problems button")
    ]
    assert set(kinds) == {"To"}
    load(page, json.dumps(rulebook(reserve={"orange": [6, 6, 6], "blue": [4]})))
    assert page.text("#verdict") == "Breaks a rule: score not final"
    assert script(page, "return document.body.classList.contains('illegal')")


def test_the_last_tool_is_kept_across_a_reload(page: Page) -> None:
    page.tool("large_streetlight")
    page.reload()
    assert page.tool_name == "large_streetlight"


def test_one_request_a_change_and_a_breakdown_a_player_reads(page: Page) -> None:
    load(page, RULEBOOK)
    script(
        page,
        "window.asked = []; const ask = window.fetch;"
        "window.fetch = (...a) => { window.asked.push(String(a[0])); return ask(...a); };",
    )
    page.tool("ground-m")
    page.stroke([63])
    page.wait_for(lambda: script(page, "return window.asked.length") == 1)
    page.settle()
    assert script(page, "return window.asked") == ["/api/table"]
    assert not page.find("#breakdown").is_displayed()  # folded until asked
    page.press("#show-breakdown")
    lines = [b.text.replace("\n", " | ") for b in page.driver.find_elements("css selector", "#breakdown button")]
    # The command line's lines (score's text output), a player's part under the player's total.
    assert lines[:3] == ["Orange | 48", "Lit buildings (S1) | 33", "A  6 x 1 = 6   lamps: C1"]
    assert "Unbuilt (S3) | -3" in lines
    assert "1 left (size 4)" in lines
    assert lines[-1] == "RESULT: blue wins, orange 48 - blue 57"
    # Blue's Le Peintre line shows what it counted: the painter's area (and asks for that overlay).
    card = next(
        b for b in page.driver.find_elements("css selector", "#breakdown button.counts") if "Le Peintre" in b.text
    )
    assert card.text == "Le Peintre: 4 (2 lamps in the painter's area: C1, D3)"
    page.click(card)
    assert marked(page, "#overlay rect.highlight") == {"C1", "D1", "D2", "D3"}
    page.wait_for(lambda: script(page, "return document.querySelector('#picture .overlay.painter') !== null"))
    labels = [b.text for b in page.driver.find_elements("css selector", "#overlay-toggles button")]
    assert "large-light" not in labels
    assert "Large streetlight's reach" in labels


HOLD_ANSWERS = """
window.asked = []; window.held = []; window.inFlight = 0; window.most = 0;
const ask = window.fetch;
window.fetch = (...a) => {
  if (!String(a[0]).startsWith('/api/table')) return ask(...a);
  window.asked.push(a[1].body);
  window.most = Math.max(window.most, ++window.inFlight);
  return new Promise((go) => window.held.push(go)).then(() => ask(...a)).finally(() => { window.inFlight -= 1; });
};
"""
"""The page's requests for /api/table recorded (their bodies), and held back until the test lets each go."""


def test_a_tap_asks_at_once_and_taps_meanwhile_ask_once_more_for_the_latest_entry(page: Page) -> None:
    """No fixed wait before asking (docs/table.md, "The API"): a tap asks the referee at once; the taps made while it
    thinks ask once more, for the latest entry, once it answers; never two requests at once. The totals stay marked
    as not up to date ("busy") until the latest entry's answer shows."""
    load(page, RULEBOOK)
    page.tool("erase")
    page.reach(page.board)
    script(page, HOLD_ANSWERS)
    stored = [page.stored_json()]
    for building in paris_score.rulebook_example().buildings[:3]:  # a space of each of three buildings erased
        page.touches([page.centre(next(scan(building.cells)))])
        page.wait_for(lambda: page.stored_json() != stored[-1], "the tap changed nothing")
        stored.append(page.stored_json())
        page.wait_for(lambda: script(page, "return window.asked.length") == 1, "the first tap did not ask at once")
    assert script(page, "return document.body.classList.contains('busy')")
    script(page, "window.held.shift()()")  # the first answer: of an older entry, so the page asks again
    page.wait_for(lambda: script(page, "return window.asked.length") == 2, "no request for the latest entry")
    assert script(page, "return document.body.classList.contains('busy')")
    assert [json.loads(body) for body in script(page, "return window.asked")] == [
        json.loads(stored[1]),
        json.loads(stored[3]),
    ]
    assert page.totals()[:2] == ("48", "57")  # not the first answer's: not up to date
    script(page, "window.held.shift()()")
    page.settle()
    report = paris_score.score(page.stored())
    assert page.totals()[:2] == (str(report.orange.total), str(report.blue.total)) != ("48", "57")
    assert script(page, "return [window.asked.length, window.most]") == [2, 1]


def test_the_rulebook_example_by_taps_on_a_phone(page: Page) -> None:
    """The count docs/table.md gives: at most 50 presses (taps, drags, buttons) and 2 scrolls, as before."""
    position = paris_score.rulebook_example()
    page.presses = page.scrolls = 0
    script(page, "window.scrollTo(0, 0)")
    enter(page, position)
    page.wait_for_totals(LEGAL)
    assert not differences(page.stored(), position)
    print(f"\nthe rulebook example on a phone: {page.presses} presses, {page.scrolls} scrolls")
    assert page.presses <= 50
    assert page.scrolls <= 2
    assert script(page, "return [innerWidth, document.documentElement.scrollWidth]") == [390, 390]  # no sideways


def docs_share_link() -> str:
    """The rulebook example's share link docs/table.md gives (its "The share link" section)."""
    text = (ROOT / "docs" / "table.md").read_text("utf-8")
    (code,) = re.findall(r"^#position=([A-Za-z0-9_-]+)$", text, re.MULTILINE)
    return code


def test_the_docs_share_link_is_the_rulebook_example_as_the_docs_say_to_make_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code = docs_share_link()
    decoded = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    assert json.loads(decoded) == json.loads(RULEBOOK)
    # The Python the docs give to make a link makes one of the same position.
    text = (ROOT / "docs" / "table.md").read_text("utf-8")
    (example,) = [b for b in re.findall(r"```python\n(.*?)```", text, re.DOTALL) if "#position=" in b]
    monkeypatch.chdir(ROOT)
    exec(example, {})
    made = capsys.readouterr().out.strip().removeprefix("#position=")
    assert json.loads(base64.urlsafe_b64decode(made + "=" * (-len(made) % 4))) == json.loads(RULEBOOK)


def test_the_docs_share_link_opens_the_rulebook_example(page: Page, server: TableServer) -> None:
    page.open(link(server, docs_share_link()))
    page.wait_for_totals(LEGAL)
    assert not differences(page.stored(), paris_score.loads(RULEBOOK))
