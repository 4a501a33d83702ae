"""A finished game entered from a photo of its board, on a 390 x 844 phone with a touch screen (docs/table.md,
"Entering a game", issue 27: at most 45 presses and 2 scrolls).

The game is a random one the engine played to its end (:func:`paris_score.game.generate.random_game`, seed 0: its
fictional tiles and pieces, docs/unknowns.md), not the rulebook's.  :func:`enter_from_photo` enters what a photo
shows, planned from the final position as a player reads the photo: the buildings first (the ground under them
cannot be seen: under a blue one the page takes it as blue), then each colour of cobblestones by drags that cross
what is entered already, the pieces, the postcards by who used them, the pattern and the reserves.  The page must
then show the library's score of the game.  benchmarks/table_entry.py prints the same count for other games.
"""

from __future__ import annotations

from typing import Any

import paris_score
from paris_score.game.generate import random_game
from paris_score.game.replaying import replay
from paris_score.model import Position, Rules
from paris_score.squares import BB_ALL, Square, scan
from tests.test_serve_browser import Page, browser, components, walk  # noqa: F401  (browser: a fixture)
from tests.test_table_page import phone_page  # noqa: F401  (the fixture "page")

PHOTO_SEED = 0
"""The game of the count docs/table.md gives."""


def photo_game(seed: int = PHOTO_SEED) -> Position:
    """The final position of the engine's random game ``seed``."""
    return replay(random_game(seed)).state.position()


def covered(position: Position) -> int:
    """The spaces under buildings and annexes."""
    under = 0
    for building in position.buildings:
        under |= building.spaces
    return under


def lowest(cells: int) -> Square:
    return (cells & -cells).bit_length() - 1


def enter_from_photo(page: Page, position: Position) -> None:
    """Enter ``position`` on an empty board (all orange) as a photo of it shows it, with taps, drags and buttons."""
    pieces = position.pieces
    if pieces.chartier is not None:  # a mark on the ground: it keeps its colour under the building drawn on it (P7)
        page.tool("chartier")
        page.stroke([pieces.chartier])
    for building in position.buildings:
        page.tool(f"building-{building.owner}")
        page.stroke(walk(building.cells, lowest(building.cells)))
    real = position.ground
    for code, cells in (("l", real.streetlight), ("m", real.mixed), ("b", real.blue)):
        now = page.stored()
        under = covered(now)
        entered = {"l": now.ground.streetlight, "m": now.ground.mixed, "b": now.ground.blue}[code]
        hidden = under if code != "l" else 0  # under a building: not seen, never scored; a streetlight known (P3)
        todo = cells & ~entered & ~hidden
        if not todo:
            continue
        page.tool(f"ground-{code}")
        seen = todo & ~under
        crossable = under | (BB_ALL & ~now.ground.orange)  # a drag leaves buildings and other colours as they are
        for patch in components(seen | crossable):
            if patch & seen:
                page.stroke(walk(patch, lowest(patch & seen)))
        for sq in scan(todo & under):  # a tap paints under a building too
            page.stroke([sq])
    for kind, sq in pieces.placed().items():
        page.tool(kind)
        page.stroke([sq])
        if kind == "statue" and pieces.statue is not None:
            for _ in range(("up", "right", "down", "left").index(pieces.statue.facing)):
                page.stroke([sq])
    for building in position.buildings:
        drawn = next(b for b in page.stored().buildings if b.cells == building.cells)
        if building.annex is not None:
            page.tool("annex")
            page.stroke([building.annex])
            if annex_asked(page, drawn.id, building.annex):  # beside two of the player's buildings: which?
                page.stroke([lowest(drawn.cells)])
        if building.jardin:
            page.tool("jardin")
            page.stroke([lowest(drawn.cells)])
    cards = position.postcards
    for card in paris_score.Postcard:  # down the list: who used it (which puts it in play), else in play or not
        user = cards.user(card)
        if user is not None:
            page.press(f'#cards tr[data-card="{card}"] .used.{user}')
        elif card in cards.in_play:
            page.press(f'#cards tr[data-card="{card}"] .in-play')
    if position.rules != Rules():
        choose_pattern(page, str(position.rules.large_streetlight_pattern))
    for player in ("orange", "blue"):
        sizes = position.reserve.of(paris_score.Player(player))
        for size in sizes:
            buttons = page.driver.find_elements("css selector", f'#reserves [data-player="{player}"] .add')
            page.click(next(b for b in buttons if b.text == f"+{size}"))
        if not sizes:
            page.press(f'#reserves [data-player="{player}"] .clear')


def annex_asked(page: Page, building: str, space: Square) -> bool:
    """Wait for an annex tapped on ``space`` to join ``building``, or for the page to ask which building it joins."""

    def asked() -> bool:
        return page.text("#hint").startswith("The annex on")

    page.wait_for(lambda: asked() or page.stored().building(building).annex == space, "the annex tap did nothing")
    return asked()


def choose_pattern(page: Page, name: str) -> None:
    """Choose the large streetlight's pattern in its list: one press (the phone's picker opens and closes on it)."""
    from selenium.webdriver.support.ui import Select

    element = page.find("#pattern")
    page.settle()
    page.reach(element)
    Select(element).select_by_value(name)
    page.presses += 1


def lines(report: paris_score.Report) -> dict[str, Any]:
    """Each player's scoring lines with their points, buildings by size and lamps (the page names them A, B ...)."""
    return {
        str(player): (
            sorted((b.size, len(b.lamps), b.points) for b in s.lit_buildings.buildings),
            s.lit_buildings.points,
            s.largest_group.points,
            s.unbuilt.points,
            sorted((str(c.card), c.points) for c in s.postcards.cards),
            s.total,
            s.free_own_spaces,
        )
        for player, s in ((p, report[p]) for p in paris_score.Player)
    }


def test_a_finished_game_from_a_photo_in_at_most_45_presses_and_2_scrolls(page: Page) -> None:
    position = photo_game()
    report = paris_score.score(position)
    page.presses = page.scrolls = 0
    page.driver.execute_script("window.scrollTo(0, 0)")
    enter_from_photo(page, position)
    winner = "a tie" if report.winner == "tie" else f"{report.winner} wins"
    page.wait_for_totals((str(report.orange.total), str(report.blue.total), winner))
    assert page.text("#verdict").startswith("Legal: the score is final")
    assert lines(paris_score.score(page.stored())) == lines(report)  # every line, not the totals only
    print(f"\nthe photo game (seed {PHOTO_SEED}) on a phone: {page.presses} presses, {page.scrolls} scrolls")
    assert page.presses <= 45
    assert page.scrolls <= 2
