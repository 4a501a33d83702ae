"""The static table page (``paris-score site``) tells an entry still in progress from a broken rule, as the served
page does (tests/test_table_page.py): which problems are still to enter comes from the library's rows
(``facts.json``'s ``still_to_enter``), on the static page as on the served one.

Needs chromium, chromedriver and ``node_modules/pyodide`` (``npm ci``), as tests/test_site_browser.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.test_serve_browser import Page
from tests.test_site_browser import ROOT, StaticServer, engine_ready, phone, share_link, site_dir  # noqa: F401


def test_the_static_page_tells_an_entry_in_progress_from_a_broken_rule(
    site_dir: Path,  # noqa: F811  (the imported fixture)
    phone: Any,  # noqa: F811
) -> None:
    doc = json.loads((ROOT / "examples" / "rulebook.json").read_text("utf-8"))
    doc["postcards"] = {"in_play": [], "orange": [], "blue": []}  # the pieces entered, their postcards not yet
    server = StaticServer(site_dir)
    try:
        page = Page(phone, server.url)
        phone.get(share_link(server.url, json.dumps(doc).encode()))
        engine_ready(page)
        page.ready()
        page.wait_for(lambda: page.text("#verdict") == "Entry not finished: 6 to enter")
        assert page.find("#verdict-bar").get_attribute("class") == "verdict-bar todo"
        assert not phone.execute_script("return document.body.classList.contains('illegal')")
        assert json.loads((site_dir / "static" / "facts.json").read_text("utf-8"))["still_to_enter"]
    finally:
        server.stop()
