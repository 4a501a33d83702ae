"""The table page's second game, Paris (2020), on a 390 x 844 phone (docs/table.md, "Paris (2020)").

The form is filled as a player does, then the page's own signal (``data-p2020="done"`` on the body, set once
the latest change is answered) is waited for, never time. Its share link, files opened and downloaded: "In and out".
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from paris_score.paris2020 import final_to_dict, load_final, loads_final
from paris_score.paris2020.text import dumps_text
from paris_score_cli.app import cli
from paris_score_cli.serve import TableServer
from tests.test_serve_browser import SAVE_DOWNLOADS, Page, browser  # noqa: F401  (browser: the fixture)

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "paris2020"


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


def fill_in(page: Page, path: str, text: str) -> None:
    """Put ``text`` in the field at ``path`` as a phone's keyboard suggestion does: the value set, one input event.

    The static page's tests enter the form so: there, keys chromedriver sends to a field sometimes reach its
    keydown but insert nothing (in about 1 run of 3, with headless Chromium, whatever the page is doing; the served
    page's tests type every key)."""
    element = field(page, path)
    page.click(element)
    page.driver.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}))",
        element,
        text,
    )


def choose(page: Page, path: str, name: str) -> None:
    from selenium.webdriver.support.ui import Select

    element = field(page, path, "select")
    page.reach(element)
    Select(element).select_by_visible_text(name)


def error_at(page: Page, path: str) -> str:
    return str(field(page, path, ".field-error").text)


def totals(page: Page) -> tuple[str, str]:
    return " ".join(page.text("#p2020-totals").split()), page.text("#p2020-winner")


def enter_belleville(page: Page, enter: Callable[[Page, str, str], None] = type_in, wins: str = "Ula wins") -> None:
    """The rulebook's Belleville example (examples/paris2020/belleville.json) typed in on a fresh form (``wins``: its
    winner as the page's language says it)."""
    for i, name in enumerate(("Ula", "Marek")):
        enter(page, f"players[{i}].name", name)
        enter(page, f"players[{i}].points", "0")  # the number fields start empty
        enter(page, f"players[{i}].francs", "0")
    enter(page, "districts[0].name", "Belleville")
    enter(page, "districts[0].scoring", "18 9 4")
    enter(page, "districts[0].properties[0].value", "12")
    choose(page, "districts[0].properties[0].owners[0]", "Ula")
    page.press("#p2020 .add-property")
    enter(page, "districts[0].properties[1].value", "5")
    choose(page, "districts[0].properties[1].owners[0]", "Marek")
    done(page)
    assert totals(page) == ("Ula 18 Marek 0", wins)


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
    for i in range(2):
        type_in(page, f"players[{i}].name", "Ula")
        type_in(page, f"players[{i}].points", "0")
        type_in(page, f"players[{i}].francs", "0")
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


# -- in and out: the share link, files ---------------------------------------------------------------------------


def share_link(url: str, document: bytes) -> str:
    """The form's share link for a paris2020-final/1 document (docs/table.md): base64url, no padding."""
    return url + "#game=paris2020&final=" + base64.urlsafe_b64encode(document).decode().rstrip("=")


def visit(page: Page, url: str) -> None:
    """Open ``url`` as a new visit (not a change of the address of the page shown), then wait for its answer."""
    page.driver.get("about:blank")
    page.open(url)
    done(page)


def alert(page: Page) -> str:
    return str(
        page.driver.execute_script(
            "const a = document.getElementById('p2020-alert'); return a.hidden ? '' : a.textContent"
        )
    )


def test_the_share_link_holds_the_entry_and_a_damaged_one_keeps_the_last(page: Page) -> None:
    enter_belleville(page)
    page.press("#p2020-share")
    link = page.find("#p2020-share-link").get_attribute("value")
    assert page.driver.current_url == link
    assert page.text("#p2020-io-hint").endswith("it holds the whole entry.")
    code = link.removeprefix(page.url + "#game=paris2020&final=")
    shared = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    belleville = final_to_dict(load_final(EXAMPLES / "belleville.json"))
    del belleville["note"]  # the example's note, which the form does not hold when typed in
    assert final_to_dict(loads_final(shared)) == belleville

    # Opened with the browser's storage emptied, the link fills the form; the next change takes it out of the address.
    page.driver.execute_script("localStorage.clear()")
    visit(page, link)
    assert totals(page) == ("Ula 18 Marek 0", "Ula wins")
    assert field(page, "districts[0].scoring").get_attribute("value") == "18 9 4"
    assert page.text('#p2020 [data-path="districts[0].properties[1].owners[0]"] option:checked') == "Marek"
    assert alert(page) == ""
    type_in(page, "players[1].points", "20")
    done(page)
    assert page.driver.current_url == page.url + "#game=paris2020"
    assert totals(page) == ("Ula 18 Marek 20", "Marek wins")

    # A damaged link (a character altered, then a document the form cannot hold) is said at the top; the entry stays.
    visit(page, link[:-3] + "!" + link[-2:])
    assert alert(page).startswith(f'This share link is damaged: a stray "!" at character {len(code) - 2}')
    assert alert(page).endswith("The last entry is shown instead.")
    assert totals(page) == ("Ula 18 Marek 20", "Marek wins")
    three = json.dumps(
        {
            "format": "paris2020-final/1",
            "players": [{"name": n, "points": 1, "francs": 0} for n in "ABCDE"],
            "districts": [],
        }
    )
    page.driver.get(share_link(page.url, three.encode()))  # the address changed on the page shown: no new visit
    page.wait_for(lambda: alert(page) != "", "no alert")
    assert (
        alert(page)
        == "This share link is damaged: it has 5 players; the form takes 2 to 4. The last entry is shown instead."
    )
    done(page)
    assert totals(page) == ("Ula 18 Marek 20", "Marek wins")
    # The next change takes the alert away; the board's links still open the board.
    type_in(page, "players[1].points", "0")
    done(page)
    assert alert(page) == ""
    page.press('.games a[href="#game=cite"]')
    page.wait_for(lambda: page.find("#board").is_displayed(), "the board is not back")
    # The board's share link opens the board, whichever game was shown last.
    page.press('a.games[href="#game=paris2020"]')
    page.wait_for(lambda: page.find("#p2020").is_displayed(), "the form is not shown")
    rulebook = (EXAMPLES.parent / "rulebook.json").read_bytes()
    page.driver.get("about:blank")
    page.open(page.url + "#position=" + base64.urlsafe_b64encode(rulebook).decode().rstrip("="))
    page.wait_for_totals(("48", "57", "blue wins"))
    assert page.find("#board").is_displayed()
    assert not page.find("#p2020").is_displayed()


def as_text(name: str, folder: Path) -> Path:
    """The example ``examples/paris2020/NAME.json`` written in the text form, as ``folder/NAME.txt``."""
    text = folder / f"{name}.txt"
    text.write_text(dumps_text(load_final(EXAMPLES / f"{name}.json")), "utf-8")
    return text


def opened(page: Page, path: Path) -> str:
    """Open the file at ``path`` with "Open a file…", then wait for what the page says of it."""
    before = page.text("#p2020-io-hint")
    page.find("#p2020-upload").send_keys(str(path))
    page.wait_for(lambda: page.text("#p2020-io-hint") != before, f"nothing said of {path.name}")
    done(page)
    return page.text("#p2020-io-hint")


def test_files_open_in_either_form_and_the_download_is_what_the_cli_scores(page: Page, tmp_path: Path) -> None:
    """A paris2020-final/1 file and the text form fill the form (its note kept); unreadable ones are said, the form
    kept; the download is a file ``paris2020 score`` reads, the same end of game."""
    montmartre = EXAMPLES / "montmartre.json"
    assert opened(page, montmartre) == "Opened montmartre.json."
    assert totals(page) == (
        "Ula 4 Marysia 16 Piotr 0 Marek 16",
        "Marysia and Marek share the win: tied on points, francs and property value (K7)",
    )
    page.driver.execute_script(SAVE_DOWNLOADS)
    page.press("#p2020-download")
    page.wait_for(lambda: page.driver.execute_script("return window.saved['paris2020-final.json']"), "no download")
    saved = tmp_path / "saved.json"
    saved.write_text(page.driver.execute_script("return window.saved['paris2020-final.json']"), "utf-8")
    assert final_to_dict(load_final(saved)) == final_to_dict(load_final(montmartre))  # the note too
    assert page.text("#p2020-io-hint") == "Saved: paris-score paris2020 score reads it."
    result = CliRunner().invoke(cli, ["paris2020", "score", str(saved), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert {p["name"]: p["total"] for p in json.loads(result.output)["players"]} == {
        "Ula": 4,
        "Marysia": 16,
        "Piotr": 0,
        "Marek": 16,
    }

    assert opened(page, as_text("belleville", tmp_path)) == "Opened belleville.txt. Bring back the entry you had"
    assert totals(page) == ("Ula 18 Marek 0", "Ula wins")
    # The entry a file replaced comes back at a press (the form has no undo); a second press brings the file's back.
    page.press("#p2020-back")
    done(page)
    assert page.text("#p2020-io-hint") == "The entry you had is back. Bring back the entry you had"
    assert totals(page)[0] == "Ula 4 Marysia 16 Piotr 0 Marek 16"
    page.press("#p2020-back")
    done(page)
    assert totals(page) == ("Ula 18 Marek 0", "Ula wins")

    picture = tmp_path / "board.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(32))
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"format": "paris2020-final/1", "players": [}', "utf-8")
    stranger = tmp_path / "stranger.txt"
    stranger.write_text(
        "player Ula: 3 points, 2 francs\nplayer Marek: 1 point, 0 francs\n\ndistrict B: 18 9\n4 Ula\n2 Zoe\n"
    )
    for path, error in (
        (
            picture,
            "this is not a text file (a PNG picture?): "
            "open a paris2020-final/1 JSON document (.json) or the text form (.txt)",
        ),
        (bad_json, "line 1, col 45: not valid JSON: Expecting value"),
        (stranger, "line 6: 'Zoe' is not a player; the players are 'Ula' and 'Marek'"),
    ):
        assert opened(page, path) == f"Not opened: {path.name} cannot be read (below). The form is as it was."
        assert page.text("#p2020-io-errors") == error
        assert totals(page) == ("Ula 18 Marek 0", "Ula wins")
        assert field(page, "districts[0].name").get_attribute("value") == "Belleville"
    # An entry with errors downloads as it is, said to need them put right.
    type_in(page, "players[1].francs", "x")
    done(page)
    assert page.text("#p2020-io-errors") == ""  # what was said of the last file is out of date
    # The file saved before is forgotten first: its note's "example" holds an "x" too, and the new file is read
    # (Blob.text) after the press returns, so waiting for an "x" could take the old file for the new one.
    page.driver.execute_script("delete window.saved['paris2020-final.json']")
    page.press("#p2020-download")
    page.wait_for(lambda: page.driver.execute_script("return window.saved['paris2020-final.json'] || null"))
    assert (
        json.loads(page.driver.execute_script("return window.saved['paris2020-final.json']"))["players"][1]["francs"]
        == "x"
    )
    assert page.text("#p2020-io-hint").startswith("Saved as it is, with the errors marked above")


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


# -- on a phone: the number pad, empty fields, links at the top -----------------------------------------------------


def test_number_fields_start_empty_and_take_what_is_typed(page: Page) -> None:
    """A field that started at "0" made "045" of a tap and "45" (the caret after the 0)."""
    for path in ("players[0].points", "players[0].francs", "players[1].points", "players[1].francs"):
        assert field(page, path).get_attribute("value") == ""
    element = field(page, "players[0].points")
    page.click(element)
    element.send_keys("45")  # no clearing first, as a finger types
    done(page)
    assert element.get_attribute("value") == "45"
    assert error_at(page, "players[0].points") == ""


@pytest.mark.parametrize("tile", ["18.9.4", "18,9,4"])
def test_a_scoring_tile_is_typed_on_a_phone_s_number_pad(page: Page, tile: str) -> None:
    """The number pad (inputmode decimal) has no space key: its "." or "," separates the tile's values."""
    assert field(page, "districts[0].scoring").get_attribute("inputmode") == "decimal"
    enter_belleville(page, lambda p, path, text: type_in(p, path, tile if path.endswith("scoring") else text))
    assert field(page, "districts[0].scoring").get_attribute("value") == tile
    assert totals(page) == ("Ula 18 Marek 0", "Ula wins")


def test_a_share_link_opens_at_the_top_of_the_form(page: Page) -> None:
    enter_belleville(page)
    page.press("#p2020-share")  # at the bottom of the form
    assert page.driver.execute_script("return scrollY") > 0
    doc = final_to_dict(load_final(EXAMPLES / "belleville.json"))
    doc["players"][1]["points"] = 20
    page.driver.get(share_link(page.url, json.dumps(doc).encode()))  # the address changes on the page shown
    page.wait_for(lambda: totals(page) == ("Ula 18 Marek 20", "Marek wins"), "the link was not opened")
    assert page.driver.execute_script("return scrollY") == 0
