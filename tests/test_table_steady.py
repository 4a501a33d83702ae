"""Nothing moves under the finger, nothing changes without a word (docs/table.md, issue 27): on a 390 x 844 phone with
a touch screen (844 x 390 held sideways), in headless Chromium, waiting for the page's own signals, never for time.
"""

from __future__ import annotations

import json
from typing import Any

import paris_score
from tests.test_serve_browser import Page, browser, check_pixels  # noqa: F401  (browser: a fixture)
from tests.test_table_page import RULEBOOK, load, marked, phone_page, rulebook, script  # noqa: F401  (the "page")

CONTROLS = "#tools button, #new-building, #delete-building, #clear, #undo, #redo"
PLACES = f"""
return [...document.querySelectorAll('{CONTROLS}')].map((b) => {{
  const r = b.getBoundingClientRect();
  return [b.id || b.dataset.tool, r.left, r.top + scrollY, r.width, r.height];
}});
"""
CHANGES = """
window.changes = [];
const line = document.getElementById('change');
new MutationObserver(() => { if (!line.hidden) window.changes.push(line.textContent); })
  .observe(line, {childList: true, characterData: true, subtree: true, attributes: true});
"""
"""Every text the header's change line shows, in order, in ``window.changes``."""


def places(page: Page) -> list[Any]:
    """Where each tool, Undo and Redo are on the page, scrolled to the top (the header's Undo is sticky)."""
    script(page, "window.scrollTo(0, 0)")
    return list(script(page, PLACES))


def reserve(page: Page, player: str) -> list[int]:
    return [int(n) for n in json.loads(page.stored_json()).get("reserve", {}).get(player, [])]


def centre(page: Page, element: Any) -> tuple[float, float]:
    x, y = script(
        page,
        "const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];",
        element,
    )
    return float(x), float(y)


# -- 1. a control never moves while the player taps ---------------------------------------------------------------


def test_two_quick_taps_on_plus_five_add_two_fives(page: Page) -> None:
    """The reserve's buttons sit under the row its chips fill: the second tap lands on "+5" again."""
    load(page, json.dumps(rulebook(reserve={"orange": [5, 5], "blue": [5]})))
    buttons = page.driver.find_elements("css selector", '#reserves [data-player="blue"] .add')
    plus5 = next(b for b in buttons if b.text == "+5")
    page.reach(plus5)
    before = places_of(page, "#reserves button")
    point = centre(page, plus5)
    page.touches([point])
    page.touches([point])  # at once: the first tap's chip is drawn before the second lands
    page.wait_for(lambda: len(reserve(page, "blue")) == 3, "not two more sizes")
    assert reserve(page, "blue") == [5, 5, 5]
    assert places_of(page, "#reserves .buttons button") == [p for p in before if "chip" not in p[0]]


def places_of(page: Page, css: str) -> list[Any]:
    return list(
        script(
            page,
            "return [...document.querySelectorAll(arguments[0])].map((b) => {"
            "const r = b.getBoundingClientRect(); return [b.className + ' ' + b.textContent, r.left, r.top]; })",
            css,
        )
    )


def test_the_tools_and_undo_stay_put_whatever_the_verdict_says(page: Page) -> None:
    """A fixed slot for the verdict, a fixed hint, Undo and Redo in the header: from an empty board to a legal score,
    many problems, every problem listed, a referee that does not answer, a long message."""
    seen = {"empty board": places(page)}
    seven = rulebook()
    seven["ground"][0] = "oooobbbb"  # C1 no longer a streetlight space: one problem, longer than the slot
    load(page, json.dumps(seven))
    assert len(page.driver.find_elements("css selector", "#problems li")) == 1
    seen["one long problem"] = places(page)
    # "More" shows it whole, over the tools too.
    page.wait_for(lambda: page.find("#more-problems").is_displayed(), "no way to read the whole problem")
    assert page.text("#more-problems") == "More"
    page.press("#more-problems")
    whole = "const t = document.querySelector('#problems .text'); return t.scrollHeight <= t.clientHeight;"
    assert script(page, whole)
    seen["the problem read whole"] = places(page)
    page.press("#more-problems")
    assert page.text("#more-problems") == "More"
    load(page, RULEBOOK)
    seen["legal"] = places(page)
    load(page, json.dumps(rulebook(reserve={"orange": [6, 6, 6], "blue": [4]}, postcards={"in_play": []})))
    assert len(page.driver.find_elements("css selector", "#problems li")) >= 3
    seen["problems"] = places(page)
    page.press("#more-problems")
    assert page.find("#problems li:last-child").is_displayed()
    seen["every problem listed"] = places(page)
    on_screen = script(
        page,
        "return [...document.querySelectorAll('#tools button')].every((b) => b.getBoundingClientRect().bottom"
        " <= innerHeight)",
    )
    assert on_screen  # laid over the tools, never pushing them down
    page.press("#more-problems")
    script(page, "document.body.classList.add('stale'); document.getElementById('stale').hidden = false;")
    script(page, "stale(true)")  # what the page shows when the referee does not answer
    assert page.text("#verdict") == "The referee does not answer"
    seen["no answer"] = places(page)
    page.tool("building-blue")
    page.stroke([39, 47])  # from building G (H5) onto H6: a new building, and a long message in the hint
    page.wait_for(lambda: page.text("#hint").startswith("New building"), "no message")
    seen["a long message"] = places(page)
    for state, where in seen.items():
        assert where == seen["empty board"], state


# -- 2. a change says what it changed, next to the totals -----------------------------------------------------------


def statue_game(facing: str) -> dict[str, Any]:
    """The rulebook example with Le Penseur in Lampadaire's place, the statue on G5: its facing turns the game."""
    doc = rulebook(reserve={"orange": [5, 5], "blue": [4, 5]})
    cards = doc["postcards"]
    cards["in_play"] = [c if c != "lampadaire" else "le-penseur" for c in cards["in_play"]]
    cards["blue"] = [c if c != "lampadaire" else "le-penseur" for c in cards["blue"]]
    del doc["pieces"]["streetlight"]
    doc["pieces"]["statue"] = {"at": "G5", "facing": facing}
    return doc


def said(before: str, after: str, what: str) -> str:
    """The change line the page must show: ``what``, then how the library's totals and winner moved."""
    a = paris_score.score(paris_score.loads(json.dumps(statue_game(before))))
    b = paris_score.score(paris_score.loads(json.dumps(statue_game(after))))
    moved = [f"{p} {a[p].total} → {b[p].total}" for p in paris_score.Player if a[p].total != b[p].total]
    text = f"{what}; {', '.join(moved) or 'score unchanged'}"
    return text if a.winner == b.winner else f"{text}; {b.winner} wins"


def test_a_tap_that_changes_the_score_says_what_it_changed_with_undo_at_hand(page: Page) -> None:
    load(page, json.dumps(statue_game("up")))
    assert page.totals() == ("48", "53", "blue wins")
    script(page, CHANGES)
    page.tool("statue")
    page.stroke([38])  # G5: up -> right, orange wins now
    page.wait_for_totals(("48", "47", "orange wins"))
    assert page.text("#change") == said("up", "right", "Statue turned: faces right")
    assert page.find("#change").is_displayed()

    # A double tap turns it twice: never silently, even where the total ends where it was.
    script(page, "window.changes = []")
    page.touches([page.centre(38)])
    page.touches([page.centre(38)])
    page.wait_for(lambda: json.loads(page.stored_json())["pieces"]["statue"]["facing"] == "left")
    page.settle()
    assert page.totals() == ("48", "47", "orange wins")
    together = f"2 changes, the last: {said('right', 'left', 'statue turned: faces left')}"
    one_by_one = [said("right", "down", "Statue turned: faces down"), said("down", "left", "Statue turned: faces left")]
    assert page.text("#change") in (together, one_by_one[1])
    if page.text("#change") == one_by_one[1]:
        assert one_by_one[0] in script(page, "return window.changes")

    # Undo, beside the line, in the header: one tap.
    undo = page.find("#undo")
    assert undo.is_displayed()
    assert script(page, "return document.querySelector('header.top').contains(arguments[0])", undo)
    page.press("#undo")
    page.wait_for_totals(("48", "53", "blue wins"))
    assert page.text("#change") == said("left", "down", "Undone: statue turned: faces down")
    # It goes after a few seconds, the title back in its place.
    page.wait_for(lambda: not page.find("#change").is_displayed(), "the change line stayed")
    assert page.find("header.top h1").is_displayed()


# -- 3. sideways ----------------------------------------------------------------------------------------------------


def test_held_sideways_the_whole_board_is_on_screen_with_the_tools_beside_it(page: Page) -> None:
    page.driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 844, "height": 390, "deviceScaleFactor": 1, "mobile": True}
    )
    load(page, RULEBOOK)
    board = "const b = document.getElementById('board').getBoundingClientRect();"
    whole = (
        f"{board} const top = document.querySelector('header.top').getBoundingClientRect().bottom;"
        "return b.top >= top && b.bottom <= innerHeight && b.left >= 0 && b.right <= innerWidth;"
    )
    script(page, "window.scrollTo(0, 0)")
    assert script(page, whole)
    tools = "[...document.querySelectorAll('#tools button')]"
    beside = f"{board} return {tools}.every((t) => t.getBoundingClientRect().left >= b.right);"
    assert script(page, beside)
    assert script(page, "return document.querySelector('#tools button').getBoundingClientRect().bottom <= innerHeight")
    script(page, "document.getElementById('cards').scrollIntoView()")  # down to the postcards: the board stays
    assert script(page, "return scrollY") > 0
    assert script(page, whole)
    page.board = page.find("#overlay")
    page.tool("ground-m")
    page.touches([page.centre(63)])  # H8, the far corner
    page.wait_for(lambda: page.stored().ground.mixed >> 63 & 1, "H8 not painted")


# -- 4, 5, 7: buildings, annexes and hints -----------------------------------------------------------------------


def test_a_reload_in_the_middle_of_a_building_keeps_it_open(page: Page) -> None:
    page.tool("building-blue")
    page.stroke([0])  # A1: building A
    page.wait_for(lambda: len(page.stored().buildings) == 1)
    page.settle()
    page.reload()
    page.stroke([1])  # B1 joins A
    page.wait_for(lambda: page.stored().buildings[0].cells == 0b11, "B1 did not join A")
    assert len(page.stored().buildings) == 1


def test_the_hint_says_what_the_next_tap_does_after_new_building_and_two_taps(page: Page) -> None:
    page.tool("building-blue")
    page.press("#new-building")
    assert page.text("#hint") == "The next tap or drag starts a new building."
    page.stroke([0])
    page.wait_for(lambda: len(page.stored().buildings) == 1)
    page.stroke([1])
    page.wait_for(lambda: page.stored().buildings[0].cells == 0b11)
    assert page.text("#hint") == "Tap a space next to building A to add it; New building starts another."


ANNEX_GAME = {
    "format": "paris-position/1",
    "ground": ["bbbboooo", "bbbboooo", "bbbboooo"] + ["oooooooo"] * 5,
    "buildings": [
        {"id": "A", "owner": "blue", "cells": ["A1", "B1", "C1"]},
        {"id": "B", "owner": "blue", "cells": ["A3", "B3", "C3"]},
    ],
    "postcards": {"in_play": ["bouquinistes"], "orange": [], "blue": ["bouquinistes"]},
}


def test_an_annex_names_its_building_and_beside_two_the_page_asks_which(page: Page) -> None:
    load(page, json.dumps(ANNEX_GAME))
    before = page.stored_json()
    page.tool("annex")
    page.stroke([8])  # A2: beside A1 (building A) and A3 (building B)
    page.wait_for(lambda: page.text("#hint") == "The annex on A2 touches A and B: tap the building it joins.")
    assert page.stored_json() == before  # nothing placed yet
    assert marked(page, "#overlay rect.choice") == {"A1", "B1", "C1", "A3", "B3", "C3"}
    page.stroke([18])  # C3: building B
    page.wait_for(lambda: page.stored().building("B").annex == 8, "the annex did not join B")
    assert page.stored().building("A").annex is None
    page.settle()
    assert page.text("#change").startswith("Annex on A2 joins building B; ")
    assert (
        page.text("#hint") == "Tap the free space the annex stands on, beside its building; tap it again to remove it."
    )
    page.press("#undo")
    page.wait_for(lambda: page.stored().building("B").annex is None)
    page.stroke([3])  # D1: beside building A only
    page.wait_for(lambda: page.stored().building("A").annex == 3)
    page.settle()
    assert page.text("#change").startswith("Annex on D1 joins building A; ")


# -- 6, 8: what the referee says ----------------------------------------------------------------------------------


def test_an_empty_board_names_no_winner_anywhere(page: Page) -> None:
    breakdown = "return document.getElementById('breakdown').textContent"
    page.wait_for_totals(("0", "0", "the board is empty"))
    assert "wins" not in script(page, breakdown)
    page.tool("ground-b")
    page.stroke([0])
    page.wait_for_totals(("0", "0", "no buildings yet"))
    assert "wins" not in script(page, breakdown)
    assert "no reserve given for orange" in script(page, breakdown)  # the other notes stay


def test_two_buildings_on_one_space_name_the_space(page: Page) -> None:
    doc = rulebook()
    doc["buildings"].append({"id": "Z", "owner": "blue", "cells": ["H8", "G8", "G7"]})  # H's G7 H8 too
    load(page, json.dumps(doc))
    page.press("#more-problems")
    problems = [li.text for li in page.driver.find_elements("css selector", "#problems li")]
    assert "Breaks a rule Building H and building Z both stand on G7, H8 W1" in problems


# -- 10, 11: the phone's dark mode, Drag to paint kept ------------------------------------------------------------


def luminance(rgb: str) -> float:
    r, g, b = (int(v) for v in rgb.removeprefix("rgb(").removesuffix(")").split(", ")[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def test_dark_mode_follows_the_phone_and_the_board_keeps_its_colours(page: Page) -> None:
    colours = "const s = getComputedStyle(document.documentElement); return [s.backgroundColor, s.color];"
    load(page, RULEBOOK)
    background, ink = script(page, colours)
    assert luminance(background) > 0.8
    assert luminance(ink) < 0.3
    page.driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]}
    )
    try:
        page.wait_for(lambda: luminance(script(page, colours)[0]) < 0.15, "the page did not turn dark")
        background, ink = script(page, colours)
        assert luminance(ink) > 0.8
        assert (
            luminance(script(page, "return getComputedStyle(document.querySelector('.panel')).backgroundColor")) < 0.2
        )
        png, board = page.screenshot("phone")
        check_pixels(png, board, paris_score.loads(RULEBOOK), (390, 844))  # every colour of the board told apart
    finally:
        page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_drag_to_paint_is_kept_across_a_reload_as_the_tool_is(page: Page) -> None:
    page.tool("ground-m")
    page.press("#drag-paint")
    page.reload()
    assert page.find("#drag-paint").get_attribute("aria-pressed") == "true"
    assert page.drag_paints
    page.stroke([0, 1, 2])  # a finger's drag paints
    page.wait_for(lambda: page.stored().ground.mixed == 0b111, "the drag did not paint A1, B1 and C1")
