"""The table page's second game, Paris (2020), on a 390 x 844 phone (docs/table.md, "Paris (2020)").

The form is filled as a player does, then the page's own signal (``data-p2020="done"`` on the body, set once
the latest change is answered) is waited for, never time.
"""

from __future__ import annotations

from typing import Any

import pytest

from paris_score_cli.serve import TableServer
from tests.test_serve_browser import Page, browser  # noqa: F401  (browser: the fixture)


@pytest.fixture
def page(server: TableServer, browser: Any) -> Any:  # noqa: F811  (the imported fixture)
    """The Paris (2020) form on a phone, with the browser's storage emptied."""
    page = Page(browser, server.url)
    page.fresh()
    page.phone()
    page.open(server.url + "#game=paris2020")
    done(page)
    yield page
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def done(page: Page) -> None:
    """Wait for the page to have answered the latest change."""
    page.wait_for(lambda: page.driver.execute_script("return document.body.dataset.p2020") == "done", "no answer")


def field(page: Page, path: str, css: str = "input") -> Any:
    return page.find(f'#p2020 [data-path="{path}"] > {css}')


def type_in(page: Page, path: str, text: str) -> None:
    """Empty the field at key path ``path`` and type ``text`` in it, as on a phone (scrolled to, tapped)."""
    element = field(page, path)
    page.click(element)
    element.clear()
    element.send_keys(text)


def choose(page: Page, path: str, name: str) -> None:
    from selenium.webdriver.support.ui import Select

    element = field(page, path, "select")
    page.reach(element)
    Select(element).select_by_visible_text(name)


def error_at(page: Page, path: str) -> str:
    return str(field(page, path, ".field-error").text)


def totals(page: Page) -> tuple[str, str]:
    return " ".join(page.text("#p2020-totals").split()), page.text("#p2020-winner")


def enter_belleville(page: Page) -> None:
    """The rulebook's Belleville example (examples/paris2020/belleville.json) typed in on a fresh form."""
    type_in(page, "players[0].name", "Ula")
    type_in(page, "players[1].name", "Marek")
    type_in(page, "players[1].francs", "0")
    type_in(page, "districts[0].name", "Belleville")
    type_in(page, "districts[0].scoring", "18 9 4")
    type_in(page, "districts[0].properties[0].value", "12")
    choose(page, "districts[0].properties[0].owners[0]", "Ula")
    page.press("#p2020 .add-property")
    type_in(page, "districts[0].properties[1].value", "5")
    choose(page, "districts[0].properties[1].owners[0]", "Marek")
    done(page)
    assert totals(page) == ("Ula 18 Marek 0", "Ula wins")


def test_the_belleville_example_entered_by_the_form_on_a_phone(page: Page) -> None:
    assert page.driver.execute_script("return getComputedStyle(document.querySelector('main.cite')).display") == "none"
    type_in(page, "players[0].name", "Ula")
    type_in(page, "players[1].name", "Marek")
    type_in(page, "players[1].francs", "x")
    done(page)
    assert error_at(page, "players[1].francs") == 'enter a whole number, not the text "x"'
    assert field(page, "players[1].francs").get_attribute("aria-invalid") == "true"
    enter_belleville(page)
    assert error_at(page, "players[1].francs") == ""
    standings = page.text("#p2020-result .p2020-standings")
    assert "1. Ula: 12 → 18" in standings
    assert "Marek: 5 → 0" in standings
    type_in(page, "players[1].points", "18")
    type_in(page, "players[1].francs", "3")
    done(page)
    assert totals(page) == ("Ula 18 Marek 18", "Marek wins on francs, 3 to 0 (tied on 18 points, K7)")
    # The phone: no sideways scrolling, every button and link at least 40 px high.
    script = page.driver.execute_script
    assert script("return document.documentElement.scrollWidth") <= 390
    heights = script(
        "return [...document.querySelectorAll('#p2020 button, .games a, a.games')]"
        ".filter(b => b.offsetParent).map(b => b.getBoundingClientRect().height)"
    )
    assert heights
    assert min(heights) >= 40
    # A reload finds the form and the game as they were.
    page.driver.get(page.url)
    page.ready()
    done(page)
    assert totals(page) == ("Ula 18 Marek 18", "Marek wins on francs, 3 to 0 (tied on 18 points, K7)")
    assert field(page, "districts[0].name").get_attribute("value") == "Belleville"


def test_a_referee_error_goes_next_to_its_field_and_the_link_switches_back(page: Page) -> None:
    type_in(page, "players[0].name", "Ula")
    type_in(page, "players[1].name", "Ula")
    done(page)
    assert error_at(page, "districts[0].properties[0].value") == "enter a whole number"
    type_in(page, "districts[0].name", "Belleville")
    type_in(page, "districts[0].properties[0].value", "3")
    done(page)  # read: now refereed (K1-K3)
    assert error_at(page, "districts[0].properties[0].value") == ""
    assert "at least one owner" in page.text('#p2020 [data-path="districts[0].properties[0].owners"] > .field-error')
    assert "names are distinct" in error_at(page, "players[1].name")
    assert page.text("#p2020-totals") == ""
    page.press('.games a[href="#game=cite"]')
    page.wait_for(lambda: page.find("#board").is_displayed(), "the board is not back")
    assert not page.find("#p2020").is_displayed()


def test_a_blank_form_says_the_entry_is_not_finished_not_an_error(page: Page) -> None:
    """The form as first opened: what is left to fill in is marked as to enter (amber), in a player's words."""
    assert totals(page) == ("", "entry not finished")
    assert error_at(page, "districts[0].properties[0].value") == "enter a whole number"
    colour = "return getComputedStyle(arguments[0]).color"
    error = field(page, "districts[0].properties[0].value", ".field-error")
    amber = page.driver.execute_script("return getComputedStyle(document.body).getPropertyValue('--warning')")
    assert amber.strip() == "#a86400"
    assert page.driver.execute_script(colour, error) == "rgb(168, 100, 0)"
    # A wrong entry is an error again, in red.
    type_in(page, "players[0].points", "x")
    done(page)
    assert totals(page) == ("", "the end of game cannot be scored")
    assert page.driver.execute_script(colour, field(page, "players[0].points", ".field-error")) == "rgb(214, 40, 40)"
