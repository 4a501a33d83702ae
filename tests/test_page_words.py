"""The table page's own words (paris_score/i18n/page_words.py, docs/languages.md): each is a template the catalogs
translate, each the page names is one, each one is used, and index.html's English, its first paint, is the template's.

The browser tests (tests/test_page_language.py) say them in every language.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from importlib import resources

import pytest

from paris_score.i18n.catalogs import LANGUAGES, all_templates, catalog, catalog_json
from paris_score.i18n.page_words import WORDS

STATIC = resources.files("paris_score_cli").joinpath("static")
SCRIPTS = {
    name: STATIC.joinpath(name).read_text("utf-8")
    for name in ("i18n.js", "app.js", "paris2020.js", "engine.js", "worker.js")
}
INDEX = STATIC.joinpath("index.html").read_text("utf-8")
TEMPLATES = all_templates()
NAMED = re.compile(r"""["'`](page\.[a-z0-9_.-]+[a-z0-9_])["'`]""")
"""A template id in the page's scripts: a string literal (the page builds no id of its own but the game's words:
``player.``, ``piece.``, ``card.``, ``facing.``, which are the library's)."""


class Named(HTMLParser):
    """Every element of index.html that names a template: (id, what it says in English, where: text or attribute)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str, str]] = []
        self.open: list[tuple[str, list[str]]] = []  # the elements whose text is a template, and their text so far

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        given = dict(attrs)
        for name, value in given.items():
            if name.startswith("data-i18n-") and value:
                attribute = name[len("data-i18n-") :]
                self.found.append((value, given.get(attribute) or "", attribute))
        if given.get("data-i18n"):
            self.open.append((str(given["data-i18n"]), []))
        elif self.open:
            self.open.append(("", []))  # an element inside one: its text is its parent's

    def handle_data(self, data: str) -> None:
        for _, text in self.open:
            text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self.open:
            id, text = self.open.pop()
            if id:
                self.found.append((id, " ".join("".join(text).split()), "text"))


def named_in_index() -> list[tuple[str, str, str]]:
    parser = Named()
    parser.feed(INDEX)
    return parser.found


def test_every_template_the_page_names_is_one() -> None:
    named = {id for text in SCRIPTS.values() for id in NAMED.findall(text)} | {id for id, _, _ in named_in_index()}
    assert len(named) > 200
    assert sorted(id for id in named if id not in TEMPLATES) == []


def test_every_word_of_the_page_is_used() -> None:
    named = {id for text in SCRIPTS.values() for id in NAMED.findall(text)} | {id for id, _, _ in named_in_index()}
    assert sorted(id for id in WORDS if id not in named) == []


def test_index_html_says_each_template_as_its_english() -> None:
    """The page's first paint (and a browser without its scripts) is English: the very words of the templates."""
    found = named_in_index()
    assert len(found) > 60
    wrong = [(id, said, where) for id, said, where in found if said != TEMPLATES[id].english]
    assert wrong == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_catalog_has_every_word_of_the_page(lang: str) -> None:
    messages = catalog_json(lang)["messages"]
    assert set(WORDS) <= set(messages)
    if lang != "en":
        assert all(catalog(lang).translation(template) is not None for template in WORDS.values())
