"""The table page in the player's language (docs/languages.md, docs/table.md "Languages"): in headless Chromium on a
390 x 844 phone with a touch screen (844 x 390 held sideways), the browser's languages set as a phone's settings set
them, waiting for the page's own signals, never for time.

- A Polish browser gets the page in Polish: no English word of the interface on it (the words of the English
  catalog that the Polish one has not: names, codes and numbers are the same in both), its problems and every line
  of its breakdown the library's Polish of the same texts, the Paris (2020) form too.
- The switch in the header changes the language at once, and a reload keeps it; a share link holds no language.
- The page says every text of the referee's answers as the library does, in every language.
- Long words move nothing: in every language, no button, verdict, flag or winner is cut, the header keeps its rows,
  nothing is wider than the screen, every tool's hint fits its two lines, and the tools and Undo stay put whatever
  the verdict says.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

import paris_score
from paris_score.i18n import render
from paris_score.i18n.catalogs import LANGUAGES, catalog_json
from paris_score.i18n.page_words import WORDS
from paris_score.report import lines
from paris_score_cli.serve import TableServer
from tests.test_i18n import TEXTS
from tests.test_paris2020_page import done, enter_belleville, error_at, type_in
from tests.test_serve_browser import SIZES, Page, browser  # noqa: F401  (browser: the fixture)
from tests.test_table_page import RULEBOOK, load, rulebook, script
from tests.test_table_steady import PLACES

WORD = re.compile(r"[^\W_]{2,}")
"""A word of a text: letters (a token with a digit, such as ``square2`` or ``S1``, is a code, the same everywhere)."""
CODE = re.compile(r"\{[^}]*\}|[\w-]+/\d+")
"""What is no word: a placeholder, a format's name (``paris2020-final/1``)."""
VISIBLE = """
const texts = [document.title, document.body.innerText];
for (const el of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
  if (el.closest('[hidden]') || getComputedStyle(el).display === 'none') continue;
  texts.push(el.title || '', el.getAttribute('aria-label') || '', el.getAttribute('placeholder') || '');
}
return texts.join('\\n');
"""
"""Every word a player can read on the page: its text as shown, and the titles and labels of what is shown."""


def words(messages: dict[str, Any]) -> set[str]:
    said = [w for m in messages.values() for w in ([m] if isinstance(m, str) else m)]
    return {word for text in said for word in WORD.findall(CODE.sub(" ", text)) if word.isalpha()}


ENGLISH_ONLY = words(catalog_json("en")["messages"]) - words(catalog_json("pl")["messages"])
"""The words of the English catalog (the page's own words, the library's messages) that the Polish one has not."""


def english_on(page: Page) -> list[str]:
    """The English words on the page as the player sees it, each with what it was said in."""
    text = script(page, VISIBLE)
    return sorted({line.strip() for line in text.splitlines() if set(WORD.findall(CODE.sub(" ", line))) & ENGLISH_ONLY})


def speak(page: Page, lang: str) -> None:
    """The browser's languages, as a phone's settings give them (``navigator.languages``, Accept-Language)."""
    agent = script(page, "return navigator.userAgent")
    page.driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": lang})


def language(page: Page) -> str:
    return str(script(page, "return document.documentElement.lang"))


@pytest.fixture(name="page")
def phone(server: TableServer, browser: Any) -> Iterator[Page]:  # noqa: F811  (the imported fixture)
    """The page on a phone, its storage emptied; the browser given back in English."""
    page = Page(browser, server.url)
    page.fresh()
    page.phone()
    yield page
    speak(page, "en-US,en")
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def open_in(page: Page, lang: str, url: str = "") -> None:
    """The page opened anew (``url``: what follows its address) by a browser speaking ``lang``."""
    speak(page, lang)
    page.driver.get("about:blank")  # a new page, even when only the fragment of the address differs
    page.open(page.url + url)
    page.wait_for(lambda: language(page) == lang.split(",")[0].split("-")[0], "not in that language")


PROBLEMS = rulebook(reserve={"orange": [6, 6, 6], "blue": [4]}, postcards={"in_play": [], "orange": [], "blue": []})
"""The rulebook example with three 6s in a reserve (the box has two, B3) and its postcards not entered: problems of
both kinds, rule broken and still to enter."""


def open_everything(page: Page) -> None:
    """Every problem listed and every line of the breakdown shown."""
    page.press("#more-problems")
    page.press("#show-breakdown")


def test_a_polish_browser_gets_the_page_in_polish_with_no_english_word(page: Page) -> None:
    assert {"building", "Postcards", "Undo", "wins", "lamps", "Lévitation"} <= ENGLISH_ONLY  # what the check looks for
    open_in(page, "pl-PL,pl,en")  # the first of the browser's languages the page speaks
    assert english_on(page) == []
    load(page, json.dumps(PROBLEMS))
    open_everything(page)
    assert page.text("#verdict").startswith("Łamie zasadę")
    assert page.text("#winner") == "wygrywa niebieski"
    assert page.find(".tool[data-tool='annex']").text == "Poddasze"
    assert english_on(page) == []
    page.press("#more-problems")  # folded back: the tools under it
    page.tool("statue")
    page.stroke([36])  # on building F: the change line, and the score without the statue (W1)
    page.wait_for(lambda: page.text("#change").startswith("Rzeźba postawiona na E5, patrzy w górę; "))
    assert english_on(page) == []


def test_problems_and_every_line_of_the_breakdown_are_the_library_s_polish(page: Page) -> None:
    open_in(page, "pl")
    load(page, json.dumps(PROBLEMS))
    open_everything(page)
    position = paris_score.loads(json.dumps(PROBLEMS))

    def said(text: Any) -> str:
        words = render(text, "pl")
        return words[0].upper() + words[1:]

    shown = script(page, "return [...document.querySelectorAll('#problems .message')].map((m) => m.textContent)")
    assert sorted(shown) == sorted(said(p.message_text) for p in paris_score.check(position))
    assert len(shown) >= 5
    shown = script(page, "return [...document.querySelectorAll('#breakdown .what')].map((m) => m.textContent)")
    assert shown == [said(line.text) for line in lines(paris_score.score(position), pad=True)]
    assert shown[1] == "Oświetlone budynki (S1)"
    cards = script(page, "return [...document.querySelectorAll('#cards td:first-child')].map((td) => td.textContent)")
    assert {"Sacré-Coeur ★", "Metropolitain ★"} <= set(cards)  # the cards as the Polish rulebook spells them


def test_the_switch_changes_the_language_at_once_and_a_reload_keeps_it(page: Page) -> None:
    from selenium.webdriver.support.ui import Select

    open_in(page, "en-US")
    load(page, RULEBOOK)
    assert page.text("#verdict") == "Legal: the score is final"
    switch = Select(page.find("#language"))
    assert [o.text for o in switch.options] == list(LANGUAGES.values())
    assert switch.first_selected_option.text == "English"
    switch.select_by_value("pl")
    page.wait_for(lambda: language(page) == "pl", "the switch changed nothing")
    assert page.text("#verdict") == "Zgodne z zasadami: wynik końcowy"  # the answer shown, said anew
    assert page.text("#winner") == "wygrywa niebieski"
    assert english_on(page) == []
    page.reload()
    page.wait_for(lambda: language(page) == "pl", "the language chosen was forgotten")
    page.settle()
    assert page.text("#verdict") == "Zgodne z zasadami: wynik końcowy"
    assert Select(page.find("#language")).first_selected_option.text == "Polski"
    assert english_on(page) == []
    Select(page.find("#language")).select_by_value("cs")
    page.wait_for(lambda: page.text("#verdict") == "Podle pravidel: skóre je konečné", "not said in Czech")
    Select(page.find("#language")).select_by_value("en")
    page.wait_for(lambda: page.text("#winner") == "blue wins", "not said in English again")


def test_a_share_link_made_in_polish_opens_in_english_for_an_english_browser(page: Page) -> None:
    open_in(page, "pl")
    load(page, RULEBOOK)
    page.press("#share")
    page.wait_for(lambda: page.find("#share-link").get_attribute("value"), "no link")
    link = page.find("#share-link").get_attribute("value")
    fragment = link.partition("#")[2]
    assert fragment.startswith("position=")
    code = fragment.removeprefix("position=")
    assert json.loads(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))) == json.loads(RULEBOOK)  # no language
    script(page, "localStorage.clear()")
    page.driver.get("about:blank")
    speak(page, "en-US")
    page.driver.get(link)
    page.ready()
    page.wait_for_totals(("48", "57", "blue wins"))
    assert language(page) == "en"
    assert page.text("#verdict") == "Legal: the score is final"


def test_the_paris2020_form_in_polish(page: Page) -> None:
    open_in(page, "pl", "#game=paris2020")
    done(page)
    assert page.text("#p2020-winner") == "wpis niedokończony"  # blank fields: the referee's error, in Polish
    assert page.text("#h-p2020-districts") == "Dzielnice"
    assert english_on(page) == []
    enter_belleville(page, wins=render(WORDS["page.p2020.wins"](winner="Ula"), "pl"))
    assert page.text("#p2020-winner") == "wygrywa Ula"
    assert "Belleville: płytka 18, 9, 4" in page.text("#p2020-result")
    assert english_on(page) == []
    type_in(page, "districts[0].properties[0].value", "x")
    done(page)
    assert error_at(page, "districts[0].properties[0].value") == 'wpisz liczbę całkowitą, a nie tekst "x"'
    assert page.text("#p2020-winner") == "nie da się podliczyć końca gry"
    assert english_on(page) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_says_every_text_as_the_library_does(page: Page, lang: str) -> None:
    """Problems, refused moves, breakdowns, notes and Paris (2020)'s messages, from their JSON, by static/i18n.js."""
    page.open()
    script(page, "return i18n.use(arguments[0])", lang)
    texts = [t.to_dict() for t in TEXTS]
    said = script(page, "return arguments[0].map((t) => i18n.say(t))", texts)
    assert said == [render(t, lang) for t in TEXTS]


# -- long words move nothing ---------------------------------------------------------------------------------------

CUT = """
const cut = (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
const found = [];
for (const el of document.querySelectorAll('button, select, .flag, #winner, #verdict, #change, .hint')) {
  if (el.offsetParent !== null && cut(el)) found.push(`${el.id || el.dataset.tool || el.className}: ${el.textContent}`);
}
const rows = [...document.querySelectorAll('header.top > .title, header.top > #totals, header.top > .history')];
return [found, rows.map((r) => Math.round(r.getBoundingClientRect().height)), document.documentElement.scrollWidth];
"""
HINTS = """
const cut = [];
for (const b of document.querySelectorAll('#tools .tool')) {
  b.click();
  const hint = document.getElementById('hint');
  if (hint.scrollHeight > hint.clientHeight + 1) cut.push(hint.textContent);
}
return cut;
"""
STATES = {
    "legal": RULEBOOK,
    "with notes": json.dumps(rulebook(reserve={"orange": [5, 5]})),
    "a rule broken": json.dumps(rulebook(reserve={"orange": [5, 5], "blue": [4, 4, 4, 4, 4]})),
    "a rule broken, more to enter": json.dumps(
        rulebook(
            reserve={"orange": [5, 5], "blue": [4, 4, 4, 4, 4]}, postcards={"in_play": [], "orange": [], "blue": []}
        )
    ),
    "rules broken": json.dumps(rulebook(reserve={"orange": [6, 6, 6], "blue": [4, 4, 4, 4, 4]})),
    "to enter": json.dumps(rulebook(postcards={"in_play": [], "orange": [], "blue": []})),
}
"""Entries whose verdicts, problems and winners are of every kind."""


@pytest.mark.parametrize("size", ["phone", "sideways"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_long_words_break_nothing_and_move_nothing(page: Page, lang: str, size: str) -> None:
    open_in(page, lang)
    if size == "sideways":
        width, height = reversed(SIZES["phone"])
        metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}
        page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    width = script(page, "return innerWidth")
    places = {}
    for state, entry in STATES.items():
        load(page, entry)
        script(page, "window.scrollTo(0, 0)")
        cut, rows, wide = script(page, CUT)
        assert cut == [], state
        assert rows == [40, 40, 40], state  # the header's rows: the title, the totals, Undo and Redo
        assert wide == width, state  # nothing wider than the screen
        places[state] = script(page, PLACES)
    assert {state: where for state, where in places.items() if where != places["legal"]} == {}
    assert script(page, HINTS) == []
