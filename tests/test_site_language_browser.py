"""The static table page (``paris-score site``) in the player's language (docs/languages.md): a Polish phone's first
visit says the referee's start in Polish, its download in megabytes as Polish writes them, then scores in Polish,
and with the network gone (the service worker's copy) still speaks Polish.

Needs chromium, chromedriver and ``node_modules/pyodide`` (``npm ci``), as tests/test_site_browser.py.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path

from tests.test_page_language import english_on, speak
from tests.test_serve_browser import Page
from tests.test_site_browser import (  # noqa: F401
    ROOT,
    StaticServer,
    chromium,
    engine_ready,
    share_link,
    site_dir,
    watch_progress,
)

POLISH = ("48", "57", "wygrywa niebieski")


def test_a_polish_phone_gets_the_static_page_in_polish_even_offline(site_dir: Path, tmp_path: Path) -> None:  # noqa: F811
    released = threading.Event()
    server = StaticServer(site_dir, hold=("pyodide/pyodide.asm.wasm", released))
    driver = chromium(tmp_path / "profile")
    try:
        page = Page(driver, server.url)
        speak(page, "pl-PL,pl")
        driver.get(share_link(server.url, (ROOT / "examples" / "rulebook.json").read_bytes()))
        page.ready()
        assert driver.execute_script("return document.documentElement.lang") == "pl"
        page.wait_for(
            lambda: page.text("#engine-status").startswith("uruchamianie sędziego: pobieranie Pythona"), "no download"
        )
        assert page.text("#computing") == "liczenie…"
        watch_progress(page)
        released.set()
        engine_ready(page)
        page.wait_for_totals(POLISH)
        counted = [
            t
            for t in driver.execute_script("return seen")
            if re.fullmatch(r"uruchamianie sędziego: pobieranie Pythona, \d+,\d z \d+,\d MB…", t)
        ]
        assert counted  # a decimal comma, as Polish writes it
        assert page.text("#verdict") == "Zgodne z zasadami: wynik końcowy"
        assert english_on(page) == []
        page.wait_for(lambda: driver.execute_script("return navigator.serviceWorker.controller !== null"))
    finally:
        released.set()
        server.stop()
    try:
        page.reload()  # no server: every file, the Polish catalog too, from the service worker's copy
        engine_ready(page)
        page.wait_for_totals(POLISH)
        assert page.text("#verdict") == "Zgodne z zasadami: wynik końcowy"
        assert english_on(page) == []
    finally:
        driver.quit()
